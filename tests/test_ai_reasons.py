"""The coach's reasons: every figure checked against brute force from the view, and the fact
named is one that sets the move apart from the runner-up named, on positions where two discards
are close (built by hand) and over whole hands."""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from functools import cache

import pytest

from gin_handset.ai.coach import Advice, Coach, advise
from gin_handset.ai.expert import ExpertPlayer
from gin_handset.ai.reasons import about, text
from gin_handset.rules.actions import (
    Discard,
    DrawDiscard,
    DrawStock,
    EndTurn,
    Knock,
    PassUpcard,
    TakeUpcard,
)
from gin_handset.rules.cards import DECK, Card, parse_card, parse_cards, shown
from gin_handset.rules.hand import HandState, Phase
from gin_handset.rules.options import Options
from gin_handset.rules.view import PlayerView, view_of
from tests.brute import least_deadwood

OPPONENT = "2d 3d 4d 5d 8h 9h As Ah 6c 6h"
STOCK = "8d 9d Td Jd Qd 3h 4h 5h 2s 3s 4s 5s 6s 8s Qs Ks"


def discarding(mine: str, drawn: str, upcard: str, opponent: str = OPPONENT) -> PlayerView:
    """Seat 0's view, about to discard: the opponent (seat 1, not dealing) took the upcard and
    threw 5♦, then seat 0 drew ``drawn`` from the stock."""
    stock = parse_cards(drawn) + [c for c in parse_cards(STOCK) if c not in parse_cards(mine)]
    state = HandState(
        options=Options(), dealer=0,
        hands=(tuple(parse_cards(mine)), tuple(parse_cards(opponent))),
        stock=tuple(stock), discard_pile=(parse_card(upcard),), upcard=parse_card(upcard),
        turn=1, phase=Phase.OFFER)
    state = state.apply(TakeUpcard()).apply(Discard(parse_card("5d"))).apply(EndTurn())
    return view_of(state.apply(DrawStock()), 0)


def unseen(view: PlayerView) -> list[Card]:
    """Cards neither in the hand, nor in the pile, nor known in the opponent's hand."""
    known = {*view.hand, *view.discard_pile, *view.opponent_pickups}
    return [c for c in DECK if c not in known]


def without(cards: Sequence[Card], card: Card) -> list[Card]:
    return [c for c in cards if c != card]


def melding(cards: list[Card], view: PlayerView) -> int:
    """Unseen cards that, drawn, join a meld of ``cards`` (brute force)."""
    now = least_deadwood(cards)
    return sum(least_deadwood([*cards, u]) < now + u.value for u in unseen(view))


def after_draws(cards: list[Card], view: PlayerView) -> list[int]:
    """For each unseen card drawn, the least deadwood after the best discard."""
    return list(_after_draws(tuple(sorted(cards)), tuple(unseen(view))))


@cache
def _after_draws(cards: tuple[Card, ...], drawn: tuple[Card, ...]) -> tuple[int, ...]:
    return tuple(min(least_deadwood(without([*cards, u], out)) for out in [*cards, u])
                 for u in drawn)


def knocking(cards: list[Card], view: PlayerView) -> int:
    return sum(left <= view.knock_limit for left in after_draws(cards, view))


def ginning(cards: list[Card], view: PlayerView) -> int:
    return sum(left == 0 for left in after_draws(cards, view))


def mean_after_draw(cards: list[Card], view: PlayerView) -> float:
    """The least deadwood after a draw and a discard, on average over the unseen cards."""
    found = after_draws(cards, view)
    return sum(found) / len(found)


def near(cards: Sequence[Card], card: Card) -> bool:
    return any(c != card and (c.rank == card.rank or (
        c.suit == card.suit and abs(c.rank - card.rank) <= 2)) for c in cards)


def figures(pattern: str, said: str) -> tuple[str, ...]:
    found = re.search(pattern, said)
    assert found is not None, f"{pattern!r} not in {said!r}"
    return found.groups()


