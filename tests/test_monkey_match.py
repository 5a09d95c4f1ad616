"""Random phone keys across every screen, several seeds: nothing raises, the 52 cards are always
all there, and a match's scores only ever grow."""

from __future__ import annotations

import random

import pygame
import pytest

from gin_handset.compose import main_menu
from gin_handset.device.keys import PhoneKey
from gin_handset.device.skin import load_skin
from gin_handset.rules.cards import DECK
from gin_handset.rules.options import GIN_RUMMY, OKLAHOMA, Options
from gin_handset.screens.base import ScreenStack
from gin_handset.screens.match.door import MatchStart
from gin_handset.screens.match.router import MatchHost
from gin_handset.session.match_session import MatchSession
from gin_handset.settings import Settings, SettingsStore
from tests.conftest import SKINS

KEYS = list(PhoneKey)
PRESSES = 8000
DRAW_EVERY = 20


def check(session: MatchSession, scores: dict[int, tuple[int, int]]) -> None:
    hand = session.match.hand
    held = [*hand.hands[0], *hand.hands[1], *hand.stock, *hand.discard_pile]
    assert sorted(held) == sorted(DECK), "the 52 cards are not all accounted for"
    before = scores.get(id(session), (0, 0))
    now = session.match.scores
    assert now[0] >= before[0] and now[1] >= before[1], f"scores went down: {before} -> {now}"
    scores[id(session)] = now


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_keys(seed, data_dir):
    rng = random.Random(seed)
    skin = SKINS[seed % len(SKINS)]
    theme = load_skin(skin).theme
    game = OKLAHOMA if seed % 2 else GIN_RUMMY
    SettingsStore(data_dir).save(Settings(options=Options(points_to_win=50, game_type=game)))
    lcd = pygame.Surface((theme.width, theme.height))
    scores: dict[int, tuple[int, int]] = {}
    sessions: list[MatchSession] = []  # kept alive so their ids stay unique
    stack = ScreenStack(main_menu(theme, start=MatchStart(seed)))
    screens_seen: set[str] = set()
    for press in range(PRESSES):
        if stack.quit:
            stack = ScreenStack(main_menu(theme, start=MatchStart(seed + press)))
        # Favour the keys that play over those that leave, so matches get somewhere.
        key = rng.choice(KEYS + [PhoneKey.NUM5, PhoneKey.SELECT] * 3)
        stack.key(key)
        top = stack.top
        if isinstance(top, MatchHost) and (decision := top.ui.session.decision_in_progress()):
            decision.wait()
        stack.update(rng.choice((0, 16, 100, 400, 1500)))
        top = stack.top
        screens_seen.add(type(top.current if isinstance(top, MatchHost) else top).__name__)
        if press % DRAW_EVERY == 0:
            stack.draw(lcd, theme)
        if isinstance(top, MatchHost):
            if top.ui.session not in sessions:
                sessions.append(top.ui.session)
            check(top.ui.session, scores)
    assert {"PlayScreen", "ComputerTurnScreen", "ScoreScreen"} <= screens_seen
