"""Start-up, the window and the fixed-timestep loop.

The loop follows "Fix Your Timestep": frame time measured with
``time.perf_counter()`` and clamped to 0.25 s feeds an accumulator that runs
fixed 120 Hz updates (animations, the tap detector, the game timer); frames
are drawn only when something changed, with the blend factor between the
last two updates, so an idle game costs almost nothing.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
import time
from collections.abc import Sequence

from yukon import __version__
from yukon.engine import Game, InvalidGameCode, Rules, format_code, parse_code

STEP = 1 / 120  # seconds per fixed update
MAX_FRAME = 0.25  # longest frame time fed to the updates (after a stall)
FPS_ACTIVE = 144  # frame cap while something moves
FPS_IDLE = 60  # how often a game at rest looks for input while the player is active
FPS_AWAY = 24  # ... and once nobody has touched it for AWAY_SECONDS (saves power)
AWAY_SECONDS = 3.0
MIN_WINDOW = (800, 600)
# Seconds after the player last resized the window before its size is saved
# (a drag-resize sends many sizes; the last one is kept).
SIZE_SAVE_DELAY = 0.5
FULL_SCREEN_LABELS = ("Full screen", "Window")  # the button says what it will do
WINNABLE_SECONDS = 3.0  # longest search for a winnable deal (usually well under 1 s)


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="yukon", description="Yukon Solitaire.")
    parser.add_argument("--code", help="play this deal, e.g. YU1-C-AAAAAAB")
    parser.add_argument("--fullscreen", action="store_true", help="start in full screen")
    parser.add_argument("--size", help="window size, e.g. 1280x800")
    parser.add_argument("--version", action="version", version=f"Yukon {__version__}")
    parser.add_argument("--frames", type=int, default=0, help="quit after N frames (automation)")
    parser.add_argument("--screenshot", help="save the last frame as a PNG (automation)")
    parser.add_argument(
        "--dump-layout", help="write card and pile positions as JSON whenever they change"
    )
    args = parser.parse_args(argv)
    if args.size is not None:
        try:
            w, h = (int(part) for part in args.size.lower().split("x"))
            if w < MIN_WINDOW[0] or h < MIN_WINDOW[1] or w > 16384 or h > 16384:
                raise ValueError
        except ValueError:
            parser.exit(
                2,
                f"yukon: --size {args.size!r} is not WIDTHxHEIGHT from "
                f"{MIN_WINDOW[0]}x{MIN_WINDOW[1]} up, e.g. 1280x800\n",
            )
        args.size = (w, h)
    if args.code is not None:
        try:
            parse_code(args.code)
        except InvalidGameCode as error:
            parser.exit(2, f"yukon: {error}\n")
    if args.frames < 0:
        parser.exit(2, "yukon: --frames must be 0 or more\n")
    from yukon.persistence import writable_file_problem  # a device or FIFO is never written

    for option, path in (("--dump-layout", args.dump_layout), ("--screenshot", args.screenshot)):
        if path and (problem := writable_file_problem(path)):
            parser.exit(2, f"yukon: {option} {problem}\n")
    return args


class App:
    """The window, the scene stack and everything that outlives one game."""

    def __init__(self, args: argparse.Namespace) -> None:
        import pygame

        from yukon.persistence import (
            GameRecord,
            Store,
            load_game,
            load_settings,
            load_stats,
        )
        from yukon.ui.table import TableScene

        self.pg = pygame
        self.args = args
        self.dump_layout_path: str | None = args.dump_layout
        self.store = Store()
        self.store.claim()  # a second copy of the game plays on without saving
        self.settings = load_settings(self.store)
        self.stats = load_stats(self.store)
        # Only what the game uses: no mixer, so no audio device is opened.
        pygame.display.init()
        pygame.font.init()
        from yukon.ui import theme

        theme.reset()
        self.fullscreen = bool(args.fullscreen or self.settings.fullscreen)
        self.windowed_size = args.size or self._default_size()
        # Set once the player resizes the window: until then the remembered
        # size stays as it was, even if this screen could not show it whole.
        self.resized_by_player = False
        self._size_save_in: float | None = None
        self.surface = self._open_window()
        self._set_icon()
        resumed = load_game(self.store)
        if args.code is not None:
            if resumed is not None:
                self._count_abandoned(resumed[0])
            record, elapsed = GameRecord.new(Game.from_code(args.code).code), 0.0
        elif resumed is not None:
            record, elapsed = resumed
        else:
            record, elapsed = self._new_record(self.settings.rule_set), 0.0
        self.dialogs: list = []
        self._worker = None
        self._ready_winnable: dict[Rules, int] = {}
        self._prefetching: dict[int, Rules] = {}
        self._wanted_winnable: tuple[int, Rules] | None = None
        self.table = TableScene(self, record, self.settings, elapsed)
        self.table.on_move = self.save_game
        self.table.on_win = self.game_won
        self.running = True
        self.frames = 0
        self.last_input = time.perf_counter()
        self._show_notices()
        self._prefetch_winnable(self.settings.rule_set)

    # ------------------------------------------------------------ window

    @property
    def size(self) -> tuple[int, int]:
        return self.surface.get_size()

    def _default_size(self) -> tuple[int, int]:
        """The remembered size if the screen holds it; else (or with none
        remembered) a comfortable size that fits the screen."""
        try:
            desktop = self.pg.display.get_desktop_sizes()[0]
        except (self.pg.error, IndexError):
            desktop = (1920, 1080)
        if self.settings.window_size is not None:
            w, h = self.settings.window_size
            if w <= desktop[0] and h <= desktop[1]:
                return (max(MIN_WINDOW[0], w), max(MIN_WINDOW[1], h))
        else:
            w, h = 1280, 800
        w = max(MIN_WINDOW[0], min(w, int(desktop[0] * 0.95)))
        h = max(MIN_WINDOW[1], min(h, int(desktop[1] * 0.9)))
        return (w, h)

    def _remembered_size(self) -> tuple[int, int] | None:
        """The window size to keep in the settings: the player's own once
        they resized the window, else the one remembered (not a smaller one
        this screen forced), and never one given with ``--size``."""
        if self.args.size or (not self.resized_by_player and self.settings.window_size):
            return self.settings.window_size
        return self.windowed_size

    def _open_window(self):
        """A resizable window, made full screen afterwards if asked: leaving
        full screen then gives back a normal, resizable window."""
        surface = self.pg.display.set_mode(self.windowed_size, self.pg.RESIZABLE)
        self._window().minimum_size = MIN_WINDOW  # the table is laid out for no less
        if self.fullscreen:
            self._window().set_fullscreen(desktop=True)
            surface = self.pg.display.get_surface()
        return surface

    def _window(self):
        """The SDL window behind the display module (full screen in place,
        without re-creating the window or needing a window manager)."""
        import warnings

        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            return self.pg.Window.from_display_module()

    def _set_icon(self) -> None:
        """The shipped icon; drawn in code instead if the file is missing or unreadable."""
        from yukon.resources import asset_path

        try:
            icon = self.pg.image.load(str(asset_path("icon.png")))
        except (OSError, self.pg.error):
            from yukon.ui.art import make_icon

            icon = make_icon(64)
        self.pg.display.set_icon(icon)

    def set_title(self, code: str | None) -> None:
        self.pg.display.set_caption(f"Yukon — {code}" if code else "Yukon")

    def toggle_fullscreen(self) -> None:
        self.set_fullscreen(not self.fullscreen)

    def set_fullscreen(self, on: bool) -> None:
        if on == self.fullscreen:
            return
        window = self._window()
        if on:
            self.windowed_size = self.size
            window.set_fullscreen(desktop=True)
        else:
            window.set_windowed()
            window.size = self.windowed_size
            window.position = self.pg.WINDOWPOS_CENTERED
        self.fullscreen = on
        self.table.bar.button(FULL_SCREEN_LABELS[not on]).label = FULL_SCREEN_LABELS[on]
        self._resized()
        self.update_settings(dataclasses.replace(self.settings, fullscreen=on))

    def _resized(self) -> None:
        """Lay everything out again for the window's current size (the
        resize events that follow a change bring the final size)."""
        self.pg.event.pump()
        self.surface = self.pg.display.get_surface()
        self.table.resize(self.size)
        for dialog in self.dialogs:
            dialog.resize(self.size)

    # ------------------------------------------------------------ games

    @property
    def current_code(self) -> str | None:
        return self.table.game.code

    @property
    def abandon_warning(self) -> str:
        """What starting another game now would cost, said before it happens."""
        record = self.table.record
        if record.needs_counting:
            return "This unfinished game will count as a loss in your statistics."
        return ""

    def _new_record(self, rules: Rules):
        from yukon.persistence import GameRecord

        return GameRecord.new(Game.new(None, rules).code)

    def _count_abandoned(self, record) -> None:
        from yukon.persistence import save_stats

        if record.needs_counting:
            self.stats.record_loss(record.game.rules, game_id=record.game_id)
            record.counted = True
            save_stats(self.store, self.stats)

    def start_game(self, code: str) -> None:
        """Play the deal named by ``code`` (Restart deals the same one again)."""
        from yukon.persistence import GameRecord

        self._drop_wanted_winnable()  # the player chose: no deal search replaces it
        self._count_abandoned(self.table.record)
        record = GameRecord.new(Game.from_code(code).code)
        self.table.setup(record, 0.0)
        self.save_game()
        self._show_notices()

    def start_random_game(self, rules: Rules) -> None:
        """A new deal; one the solver proved winnable when that is asked for."""
        self._drop_wanted_winnable()
        if not self.settings.winnable_only:
            self.start_game(self._new_record(rules).game.code)
            return
        deal = self._ready_winnable.pop(rules, None)
        if deal is not None:
            self.start_game(format_code(deal, rules))
            self._prefetch_winnable(rules)
            return
        self.table.drop_hint_search()  # this game is being left: the deal comes first
        job = self.worker.submit("winnable", rules.value, WINNABLE_SECONDS)
        self._wanted_winnable = (job, rules)
        self.table.notify("Finding a winnable deal...")

    def _drop_wanted_winnable(self) -> None:
        """Stop looking for the deal a New game asked for (another game was
        chosen): the solver is free at once for what comes next."""
        if self._wanted_winnable is not None:
            self.worker.cancel(self._wanted_winnable[0])
            self._wanted_winnable = None

    def _prefetch_winnable(self, rules: Rules) -> None:
        """Have the next winnable deal ready before the player asks."""
        wanted = self.settings.winnable_only and rules not in self._ready_winnable
        if wanted and rules not in self._prefetching.values():
            job = self.worker.submit("winnable", rules.value, WINNABLE_SECONDS)
            self._prefetching[job] = rules

    @property
    def worker(self):
        if self._worker is None:
            from yukon.ui.worker import SolverWorker

            self._worker = SolverWorker()
        return self._worker

    def _job_done(self, job_id: int, result, error: str | None) -> None:
        if job_id in self._prefetching:
            rules = self._prefetching.pop(job_id)
            if result is not None:
                self._ready_winnable[rules] = result
        if self._wanted_winnable is not None and self._wanted_winnable[0] == job_id:
            rules = self._wanted_winnable[1]
            self._wanted_winnable = None
            if result is None:
                self.start_game(self._new_record(rules).game.code)
                self.table.notify("No winnable deal was found in time: this one may not be.")
            else:
                self.start_game(format_code(result, rules))
                self._prefetch_winnable(rules)
            return
        self.table.job_done(job_id, result, error)

    def remember_rules(self, rules: Rules) -> None:
        self.update_settings(dataclasses.replace(self.settings, rules=rules.value))

    def save_game(self) -> None:
        from yukon.persistence import save_game

        if not self.table.game.is_won:
            save_game(self.store, self.table.record, self.table.elapsed)
        self._show_notices()

    def game_won(self) -> None:
        from yukon.persistence import clear_game, save_stats

        record, game = self.table.record, self.table.game
        if not record.counted:
            self.stats.record_win(
                game.rules, game.score, self.table.elapsed, game.move_count, game_id=record.game_id
            )
            record.counted = True
            save_stats(self.store, self.stats)
        clear_game(self.store)
        self._show_notices()

    def update_settings(self, settings) -> None:
        from yukon.persistence import save_settings

        if settings == self.settings:
            return
        self.settings = settings
        self.table.apply_settings(settings)
        self._prefetch_winnable(settings.rule_set)
        save_settings(self.store, settings)
        self._show_notices()

    def _show_notices(self) -> None:
        notices = self.store.take_notices()
        if notices:
            self.table.notify("\n".join(notices))  # one notice a line

    # ------------------------------------------------------------ dialogs

    @property
    def has_dialog(self) -> bool:
        return bool(self.dialogs)

    def push(self, dialog) -> None:
        # The new dialog takes the input: a drag, held cards or a pressed
        # button below it would never see their release, so they end here;
        # nor would they see the pointer move away, so nothing below stays lit.
        self.table.cancel_gestures()
        self.table.stop_key_repeat()  # nor a held key's release
        for below in self.dialogs:
            below.cancel_press()
        self.pointer_left()
        dialog.resize(self.size)
        self.dialogs.append(dialog)
        self.table.dirty = True

    def close_dialog(self, dialog) -> None:
        if dialog in self.dialogs:
            self.dialogs.remove(dialog)
        self.table.dirty = True

    def open_new_game(self) -> None:
        from yukon.ui.dialogs import NewGameDialog

        self.push(NewGameDialog(self))

    def open_settings(self) -> None:
        from yukon.ui.dialogs import SettingsDialog

        self.push(SettingsDialog(self))

    def open_stats(self) -> None:
        from yukon.ui.dialogs import StatsDialog

        self.push(StatsDialog(self))

    def reset_stats(self) -> None:
        from yukon.persistence import save_stats

        self.stats.reset()
        save_stats(self.store, self.stats)
        self._show_notices()

    def open_help(self) -> None:
        from yukon.ui.help import HelpScreen

        self.push(HelpScreen(self))

    def open_win(self) -> None:
        from yukon.ui.dialogs import WinDialog

        game = self.table.game
        self.push(WinDialog(self, game.score, self.table.elapsed, game.move_count))

    # ------------------------------------------------------------ loop

    def frame_rate(self, now: float) -> int:
        """Frames per second for the next frame: smooth while anything
        moves, quick to answer while the player plays, frugal when away."""
        if self.animating:
            return FPS_ACTIVE
        if now - self.last_input < AWAY_SECONDS:
            return FPS_IDLE
        return FPS_AWAY

    def handle_event(self, event) -> None:
        pg = self.pg
        self.last_input = time.perf_counter()
        if event.type == pg.QUIT:
            self.running = False
            return
        if event.type in (pg.WINDOWSIZECHANGED, pg.VIDEORESIZE):
            if (
                self.size != self.pg.display.get_surface().get_size()
                or event.type == pg.VIDEORESIZE
            ):
                self._resized()
            if event.type == pg.VIDEORESIZE and not self.fullscreen:
                self.windowed_size = self.size  # the player resized the window
                self.resized_by_player = True
                self._size_save_in = SIZE_SAVE_DELAY
            return
        if event.type == pg.WINDOWFOCUSLOST:
            self.cancel_presses()
            return
        if event.type == pg.WINDOWLEAVE:
            self.pointer_left()
            return
        if event.type == pg.WINDOWMINIMIZED:
            self.cancel_presses()
            self.table.paused = True
            return
        if event.type in (pg.WINDOWRESTORED, pg.WINDOWMAXIMIZED, pg.WINDOWSHOWN):
            self.table.paused = False
            self.table.dirty = True
            return
        if event.type == pg.WINDOWEXPOSED:
            self.table.dirty = True
            return
        if event.type in (pg.FINGERDOWN, pg.FINGERUP, pg.FINGERMOTION):
            return  # touches also arrive as mouse events: handle each once
        if event.type == pg.KEYDOWN:
            alt_enter = event.key in (pg.K_RETURN, pg.K_KP_ENTER) and event.mod & pg.KMOD_ALT
            if event.key == pg.K_F11 or alt_enter:
                self.toggle_fullscreen()
                return
            leave = event.key == pg.K_ESCAPE and self.fullscreen and not self.dialogs
            if leave and not self.table.busy:
                self.set_fullscreen(False)
                return
        if self.dialogs:
            self.dialogs[-1].handle_event(event)
        else:
            self.table.handle_event(event)

    def cancel_presses(self) -> None:
        """The mouse button's release will go to another window: no press
        in progress may act on some later release."""
        self.table.cancel_press()
        self.table.stop_key_repeat()
        for dialog in self.dialogs:
            dialog.cancel_press()

    def pointer_left(self) -> None:
        """The pointer left the window: no motion says so, and nothing may
        stay lit as if it were still over it until it comes back."""
        self.table.leave()
        for dialog in self.dialogs:
            dialog.leave()

    def update(self, dt: float) -> None:
        if self._size_save_in is not None:
            self._size_save_in -= dt
            if self._size_save_in <= 0:
                self._size_save_in = None
                size = self._remembered_size()
                self.update_settings(dataclasses.replace(self.settings, window_size=size))
        if self._worker is not None:
            for job_id, result, error in self._worker.poll():
                self._job_done(job_id, result, error)
        self.table.update(dt)
        for dialog in self.dialogs:
            dialog.update(dt)

    @property
    def animating(self) -> bool:
        return self.table.animating or any(d.animating for d in self.dialogs)

    @property
    def needs_draw(self) -> bool:
        return self.table.needs_draw or any(d.dirty or d.animating for d in self.dialogs)

    def draw(self, alpha: float = 1.0) -> list | None:
        """Draw every scene; the changed rects, or None when all changed."""
        if self.dialogs:
            self.table.dirty = True  # dialogs sit on top: redraw the whole frame
        rects = self.table.draw(self.surface, alpha)
        for dialog in self.dialogs:
            dialog.draw(self.surface, alpha)
        return rects

    def run(self) -> int:
        pg = self.pg
        clock = pg.time.Clock()
        previous = time.perf_counter()
        accumulator = 0.0
        while self.running:
            now = time.perf_counter()
            accumulator += min(now - previous, MAX_FRAME)
            previous = now
            for event in pg.event.get():
                self.handle_event(event)
            while accumulator >= STEP:
                self.update(STEP)
                accumulator -= STEP
            if self.needs_draw:
                rects = self.draw(accumulator / STEP)
                if rects is None:
                    pg.display.flip()
                else:
                    pg.display.update(rects)
            self.frames += 1
            if self.args.frames and self.frames >= self.args.frames:
                break
            clock.tick(self.frame_rate(time.perf_counter()))
        self.shutdown()
        return 0

    def shutdown(self) -> None:
        from yukon.persistence import save_settings

        if self._worker is not None:
            self._worker.stop()
        self.save_game()
        size = self._remembered_size()
        save_settings(self.store, dataclasses.replace(self.settings, window_size=size))
        if self.args.screenshot:
            self.draw(1.0)
            try:
                self.pg.image.save(self.surface, self.args.screenshot)
            except (OSError, self.pg.error) as error:
                print(
                    f"Cannot save the screenshot {self.args.screenshot}: {error}", file=sys.stderr
                )
        self.store.release()
        self.pg.quit()


def main(argv: Sequence[str] | None = None) -> int:
    import multiprocessing

    multiprocessing.freeze_support()  # the solver worker, in a frozen executable
    args = parse_args(argv)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from yukon import crashlog, display

    try:
        display.start()  # DPI hints, then a clear exit where there is no screen
    except display.NoDisplay as error:
        print(error, file=sys.stderr)
        return 1
    return crashlog.run(lambda: App(args).run())  # warnings and crashes go to yukon.log


if __name__ == "__main__":
    sys.exit(main())
