"""Run every benchmark module (``benchmarks/bench_*.py``), or those named on the command line."""

from __future__ import annotations

import importlib
import pkgutil
import sys

import benchmarks


def main() -> None:
    wanted = set(sys.argv[1:])
    for module in sorted(m.name for m in pkgutil.iter_modules(benchmarks.__path__)):
        if module.startswith("bench_") and (not wanted or module in wanted):
            print(f"== {module}", flush=True)
            importlib.import_module(f"benchmarks.{module}").main()


if __name__ == "__main__":
    main()
