"""The command line: ``gin-handset`` and ``python -m gin_handset`` (through ``__main__``)."""

from __future__ import annotations

import argparse
import ipaddress
import os
import re
import sys
from collections.abc import Sequence
from dataclasses import replace
from typing import Any, NoReturn

from gin_handset import __version__
from gin_handset.arguments import digits, whole
from gin_handset.settings import LAYOUTS
from gin_handset.storage import show

PROG = "gin-handset"


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line and exit with status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


def _scale(text: str) -> int:
    return whole(text, 1, MAX_SCALE, "a scale")


DEALERS = {"you": 0, "cpu": 1}
MAX_WINDOW = 8_192  # pixels a side: taller and wider than any screen made
MAX_WINDOW_AREA = 40_000_000  # pixels in all: an 8K screen holds 33 million; about 9 bytes each
MAX_SCALE = 64


def _hand(text: str) -> int:
    from gin_handset.session.saves import MAX_HAND

    return whole(text, 1, MAX_HAND + 1, "a hand")


HOST_LABEL = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?")


def _host(text: str) -> str:
    """An address to listen on: an IP address or a host name, checked by its form only (no
    name is looked up here, so a slow resolver never holds up the start)."""
    try:
        ipaddress.ip_address(text)
    except ValueError:
        labels = text.removesuffix(".").split(".")
        if len(text) > 253 or not all(HOST_LABEL.fullmatch(label) for label in labels):
            raise argparse.ArgumentTypeError(
                f"expected an IP address or a host name (such as 0.0.0.0 or myhost.lan), "
                f"got {show(text)}") from None
    return text


MAX_KEY_TEXT = 80  # characters of a --bind or --screenshot-key value


def _short_key_text(text: str) -> None:
    """A key's value is short: a long one is refused before it is echoed."""
    if len(text) > MAX_KEY_TEXT:
        raise argparse.ArgumentTypeError(
            f"expected at most {MAX_KEY_TEXT} characters, got {show(text)}")


def _binding(text: str) -> tuple[str, Any]:
    """``KEY=PHONEKEY`` (``x=select``, ``keypad 5=none``): a key name and its phone key or None."""
    from gin_handset.device.bindings import parse_binding
    from gin_handset.device.keys import PhoneKey

    _short_key_text(text)
    name, sep, target = text.rpartition("=")
    if not sep or not name.strip() or not target.strip():
        raise argparse.ArgumentTypeError(f"expected KEY=PHONEKEY, got {text!r}")
    try:
        parse_binding(name)
        key = None if target.strip().lower() == "none" else PhoneKey.from_name(target)
    except ValueError as error:
        raise argparse.ArgumentTypeError(f"{text!r}: {error}") from None
    return name, key


def _key_name(text: str) -> str | None:
    """A keyboard key's name as ``--bind`` takes it, or ``none``: None."""
    from gin_handset.device.bindings import parse_binding

    _short_key_text(text)
    if text.strip().lower() == "none":
        return None
    try:
        parse_binding(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog=PROG, description="Gin Rummy on an emulated keypad phone, in a window.")
    parser.add_argument("--skin", metavar="NAME|PATH", help="a bundled skin's name or a skin file")
    parser.add_argument(
        "--scale", metavar="N", type=_scale, help="draw at this whole scale (default: largest)"
    )
    parser.add_argument("--fullscreen", action="store_true", help="fill the screen")
    parser.add_argument(
        "--layout", choices=LAYOUTS,
        help="the phone whole, or compact (keypad beside the screen); auto: compact where the "
        "whole phone would show its screen under 2x (default: the Options setting)",
    )
    parser.add_argument("--seed", metavar="N", type=digits, help="seed the shuffles (replayable)")
    parser.add_argument(
        "--hand", metavar="K", type=_hand, default=1,
        help="with --seed: start at the match's hand K, dealt as it was (the score screen shows K)",
    )
    parser.add_argument(
        "--dealer", choices=DEALERS, help="with --seed: who deals the first hand (you or cpu)"
    )
    parser.add_argument("--replay", metavar="FILE",
                        help="play again a match exported from the History (both hands open)")
    parser.add_argument("--join", metavar="HOST:PORT/CODE", type=_table_address,
                        help="sit at a friend's network table (Two Players, Join Table)")
    parser.add_argument("--table-host", metavar="HOST", type=_host, default="127.0.0.1",
                        help="where Create Table's server listens (default 127.0.0.1, this "
                        "machine only; 0.0.0.0 for a LAN)")
    parser.add_argument(
        "--screenshot-key", metavar="KEY", type=_key_name, default="f12",
        help="the key that saves the LCD and the phone as PNGs in the data folder's "
        "screenshots (default f12; none for none)",
    )
    parser.add_argument("--watch", action="store_true",
                        help="for skin authors: put the skin on again whenever its file changes")
    parser.add_argument("--list-skins", action="store_true",
                        help="list the bundled skins and your own, and exit")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument(
        "--bind",
        metavar="KEY=PHONEKEY",
        type=_binding,
        action="append",
        default=[],
        help="bind a keyboard key to a phone key over the skin's bindings, e.g. x=select or "
        "'keypad 5=none' (repeatable)",
    )
    return parser


