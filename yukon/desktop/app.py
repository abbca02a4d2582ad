"""Start-up, the window and the fixed-timestep loop.

The loop follows "Fix Your Timestep": frame time measured with
``time.perf_counter()`` and clamped to 0 .. 0.25 s feeds an accumulator that runs
fixed 120 Hz updates (animations, the tap detector, the game timer); frames
are drawn only when something changed, with the blend factor between the
last two updates. When nothing moves and nothing is awaited, the loop
sleeps (``yukon.desktop.rest``) until the next event or the next thing due
(the clock's next second, a banner's end), so a game at rest costs nothing.

Everything else lives elsewhere: the game, settings and statistics in
``yukon.session.game_session``, the screens on ``yukon.ui.shell.scene``'s stack, the window in
``yukon.ui.shell.window``, the options in ``yukon.desktop.cli``.
"""

from __future__ import annotations

import dataclasses
import enum
import gc
import os
import sys
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING

from yukon.desktop.stop_signals import StopRequests

if TYPE_CHECKING:
    import argparse

    import pygame

    from yukon.desktop.rest import Rest
    from yukon.session.events import Event
    from yukon.ui.shell.scene import Rects
    from yukon.ui.speech.speaker import Speaker
    from yukon.ui.text_boxes import TextBox

STEP = 1 / 120  # seconds per fixed update
MAX_FRAME = 0.25  # longest frame time fed to the updates (after a stall)
FPS_ACTIVE = 144  # frame cap while something moves
FPS_IDLE = 60  # how often a game at rest looks for input while the player is active
FPS_AWAY = 24  # ... and once nobody has touched it for AWAY_SECONDS (saves power)
AWAY_SECONDS = 3.0
# The longest the loop sleeps at rest: a stop signal (handled between
# waits) quits within it.
REST_LONGEST = 1.0
# Seconds after the player last resized the window before its size is saved
# (a drag-resize sends many sizes; the last one is kept).
SIZE_SAVE_DELAY = 0.5
# Seconds after the last resize, or a dialog closed, before the memory it
# freed is given back to the system (see ``yukon.desktop.memory``), once
# nothing moves.
MEMORY_GIVE_BACK_DELAY = 0.5
# The longest the game's end waits for the kept font's check (fontconfig's
# listing: tens of milliseconds, a second or two with thousands of fonts).
FONT_CHECK_SECONDS = 5.0

__all__ = ["App", "frame_seconds", "main", "parse_args"]


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """The command line (see ``yukon.desktop.cli``), imported when read:
    ``main`` starts before the game's modules load."""
    from yukon.desktop import cli

    return cli.parse_args(argv)


def frame_seconds(previous: float, now: float) -> float:
    """The time a frame feeds the updates: from 0 (a clock that jumped
    back, which would freeze every update for as long as the jump) to
    ``MAX_FRAME`` (after a stall).

    >>> frame_seconds(10.0, 10.125), frame_seconds(10.0, 3.0), frame_seconds(0.0, 9.0)
    (0.125, 0.0, 0.25)
    """
    return max(0.0, min(now - previous, MAX_FRAME))


