"""Helpers for driving the real app headless with synthetic events."""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pygame
from positions import almost_won

from yukon.desktop.app import App, parse_args
from yukon.engine import Card, Game, Move, Pile
from yukon.persistence import GameRecord
from yukon.ui.art.faces import CardArt
from yukon.ui.cards.layout import Layout
from yukon.ui.cards.sprites import CardSprites
from yukon.ui.table.celebration import Celebration
from yukon.ui.table.drags import Drag
from yukon.ui.table.geometry import banner_busy, cursor_rect
from yukon.ui.table.keyboard_cursor import Held, KeyboardCursor
from yukon.ui.table.scene import TableScene
from yukon.ui.table.state import Banner, TableState

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
    app.table.board.seed_celebrations(1)  # the same flight every run
    if settings:
        app.session.update_settings(dataclasses.replace(app.session.settings, **settings))
    return app


class FakeJobs:
    """Stands in for the solver's worker: keeps what is submitted and
    cancelled, and answers nothing (a test answers with ``job_done``)."""

    def __init__(self) -> None:
        self.submitted: list = []
        self.cancelled: list[int] = []

    def submit(self, job) -> int:
        self.submitted.append(job)
        return len(self.submitted)

    def cancel(self, job_id: int) -> None:
        self.cancelled.append(job_id)

    def poll(self) -> list:
        return []

    def stop(self) -> None:
        pass


def fake_app(
    size: str = "1280x800", code: str = "YU1-C-AAAAAAB", **settings
) -> tuple[App, FakeJobs]:
    """An app (see ``make_app``) whose solver is a ``FakeJobs``."""
    app = make_app(size, code=code, **settings)
    app.worker.stop()
    jobs = FakeJobs()
    app.worker = jobs
    app.session.jobs = jobs
    app.table.hints.jobs = jobs
    return app, jobs


class TableView:
    """The table as a test sees it: what is shown (the banner, the cards in
    hand, what is lit, the layout and the card images) and the few things a
    test may ask of it (draw again, drop the banner). Tests read and drive
    the table through this, never through its state's fields."""

    def __init__(self, app: App | TableScene) -> None:
        table = app.table if isinstance(app, App) else app
        self._state: TableState = table.board

    # what is shown
    @property
    def game(self) -> Game:
        return self._state.game

    @property
    def banner(self) -> Banner | None:
        return self._state.banner

    @property
    def banner_text(self) -> str | None:
        banner = self._state.banner
        return None if banner is None else banner.message

    @property
    def banner_box(self) -> pygame.Rect | None:
        return self._state.banner_box

    @property
    def banner_faded(self) -> bool:
        return self._state.banner_faded

    def banner_busy(self) -> list[pygame.Rect]:
        return banner_busy(self._state.layout, self._state.game)

    @property
    def held(self) -> Held | None:
        """The cards picked up with the keyboard."""
        return self._state.cursor.held

    @property
    def cursor(self) -> KeyboardCursor:
        return self._state.cursor

    def cursor_rect(self) -> pygame.Rect:
        state = self._state
        return cursor_rect(state.layout, state.sprites, state.game, state.cursor)

    @property
    def dragging(self) -> bool:
        return self._state.drags.active

    @property
    def pressing(self) -> bool:
        """A card is pressed, not dragged yet."""
        return self._state.drags.armed

    @property
    def dragged(self) -> Drag | None:
        return self._state.drags.drag

    @property
    def tap_waiting(self) -> bool:
        return self._state.taps.waiting

    @property
    def double_taps(self) -> bool:
        return self._state.taps.double_enabled

    @property
    def hint(self) -> Move | None:
        return self._state.hint

    @property
    def highlights(self) -> list[int]:
        """The piles lit up for the cards in hand."""
        return list(self._state.highlights)

    @property
    def hover(self) -> tuple[int, int] | None:
        return self._state.hover

    @property
    def layout(self) -> Layout:
        return self._state.layout

    @property
    def art(self) -> CardArt:
        return self._state.art

    @property
    def sprites(self) -> CardSprites:
        return self._state.sprites

    @property
    def background(self) -> pygame.Surface:
        return self._state.felt_layer.picture

    @property
    def celebration(self) -> Celebration | None:
        return self._state.celebration

    # what a test may ask
    def redraw(self) -> None:
        self._state.redraw()

    def clock_ticked(self) -> None:
        self._state.note_bar_changed()

    def hide_banner(self) -> None:
        self._state.hide_banner()

    def cursor_to(self, pile: Pile) -> None:
        """The keyboard cursor on ``pile`` (its top card)."""
        self._state.point_cursor_at(pile, 1)


def view(app: App | TableScene) -> TableView:
    """The table of ``app`` (or the table scene itself), as tests see it."""
    return TableView(app)


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
    rect, _ = view(app).layout.card_rects(app.table.game)[c]
    return (rect.centerx, rect.y + 6)


def pile_point(app: App, number: int) -> tuple[int, int]:
    """A point over pile ``number`` (0-10): its top card, or its empty slot."""
    table = app.table
    pile = Pile(number)
    if pile.is_column and table.game.tableau[pile].cards:
        rect, _ = view(app).layout.card_rects(table.game)[table.game.tableau[pile].cards[-1]]
        return rect.center
    return view(app).layout.pile_rect(pile).center


def post(app: App, kind: int, **attrs) -> None:
    app.handle_event(pygame.event.Event(kind, **attrs))


def advance(app: App, seconds: float) -> None:
    """Run fixed updates for ``seconds`` of game time (no sleeping)."""
    for _ in range(max(1, round(seconds / STEP))):
        app.update(STEP)


# ---------------------------------------------------------------- other processes

# The tests' one kind of real waiting, here and nowhere else: for what only
# another process can do (the solver's worker, Speech Dispatcher, a game run
# by main.py). Always bounded: a wait that runs out fails or skips the test.
# Everything in the test's own process runs on time given by hand
# (``advance``, a fake clock) and never sleeps.
POLL_SECONDS = 0.01


def wait_until(
    condition: Callable[[], object],
    seconds: float = 30.0,
    *,
    poll: Callable[[], object] | None = None,
    every: float = POLL_SECONDS,
) -> bool:
    """Whether ``condition`` came true within ``seconds`` of real time,
    asked every ``every`` seconds (``poll`` is called before each pause: say,
    the worker's ``poll``)."""
    end = time.monotonic() + seconds
    while not condition():
        if time.monotonic() >= end:
            return False
        if poll is not None:
            poll()
        time.sleep(every)
    return True


def let_run(seconds: float) -> None:
    """Real time for another process to run on (the worker's heartbeats)."""
    time.sleep(seconds)


def wait_for(app: App, condition: Callable[[], object], seconds: float = 30.0) -> None:
    """Keep the app updating (as the frame loop does) until ``condition``:
    for answers from the solver's real process, which take real time."""
    answered = wait_until(condition, seconds, poll=lambda: app.update(STEP), every=0.005)
    assert answered, "the worker did not answer in time"


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
    rect, _ = view(app).layout.card_rects(app.table.game)[c]
    return (rect.x, rect.y)


def sprite_at(app: App, c: Card) -> tuple[float, float]:
    sprite = view(app).sprites.by_card[c]
    return (sprite.x, sprite.y)


def dialogs(app: App) -> list:
    """The scenes over the table, bottom first (dialogs and Help)."""
    return app.stack.scenes[1:]
