"""The table protocol: every message a phone sends is checked like a save file (version, types,
bounds, unknown fields named, size), and a seat's view crosses the wire unchanged."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from dataclasses import replace

import pytest

from gin_handset.ai.levels import make_player
from gin_handset.net.protocol import (
    MAX_REQUEST,
    ProtocolError,
    decode_result,
    decode_view,
    dumps,
    encode_result,
    encode_view,
    parse_reply,
    parse_request,
    request,
    view_message,
)
from gin_handset.rules.cards import parse_card
from gin_handset.rules.match import MatchState
from gin_handset.rules.options import OKLAHOMA, Options
from gin_handset.rules.view import view_of
from tests.net_tools import ROOT

TOKEN = "ab" * 24
GOOD = [
    request("create", nickname="Ann", options=Options().to_dict(), minutes=4),
    request("join", code="012345", nickname="Bob"),
    request("rejoin", code="012345", token=TOKEN),
    request("contribute", contribution="0f" * 16),
    request("act", step=12, action="discard 7h"),
    request("act", step=0, action="arrange 7h 8h 9h|Kc Kd Ks"),
    request("next", step=40),
    request("leave"),
]


@pytest.mark.parametrize("message", GOOD, ids=lambda m: m["type"])
def test_every_kind_of_good_message_is_read(message):
    assert parse_request(json.dumps(message)) == message


BAD = [
    ("not json", "(message)", "not JSON"),
    ("[1, 2]", "(message)", "expected an object"),
    ('{"v": 2, "type": "leave"}', "v", "another version"),
    ('{"type": "leave"}', "v", "another version"),
    ('{"v": true, "type": "leave"}', "v", "another version"),
    ('{"v": 1.0, "type": "leave"}', "v", "another version"),
    ('{"v": 1, "type": "dance"}', "type", "is not one of"),
    ('{"v": 1, "type": 7}', "type", "not a message type"),
    ('{"v": 1, "type": "leave", "admin": true}', "'admin'", "unknown"),
    ('{"v": 1, "type": "next", "step": true}', "step", "expected int, found bool"),
    ('{"v": 1, "type": "next", "step": -1}', "step", "between"),
    ('{"v": 1, "type": "next", "step": 1e999}', "step", "expected int"),
    ('{"v": 1, "type": "next", "step": NaN}', "(message)", "not JSON"),
    ('{"v": 1, "type": "next", "step": ' + "9" * 5000 + "}", "(message)", "more than"),
    ('{"v": 1, "type": "next", "step": ' + "9" * 3000 + "}", "step", "between"),
    ('{"v": 1, "type": "next"}', "step", "missing"),
    ('{"v": 1, "type": "act", "step": 1, "action": "steal"}', "action", "not an action"),
    ('{"v": 1, "type": "act", "step": 1, "action": "discard Zz"}', "action", "not a card"),
    ('{"v": 1, "type": "join", "code": "12345", "nickname": "A"}', "code", "six digits"),
    ('{"v": 1, "type": "join", "code": "123456", "nickname": ""}', "nickname", "printable"),
    ('{"v": 1, "type": "join", "code": "123456", "nickname": "a\\u0007"}', "nickname",
     "printable"),
    ('{"v": 1, "type": "rejoin", "code": "123456", "token": "guess"}', "token", "seat token"),
    ('{"v": 1, "type": "contribute", "contribution": "xyz"}', "contribution", "hex"),
    ('{"v": 1, "type": "contribute", "contribution": "' + "a" * 33 + '"}', "contribution",
     "even number"),
    ('{"v": 1, "type": "create", "nickname": "A", "options": {"points_to_win": 7}, '
     '"minutes": 0}', "options", "points_to_win"),
    ('{"v": 1, "type": "create", "nickname": "A", "options": {"cheat": 1}, "minutes": 0}',
     "options", "unknown option"),
    ('{"v": 1, "type": "create", "nickname": "A", "options": {}, "minutes": 3}', "minutes",
     "0, 2, 4, 8"),
    ("[" * 2000 + "]" * 2000, "(message)", "nested too deeply"),
    ('{"v": 1, "type": "leave", "x": "' + "a" * MAX_REQUEST + '"}', "(message)", "more than"),
]


@pytest.mark.parametrize(("raw", "name", "problem"), BAD, ids=range(len(BAD)))
def test_a_bad_message_is_refused_naming_the_field_and_the_problem(raw, name, problem):
    with pytest.raises(ProtocolError) as caught:
        parse_request(raw)
    assert caught.value.field == name
    assert problem in str(caught.value)
    assert len(str(caught.value)) < 400


def test_binary_messages_are_refused():
    with pytest.raises(ProtocolError, match="binary"):
        parse_request(b'{"v": 1, "type": "leave"}')


@pytest.mark.parametrize("game", ["gin", OKLAHOMA])
def test_views_and_results_cross_the_wire_unchanged(game):
    """Every view of both seats and every result in a match's first 150 steps decode to what
    was encoded."""
    options = Options(points_to_win=50, game_type=game)
    match = MatchState.new(options, 11)
    players = [make_player("simple", random.Random(seat)) for seat in range(2)]
    checked = results = 0
    while not match.is_over and checked < 150:
        if match.hand.is_over:
            result = match.hand.result
            decoded = decode_result(json.loads(dumps(encode_result(result))))
            assert decoded == result and type(decoded.kind) is type(result.kind)
            results += 1
            match = match.next_hand()
            continue
        for seat in range(2):
            view = view_of(match.hand, seat, match.scores)
            wire = parse_reply(dumps(view_message(match, seat, checked)))
            decoded = decode_view(wire["view"])
            assert decoded == view
            assert [type(e.kind) for e in decoded.log] == [type(e.kind) for e in view.log]
            assert wire["view"] == encode_view(view)
        checked += 1
        seat = match.hand.turn
        match = match.apply(players[seat].choose(view_of(match.hand, seat, match.scores)))
    assert checked > 50 and results >= 1


def test_a_card_the_opponent_took_from_the_pile_twice_crosses_the_wire() -> None:
    """Taken, discarded, taken back by the other player, discarded, taken again: the view's
    pickups name it twice, and the phone must not refuse that view."""
    view = view_of(MatchState.new(Options(), 3).hand, 0)
    twice = replace(view, opponent_pickups=(parse_card("Qs"), parse_card("4h"),
                                            parse_card("Qs")))
    assert decode_view(json.loads(json.dumps(encode_view(twice)))) == twice


def test_a_bad_view_from_a_server_is_refused_naming_the_field():
    match = MatchState.new(Options(), 3)
    view = encode_view(view_of(match.hand, 0))
    for name, value in (("hand", "Ah Ah"), ("phase", "cheat"), ("stock_count", 99),
                        ("scores", [1]), ("legal_actions", ["fly"]), ("log", [[0, "x", "Zz"]])):
        with pytest.raises(ProtocolError) as caught:
            decode_view({**view, name: value})
        assert caught.value.field in (name, "view")


def test_the_network_package_knows_nothing_of_pygame_or_the_screens():
    """Every net module imported in a fresh interpreter brings in no pygame, no screens."""
    names = sorted(p.stem for p in (ROOT / "gin_handset" / "net").glob("*.py"))
    assert len(names) >= 8
    code = (f"import sys\nfor n in {names!r}: __import__('gin_handset.net.' + n)\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'pygame' or "
            "m.split('.')[:2] in (['gin_handset', 'screens'], ['gin_handset', 'device'], "
            "['gin_handset', 'render'], ['gin_handset', 'app'])))")
    found = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                           text=True, timeout=60)
    assert found.returncode == 0, found.stderr
    assert found.stdout.strip() == "[]"


def test_a_decoded_view_keeps_the_rules_kinds_of_events_and_results() -> None:
    """A phone's player compares kinds by identity (``is EventKind.DISCARD``): the wire's words
    must come back as the rules' own kinds, and an unknown word is refused."""
    from gin_handset.rules.hand import EventKind

    match = MatchState.new(Options(), 3)
    hand = match.hand.apply(match.hand.legal_actions()[0])
    decoded = decode_view(json.loads(json.dumps(encode_view(view_of(hand, 0)))))
    assert decoded.log and all(type(event.kind) is EventKind for event in decoded.log)
    bad = encode_view(view_of(hand, 0))
    bad["log"][0][1] = "steal"
    with pytest.raises(ProtocolError, match="log"):
        decode_view(bad)


