"""The showdown: the player lays down melds, as the knocker or as the defender.

The cards come arranged at their best (for a defender: best once lay-offs are counted). 4/6 move
the cursor, 5 picks or unpicks a card, OK makes a meld of the picked cards (breaking the melds
they came from) or, with nothing picked, lays the arrangement down. 0 breaks the meld under the
cursor, ``*`` goes back to the best arrangement. A knocker's deadwood must stay within the limit.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from gin_handset.device.keys import CONFIRM, CURSOR_LEFT, CURSOR_RIGHT, PICK, PhoneKey
from gin_handset.render import cards as card_render
from gin_handset.render import table, widgets
from gin_handset.render.cards import CardLook
from gin_handset.render.fonts import line_height
from gin_handset.render.theme import Theme
from gin_handset.rules.actions import Arrange
from gin_handset.rules.cards import Card
from gin_handset.rules.hand import Phase
from gin_handset.rules.layoff import LayOffResult, lay_off
from gin_handset.rules.melds import (
    MELD_LEAST,
    Meld,
    arrangement_of,
    best_arrangement,
    meld_problem,
)
from gin_handset.rules.view import PlayerView
from gin_handset.screens.match.shortcuts import BEST, BREAK
from gin_handset.screens.match.table import draw_match_frame
from gin_handset.screens.match.ui import (
    Go,
    MatchPart,
    MatchTransition,
    MatchUI,
    Route,
    follow_table,
)


def default_melds(view: PlayerView) -> tuple[Meld, ...]:
    """The melds offered first to the player at the showdown."""
    cards = view.hand
    if view.phase is Phase.KNOCKER_ARRANGE or view.knocker_arrangement is None:
        return best_arrangement(cards).melds
    knocker = view.knocker_arrangement
    return lay_off(() if knocker.is_gin else knocker.melds, cards).defender_melds


@lru_cache(maxsize=16)
def _scored(
    targets: tuple[Meld, ...], cards: tuple[Card, ...], melds: tuple[Meld, ...]
) -> LayOffResult:
    """The lay-off search, once per arrangement the player tries (a frame asks several times)."""
    return lay_off(targets, cards, preferred=melds)


class ArrangeScreen(MatchPart):
    def __init__(self, ui: MatchUI) -> None:
        super().__init__()
        self.ui = ui
        self.melds: list[Meld] = list(default_melds(self.view))
        self.picked: set[Card] = set()
        self.cursor = 0
        self.note: list[table.Part] | None = None

    @property
    def view(self) -> PlayerView:
        return self.ui.view()

    def update(self, ms: int) -> MatchTransition | None:
        return follow_table(self, self.ui, ms)

    def wake_in(self) -> int | None:
        return self.ui.session.poll_in()

    @property
    def knocking(self) -> bool:
        return self.view.phase is Phase.KNOCKER_ARRANGE

    def outcome(self) -> LayOffResult | None:
        """For a defender, what the score will count if these melds are laid down: the rules
        lay off for the least deadwood, keeping these melds when they reach it."""
        knocker = self.view.knocker_arrangement
        if self.knocking or knocker is None:
            return None
        targets = () if knocker.is_gin else knocker.melds
        return _scored(targets, self.view.hand, tuple(self.melds))

    def captions(self) -> tuple[str, str]:
        """The line over the other seat's cards and the one over the player's: who knocked or
        went gin, and the deadwood as it counts."""
        view = self.view
        knocker = view.knocker_arrangement
        opponent = self.ui.seats.name(view.opponent)
        if knocker is None:
            theirs = f"{opponent}: {view.opponent_hand_count} cards"
        elif knocker.is_gin:
            theirs = f"{opponent} went gin"
        else:
            theirs = f"{opponent} knocked: deadwood {knocker.deadwood_count}"
        count = self.deadwood_count()
        outcome = self.outcome()
        scored = count if outcome is None else outcome.deadwood_count
        mine = ("You go gin: deadwood 0" if self.knocking and count == 0
                else f"You knock: deadwood {count} of {view.knock_limit}" if self.knocking
                else f"You defend: deadwood {count}" if scored == count
                else f"Deadwood {count}, {scored} after lay-offs" if self.counted_as_laid()
                else f"Deadwood {count}, counts {scored}")
        return theirs, mine

    def counted_as_laid(self) -> bool:
        """Whether the score counts the melds as the player laid them."""
        outcome = self.outcome()
        return outcome is None or set(outcome.defender_melds) == set(self.melds)

    def lay_offs(self) -> list[Card]:
        """A defender's cards that will be laid off if these melds are kept."""
        outcome = self.outcome()
        if outcome is None or not self.counted_as_laid():
            return []
        return [lay.card for lay in outcome.laid_off]

    def row(self) -> table.ArrangedRow:
        arrangement = arrangement_of(self.view.hand, self.melds)
        laid = self.lay_offs()
        loose = [c for c in arrangement.deadwood if c not in laid]
        return table.arranged_row(arrangement.melds, loose, laid)

    def deadwood_count(self) -> int:
        return arrangement_of(self.view.hand, self.melds).deadwood_count

    def soft_keys(self) -> tuple[str, str]:
        return ("Meld" if self.picked else "Done"), "Menu"

    def on_key(self, key: PhoneKey) -> MatchTransition | None:
        self.note = None
        cards = self.row().cards
        if key in CURSOR_LEFT:
            self.cursor = max(0, self.cursor - 1)
        elif key in CURSOR_RIGHT:
            self.cursor = min(len(cards) - 1, self.cursor + 1)
        elif key in PICK:
            self.picked ^= {cards[self.cursor]}
        elif key is BREAK:
            self._break(cards[self.cursor])
        elif key is BEST:
            self.melds, self.picked = list(default_melds(self.view)), set()
            self.note = ["Best arrangement"]
        elif key in CONFIRM:
            return self._meld(cards[self.cursor]) if self.picked else self._done()
        self.cursor = min(self.cursor, len(self.row().cards) - 1)
        return None

    def _follow(self, card: Card) -> None:
        """Keep the cursor on ``card`` after the row was rearranged."""
        self.cursor = self.row().cards.index(card)

    def _break(self, card: Card) -> None:
        kept = [m for m in self.melds if card not in m.cards]
        if len(kept) == len(self.melds):
            self.note = ["0 breaks a meld: not in one"]
            return
        self.melds = kept
        self._follow(card)

    def _meld(self, at: Card) -> MatchTransition | None:
        picked = sorted(self.picked)
        if meld_problem(picked) is not None:
            short = f"{MELD_LEAST} or more cards" if len(picked) < MELD_LEAST else "a run or a set"
            self.note = [f"Not a meld: pick {short}"]
            return None
        self.melds = [m for m in self.melds if not self.picked & set(m.cards)]
        self.melds.append(Meld(tuple(picked)))
        self.picked = set()
        self._follow(at)
        return None

    def _done(self) -> MatchTransition | None:
        count, limit = self.deadwood_count(), self.view.knock_limit
        if self.knocking and count > limit:
            self.note = [f"Deadwood {count} is over {limit}"]
            return None
        problem = self.ui.session.act(Arrange(tuple(self.melds)))
        if problem is not None:
            self.note = [problem]
            return None
        return Go(Route.PRESENT)

    def prompt(self) -> list[table.Part]:
        if self.note is not None:
            return self.note
        if self.picked:
            more = MELD_LEAST - len(self.picked)
            return [f"{len(self.picked)} picked: " + (f"pick {more} more" if more > 0
                                                      else "OK melds them")]
        if not self.counted_as_laid():
            return ["Your best melds count"]
        return ["5 pick, 0 break, OK done"]

    def draw(self, lcd: pygame.Surface, theme: Theme) -> None:
        content = draw_match_frame(lcd, theme, self, self.ui)
        spec = theme.font("small")
        row_h = card_render.hand_height(theme)
        step = line_height(spec) + 1
        y = content.top + 1
        view = self.view
        other = pygame.Rect(0, y + step, theme.width, row_h)
        knocker = view.knocker_arrangement
        if knocker is not None:
            shown = table.arranged_row(knocker.melds, knocker.deadwood)
        else:
            shown = table.arranged_row((), view.opponent_hand or ())
        if shown.cards:
            card_render.draw_hand(lcd, theme, shown.cards, other, shown.looks)
        else:  # the defender's cards, which the knocker does not see
            card_render.draw_hand(lcd, theme, [None] * view.opponent_hand_count, other)
        label, mine = self.captions()
        table.draw_rich(lcd, theme, [label], spec, (widgets.MARGIN, y))
        y += step
        y += row_h + step
        table.draw_rich(lcd, theme, [mine], spec, (widgets.MARGIN, y))
        y += step
        row = self.row()
        looks = [CardLook(raised=card in self.picked, cursor=i == self.cursor, meld=look.meld,
                          laid_off=look.laid_off)
                 for i, (card, look) in enumerate(zip(row.cards, row.looks, strict=True))]
        card_render.draw_hand(lcd, theme, row.cards, pygame.Rect(0, y, theme.width, row_h), looks)
        y += row_h + step
        help_lines: list[list[table.Part]] = [["5: pick or unpick a card"],
                                              ["OK: meld the picked cards"],
                                              ["0: break a meld  *: best"]]
        bottom = widgets.prompt_rect(theme).top
        notes = pygame.Rect(widgets.MARGIN, y, theme.width - 2 * widgets.MARGIN, bottom - y)
        if notes.height >= 3 * step:
            table.draw_notes(lcd, theme, notes, help_lines)
        table.draw_prompt(lcd, theme, self.prompt())
