"""A fair table over the network: every message a seat receives is the same whatever the cards
it cannot see are; the seed is not sent while the match is played; at the end the reveal is
checked against the commitment and the whole match replayed, and a tampered reveal is caught."""

from __future__ import annotations

import asyncio
import random
import re

import pytest

from gin_handset.ai.levels import PEOPLE, make_player
from gin_handset.net.bot import Bot, create_hello, join_hello
from gin_handset.net.client import SeatLink, Update
from gin_handset.net.fair import commitment, match_seed, verify
from gin_handset.net.protocol import digest, view_message
from gin_handset.net.server import Limits, start_in_thread
from gin_handset.rules.options import OKLAHOMA, Options
from gin_handset.session.record import MatchRecord, replay_states
from tests.net_tools import hidden_dealt_anew
from tests.test_net_table import deliver, play_one, seated

CARD = re.compile(r"\b[A2-9TJQK][cdhs]\b")


class ListeningBot(Bot):
    """A bot that keeps every message its seat was sent."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.received: list[dict] = []

    async def _react(self, update: Update) -> None:
        if update.kind != "link":
            self.received.append(update.message)
        await super()._react(update)


async def whole_match(url: str, options: Options, seed: int) -> tuple[ListeningBot, ...]:
    first = ListeningBot(SeatLink(url, create_hello("Ann", options)), "easy", seed)
    task = asyncio.create_task(first.play())
    async with asyncio.timeout(10):
        while first.link.code is None:
            await asyncio.sleep(0.01)
    second = ListeningBot(SeatLink(url, join_hello(first.link.code, "Bob")), "simple", seed)
    async with asyncio.timeout(90):
        await asyncio.gather(task, second.play())
    return first, second


@pytest.fixture(scope="module")
def server():
    handle = start_in_thread("127.0.0.1", 0, None, Limits(rate=1000, burst=1000))
    yield handle
    handle.stop()


@pytest.mark.parametrize(("game", "seed"), [("gin", 5), pytest.param(OKLAHOMA, 6,
                                                                     marks=pytest.mark.slow)])
def test_every_message_a_seat_receives_is_the_same_whatever_the_hidden_cards(server, game,
                                                                              seed):
    options = Options(points_to_win=50, game_type=game)
    bots = asyncio.run(whole_match(server.url, options, seed))
    reveal = bots[0].link.reveal
    assert reveal is not None and bots[1].link.reveal == reveal
    states = list(replay_states(MatchRecord(options, reveal["seed"], PEOPLE,
                                            tuple(reveal["steps"]))))
    rng = random.Random(seed)
    views = changed = 0
    for bot in bots:
        seat = bot.link.seat
        assert bot.link.verification is not None and bot.link.verification.ok
        for message in bot.received:
            if message["type"] == "view":
                state = states[message["step"]]
                assert message == view_message(state, seat, message["step"])
                twin = hidden_dealt_anew(state, seat, rng)
                changed += twin != state
                assert message == view_message(twin, seat, message["step"])
                views += 1
            elif message["type"] == "table":
                assert not CARD.search(str({k: v for k, v in message.items()
                                            if k not in ("commitment", "code")}))
            if message["type"] != "reveal":
                assert str(reveal["seed"]) not in str(message), "the seed is sent only at the end"
                assert reveal["secret"] not in str(message)
        assert bot.received[-1]["type"] == "reveal"
    # Not vacuous: every step's view reached its seat, and most views had hidden cards to
    # deal anew (the deal is random: a match may be one short hand, ending open).
    assert views >= len(reveal["steps"]) and changed > views * 0.75


def reveal_of_a_match() -> tuple[dict, str, dict[int, dict[int, str]], list[str]]:
    """A match played at a table directly: its reveal, commitment, each seat's fingerprints of
    the views it was sent, and the contributions."""
    table, _clock, inbox = seated()
    players = [make_player("simple", random.Random(s)) for s in range(2)]
    while table.match.hand_number < 2:
        if table.match.hand.is_over:
            for seat in range(2):
                deliver(inbox, table.next_hand(seat, len(table.steps)))
        else:
            play_one(table, inbox, players)
    deliver(inbox, table.leave(1))
    promised = next(m["commitment"] for m in inbox[0] if m["type"] == "table" and
                    m["commitment"])
    seen = {seat: {m["step"]: digest(m) for m in inbox[seat] if m["type"] == "view"}
            for seat in range(2)}
    reveal = [m for m in inbox[0] if m["type"] == "reveal"][-1]
    return reveal, promised, seen, reveal["contributions"]


def test_the_reveal_checks_out_and_every_kind_of_tampering_is_caught():
    reveal, promised, seen, parts = reveal_of_a_match()
    secret, salt = bytes.fromhex(reveal["secret"]), bytes.fromhex(reveal["salt"])
    assert commitment(secret, salt) == promised
    assert match_seed(secret, tuple(bytes.fromhex(p) for p in parts)) == reveal["seed"]
    for seat in range(2):
        assert verify(reveal, promised, seat, parts[seat], seen[seat]).ok
    flipped = format(int(reveal["secret"][:2], 16) ^ 1, "02x") + reveal["secret"][2:]
    steps = list(reveal["steps"])
    at = next(i for i, s in enumerate(steps) if s.startswith("discard"))
    other = next(s for s in steps[at + 1:] if s.startswith("discard") and s != steps[at])
    tampered = [
        ({**reveal, "secret": flipped}, "commitment"),
        ({**reveal, "salt": "00" * 16}, "commitment"),
        ({**reveal, "seed": reveal["seed"] ^ 1}, "seed"),
        ({**reveal, "contributions": [parts[0], "ab" * 16]}, "seed"),
        ({**reveal, "steps": [*steps[:at], other, *steps[at + 1:]]}, "replay"),
        ({**reveal, "steps": steps[:-5]}, "reveal does not hold"),
        ({**reveal, "options": {**reveal["options"], "gin_bonus": 20}}, ""),
        ({**reveal, "secret": 7}, "cannot be read"),
        ({**reveal, "secret": reveal["secret"][:-1]}, "cannot be read: field secret"),
        ({**reveal, "salt": "xy" * 16}, "cannot be read: field salt"),
        ({**reveal, "contributions": [parts[0], parts[1] + "a"]},
         "cannot be read: field contributions"),
    ]
    for forged, problem in tampered:
        checks = [verify(forged, promised, seat, parts[seat], seen[seat]) for seat in range(2)]
        assert not any(c.ok for c in checks), forged
        assert problem in (checks[0].problem or "")
    swapped = verify(reveal, promised, 0, parts[1], seen[0])
    assert swapped.problem == "the seed was not made with this phone's contribution"