def list_skins() -> None:
    """Print each bundled skin, then each of the player's own, with its LCD resolution,
    marking the default."""
    from gin_handset.device.skin import DEFAULT_SKIN, SkinError, bundled_skins, load_skin
    from gin_handset.device.skin_files import user_skin_names, user_skins_dir
    from gin_handset.storage import show_path

    own = user_skin_names()
    for name in dict.fromkeys([*bundled_skins(), *own]):  # a skin of yours comes first
        shown = show_path(name)  # a file name that does not print is escaped
        try:
            skin = load_skin(name)
        except SkinError as error:
            print(f"{shown}  (broken: {error})")
            continue
        width, height = skin.resolution
        default = "  (default)" if name == DEFAULT_SKIN else ""
        mine = f"  (yours, in {show_path(user_skins_dir())})" if name in own else ""
        print(f"{shown}  {width}x{height}{default}{mine}")
        for warning in skin.warnings():
            print(f"  warning: {warning}")


def start(args: argparse.Namespace, parser: argparse.ArgumentParser) -> tuple[Any, Any, list[str]]:
    """The skin, the settings and the startup messages for a run with ``args``.

    A broken ``--skin`` is a usage error; a broken skin named by the settings (or a broken
    default) falls back to a skin that loads, with a message for the player. The settings
    returned name the skin given with ``--skin``; nothing is written yet (`remember_skin`).
    """
    from gin_handset.device.skin import SkinError, load_or_default, load_skin
    from gin_handset.settings import SettingsStore

    settings, messages = SettingsStore().load()
    if args.skin is not None:
        try:
            skin = load_skin(args.skin)
        except SkinError as error:
            parser.error(f"argument --skin: {error}")
        return skin, replace(settings, skin=skin_setting(args.skin)), messages
    skin, problems = load_or_default(settings.skin)
    return skin, settings, [*messages, *problems]


def skin_setting(spec: str) -> str:
    """How the settings name the skin given with ``--skin``: a file by its full path."""
    from pathlib import Path

    from gin_handset.device.skin_files import looks_like_path

    return str(Path(spec).resolve()) if looks_like_path(spec) else spec


def remember_skin(settings: Any) -> None:
    """Keep the skin of ``settings`` for the next start; called once the first frame is drawn,
    so a skin that cannot draw is never remembered (no crash at every start)."""
    from gin_handset.settings import SettingsStore

    store = SettingsStore()
    try:
        store.update(skin=settings.skin)
    except OSError as error:
        print(f"{PROG}: the skin could not be remembered in {store.path}: {error}",
              file=sys.stderr)


def check_scale(args: argparse.Namespace, parser: argparse.ArgumentParser, skin: Any) -> None:
    """A ``--scale`` whose window would be larger than any screen is a usage error."""
    from gin_handset.storage import show_path

    if args.scale is None:
        return
    width, height = (side * args.scale for side in skin.body_size)
    if max(width, height) > MAX_WINDOW or width * height > MAX_WINDOW_AREA:
        parser.error(f"argument --scale: {args.scale} makes the {show_path(skin.name)} window "
                     f"{width}x{height} pixels; at most {MAX_WINDOW} a side and "
                     f"{MAX_WINDOW_AREA // 1_000_000} million pixels in all")


