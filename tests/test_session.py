"""The match session and its save file: resume exactly, and never lose an unreadable save."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gin_handset.rules.cards import DECK
from gin_handset.rules.options import Options
from gin_handset.session.match_session import MatchSession
from gin_handset.session.record import MatchRecord, replay
from gin_handset.session.saves import SaveStore, record_to_dict
from tests.test_play_seeds import play_computer_step


def play_steps(session: MatchSession, count: int) -> None:
    """Both seats played by the computer's own choice, hands dealt on as they end."""
    for _ in range(count):
        if session.match.is_over:
            return
        if session.hand_over:
            session.next_hand()
        elif session.computer_to_act:
            play_computer_step(session)
        else:
            assert session.act(session.computer.choose(session.view(0))) is None


def cards_in_play(session: MatchSession) -> list:
    hand = session.match.hand
    return sorted([*hand.hands[0], *hand.hands[1], *hand.stock, *hand.discard_pile])


def test_every_step_is_saved_and_resumes_to_the_same_state(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    session = MatchSession.new(Options(), 77, "simple", store)
    play_steps(session, 45)
    record, messages = store.load()
    assert messages == [] and record == session.record
    resumed = MatchSession(record)
    assert resumed.match == session.match
    assert cards_in_play(resumed) == sorted(DECK)


def test_a_resumed_match_plays_on_exactly_as_the_uninterrupted_one(tmp_path: Path) -> None:
    whole = MatchSession.new(Options(), 5, "normal")
    play_steps(whole, 30)
    resumed = MatchSession(whole.record)
    play_steps(whole, 60)
    play_steps(resumed, 60)
    assert resumed.record == whole.record and resumed.match == whole.match


def test_a_save_is_written_atomically_and_leaves_no_temporary_file(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    store.save(MatchRecord(Options(), 1, "easy", ("pass",)))
    assert [p.name for p in tmp_path.iterdir()] == ["match.json"]


def corrupt_saves() -> list[tuple[str, str, str]]:
    good = record_to_dict(MatchRecord(Options(), 9, "hard", ("pass", "pass", "stock")))
    text = json.dumps(good)

    def edited(**changes: object) -> str:
        return json.dumps({**good, **changes})

    return [
        ("truncated", text[: len(text) // 2], "not readable JSON"),
        ("illegal step", edited(steps=["pass", "pile"]), "steps[1] 'pile'"),
        ("unknown step", edited(steps=["dance"]), "not an action"),
        ("other version", edited(version=99), "field version"),
        ("bad option", edited(options={"points_to_win": 7}), "points_to_win"),
        ("bad seed", edited(seed="nine"), "field seed: expected int"),
        ("not an object", "[1, 2]", "expected an object"),
        ("binary", "\udcff", "not readable JSON"),
    ]


@pytest.mark.parametrize(("name", "content", "problem"), corrupt_saves())
def test_an_unreadable_save_is_set_aside_with_a_message(
    tmp_path: Path, name: str, content: str, problem: str
) -> None:
    store = SaveStore(tmp_path)
    store.path.write_bytes(content.encode("utf-8", "surrogateescape"))
    record, messages = store.load()
    assert record is None and len(messages) == 1
    assert problem in messages[0] and str(store.path) in messages[0]
    aside = tmp_path / "match.json.bad-1"
    assert aside.read_bytes() == content.encode("utf-8", "surrogateescape")
    assert not store.exists()


def test_clear_removes_the_save_of_a_finished_match(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    store.save(MatchRecord(Options(), 1, "easy"))
    store.clear()
    assert not store.exists() and store.load() == (None, [])


def test_replay_of_a_whole_match_reaches_its_end() -> None:
    session = MatchSession.new(Options(points_to_win=50), 3, "simple")
    play_steps(session, 5000)
    assert session.match.is_over
    assert replay(session.record) == session.match


def test_a_match_started_at_a_later_hand_saves_and_resumes_there(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    session = MatchSession.new(Options(), 41, "simple", store, 4, 1)
    play_steps(session, 12)
    record, messages = store.load()
    assert messages == [] and record == session.record
    assert (record.first_hand, record.first_dealer) == (4, 1)
    assert MatchSession(record).match == session.match
    assert session.match.hand_number >= 4


def test_a_save_from_before_the_first_hand_fields_loads(tmp_path: Path) -> None:
    old = record_to_dict(MatchRecord(Options(), 9, "hard", ("pass", "pass", "stock")))
    del old["first_hand"], old["first_dealer"]
    (tmp_path / "match.json").write_text(json.dumps(old))
    record, messages = SaveStore(tmp_path).load()
    assert messages == [] and record is not None and record.first_hand == 0


@pytest.mark.parametrize(("field", "value"), [("first_hand", -1), ("first_hand", 10**6),
                                              ("first_hand", True), ("first_dealer", 2)])
def test_a_bad_first_hand_in_a_save_is_named(field, value, tmp_path: Path) -> None:
    data = record_to_dict(MatchRecord(Options(), 9, "hard"))
    data[field] = value
    (tmp_path / "match.json").write_text(json.dumps(data))
    record, messages = SaveStore(tmp_path).load()
    assert record is None and field in messages[0]


def test_a_failing_save_is_told_once_and_its_return_too(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    session = MatchSession.new(Options(), 77, "simple", store)
    (tmp_path / "match.json").unlink()
    (tmp_path / "match.json").mkdir()  # every save now fails
    play_steps(session, 6)
    problems = session.take_problems()
    assert len(problems) == 1 and "could not be saved" in problems[0]
    play_steps(session, 6)
    assert session.take_problems() == [], "not again at every step"
    (tmp_path / "match.json").rmdir()
    play_steps(session, 1)
    assert session.take_problems() == ["The match is saved again."]
    assert store.load()[0] == session.record


def test_a_resumed_match_remembers_how_the_player_knocks(tmp_path: Path) -> None:
    """Hard changes its play once the player knocks as soon as it may; a resumed match has the
    same memory as the uninterrupted one (it recalls the hands already over)."""
    import random

    from gin_handset.ai.levels import make_player

    store = SaveStore(tmp_path)
    session = MatchSession.new(Options(), 11, "hard", store)
    me = make_player("simple", random.Random(11))
    while not session.computer.eager and not session.match_over:
        if session.hand_over:
            session.next_hand()
        elif session.computer_to_act:
            play_computer_step(session)
        else:
            assert session.act(me.choose(session.view(0))) is None
    assert session.computer.eager, "simple knocks as soon as it may"
    record, _ = store.load()
    assert record is not None
    assert MatchSession(record, store).computer.eager
    fresh = MatchSession.new(Options(), 12, "hard", SaveStore(tmp_path / "other"))
    assert not fresh.computer.eager


def test_a_resumed_hard_reads_the_player_as_the_uninterrupted_one_did() -> None:
    """Each hand's end is shown to the computer when the next hand is dealt (the opponent's
    hand laid open is evidence for its reading); a match resumed at a hand's end or at the
    next hand's start has the same reading as the match played on."""
    import random

    from gin_handset.ai.levels import make_player

    session = MatchSession.new(Options(), 5, "hard")
    me = make_player("eager", random.Random(5))
    starts = 0
    while not session.match_over:
        if session.hand_over:
            at_end = MatchSession(session.record)  # resumed with the hand just over
            session.next_hand()
            at_end.next_hand()
            starts += 1
            at_start = MatchSession(session.record)
            for resumed in (at_end, at_start):
                assert resumed.computer.reading == session.computer.reading, starts
        elif session.computer_to_act:
            play_computer_step(session)
        else:
            assert session.act(me.choose(session.view(0))) is None
    assert starts >= 2 and session.computer.reading.shrewd, "it saw the guard's shrewd hands"