def test_a_table_or_view_message_the_phone_reads_is_checked_field_by_field() -> None:
    """What the phone reads of a server's table and view messages: a hostile server cannot
    make it fail further on (the names, who is here, the winner, how it ended, the hand)."""
    table = {"v": 1, "type": "table", "nicknames": ["Ann", "Bob"], "present": [True, False],
             "status": "over", "winner": 1, "reason": "time"}
    assert parse_reply(dumps(table))["winner"] == 1
    for name, bad in (("nicknames", 5), ("nicknames", ["a", "b", "c"]), ("nicknames", [[]]),
                      ("present", 5), ("present", [1, 0]), ("winner", 2), ("winner", True),
                      ("winner", "x"), ("status", "done"), ("reason", []), ("reason", "why")):
        with pytest.raises(ProtocolError, match=name):
            parse_reply(dumps({**table, name: bad}))
    view = {"v": 1, "type": "view", "step": 3, "hand_number": 0, "view": {},
            "match_winner": None}
    assert parse_reply(dumps(view))["hand_number"] == 0
    for name, bad in (("hand_number", []), ("hand_number", -1), ("match_winner", 7),
                      ("match_winner", "x"), ("match_winner", False)):
        with pytest.raises(ProtocolError, match=name):
            parse_reply(dumps({**view, name: bad}))
