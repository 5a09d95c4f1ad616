"""The handset's costs: CPU share while idle (on the main menu, and on the player's own turn in
a match), and launch to first frame.

All run the real program in child processes, with ``SDL_VIDEODRIVER=dummy`` unless the caller
set a driver (``SDL_VIDEODRIVER=x11`` with ``DISPLAY`` set measures under an X server), and a
throwaway settings folder. ``python -m benchmarks bench_handset`` runs it; `tiny` runs the same
on the shortest idle and a single launch (the tests' check that it still runs).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gin_handset.app import App

IDLE_SECONDS = 10.0
LAUNCHES = 5


def _env(data_dir: str, **extra: str) -> dict[str, str]:
    env = {**os.environ, "GIN_HANDSET_DATA_DIR": data_dir, "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    return {**env, **extra}


def idle_child(seconds: float, where: str = "menu") -> None:
    """In a child process: open the real app on its main menu (``where="menu"``) or on the
    player's own turn in a match (``"turn"``), leave it idle, print CPU/wall."""
    import threading

    import pygame

    from gin_handset.compose import assemble
    from gin_handset.device.skin import DEFAULT_SKIN, load_skin
    from gin_handset.device.window import open_window
    from gin_handset.screens.match.door import MatchStart

    pygame.display.init()
    skin = load_skin(DEFAULT_SKIN)
    window, scale, arrangement = open_window(skin, None, False)
    app = assemble(skin, window, scale, wanted=arrangement, start=MatchStart(1))
    app.draw()
    if where == "turn":
        _to_players_turn(app)
    threading.Timer(seconds, pygame.event.post, [pygame.event.Event(pygame.QUIT)]).start()
    wall, cpu = time.perf_counter(), time.process_time()
    app.run()
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(json.dumps({"wall": wall, "cpu": cpu, "frames": app.frames}))
    pygame.quit()


def _to_players_turn(app: App) -> None:
    """New Game, skip the deal, and let the computer play until it is the player's turn."""
    import pygame

    from gin_handset.screens.match.play import PlayScreen
    from gin_handset.screens.match.router import MatchHost

    enter = [pygame.event.Event(kind, key=pygame.K_RETURN, mod=0, scancode=0)
             for kind in (pygame.KEYDOWN, pygame.KEYUP)]
    app.step(enter, 0)
    app.step(enter, 0)
    for _ in range(1000):
        top = app.stack.top
        if isinstance(top, MatchHost) and isinstance(top.current, PlayScreen):
            app.draw()
            return
        app.step([], 500)
        time.sleep(0.01)
    raise RuntimeError("the player's turn never came")


def wait_child(seconds: float) -> None:
    """In a child process: only block in ``pygame.event.wait`` (what the video driver costs)."""
    import pygame

    pygame.display.init()
    pygame.display.set_mode((64, 64))
    wall, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - wall < seconds:
        pygame.event.wait(1000)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(json.dumps({"wall": wall, "cpu": cpu, "frames": 0}))
    pygame.quit()


def measure_idle(data_dir: str, seconds: float = IDLE_SECONDS, child: str = "idle_child",
                 *args: str) -> dict:
    call = ", ".join([repr(seconds), *(repr(a) for a in args)])
    code = f"from benchmarks.bench_handset import {child}; {child}({call})"
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=_env(data_dir),
    )
    if result.returncode != 0:
        raise RuntimeError(f"the measuring child failed:\n{result.stderr}")
    return json.loads(result.stdout.strip().splitlines()[-1])


def measure_launch(data_dir: str) -> float:
    """Seconds from starting ``python -m gin_handset`` to its first frame on screen."""
    env = _env(data_dir, GIN_HANDSET_EXIT_AFTER_FIRST_FRAME="1")
    start = time.perf_counter()
    with subprocess.Popen(
        [sys.executable, "-m", "gin_handset"], stdout=subprocess.PIPE, text=True, env=env
    ) as child:
        assert child.stdout is not None
        line = child.stdout.readline()
        elapsed = time.perf_counter() - start
        child.wait()
    if "first frame" not in line:
        raise RuntimeError(f"no first frame reported (got {line!r})")
    return elapsed


BARE_WINDOW = (
    "import pygame; pygame.display.init(); pygame.display.set_mode((432, 952)); "
    "pygame.display.flip(); print('first frame', flush=True)"
)


def measure_bare_window(data_dir: str) -> float:
    """Seconds from starting Python to a bare pygame-ce window of the same size on screen."""
    start = time.perf_counter()
    with subprocess.Popen([sys.executable, "-c", BARE_WINDOW], stdout=subprocess.PIPE,
                          text=True, env=_env(data_dir)) as child:
        assert child.stdout is not None
        child.stdout.readline()
        elapsed = time.perf_counter() - start
        child.wait()
    return elapsed


def measure_bare_python() -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", "pass"], check=True)
    return time.perf_counter() - start


def main(idle_seconds: float = IDLE_SECONDS, launches: int = LAUNCHES) -> None:
    with tempfile.TemporaryDirectory() as data_dir:
        for where, name in (("menu", "the main menu"), ("turn", "the player's own turn")):
            idle = measure_idle(data_dir, idle_seconds, "idle_child", where)
            share = 100.0 * idle["cpu"] / idle["wall"]
            print(
                f"idle on {name}: {share:.2f}% of one CPU "
                f"({idle['cpu'] * 1000:.0f} ms CPU in {idle['wall']:.1f} s, "
                f"{idle['frames']:.0f} frame(s) drawn)"
            )
        bare = measure_idle(data_dir, idle_seconds / 2, "wait_child")
        print(
            f"  of which the video driver's own wait ({os.environ.get('SDL_VIDEODRIVER', 'dummy')}"
            f" driver, a bare pygame.event.wait loop): {100.0 * bare['cpu'] / bare['wall']:.2f}%"
        )
        times = sorted(measure_launch(data_dir) for _ in range(launches))
        windows = sorted(measure_bare_window(data_dir) for _ in range(launches))
        python = min(measure_bare_python() for _ in range(3))
        game, bare = statistics.median(times), statistics.median(windows)
        print(
            f"launch to first frame: median {game * 1000:.0f} ms, "
            f"best {times[0] * 1000:.0f} ms over {launches} launches; a bare pygame-ce "
            f"window: median {bare * 1000:.0f} ms ({game / bare:.2f}x); a bare Python start: "
            f"{python * 1000:.0f} ms"
        )



def tiny() -> None:
    """Every measurement once, as briefly as it can be taken."""
    main(idle_seconds=0.2, launches=1)


if __name__ == "__main__":
    main()
