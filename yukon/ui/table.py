"""The table: the game being played, and everything the pointer does to it.

The scene asks the engine every question ("can this go there?", "where
would a double tap send it?") and draws the answer; the sprites are a view
of the engine's state and are re-synced after every move and undo.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import sys
import tempfile

import pygame

from yukon.engine import FOUNDATION, Card, Game, IllegalMove, Move, Suit
from yukon.events import Event, Happening
from yukon.hints import HintAnswer, HintJob, JobDone, game_of, position_of
from yukon.persistence import GameRecord, Settings
from yukon.solver import Verdict
from yukon.ui import theme
from yukon.ui.art import TABLE_COLOURS, CardArt, CardStyle, table_background
from yukon.ui.celebration import Celebration
from yukon.ui.cursor import Held, KeyboardCursor
from yukon.ui.dialogs import NewGameDialog, SettingsDialog, StatsDialog, WinDialog
from yukon.ui.help import HelpScreen
from yukon.ui.hud import InfoBar
from yukon.ui.input import Drag, DragController, KeyRepeat, Tap, TapDetector
from yukon.ui.layout import Layout
from yukon.ui.scene import Host
from yukon.ui.sprites import DRAG_LAYER, PACES, CardSprites
from yukon.ui.widgets import Button

BANNER_SECONDS = 3.5
HINT_SECONDS = 3.0  # how long the solver may look for a winning line
NO_LINE_FOUND = "No winning line found from here."
CANNOT_WIN = "This game cannot be won from here."
WON_NOTE = "Won! New game (F2) deals another."
RESTART_LABEL = "Restart deal"
HANDS_FULL = "Put the cards down first (Space), or back (Esc)."
FULL_SCREEN_LABELS = ("Full screen", "Window")  # the button says what it will do
# Keys that wait until no cards are held (hint, statistics, settings, restart).
_NOT_WITH_CARDS_IN_HAND = frozenset((pygame.K_h, pygame.K_s, pygame.K_F3, pygame.K_F5))
_CURSOR_KEYS = {
    pygame.K_LEFT: "left",
    pygame.K_RIGHT: "right",
    pygame.K_UP: "up",
    pygame.K_DOWN: "down",
    pygame.K_HOME: "deepest",
    pygame.K_PAGEUP: "deepest",
    pygame.K_END: "top",
    pygame.K_PAGEDOWN: "top",
}
# Number keys (top row, and keypad with Num Lock on): straight to that column.
_COLUMN_KEYS = {getattr(pygame, f"K_{n}"): n - 1 for n in range(1, 8)}
_KEYPAD_DIGITS = {getattr(pygame, f"K_KP{n}"): n - 1 for n in range(1, 8)}
# The keypad with Num Lock off: its arrows, Home/End and Page Up/Down.
_KEYPAD_MOVES = {
    pygame.K_KP8: pygame.K_UP,
    pygame.K_KP2: pygame.K_DOWN,
    pygame.K_KP4: pygame.K_LEFT,
    pygame.K_KP6: pygame.K_RIGHT,
    pygame.K_KP7: pygame.K_HOME,
    pygame.K_KP1: pygame.K_END,
    pygame.K_KP9: pygame.K_PAGEUP,
    pygame.K_KP3: pygame.K_PAGEDOWN,
}
_ARROWS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN)


@dataclasses.dataclass
class Banner:
    """A short message at the bottom of the table (rule explanations)."""

    message: str
    until: float
    # Whether it speaks of the position (a rule, a hint): the next move or
    # undo ends it. Notices (say, a saving problem) stay their full time.
    about_position: bool = False


class TableScene:
    """The main view: cards, info bar, drag and tap handling, the timer."""

    def __init__(self, host: Host, dump_layout: str | None = None) -> None:
        self.host = host
        self.session = host.session
        self.settings = self.session.settings
        self.dump_layout_path = dump_layout
        self.now = 0.0  # scene time in seconds, advanced only by update(dt)
        self.dirty = True
        self.banner: Banner | None = None
        # Where the banner was last drawn (see ``_over_banner``).
        self._banner_box: pygame.Rect | None = None
        self._pointer: tuple[int, int] | None = None  # None: not over the window
        self.highlights: list[int] = []  # piles lit up while dragging
        self.hint: Move | None = None  # the hinted move, lit up until the next change
        self._hint_job: tuple[int, tuple] | None = None  # (job id, position key)
        self._line: dict[tuple, Move] = {}  # position key -> next move of a known win
        # Positions proven lost. Every move from one leads to another (a win
        # from there would be one from here), so ``play`` adds those too.
        self._lost: set[tuple] = set()
        self.celebration: Celebration | None = None
        # Seeds each celebration's random source; None (play) draws a fresh one.
        self.celebration_seed: int | None = None
        self.drags = DragController()
        self.cursor = KeyboardCursor()
        self.taps = TapDetector(self.settings.double_click)
        self._drag_rect: pygame.Rect | None = None  # drawn drag area, for partial redraws
        self.drag_moved = False
        self.bar_dirty = False
        self._restart_warning: Banner | None = None  # armed while it is on show
        self.hover: tuple[int, int] | None = None  # (pile, count) under the pointer
        self._drag_offsets: list[tuple[int, int]] = []
        self.fullscreen_button = Button(
            FULL_SCREEN_LABELS[host.fullscreen], host.toggle_fullscreen
        )
        self.bar = InfoBar(self._make_buttons(), self._bar_values)
        self.layout = self._fitted_layout(host.size)
        self.art = CardArt(self.layout.card_w, self.layout.card_h, card_style(self.settings))
        self.sprites = CardSprites(self.art)
        felt = TABLE_COLOURS[self.settings.table_colour]
        self.background = table_background(self.layout.size, felt)
        self.setup()
        self.resize(host.size)
        self.session.events.subscribe(self._session_event)

    # ------------------------------------------------------------ set-up

    def _make_buttons(self) -> list[Button]:
        return [
            Button("New game", self.open_new_game),
            Button(RESTART_LABEL, self.restart, enabled=lambda: self.game.move_count > 0),
            Button("Undo", self.undo, enabled=lambda: self.game.can_undo),
            Button("Hint", self.request_hint, enabled=lambda: not self.game.is_won),
            Button("Statistics", self.open_stats),
            Button("Settings", self.open_settings),
            Button("Help", self.open_help),
            self.fullscreen_button,
        ]

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
        elif event.kind is Happening.SEARCHING:
            self.drop_hint_search()  # this game is being left: the deal comes first
            self.notify(event.message)
        elif event.kind is Happening.NOTICE:
            self.notify(event.message)

    # ------------------------------------------------------------ other scenes

    def open_new_game(self) -> NewGameDialog:
        dialog = NewGameDialog(self.host)
        self.host.push(dialog)
        return dialog

    def open_settings(self) -> SettingsDialog:
        dialog = SettingsDialog(self.host)
        self.host.push(dialog)
        return dialog

    def open_stats(self) -> StatsDialog:
        dialog = StatsDialog(self.host)
        self.host.push(dialog)
        return dialog

    def open_help(self) -> HelpScreen:
        dialog = HelpScreen(self.host)
        self.host.push(dialog)
        return dialog

    def open_win(self) -> WinDialog:
        game = self.game
        dialog = WinDialog(self.host, game.score, self.elapsed, game.move_count)
        self.host.push(dialog)
        return dialog

    # ------------------------------------------------------------ scene

    def redraw(self) -> None:
        self.dirty = True

    def suspend(self) -> None:
        self.cancel_gestures()
        self.stop_key_repeat()  # nor a held key's release

    def lose_focus(self) -> None:
        self.cancel_press()
        self.stop_key_repeat()

    def setup(self) -> None:
        """Start playing the session's game without rebuilding the window."""
        self.drags.cancel()
        self.taps.cancel()
        self.bar.cancel_press()  # a button pressed before the deal does not act on it
        self.cursor = KeyboardCursor()
        self.repeat = KeyRepeat()  # an arrow held down
        self.hover = None
        self.highlights = []
        self.hint = None
        self.drop_hint_search()  # a hint for the last game
        self._line = {}
        self._lost = set()
        self.banner = None
        self.celebration = None
        self._refit()
        self.sprites = CardSprites(self.art)
        self.sprites.pace = PACES[self.settings.animation]
        self.sprites.sync(self.game, self.layout, animate=False)
        self.host.set_title(self.game.code)
        self.dirty = True
        self.dump_layout()

    def resize(self, size: tuple[int, int]) -> None:
        """Lay the table out for a new window size; card images are rendered
        at the new size once, never scaled per frame."""
        self.layout = self._fitted_layout(size)
        self._restyle()
        self.fullscreen_button.label = FULL_SCREEN_LABELS[self.host.fullscreen]
        self.bar.layout(self.layout.width, self.layout.bar_h)
        self.cancel_press()  # everything moved from under the pointer
        if self.celebration is not None:
            self.celebration.end()  # its trail was drawn for the old size
        self.sprites.sync(self.game, self.layout, animate=False)
        if self.cursor.held is not None:
            self._lift_held()
        self.dirty = True
        self.dump_layout()

    def _fitted_layout(self, size: tuple[int, int]) -> Layout:
        """The layout for ``size``, with cards small enough for the longest column."""
        settings = self.settings
        return Layout.for_game(size, self.game, settings.large_indices, settings.left_handed)

    def _restyle(self) -> None:
        """Card images and felt for the layout's card size and the settings'
        look, rebuilt only when one of them changed."""
        style = card_style(self.settings)
        if (self.art.width, self.art.height, self.art.style) != (
            self.layout.card_w,
            self.layout.card_h,
            style,
        ):
            self.art = CardArt(self.layout.card_w, self.layout.card_h, style)
            self.sprites.set_art(self.art)
        felt = TABLE_COLOURS[self.settings.table_colour]
        self.background = table_background(self.layout.size, felt)
        self.dirty = True

    def _refit(self) -> None:
        """After a change of position: a column grown past what the table
        holds shrinks the cards, and they grow back once it is shorter."""
        layout = self._fitted_layout(self.layout.size)
        if layout != self.layout:
            self.layout = layout
            self._restyle()

    def apply_settings(self, settings: Settings) -> None:
        self.settings = settings
        self.taps.double_enabled = settings.double_click
        if not settings.double_click:
            self.taps.cancel()
        self.sprites.pace = PACES[settings.animation]
        layout = self._fitted_layout(self.layout.size)
        if layout != self.layout or card_style(settings) != self.art.style:
            self.resize(self.layout.size)
        self.background = table_background(self.layout.size, TABLE_COLOURS[settings.table_colour])
        self.dirty = True

    # ------------------------------------------------------------ queries

    @property
    def timer_running(self) -> bool:
        return self.session.clock_running

    @property
    def animating(self) -> bool:
        """Whether frames must be drawn continuously (not just on change)."""
        return (
            self.drags.active
            or self.sprites.animating
            or self.celebration is not None
            or self.taps.waiting
        )

    def _bar_values(self) -> tuple[int, float, int, str]:
        return (self.game.score, self.elapsed, self.game.move_count, self.game.code or "")

    def pile_cards(self, pile: int, count: int) -> list[Card]:
        if pile >= FOUNDATION:
            return [self.game.foundations[pile - FOUNDATION][-1]]
        return list(self.game.tableau[pile].cards[-count:])

    def drop_target(self, drag: Drag) -> int | None:
        """The pile under the dragged cards: the one the lead card overlaps
        most (the engine reads any foundation as the card's own)."""
        lead = pygame.Rect(drag.lead_topleft, (self.layout.card_w, self.layout.card_h))
        best, best_area = None, 0
        for pile in range(FOUNDATION + 4):
            clip = lead.clip(self.layout.drop_rect(pile))
            area = clip.w * clip.h
            if area > best_area:
                best, best_area = pile, area
        return best

    # ------------------------------------------------------------ actions

    def play(self, move: Move) -> bool:
        """Play through the engine; False (and the reason shown) if illegal."""
        lost = self.game.key() in self._lost
        try:
            played = self.session.play(move)
        except IllegalMove as error:
            self.explain(str(error))
            self.sprites.sync(self.game, self.layout, animate=True)
            return False
        if lost:
            self._lost.add(self.game.key())
        self._position_changed(played.cards)
        if self.game.is_won:
            if self.sprites.pace:
                self.celebration = Celebration(
                    self.layout,
                    self.art,
                    self.game,
                    self.background,
                    delay=0.35,
                    seed=self.celebration_seed,
                )
            else:  # animations off: the won table, still, and the result at once
                self.open_win()
        return True

    def undo(self) -> None:
        try:
            move = self.session.undo()
        except IllegalMove as error:
            self.explain(str(error))
            return
        self._position_changed(tuple(self.pile_cards(move.src, move.count)))
        self.cursor.point_at(self.game, move.src, move.count)  # on the cards put back

    def cancel_gestures(self) -> None:
        """Forget every gesture in progress: a waiting tap, a pressed or
        dragged group (sent home), a pressed button, cards held with the
        keyboard. Gestures were aimed at a position that is about to change."""
        self.taps.cancel()
        self.cancel_press()
        if self.cursor.held is not None:
            self.cancel_hold()

    def cancel_press(self) -> None:
        """Forget what the pointer is pressing: cards (sent home), a card
        about to be tapped, an info bar button (drawn unpressed again, and
        its action never runs). The release will not come here: a dialog
        takes the input, or the window lost focus or changed size."""
        self.taps.cancel_press()
        if self.drags.active or self.drags.armed:
            self._cancel_drag()
        if self.bar.cancel_press():
            self.dirty = True

    def leave(self) -> None:
        """Drop the hover outline and the bar's hover highlight: the pointer's
        next motion will not come here (a dialog takes the input, or it left
        the window), and the next one that does lights them again."""
        lit = self.bar.leave() or self.hover is not None or self._over_banner(self._pointer)
        self.hover = None
        self._pointer = None  # a faded banner comes back
        if lit:
            self.dirty = True

    def _position_changed(self, moved: tuple[Card, ...]) -> None:
        """After every move and undo: nothing aimed at the old position
        survives, and the sprites follow the engine."""
        self.cancel_gestures()
        self.hint = None
        self.hover = None
        self.highlights = []
        if self.banner is not None and self.banner.about_position:
            self.banner = None  # a refusal or hint for the old position would mislead
        self.cursor.clamp(self.game)
        self._refit()
        self.sprites.sync(self.game, self.layout, animate=True, moved=moved)
        self.dirty = True
        self.dump_layout()

    def restart(self) -> None:
        """Deal the same cards again. When that would count the unfinished
        attempt as a loss, the first press says so and a second one (within
        the warning is still on show) restarts."""
        warning = self.session.abandon_warning
        armed = self.banner is not None and self.banner is self._restart_warning
        if warning and not armed:
            again = f"Press {RESTART_LABEL} (F5) again to confirm."
            self.explain(f"Restart? {warning} {again}", force=True)
            self._restart_warning = self.banner
            return
        if self.game.code is not None:
            self.session.start_game(self.game.code)

    def explain(self, message: str, force: bool = False) -> None:
        """Show a message about the position (a rule; with ``force`` also
        when Interactive rules is off: hints); the next move ends it."""
        if force or self.settings.interactive_rules:
            self._show_banner(Banner(message, self.now + BANNER_SECONDS, about_position=True))

    def notify(self, message: str) -> None:
        """A notice the player should always see, moves or not (saving
        problems, copies)."""
        self._show_banner(Banner(message, self.now + BANNER_SECONDS))

    def _show_banner(self, banner: Banner) -> None:
        self.banner = banner
        self.dirty = True

    # ------------------------------------------------------------ events

    def handle_event(self, event: pygame.event.Event) -> None:
        if (
            event.type == pygame.KEYDOWN
            and event.key == pygame.K_ESCAPE
            and self.host.fullscreen
            and not self.busy
        ):
            self.host.set_fullscreen(False)
            return
        if (
            self.celebration is not None
            and self.celebration.running
            and (event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN))
        ):
            self.celebration.finish()
            self.dirty = True
        is_release = event.type == pygame.MOUSEBUTTONUP and event.button == 1
        if is_release and (self.drags.active or self.drags.armed):
            self._on_release(event.pos)  # a drag ends wherever it is released
            return
        lit = self.bar.hovering  # before the buttons see the motion
        if self.bar.handle_event(event):
            self.dirty = True
            return
        if event.type == pygame.MOUSEMOTION:
            self._on_motion(event.pos)
            if self.bar.hovering != lit:
                self.dirty = True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._on_press(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._on_release(event.pos)
        elif event.type == pygame.KEYDOWN:
            self._on_key(event)
        elif event.type == pygame.KEYUP:
            self.repeat.release(event.key)

    @property
    def busy(self) -> bool:
        """Cards are in hand (dragged or picked up with the keyboard): Esc
        puts them back rather than leaving full screen."""
        return self.drags.active or self.cursor.held is not None

    def _on_key(self, event: pygame.event.Event) -> None:
        ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        key = event.key
        self.repeat.stop()  # the last key pressed ends an arrow's repeat
        if key in _KEYPAD_MOVES and not event.mod & pygame.KMOD_NUM:
            key = _KEYPAD_MOVES[key]
        column = _COLUMN_KEYS.get(key)
        if event.mod & pygame.KMOD_NUM:
            column = _KEYPAD_DIGITS.get(key, column)
        if event.mod & pygame.KMOD_ALT:
            column = None  # Alt or AltGr with a digit types something else
        if self.drags.active or self.drags.armed:
            if key == pygame.K_ESCAPE:
                self.taps.cancel()  # nor does the release count as a tap
                self._cancel_drag()
            return  # the pointer has cards in hand: only Esc means something
        if (ctrl and key == pygame.K_z) or key == pygame.K_BACKSPACE:
            self.undo()
        elif key == pygame.K_F2 or (ctrl and key == pygame.K_n):
            self.open_new_game()
        elif key == pygame.K_F1:
            self.open_help()
        elif key == pygame.K_h and not ctrl and not self.busy:
            self.request_hint()
        elif key == pygame.K_s and not ctrl and not self.busy:
            self.open_stats().move_focus(1)  # played with keys: its first control in focus
        elif (key == pygame.K_F3 or (ctrl and key == pygame.K_COMMA)) and not self.busy:
            self.open_settings().move_focus(1)
        elif key == pygame.K_F5 and not self.busy:
            self.bar.button(RESTART_LABEL).activate()  # enabled, and asking, as the button
        elif key in _NOT_WITH_CARDS_IN_HAND and not ctrl and self.cursor.held is not None:
            self.explain(HANDS_FULL, force=True)  # rather than nothing at all
        elif key == pygame.K_ESCAPE:
            if self.cursor.held is not None:
                self.cancel_hold()
        elif ctrl:
            return
        elif key in _CURSOR_KEYS:
            getattr(self.cursor, _CURSOR_KEYS[key])(self.game)
            self._cursor_moved()
            if key in _ARROWS:
                self.repeat.press(key, self.now)
        elif column is not None:
            self.cursor.column(self.game, column)
            self._cursor_moved()
        elif key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.cursor.held is None:
                self.pick_up()
            else:
                self.put_down()
        elif key == pygame.K_f and self.cursor.held is None:
            self.send_home()
        elif key == pygame.K_d and self.cursor.held is None:
            self.send_anywhere()

    def stop_key_repeat(self) -> None:
        """A held key's release will not come here (a dialog takes the keys,
        or the window lost focus)."""
        self.repeat.stop()

    def _repeat_arrow(self) -> None:
        """An arrow key held down steps on by itself (see ``KeyRepeat``)."""
        if self.drags.active or self.drags.armed:
            self.repeat.stop()
        key = self.repeat.due(self.now)
        if key is not None:
            getattr(self.cursor, _CURSOR_KEYS[key])(self.game)
            self._cursor_moved()

    # ------------------------------------------------------------ hints

    def request_hint(self) -> None:
        """Show the next move of a winning line; the search runs in the
        solver process, so the table keeps moving meanwhile."""
        if self.game.is_won:
            return
        key = self.game.key()
        move = self._line.get(key)
        if move is not None and self.game.check(move) is None:
            self._show_hint(move)
            return
        if key in self._lost:
            self.explain(CANNOT_WIN, force=True)
            return
        if self._hint_job is not None:
            if self._hint_job[1] == key:
                return  # already looking from here
            self.session.jobs.cancel(self._hint_job[0])  # from a position left behind
        job = self.session.jobs.submit(HintJob(position_of(self.game), HINT_SECONDS))
        self._hint_job = (job, key)
        self.explain("Looking for a winning line...", force=True)

    def drop_hint_search(self) -> None:
        """Nobody waits for the hint being looked for: free the solver."""
        if self._hint_job is not None:
            self.session.jobs.cancel(self._hint_job[0])
        self._hint_job = None

    def job_done(self, done: JobDone) -> None:
        if self._hint_job is None or self._hint_job[0] != done.job_id:
            return
        key = self._hint_job[1]
        self._hint_job = None
        answer = HintAnswer(Verdict.UNKNOWN)
        if done.error is None and isinstance(done.result, HintAnswer):
            answer = done.result
        if answer.verdict is Verdict.WON:
            line = game_of_key(key, self.game)
            for move in answer.line:
                self._line[line.key()] = move
                line.play(move)
        elif answer.verdict is Verdict.LOST:
            self._lost.add(key)
        if key != self.game.key():
            return  # the player moved on meanwhile
        move = self._line.get(key)
        if move is not None:
            self._show_hint(move)
        else:
            self.explain(CANNOT_WIN if key in self._lost else NO_LINE_FOUND, force=True)

    def _show_hint(self, move: Move) -> None:
        self.hint = move
        if self.cursor.held is None:  # Space then picks up the hinted cards
            self.cursor.point_at(self.game, move.src, move.count)
        self.explain("Hint: " + describe(self.game, move), force=True)
        self.dirty = True

    # ------------------------------------------------------------ keyboard play

    def _cursor_moved(self) -> None:
        if self.cursor.held is not None:
            self._show_held()
        self.dirty = True

    def pick_up(self) -> None:
        """Space on a card: pick it up with every card on top of it."""
        selection = self.cursor.selection(self.game)
        if selection is None or self.game.is_won:
            return
        src, count = selection
        problem = self.game.pick_up_problem(src, count)
        if problem is not None:  # too many cards, say: better now than at the drop
            self.explain(problem, force=True)
            return
        if self.banner is not None and self.banner.about_position and self.hint is None:
            self.banner = None  # a refusal just before no longer applies (a hint does)
        self.cursor.held = Held(src, count, tuple(self.pile_cards(src, count)))
        self.highlights = []
        if self.settings.placement_help:
            self.highlights = self.game.destinations(src, count)
        self._lift_held()
        self.dirty = True

    def _lift_held(self) -> None:
        self.sprites.raise_to(list(self.cursor.held.cards), DRAG_LAYER)
        self._mark_covered()
        self._show_held()

    def _show_held(self) -> None:
        """Float the held cards over the pile the cursor is on."""
        held = self.cursor.held
        cards = held.cards
        layout = self.layout
        lift_x, lift_y = round(layout.card_w * 0.10), round(layout.card_h * 0.06)
        homes = layout.card_rects(self.game)
        pile = self.cursor.pile
        if pile == held.src:
            x, y = homes[cards[0]][0].topleft
        elif pile < FOUNDATION and self.game.tableau[pile].cards:
            top = homes[self.game.tableau[pile].cards[-1]][0]
            x, y = top.x, top.y + round(layout.card_h * 0.31)
        else:
            x, y = layout.pile_rect(pile).topleft
        lead_home = homes[cards[0]][0]
        for card in cards:
            home = homes[card][0]
            self.sprites.by_card[card].slide_to(
                x + lift_x + home.x - lead_home.x, y - lift_y + home.y - lead_home.y, 0.09
            )
            self.sprites.moving.add(self.sprites.by_card[card])

    def put_down(self) -> None:
        """Space again: drop the held cards on the pile under the cursor. A
        refused drop says why and keeps them in hand for another place (Esc
        puts them back); their own pile takes them back."""
        held = self.cursor.held
        move, reason = self.game.drop(held.src, held.count, self.cursor.pile)
        if move is not None:
            self.play(move)
        elif reason is not None:
            self.explain(reason, force=True)
        else:
            self.cancel_hold()

    def cancel_hold(self) -> None:
        held, self.cursor.held = self.cursor.held, None
        self.highlights = []
        if held is not None:  # the position may have changed since: go by the cards
            self.sprites.sync(self.game, self.layout, animate=True, moved=held.cards)
        self.dirty = True

    def send_home(self) -> None:
        """F: the selected column's top card to its foundation."""
        if not self.cursor.on_column:
            return
        move, reason = self.game.drop(self.cursor.pile, 1, FOUNDATION)
        if move is not None:
            self.play(move)
        elif reason is not None:
            self.explain(reason)

    def send_anywhere(self) -> None:
        """D: the double-tap search for the selected card."""
        selection = self.cursor.selection(self.game)
        if selection is None or selection[0] >= FOUNDATION:
            return
        self._best_move(*selection)

    def _best_move(self, src: int, count: int) -> None:
        """The double-tap search (the engine's), played or explained."""
        problem = self.game.pick_up_problem(src, count)
        if problem is not None:
            self.explain(problem)
            return
        move = self.game.best_move(src, count)
        if move is None:
            card = self.game.tableau[src].cards[-count]
            cards = card.label if count == 1 else f"{card.label} and the cards on it"
            self.explain(f"No column can take the {cards}.")
            return
        self.play(move)

    def _on_press(self, pos: tuple[int, int]) -> None:
        if self.drags.active or self.game.is_won:
            return  # a won game is over: its cards stay on the foundations
        card = self.sprites.card_at(pos)
        if card is None:
            return
        where = self.game.pick_up(card)
        if where is None:
            return
        src, count = where
        problem = self.game.pick_up_problem(src, count)
        if problem is not None:  # too many cards: say so now, lift nothing
            self.explain(problem)
            return
        cards = self.pile_cards(src, count)
        lead = self.sprites.by_card[card]
        self.taps.press(card, pos)
        self.drags.press(pos, src, count, cards, (round(lead.x), round(lead.y)))

    def _on_motion(self, pos: tuple[int, int]) -> None:
        self.taps.moved(pos)
        self._hover_at(pos)
        if self._over_banner(pos) != self._over_banner(self._pointer):
            self.dirty = True  # the banner fades or comes back
        self._pointer = pos
        started = self.drags.motion(pos)
        if started is not None:
            self._begin_drag(started)
        if self.drags.active:
            self._follow(self.drags.drag)
            self.drag_moved = True

    def _hover_at(self, pos: tuple[int, int]) -> None:
        """Outline what a press here would pick up, so the table answers the
        pointer before any click (redrawn only when that changes)."""
        hover = None
        if not (self.drags.active or self.drags.armed) and not self.game.is_won:
            card = self.sprites.card_at(pos)
            if card is not None and not self.sprites.by_card[card].animating:
                hover = self.game.pick_up(card)
                if hover is not None and self.game.pick_up_problem(*hover) is not None:
                    hover = None  # nothing a press could lift
        if hover != self.hover:
            self.hover = hover
            self.dirty = True

    def _begin_drag(self, drag: Drag) -> None:
        self.taps.cancel()  # a drag replaces any tap still waiting to act
        if self.cursor.held is not None:
            self.cancel_hold()
        lead = self.sprites.by_card[drag.cards[0]]
        self._drag_offsets = []
        for card in drag.cards:
            sprite = self.sprites.by_card[card]
            self._drag_offsets.append(
                (round(sprite.target[0] - lead.target[0]), round(sprite.target[1] - lead.target[1]))
            )
        self.sprites.raise_to(drag.cards, DRAG_LAYER)
        self._mark_covered()  # the card they lay on shows whole now
        self.highlights = []
        if self.settings.placement_help:
            self.highlights = self.game.destinations(drag.src, drag.count)
        self.dirty = True

    def _mark_covered(self) -> None:
        """Compact faces for the cards covered now (see ``CardSprites.mark_covered``)."""
        if self.drags.drag is not None:
            lifted = frozenset(self.drags.drag.cards)
        elif self.cursor.held is not None:
            lifted = frozenset(self.cursor.held.cards)
        else:
            lifted = frozenset()
        self.sprites.mark_covered(self.game, self.layout, lifted)

    def _follow(self, drag: Drag) -> None:
        x, y = drag.lead_topleft
        for card, (dx, dy) in zip(drag.cards, self._drag_offsets, strict=True):
            self.sprites.by_card[card].place(x + dx, y + dy)

    def _cancel_drag(self) -> None:
        self.drags.cancel()
        self._end_drag()
        self.sprites.sync(self.game, self.layout, animate=True)

    def _end_drag(self) -> None:
        self.highlights = []
        self.dirty = True

    def _on_release(self, pos: tuple[int, int]) -> None:
        drag = self.drags.release(pos)
        if drag is None:
            for tap in self.taps.release(pos, self.now):
                self._on_tap(tap)
            return
        self.taps.cancel()
        self._follow(drag)
        self._end_drag()
        self._drop(drag)

    def _drop(self, drag: Drag) -> None:
        """Play what the engine says the drop means; else Automatic
        placement, or the cards go home with the reason shown."""
        home = tuple(drag.cards)
        if self.pile_cards(drag.src, drag.count) != drag.cards:
            self.sprites.sync(self.game, self.layout, animate=True, moved=home)
            return  # the position changed under the pointer: nothing to play
        # Automatic placement finds a place for cards from a column released
        # anywhere, their own column too (the double tap's search).
        automatic = self.settings.auto_placement and drag.src < FOUNDATION
        target = self.drop_target(drag)
        if target is None:
            move, reason = None, None
        else:
            move, reason = self.game.drop(drag.src, drag.count, target)
            if move is None and reason is None and not automatic:
                # Put back where they were: the player changed their mind.
                self.sprites.sync(self.game, self.layout, animate=True, moved=home)
                return
        if move is None and automatic:
            move = self.game.best_move(drag.src, drag.count)
        if move is not None:
            self.play(move)
            return
        if reason is not None:
            self.explain(reason)
        self.sprites.sync(self.game, self.layout, animate=True, moved=home)

    def _on_tap(self, tap: Tap) -> None:
        where = self.game.pick_up(tap.target)
        if where is None or where[0] >= FOUNDATION:
            return
        src, count = where
        if tap.double:
            self._best_move(src, count)
        elif count == 1:
            move = self.game.foundation_move(src)
            if move is not None:
                self.play(move)

    # ------------------------------------------------------------ time

    def update(self, dt: float) -> None:
        self.now += dt
        self._repeat_arrow()
        if not (self.drags.active or self.drags.armed):
            for tap in self.taps.poll(self.now):
                self._on_tap(tap)
        if self.session.tick(dt):  # under a dialog too: only minimising pauses it
            self.bar_dirty = True
        was_animating = self.sprites.animating
        self.sprites.update(dt)
        if was_animating:
            self.dirty = True
            if not self.sprites.animating:
                self.sprites.settle_layers()
                self._mark_covered()  # cards that landed now cover others
        if self.banner is not None and self.now >= self.banner.until:
            self.banner = None
            self.dirty = True
        if self.celebration is not None:
            self.celebration.update(dt)
            self.dirty = True
            if self.celebration.done_showing and not self.celebration.result_shown:
                self.celebration.result_shown = True
                self.open_win()
            if self.celebration.over:
                # The won table stays as it is: no frame is drawn until something changes.
                self.celebration = None

    # ------------------------------------------------------------ drawing

    @property
    def needs_draw(self) -> bool:
        return self.dirty or self.drag_moved or self.bar_dirty

    def draw(self, surface: pygame.Surface, alpha: float = 1.0) -> list[pygame.Rect] | None:
        """Draw the table; returns the rects that changed, or None for all.

        While only a drag moved, just the area the dragged cards left and
        entered is redrawn (clipped), which keeps drag frames cheap at any
        window size.
        """
        moved, self.drag_moved = self.drag_moved, False
        bar, self.bar_dirty = self.bar_dirty, False
        if self.celebration is not None and self.celebration.started:
            if self.celebration.fading:
                self._draw_all(surface, alpha)  # the table shows through the trails
            self.celebration.draw(surface, lambda picture: self._draw_table(picture, alpha))
            self.bar.draw(surface)
            self._draw_banner(surface)  # a notice (say, a saving problem) must be seen
            self.dirty = False
            return None
        drag = self.drags.drag
        if not self.dirty and (drag is None or self._drag_rect is not None):
            rects = []
            if drag is not None and moved:
                area = self._drag_area(drag)
                rects.append(self._drag_rect.union(area))
                self._drag_rect = area
                surface.set_clip(rects[0])
                self._draw_all(surface, alpha)
                surface.set_clip(None)
            if bar:  # only the clock moved on: redraw just the bar
                if drag is not None and self._drag_rect.colliderect(self.bar.rect):
                    surface.set_clip(self.bar.rect)  # with the cards dragged over it
                    self._draw_all(surface, alpha)
                    surface.set_clip(None)
                else:
                    self.bar.draw(surface)
                rects.append(self.bar.rect)
            return rects
        self._draw_all(surface, alpha)
        self._drag_rect = self._drag_area(drag) if drag is not None else None
        self.dirty = False
        return None

    def _draw_all(self, surface: pygame.Surface, alpha: float) -> None:
        drag = self.drags.drag
        if drag is None:
            self._draw_table(surface, alpha)
            self.bar.draw(surface)
        else:  # cards in the hand pass over the bar
            self._draw_table(surface, alpha, frozenset(drag.cards))
            self.bar.draw(surface)
            self._draw_dragged(surface, drag)
        self._draw_banner(surface)

    def _draw_dragged(self, surface: pygame.Surface, drag: Drag) -> None:
        shadow = self.art.shadow()
        lead = self.sprites.by_card[drag.cards[0]]
        last = self.sprites.by_card[drag.cards[-1]]
        for sprite in (lead, last) if len(drag.cards) > 1 else (lead,):
            surface.blit(shadow, self._shadow_rect(sprite))
        self.sprites.draw_cards(surface, 1.0, drag.cards)

    def _shadow_rect(self, sprite) -> pygame.Rect:
        """Where a dragged card's soft shadow falls: a little down and right."""
        margin = self.art.shadow_margin
        lift = max(2, margin // 3)
        x, y = round(sprite.x) - margin + lift, round(sprite.y) - margin + lift
        return pygame.Rect(x, y, self.layout.card_w + 2 * margin, self.layout.card_h + 2 * margin)

    def _drag_area(self, drag: Drag) -> pygame.Rect:
        """Everything the dragged cards and their shadows cover now."""
        lead = self.sprites.by_card[drag.cards[0]]
        last = self.sprites.by_card[drag.cards[-1]]
        top = pygame.Rect(round(lead.x), round(lead.y), self.layout.card_w, self.layout.card_h)
        bottom = pygame.Rect(round(last.x), round(last.y), self.layout.card_w, self.layout.card_h)
        area = top.union(bottom).union(self._shadow_rect(lead)).union(self._shadow_rect(last))
        return area.inflate(2, 2)

    def _draw_table(
        self, surface: pygame.Surface, alpha: float, skip: frozenset = frozenset()
    ) -> None:
        layout = self.layout
        surface.blit(self.background, (0, 0))
        for col in range(7):
            surface.blit(self.art.empty_column(), layout.pile_rect(col))
        for suit in Suit:
            surface.blit(self.art.empty_foundation(suit), layout.pile_rect(FOUNDATION + suit))
        if self.game.is_won and self.celebration is None and not self.host.covered(self):
            self._draw_won_note(surface)
        held = self.cursor.held.cards if self.cursor.held is not None else ()
        self.sprites.draw(surface, alpha, skip | frozenset(held))
        for pile in self.highlights:
            self._draw_highlight(surface, pile, "target")
        if self.hint is not None:
            self._draw_hint(surface, self.hint)
        self._draw_hover(surface)
        self._draw_cursor(surface)
        self.sprites.draw_cards(surface, alpha, held)  # above the outline of where they go

    def _draw_won_note(self, surface: pygame.Surface) -> None:
        """On the emptied table of a won game: how to play on."""
        layout = self.layout
        size = max(18, round(layout.bar_h * 0.7))
        label = theme.text(WON_NOTE, size, theme.TEXT)
        label.set_alpha(210)  # a cached surface: the same alpha every time
        left, right = layout.column_rect(0), layout.column_rect(6)
        centre = ((left.left + right.right) // 2, layout.top + round(layout.card_h * 1.7))
        surface.blit(label, label.get_rect(center=centre))

    def _draw_hover(self, surface: pygame.Surface) -> None:
        if self.hover is None or self.drags.active:
            return
        pile, count = self.hover
        if pile >= FOUNDATION:
            rect = self.layout.pile_rect(pile)
        else:
            cards = self.game.tableau[pile].cards
            if count > len(cards):
                return
            rect = self._group_rect(cards[-count:])
        self._outline(surface, rect, theme.HOVER_EDGE, 4)
        self._outline(surface, rect, theme.HOVER, 2)

    def cursor_rect(self) -> pygame.Rect:
        """What the keyboard cursor outlines: the selected card and every
        card on it, or, while cards are held, the card they would go on."""
        layout = self.layout
        pile = self.cursor.pile
        if pile >= FOUNDATION:
            return layout.pile_rect(pile)
        column = self.game.tableau[pile]
        cards = column.cards
        held = self.cursor.held
        if held is not None:
            if held.src == pile:
                cards = cards[: -held.count]
            depth = 1
        else:
            depth = max(1, min(self.cursor.depth, len(cards) - column.face_down))
        if not cards:
            return layout.pile_rect(pile)
        return self._group_rect(cards[-depth:])

    def _group_rect(self, cards) -> pygame.Rect:
        """The area from the first card of a column group to its last one,
        where the cards are headed (not where an animation has them now)."""
        first = self.sprites.by_card[cards[0]].target
        last = self.sprites.by_card[cards[-1]].target
        top, bottom = round(first[1]), round(last[1]) + self.layout.card_h
        return pygame.Rect(round(first[0]), top, self.layout.card_w, bottom - top)

    def _outline(self, surface: pygame.Surface, rect: pygame.Rect, color, width: int) -> None:
        radius = max(4, self.layout.card_w // 12)
        pad = 2 * width - 2
        pygame.draw.rect(
            surface, color, rect.inflate(pad, pad), width, border_radius=radius + width
        )

    def _draw_cursor(self, surface: pygame.Surface) -> None:
        if self.game.is_won:
            return  # nothing left to point at
        rect = self.cursor_rect()
        self._outline(surface, rect, theme.CURSOR, 4)
        self._outline(surface, rect, (255, 255, 255), 2)

    def _draw_hint(self, surface: pygame.Surface, move: Move) -> None:
        """Gold around the cards to move, deeper gold on where they go."""
        if move.src < FOUNDATION:
            group = self._group_rect(self.game.tableau[move.src].cards[-move.count :])
            self._outline(surface, group, theme.ACCENT, 4)
        else:
            self._draw_highlight(surface, move.src, "hint_src")
        self._draw_highlight(surface, move.dst, "hint_dst")

    def _draw_highlight(self, surface: pygame.Surface, pile: int, kind: str) -> None:
        """Light up a pile's top card (or its empty slot)."""
        rect = self.layout.pile_rect(pile)
        if pile < FOUNDATION:
            cards = self.game.tableau[pile].cards
            if cards:
                rect = self.sprites.by_card[cards[-1]].rect.copy()
        overlay = self.art.highlight(kind)
        surface.blit(overlay, overlay.get_rect(center=rect.center))

    def _over_banner(self, point: tuple[int, int] | None) -> bool:
        """Whether ``point`` (None: off the window) is on the banner drawn
        last: it then fades, so it never hides the end of a long column."""
        box = self._banner_box
        return point is not None and box is not None and bool(box.collidepoint(point))

    def _draw_banner(self, surface: pygame.Surface) -> None:
        if self.banner is None:
            self._banner_box = None
            return
        size = max(18, round(self.layout.bar_h * 0.5))
        room = self.layout.width - size * 4  # long notices wrap onto more lines
        lines = [
            theme.rich_text(line, size, (255, 255, 255))
            for line in theme.rich_lines(self.banner.message, size, room)
        ]
        if not lines:
            self._banner_box = None
            return
        text_w = max(line.get_width() for line in lines)
        text_h = sum(line.get_height() for line in lines)
        box = pygame.Rect(0, 0, text_w, text_h).inflate(size * 1.6, size * 1.0)
        box.midbottom = (self.layout.width // 2, self.layout.height - self.layout.margin * 2)
        self._banner_box = box
        radius = min(box.h, size * 2) // 3
        fade = 0.2 if self._over_banner(self._pointer) else 1.0
        panel = pygame.Surface(box.size, pygame.SRCALPHA)
        back, edge = (*theme.BANNER, round(225 * fade)), (*theme.ACCENT, round(255 * fade))
        pygame.draw.rect(panel, back, panel.get_rect(), border_radius=radius)
        pygame.draw.rect(panel, edge, panel.get_rect(), 2, border_radius=radius)
        y = box.h // 2 - text_h // 2
        for line in lines:
            if fade < 1:
                line = line.copy()  # the rendered text is cached: fade a copy
                line.set_alpha(round(255 * fade))
            panel.blit(line, line.get_rect(midtop=(box.w // 2, y)))
            y += line.get_height()
        surface.blit(panel, box)

    # ------------------------------------------------------------ automation

    def layout_snapshot(self) -> dict:
        """Every card's text, face and on-screen rect, and every pile's rect,
        where they will be once animations end."""
        rects = self.layout.card_rects(self.game)
        cards = [
            {"card": str(card), "face_up": face_up, "rect": list(rect)}
            for card, (rect, face_up) in rects.items()
        ]
        piles = {}
        for pile in range(FOUNDATION + 4):
            name = f"column{pile + 1}" if pile < FOUNDATION else "SHDC"[pile - FOUNDATION]
            piles[name] = list(self.layout.pile_rect(pile))
        return {
            "size": list(self.layout.size),
            "code": self.game.code,
            "score": self.game.score,
            "moves": self.game.move_count,
            "won": self.game.is_won,
            "cards": cards,
            "piles": piles,
            "buttons": {b.label: list(b.rect) for b in self.bar.buttons},
        }

    def dump_layout(self) -> None:
        path = self.dump_layout_path
        if not path:
            return
        data = json.dumps(self.layout_snapshot(), indent=1)
        folder = os.path.dirname(os.path.abspath(path))
        tmp = None
        try:
            fd, tmp = tempfile.mkstemp(dir=folder, prefix=".layout-")
            with os.fdopen(fd, "w") as handle:
                handle.write(data)
            os.replace(tmp, path)
        except OSError as error:  # an automation aid: never worth the game
            if tmp is not None:
                with contextlib.suppress(OSError):
                    os.remove(tmp)
            print(f"Cannot write the layout {path}: {error}", file=sys.stderr)


def card_style(settings: Settings) -> CardStyle:
    """The look of the cards the settings ask for."""
    return CardStyle(settings.card_back, settings.four_colour, settings.large_indices)


def game_of_key(key: tuple, game: Game) -> Game:
    """A scratch game at the position ``key`` (a ``Game.key()``), same rules."""
    columns, face_down, foundations = key
    position = (
        [[str(Card.from_index(c)) for c in column] for column in columns],
        list(face_down),
        list(foundations),
        game.rules.value,
    )
    return game_of(position)


def describe(game: Game, move: Move) -> str:
    """A move in words: "move the 10♠ onto the J♥"."""
    if move.src >= FOUNDATION:
        card = game.foundations[move.src - FOUNDATION][-1]
    else:
        card = game.tableau[move.src].cards[-move.count]
    group = f"the {card.label}" + (" and the cards on it" if move.count > 1 else "")
    if move.dst >= FOUNDATION:
        return f"put the {card.label} on its foundation."
    target = game.tableau[move.dst].cards
    where = f"onto the {target[-1].label}" if target else f"to the empty column {move.dst + 1}"
    verb = "take" if move.src >= FOUNDATION else "move"
    back = " back" if move.src >= FOUNDATION else ""
    return f"{verb} {group}{back} {where}."