def parse_args(parser: argparse.ArgumentParser, argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line, checked; a bad one exits with status 2 and one line."""
    args = parser.parse_args(argv)
    if args.seed is None and (args.hand != 1 or args.dealer is not None):
        parser.error(f"argument {'--hand' if args.hand != 1 else '--dealer'}: needs --seed N")
    _one_phone_key_a_key(args.bind, parser)
    return args


def _one_phone_key_a_key(bindings: Sequence[tuple[str, Any]],
                         parser: argparse.ArgumentParser) -> None:
    """Two ``--bind`` values that give one keyboard key different phone keys are a usage
    error (``x=select`` and ``X=clear``), not a silent win for the later one."""
    from gin_handset.device.bindings import parse_binding

    first: dict[Any, tuple[str, Any]] = {}
    for name, key in bindings:
        earlier = first.setdefault(parse_binding(name), (name, key))
        if earlier[1] != key:
            parser.error(f"argument --bind: {name + '=' + _target(key)!r} binds {earlier[0]!r} "
                         f"again, already bound to {_target(earlier[1])}; bind each key once")


def _target(key: Any) -> str:
    return "none" if key is None else key.value


def match_start(args: argparse.Namespace) -> Any:
    """Where new matches start: the seed, the hand (0-based) and its dealer; where Create Table
    listens."""
    from gin_handset.screens.match.door import MatchStart

    dealer = None if args.dealer is None else DEALERS[args.dealer]
    return MatchStart(args.seed, args.hand - 1, dealer, args.table_host)


def skin_tools(argv: Sequence[str]) -> int:
    """``gin-handset skin check FILE`` and ``gin-handset skin preview FILE --out DIR``."""
    parser = _Parser(prog=f"{PROG} skin", description="Tools for skin authors.")
    tools = parser.add_subparsers(dest="tool", required=True, metavar="check|preview")
    check = tools.add_parser("check", help="list every problem of a skin, and its warnings")
    check.add_argument("file", metavar="FILE|NAME")
    preview = tools.add_parser("preview", help="draw every screen on a skin into PNG files")
    preview.add_argument("file", metavar="FILE|NAME")
    preview.add_argument("--out", metavar="DIR", required=True, help="where the PNGs go")
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # headless: no window is opened
    from gin_handset.device.skin import check_skin

    problems, warnings = check_skin(args.file)
    for line in problems:
        print(f"{PROG}: {line}", file=sys.stderr)
    if problems:
        print(f"{PROG}: {len(problems)} problem(s)", file=sys.stderr)
        return 2
    for line in warnings:
        print(f"{PROG}: warning: {line}")
    if args.tool == "check":
        print(f"{args.file}: no problems" + (f", {len(warnings)} warning(s)" if warnings else ""))
        return 0
    return write_preview(args.file, args.out)


def write_preview(spec: str, out: str) -> int:
    """Draw every screen on the skin ``spec`` into the folder ``out``."""
    import tempfile
    from pathlib import Path

    import pygame

    from gin_handset.device.skin import load_skin
    from gin_handset.preview import render

    pygame.display.init()
    try:
        with tempfile.TemporaryDirectory() as scratch:
            files = render(load_skin(spec), Path(out), Path(scratch))
    except OSError as error:
        print(f"{PROG}: the preview could not be written: {error}", file=sys.stderr)
        return 1
    finally:
        pygame.quit()
    print(f"{len(files)} pictures in {out}, the last of them the contact sheet {files[-1].name}")
    return 0


def _table_address(text: str) -> str:
    """A table's address, ``HOST[:PORT]/CODE``."""
    from gin_handset.session.addresses import parse_address

    try:
        parse_address(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text


def main(argv: Sequence[str] | None = None) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["skin"]:
        return skin_tools(argv[1:])
    if argv[:1] in (["serve"], ["bot"]):
        from gin_handset.net.cli import bot_main, serve_main

        return (serve_main if argv[0] == "serve" else bot_main)(argv[1:])
    parser = build_parser()
    args = parse_args(parser, argv)
    if args.list_skins:
        list_skins()
        return 0
    from gin_handset.session.opening import open_data_folder
    from gin_handset.storage import data_dir

    lock, opened = open_data_folder(data_dir())  # one copy owns the data folder: session/lock.py
    try:
        return play(args, parser, opened)
    finally:
        lock.release()


def play(args: argparse.Namespace, parser: argparse.ArgumentParser, opened: list[str]) -> int:
    """The game, the data folder held; ``opened``: what holding it had to say."""
    from gin_handset.device.skin import SkinError

    try:
        skin, settings, messages = start(args, parser)
    except SkinError as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return 1
    check_scale(args, parser, skin)
    for warning in skin.warnings():
        print(f"{PROG}: warning: {warning}", file=sys.stderr)
    shared = None
    if args.replay is not None:
        from pathlib import Path

        from gin_handset.session.ledger import read_shared

        shared, problem = read_shared(Path(args.replay))
        if problem is not None:
            parser.error(f"argument --replay: {problem}")
    from gin_handset.compose import run_app

    run_app(
        skin,
        scale=args.scale,
        fullscreen=args.fullscreen,
        messages=[*opened, *messages],
        settings=settings,
        bindings=dict(args.bind),
        on_first_frame=(lambda: remember_skin(settings)) if args.skin else None,
        shared=shared,
        layout=args.layout,
        screenshot_key=args.screenshot_key,
        watch=args.watch,
        start=match_start(args),
        join=args.join,
    )
    return 0

