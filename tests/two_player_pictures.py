"""The README's pictures of the two-player screens, one sheet per skin, drawn by the real app
(dummy video driver) at a real table on 127.0.0.1 with a bot in the other seat:

    .venv/bin/python -m tests.two_player_pictures --out docs

The Two Players menu, the nickname typed with a letter pending, waiting for a player, the other
player's turn (with the hand clock), the phone passed in pass and play, the connection lost,
and a verified deal at the game over.
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

import gin_handset.screens.tables as tables
from gin_handset.device.keys import PhoneKey as K
from gin_handset.device.skin import bundled_skins, load_skin
from gin_handset.net.bot import join_hello
from gin_handset.render.fonts import draw_text, fit_text
from gin_handset.render.theme import FontSpec
from gin_handset.rules.options import Options
from gin_handset.screens.match.computer import ComputerTurnScreen
from gin_handset.screens.match.passing import PassScreen
from gin_handset.screens.match.score import GameOverScreen
from gin_handset.screens.tables import MINUTES, TableWaitScreen, TimeScreen
from gin_handset.screens.text_entry import TextEntryScreen
from gin_handset.screens.two_players import CREATE, ITEMS, PASS_AND_PLAY, TwoPlayersScreen
from gin_handset.session.remote import RemoteSession
from gin_handset.settings import Settings, SettingsStore
from tests.test_phone_table import SECONDS, TableDriver, run_bot

LABEL = FontSpec("pixel5x7")
GAP = 6


def shot(driver: TableDriver) -> pygame.Surface:
    driver.app.step([], 0)
    return driver.app.lcd.copy()


def until(driver: TableDriver, check, *, play: bool = False) -> None:
    deadline = time.monotonic() + SECONDS
    while not check():
        assert time.monotonic() < deadline, "never came"
        if play:
            driver.step()
        else:
            driver.wait()


def tap(driver: TableDriver, *letters: list[K]) -> None:
    """Multi-tap: each list of presses types a letter, kept by the pause after it."""
    for presses in letters:
        for key in presses:
            driver.press(key)
        driver.app.step([], 1500)


def pictures(skin_name: str, folder: Path) -> list[tuple[str, pygame.Surface]]:
    tables.TABLE_PORT = 0
    found: list[tuple[str, pygame.Surface]] = []
    SettingsStore(folder).save(Settings(nickname="", options=Options(points_to_win=50)))
    driver = TableDriver(None, skin_name, folder=folder)
    driver.step()  # the main menu: Two Players
    driver.cursor_to(TwoPlayersScreen, ITEMS, PASS_AND_PLAY)
    found.append(("Two Players", shot(driver)))
    driver.press(K.SELECT)  # no nickname yet: it is asked first
    assert isinstance(driver.top, TextEntryScreen)
    tap(driver, [K.NUM2], [K.NUM6, K.NUM6])  # "An"
    driver.press(K.NUM6)  # "m", pending
    driver.press(K.NUM6)  # "n", pending
    found.append(("nickname", shot(driver)))
    driver.press(K.SELECT)  # keeps "Ann", then asks the second player's nickname
    tap(driver, [K.NUM2, K.NUM2], [K.NUM6, K.NUM6, K.NUM6], [K.NUM2, K.NUM2])  # "Bob"
    driver.press(K.SELECT)
    until(driver, lambda: isinstance(driver.top, PassScreen))
    found.append(("pass the phone", shot(driver)))
    driver.press(K.CLEAR)  # leaves the match (it stays saved)
    until(driver, lambda: driver.app.stack.top is not None and len(driver.app.stack.screens) == 1)
    driver.step()  # the main menu: Two Players
    driver.cursor_to(TwoPlayersScreen, ITEMS, CREATE)
    driver.press(K.SELECT)
    driver.cursor_to(TimeScreen, MINUTES, 4)
    driver.press(K.SELECT)
    wait = driver.top
    assert isinstance(wait, TableWaitScreen) and wait.session is not None
    session = wait.session
    until(driver, lambda: session.client.code is not None)
    found.append(("waiting", shot(driver)))
    assert session.server is not None
    out: dict = {}
    run_bot(session.server.url, join_hello(session.client.code, "Bob"), out, think=0.6)
    until(driver, lambda: isinstance(driver.top, ComputerTurnScreen) and session.ready
          and not session.waiting and session.to_act != session.seats.me, play=True)
    driver.app.step([], 900)
    found.append(("the other's turn", shot(driver)))
    until(driver, lambda: isinstance(driver.top, GameOverScreen)
          and session.client.verification is not None, play=True)
    found.append(("a verified deal", shot(driver)))
    driver.press(K.CLEAR)
    lost = lost_connection(skin_name, folder)
    found.insert(5, ("connection lost", lost))
    return found


def lost_connection(skin_name: str, folder: Path) -> pygame.Surface:
    """A phone that joined a table whose server then went away."""
    from gin_handset.net.server import start_in_thread
    from tests.test_phone_table import FAST

    server = start_in_thread("127.0.0.1", 0, None, FAST)
    out: dict = {}
    from gin_handset.net.bot import create_hello

    run_bot(server.url, create_hello("Ann", Options(points_to_win=50)), out, think=30)
    until_code = time.monotonic() + SECONDS
    while "bot" not in out or out["bot"].link.code is None:
        assert time.monotonic() < until_code
        time.sleep(0.02)
    host, port = server.address
    SettingsStore(folder).save(Settings(nickname="Bob", options=Options(points_to_win=50)))
    driver = TableDriver(f"{host}:{port}/{out['bot'].link.code}", skin_name, folder=folder)
    until(driver, lambda: isinstance(driver.top, ComputerTurnScreen) and driver_session(driver)
          is not None and not driver_session(driver).waiting
          and driver_session(driver).to_act != driver_session(driver).seats.me, play=True)
    server.stop()
    until(driver, lambda: driver_session(driver).client.retrying)
    picture = shot(driver)
    driver.app.stack.close()
    return picture


def driver_session(driver: TableDriver) -> RemoteSession | None:
    top = driver.top
    session = getattr(getattr(top, "ui", None), "session", None)
    return session if isinstance(session, RemoteSession) else None


def sheet(found: list[tuple[str, pygame.Surface]], scale: int) -> pygame.Surface:
    width, height = found[0][1].get_size()
    width, height = width * scale, height * scale
    label = 10
    out = pygame.Surface((len(found) * (width + GAP) + GAP, height + label + 2 * GAP))
    out.fill((40, 40, 40))
    for i, (name, picture) in enumerate(found):
        x = GAP + i * (width + GAP)
        out.blit(pygame.transform.scale_by(picture, scale), (x, GAP))
        draw_text(out, fit_text(name, LABEL, width), LABEL, (230, 230, 230),
                  (x, GAP + height + 2))
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--skins", nargs="*", default=list(bundled_skins()))
    args = parser.parse_args()
    import tempfile

    pygame.display.init()
    for name in args.skins:
        with tempfile.TemporaryDirectory() as scratch:
            found = pictures(name, Path(scratch))
        scale = 2 if load_skin(name).resolution[0] <= 128 else 1
        pygame.image.save(sheet(found, scale), str(args.out / f"two_players_{name}.png"))
        print(f"{args.out / f'two_players_{name}.png'}: {', '.join(n for n, _ in found)}")
    pygame.quit()


if __name__ == "__main__":
    main()
