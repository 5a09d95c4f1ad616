"""The menu screens driven by phone keys through the real screen stack."""

from __future__ import annotations

import pygame
import pytest

from gin_handset.compose import main_menu
from gin_handset.device.keys import PhoneKey as K
from gin_handset.render import widgets
from gin_handset.render.fonts import text_width
from gin_handset.rules.options import OKLAHOMA, Options
from gin_handset.screens.base import Pop, PopToRoot, Push, Replace, Screen, ScreenStack
from gin_handset.screens.context import AppContext, KeyPages, Matches, NoMatches
from gin_handset.screens.help import MIN_GAP, HelpScreen, legend_columns, rules_text
from gin_handset.screens.main_menu import ITEMS, MainMenu
from gin_handset.screens.options import ROWS, OptionsScreen
from gin_handset.settings import Settings, SettingsStore


class Marker(Screen):
    """A stand-in first screen of a match: the door only needs some screen to push."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.name = name

    def draw(self, lcd: pygame.Surface, theme) -> None:
        lcd.fill((0, 0, 0))


class Door(NoMatches):
    """A door to stand-in matches: New Game gives a marker, Continue ``resumed`` (None: it
    fails), a save is there while ``saved``."""

    def __init__(self, resumed: Screen | None = None, saved: bool = False,
                 pages: KeyPages | None = None) -> None:
        self.resumed, self.saved, self.pages = resumed, saved, pages or {}

    def key_pages(self) -> KeyPages:
        return self.pages

    def can_start(self) -> bool:
        return True

    def has_saved(self, context: AppContext) -> bool:
        return self.saved

    def new_game(self, context: AppContext) -> Screen:
        return Marker("new")

    def continue_game(self, context: AppContext) -> Screen | None:
        return self.resumed


def make(theme, door: Matches | None = None) -> tuple[AppContext, ScreenStack]:
    """The main menu with the door given (none: no match can be played)."""
    context = AppContext(theme, matches=door or NoMatches())
    return context, ScreenStack(MainMenu(context))


def press(stack: ScreenStack, *keys: K) -> None:
    for key in keys:
        stack.key(key)


def label(stack: ScreenStack) -> str:
    menu = stack.top
    assert isinstance(menu, MainMenu)
    return ITEMS[menu.cursor]


def test_without_a_match_new_game_and_continue_are_greyed(data_dir, theme):
    _context, stack = make(theme)
    assert stack.top.enabled() == [False, False, False, True, True, True, True, True]
    assert label(stack) == "Options"
    press(stack, K.NUM8)
    assert label(stack) == "Statistics"
    press(stack, K.DOWN, K.DOWN, K.DOWN, K.DOWN)
    assert label(stack) == "Options"
    press(stack, K.UP)
    assert label(stack) == "Exit"
    press(stack, K.SELECT)
    assert stack.quit


def test_the_real_root_offers_new_game_but_no_continue_without_a_save(data_dir, theme):
    stack = ScreenStack(main_menu(theme))
    assert stack.top.enabled() == [True, False, True, True, True, True, True, True]
    assert label(stack) == "New Game"
    press(stack, K.NUM8)
    assert label(stack) == "Two Players"
    press(stack, K.NUM2, K.SELECT)
    assert not isinstance(stack.top, MainMenu) and len(stack.screens) >= 2


def test_new_game_pushes_what_the_door_returns(data_dir, theme):
    _context, stack = make(theme, Door())
    assert label(stack) == "New Game"
    assert stack.top.enabled()[1] is False
    press(stack, K.NUM5)
    assert isinstance(stack.top, Marker) and stack.top.name == "new"


def test_continue_only_with_a_saved_match(data_dir, theme):
    door = Door(Marker("resumed"))
    _context, stack = make(theme, door)
    press(stack, K.NUM8)
    assert label(stack) == "Two Players"
    door.saved = True  # a match is saved meanwhile (played from New Game)
    press(stack, K.NUM2)
    assert label(stack) == "New Game", "the menu asks the disk when it is shown, not per key"
    press(stack, K.SELECT)
    stack.apply(PopToRoot())
    assert label(stack) == "Continue", "after a match the cursor is on Continue"
    press(stack, K.SOFT_LEFT)
    assert stack.top.name == "resumed"


def test_continue_that_fails_stays_on_the_menu(data_dir, theme):
    _context, stack = make(theme, Door(None, saved=True))
    assert label(stack) == "Continue", "with a saved match the cursor starts on Continue"
    press(stack, K.SELECT)
    assert isinstance(stack.top, MainMenu) and not stack.quit


def test_after_continue_the_cursor_is_on_continue_while_saved_else_on_new_game(data_dir, theme):
    door = Door(Marker("resumed"), saved=True)
    _context, stack = make(theme, door)
    press(stack, K.SELECT)
    stack.apply(PopToRoot())
    assert label(stack) == "Continue", "a match left is still there to continue"
    press(stack, K.SELECT)
    door.saved = False  # the match played to its end
    stack.apply(PopToRoot())
    assert label(stack) == "New Game", "as after a New Game match, not the row after Continue"
    gone = Door(None, saved=True)
    _context, stack = make(theme, gone)
    gone.saved = False  # the save gone meanwhile: Continue fails
    press(stack, K.SELECT)
    assert label(stack) == "New Game"


@pytest.mark.parametrize("key", [K.CLEAR, K.SOFT_RIGHT])
def test_clr_on_the_main_menu_leaves(data_dir, key, theme):
    _, stack = make(theme)
    press(stack, key)
    assert stack.quit


def options_stack(theme) -> tuple[AppContext, ScreenStack]:
    context, stack = make(theme)
    press(stack, K.SELECT)
    assert isinstance(stack.top, OptionsScreen)
    return context, stack


def test_options_change_and_save(data_dir, theme):
    context, stack = options_stack(theme)
    press(stack, K.NUM6, K.NUM5)  # points 100 -> 200 -> 500
    press(stack, K.NUM8, K.RIGHT)  # game type -> Oklahoma
    press(stack, K.NUM8, K.NUM4)  # gin bonus 25 -> 20
    press(stack, K.NUM8, K.NUM4)  # undercut 20 -> 10
    press(stack, K.NUM8)  # Oklahoma knock limit: the upcard
    press(stack, K.NUM8, K.NUM6)  # ace: gin only -> knock 1
    press(stack, K.NUM8, K.NUM6)  # spade: normal -> doubles
    press(stack, K.NUM8, K.NUM6)  # upcard first -> dealer
    press(stack, K.NUM8, K.NUM4)  # next dealer alternate -> loser
    press(stack, K.NUM8, K.NUM6)  # match bonuses off -> on
    press(stack, K.NUM8, K.NUM4)  # computer normal -> easy
    press(stack, K.NUM8, K.NUM5)  # confirm discard on -> off
    press(stack, K.NUM8, K.NUM5)  # sound off -> on
    press(stack, K.SELECT)
    assert isinstance(stack.top, MainMenu) and len(stack.screens) == 1
    saved, messages = SettingsStore().load()
    assert messages == []
    assert saved == context.settings
    o = saved.options
    assert (o.points_to_win, o.game_type, o.gin_bonus, o.undercut_bonus) == (500, OKLAHOMA, 20, 10)
    assert (o.oklahoma_ace_gin_only, o.oklahoma_spade_doubles) == (False, True)
    assert o.oklahoma_knock_limit == "upcard"
    assert (o.upcard_first, o.next_dealer, o.match_bonuses) == ("dealer", "loser", True)
    assert (saved.difficulty, saved.confirm_discard, saved.sound) == ("easy", False, True)


def test_options_clr_discards(data_dir, theme):
    context, stack = options_stack(theme)
    press(stack, K.NUM6, K.NUM8, K.NUM6, K.CLEAR)
    assert isinstance(stack.top, MainMenu) and not stack.quit
    assert context.settings == Settings()
    assert not SettingsStore().path.exists()


def test_soft_keys_save_and_cancel_on_options(data_dir, theme):
    _context, stack = options_stack(theme)
    assert stack.top.soft_keys() == ("Save", "Cancel")
    press(stack, K.NUM6, K.SOFT_RIGHT)
    assert not SettingsStore().path.exists()
    press(stack, K.SELECT, K.NUM6, K.SOFT_LEFT)
    assert SettingsStore().load()[0].options.points_to_win == 200


def test_oklahoma_rows_are_skipped_in_gin_rummy(data_dir, theme):
    _, stack = options_stack(theme)
    options = stack.top
    press(stack, K.NUM8, K.NUM8, K.NUM8, K.NUM8)
    assert ROWS[options.cursor].name == "upcard_first"
    press(stack, K.NUM2, K.NUM2, K.NUM2, K.NUM6)  # game type -> Oklahoma
    press(stack, K.NUM8, K.NUM8, K.NUM8)
    assert ROWS[options.cursor].name == "oklahoma_knock_limit"
    press(stack, K.NUM8)
    assert ROWS[options.cursor].name == "oklahoma_ace_gin_only"
    press(stack, K.NUM2, K.NUM6)  # the knock limit -> 10: the ace's row is skipped
    press(stack, K.NUM8)
    assert ROWS[options.cursor].name == "oklahoma_spade_doubles"


def test_saved_options_open_where_they_were(data_dir, theme):
    SettingsStore().save(Settings(difficulty="hard"))
    _context, stack = options_stack(theme)
    assert stack.top.values["difficulty"] == "hard"


def test_save_failure_is_shown_and_keeps_the_screen(tmp_path, monkeypatch, theme):
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("GIN_HANDSET_DATA_DIR", str(blocker / "sub"))
    _, stack = options_stack(theme)
    press(stack, K.NUM6, K.SELECT)
    assert isinstance(stack.top, OptionsScreen)
    assert stack.top.error.startswith("Settings not saved")


def help_stack(theme) -> tuple[AppContext, ScreenStack]:
    context, stack = make(theme)
    press(stack, K.NUM8, K.NUM8, K.NUM8, K.NUM5)
    assert isinstance(stack.top, HelpScreen)
    return context, stack


def test_how_to_play_pages_with_2_and_8(data_dir, theme):
    _, stack = help_stack(theme)
    help_screen = stack.top
    count = len(help_screen.pages())
    assert count >= 4
    press(stack, K.NUM2)
    assert help_screen.page == 0
    press(stack, K.NUM8, K.NUM8)
    assert help_screen.page == 2
    press(stack, K.NUM2)
    assert help_screen.page == 1
    press(stack, *[K.DOWN] * (count + 3))
    assert help_screen.page == count - 1
    assert help_screen.soft_keys() == ("Done", "Back")
    press(stack, K.SELECT)
    assert isinstance(stack.top, MainMenu)


def test_how_to_play_clr_returns_to_the_menu(data_dir, theme):
    _, stack = help_stack(theme)
    press(stack, K.NUM8, K.CLEAR)
    assert isinstance(stack.top, MainMenu) and not stack.quit


def test_how_to_play_follows_the_options(data_dir, theme):
    SettingsStore().save(Settings())
    context, _ = help_stack(theme)
    text = " ".join(" ".join(p.lines) for p in HelpScreen(context).pages())
    assert "plus 25" in text and "10 or less" in text


@pytest.mark.parametrize("options", [Options(), Options(game_type=OKLAHOMA, match_bonuses=True,
                                                     oklahoma_spade_doubles=True)])
def test_how_to_play_starts_each_page_with_a_section_not_mid_sentence(data_dir, skin, options):
    """Every section fits on a page of every bundled skin, so each rules page begins with a
    heading (on flip's 128x128 "The upcard" once began "upcard or pass, then..."), and no
    line is lost or repeated on the way."""
    _name, theme = skin
    SettingsStore().save(Settings(options=options))
    context, _ = help_stack(theme)
    rules = [page.lines for page in HelpScreen(context).pages() if page.lines]
    per_page = widgets.lines_per_page(theme, widgets.layout(theme).content.inflate(0, -2))
    assert all(lines[0].startswith("# ") and len(lines) <= per_page for lines in rules)
    headings = [line[2:] for lines in rules for line in lines if line.startswith("# ")]
    assert headings == [heading for heading, _ in rules_text(options)]


def test_how_to_play_lists_the_match_keys(data_dir, theme):
    pages = {"playing": [("1", "Sort the hand"), ("*", "Hint")], "showdown": [("0", "Break")]}
    context, _stack = make(theme, Door(pages=pages))
    shown = HelpScreen(context).pages()
    assert shown[-2].heading == "Keys: playing" and shown[-1].heading == "Keys: showdown"
    assert shown[-2].legend == (("1", "Sort the hand"), ("*", "Hint"))
    assert shown[-2].lit == {"1", "*"} and shown[-1].lit == {"0"}


def test_startup_messages_come_first_and_once(data_dir, theme):
    data_dir.mkdir()
    (data_dir / "settings.json").write_text("{oops")
    context, stack = make(theme)
    menu = stack.top
    assert len(menu.notice.messages) == 1 and context.messages == []
    assert "settings.json" in menu.notice.messages[0]
    assert menu.soft_keys() == ("OK", "")
    press(stack, K.CLEAR)
    assert not stack.quit and menu.notice.messages == []
    assert menu.soft_keys() == ("Select", "Exit")
    press(stack, K.CLEAR)
    assert stack.quit


def test_long_message_pages_before_it_closes(data_dir, theme):
    context, stack = make(theme)
    menu = MainMenu(AppContext(context.theme, ["word " * 200]))
    stack = ScreenStack(menu)
    pages = len(menu.notice.pages(context.theme))
    assert pages > 1
    press(stack, *[K.NUM8] * (pages + 2))
    assert menu.notice.page == pages - 1
    press(stack, K.SELECT)
    assert menu.notice.messages == []


def test_every_screen_labels_its_soft_keys(data_dir, theme):
    context, _ = make(theme)
    for screen in (MainMenu(context), OptionsScreen(context), HelpScreen(context)):
        left, right = screen.soft_keys()
        assert left and right


def test_menu_and_option_texts_fit_every_skin(skin, data_dir):
    _, theme = skin
    body = theme.font("body")
    width = theme.width - 2 * widgets.MARGIN - 8
    for text in ITEMS:
        assert text_width(text, body) <= width, text
    for row in ROWS:
        assert text_width(row.label, body) <= width, row.label
        for shown in row.shown:
            value = f"{widgets.LEFT_ARROW} {shown} {widgets.RIGHT_ARROW}"
            assert text_width(value, body) <= width, shown
    small = theme.font("small")
    for screen in (MainMenu(AppContext(theme)), OptionsScreen(AppContext(theme)),
                   HelpScreen(AppContext(theme))):
        left, right = screen.soft_keys()
        assert text_width(left, small) + text_width(right, small) < theme.width // 2


class Lifecycle(Screen):
    def __init__(self, name: str, log: list[str]) -> None:
        super().__init__()
        self.name, self.log = name, log

    def on_enter(self) -> None:
        self.log.append(f"enter {self.name}")

    def on_resume(self) -> None:
        super().on_resume()
        self.log.append(f"resume {self.name}")

    def on_exit(self) -> None:
        self.log.append(f"exit {self.name}")

    def draw(self, lcd, theme) -> None:
        lcd.fill(theme.color("background"))


def test_the_stack_tells_screens_when_they_come_and_go():
    log: list[str] = []
    stack = ScreenStack(Lifecycle("root", log))
    stack.apply(Push(Lifecycle("a", log)))
    stack.apply(Replace(Lifecycle("b", log)))
    stack.apply(Push(Lifecycle("c", log)))
    stack.apply(Pop())
    stack.apply(Push(Lifecycle("d", log)))
    stack.apply(PopToRoot())
    stack.close()
    assert log == ["enter root", "enter a", "exit a", "enter b", "enter c", "exit c", "resume b",
                   "enter d", "exit d", "exit b", "resume root", "exit root"]


def test_the_stack_refuses_a_transition_it_does_not_know(theme):
    stack = ScreenStack(Marker("root"))
    with pytest.raises(TypeError, match="not a transition"):
        stack.apply("pop")  # type: ignore[arg-type]


def test_the_stack_marks_the_top_screen_to_be_drawn_after_a_key(theme):
    stack = ScreenStack(Marker("root"))
    stack.draw(pygame.Surface((theme.width, theme.height)), theme)
    assert not stack.dirty
    stack.key(K.NUM1)  # the marker's handler changes nothing and says nothing
    assert stack.dirty


def test_a_keys_page_leaves_a_gap_between_a_key_and_what_it_does(skin):
    """On flip's 128x128 a space is 2 pixels, and "CLR" ran into "Main menu"."""
    _name, theme = skin
    content = widgets.layout(theme).content.inflate(0, -2)
    legend = (("CLR", "Main menu"), ("OK", "Select"), ("5", "Pick"))
    _left, indent, _width = legend_columns(theme, content, legend)
    assert indent - text_width("CLR", theme.font("body")) >= MIN_GAP
