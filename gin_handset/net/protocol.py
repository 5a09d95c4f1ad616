"""The table protocol: small JSON messages with a version field, each checked like a save file.

A phone sends ``create``, ``join``, ``rejoin``, ``contribute``, ``act``, ``next`` and
``leave``; the server answers with ``joined``, ``table`` (who sits where, clocks, the
commitment), ``view`` (that seat's `PlayerView`, nothing more), ``reveal`` (at the match's
end) and ``error``. Every incoming message is parsed by `parse_request` or `parse_reply`:
bounded size, no deep nesting or huge numbers, known fields of the right types and bounds;
anything else raises `ProtocolError` naming the field and what is wrong.
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any

from gin_handset.rules.actions import action_text, parse_action
from gin_handset.rules.cards import DECK, Card, format_cards, parse_card
from gin_handset.rules.hand import Event, EventKind, HandResult, Phase, ResultKind
from gin_handset.rules.layoff import LayOff, LayOffResult
from gin_handset.rules.match import MatchState
from gin_handset.rules.melds import Arrangement, Meld
from gin_handset.rules.options import Options
from gin_handset.rules.view import PlayerView, view_of
from gin_handset.storage import FieldError, show

VERSION = 1
MAX_REQUEST = 4096  # bytes of a message a phone sends
MAX_REPLY = 256 * 1024  # bytes of a message the server sends (a view is about 2 KiB)
MAX_STEPS = 20_000  # as a saved match
MAX_LOG = 200  # events of a hand a view may hold
MAX_ACTION_TEXT = 120
MAX_NICKNAME = 16
MINUTES = (0, 2, 4, 8)  # time per hand; 0 is off
CODE = re.compile(r"[0-9]{6}")
TOKEN = re.compile(r"[0-9a-f]{48}")  # 192 random bits
CONTRIBUTION = re.compile(r"(?:[0-9a-f]{2}){16,32}")  # whole bytes: an even number of digits
HEX = re.compile(r"(?:[0-9a-f]{2}){1,64}")
STATUSES = ("waiting", "seeding", "playing", "over")
REASONS = ("points", "time", "away", "unready", "left", "closed")
EVENT_KINDS = frozenset(kind.value for kind in EventKind)
RESULT_KINDS = frozenset(kind.value for kind in ResultKind)


class ProtocolError(FieldError):
    """A message (or a table's file) that cannot be used, naming its field."""


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def load(raw: str | bytes, limit: int) -> dict[str, Any]:
    """The JSON object of one message of at most ``limit`` bytes, version `VERSION`."""
    if isinstance(raw, bytes | bytearray):
        raise ProtocolError("(message)", "expected a text message, got binary")
    if len(raw) > limit or len(raw.encode("utf-8", "replace")) > limit:
        raise ProtocolError("(message)", f"more than {limit} bytes")
    try:
        data = json.loads(raw, parse_constant=_reject_constant)
    except RecursionError:
        raise ProtocolError("(message)", "not JSON (nested too deeply)") from None
    except ValueError as error:  # bad JSON, a number of thousands of digits
        raise ProtocolError("(message)", f"not JSON ({str(error)[:80]})") from None
    if not isinstance(data, dict):
        raise ProtocolError("(message)", f"expected an object, found {type(data).__name__}")
    if type(data.get("v")) is not int or data["v"] != VERSION:  # not true, not 1.0
        raise ProtocolError("v", f"{show(data.get('v'))} is not {VERSION} (another version)")
    if type(data.get("type")) is not str:
        raise ProtocolError("type", f"{show(data.get('type'))} is not a message type")
    return data


def _check_fields(data: dict[str, Any], allowed: set[str]) -> None:
    unknown = sorted(set(data) - allowed - {"v", "type"})
    if unknown:
        shown = ", ".join(show(name) for name in unknown[:4])
        raise ProtocolError(shown, f"unknown in a {data['type']!r} message")


def field(data: dict[str, Any], name: str, kind: type | tuple[type, ...]) -> Any:
    """``data[name]`` if present and of ``kind`` (a bool is never an int)."""
    if name not in data:
        raise ProtocolError(name, "missing")
    value = data[name]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if type(value) not in kinds:
        names = " or ".join("null" if k is type(None) else k.__name__ for k in kinds)
        raise ProtocolError(name, f"expected {names}, found {type(value).__name__}")
    return value


def whole(data: dict[str, Any], name: str, low: int, high: int) -> int:
    value = field(data, name, int)
    if not low <= value <= high:
        raise ProtocolError(name, f"{show(value)} is not between {low} and {high}")
    return value


def text(data: dict[str, Any], name: str, pattern: re.Pattern[str], what: str) -> str:
    value = field(data, name, str)
    if not pattern.fullmatch(value):
        raise ProtocolError(name, f"{show(value)} is not {what}")
    return value


def nickname(data: dict[str, Any], name: str = "nickname") -> str:
    value = field(data, name, str)
    if not 1 <= len(value) <= MAX_NICKNAME or not value.isprintable() or value != value.strip():
        raise ProtocolError(name, f"{show(value)} is not 1 to {MAX_NICKNAME} printable "
                            "characters without spaces at either end")
    return value


def options_of(data: dict[str, Any], name: str = "options") -> Options:
    try:
        return Options.from_dict(field(data, name, dict))
    except (TypeError, ValueError) as error:
        if isinstance(error, ProtocolError):
            raise
        raise ProtocolError(name, str(error)[:160]) from None


_REQUESTS: dict[str, set[str]] = {
    "create": {"nickname", "options", "minutes"},
    "join": {"code", "nickname"},
    "rejoin": {"code", "token"},
    "contribute": {"contribution"},
    "act": {"step", "action"},
    "next": {"step"},
    "leave": set(),
}


def parse_request(raw: str | bytes) -> dict[str, Any]:
    """A phone's message, checked: its fields are of the right types and within bounds."""
    data = load(raw, MAX_REQUEST)
    kind = data["type"]
    if kind not in _REQUESTS:
        raise ProtocolError("type", f"{show(kind)} is not one of {', '.join(_REQUESTS)}")
    _check_fields(data, _REQUESTS[kind])
    if "nickname" in _REQUESTS[kind]:
        nickname(data)
    if kind == "create":
        options_of(data)
        minutes = field(data, "minutes", int)
        if minutes not in MINUTES:
            raise ProtocolError("minutes", f"{show(minutes)} is not one of 0, 2, 4, 8")
    if "code" in _REQUESTS[kind]:
        text(data, "code", CODE, "a table code of six digits")
    if kind == "rejoin":
        text(data, "token", TOKEN, "a seat token (48 hex digits)")
    if kind == "contribute":
        text(data, "contribution", CONTRIBUTION,
             "an even number (32 to 64) of lowercase hex digits")
    if "step" in _REQUESTS[kind]:
        whole(data, "step", 0, MAX_STEPS)
    if kind == "act":
        action = field(data, "action", str)
        if len(action) > MAX_ACTION_TEXT:
            raise ProtocolError("action", f"longer than {MAX_ACTION_TEXT} characters")
        try:
            parse_action(action)
        except ValueError as error:
            raise ProtocolError("action", str(error)[:160]) from None
    return data


def request(kind: str, **fields: Any) -> dict[str, Any]:
    """A message as a phone sends it."""
    return {"v": VERSION, "type": kind, **fields}


def dumps(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"), sort_keys=True)


def digest(message: dict[str, Any]) -> str:
    """A fingerprint of a message (a phone keeps one per view it was sent, to verify)."""
    return hashlib.sha256(dumps(message).encode()).hexdigest()


# The server's messages.


def _arrangement(arrangement: Arrangement | None) -> dict[str, Any] | None:
    if arrangement is None:
        return None
    return {"melds": [str(m) for m in arrangement.melds],
            "deadwood": format_cards(arrangement.deadwood)}


def encode_view(view: PlayerView) -> dict[str, Any]:
    """Exactly what a `PlayerView` holds, as JSON."""
    return {
        "seat": view.seat,
        "phase": view.phase.value,
        "to_act": view.to_act,
        "dealer": view.dealer,
        "hand": format_cards(view.hand),
        "discard_pile": format_cards(view.discard_pile),
        "upcard": str(view.upcard),
        "log": [[e.seat, str(e.kind), None if e.card is None else str(e.card)] for e in view.log],
        "opponent_pickups": format_cards(view.opponent_pickups),
        "stock_count": view.stock_count,
        "opponent_hand_count": view.opponent_hand_count,
        "options": view.options.to_dict(),
        "knock_limit": view.knock_limit,
        "doubled": view.doubled,
        "scores": list(view.scores),
        "taken": None if view.taken is None else str(view.taken),
        "legal_actions": [action_text(a) for a in view.legal_actions],
        "opponent_hand": None if view.opponent_hand is None else format_cards(view.opponent_hand),
        "knocker": view.knocker,
        "knocker_arrangement": _arrangement(view.knocker_arrangement),
    }


def encode_result(result: HandResult) -> dict[str, Any]:
    """A finished hand's result: public once the hand is over."""
    defender = result.defender
    return {
        "kind": str(result.kind),
        "winner": result.winner,
        "points": result.points,
        "bonus": result.bonus,
        "doubled": result.doubled,
        "knocker": result.knocker,
        "knocker_arrangement": _arrangement(result.knocker_arrangement),
        "defender": None if defender is None else {
            "melds": [str(m) for m in defender.defender_melds],
            "laid_off": [[str(lay.card), lay.meld_index] for lay in defender.laid_off],
            "deadwood": format_cards(defender.deadwood),
        },
    }


def view_message(match: MatchState, seat: int, step: int) -> dict[str, Any]:
    """What ``seat`` is sent after ``step`` steps: its view of ``match``, and the hand's result
    once the hand is over. Built from the seat's `PlayerView` alone."""
    view = view_of(match.hand, seat, match.scores)
    result = match.hand.result
    return {
        "v": VERSION,
        "type": "view",
        "step": step,
        "hand_number": match.hand_number,
        "view": encode_view(view),
        "result": None if result is None else encode_result(result),
        "match_winner": match.winner,
    }


def error_message(reason: str, about: str | None = None) -> dict[str, Any]:
    return {"v": VERSION, "type": "error", "reason": reason[:300], "about": about}


# Reading the server's messages on the phone.

_BY_TEXT = {str(card): card for card in DECK}  # the cards as the server writes them


def _cards(data: dict[str, Any], name: str, low: int = 0, high: int = 52,
           repeats: bool = False) -> tuple[Card, ...]:
    """``low`` to ``high`` cards, each once unless ``repeats``."""
    value = field(data, name, str)
    if len(value) > 3 * high + 60:
        raise ProtocolError(name, "too long for a list of cards")
    try:
        cards = tuple(_BY_TEXT.get(token) or parse_card(token) for token in value.split())
    except ValueError as error:
        raise ProtocolError(name, str(error)) from None
    if not low <= len(cards) <= high or (not repeats and len(set(cards)) != len(cards)):
        different = "" if repeats else " different"
        raise ProtocolError(name, f"not {low} to {high}{different} cards")
    return cards


def _card(data: dict[str, Any], name: str, optional: bool = False) -> Card | None:
    if optional and data.get(name) is None:
        field(data, name, type(None))
        return None
    (card,) = _cards(data, name, 1, 1)
    return card


def _seat(data: dict[str, Any], name: str, optional: bool = False) -> int | None:
    if optional and data.get(name) is None:
        field(data, name, type(None))
        return None
    return whole(data, name, 0, 1)


def _list(data: dict[str, Any], name: str, high: int) -> list[Any]:
    value = field(data, name, list)
    if len(value) > high:
        raise ProtocolError(name, f"more than {high} entries")
    return value


def _melds(data: dict[str, Any], name: str) -> tuple[Meld, ...]:
    # A meld that is not one raises ValueError.
    return tuple(Meld(_cards({name: entry}, name, 3, 13)) for entry in _list(data, name, 10))


def _decode_arrangement(data: dict[str, Any], name: str) -> Arrangement | None:
    value = field(data, name, (dict, type(None)))
    if value is None:
        return None
    return Arrangement(_melds(value, "melds"), _cards(value, "deadwood"))


def decode_view(data: dict[str, Any]) -> PlayerView:
    """The `PlayerView` of an encoded view; ProtocolError naming the field when it is not one."""
    try:
        log = []
        for entry in _list(data, "log", MAX_LOG):
            if not (isinstance(entry, list) and len(entry) == 3):
                raise ProtocolError("log", "an entry is not [seat, kind, card]")
            seat, kind, card = entry
            if (seat not in (0, 1) or type(seat) is not int or type(kind) is not str
                    or kind not in EVENT_KINDS):
                raise ProtocolError("log", f"bad entry {show(entry)}")
            log.append(Event(seat, EventKind(kind), _card({"log": card}, "log", optional=True)))
        phase = field(data, "phase", str)
        if phase not in {p.value for p in Phase}:
            raise ProtocolError("phase", f"{show(phase)} is not a phase")
        scores = _list(data, "scores", 2)
        if len(scores) != 2 or not all(type(s) is int and 0 <= s < 10**6 for s in scores):
            raise ProtocolError("scores", "not two scores")
        opponent_hand = None
        if data.get("opponent_hand") is not None:
            opponent_hand = _cards(data, "opponent_hand", 0, 11)
        legal = []
        for entry in _list(data, "legal_actions", 5000):
            if type(entry) is not str or len(entry) > MAX_ACTION_TEXT:
                raise ProtocolError("legal_actions", f"{show(entry)} is not an action")
            legal.append(parse_action(entry))
        upcard = _card(data, "upcard")
        assert upcard is not None
        return PlayerView(
            seat=whole(data, "seat", 0, 1),
            phase=Phase(phase),
            to_act=whole(data, "to_act", 0, 1),
            dealer=whole(data, "dealer", 0, 1),
            hand=_cards(data, "hand", 0, 11),
            discard_pile=_cards(data, "discard_pile"),
            upcard=upcard,
            log=tuple(log),
            # a card taken from the pile, discarded and taken again is there twice
            opponent_pickups=_cards(data, "opponent_pickups", 0, MAX_LOG, repeats=True),
            stock_count=whole(data, "stock_count", 0, 52),
            opponent_hand_count=whole(data, "opponent_hand_count", 0, 11),
            options=options_of(data),
            knock_limit=whole(data, "knock_limit", 0, 10),
            doubled=field(data, "doubled", bool),
            scores=(scores[0], scores[1]),
            taken=_card(data, "taken", optional=True),
            legal_actions=tuple(legal),
            opponent_hand=opponent_hand,
            knocker=_seat(data, "knocker", optional=True),
            knocker_arrangement=_decode_arrangement(data, "knocker_arrangement"),
        )
    except ProtocolError:
        raise
    except ValueError as error:
        raise ProtocolError("view", str(error)[:160]) from None


def decode_result(data: dict[str, Any]) -> HandResult:
    """The `HandResult` of an encoded result."""
    try:
        kind = field(data, "kind", str)
        if kind not in RESULT_KINDS:
            raise ProtocolError("kind", f"{show(kind)} is not a kind of result")
        defender = field(data, "defender", (dict, type(None)))
        laid = None
        if defender is not None:
            lays = []
            for entry in _list(defender, "laid_off", 11):
                if not (isinstance(entry, list) and len(entry) == 2 and type(entry[1]) is int):
                    raise ProtocolError("laid_off", f"{show(entry)} is not [card, meld]")
                lays.append(LayOff(_card({"laid_off": entry[0]}, "laid_off"), entry[1]))  # type: ignore[arg-type]
            laid = LayOffResult(_melds(defender, "melds"), tuple(lays),
                                _cards(defender, "deadwood"))
        return HandResult(
            kind=ResultKind(kind),
            winner=_seat(data, "winner", optional=True),
            points=whole(data, "points", 0, 10_000),
            bonus=whole(data, "bonus", 0, 100),
            doubled=field(data, "doubled", bool),
            knocker=_seat(data, "knocker", optional=True),
            knocker_arrangement=_decode_arrangement(data, "knocker_arrangement"),
            defender=laid,
        )
    except ProtocolError:
        raise
    except ValueError as error:
        raise ProtocolError("result", str(error)[:160]) from None


_REPLIES = {"joined", "table", "view", "reveal", "error"}


def _seat_or_none(data: dict[str, Any], name: str) -> None:
    value = data.get(name)
    if value is not None and (type(value) is not int or value not in (0, 1)):
        raise ProtocolError(name, f"{show(value)} is not 0, 1 or null")


def _table_facts(data: dict[str, Any]) -> None:
    """What the phone reads of a table message: who sits there, who is here, how it ended."""
    names = field(data, "nicknames", list)
    if len(names) > 2 or not all(type(name) is str and len(name) <= 100 for name in names):
        raise ProtocolError("nicknames", "expected at most two nicknames")
    present = data.get("present", [])
    if (type(present) is not list or len(present) > 2
            or not all(type(here) is bool for here in present)):
        raise ProtocolError("present", "expected at most two true or false")
    _seat_or_none(data, "winner")
    if data.get("status") not in STATUSES:
        raise ProtocolError("status", f"{show(data.get('status'))} is not one of "
                            f"{', '.join(STATUSES)}")
    if data.get("reason") is not None and data.get("reason") not in REASONS:
        raise ProtocolError("reason", f"{show(data.get('reason'))} is not one of "
                            f"{', '.join(REASONS)}")


def parse_reply(raw: str | bytes) -> dict[str, Any]:
    """A server's message, its envelope checked (views are checked by `decode_view`)."""
    data = load(raw, MAX_REPLY)
    if data["type"] not in _REPLIES:
        raise ProtocolError("type", f"{show(data['type'])} is not one of {', '.join(_REPLIES)}")
    if data["type"] == "view":
        whole(data, "step", 0, MAX_STEPS)
        whole(data, "hand_number", 0, MAX_STEPS)
        field(data, "view", dict)
        _seat_or_none(data, "match_winner")
    if data["type"] == "table":
        _table_facts(data)
    if data["type"] == "joined":
        text(data, "code", CODE, "a table code")
        text(data, "token", TOKEN, "a seat token")
        whole(data, "seat", 0, 1)
    if data["type"] == "error":
        field(data, "reason", str)
    return data