class App:
    """The window, the loop and the scene stack it drives.

    ``stop`` hears Ctrl+C, SIGTERM, SIGHUP and SIGQUIT (``main`` installs
    it before SDL starts); the loop quits, saving, when one came.
    """

    def __init__(self, args: argparse.Namespace, stop: StopRequests | None = None) -> None:
        import pygame

        from yukon.i18n import Translator, choose_language
        from yukon.jobs import worker
        from yukon.jobs.hints import JobProgress
        from yukon.persistence import Store
        from yukon.session.events import Happening
        from yukon.session.game_session import GameSession
        from yukon.ui import theme
        from yukon.ui.shell.host import GameHost
        from yukon.ui.shell.scene import SceneStack
        from yukon.ui.shell.sound import SoundPlayer
        from yukon.ui.shell.window import Window
        from yukon.ui.table.scene import TableScene

        self.pg = pygame
        self.args = args
        self.stop = stop or StopRequests()
        self._settings_changed = Happening.SETTINGS_CHANGED
        self._job_progress = JobProgress
        store = Store()
        store.claim()  # a second copy of the game plays on without saving
        self.worker = worker.SolverWorker()  # its process starts with the first job
        self.session = GameSession(store, self.worker, args.code)
        # Only what the game uses; the mixer opens on a thread of its own
        # after the first frame (see ``SoundPlayer``), so it never delays the start.
        pygame.display.init()
        pygame.font.init()
        settings = self.session.settings
        self.sound = SoundPlayer(enabled=settings.sound, volume=settings.volume)
        self.session.events.subscribe(self.sound.hear)
        theme.reset()
        fullscreen = bool(args.fullscreen or self.session.settings.fullscreen)
        self.window = Window(self.session.settings, args.size, fullscreen=fullscreen)
        self.stack = SceneStack()
        # --lang holds for this run until the player picks a language in Settings.
        self._language_setting = self.session.settings.language
        self.translator = Translator(
            choose_language(getattr(args, "lang", None), self._language_setting)
        )
        self.translator.subscribe(lambda _language: self.stack.resize(self.window.size))
        self.speaker = self._make_speaker(args)
        host_parts = (self.session, self.stack, self.window, self.translator)
        self.host = GameHost(*host_parts, lambda: self.sound.available, self.speaker)
        self.table = TableScene(self.host, dump_layout=args.dump_layout)
        self.stack.push(self.table, self.window.size)
        if args.dump_layout:
            self.table.text_boxes = self.text_boxes
            self.table.shown_scenes = self.shown_scenes
        self.session.events.subscribe(self._session_event)
        self._size_save_in: float | None = None
        self._give_back_in: float | None = None
        self._scenes = 1  # how many scenes were on the stack: fewer, one was closed
        self.running = True
        self.frames = 0
        self.last_input = time.perf_counter()
        self._rest: Rest | None = None  # made at the first rest, after the first frame
        self.session.show_notices()

    def _make_speaker(self, args: argparse.Namespace) -> Speaker:
        """The speaker for this run (see ``_speak``). Its library is loaded
        on a thread of its own (see ``SystemSpeech``)."""
        from pathlib import Path

        from yukon.ui.dialogs.narration import DialogNarration
        from yukon.ui.speech.speaker import Speaker

        self.speech_time = 0.0  # the speaker's clock: the updates' time
        self._welcomed = False
        self._speech_setting = self.session.settings.speech
        log = Path(args.speech_log) if args.speech_log else None
        speaker = Speaker(None, lambda: self.speech_time, log, self._speech_problem)
        self.translator.subscribe(lambda language: speaker.set_language(language.value))
        self._speak(speaker, args.speech or self._speech_setting.value)
        self.dialog_words = DialogNarration(speaker, self.translator)
        return speaker

    def _speak(self, speaker: Speaker, mode: str) -> None:
        """Speech on, off or automatic (``--speech`` for this run, until
        the setting is changed, over the setting); with ``--speech-log``,
        automatic is on (the log asks for the words)."""
        speaker.close()
        if mode == "automatic" and self.args.speech_log:
            mode = "on"
        if mode != "off":
            from yukon.ui.speech.system_speech import SystemSpeech

            speaker.use(SystemSpeech(readers_only=mode != "on"))
            speaker.set_language(self.translator.language.value)

    def _speech_problem(self, problem: str) -> None:
        """Speech cannot be heard: one notice, and the game plays on."""
        self.table.notify(problem)

    def _session_event(self, event: Event) -> None:
        if event.kind is self._settings_changed:
            from yukon.i18n import choose_language

            settings = self.session.settings
            if settings.language != self._language_setting:  # picked in Settings: at once
                self._language_setting = settings.language
                self.translator.set_language(choose_language(None, settings.language))
            if settings.speech != self._speech_setting:  # changed in Settings: at once
                self._speech_setting = settings.speech
                self._speak(self.speaker, settings.speech.value)
            self.sound.configure(enabled=settings.sound, volume=settings.volume)
            if settings.sound and self.frames:
                self.sound.start()  # turned on now (a no-op once started)
            self.stack.apply_settings(settings)

    @property
    def surface(self) -> pygame.Surface:
        return self.window.surface

    @property
    def size(self) -> tuple[int, int]:
        return self.window.size

    @property
    def fullscreen(self) -> bool:
        return self.window.fullscreen

    def _resized(self) -> None:
        """Lay every scene out again for the window's current size."""
        from yukon.ui import sized_caches

        self.window.refresh()
        sized_caches.forget()  # what was drawn for the old size
        self.stack.resize(self.window.size)
        self._give_back_in = MEMORY_GIVE_BACK_DELAY

    # ------------------------------------------------------------ loop

    def frame_rate(self, now: float) -> int:
        """Frames per second for the next frame: smooth while anything
        moves, quick to answer while the player plays, frugal when away."""
        if self.animating:
            return FPS_ACTIVE
        if now - self.last_input < AWAY_SECONDS:
            return FPS_IDLE
        return FPS_AWAY

    def rest_seconds(self) -> float:
        """How long the loop may sleep until the next event: 0 while
        anything moves, is about to or is awaited (an animation, a drag, a
        demo, a tap, a held key, a solver's answer, a dialog's own timers,
        a size to save); else until the table's next thing due, at most
        ``REST_LONGEST``. A run that counts its frames (``--frames``) paces
        them as the loop always did, so it ends as soon as ever."""
        if (
            self.args.frames
            or self.animating
            or self.needs_draw
            or not self.worker.idle
            or self.session.finding_deal
            or self._size_save_in is not None
            or self._give_back_in is not None
            or self.stack.scenes != [self.table]
        ):
            return 0.0
        from yukon.ui.table.scene import rest_seconds

        due = (rest_seconds(self.table), self.speaker.due_in(), self.sound.due_in())
        rest = min(*due, REST_LONGEST)
        # Due within an update (a clock a rounding short of its second): sleep
        # one update, so the loop wakes to a whole step, not to none.
        return max(rest, STEP) if rest > 0 else 0.0

    def handle_event(self, event: pygame.event.Event) -> None:
        """Window events here; everything else to the top scene."""
        pg = self.pg
        self.last_input = time.perf_counter()
        event = self.window.to_pixels(event)
        kind = event.type
        if self.table.stops_demo(event):
            return  # and does nothing else: not even the window's keys (F11, Ctrl+Q)
        if kind == pg.QUIT or (kind == pg.KEYDOWN and _quits(event.key, event.mod)):
            self.running = False  # saved on the way out (see ``shutdown``)
        elif kind in (pg.WINDOWSIZECHANGED, pg.VIDEORESIZE):
            if kind == pg.VIDEORESIZE or self.size != self.window.current_size():
                self._resized()
            if kind == pg.VIDEORESIZE and not self.window.fullscreen:
                self.window.resized_by(player=True)
                self._size_save_in = SIZE_SAVE_DELAY
        elif kind == pg.WINDOWFOCUSLOST:
            self.stack.lose_focus()
        elif kind == pg.WINDOWLEAVE:
            self.stack.leave()
        elif kind == pg.WINDOWMINIMIZED:
            self.stack.lose_focus()
            self.session.paused = True
        elif kind in (pg.WINDOWRESTORED, pg.WINDOWMAXIMIZED, pg.WINDOWSHOWN):
            self.session.paused = False
            self.stack.redraw()
        elif kind == pg.WINDOWEXPOSED:
            self.stack.redraw()
        elif kind in (pg.FINGERDOWN, pg.FINGERUP, pg.FINGERMOTION):
            pass  # touches also arrive as mouse events: handle each once
        elif kind == pg.KEYDOWN and (
            event.key == pg.K_F11
            or (event.key in (pg.K_RETURN, pg.K_KP_ENTER) and event.mod & pg.KMOD_ALT)
        ):
            self.host.toggle_fullscreen()
        else:
            self.stack.handle_event(event)

    def update(self, dt: float) -> None:
        scenes = len(self.stack.scenes)
        if scenes < self._scenes:  # a dialog closed: its pictures are freed
            self._give_back_in = MEMORY_GIVE_BACK_DELAY
        self._scenes = scenes
        if self._give_back_in is not None:
            self._give_back_in -= dt
            if self._give_back_in <= 0 and not self.animating:
                from yukon.desktop import memory

                self._give_back_in = None
                memory.give_back()
        if self._size_save_in is not None:
            self._size_save_in -= dt
            if self._size_save_in <= 0:
                self._size_save_in = None
                settings = self.session.settings
                size = self.window.remembered_size(settings)
                self.session.update_settings(dataclasses.replace(settings, window_size=size))
        self.session.update(dt)
        self.sound.update(dt)
        self.speech_time += dt
        self.speaker.update()
        if not self._welcomed and self.speaker.ready:
            self._welcomed = True  # once speech is heard: where the player is
            self.table.narration.welcome()
        for done in self.worker.poll():
            if isinstance(done, self._job_progress):  # how far a job still running is
                self.table.job_progress(done)
            elif not self.session.job_done(done):
                self.table.job_done(done)
        self.stack.update(dt)
        self.dialog_words.update(self.stack.top, self.size, dt)

    @property
    def animating(self) -> bool:
        return self.stack.animating

    @property
    def needs_draw(self) -> bool:
        return self.stack.needs_draw

    def draw(self, alpha: float = 1.0) -> Rects:
        """Draw every scene; the changed rects, or None when all changed."""
        rects = self.stack.draw(self.window.surface, alpha)
        if self.args.dump_layout and self.table.board.celebration is None:
            # What this frame shows (a banner, a page, the clock), if it changed.
            self.table.dump_layout(redraw=False)
        return rects

    def shown_scenes(self) -> list[dict[str, str]]:
        """The scenes on the stack, bottom to top, each with its page."""
        shown = []
        for scene in self.stack.scenes:
            entry = {"scene": type(scene).__name__}
            page = getattr(scene, "page", None)
            if isinstance(page, enum.Enum):  # a dialog's page, by its name
                entry["page"] = page.name.lower()
            if getattr(scene, "faq", False) is True:
                entry["page"] = "faq"
            shown.append(entry)
        return shown

    def text_boxes(self, *, redraw: bool = True) -> list[TextBox]:
        """Every text on screen now, with its holder: the scenes drawn off
        screen bottom to top, a dialog's panel hiding the texts under it.
        With ``redraw`` the window is drawn whole next frame; without, the
        window was drawn just now, from the same state."""
        from yukon.ui.text_boxes import RecordingSurface

        surface = RecordingSurface(self.size)
        for scene in self.stack.scenes:
            below = len(surface.texts)
            scene.redraw()
            scene.draw(surface, 1.0)
            panel = getattr(scene, "panel", None)
            if isinstance(panel, self.pg.Rect):
                hidden = [box for box in surface.texts[:below] if panel.colliderect(box.rect)]
                surface.texts = [box for box in surface.texts if box not in hidden]
        if redraw:
            self.stack.redraw()
        return surface.texts

    def run(self) -> int:
        from yukon.ui import typeface

        pg = self.pg
        clock = pg.time.Clock()
        previous = time.perf_counter()
        accumulator = 0.0
        rest = 0.0
        events = pg.event.get()
        while self.running:
            now = time.perf_counter()
            if rest:
                # Slept at rest: nothing moved meanwhile, so the time slept
                # (the clock's seconds) passes in one update of whole steps,
                # before the event that woke the loop.
                accumulator += max(0.0, min(now - previous, rest + MAX_FRAME))
                steps = int(accumulator / STEP)
                if steps:
                    self.update(steps * STEP)
                    accumulator -= steps * STEP
            else:
                accumulator += frame_seconds(previous, now)
            previous = now
            for event in events:
                self.handle_event(event)
            if self.stop.requested:  # Ctrl+C, SIGTERM, SIGHUP, SIGQUIT: as if closed
                break
            while accumulator >= STEP:
                self.update(STEP)
                accumulator -= STEP
            if self.needs_draw:
                self.window.present(self.draw(accumulator / STEP))
            self.frames += 1
            if self.args.frames and self.frames >= self.args.frames:
                break
            if self.frames == 1:
                gc.enable()  # start-up is over (see ``main``)
                self.window.show_icon()  # the first frame is on screen: now the taskbar's
                typeface.keep_choice()  # and the font looked up kept for the next start,
                typeface.check_kept()  # or the kept one checked on a thread
            if self.frames == 1 and self.session.settings.sound:
                self.sound.start()  # the first frame is on screen: now the audio device
            rest = self.rest_seconds()
            if rest:
                self.table.warm_up()  # idle time: what the next frames want, made now
                self.sleep_at_rest(rest)
            else:
                clock.tick(self.frame_rate(time.perf_counter()))
            events = pg.event.get()
        self.shutdown()
        return 0

    def sleep_at_rest(self, seconds: float) -> None:
        """Sleep until an event comes or ``seconds`` pass (see ``yukon.desktop.rest``)."""
        if self._rest is None:
            from yukon.desktop.rest import Rest, x11_connection

            self._rest = Rest(self.pg, x11_connection(self.pg))
        self._rest.wait(seconds)

    def shutdown(self) -> None:
        self.worker.stop()
        self.speaker.close()
        self.sound.wait(2.0)  # a mixer still opening must not meet pygame.quit
        if self.args.screenshot:
            self.draw(1.0)
            try:
                self.pg.image.save(self.surface, self.args.screenshot)
            except (OSError, self.pg.error) as error:
                print(
                    f"Cannot save the screenshot {self.args.screenshot}: {error}", file=sys.stderr
                )
        self.session.close(self.window.remembered_size(self.session.settings))
        self.table.keep_art()
        from yukon.ui import typeface

        typeface.keep_choice()
        typeface.wait_for_check(FONT_CHECK_SECONDS)  # no check runs on as the interpreter ends
        from yukon.ui import theme
        from yukon.ui.shell.window import close_windows

        # Fonts closed while the font module runs: one freed after
        # ``pygame.quit`` keeps its file open as long as the process lives.
        theme.reset()
        close_windows()  # before SDL frees them: see close_windows
        self.pg.quit()


