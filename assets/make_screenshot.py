"""Redraw the README's screenshot: assets/screenshot.png.

Usage: python assets/make_screenshot.py [OUTPUT_PNG]

The game draws it itself (``--screenshot``), headless, at 1280x800: deal
YU1-C-AAAAAAB after the first 70 moves of the winning line kept for the
tests, with 3:20 on the clock, resumed from a saved game in a scratch data
folder.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LINE = ROOT / "tests" / "data" / "won_YU1-C-AAAAAAB.txt"
MOVES = 70
ELAPSED = 200.0


def make_screenshot(out: Path | str = ROOT / "assets" / "screenshot.png") -> Path:
    code, *moves = LINE.read_text().split()
    with tempfile.TemporaryDirectory() as home:
        saved = {
            "version": 1,
            "code": code,
            "game_id": "0" * 16,
            "counted": False,
            "elapsed": ELAPSED,
            "actions": moves[:MOVES],
        }
        Path(home, "savegame.json").write_text(json.dumps(saved))
        env = dict(os.environ, YUKON_HOME=home, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
        command = [sys.executable, str(ROOT / "main.py"), "--size", "1280x800", "--frames", "30"]
        subprocess.run([*command, "--screenshot", str(out)], env=env, check=True)
    return Path(out)


if __name__ == "__main__":
    print(make_screenshot(*sys.argv[1:2]))
