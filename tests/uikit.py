"""Helpers for driving the real app headless with synthetic events."""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
from pathlib import Path

import pygame
from positions import almost_won

from yukon.app import App, parse_args
from yukon.engine import FOUNDATION, Card, Game, Move
from yukon.persistence import GameRecord

STEP = 1 / 120
ROOT = Path(__file__).resolve().parent.parent


def run_main(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """``python main.py ARGS`` in a process of its own (default: this
    process's environment, so headless with the test's own YUKON_HOME)."""
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *args],
        capture_output=True,
        text=True,
        timeout=60,
        env=os.environ.copy() if env is None else env,
        cwd=ROOT,
    )


def make_app(size: str = "1280x800", code: str | None = None, lang: str = "en", **settings) -> App:
    """An app in a headless window; settings given by name override defaults."""
    argv = ["--size", size, "--lang", lang]
    if code:
        argv += ["--code", code]
    app = App(parse_args(argv))
    app.table.board.celebration_seed = 1  # the same flight every run
    if settings:
        app.session.update_settings(dataclasses.replace(app.session.settings, **settings))
    return app


def use_game(app: App, game: Game) -> None:
    """Play ``game`` (any position) in the app's table."""
    app.session.use(GameRecord(game), 0.0)


def win(app: App, frames: int = 0) -> None:
    """Play the winning move from one move short of the win, then let the
    celebration run ``frames`` tenths of a second, drawing each as the loop does."""
    use_game(app, almost_won())
    app.table.play(Move.parse("1:1>S"))
    for _ in range(frames):
        advance(app, 0.1)
        app.draw()


def card(text: str) -> Card:
    return Card.parse(text)


def grab_point(app: App, c: Card) -> tuple[int, int]:
    """A point on the visible part of ``c`` (its top strip)."""
    rect, _ = app.table.board.layout.card_rects(app.table.game)[c]
    return (rect.centerx, rect.y + 6)


def pile_point(app: App, pile: int) -> tuple[int, int]:
    """A point over pile ``pile``: its top card, or its empty slot."""
    table = app.table
    if pile < FOUNDATION and table.game.tableau[pile].cards:
        rect, _ = table.board.layout.card_rects(table.game)[table.game.tableau[pile].cards[-1]]
        return rect.center
    return table.board.layout.pile_rect(pile).center


def post(app: App, kind: int, **attrs) -> None:
    app.handle_event(pygame.event.Event(kind, **attrs))


def advance(app: App, seconds: float) -> None:
    """Run fixed updates for ``seconds`` of game time (no sleeping)."""
    for _ in range(max(1, round(seconds / STEP))):
        app.update(STEP)


def press(app: App, pos: tuple[int, int]) -> None:
    post(app, pygame.MOUSEBUTTONDOWN, pos=pos, button=1)


def release(app: App, pos: tuple[int, int]) -> None:
    post(app, pygame.MOUSEBUTTONUP, pos=pos, button=1)


def move_to(app: App, pos: tuple[int, int], start: tuple[int, int], steps: int = 6) -> None:
    for i in range(1, steps + 1):
        x = start[0] + (pos[0] - start[0]) * i // steps
        y = start[1] + (pos[1] - start[1]) * i // steps
        post(app, pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(1, 0, 0))


def drag(app: App, start: tuple[int, int], end: tuple[int, int], settle: bool = True) -> None:
    press(app, start)
    move_to(app, end, start)
    release(app, end)
    if settle:
        advance(app, 0.5)


def tap(app: App, pos: tuple[int, int]) -> None:
    press(app, pos)
    release(app, pos)


def key(app: App, key_code: int, mod: int = 0, unicode: str = "") -> None:
    post(app, pygame.KEYDOWN, key=key_code, mod=mod, unicode=unicode, scancode=0)
    post(app, pygame.KEYUP, key=key_code, mod=mod, unicode=unicode, scancode=0)


def sprite_home(app: App, c: Card) -> tuple[float, float]:
    rect, _ = app.table.board.layout.card_rects(app.table.game)[c]
    return (rect.x, rect.y)


def sprite_at(app: App, c: Card) -> tuple[float, float]:
    sprite = app.table.board.sprites.by_card[c]
    return (sprite.x, sprite.y)


def dialogs(app: App) -> list:
    """The scenes over the table, bottom first (dialogs and Help)."""
    return app.stack.scenes[1:]