def _quits(key: int, mod: int) -> bool:
    """Ctrl+Q (Cmd+Q on a Mac): save and quit, from any scene."""
    from yukon.ui.keymap import Command, command_for

    return command_for(key, mod) is Command.QUIT


def main(argv: Sequence[str] | None = None, stop: StopRequests | None = None) -> int:
    """Run the game; ``stop``: the stop signals' handler, installed already
    as early as the start allows (``yukon.__main__``), else installed here.

    Start-up builds many objects and leaves almost no garbage, so the
    cyclic garbage collector is off until the first frame is on screen
    (it looked through the whole heap tens of times before it, for
    nothing; see ``App.run`` and ``_play``).
    """
    gc.disable()
    try:
        return _start(argv, stop)
    finally:
        gc.enable()


def _start(argv: Sequence[str] | None, stop: StopRequests | None) -> int:
    if getattr(sys, "frozen", False):  # the solver worker, in a frozen executable
        import multiprocessing

        multiprocessing.freeze_support()
    if stop is None:
        stop = StopRequests()
        stop.install()  # before SDL and pygame, which would take the signals for themselves
    try:
        args = parse_args(argv)
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        from yukon.desktop import crashlog, display

        if stop.requested:  # told to stop while starting: nothing is open or changed yet
            return 0
        try:
            display.start()  # DPI hints, then a clear exit where there is no screen
        except display.NoDisplay as error:
            print(error, file=sys.stderr)
            return 1
        return crashlog.run(lambda: _play(args, stop))  # warnings and crashes go to yukon.log
    finally:
        stop.restore()


def _play(args: argparse.Namespace, stop: StopRequests) -> int:
    from yukon.ui import typeface

    # The platform's font is looked up (in another process, fontconfig's)
    # while the game's own modules load and the window opens: the first
    # text needs it.
    typeface.look_up_soon()
    try:
        status = App(args, stop).run()
        # The game is over, saved and closed, and the process ends: what is
        # left is frozen out of the collector's sight, so the interpreter's
        # exit frees it without looking through it all (a third of the
        # time of a short run went there).
        gc.freeze()
        return status
    finally:
        stop.restore()  # a crash message after this is closed by the usual signals


if __name__ == "__main__":
    sys.exit(main())
