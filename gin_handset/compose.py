"""The composition root: the one place the game is put together.

`build_context` gives the screens what they may reach (the settings, the host, the door to a
match); `assemble` builds the host, the context, the screen stack and the app around an open
window; `run_app` opens the window and runs the game. `cli`, the tests, the benchmarks
and the skin preview all build the game here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from gin_handset.app import App
from gin_handset.app_host import AppHost, skin_in_use
from gin_handset.device.handset import FULL
from gin_handset.device.keys import PhoneKey
from gin_handset.device.screenshots import DEFAULT_KEY, Screenshots
from gin_handset.device.skin import Skin
from gin_handset.device.skin_watch import SkinWatch
from gin_handset.device.tones import KeyTones
from gin_handset.device.window import open_window
from gin_handset.render.theme import Theme
from gin_handset.screens.base import Push, Screen, ScreenStack
from gin_handset.screens.context import AppContext
from gin_handset.screens.host import Host, QuietHost
from gin_handset.screens.main_menu import MainMenu
from gin_handset.screens.match.door import MatchDoor, MatchStart
from gin_handset.settings import Settings, SettingsStore
from gin_handset.storage import data_dir

if TYPE_CHECKING:
    from gin_handset.session.history import Finished


def build_context(theme: Theme, *, host: Host | None = None, settings: Settings | None = None,
                  messages: Sequence[str] = (), start: MatchStart | None = None) -> AppContext:
    """What the screens may reach, with matches that start at ``start``. With ``settings``
    None they are read from the host's data folder; a quiet host when none is given."""
    return AppContext(theme, list(messages), host or QuietHost(), MatchDoor(start),
                      initial_settings=settings)


def main_menu(theme: Theme, *, host: Host | None = None, settings: Settings | None = None,
              messages: Sequence[str] = (), start: MatchStart | None = None) -> MainMenu:
    """The main menu over a context built by `build_context`."""
    return MainMenu(build_context(theme, host=host, settings=settings, messages=messages,
                                  start=start))


def replay_screen(shared: Finished) -> Screen:
    """A shared match (``--replay``), played again."""
    from gin_handset.screens.match.replay import ReplayScreen
    from gin_handset.session.replayer import positions

    return ReplayScreen(positions(shared.record), shared.record.seed,
                        shared.record.seats)


def assemble(
    skin: Skin,
    window: pygame.Surface,
    scale: int | None,
    *,
    settings: Settings | None = None,
    messages: Sequence[str] = (),
    start: MatchStart | None = None,
    bindings: Mapping[str, PhoneKey | None] | None = None,
    wanted: str = FULL,
    folder: Path | None = None,
    tones: KeyTones | None = None,
    shots: Screenshots | None = None,
    watch: SkinWatch | None = None,
    shared: Finished | None = None,
    root: Screen | None = None,
    join: str | None = None,
) -> App:
    """The game in ``window``: the host, the context, the main menu (or ``root``) with a
    ``shared`` match's replay over it (or the joining of the table at ``join``,
    ``HOST:PORT/CODE``), and the app. ``folder`` is the data folder (default:
    `storage.data_dir`); ``tones`` default to the key tones, on while the settings' sound is."""
    host = AppHost(folder or data_dir(), bindings)
    context = build_context(skin.theme, host=host, settings=settings, messages=messages,
                            start=start)
    host.wearing(skin_in_use(skin, context.settings.skin))
    stack = ScreenStack(root or MainMenu(context))
    if shared is not None:
        stack.apply(Push(replay_screen(shared)))
    elif join is not None:
        from gin_handset.screens.two_players import join_screen

        stack.apply(Push(join_screen(context, join)))
    return App(skin, stack, window, context, host,
               tones or KeyTones(lambda: context.settings.sound), scale, wanted, shots, watch)


def run_app(
    skin: Skin,
    *,
    scale: int | None = None,
    fullscreen: bool = False,
    start: MatchStart | None = None,
    messages: Sequence[str] = (),
    settings: Settings | None = None,
    bindings: Mapping[str, PhoneKey | None] | None = None,
    on_first_frame: Callable[[], None] | None = None,
    shared: Finished | None = None,
    layout: str | None = None,
    screenshot_key: str | None = DEFAULT_KEY,
    watch: bool = False,
    join: str | None = None,
) -> None:
    """Open the handset's window and run the game until the player leaves.

    ``bindings`` (key name to phone key, None to unbind) change the skin's bindings. A
    ``shared`` match (``--replay``) is shown first, over the main menu. ``layout`` (full,
    compact or auto) overrides the settings' for this run. ``screenshot_key`` (a key name, or
    None for none) saves the LCD and the handset in the data folder's ``screenshots``. With
    ``join`` (``HOST:PORT/CODE``) the game opens on joining that network table. With
    ``watch`` the skin is put on again whenever its files change.
    """
    pygame.display.init()
    try:
        pygame.key.stop_text_input()
        pygame.event.set_blocked([pygame.MOUSEMOTION, pygame.TEXTINPUT, pygame.TEXTEDITING])
        folder = data_dir()
        if settings is None:
            settings, problems = SettingsStore(folder).load()
            messages = [*messages, *problems]
        wanted = layout or settings.layout
        window, chosen, _ = open_window(skin, scale, fullscreen, wanted)
        shots = Screenshots(folder / "screenshots", screenshot_key) if screenshot_key else None
        app = assemble(skin, window, chosen, settings=settings, messages=messages, start=start,
                       bindings=bindings, wanted=wanted, folder=folder, shots=shots,
                       watch=SkinWatch(skin.path) if watch else None, shared=shared,
                       join=join)
        try:
            app.run(on_first_frame)
        finally:
            app.stack.close()
    finally:
        pygame.quit()
