"""Run every benchmark module (``benchmarks/bench_*.py``), or those named on the command line;
``--tiny`` runs each on a tiny input (a check that it runs, not a measurement)."""

from __future__ import annotations

import importlib
import pkgutil
import sys

import benchmarks


def names() -> list[str]:
    """Every benchmark module's name."""
    return sorted(m.name for m in pkgutil.iter_modules(benchmarks.__path__)
                  if m.name.startswith("bench_"))


def main() -> None:
    arguments = sys.argv[1:]
    tiny = "--tiny" in arguments
    wanted = set(arguments) - {"--tiny"}
    for module in names():
        if not wanted or module in wanted:
            print(f"== {module}", flush=True)
            loaded = importlib.import_module(f"benchmarks.{module}")
            if tiny:
                loaded.tiny()
            else:
                loaded.main()


if __name__ == "__main__":
    main()
