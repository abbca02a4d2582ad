"""Shared fixtures: stored won games and headless SDL for UI tests."""

from __future__ import annotations

import os
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
