"""A hand's end as the score screen and the replay show it: both hands with melds, lay-offs and
deadwood, and how the points were made."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from gin_handset.render import cards as card_render
from gin_handset.render import table, widgets
from gin_handset.render.fonts import draw_text, line_height, wrap_text
from gin_handset.render.theme import FontSpec, Theme
from gin_handset.rules.bonuses import FinalScore
from gin_handset.rules.cards import Card
from gin_handset.rules.hand import HandResult, ResultKind
from gin_handset.rules.match import first_dealer
from gin_handset.rules.melds import best_arrangement
from gin_handset.session.seats import YOU, Seats

TITLES = {ResultKind.GIN: "Gin!", ResultKind.KNOCK: "Knock", ResultKind.UNDERCUT: "Undercut!",
          ResultKind.DEAD: "Dead hand"}


Forms = Sequence[str]  # a line of text, then shorter forms of it for a small screen


def explain(result: HandResult, seats: Seats) -> Forms:
    """How the winner's points were made, every bonus and the doubling spelt out; then the
    same sum in figures, then the points alone, then nothing (the totals tell the rest)."""
    if result.winner is None:
        return ("Nobody knocked before the stock ran low: no score. The same dealer deals again.",
                "No score. The same dealer deals again.", "")
    k, d, bonus = result.knocker_deadwood, result.defender_deadwood, result.bonus
    if result.kind is ResultKind.GIN:
        sums = f"{d} deadwood + {bonus} gin bonus", f"{d} + {bonus} gin"
    elif result.kind is ResultKind.KNOCK:
        sums = f"{d} - {k} deadwood", f"{d} - {k}"
    else:
        sums = f"{k} - {d} deadwood + {bonus} undercut bonus", f"{k} - {d} + {bonus} undercut"
    if result.doubled:
        sums = f"({sums[0]}) x2 for the spade upcard", f"({sums[1]}) x2"
    who = seats.does(result.winner, "score")
    return (*(f"{who} {text} = {result.points}." for text in sums), f"{who} {result.points}.",
            "")


def total_lines(scores: tuple[int, int], final: FinalScore | None, seats: Seats
                ) -> list[Forms]:
    """The running totals, and the final score when the match bonuses made it differ; each
    shorter without its label."""
    shown = seats.scores(scores, ", ")
    lines = [(f"Total: {shown}", shown)]
    if final is not None and final.bonuses:
        shown = seats.scores(final.totals, ", ")
        lines.append((f"With bonuses: {shown}", f"Final {shown}"))
    return lines


def result_lines(result: HandResult, scores: tuple[int, int], final: FinalScore | None,
                 seats: Seats, deal: str) -> list[Forms]:
    """The lines under the hands at a hand's end: how the points were made, the totals, and
    the deal's name (left out first: the Match menu shows it too)."""
    return [explain(result, seats), *total_lines(scores, final, seats), (deal, "")]


def fitted(lines: Sequence[Forms], spec: FontSpec, width: int, room: int) -> list[str]:
    """``lines`` wrapped to ``width`` in at most ``room`` lines: from the last line back to the
    first, each gives way to its shorter forms (an empty one: left out) until all fit, then
    from the first line down each takes back the longest form that still fits; what still
    does not fit is cut at the foot."""
    chosen = [0] * len(lines)
    wraps = [[wrap_text(form, spec, width) if form else [] for form in forms] for forms in lines]

    def wrapped() -> list[str]:
        return [part for forms, form in zip(wraps, chosen, strict=True) for part in forms[form]]

    for index in reversed(range(len(lines))):
        while len(wrapped()) > room and chosen[index] + 1 < len(lines[index]):
            chosen[index] += 1
    for index in range(len(lines)):  # a line given way to no purpose is whole again
        while chosen[index]:
            chosen[index] -= 1
            if len(wrapped()) > room:
                chosen[index] += 1
                break
    return wrapped()[:room]


def deal_label(seed: int | None, hand_number: int, dealer: int, seats: Seats) -> str:
    """What replays a deal: ``--seed N --hand K``, and ``--dealer`` when the dealer is not the
    one the seed alone gives; while the seed is kept from the players, that it will be shown."""
    if seed is None:
        return "Seed: shown at the end"
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
                  rows: list[tuple[str, table.ArrangedRow]], lines: Sequence[Forms]) -> None:
    """The rows (a label over each hand), then ``lines`` wrapped, from the top of
    ``content``.

    Where that would run past the prompt line (a 128x128 LCD), each row gives up the room a
    hand row keeps above its cards for a raised card and the cursor's frame, which a row with
    neither does not use; then the lines take their shorter forms, the last line first
    (``fitted``), rather than run over the prompt and the soft keys."""
    spec = theme.font("small")
    step = line_height(spec) + 1
    row_h = card_render.hand_height(theme)
    ink = theme.color("text")
    width = theme.width - 2 * widgets.MARGIN
    wrapped = [line for forms in lines for line in wrap_text(forms[0], spec, width)]
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
    room = max(0, (bottom - y - line_height(spec)) // step + 1)
    for line in fitted(lines, spec, width, room):
        draw_text(lcd, line, spec, ink, (widgets.MARGIN, y))
        y += step