def check_discard(view: PlayerView, advice: Advice) -> str:
    """The discard reason's figures and fact, checked; which fact it named."""
    words, said = advice.words, advice.reason
    assert isinstance(advice.action, Discard) and words[:3] == ("Discard ", advice.action.card,
                                                                ", not ")
    card, other = advice.action.card, words[3]
    assert isinstance(other, Card) and other != card and Discard(other) in view.legal_actions
    left, other_left = (least_deadwood(without(view.hand, c)) for c in (card, other))
    assert f"deadwood {left}" in said
    if other_left != left:
        assert f"{shown(other)} would leave {other_left}" in said
    why = text(words[5:])
    if why.startswith("it leaves deadwood"):
        assert left < other_left
        return "deadwood"
    if why.startswith("the opponent took "):
        held = words[6]
        assert isinstance(held, Card) and words[8] == other
        assert held in view.opponent_pickups and held not in view.discard_pile
        assert near([held], other)
        return "evidence"
    if " is likelier to meld for the opponent" in why:
        risky, safe = figures(r"\((\d+)%, not (\d+)%\)", why)
        assert int(risky) > int(safe)
        return "risk"
    counted = re.search(r"(\d+) unseen cards (would [a-z ]+), not (\d+)", why)
    if counted is not None:
        ways, what, other_ways = counted.groups()
        count = {"would meld": melding, "would let you knock": knocking,
                 "would give you gin": ginning}[what]
        assert int(ways) == count(without(view.hand, card), view) > int(other_ways)
        assert int(other_ways) == count(without(view.hand, other), view)
        if why.startswith("it keeps "):
            group = [w for w in words[5:] if isinstance(w, Card)]
            assert other in group and set(group) <= set(without(view.hand, card))
            assert all(near([other], c) for c in group if c != other)
        return what
    if why.startswith("after the next draw"):
        mean, other_mean = figures(r"leaves deadwood (\d+\.\d) on average, not (\d+\.\d)", why)
        assert float(mean) == round(mean_after_draw(without(view.hand, card), view), 1)
        assert float(other_mean) == round(mean_after_draw(without(view.hand, other), view), 1)
        assert float(mean) < float(other_mean)
        return "mean"
    if why.startswith("played out in "):
        assert float(figures(r"scores about (\d+(?:\.\d)?) points", why)[0]) > 0
        return "played out"
    if why.startswith("as good as "):
        assert left == other_left
        return "even"
    assert why.startswith("the coach's look at the draws to come rates it higher")
    return "lookahead"


def check_draw(view: PlayerView, advice: Advice) -> None:
    said, top = advice.reason, view.discard_pile[-1]
    now = least_deadwood(list(view.hand))
    take_left = min(least_deadwood(without([*view.hand, top], out)) for out in view.hand)
    if isinstance(advice.action, TakeUpcard | DrawDiscard):
        assert said.startswith(f"Take {shown(top)}: ")
    if "played out in" in said:
        return
    if "->" in said:
        assert f"deadwood {now} -> {take_left} after a discard" in said
    if "on average" in said:
        mean = figures(r"a stock card (?:leaves )?(\d+\.\d) on average", said)[0]
        assert float(mean) == round(mean_after_draw(list(view.hand), view), 1)
    if "your hand has no card of" in said:
        assert not near(view.hand, top)
    taking = said.startswith("Draw from the stock: taking") or said.startswith("Pass")
    if taking and "leaves deadwood" in said:
        assert f"leaves deadwood {take_left}" in said


def check_knock(view: PlayerView, advice: Advice) -> None:
    said = advice.reason
    now = least_deadwood(list(view.hand))
    if now == 0 or Knock() not in view.legal_actions:
        return
    assert f"a knock with {now} " in said or said.startswith(f"Knock with {now}:")
    points, bar = (int(f) for f in figures(r"about ([+-]\d+) on average.*from ([+-]\d+)", said))
    assert points >= bar if advice.action == Knock() else points <= bar


def check(view: PlayerView, advice: Advice) -> str:
    """Every figure of the reason for ``view``, checked; the kind of reason."""
    assert advice.action in view.legal_actions and "rather than" not in advice.reason
    assert "Tc" not in advice.reason and not re.search(r"\b[2-9TJQKA][cdhs]\b", advice.reason)
    if isinstance(advice.action, Discard):
        return check_discard(view, advice)
    if view.phase in (Phase.OFFER, Phase.DRAW):
        check_draw(view, advice)
        return "draw"
    if isinstance(advice.action, Knock | EndTurn):
        check_knock(view, advice)
    return "other"


