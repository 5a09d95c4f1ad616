"""Two phones at one table: Create Table (Time per Hand, then the address and code to give the
friend while waiting for them) and Join Table (the address typed on the keypad).

Typing an address: the digits type themselves, ``*`` the dot, ``#`` the colon, the left soft key
the ``/`` before the table code, CLR deletes (with nothing left, it goes back), OK joins:
``127*0*0*1#8765/123456`` is ``127.0.0.1:8765/123456``. It opens on the address last joined,
kept in the settings.
"""

from __future__ import annotations

import pygame

from gin_handset.device.keys import BACK, CHOOSE, CURSOR_DOWN, CURSOR_UP, PhoneKey
from gin_handset.render import widgets
from gin_handset.render.fonts import draw_text, line_height, text_width, wrap_text
from gin_handset.render.theme import Theme
from gin_handset.screens.base import Pop, Replace, Screen, Transition
from gin_handset.screens.common import draw_frame, draw_text_box
from gin_handset.screens.context import AppContext
from gin_handset.session.addresses import DEFAULT_PORT, kept_address, parse_address
from gin_handset.session.remote import (
    POLL_MS,
    RemoteSession,
    host_table,
    join_table,
    rejoin_table,
    shown_address,
)
from gin_handset.session.table_seat import HeldSeat, SeatStore
from gin_handset.settings import is_table_address
from gin_handset.storage import set_aside

MINUTES = (0, 2, 4, 8)
DIGITS = {PhoneKey.NUM0: "0", PhoneKey.NUM1: "1", PhoneKey.NUM2: "2", PhoneKey.NUM3: "3",
          PhoneKey.NUM4: "4", PhoneKey.NUM5: "5", PhoneKey.NUM6: "6", PhoneKey.NUM7: "7",
          PhoneKey.NUM8: "8", PhoneKey.NUM9: "9", PhoneKey.STAR: ".", PhoneKey.POUND: ":",
          PhoneKey.SOFT_LEFT: "/"}
MAX_ADDRESS = 60
TABLE_PORT = DEFAULT_PORT  # where Create Table listens (any free port when it is taken)


def minutes_label(minutes: int) -> str:
    return "Off" if minutes == 0 else f"{minutes} minutes"


class TimeScreen(Screen):
    """Create Table: the time per hand (Off, 2, 4, 8 minutes); 2/8 move, OK starts the table
    with the settings' options, CLR back."""

    def __init__(self, context: AppContext) -> None:
        super().__init__()
        self.context = context
        self.cursor = 0

    def soft_keys(self) -> tuple[str, str]:
        return "Create", "Back"

    def on_key(self, key: PhoneKey) -> Transition | None:
        if key in CURSOR_UP:
            self.cursor = (self.cursor - 1) % len(MINUTES)
        elif key in CURSOR_DOWN:
            self.cursor = (self.cursor + 1) % len(MINUTES)
        elif key in BACK:
            return Pop()
        elif key in CHOOSE:
            settings = self.context.settings
            start = getattr(self.context.matches, "start", None)
            where = getattr(start, "table_host", "127.0.0.1")
            try:
                session = host_table(settings.nickname, settings.options, MINUTES[self.cursor],
                                     where, TABLE_PORT, self.context.host.data_dir(),
                                     self.context.ledger())
            except OSError as error:
                return Replace(TableWaitScreen(self.context, None, f"No table: {error}"))
            return Replace(TableWaitScreen(self.context, session))
        return None

    def draw(self, lcd: pygame.Surface, theme: Theme) -> None:
        content = draw_frame(lcd, theme, self, "Time per Hand")
        items = [widgets.MenuItem(minutes_label(m)) for m in MINUTES]
        widgets.draw_menu(lcd, theme, content, items, self.cursor)
        widgets.draw_prompt(lcd, theme, "Each player's clock")


