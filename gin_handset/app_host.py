"""The app as the screens see it (`screens.host.Host`), for real.

A screen's request to change the skin or the layout, or to play a jingle, is checked here (a
skin that cannot be loaded is refused at once) and queued; the app takes the queue after the
key handler (or the clock's update) has returned (`App.apply_requests`), so nothing is drawn
from inside a handler.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from gin_handset.device.input import InputMapper
from gin_handset.device.keys import PhoneKey
from gin_handset.device.skin import Skin, SkinError, load_skin
from gin_handset.device.skin_files import bundled_skins, looks_like_path, user_skin_names


@dataclass(frozen=True)
class SkinChange:
    """Put on ``skin`` (named ``spec`` in the settings), with its key bindings."""

    skin: Skin
    spec: str
    mapper: InputMapper


@dataclass(frozen=True)
class LayoutChange:
    wanted: str  # a name of settings.LAYOUTS


@dataclass(frozen=True)
class Jingle:
    event: str  # deal, knock, gin, undercut, win, lose


Request = SkinChange | LayoutChange | Jingle


def skin_in_use(skin: Skin, spec: str | None) -> str:
    """How the settings name ``skin``: ``spec`` if it named it (a file by its path)."""
    if spec is not None and (spec == skin.name or looks_like_path(spec)):
        return spec
    return skin.name


def input_mapper(skin: Skin, bindings: Mapping[str, PhoneKey | None]) -> InputMapper:
    """The skin's key bindings, changed by ``bindings`` (key name to phone key, None unbinds)."""
    mapper = InputMapper.from_skin(skin.keymap, skin.numpad)
    mapper.override(bindings)
    return mapper


class AppHost:
    """What the screens may ask of the running app: skins, layout, jingles, the data folder."""

    def __init__(self, folder: Path, bindings: Mapping[str, PhoneKey | None] | None = None
                 ) -> None:
        self.spec = ""  # the skin on the handset now, as the settings name it (`wearing`)
        self.folder = folder
        self.bindings = dict(bindings or {})
        self.requests: list[Request] = []

    def skins(self) -> list[str]:
        return [*bundled_skins(), *user_skin_names()]

    def skin_in_use(self) -> str:
        return self.spec

    def load(self, spec: str) -> SkinChange | str:
        """The change to the skin ``spec``, or why it cannot be loaded."""
        try:
            skin = load_skin(spec)
        except SkinError as error:
            return str(error)
        return SkinChange(skin, spec, self.mapper(skin))

    def change_skin(self, spec: str) -> str | None:
        change = self.load(spec)
        if isinstance(change, str):
            return change
        self.requests.append(change)
        return None

    def change_layout(self, wanted: str) -> None:
        self.requests.append(LayoutChange(wanted))

    def jingle(self, event: str) -> None:
        self.requests.append(Jingle(event))

    def data_dir(self) -> Path:
        return self.folder

    def mapper(self, skin: Skin) -> InputMapper:
        """``skin``'s key bindings as the command line changed them."""
        return input_mapper(skin, self.bindings)

    def take_requests(self) -> list[Request]:
        """The changes asked for since the last call, oldest first."""
        requests, self.requests = self.requests, []
        return requests

    def wearing(self, spec: str) -> None:
        """The app has put on the skin ``spec`` and drawn it."""
        self.spec = spec
