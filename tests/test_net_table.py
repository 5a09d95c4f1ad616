"""One table on a logical clock: seats and tokens, every action checked by the rules core (an
illegal one answered with a reason, changing nothing), the hand clock running only on its
owner's turn, a seat out of time or away past the table's patience losing the match, and the
table's file."""

from __future__ import annotations

import json
import random
import secrets
from typing import Any

import pytest

from gin_handset.ai.levels import make_player
from gin_handset.net.protocol import ProtocolError, decode_view, dumps, parse_reply
from gin_handset.net.table import Table, TableError
from gin_handset.rules.actions import action_text
from gin_handset.rules.options import Options


class Clock:
    """A logical clock: time moves only when the test says."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def seated(minutes: int = 0, patience: float = 300.0) -> tuple[Table, Clock, dict[int, list]]:
    clock = Clock()
    table = Table("123456", Options(points_to_win=500), minutes, clock, patience)
    inbox: dict[int, list] = {0: [], 1: []}
    for name in ("Ann", "Bob"):
        _seat, _token, out = table.sit(name)
        deliver(inbox, out)
    for seat in range(2):
        deliver(inbox, table.contribute(seat, secrets.token_hex(16)))
    return table, clock, inbox


def deliver(inbox: dict[int, list], out: list) -> None:
    for seat, message in out:
        inbox[seat].append(parse_reply(dumps(message)))


def last(inbox: dict[int, list], seat: int, kind: str) -> dict[str, Any]:
    return [m for m in inbox[seat] if m["type"] == kind][-1]


def play_one(table: Table, inbox: dict[int, list], players) -> None:
    """The seat to act plays one move from the view it was sent."""
    message = last(inbox, table.match.hand.turn, "view")
    view = decode_view(message["view"])
    action = players[view.seat].choose(view)
    deliver(inbox, table.act(view.seat, message["step"], action_text(action)))


def test_the_second_seat_starts_the_seeding_and_a_third_is_refused():
    clock = Clock()
    table = Table("000001", Options(), 0, clock)
    seat, token, out = table.sit("Ann")
    assert seat == 0 and len(token) == 48 and table.status == "waiting"
    assert out[0][1]["type"] == "joined" and out[0][1]["token"] == token
    _seat, other, out = table.sit("Bob")
    assert table.status == "seeding" and other != token
    commitments = {m["commitment"] for _s, m in out if m["type"] == "table"}
    assert len(commitments) == 1 and len(commitments.pop()) == 64
    with pytest.raises(TableError, match="full"):
        table.sit("Eve")
    assert table.claim(token) == 0 and table.claim(other) == 1
    with pytest.raises(TableError, match="token"):
        table.claim("0" * 48)


def test_an_illegal_action_is_answered_with_a_reason_and_changes_nothing():
    table, _clock, inbox = seated()
    seat = table.match.hand.turn
    before = (table.match, list(table.steps), table.revision)
    cases = [
        (1 - seat, 0, "pass", "not your turn"),
        (seat, 3, "pass", "stale"),
        (seat, 0, "discard 7h", "not allowed when the phase is offer"),
        (seat, 0, "knock", "not allowed"),
    ]
    for who, step, action, reason in cases:
        with pytest.raises(TableError, match=reason):
            table.act(who, step, action)
        assert (table.match, table.steps, table.revision) == before
    with pytest.raises(TableError, match="hand is not over"):
        table.next_hand(seat, 0)
    deliver(inbox, table.act(seat, 0, "pass"))
    assert table.steps == ["pass"]
    with pytest.raises(TableError, match="stale"):  # the same message again
        table.act(seat, 0, "pass")


def test_the_hand_clock_runs_only_on_its_owners_turn():
    table, clock, inbox = seated(minutes=2)
    players = [make_player("simple", random.Random(seat)) for seat in range(2)]
    assert table.clock_left(0) == table.clock_left(1) == 120.0
    expected = 0.0
    for _ in range(12):
        if table.match.hand.is_over:
            break
        mover = table.match.hand.turn
        other_before = table.clock_left(1 - mover)
        clock.now += 3.0
        expected += 3.0
        assert table.clock_left(1 - mover) == other_before, "the waiting seat's clock stood"
        mine = table.clock_left(mover)
        play_one(table, inbox, players)
        if table.match.hand.turn != mover:
            clock.now += 5.0  # the seat that finished its turn is charged no more
            expected += 5.0
            assert table.clock_left(mover) == mine
            assert table.clock_left(1 - mover) == other_before - 5.0
    spent = 240.0 - table.clock_left(0) - table.clock_left(1)
    assert spent == pytest.approx(expected)
    shown = last(inbox, 0, "table")
    assert shown["clock"] is not None and shown["minutes"] == 2


def test_a_seat_whose_clock_reaches_zero_loses_the_match():
    table, clock, inbox = seated(minutes=2)
    mover = table.match.hand.turn
    clock.now += 119.0
    assert table.tick() == [] and table.status == "playing"
    clock.now += 1.0
    deliver(inbox, table.tick())
    assert table.status == "over" and table.winner == 1 - mover and table.reason == "time"
    for seat in range(2):
        assert last(inbox, seat, "reveal")["reason"] == "time"


def test_an_action_sent_after_the_clock_ran_out_loses_instead():
    table, clock, inbox = seated(minutes=2)
    mover = table.match.hand.turn
    clock.now += 121.0
    deliver(inbox, table.act(mover, 0, "pass"))
    assert table.steps == [] and table.winner == 1 - mover and table.reason == "time"


def test_each_new_hand_starts_both_clocks_afresh():
    table, clock, inbox = seated(minutes=2)
    players = [make_player("simple", random.Random(seat)) for seat in range(2)]
    while not table.match.hand.is_over:
        clock.now += 1.0
        play_one(table, inbox, players)
    assert table.clock_left(0) + table.clock_left(1) < 240.0
    clock.now += 500.0  # between hands no clock runs
    deliver(inbox, table.next_hand(0, len(table.steps)))
    assert table.match.hand_number == 0, "the next hand waits for both seats"
    deliver(inbox, table.next_hand(1, len(table.steps)))
    assert table.match.hand_number == 1 and table.status == "playing"
    assert table.clock_left(0) == table.clock_left(1) == 120.0


def test_a_seat_not_ready_for_the_next_hand_within_the_patience_loses():
    """Between hands no clock runs, but once one seat asks for the next hand the other has the
    table's patience to ask too, else it loses ("unready"); a restart keeps how long it
    waited."""
    table, clock, inbox = seated(patience=300.0)
    players = [make_player("simple", random.Random(seat)) for seat in range(2)]
    while not table.match.hand.is_over:
        play_one(table, inbox, players)
    clock.now += 1000.0  # neither has asked: nobody is held up
    assert table.tick() == []
    deliver(inbox, table.next_hand(1, len(table.steps)))
    clock.now += 200.0
    revision = table.revision
    deliver(inbox, table.next_hand(1, len(table.steps)))  # asking again restarts nothing
    assert table.revision == revision, "nor is it saved again"
    later = Clock()
    back = Table.from_dict(json.loads(json.dumps(table.to_dict())), later)
    for seat in range(2):
        deliver(inbox, back.arrive(seat))
    later.now += 99.0
    assert back.tick() == [] and back.status == "playing"
    later.now += 1.0
    deliver(inbox, back.tick())
    assert (back.status, back.winner, back.reason) == ("over", 1, "unready")
    for seat in range(2):
        told = last(inbox, seat, "table")
        assert (told["winner"], told["reason"], told["present"]) == (1, "unready", [True, True])
        assert last(inbox, seat, "reveal")["winner"] == 1


def test_a_seat_that_asked_for_the_next_hand_and_went_away_is_judged_by_its_absence():
    """Ann asks, then her phone goes; Bob's goes later: the wait for Bob stops counting, and
    Ann, away first, is the one who loses on patience."""
    table, clock, inbox = seated(patience=300.0)
    players = [make_player("simple", random.Random(seat)) for seat in range(2)]
    while not table.match.hand.is_over:
        play_one(table, inbox, players)
    deliver(inbox, table.next_hand(0, len(table.steps)))
    clock.now += 10.0
    table.depart(0)
    clock.now += 10.0
    table.depart(1)
    clock.now += 289.0
    assert table.tick() == [] and table.status == "playing"
    clock.now += 1.0
    table.tick()
    assert (table.status, table.winner, table.reason) == ("over", 1, "away")


def test_a_seat_away_past_the_tables_patience_loses_and_the_other_is_told_meanwhile():
    table, clock, inbox = seated(patience=300.0)
    deliver(inbox, table.depart(1))
    told = last(inbox, 0, "table")
    assert told["present"] == [True, False] and told["away"][1] == 0.0
    clock.now += 299.0
    assert table.tick() == [] and table.status == "playing"
    deliver(inbox, table.arrive(1))  # back in time: nothing lost
    assert last(inbox, 0, "table")["present"] == [True, True]
    assert last(inbox, 1, "view")["step"] == len(table.steps)
    deliver(inbox, table.depart(1))
    clock.now += 300.0
    deliver(inbox, table.tick())
    assert (table.status, table.winner, table.reason) == ("over", 0, "away")


def test_after_a_restart_the_seat_that_went_away_first_loses():
    """When each seat went away is kept in the file: Bob's phone went 190 s before Ann's,
    the server restarts, neither comes back: Bob loses on patience, not seat 0."""
    table, clock, _inbox = seated(patience=300.0)
    clock.now += 10.0
    table.depart(1)
    clock.now += 190.0
    table.depart(0)
    later = Clock()
    later.now = 5000.0
    back = Table.from_dict(json.loads(json.dumps(table.to_dict())), later)
    later.now += 109.0
    assert back.tick() == [] and back.status == "playing"
    later.now += 1.0
    back.tick()
    assert (back.status, back.winner, back.reason) == ("over", 0, "away")


def test_two_seats_that_went_away_at_the_same_moment_end_the_match_with_no_winner():
    """Both phones lost when the server went down, neither back after its restart: no seat
    loses for its number."""
    table, _clock, _inbox = seated(patience=300.0)
    later = Clock()
    back = Table.from_dict(json.loads(json.dumps(table.to_dict())), later)
    later.now += 300.0
    back.tick()
    assert (back.status, back.winner, back.reason) == ("over", None, "away")


def test_leaving_loses_the_match_and_a_waiting_table_just_closes():
    table, _clock, inbox = seated()
    deliver(inbox, table.leave(0))
    assert (table.winner, table.reason) == (1, "left")
    lone = Table("000002", Options(), 0, Clock())
    lone.sit("Ann")
    lone.leave(0)
    assert (lone.status, lone.winner, lone.reason) == ("over", None, "closed")


def test_the_tables_file_resumes_the_match_with_every_seat_away():
    table, clock, inbox = seated(minutes=4)
    players = [make_player("simple", random.Random(seat)) for seat in range(2)]
    while len(table.steps) < 15:
        clock.now += 2.0
        if table.match.hand.is_over:
            deliver(inbox, table.next_hand(0, len(table.steps)))
            deliver(inbox, table.next_hand(1, len(table.steps)))
        else:
            play_one(table, inbox, players)
    text = json.dumps(table.to_dict())
    assert "token" not in text.replace("token_hash", "")
    later = Clock()
    back = Table.from_dict(json.loads(text), later)
    assert back.match == table.match and back.steps == table.steps
    assert [s.present for s in back.seats] == [False, False]
    assert [back.clock_left(s) for s in range(2)] == pytest.approx(
        [table.clock_left(s) for s in range(2)], abs=0.1)
    message = back.arrive(0)
    assert any(m["type"] == "view" and m["step"] == 15 for _s, m in message)


def test_a_table_closed_while_waiting_reads_back_from_its_file():
    """One seat, over: the file of a table whose lone seat left, or stayed away too long."""
    for close in ("leave", "patience"):
        clock = Clock()
        table = Table("000003", Options(), 2, clock, 60.0)
        table.sit("Ann")
        if close == "leave":
            table.leave(0)
        else:
            table.depart(0)
            clock.now += 60.0
            table.tick()
        back = Table.from_dict(json.loads(json.dumps(table.to_dict())), Clock())
        assert (back.status, back.reason, back.winner) == ("over", "closed", None)
        assert [s.nickname for s in back.seats] == ["Ann"] and back.match is None


@pytest.mark.parametrize(("change", "name"), [
    ({"format": "x"}, "format"),
    ({"minutes": 5}, "minutes"),
    ({"status": "won"}, "status"),
    ({"steps": ["fly"]}, "steps"),
    ({"steps": ["discard 7h"] * 3}, "steps"),
    ({"patience": -1}, "patience"),
    ({"code": "12"}, "code"),
    ({"seats": []}, "seats"),
    ({"secret": "abc"}, "secret"),  # not whole bytes
    ({"seeding_for": -5}, "seeding_for"),
    ({"seeding_for": "long"}, "seeding_for"),
    ({"seeding_for": 1e300}, "seeding_for"),
])
def test_a_bad_table_file_is_refused_naming_the_field(change, name):
    table, _clock, _inbox = seated()
    with pytest.raises(ProtocolError) as caught:
        Table.from_dict({**table.to_dict(), **change}, Clock())
    assert caught.value.field == name


def test_a_deal_a_phone_never_sends_its_part_of_ends_the_table_within_the_patience():
    """Both phones there, one never sends its contribution: the table does not wait for ever;
    with no match dealt, it ends with no winner (and no reveal: there is no deal to show)."""
    clock = Clock()
    table = Table("123456", Options(), 0, clock, 300.0)
    inbox: dict[int, list] = {0: [], 1: []}
    for name in ("Ann", "Bob"):
        deliver(inbox, table.sit(name)[2])
    deliver(inbox, table.contribute(0, secrets.token_hex(16)))
    clock.now += 299.0
    assert table.tick() == [] and table.status == "seeding"
    clock.now += 1.0
    deliver(inbox, table.tick())
    assert (table.status, table.winner, table.reason) == ("over", None, "unready")
    assert last(inbox, 1, "table")["status"] == "over"
    assert not [m for m in inbox[0] + inbox[1] if m["type"] == "reveal"]


def test_after_a_restart_a_stalled_deal_has_only_the_rest_of_its_patience():
    """The file keeps how long the deal has waited for a phone's part: 200 s before the
    server went down, so once both phones are back the table ends 100 s later."""
    clock = Clock()
    table = Table("123456", Options(), 0, clock, 300.0)
    for name in ("Ann", "Bob"):
        table.sit(name)
    table.contribute(0, secrets.token_hex(16))
    clock.now += 200.0
    later = Clock()
    later.now = 5000.0
    back = Table.from_dict(json.loads(json.dumps(table.to_dict())), later)
    back.arrive(0)
    back.arrive(1)
    later.now += 99.0
    assert back.tick() == [] and back.status == "seeding"
    later.now += 1.0
    back.tick()
    assert (back.status, back.winner, back.reason) == ("over", None, "unready")


def test_a_wait_counts_as_a_change_every_so_often_and_only_while_the_table_waits():
    table, clock, _inbox = seated()
    assert not table.note_wait(10.0), "both seats here, nobody ready: nothing to keep up with"
    clock.now += 60.0
    assert not table.note_wait(10.0)
    table.depart(1)
    revision = table.revision
    assert not table.note_wait(10.0), "the first tick of a wait starts its count"
    clock.now += 9.0
    assert not table.note_wait(10.0) and table.revision == revision
    clock.now += 1.0
    assert table.note_wait(10.0) and table.revision == revision + 1
    assert not table.note_wait(10.0), "counted once for those ten seconds"
    clock.now += 10.0
    assert table.note_wait(10.0) and table.revision == revision + 2
    table.arrive(1)
    clock.now += 30.0
    assert not table.note_wait(10.0), "no seat away: the wait is over"


def test_a_second_player_of_the_same_nickname_is_told_apart():
    """Two Anns at one table: the second is Ann2 on both phones (as in pass and play); a
    nickname of the full 16 characters keeps to 16."""
    for first, second, shown in (("Ann", "ann", "ann2"), ("A" * 16, "a" * 16, "a" * 15 + "2"),
                                 ("Ann", "Bob", "Bob")):
        clock = Clock()
        table = Table("000004", Options(), 0, clock)
        table.sit(first)
        _seat, _token, out = table.sit(second)
        assert [s.nickname for s in table.seats] == [first, shown]
        sent = [m for _s, m in out if m["type"] == "table"]
        assert sent and all(m["nicknames"] == [first, shown] for m in sent)