class TableWaitScreen(Screen):
    """Waits for the table: the friend to sit down (the address and code to give them shown),
    or this phone's seat when joining. The match starts when the first view comes; CLR
    cancels (and stops the server this phone started)."""

    def __init__(self, context: AppContext, session: RemoteSession | None,
                 problem: str | None = None, rejoining: bool = False) -> None:
        super().__init__()
        self.context = context
        self.session = session
        self.problem = problem
        self.rejoining = rejoining  # Continue: the match is shown where it is
        self.started = False

    def soft_keys(self) -> tuple[str, str]:
        return "", "Cancel"

    def on_key(self, key: PhoneKey) -> Transition | None:
        if key in BACK:
            self.cancel()
            if self.problem is not None and self.joined:  # mend the address, not type it anew
                return Replace(AddressScreen(self.context))
            return Pop()
        return None

    @property
    def joined(self) -> bool:
        """This phone was joining a table by its address (not making one, not rejoining)."""
        return self.session is not None and self.session.server is None and not self.rejoining

    def cancel(self) -> None:
        """Give up waiting: a new table is closed; a seat being rejoined is kept for Continue
        (CLR there does not give up the match)."""
        if self.session is not None and not self.started:
            if self.rejoining:
                self.session.suspend()
            else:
                self.session.close()

    def on_exit(self) -> None:
        self.cancel()

    def on_shutdown(self) -> None:
        if self.session is not None and not self.started:
            self.session.suspend()

    def update(self, ms: int) -> Transition | None:
        session = self.session
        if session is None or self.problem is not None:
            return None
        if session.advance(ms):
            self.dirty = True
        problems = session.take_problems()
        if problems:
            self.problem = " ".join(problems)
            self.dirty = True
            return None
        if session.ready:
            from gin_handset.screens.match.router import MatchHost
            from gin_handset.screens.match.ui import MatchUI, Route

            self.started = True
            route = Route.PRESENT if self.rejoining else Route.DEAL
            return Replace(MatchHost(MatchUI(session, self.context), route))
        return None

    def wake_in(self) -> int | None:
        return None if self.problem is not None or self.session is None else POLL_MS

    def lines(self) -> list[str]:
        if self.problem is not None:
            return [self.problem]
        session = self.session
        assert session is not None
        if self.rejoining:
            return ["Rejoining the table..."]
        if session.server is None:
            return ["Joining the table..."]
        code = session.client.code
        if code is None:
            return ["Opening the table..."]
        return [f"Code {code}", f"Address {shown_address(session.server.address)}",
                "Waiting for a player..."]

    def draw(self, lcd: pygame.Surface, theme: Theme) -> None:
        title = ("Continue" if self.rejoining else "Create Table"
                 if self.session is None or self.session.server else "Join Table")
        content = draw_frame(lcd, theme, self, title)
        lines = self.lines()
        if self.problem is not None:
            draw_text_box(lcd, theme, content, lines[0])
            widgets.draw_prompt(lcd, theme, "CLR: the address" if self.joined else "CLR: back")
            return
        body, ink = theme.font("body"), theme.color("text")
        y = content.top + widgets.MARGIN
        for line in lines:
            for part in wrap_text(line, body, content.width - 2 * widgets.MARGIN):
                draw_text(lcd, part, body, ink, (content.left + widgets.MARGIN, y))
                y += line_height(body) + 1
        widgets.draw_prompt(lcd, theme, "CLR: cancel")


class AddressScreen(Screen):
    """Join Table: ``HOST:PORT/CODE`` typed on the keypad (see the module's keys); it opens on
    ``text``, by default the address last joined, kept in the settings (CLR deletes from its
    end)."""

    def __init__(self, context: AppContext, text: str | None = None) -> None:
        super().__init__()
        self.context = context
        self.text = context.settings.table_address if text is None else text
        self.note: str | None = None

    def soft_keys(self) -> tuple[str, str]:
        return "/", "Clear"

    def on_key(self, key: PhoneKey) -> Transition | None:
        self.note = None
        if key in DIGITS:
            if len(self.text) < MAX_ADDRESS:
                self.text += DIGITS[key]
        elif key in BACK:
            if not self.text:
                return Pop()
            self.text = self.text[:-1]
        elif key is PhoneKey.SELECT:
            return self.join()
        return None

    def join(self) -> Transition | None:
        try:
            url, code = parse_address(self.text)
        except ValueError as error:
            self.note = str(error)
            return None
        return Replace(joining(self.context, url, code))

    def draw(self, lcd: pygame.Surface, theme: Theme) -> None:
        content = draw_frame(lcd, theme, self, "Join Table")
        body, ink = theme.font("body"), theme.color("text")
        height = line_height(body)
        question = self.note or "Address: * dot  # colon  left key /"
        field = pygame.Rect(content.left + widgets.MARGIN, content.top + content.height // 2,
                            content.width - 2 * widgets.MARGIN, height + 4)
        draw_text_box(lcd, theme, pygame.Rect(content.left, content.top, content.width,
                                              field.top - content.top), question)
        pygame.draw.rect(lcd, ink, field, 1)
        shown = self.text
        while shown and text_width(shown, body) > field.width - 6:
            shown = shown[1:]  # the end of a long address, where the typing is
        x, y = field.left + 2, field.top + 2
        draw_text(lcd, shown, body, ink, (x, y))
        x += text_width(shown, body)
        pygame.draw.line(lcd, ink, (x + 1, y), (x + 1, y + height - 2))
        widgets.draw_prompt(lcd, theme, "OK join  CLR del")


def joining(context: AppContext, url: str, code: str) -> TableWaitScreen:
    """Join the table ``code`` at ``url`` as this phone's player and wait for the seat; the
    address is kept in the settings, to be offered again by Join Table."""
    address = kept_address(url, code)
    if address != context.settings.table_address and is_table_address(address):
        context.remember(table_address=address)
    return TableWaitScreen(context, join_table(url, code, context.settings.nickname,
                                               context.host.data_dir(), context.ledger()))



def rejoining(context: AppContext, held: HeldSeat) -> TableWaitScreen:
    """Sit again at the seat kept when the app closed mid-match (Continue)."""
    folder = context.host.data_dir()
    try:
        session = rejoin_table(held, folder, context.ledger())
    except OSError as error:
        store = SeatStore(folder)
        try:
            where = f"it was moved to {set_aside(store.path)}"
        except OSError as moving:
            where = f"it could not be moved aside ({moving})"
        served = shown_address(held.server) if held.server else held.link["url"]
        return TableWaitScreen(context, None, f"The table's server could not start again on "
                               f"{served}: {error}. The seat {store.path} is given up; "
                               f"{where}.", rejoining=True)
    return TableWaitScreen(context, session, rejoining=True)