def test_a_card_next_to_the_opponents_pickup_is_named_as_the_risk() -> None:
    """Q♣ and K♥ leave the same deadwood and meld equally well for us; the opponent took J♣."""
    view = discarding("2c 3c 4c 7h 7d 7s 9s Ts Js Kh", "Qc", "Jc")
    advice = advise(view)
    assert advice.action == Discard(parse_card("Kh"))
    assert check(view, advice) == "evidence"
    assert advice.reason.startswith("Discard K♥, not Q♣: the opponent took J♣ and may meld Q♣")
    assert advice.reason.endswith("Leaves deadwood 10")


def test_a_pair_kept_over_a_card_less_of_deadwood_says_both_figures() -> None:
    """As players saw it: the hint kept K♦ K♠ and threw 9♣, though K♦ leaves 1 less."""
    view = discarding("2c 3c 4c 7h 7d 7s 9c Kd Ks 5h", "Ad", "Jh")
    advice = advise(view)
    assert advice.action == Discard(parse_card("9c"))
    assert check(view, advice) == "would let you knock"
    assert advice.reason.startswith("Discard 9♣, not K♦: it keeps K♦ K♠ together: 2 unseen "
                                    "cards would let you knock, not 0")
    assert advice.reason.endswith("Leaves deadwood 26 (K♦ would leave 25)")


def test_a_discard_that_leaves_less_deadwood_says_so() -> None:
    view = discarding("2c 3c 4c 7h 7d 7s 9s Ts Js 2h", "Kc", "Jh")
    advice = advise(view)
    assert check(view, advice) == "deadwood"
    assert advice.reason == "Discard K♣, not 2♥: it leaves deadwood 2, 2♥ would leave 10"


@pytest.mark.parametrize("seed", [8, pytest.param(11, marks=pytest.mark.slow)])
def test_every_reason_of_a_hand_holds(seed: int) -> None:
    """Over the decisions of a whole hand between two coaches, each reason's figures hold and
    its fact sets the move apart from the runner-up it names; discards are explained in more
    than one way."""
    state = HandState.deal(Options(), 0, random.Random(seed))
    kinds: list[str] = []
    while not state.is_over:
        seen = view_of(state, state.turn)
        advice = advise(seen)
        kinds.append(check(seen, advice))
        state = state.apply(advice.action)
    assert kinds.count("draw") >= 5 and len({k for k in kinds if k not in ("draw", "other")}) >= 2


def test_experts_reason_names_what_its_search_found() -> None:
    """Where Expert's playouts overrule Hard, the reason says so with the search's own
    figures: the deals played and the points a hand gained over Hard's move, named."""
    state = HandState.deal(Options(), 0, random.Random(4))
    found = []
    for _ in range(27):
        if state.is_over:
            break
        seen = view_of(state, state.turn)
        coach = Coach("expert", random.Random(5), samples=24)
        advice = coach.advise(seen)
        kind = check(seen, advice)
        searched = coach.player.searched
        if "played out" in advice.reason:
            assert isinstance(coach.player, ExpertPlayer) and searched is not None
            hards = searched.candidates[0]
            assert hards != advice.action and searched.worlds == 24
            gained = searched.points(advice.action)
            assert f"played out in 24 deals, it scores about {about(gained)} points" in \
                advice.reason
            found.append(kind)
        state = state.apply(advice.action)
    assert found == ["played out"]  # a discard: Expert searches no draw


def test_passing_a_lone_card_says_why() -> None:
    state = HandState(
        options=Options(), dealer=1,
        hands=(tuple(parse_cards("2c 3c 4c 7h 7d 7s 9s Ts Js 2h")), tuple(parse_cards(OPPONENT))),
        stock=tuple(parse_cards(STOCK)), discard_pile=(parse_card("Kd"),),
        upcard=parse_card("Kd"), turn=0, phase=Phase.OFFER)
    seen = view_of(state, 0)
    advice = advise(seen)
    assert advice.action == PassUpcard()
    check(seen, advice)
    assert advice.reason.startswith("Pass K♦: your hand has no card of K♦'s rank")
    assert advise(view_of(state.apply(PassUpcard()).apply(PassUpcard()), 0)).action == \
        DrawStock()
