"""The player's settings: rule options, the computer's level, how a turn ends, sound, skin, deck
colours, the handset's layout, the nickname and the table last joined; kept as JSON.

The file lives in the data folder (`gin_handset.storage.data_dir`). It is written atomically
(a temporary file, then a rename). A file that cannot be read is renamed aside, never deleted,
and the defaults are used with a message saying what was wrong. Nothing is read at import time.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from gin_handset.ai.levels import OFFERED
from gin_handset.rules.options import CHOICES as OPTION_CHOICES
from gin_handset.rules.options import Options
from gin_handset.session.addresses import is_kept_address
from gin_handset.session.seats import MAX_NICKNAME, is_nickname
from gin_handset.storage import (
    FieldError,
    data_dir,
    read_json,
    refuse_unknown,
    show,
    write_atomically,
)

FILE_NAME = "settings.json"
VERSION = 1
MAX_SKIN_TEXT = 1024  # characters of the skin setting: a skin's name or its file
MAX_TABLE_ADDRESS = 300  # characters of a table's address: wss://, a host name of 253, :port/code
DIFFICULTIES: tuple[str, ...] = tuple(level.name for level in OFFERED)  # the Options offer
LAYOUTS: tuple[str, ...] = ("auto", "full", "compact")  # the handset whole, or keypad beside
LCD_CHOICES: tuple[str, ...] = ("skin", "on", "off")  # an LCD look: as the skin has it, or not
LCD_LOOKS = ("lcd_tint", "lcd_grid", "lcd_ghost")
MOTIONS: tuple[str, ...] = ("off", "normal", "fast")  # how cards slide


class SettingsError(FieldError):
    """A settings value that cannot be used, naming its field."""


@dataclass(frozen=True)
class Settings:
    options: Options = field(default_factory=Options)
    difficulty: str = "normal"
    sound: bool = False  # games start silent
    skin: str | None = None
    four_colour: bool = False  # diamonds and clubs in colours of their own (colour skins)
    layout: str = "auto"  # one of LAYOUTS
    lcd_tint: str = "skin"  # the backlight's tint, one of LCD_CHOICES
    lcd_grid: str = "skin"  # the pixel grid
    lcd_ghost: str = "skin"  # a slow panel's fading trace
    motion: str = "normal"  # one of MOTIONS
    confirm_discard: bool = True  # off: a discard that cannot knock ends the turn at once
    nickname: str = ""  # how a table of two people names this phone's player; "" not yet asked
    table_address: str = ""  # the table last joined, HOST:PORT/CODE, that Join Table opens on

    def __post_init__(self) -> None:
        for name in PLAIN_FIELDS:
            value, allowed = getattr(self, name), CHOICES.get(name, (True, False))
            if not any(value == a and type(value) is type(a) for a in allowed):
                shown = ", ".join(map(str, allowed)) if name in CHOICES else "true or false"
                raise SettingsError(name, f"{show(value)} is not {'one of ' * (name in CHOICES)}"
                                    f"{shown}")
        if self.skin is not None and (type(self.skin) is not str or not self.skin
                                      or len(self.skin) > MAX_SKIN_TEXT):
            raise SettingsError("skin", f"{show(self.skin)} is not a skin name or file (at "
                                f"most {MAX_SKIN_TEXT} characters)")
        if type(self.nickname) is not str or (self.nickname and not is_nickname(self.nickname)):
            raise SettingsError("nickname", f"{show(self.nickname)} is not a nickname: 1 to "
                                f"{MAX_NICKNAME} letters, digits and spaces")
        if type(self.table_address) is not str or (self.table_address
                                                   and not is_table_address(self.table_address)):
            raise SettingsError("table_address", f"{show(self.table_address)} is not a table's "
                                f"address HOST:PORT/CODE of at most {MAX_TABLE_ADDRESS} "
                                "characters")

    def to_dict(self) -> dict[str, Any]:
        """Every setting by name, but those of `ADDED` at the value their absence means."""
        values = {name: getattr(self, name) for name in (*PLAIN_FIELDS, *OWN_FIELDS)}
        return {"version": VERSION, "options": self.options.to_dict(),
                **{name: value for name, value in values.items()
                   if name not in ADDED or value != ADDED[name]}}

    @classmethod
    def from_dict(cls, data: Any) -> Settings:
        """Settings from parsed JSON; missing fields take their defaults.

        Raises SettingsError naming the field for an unknown field, a wrong type or a bad value.
        """
        if not isinstance(data, dict):
            raise SettingsError("(top level)", f"expected an object, found {type(data).__name__}")
        refuse_unknown(data, ("version", "options", *OWN_FIELDS, *PLAIN_FIELDS), "",
                       SettingsError)
        if data.get("version", VERSION) != VERSION:
            raise SettingsError("version", f"{show(data['version'])} is not {VERSION}")
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise SettingsError("options", f"expected an object, found {type(options).__name__}")
        refuse_unknown(options, tuple(OPTION_CHOICES), "options.", SettingsError)
        try:
            parsed = Options.from_dict(options)
        except (TypeError, ValueError) as error:
            raise SettingsError("options", str(error)) from error
        given = {name: data[name] for name in (*PLAIN_FIELDS, *OWN_FIELDS) if name in data}
        return cls(options=parsed, **given)


# The settings with checks of their own, and the others besides the rule options: each a choice
# among CHOICES, or on/off.
OWN_FIELDS = ("skin", "nickname", "table_address")
# Settings added since version 1, each with the value a file that leaves it out means: `to_dict`
# leaves them out at that value, so an earlier version of the game still reads the file.
ADDED: dict[str, Any] = {"table_address": ""}
PLAIN_FIELDS = tuple(f.name for f in fields(Settings) if f.name not in ("options", *OWN_FIELDS))
CHOICES: dict[str, tuple[str, ...]] = {
    "difficulty": DIFFICULTIES, "layout": LAYOUTS, "motion": MOTIONS,
    **dict.fromkeys(LCD_LOOKS, LCD_CHOICES),
}


def is_table_address(text: str) -> bool:
    """Whether ``text`` is a table's address as Join Table keeps it and offers it again."""
    return len(text) <= MAX_TABLE_ADDRESS and is_kept_address(text)


class SettingsStore:
    """Reads and writes the settings file in ``folder`` (default: `data_dir`)."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder if folder is not None else data_dir()

    @property
    def path(self) -> Path:
        return self.folder / FILE_NAME

    def load(self) -> tuple[Settings, list[str]]:
        """The saved settings and no messages; or defaults and a message if the file is bad."""
        settings, problem = read_json(self.path, Settings.from_dict)
        if problem is not None:
            return Settings(), [f"Settings file {self.path} is bad, {problem}. Defaults are used."]
        return settings or Settings(), []

    def save(self, settings: Settings) -> None:
        """Write ``settings``; OSError if the folder cannot be written."""
        write_atomically(self.path, json.dumps(settings.to_dict(), indent=2) + "\n")

    def update(self, **changes: Any) -> None:
        """Write ``changes`` over the settings as stored, not as this run holds them (what the
        command line chose for one run stays out). A file found bad is set aside, as at start,
        and nothing is written in its place; nothing is written when nothing changes. OSError
        if the folder cannot be written."""
        stored, problems = self.load()
        if not problems and any(getattr(stored, name) != value
                                for name, value in changes.items()):
            self.save(replace(stored, **changes))
