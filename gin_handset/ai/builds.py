"""The command line shared by the builds of Expert's data files (``matchwin_build``,
``forecast_build``): ``--matches``, ``--seed``, ``--jobs`` and ``--out``, the out file checked
before any match is played and replaced whole (``storage.write_atomically``) after the last, a
stop by Ctrl-C or SIGTERM leaving it as it was (``workers.stopped_quietly``)."""

from __future__ import annotations

import argparse
import json
import os
import time
from collections.abc import Callable
from pathlib import Path

from gin_handset.ai import arguments
from gin_handset.ai.workers import stopped_quietly
from gin_handset.storage import write_atomically

Build = Callable[[int, int, int], tuple[dict[str, object], str]]  # (seed, matches, jobs) ->
# the file's contents and a line checking them; ValueError when the matches cannot make them


def run(program: str, about: str, build: Build, seed: int, matches: int, out: Path,
        argv: list[str] | None) -> None:
    """Parse ``argv`` (defaults: ``seed``, ``matches``, one job, ``out``), build, write the out
    file, and print the check and the wall time; a bad value or a failed build ends the command
    with status 2 and a line naming what went wrong."""
    parser = argparse.ArgumentParser(prog=program, description=about)
    parser.add_argument("--matches", type=arguments.count, default=matches)
    parser.add_argument("--seed", type=arguments.seed, default=seed)
    parser.add_argument("--jobs", type=arguments.jobs, default=1)
    parser.add_argument("--out", type=Path, default=out)
    args = parser.parse_args(argv)
    out = args.out
    if not out.parent.is_dir() or (out.exists() and not out.is_file()):
        parser.exit(2, f"{program}: --out {out}: not a file in an existing folder\n")
    if not os.access(out if out.exists() else out.parent, os.W_OK):
        parser.exit(2, f"{program}: --out {out}: not writable\n")
    start = time.perf_counter()
    with stopped_quietly(program, f"{out} was not written"):
        try:
            data, checked = build(args.seed, args.matches, args.jobs)
        except ValueError as problem:
            parser.exit(2, f"{program}: {problem}; {out} was not written\n")
    try:
        write_atomically(out, json.dumps(data, indent=0) + "\n")
    except OSError as problem:
        parser.exit(2, f"{program}: --out {out}: {problem.strerror or problem}\n")
    print(f"wrote {out}: {checked}")
    print(f"wall time {time.perf_counter() - start:.0f} s with --jobs {args.jobs}")
