"""``python -m gin_handset`` and the ``gin-handset`` command: the command line (``cli``), which
Ctrl-C ends quietly with status 130 even while it is still loading."""

import sys

INTERRUPTED = 130  # the shell's status for a command ended by Ctrl-C


def run() -> int:
    """The command line's exit status."""
    try:
        from gin_handset.cli import main

        return main()
    except KeyboardInterrupt:
        return INTERRUPTED


if __name__ == "__main__":
    sys.exit(run())
