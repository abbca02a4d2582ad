"""Shared fixtures: stored won games and headless SDL for UI tests."""

from __future__ import annotations

import multiprocessing
import os
import sys
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

DATA = Path(__file__).parent / "data"


def load_won_games():
    """(code, [Move, ...]) for every stored winning line."""
    from yukon.engine import Move

    games = []
    for path in sorted(DATA.glob("won_*.txt")):
        lines = [line.strip() for line in path.read_text().splitlines() if line.strip()]
        games.append((lines[0], [Move.parse(text) for text in lines[1:]]))
    return games


@pytest.fixture(scope="session")
def won_games():
    return load_won_games()


@pytest.fixture(autouse=True)
def _own_home(request, tmp_path_factory, monkeypatch):
    """Every test gets its own empty data folder (YUKON_HOME), and a test
    that opened a window closes it and leaves no solver's process running.

    A worker left running by an app a test never shut down goes on counting
    heartbeats in shared memory that is freed, and handed to the next
    worker's counter, once its ``SolverWorker`` is collected: the next
    test's watchdog would then see a frozen worker beating."""
    monkeypatch.setenv("YUKON_HOME", str(tmp_path_factory.mktemp("home")))
    yield
    for child in multiprocessing.active_children():
        if child.name == "yukon-solver":
            child.kill()
            child.join(5)
    window = sys.modules.get("yukon.ui.shell.window")
    if window is not None:
        window.close_windows()  # before SDL frees them: see close_windows
    pygame = sys.modules.get("pygame")
    if pygame is not None:
        pygame.quit()


@pytest.fixture
def home() -> Path:
    """This test's data folder (see ``_own_home``)."""
    return Path(os.environ["YUKON_HOME"])
