"""Peak memory of the game in a real window after a resize storm.

Run: ``python benchmarks/memory.py`` (with ``DISPLAY`` set it uses that X
display, e.g. Xvfb: ``Xvfb :54 -screen 0 3840x2160x24 &`` then
``DISPLAY=:54 python benchmarks/memory.py``; without one, SDL's dummy
driver). Prints figures; it asserts nothing.

The game runs in a process of its own (so nothing of this script counts),
opens at 1280x800, draws the table for a second, then is dragged by its
corner out to 3840x2160 and back in small steps, a frame or two at each
size as the loop draws them, with Help opened and closed on the way, and
settles at 1280x800. Figures: the resident memory (VmRSS) after the first
frames, once settled (2.5 s later: the speech library loads on a thread
of its own after the first frame) and after the storm, and the high-water
mark (VmHWM) of the run; for comparison, the high-water mark of a game
opened at 3840x2160 with Help open and never resized (what the largest
size itself needs). Under X, set ``SDL_FRAMEBUFFER_ACCELERATION=0`` for
figures that do not depend on the machine's OpenGL: SDL otherwise draws
the window through it, which alone costs some 100 MB under Xvfb (Mesa's
software renderer).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _status_mb(field: str) -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) / 1024
    return 0.0


def storm_sizes(steps: int) -> list[tuple[int, int]]:
    """A corner drag from 1280x800 to 3840x2160 and back, ``steps`` each way."""
    out = []
    for i in range(steps + 1):
        t = i / steps
        out.append((round(1280 + t * (3840 - 1280)), round(800 + t * (2160 - 800))))
    return out + out[-2::-1]


def child(steps: int, *, steady: bool) -> None:
    """In the game's own process: open, storm, settle (or with ``steady``,
    open at 3840x2160 with Help and stay); print the figures."""
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from yukon.desktop.app import App, parse_args

    size = "3840x2160" if steady else "1280x800"
    app = App(parse_args(["--size", size, "--lang", "en"]))
    real = os.environ.get("SDL_VIDEODRIVER", "") != "dummy"

    def frames(count: int) -> None:
        for _ in range(count):
            for event in pygame.event.get():
                app.handle_event(event)
            app.update(1 / 120)
            if app.needs_draw:
                app.window.present(app.draw())

    def resize(size: tuple[int, int]) -> None:
        if real:
            app.window.sdl_window.size = size  # as the window manager would
        else:
            pygame.display.set_mode(size, pygame.RESIZABLE)
            event = pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
            pygame.event.post(event)

    frames(120)
    start = _status_mb("VmRSS")
    for _ in range(150):  # 2.5 s of a game left alone
        frames(1)
        time.sleep(1 / 60)
    settled = _status_mb("VmRSS")
    sizes = [] if steady else storm_sizes(steps)
    if steady:
        app.table.open_help()
    for i, size in enumerate(sizes):
        resize(size)
        frames(2)
        if i == len(sizes) // 4:
            app.table.open_help()
        elif i == len(sizes) // 2:
            app.host.close(app.stack.scenes[-1])
    if not steady:
        resize((1280, 800))
    frames(120)
    print(
        json.dumps(
            {
                "driver": pygame.display.get_driver(),
                "sizes": len(sizes),
                "final": list(app.size),
                "rss_start": start,
                "rss_settled": settled,
                "rss_end": _status_mb("VmRSS"),
                "peak": _status_mb("VmHWM"),
            }
        )
    )
    app.shutdown()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--steps", type=int, default=40, help="sizes each way")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--steady", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.steps, steady=args.steady)
        return
    env = dict(os.environ, YUKON_HOME=tempfile.mkdtemp(), SDL_AUDIODRIVER="dummy")
    if not env.get("DISPLAY"):
        env["SDL_VIDEODRIVER"] = "dummy"

    def run(*extra: str) -> dict:
        done = subprocess.run(
            [sys.executable, __file__, "--child", "--steps", str(args.steps), *extra],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        return json.loads(done.stdout.strip().splitlines()[-1])

    figures = run()
    steady = run("--steady")
    print(
        f"resize storm ({figures['sizes']} sizes from 1280x800 to 3840x2160 and back, "
        f"{figures['driver']} video driver): resident {figures['rss_start']:.0f} MB at the "
        f"first frames, {figures['rss_settled']:.0f} MB settled, "
        f"{figures['rss_end']:.0f} MB after at {figures['final'][0]}x{figures['final'][1]}; "
        f"peak {figures['peak']:.0f} MB"
    )
    print(f"opened at 3840x2160 with Help open, never resized: peak {steady['peak']:.0f} MB")


if __name__ == "__main__":
    main()
