"""The hand and the match as state machines: every phase, every scoring rule, every option."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from gin_handset.rules.actions import (
    Arrange,
    CancelDiscard,
    Discard,
    DrawDiscard,
    DrawStock,
    EndTurn,
    Knock,
    PassUpcard,
    TakeUpcard,
    action_text,
    parse_action,
)
from gin_handset.rules.cards import DECK, parse_card, parse_cards
from gin_handset.rules.hand import (
    EventKind,
    HandState,
    IllegalAction,
    Phase,
    ResultKind,
    is_doubled,
    knock_limit,
    thrown,
)
from gin_handset.rules.match import MatchState, hand_seed, next_dealer
from gin_handset.rules.melds import Meld, best_arrangement
from gin_handset.rules.options import Options
from gin_handset.rules.view import view_of


def staged(
    south: str, north: str, upcard: str, options: Options | None = None, dealer: int = 1
) -> HandState:
    """A hand with chosen cards: seat 0 holds ``south``, seat 1 ``north``; the rest is stock."""
    hands = (tuple(parse_cards(south)), tuple(parse_cards(north)))
    up = parse_card(upcard)
    used = set(hands[0]) | set(hands[1]) | {up}
    stock = tuple(c for c in DECK if c not in used)
    options = options or Options()
    offered = 1 - dealer if options.upcard_first == "non-dealer" else dealer
    return HandState(options, dealer, hands, stock, (up,), up, offered, Phase.OFFER)


def all_cards(hand: HandState) -> list:
    return sorted([*hand.hands[0], *hand.hands[1], *hand.stock, *hand.discard_pile])


def play(hand: HandState, *actions) -> HandState:
    for action in actions:
        hand = hand.apply(action)
    return hand


def arrange_best(hand: HandState) -> HandState:
    return hand.apply(Arrange(best_arrangement(hand.hands[hand.turn]).melds))


SOUTH_GIN = "As 2s 3s 4s 7c 7d 7h Kc Kd Ks"
NORTH_LOOSE = "2c 4d 6h 8c 9d Jh Qc 5s 9s 3h"


def test_deal_is_ten_each_an_upcard_and_31_in_stock() -> None:
    hand = HandState.deal(Options(), 0, random.Random(7))
    assert [len(h) for h in hand.hands] == [10, 10]
    assert len(hand.stock) == 31 and hand.discard_pile == (hand.upcard,)
    assert all_cards(hand) == sorted(DECK)
    assert hand.turn == 1 and hand.phase is Phase.OFFER


def test_a_seed_replays_a_deal_exactly() -> None:
    first = HandState.deal(Options(), 0, random.Random(12345))
    again = HandState.deal(Options(), 0, random.Random(12345))
    other = HandState.deal(Options(), 0, random.Random(12346))
    assert first == again and first != other


def test_both_pass_then_the_non_dealer_must_draw_from_the_stock() -> None:
    hand = staged(SOUTH_GIN, NORTH_LOOSE, "Qd")  # north deals; south is offered first
    assert hand.turn == 0 and set(hand.legal_actions()) == {TakeUpcard(), PassUpcard()}
    hand = hand.apply(PassUpcard())
    assert hand.turn == 1 and hand.phase is Phase.OFFER
    hand = hand.apply(PassUpcard())
    assert hand.turn == 0 and hand.legal_actions() == (DrawStock(),)
    with pytest.raises(IllegalAction, match="DrawDiscard is not allowed"):
        hand.apply(DrawDiscard())


def test_dealer_first_option_offers_the_dealer_then_the_non_dealer_draws() -> None:
    hand = staged(SOUTH_GIN, NORTH_LOOSE, "Qd", Options(upcard_first="dealer"))
    assert hand.turn == 1  # north is the dealer
    hand = play(hand, PassUpcard(), PassUpcard())
    assert hand.turn == 0 and hand.phase is Phase.FORCED_DRAW


def test_taking_the_upcard_forbids_discarding_it_and_the_state_is_unchanged() -> None:
    hand = staged(SOUTH_GIN, NORTH_LOOSE, "Qd").apply(TakeUpcard())
    assert hand.phase is Phase.DISCARD and len(hand.hands[0]) == 11
    assert Discard(parse_card("Qd")) not in hand.legal_actions()
    before = hand
    with pytest.raises(IllegalAction, match="just taken from the discard pile"):
        hand.apply(Discard(parse_card("Qd")))
    assert hand == before
    with pytest.raises(IllegalAction, match="not in the hand"):
        hand.apply(Discard(parse_card("5h")))


def test_second_offeree_takes_then_play_goes_to_the_other() -> None:
    hand = play(staged(SOUTH_GIN, NORTH_LOOSE, "Qd"), PassUpcard(), TakeUpcard())
    hand = play(hand, Discard(parse_card("2c")), EndTurn())
    assert hand.turn == 0 and hand.phase is Phase.DRAW
    assert set(hand.legal_actions()) == {DrawStock(), DrawDiscard()}


def test_cancel_returns_the_discard_and_never_undoes_the_draw() -> None:
    hand = play(staged(SOUTH_GIN, NORTH_LOOSE, "Qd"), PassUpcard(), PassUpcard(), DrawStock())
    drawn = hand.hands[0][-1]
    hand = play(hand, Discard(parse_card("Kc")), CancelDiscard())
    assert hand.phase is Phase.DISCARD and drawn in hand.hands[0]
    assert parse_card("Kc") in hand.hands[0] and hand.discard_pile == (parse_card("Qd"),)
    assert len(hand.stock) == 30


def test_a_discard_taken_back_was_never_thrown() -> None:
    hand = play(staged(SOUTH_GIN, NORTH_LOOSE, "Qd"), PassUpcard(), PassUpcard(), DrawStock())
    hand = play(hand, Discard(parse_card("Kc")), CancelDiscard())
    assert thrown(hand.log, 0) == []
    hand = play(hand, Discard(hand.hands[0][-1]), EndTurn(), DrawStock())
    assert thrown(hand.log, 0) == [hand.discard_pile[-1]] and thrown(hand.log, 1) == []
    hand = play(hand, Discard(parse_card("3h")), CancelDiscard(), Discard(parse_card("6h")))
    assert thrown(hand.log, 1) == [parse_card("6h")]


def test_knock_only_offered_within_the_limit() -> None:
    hand = play(staged(SOUTH_GIN, NORTH_LOOSE, "Qd"), PassUpcard(), PassUpcard(), DrawStock())
    drawn = hand.hands[0][-1]
    hand = hand.apply(Discard(drawn))
    assert Knock() in hand.legal_actions()
    loose = play(staged(NORTH_LOOSE, SOUTH_GIN, "Qd"), PassUpcard(), PassUpcard(), DrawStock())
    loose = loose.apply(Discard(loose.hands[0][0]))
    assert Knock() not in loose.legal_actions()
    with pytest.raises(IllegalAction, match="over the knock limit"):
        loose.apply(Knock())


def test_dead_hand_when_a_turn_ends_with_two_in_the_stock() -> None:
    hand = play(staged(SOUTH_GIN, NORTH_LOOSE, "Qd"), PassUpcard(), PassUpcard())
    hand = replace(hand, stock=hand.stock[:3])
    hand = play(hand, DrawStock(), Discard(hand.stock[0]))
    assert len(hand.stock) == 2
    hand = hand.apply(EndTurn())
    assert hand.is_over and hand.result is not None and hand.result.kind == "dead"
    assert hand.result.winner is None and hand.result.points == 0


def test_a_turn_ending_with_three_in_the_stock_plays_on() -> None:
    hand = play(staged(SOUTH_GIN, NORTH_LOOSE, "Qd"), PassUpcard(), PassUpcard())
    hand = replace(hand, stock=hand.stock[:4])
    hand = play(hand, DrawStock(), Discard(hand.stock[0]), EndTurn())
    assert len(hand.stock) == 3 and not hand.is_over
    assert hand.turn == 1 and hand.phase is Phase.DRAW


def test_cancel_keeps_the_card_just_taken_from_being_discarded() -> None:
    hand = play(staged(SOUTH_GIN, NORTH_LOOSE, "Qd"), TakeUpcard(), Discard(parse_card("Kc")))
    hand = hand.apply(CancelDiscard())
    assert hand.taken == parse_card("Qd")
    assert Discard(parse_card("Qd")) not in hand.legal_actions()
    with pytest.raises(IllegalAction, match="just taken"):
        hand.apply(Discard(parse_card("Qd")))


def score_of(south: str, north: str, upcard: str = "Qd", options: Options | None = None):
    """South knocks at once with its best arrangement (discarding the drawn card)."""
    hand = staged(south, north, upcard, options)
    hand = play(hand, PassUpcard(), PassUpcard())
    hand = replace(
        hand, stock=(parse_card("Kh"), *[c for c in hand.stock if c != parse_card("Kh")])
    )
    hand = play(hand, DrawStock(), Discard(parse_card("Kh")), Knock())
    hand = arrange_best(hand)
    hand = arrange_best(hand)
    assert hand.result is not None
    return hand.result


def test_gin_scores_deadwood_plus_bonus_and_allows_no_lay_off() -> None:
    # North's 5s could go on As-2s-3s-4s, but not against gin.
    result = score_of(SOUTH_GIN, NORTH_LOOSE)
    assert result.kind == "gin" and result.winner == 0
    assert not result.defender.laid_off
    expected = sum(c.value for c in best_arrangement(parse_cards(NORTH_LOOSE)).deadwood)
    assert result.points == expected + 25 and result.bonus == 25
    assert score_of(SOUTH_GIN, NORTH_LOOSE, options=Options(gin_bonus=20)).points == expected + 20


def test_knock_scores_the_difference() -> None:
    result = score_of("As 2s 3s 7c 7d 7h Kc Kd Ks 4h", "2c 4d 6h 8c 9d Jh Qc 5s 9s 3h")
    assert result.kind == "knock" and result.winner == 0
    assert result.knocker_deadwood == 4 and result.points == result.defender_deadwood - 4


def test_the_seed_001_undercut_is_28() -> None:
    # South knocks with 8 (8h). North lays 4s on As-2s-3s and 7s on the 7s, keeps 9h-Th-Jh
    # and the queens, and is left with 2d 3c = 5: undercut, 25 + 8 - 5 = 28.
    result = score_of("As 2s 3s 7c 7d 7h Kc Kd Ks 8h", "4s 9h Th Jh Qc Qd Qh 2d 3c 7s", "6c",
                      Options(undercut_bonus=25))
    assert result.kind == "undercut" and result.winner == 1
    assert (result.knocker_deadwood, result.defender_deadwood) == (8, 5)
    assert {lay.card for lay in result.defender.laid_off} == set(parse_cards("4s 7s"))
    assert result.points == 28


def test_a_tie_is_an_undercut() -> None:
    result = score_of(
        "As 2s 3s 7c 7d 7h Kc Kd Ks 4h",
        "3d 4d 5d 6d 8c 9c Tc Jc 2c 2h",
        options=Options(undercut_bonus=10),
    )
    assert (result.knocker_deadwood, result.defender_deadwood) == (4, 4)
    assert result.kind == "undercut" and result.winner == 1 and result.points == 10


@pytest.mark.parametrize(
    ("upcard", "ace_gin_only", "limit"),
    [("Qd", True, 10), ("7c", True, 7), ("Ah", True, 0), ("Ah", False, 1), ("Th", True, 10)],
)
def test_oklahoma_knock_limit_from_the_upcard(upcard: str, ace_gin_only: bool, limit: int) -> None:
    options = Options(game_type="oklahoma", oklahoma_ace_gin_only=ace_gin_only)
    assert knock_limit(options, parse_card(upcard)) == limit
    assert knock_limit(Options(), parse_card(upcard)) == 10


def test_oklahoma_spade_upcard_doubles_every_score() -> None:
    okla = Options(game_type="oklahoma", oklahoma_spade_doubles=True)
    plain = score_of(SOUTH_GIN, NORTH_LOOSE.replace("9s", "9c"), upcard="Qs")
    doubled = score_of(SOUTH_GIN, NORTH_LOOSE.replace("9s", "9c"), upcard="Qs", options=okla)
    assert doubled.doubled and doubled.points == 2 * plain.points
    off = Options(game_type="oklahoma")
    assert not off.oklahoma_spade_doubles, "the handset's Oklahoma never doubles: the default"
    assert score_of(SOUTH_GIN, NORTH_LOOSE.replace("9s", "9c"), "Qs", off).points == plain.points


def test_the_oklahoma_knock_limit_is_the_upcard_or_ten_by_option() -> None:
    upcard = Options(game_type="oklahoma")
    ten = Options(game_type="oklahoma", oklahoma_knock_limit="10", oklahoma_spade_doubles=True)
    assert [knock_limit(upcard, parse_card(c)) for c in ("As", "4h", "Kd")] == [0, 4, 10]
    assert [knock_limit(ten, parse_card(c)) for c in ("As", "4h", "Kd")] == [10, 10, 10]
    assert is_doubled(ten, parse_card("4s")), "seed 002's Oklahoma: spades double, limit 10"
    assert Options().undercut_bonus == 20


def test_knocker_may_rearrange_within_the_limit_only() -> None:
    hand = staged("As 2s 3s 7c 7d 7h Kc Kd Ks 4h", NORTH_LOOSE, "Qd")
    hand = play(hand, PassUpcard(), PassUpcard(), DrawStock())
    hand = play(hand, Discard(hand.hands[0][-1]), Knock())
    assert hand.phase is Phase.KNOCKER_ARRANGE
    kings_only = (Meld(tuple(parse_cards("Kc Kd Ks"))),)
    with pytest.raises(IllegalAction, match="over the knock limit"):
        hand.apply(Arrange(kings_only))
    # Leaving As-2s-3s unmelded is worse but within the limit: 1 + 2 + 3 + 4 = 10.
    sets_only = Arrange(tuple(Meld(tuple(parse_cards(t))) for t in ("7c 7d 7h", "Kc Kd Ks")))
    assert sets_only in hand.legal_actions()
    hand = hand.apply(sets_only)
    assert hand.phase is Phase.DEFENDER_ARRANGE and hand.turn == 1
    assert hand.knocker_arrangement.deadwood_count == 10


@pytest.mark.parametrize(
    ("rule", "winner", "dealer", "expected"),
    [
        ("alternate", 0, 0, 1),
        ("alternate", 1, 0, 1),
        ("winner", 1, 0, 1),
        ("winner", 0, 1, 0),
        ("loser", 0, 0, 1),
        ("loser", 1, 1, 0),
    ],
)
def test_next_dealer_by_option(rule: str, winner: int, dealer: int, expected: int) -> None:
    hand = staged(SOUTH_GIN, NORTH_LOOSE, "Qd")
    result = score_of(SOUTH_GIN, NORTH_LOOSE)
    result = replace(result, winner=winner)
    assert next_dealer(Options(next_dealer=rule), dealer, result) == expected
    dead = replace(result, kind=ResultKind.DEAD, winner=None)
    assert next_dealer(Options(next_dealer=rule), dealer, dead) == dealer
    assert hand.dealer == 1


def test_options_reject_values_outside_the_table() -> None:
    with pytest.raises(ValueError, match="points_to_win: 150 is not one of 50, 100, 200, 500"):
        Options(points_to_win=150)
    with pytest.raises(ValueError, match="oklahoma_ace_gin_only"):
        Options(oklahoma_ace_gin_only=1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown option"):
        Options.from_dict({"jokers": True})


def test_parse_cards_names_the_bad_token() -> None:
    assert [str(c) for c in parse_cards("As 3c Td 10h Kd")] == ["As", "3c", "Td", "Th", "Kd"]
    with pytest.raises(ValueError, match="'1x'"):
        parse_cards("As 1x")


def test_action_text_round_trips() -> None:
    actions = [
        TakeUpcard(),
        PassUpcard(),
        DrawStock(),
        DrawDiscard(),
        Discard(parse_card("7h")),
        Knock(),
        EndTurn(),
        CancelDiscard(),
        Arrange((Meld(tuple(parse_cards("7h 8h 9h"))), Meld(tuple(parse_cards("Kc Kd Ks"))))),
    ]
    for action in actions:
        assert parse_action(action_text(action)) == action


@pytest.mark.parametrize("seed", [seed if seed < 12 else pytest.param(seed, marks=pytest.mark.slow)
                                  for seed in range(40)])
def test_random_legal_play_keeps_every_card_and_every_hand_ends(seed: int) -> None:
    rng = random.Random(seed)
    options = Options(
        game_type=rng.choice(("gin", "oklahoma")),
        upcard_first=rng.choice(("non-dealer", "dealer")),
        next_dealer=rng.choice(("alternate", "winner", "loser")),
    )
    match = MatchState.new(options, seed)
    for _ in range(6):
        for _ in range(3000):
            hand = match.hand
            assert all_cards(hand) == sorted(DECK)
            actions = hand.legal_actions()
            for action in actions[:12]:
                hand.apply(action)  # every legal action applies cleanly
            knocks = [a for a in actions if isinstance(a, Knock)]
            before = match.scores
            match = match.apply(knocks[0] if knocks and rng.random() < 0.8 else rng.choice(actions))
            assert all(new >= old for new, old in zip(match.scores, before, strict=True))
            if match.hand.is_over:
                break
        assert match.hand.is_over and match.hand.legal_actions() == ()
        if match.is_over:
            break
        match = match.next_hand()


def test_view_shows_only_what_the_seat_may_know() -> None:
    hand = play(staged(SOUTH_GIN, NORTH_LOOSE, "Qd"), PassUpcard(), TakeUpcard())
    view = view_of(hand, 0)
    assert view.hand == hand.hands[0] and view.opponent_hand is None
    assert view.opponent_pickups == (parse_card("Qd"),) and view.opponent_hand_count == 11
    assert view.legal_actions == () and view.stock_count == 31
    assert view_of(hand, 1).legal_actions == hand.legal_actions()


def finish_with_gin(match: MatchState) -> MatchState:
    match = play_match(match, PassUpcard(), PassUpcard(), DrawStock())
    match = play_match(match, Discard(match.hand.hands[0][-1]), Knock())
    for _ in range(2):
        match = match.apply(Arrange(best_arrangement(match.hand.hands[match.hand.turn]).melds))
    return match


def play_match(match: MatchState, *actions) -> MatchState:
    for action in actions:
        match = match.apply(action)
    return match


def test_match_is_won_on_reaching_the_points_to_win_exactly() -> None:
    points = score_of(SOUTH_GIN, NORTH_LOOSE).points
    match = MatchState(Options(), 1, (100 - points, 0), staged(SOUTH_GIN, NORTH_LOOSE, "Qd"))
    match = finish_with_gin(match)
    assert match.scores == (100, 0) and match.winner == 0


def test_match_is_won_on_reaching_the_points_to_win() -> None:
    match = MatchState(Options(), 1, (70, 90), staged(SOUTH_GIN, NORTH_LOOSE, "Qd"))
    match = finish_with_gin(match)
    assert match.scores[0] >= 100 and match.winner == 0 and match.is_over
    with pytest.raises(ValueError, match="next hand"):
        match.next_hand()


def test_after_a_dead_hand_the_same_dealer_deals_and_scores_stand() -> None:
    hand = replace(staged(SOUTH_GIN, NORTH_LOOSE, "Qd"), stock=tuple(parse_cards("Kh 5h")))
    match = MatchState(Options(), 3, (10, 20), hand)
    match = play_match(match, PassUpcard(), PassUpcard(), DrawStock())
    match = play_match(match, Discard(match.hand.hands[0][-1]), EndTurn())
    assert match.hand.result.kind == "dead" and match.scores == (10, 20)
    following = match.next_hand()
    assert following.hand.dealer == match.hand.dealer and following.hand_number == 1
    dealt = HandState.deal(Options(), match.hand.dealer, random.Random(hand_seed(3, 1)))
    assert following.hand == dealt


def test_the_kinds_of_events_and_results_read_as_their_words() -> None:
    """Texts, JSON and dictionaries keyed by the words see the kinds as before they were enums,
    on every Python the game supports."""
    assert [k.value for k in EventKind] == [
        "pass", "take", "stock", "pile", "discard", "cancel", "knock", "end"]
    assert [k.value for k in ResultKind] == ["gin", "knock", "undercut", "dead"]
    assert json.dumps([EventKind.STOCK, ResultKind.GIN]) == '["stock", "gin"]'
    assert f"{ResultKind.UNDERCUT} {EventKind.PILE}" == "undercut pile"
    assert {"dead": 1}[ResultKind.DEAD] == 1 and EventKind("end") is EventKind.END
