"""The table scene: the game being played, and what the player does to it.

The scene asks the engine every question ("can this go there?", "where
would a double tap send it?") and draws the answer; the sprites are a view
of the engine's state and are re-synced after every move and undo. The
work is shared out: ``TableState`` holds what is shown, ``PointerGestures``
reads the pointer, the key map (``keymap``) turns keys into commands,
``TablePlay`` plays moves through the session, ``SolverHelp`` asks the
solver (hints, the demo, Finish, the live verdict) through ``HintService``,
and ``TableRenderer`` draws.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from yukon.engine import Card, Game, InvalidRecord, Move, Pile
from yukon.i18n import N_, record_problem
from yukon.jobs.hints import JobDone, JobProgress
from yukon.persistence import GameRecord, Settings
from yukon.session.events import Event, Happening
from yukon.ui.keymap import Command, command_for
from yukon.ui.shell.scene import Host, Rects
from yukon.ui.table.bar_tips import full_screen_tip, tip
from yukon.ui.table.deal_names import bar_names, window_name
from yukon.ui.table.geometry import pile_cards
from yukon.ui.table.hint_service import HintService
from yukon.ui.table.info_bar import BarValues, InfoBar
from yukon.ui.table.keyboard_cursor import KeyboardCursor
from yukon.ui.table.leaving import LeaveAsking
from yukon.ui.table.narration import Narration
from yukon.ui.table.pointer import PointerGestures
from yukon.ui.table.renderer import TableRenderer
from yukon.ui.table.solver_help import DEMO_LABELS, SolverHelp
from yukon.ui.table.state import TableState
from yukon.ui.table.table_play import TablePlay
from yukon.ui.table.where_lost import LossAsking
from yukon.ui.text_boxes import TextBox
from yukon.ui.widgets import Button

if TYPE_CHECKING:  # each dialog is loaded when first opened: the first frame needs none
    from yukon.ui.dialogs.base import Dialog
    from yukon.ui.dialogs.settings import SettingsDialog
    from yukon.ui.dialogs.stats import StatsDialog
    from yukon.ui.table.layout_dump import LayoutDump  # with --dump-layout only

# Catalogue messages, translated where they are shown.
RESTART_LABEL = N_("Restart deal")
HANDS_FULL = N_("Put the cards down first (Space), or back (Esc).")
FULL_SCREEN_LABELS = (N_("Full screen"), N_("Window"))  # the button says what it will do
# The longest the game's end waits for the card pictures being kept (a 4K
# table's are some 36 MB): a file not finished is not used, only lost.
KEEPING_SECONDS = 3.0
_CURSOR_MOVES = {
    Command.LEFT: KeyboardCursor.left,
    Command.RIGHT: KeyboardCursor.right,
    Command.UP: KeyboardCursor.up,
    Command.DOWN: KeyboardCursor.down,
    Command.DEEPEST: KeyboardCursor.deepest,
    Command.TOP: KeyboardCursor.top,
}


class TableScene:
    """The main view: cards, info bar, pointer and keys, the game clock."""

    def __init__(self, host: Host, dump_layout: str | None = None) -> None:
        self.host = host
        self.tr = host.translator
        self.session = host.session
        self.dump_layout_path = dump_layout
        # Asked for the texts on screen when the layout is dumped (the app
        # draws every scene to list them).
        self.text_boxes: Callable[..., list[TextBox]] | None = None
        self.shown_scenes: Callable[[], list[dict[str, str]]] | None = None
        self._dump: LayoutDump | None = None
        self._repeating: Command | None = None  # the command of the key held down
        self.fullscreen_button = Button(
            lambda: self.tr.gettext(FULL_SCREEN_LABELS[host.fullscreen]),
            host.toggle_fullscreen,
            tip=full_screen_tip(self.tr, lambda: host.fullscreen),
        )
        self.restart_button = Button(
            lambda: self.tr.gettext(RESTART_LABEL),
            self.restart,
            enabled=lambda: self.game.move_count > 0,
            tip=tip(self.tr, Command.RESTART),
        )
        self.bar = InfoBar(_bar_buttons(self), self._bar_values, self.tr.gettext)
        self.board = TableState(self.session, self.bar, host.size)
        self.renderer = TableRenderer(self.board, self.tr.gettext)
        self.hints = HintService(self.session.jobs)
        self.narration = Narration(host.speaker, self.tr, self.session)
        self.moves = TablePlay(
            self.board, self.session, self.hints, self.dump_layout, self.narration
        )
        self.help = SolverHelp(self.board, self.session, self.hints, self.moves, self.tr)
        self.bar.status = self.help.verdict_text
        self.bar.status_samples = self.help.verdict_samples
        self.bar.status_tone = self.help.verdict_tone
        self.gestures = PointerGestures(self.board, self.moves)
        self.loss = LossAsking(host, self.hints, self.moves, self.request_hint)
        self.leaving = LeaveAsking(self.board, self.session, self.moves, self.tr)
        self.setup()
        self.resize(host.size)
        self.session.events.subscribe(self._session_event)

    def _bar_values(self) -> BarValues:
        game = self.game
        names = bar_names(self.tr, game, self.session.daily_date)
        return BarValues(game.score, self.session.elapsed, game.move_count, game.code or "", names)

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def record(self) -> GameRecord:
        return self.session.record

    @property
    def elapsed(self) -> float:
        return self.session.elapsed

    def _session_event(self, event: Event) -> None:
        if event.kind is Happening.DEALT:
            self.setup()
            self.narration.dealt()
        elif event.kind is Happening.SEARCHING:
            self.hints.drop()  # this game is being left: the deal comes first
            self.notify(event.message)
        elif event.kind is Happening.NOTICE:
            self.notify(event.message)

    # ------------------------------------------------------------ other scenes

    def _open(self, dialog: Dialog) -> None:
        self.host.push(dialog)

    def open_new_game(self) -> None:
        from yukon.ui.dialogs.new_game import NewGameDialog

        self._open(NewGameDialog(self.host, replay=self.open_replay))

    def open_replay(self, record: str) -> None:
        from yukon.ui.dialogs.replay import ReplayScene

        try:
            scene = ReplayScene(self.host, record)
        except InvalidRecord as error:  # none offered fails; one that did is said, not a crash
            self.notify(record_problem(self.tr, error))
            return
        self._open(scene)

    def open_settings(self) -> None:
        self._open(_settings_dialog(self))

    def open_stats(self) -> None:
        self._open(_stats_dialog(self))

    def open_help(self) -> None:
        from yukon.ui.dialogs.help import HelpScreen

        self._open(HelpScreen(self.host, self.game.rules))

    def open_win(self) -> None:
        from yukon.ui.dialogs.win import WinDialog

        game, session = self.game, self.session
        last = session.last_finished
        replay = None if last is None else (lambda: self.open_replay(last))
        self._open(
            WinDialog(
                self.host,
                game.score,
                self.elapsed,
                game.move_count,
                replay,
                demo=session.demo_helped,
                copied=session.record.copied,
            )
        )

    # ------------------------------------------------------------ scene

    def setup(self) -> None:
        """Start playing the session's game without rebuilding the window."""
        self.board.reset()
        self.help.forget()  # a hint, a demo for the last game, and its lines
        self._repeating = None
        # Laid out again: the bar names the other games and the deal of the
        # day, so its text may be longer.
        self.bar.layout(self.board.layout.width, self.board.layout.bar_h)
        daily = self.session.daily_date
        self.host.set_title(self.game.code, window_name(self.tr, self.game, daily))
        self.dump_layout()

    def resize(self, size: tuple[int, int]) -> None:
        self.board.set_size(size, self.host.density)
        self.dump_layout()

    def apply_settings(self, settings: Settings) -> None:
        """Settings take effect at once; the bar is laid out again (its
        labels may have changed)."""
        self.bar.layout(self.board.layout.width, self.board.layout.bar_h)
        self.board.apply_settings(settings)
        self.dump_layout()

    def redraw(self) -> None:
        self.board.redraw()

    def warm_up(self) -> bool:
        """Idle time after the first frame: make what the next frames will
        want (the felt's copy: see ``Felt``), then keep the card pictures
        drawn for the next start (see ``CardArt.keep``), one at each rest;
        whether there was anything to do."""
        return self.board.felt_layer.warm_up() or self.board.keep_art()

    def keep_art(self) -> None:
        """Leaving: keep the card pictures drawn, if not kept yet, and let
        the files being written be finished."""
        from yukon.ui.art.kept_art import wait_for_keeping

        self.board.keep_art()
        wait_for_keeping(KEEPING_SECONDS)

    def suspend(self) -> None:
        self.bar.tips.hide()
        self.help.stop()  # a dialog over the table: the demo ends
        self.help.let_go()
        self.moves.cancel_gestures()
        self.board.stop_repeat()  # nor a held key's release

    def lose_focus(self) -> None:
        self.board.cancel_press()
        self.board.stop_repeat()
        self.help.let_go()

    def leave(self) -> None:
        """Drop the hover outline and the bar's hover highlight: the pointer's
        next motion will not come here (a dialog takes the input, or it left
        the window), and the next one that does lights them again."""
        self.board.pointer_left(bar_lit=self.bar.leave())

    @property
    def animating(self) -> bool:
        """Whether frames must be drawn continuously (not just on change)."""
        board = self.board
        return (
            board.drags.active
            or board.sprites.animating
            or board.celebration is not None
            or board.taps.waiting
            or self.help.playing
        )

    @property
    def needs_draw(self) -> bool:
        return bool(self.board.changes)

    def draw(self, surface: pygame.Surface, alpha: float = 1.0) -> Rects:
        self.renderer.show_won_note = not self.host.covered(self)
        return self.renderer.draw(surface, alpha)

    def update(self, dt: float) -> None:
        board = self.board
        board.advance(dt)
        if board.in_hand:
            board.stop_repeat()  # the pointer has cards in hand: no key repeats
        else:
            self._repeat_key()
            self.gestures.poll_taps()
        # The clock stops while Help or a dialog covers the table (and while
        # the window is minimised: the session is paused then).
        if not self.host.covered(self) and self.session.tick(dt):
            board.note_bar_changed()
        if self.bar.tips.update(dt):
            board.redraw()  # the pointer rested on a button: its tip shows
        self.help.update(dt)
        board.move_sprites(dt)
        board.expire_banner()
        if board.take_unshown_win():
            self.open_win()
        if board.advance_celebration(dt):
            self.open_win()

    # ------------------------------------------------------------ actions

    def play(self, move: Move) -> bool:
        """Play ``move`` through the engine; False (and why shown) if illegal."""
        return self.moves.play(move)

    def undo(self) -> None:
        self.moves.undo()

    def redo(self) -> None:
        self.moves.redo()

    def notify(self, message: str) -> None:
        self.moves.notify(message)

    def dismiss(self) -> None:
        """Esc with nothing in hand: the hint's outline and the message go
        (full screen stays: F11 or Alt+Enter leaves it)."""
        self.board.hide_hint()
        if self.board.banner is not None:
            self.board.hide_banner()

    def pile_cards(self, pile: Pile, count: int) -> list[Card]:
        return pile_cards(self.game, pile, count)

    def restart(self) -> None:
        """Deal the same cards again (asking first: see ``LeaveAsking``)."""
        self.leaving.restart()

    # ------------------------------------------------------------ events

    def stops_demo(self, event: pygame.event.Event) -> bool:
        """Whether ``event`` stops the demo or Finish under way (or is a key
        pressed with the modifier that did): it then does nothing else. The
        window asks first, so its own keys obey too."""
        return self.help.on_input(event)

    def handle_event(self, event: pygame.event.Event) -> None:
        board = self.board
        board.note_input(event)
        if self.bar.tips.track(event, self.bar.buttons):
            board.redraw()  # a motion, click or key hides the bar's tip
        if self.stops_demo(event):
            return  # it stopped the demo, and does nothing else
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            board.finish_celebration()
        is_release = event.type == pygame.MOUSEBUTTONUP and event.button == 1
        if is_release and board.in_hand:
            self.gestures.release(event.pos)  # a drag ends wherever it is released
            return
        lit = self.bar.hovering  # before the buttons see the motion
        if self.bar.handle_event(event):
            board.redraw()
            return
        if event.type == pygame.MOUSEMOTION:
            self.gestures.motion(event.pos)
            if self.bar.hovering != lit:
                board.redraw()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.gestures.press(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.gestures.release(event.pos)
        elif event.type == pygame.KEYDOWN:
            self._on_key(event.key, event.mod)
        elif event.type == pygame.KEYUP:
            board.release_key(event.key)

    def _on_key(self, key: int, mod: int) -> None:
        board = self.board
        board.stop_repeat()  # the last key pressed ends an arrow's repeat
        command = command_for(key, mod)
        if board.in_hand:
            if command is Command.CANCEL:
                board.cancel_taps()  # nor does the release count as a tap
                board.cancel_drag()
            return  # the pointer has cards in hand: only Esc means something
        if command is None:
            return
        if command.needs_empty_hands and board.cursor.held is not None:
            if not mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
                self.moves.explain(HANDS_FULL, force=True)  # rather than nothing at all
            return
        if command.moves_cursor:
            board.press_key(key)  # held down, it steps on
            self._repeating = command
        self.run(command)

    def run(self, command: Command) -> None:
        """Do what ``command`` asks (a key's, or a repeat's)."""
        board, moves = self.board, self.moves
        held = board.cursor.held is not None
        actions: dict[Command, Callable[[], object] | None] = {
            Command.UNDO: moves.undo,
            Command.REDO: moves.redo,
            Command.DEMO: self.help.request_demo,
            Command.FINISH: self.help.request_finish,
            Command.NEW_GAME: self.open_new_game,
            Command.NEW_DEAL: self.leaving.new_deal,
            Command.HELP: self.open_help,
            Command.HINT: self.request_hint,
            Command.WHERE_LOST: self.loss.ask,
            Command.STATISTICS: _open_with_focus(self, _stats_dialog),
            Command.SETTINGS: _open_with_focus(self, _settings_dialog),
            Command.RESTART: self.restart_button.activate,  # when enabled, as the button
            Command.CANCEL: moves.put_back if held else self.dismiss,
            Command.PICK_OR_PUT: moves.put_down if held else moves.pick_up,
            Command.SEND_HOME: None if held else moves.send_home,
            Command.SEND_ANYWHERE: None if held else moves.send_anywhere,
            **self.narration.requests(),
        }
        action = actions.get(command)
        if action is not None:
            action()
            return
        column = command.column
        if column is not None:
            board.move_cursor(lambda cursor, game: cursor.column(game, column))
        elif command in _CURSOR_MOVES:
            board.move_cursor(_CURSOR_MOVES[command])
        else:
            return
        self.narration.cursor(self.game, board.cursor)

    def _repeat_key(self) -> None:
        """An arrow key held down steps on by itself (see ``KeyRepeat``)."""
        board = self.board
        if board.repeat_due() and self._repeating is not None:
            self.run(self._repeating)

    # ------------------------------------------------------------ hints

    def request_hint(self) -> None:
        self.help.request_hint()

    def job_done(self, done: JobDone) -> None:
        """A solver answer: where the game was lost, or a hint, a demo's line or a
        verdict (see ``SolverHelp``)."""
        if self.loss.job_done(done):
            return
        self.help.job_done(done)

    def job_progress(self, progress: JobProgress) -> None:
        """How far a solver job still running is (the walk back through the game)."""
        self.loss.job_progress(progress)

    # ------------------------------------------------------------ automation

    def layout_snapshot(self, *, redraw: bool = True) -> dict[str, Any]:
        """What is on screen (see ``layout_dump``); ``redraw`` False when a
        frame was just drawn whole and nothing changed since."""
        texts = self.text_boxes(redraw=redraw) if self.text_boxes else None
        scenes = self.shown_scenes() if self.shown_scenes else None
        from yukon.ui.table.layout_dump import layout_snapshot

        return layout_snapshot(self.board, texts, scenes)

    def dump_layout(self, *, redraw: bool = True) -> None:
        """Rewrite the layout file if what is on screen changed."""
        if self.dump_layout_path:
            if self._dump is None or self._dump.path != self.dump_layout_path:
                from yukon.ui.table.layout_dump import LayoutDump

                self._dump = LayoutDump(self.dump_layout_path)
            self._dump.write(self.layout_snapshot(redraw=redraw))


def _bar_buttons(table: TableScene) -> list[Button]:
    """The info bar's buttons, each with its tip."""
    tr = table.tr
    return [
        Button(lambda: tr.gettext("New game"), table.open_new_game, tip=tip(tr, Command.NEW_GAME)),
        table.restart_button,
        Button(
            lambda: tr.gettext("Undo"),
            table.undo,
            enabled=lambda: table.game.can_undo,
            tip=tip(tr, Command.UNDO),
        ),
        Button(
            lambda: tr.gettext("Redo"),
            table.redo,
            enabled=lambda: table.game.can_redo,
            tip=tip(tr, Command.REDO),
        ),
        Button(
            lambda: tr.gettext("Hint"),
            table.request_hint,
            enabled=lambda: not table.game.is_won,
            tip=tip(tr, Command.HINT),
        ),
        Button(
            lambda: table.help.demo_label(),
            lambda: table.help.request_demo(),
            enabled=lambda: not table.game.is_won,
            labels=[partial(tr.gettext, label) for label in DEMO_LABELS],
            held=lambda: table.help.playing,
            tip=tip(tr, lambda: _demo_command(table)),
        ),
        Button(lambda: tr.gettext("Statistics"), table.open_stats, tip=tip(tr, Command.STATISTICS)),
        Button(lambda: tr.gettext("Settings"), table.open_settings, tip=tip(tr, Command.SETTINGS)),
        Button(lambda: tr.gettext("Help"), table.open_help, tip=tip(tr, Command.HELP)),
        table.fullscreen_button,
    ]


def _demo_command(table: TableScene) -> Command | None:
    """What the Demo button gives now, for its tip (None: it reads Stop,
    and any click or key stops the demo)."""
    if table.help.playing:
        return None
    return Command.FINISH if table.help.finish_ready else Command.DEMO


def rest_seconds(table: TableScene) -> float:
    """How long ``table`` may be left without an update: 0 while anything
    moves or a held key repeats; else until the clock's next second or the
    banner's end, whichever comes first (infinity: never)."""
    board = table.board
    if table.animating or table.needs_draw or board.repeat.key is not None or table.help.auto:
        return 0.0
    due = math.inf
    session = table.session
    if session.clock_running and not table.host.covered(table):
        due = 1.0 - session.elapsed % 1.0
    banner = board.banner
    if banner is not None:
        due = min(due, banner.until - board.now)
    due = min(due, table.bar.tips.due_in())  # a button's tip, once the pointer rested
    return max(due, 0.0)


def _settings_dialog(table: TableScene) -> SettingsDialog:
    from yukon.ui.dialogs.settings import SettingsDialog

    return SettingsDialog(table.host)


def _stats_dialog(table: TableScene) -> StatsDialog:
    from yukon.ui.dialogs.stats import StatsDialog

    return StatsDialog(table.host, table.game.rules)


def _open_with_focus(
    table: TableScene, make: Callable[[TableScene], StatsDialog | SettingsDialog]
) -> Callable[[], None]:
    """A dialog opened with a key is played with keys: its first control
    is in focus at once (opened with the mouse, none is until Tab)."""

    def open_() -> None:
        dialog = make(table)
        table.host.push(dialog)
        dialog.keyboard_start()

    return open_
