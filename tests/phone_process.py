"""One phone in a process of its own, for the two-process tests: the real app (dummy video
driver) played through its keys by a player reading only what its screen shows, creating a
table in itself (and writing the address to give the friend into ``--address-file``) or joining
one (``--join HOST:PORT/CODE``). What it saw is written as JSON into ``--out``.

    python -m tests.phone_process --folder DIR --nickname Ann --out ann.json --address-file a

With ``--continue`` it presses Continue on the main menu instead (the seat a phone killed
mid-match kept in the same folder).
"""

from __future__ import annotations

import argparse
import json
import os
import random
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

import gin_handset.screens.tables as tables
from gin_handset.ai.levels import make_player
from gin_handset.rules.options import Options
from gin_handset.settings import Settings, SettingsStore
from gin_handset.storage import write_atomically
from tests.test_phone_table import TableDriver, open_table


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--folder", type=Path, required=True)
    parser.add_argument("--nickname", required=True)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--join")
    parser.add_argument("--continue", dest="resume", action="store_true",
                        help="press Continue on the main menu (rejoin the seat kept)")
    parser.add_argument("--address-file", type=Path)
    parser.add_argument("--game", default="gin")
    parser.add_argument("--points", type=int, default=50)
    parser.add_argument("--skin", default="classic")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    tables.TABLE_PORT = 0  # any free port of 127.0.0.1
    options = Options(points_to_win=args.points, game_type=args.game)
    if not args.resume:
        SettingsStore(args.folder).save(Settings(nickname=args.nickname, options=options))
    pygame.display.init()
    driver = TableDriver(args.join, args.skin, folder=args.folder)
    driver.player = make_player("simple", random.Random(args.seed))
    if args.resume:
        driver.press_continue()
    elif args.join is None:
        top = open_table(driver)
        assert top.session is not None and top.session.server is not None
        host, port = top.session.server.address
        write_atomically(args.address_file, f"{host}:{port}/{top.session.client.code}")
    seen = driver.play()
    over = seen.over
    assert over is not None
    verification = over.client.verification
    summary = {
        "seat": over.seats.me,
        "names": list(over.seats.names),
        "winner": over.winner,
        "scores": list(over.scores),
        "reason": over.table.get("reason"),
        "game": over.options.game_type,
        "verified": verification is not None and verification.ok,
        "own_views_only": all(view.seat == over.seats.me for view in seen.views),
        "views": len(seen.views),
        "notices": seen.notices,
        "screens": sorted(seen.screens),
    }
    write_atomically(args.out, json.dumps(summary))
    pygame.quit()


if __name__ == "__main__":
    main()
