"""A hand's end as the score screen and the replay show it: both hands with melds, lay-offs and
deadwood, and how the points were made."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from gin_handset.render import cards as card_render
from gin_handset.render import table, widgets
from gin_handset.render.fonts import draw_text, line_height, wrap_text
from gin_handset.render.theme import Theme
from gin_handset.rules.bonuses import FinalScore
from gin_handset.rules.cards import Card
from gin_handset.rules.hand import HandResult, ResultKind
from gin_handset.rules.match import first_dealer
from gin_handset.rules.melds import best_arrangement
from gin_handset.session.seats import YOU, Seats

TITLES = {ResultKind.GIN: "Gin!", ResultKind.KNOCK: "Knock", ResultKind.UNDERCUT: "Undercut!",
          ResultKind.DEAD: "Dead hand"}


def explain(result: HandResult, seats: Seats) -> str:
    """How the winner's points were made, every bonus and the doubling spelt out."""
    if result.winner is None:
        return "Nobody knocked before the stock ran low: no score. The same dealer deals again."
    k, d = result.knocker_deadwood, result.defender_deadwood
    if result.kind is ResultKind.GIN:
        sum_text = f"{d} deadwood + {result.bonus} gin bonus"
    elif result.kind is ResultKind.KNOCK:
        sum_text = f"{d} - {k} deadwood"
    else:
        sum_text = f"{k} - {d} deadwood + {result.bonus} undercut bonus"
    if result.doubled:
        sum_text = f"({sum_text}) x2 for the spade upcard"
    return f"{seats.does(result.winner, 'score')} {sum_text} = {result.points}."


def total_lines(scores: tuple[int, int], final: FinalScore | None, seats: Seats) -> list[str]:
    """The running totals, and the final score when the match bonuses made it differ."""
    lines = [f"Total: {seats.scores(scores, ', ')}"]
    if final is not None and final.bonuses:
        lines.append(f"With bonuses: {seats.scores(final.totals, ', ')}")
    return lines


def deal_label(seed: int, hand_number: int, dealer: int, seats: Seats) -> str:
    """What replays a deal: ``--seed N --hand K``, and ``--dealer`` when the dealer is not the
    one the seed alone gives."""
    name = f"Seed {seed} hand {hand_number + 1}"
    if dealer != first_dealer(seed, hand_number):
        who = seats.does(dealer, "deal")
        name += ", " + (who.lower() if seats.name(dealer) == YOU else who)
    return name


def result_rows(result: HandResult, hands: dict[int, Sequence[Card]], seats: Seats
                ) -> list[tuple[str, table.ArrangedRow]]:
    """Each shown hand's label and arranged cards, the knocker first. ``hands`` are the cards
    of the seats shown when nobody knocked (a dead hand)."""
    if result.knocker is None or result.knocker_arrangement is None or result.defender is None:
        rows = []
        for seat, cards in hands.items():
            best = best_arrangement(cards)
            rows.append((f"{seats.name(seat)}: deadwood {best.deadwood_count}",
                         table.arranged_row(best.melds, best.deadwood)))
        return rows
    knocker = result.knocker_arrangement
    defender = result.defender
    laid = [lay.card for lay in defender.laid_off]
    how = "went gin" if result.kind is ResultKind.GIN else "knocked"
    first = f"{seats.name(result.knocker)} {how}: deadwood {knocker.deadwood_count}"
    second = f"{seats.name(1 - result.knocker)}: deadwood {defender.deadwood_count}"
    if laid:
        second += f", {len(laid)} laid off"
    return [(first, table.arranged_row(knocker.melds, knocker.deadwood)),
            (second, table.arranged_row(defender.defender_melds, defender.deadwood, laid))]


def draw_showdown(lcd: pygame.Surface, theme: Theme, content: pygame.Rect,
                  rows: list[tuple[str, table.ArrangedRow]], lines: Sequence[str]) -> None:
    """The rows (a label over each hand), then ``lines`` wrapped, from the top of
    ``content``.

    Where that would run past the prompt line (a 128x128 LCD), each row gives up the room a
    hand row keeps above its cards for a raised card and the cursor's frame, which a row with
    neither does not use; a line that still does not fit is left out rather than drawn over the
    prompt and the soft keys."""
    spec = theme.font("small")
    step = line_height(spec) + 1
    row_h = card_render.hand_height(theme)
    ink = theme.color("text")
    width = theme.width - 2 * widgets.MARGIN
    wrapped = [line for text in lines for line in wrap_text(text, spec, width)]
    bottom = widgets.prompt_rect(theme).top
    m = card_render.card_metrics(theme)
    needed = len(rows) * (step + row_h + 2) + len(wrapped) * step  # to the last line's foot
    short = content.top + needed > bottom
    y = content.top + 1
    for label, row in rows:
        draw_text(lcd, label, spec, ink, (widgets.MARGIN, y))
        y += step
        plain = not any(look.raised or look.cursor for look in row.looks)
        tuck = m.frame + m.lift if short and plain else 0
        card_render.draw_hand(lcd, theme, row.cards,
                              pygame.Rect(0, y - tuck, theme.width, row_h), row.looks)
        y += row_h + 2 - tuck
    for line in wrapped:
        if y + line_height(spec) > bottom:
            break
        draw_text(lcd, line, spec, ink, (widgets.MARGIN, y))
        y += step
