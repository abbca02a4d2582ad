"""The solver's help at the table: hints, the demo, Finish, the live verdict.

Everything here asks one ``HintService`` (one search at a time, from the
position on the table; answers remembered by position) and plays through
``TablePlay``, so the demo's moves animate, sound and save like the
player's. Each asker waits for the answer about the position it asked
from: an answer that comes after the player moved on is never shown.

- **Hint**: the next move of a winning line; when none was found in time,
  a sensible move (``yukon.jobs.advice``) said to be unproven, and asked
  again, that answer while the solver looks again for longer; when the
  position is proven lost, that, and the way back (Undo).
- **Demo** and **Finish**: the winning line played at the game's pace
  (``yukon.session.autoplay``); any click or key stops it, and is used for nothing
  else.
- **Live verdict** (a setting, off by default): the info bar says whether
  the position on the table can still be won. The search runs in the
  solver's process after every move, undo and redo; a new position
  cancels the search for the old one. A search the solver's process did
  not answer (it died, or froze and was replaced) is asked again at once,
  of the new process; when that one fails too, the bar says the answer is
  not known, rather than "Thinking…" with nothing thinking.

What the table asks every update (is Finish offered? what does the bar
say? should a search start?) is worked out only when something it hangs
on changed (``Stamp``): the position, what the solver knows and asks, the
setting, a demo or a New game under way. Left alone, the table only
builds that stamp (a few fields, and the tableau the engine keeps built):
no position is made or hashed, nothing is looked up.
"""

from __future__ import annotations

from typing import NamedTuple

import pygame

from yukon.engine import Column, Game, Move, Position
from yukon.i18n import Translator
from yukon.i18n.translator import N_
from yukon.jobs.advice import Advice, Why, sensible_move, visited_positions
from yukon.jobs.hints import JobDone
from yukon.session.autoplay import DEMO_SECONDS_PER_MOVE, AutoPlay, Kind, all_face_up
from yukon.session.game_session import GameSession
from yukon.solver import Verdict
from yukon.ui.table.hint_service import HintService, describe
from yukon.ui.table.info_bar import Tone
from yukon.ui.table.state import Banner, TableState
from yukon.ui.table.table_play import TablePlay

# Catalogue messages, translated where they are shown.
CANNOT_WIN = N_("This game cannot be won from here: Undo (Ctrl+Z) takes moves back.")
CANNOT_WIN_DEAL = N_("This deal cannot be won: F2 deals another.")
CANNOT_WIN_ASK = N_("This game cannot be won from here. Press L to see which move lost it.")
LOOKING = N_("Looking for a winning line…")
SOLVER_FAILED = N_("The solver stopped before it answered. Ask for a hint again.")
SOLVER_FAILED_AUTO = {
    Kind.DEMO: N_("The solver stopped before it answered. Start the demo again."),
    Kind.FINISH: N_("The solver stopped before it answered. Press Finish again."),
}
# How often a position is searched when the solver's process fails it: once
# more (the process is new), then it is not known.
SEARCH_TRIES = 2
DEMO_NO_LINE = N_("No winning line was found from here: the demo has nothing to play.")
DEMO_PLAYS = N_("The demo plays the winning line: any key or click stops it.")
FINISH_PLAYS = N_("Finishing: any key or click stops it.")
FINISH_NOT_YET = N_("Finish plays the rest out once every card is face up.")
NOTHING_SENSIBLE = N_("No winning line was found in time, and no move stands out: try Undo.")
# The hint's fallback: why this move (see ``yukon.jobs.advice``), said after the move.
UNPROVEN = {
    Why.TURNS_OVER: N_(
        "No winning line was found in time: this move turns a card over, but it is not "
        "proven to win."
    ),
    Why.TO_FOUNDATION: N_(
        "No winning line was found in time: this move puts a card on its foundation, but it "
        "is not proven to win."
    ),
    Why.EMPTIES_COLUMN: N_(
        "No winning line was found in time: this move empties a column for a King, but it is "
        "not proven to win."
    ),
    Why.FREES_KING: N_(
        "No winning line was found in time: this move frees the cards under a King, but it is "
        "not proven to win."
    ),
}
# The live verdict in the info bar.
VERDICTS = {
    Verdict.WON: N_("Can still be won"),
    Verdict.LOST: N_("Cannot be won any more"),
    Verdict.UNKNOWN: N_("Not known yet"),
}
# A loss at the deal's start: nothing the player did lost it.
LOST_FROM_START = N_("This deal cannot be won")
THINKING = N_("Thinking…")
# How the bar shows each verdict (see ``info_bar.Tone``): a colour each,
# a lost game on a badge.
TONES = {
    VERDICTS[Verdict.WON]: Tone.GOOD,
    VERDICTS[Verdict.LOST]: Tone.BAD,
    LOST_FROM_START: Tone.BAD,
    VERDICTS[Verdict.UNKNOWN]: Tone.OPEN,
    THINKING: Tone.QUIET,
}
DEMO_LABEL = N_("Demo")
STOP_LABEL = N_("Stop")  # the Demo button while the demo or Finish plays
DEMO_STOPPED = N_("Stopped: you play on from here.")  # said when a key or click stops it
# Keys pressed as the first of a chord (Ctrl+Z), and the modifiers they set.
MODIFIER_KEYS = frozenset(
    (
        pygame.K_LCTRL,
        pygame.K_RCTRL,
        pygame.K_LSHIFT,
        pygame.K_RSHIFT,
        pygame.K_LALT,
        pygame.K_RALT,
        pygame.K_LMETA,
        pygame.K_RMETA,
        pygame.K_LGUI,
        pygame.K_RGUI,
        pygame.K_MODE,
    )
)
CHORD_MODS = (
    pygame.KMOD_CTRL | pygame.KMOD_SHIFT | pygame.KMOD_ALT | pygame.KMOD_META | pygame.KMOD_MODE
)
FINISH_LABEL = N_("Finish")
DEMO_LABELS = (DEMO_LABEL, FINISH_LABEL, STOP_LABEL)  # the Demo button is as wide as the widest


class Stamp(NamedTuple):
    """Everything the table's answers about the position hang on: equal
    stamps, equal answers. The game and its tableau compare by identity
    first (the engine builds a new tableau after every move, undo and
    redo, and a game's rules never change, so one game's equal tableaus
    are one position); holding them keeps them alive, so an identity is
    never reused."""

    game: Game
    tableau: tuple[Column, ...]
    hints: int  # ``HintService.revision``
    live_verdict: bool
    playing: bool
    finding_deal: bool


class Worked(NamedTuple):
    """What was worked out of the position for one ``Stamp``."""

    stamp: Stamp
    status: str  # the bar's verdict message (untranslated), "" for none
    finish_ready: bool


class SolverHelp:
    """What the table asks of the solver, and the demo or Finish under way."""

    def __init__(
        self,
        board: TableState,
        session: GameSession,
        hints: HintService,
        moves: TablePlay,
        tr: Translator,
    ) -> None:
        self.board = board
        self.session = session
        self.hints = hints
        self.moves = moves
        self.tr = tr
        self.auto: AutoPlay | None = None
        self._notice: Banner | None = None  # "the demo plays…": it goes with the demo
        self._hint_wanted: Position | None = None
        self._auto_wanted: tuple[Kind, Position] | None = None
        self._shown: tuple[str, bool] = ("", False)  # the bar's verdict and Finish, drawn last
        self._verdict_seen = ""  # the last verdict the bar showed in this game (not "Thinking")
        # Where the solver's process failed, and how often: searched again
        # unasked only up to ``SEARCH_TRIES`` in all.
        self._failed: dict[Position, int] = {}
        self._searched: Stamp | None = None  # the last stamp the background search saw
        self._worked: Worked | None = None
        self._chord = False  # a modifier that stopped the demo is still held

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def waiting(self) -> bool:
        """A hint, a demo or Finish waits for the search under way."""
        return self._hint_wanted is not None or self._auto_wanted is not None

    @property
    def playing(self) -> bool:
        """A demo or Finish is under way."""
        return self.auto is not None and self.auto.running

    # ------------------------------------------------------------ the table's life

    def forget(self) -> None:
        """Another game: nothing asked about the last one survives."""
        self.stop()
        self.hints.forget()
        self._verdict_seen = ""

    def stop(self) -> bool:
        """End a demo or Finish, and any wait for one; True if one ran."""
        ran = self.playing
        if self.auto is not None:
            self.auto.stop()
            self.auto = None
            self._end_notice()
        self._auto_wanted = None
        return ran

    def on_input(self, event: pygame.event.Event) -> bool:
        """Any click or key stops a demo or Finish at once; True if it did
        (the input did that and nothing else). It also drops a wait for one.

        A shortcut is pressed as a chord, its modifier first (Ctrl, then
        Z): the modifier stops the demo, and the keys pressed while it is
        held are part of the same press, so they do nothing either (True)
        until it is let go."""
        if self._chord:
            if event.type == pygame.KEYUP and not event.mod & CHORD_MODS:
                self._chord = False  # the modifier let go: the next key is a key
            elif event.type == pygame.KEYDOWN:
                if event.mod & CHORD_MODS:
                    return True
                self._chord = False
        if event.type not in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            return False
        playing = self.playing
        if self.stop():
            self._chord = event.type == pygame.KEYDOWN and event.key in MODIFIER_KEYS
            if playing:
                self.moves.narration.message(DEMO_STOPPED)
            self.board.redraw()
            self.board.note_bar_changed()  # the Demo button reads Demo again
            return True
        return False

    def let_go(self) -> None:
        """The table lost the keys (a dialog, the window's focus): a chord
        that stopped the demo is over."""
        self._chord = False

    def update(self, dt: float) -> None:
        auto = self.auto
        if auto is not None:
            move = auto.update(dt)
            if move is not None and not self.moves.play(move, helped=auto.helped, demo=True):
                auto.stop()  # cannot happen: the line was the engine's own
            if not auto.running:
                self.auto = None
                self._end_notice()
                self.board.note_bar_changed()
        stamp = self.stamp()
        if stamp != self._searched:
            self._search_in_background()
            stamp = self._searched = self.stamp()  # with the search it may have started
        worked = self.worked(stamp)
        shown = (worked.status, worked.finish_ready)
        if shown != self._shown:
            if worked.status not in (self._shown[0], "", THINKING):
                self.moves.narration.message(worked.status)  # the verdict changed
            self._verdict_turned(worked.status)
            self._shown = shown
            self.board.note_bar_changed()

    def _verdict_turned(self, status: str) -> None:
        """A game that could still be won (or was not known) and now cannot:
        the bar's badge says so, and a banner too, once, with what to do."""
        if status in ("", THINKING):
            return
        seen, self._verdict_seen = self._verdict_seen, status
        if TONES[status] is Tone.BAD and seen and TONES[seen] is not Tone.BAD:
            self.moves.explain(CANNOT_WIN_ASK, force=True, spoken=True)

    def stamp(self) -> Stamp:
        """What the answers about the position hang on, now."""
        game, session = self.game, self.session
        return Stamp(
            game,
            game.tableau,
            self.hints.revision,
            session.settings.live_verdict,
            self.playing,
            session.finding_deal,
        )

    def worked(self, stamp: Stamp | None = None) -> Worked:
        """The bar's verdict and whether Finish is offered, worked out again
        only when the stamp (``stamp()`` unless given) changed."""
        if stamp is None:
            stamp = self.stamp()
        worked = self._worked
        if worked is not None and worked.stamp == stamp:
            return worked
        game = stamp.game
        verdict = None if game.is_won else self.hints.verdict(game)
        status = ""
        if verdict is None and self._given_up(game):
            verdict = Verdict.UNKNOWN  # the solver failed it: nothing thinks any more
        if stamp.live_verdict and not game.is_won:
            status = THINKING if verdict is None else VERDICTS[verdict]
            if verdict is Verdict.LOST and not (game.can_undo or game.undo_trimmed):
                status = LOST_FROM_START
        finish = verdict is Verdict.WON and all_face_up(game)
        self._worked = Worked(stamp, status, finish)
        return self._worked

    def _search_in_background(self) -> None:
        """The live verdict, and Finish once every card is face up, want to
        know about the position on the table: ask, unless known or asked.
        A search from a position left behind is cancelled."""
        game, hints = self.game, self.hints
        if hints.searching and not hints.searching_from(game):
            hints.drop()  # the player moved on: nobody waits for that answer
        elif hints.searching and hints.verdict(game) is not None and not self.waiting:
            hints.drop()  # learnt meanwhile (by the walk back through the game)
        if game.is_won or self.playing or self.session.finding_deal:
            return
        if not (self.session.settings.live_verdict or all_face_up(game)):
            return
        asked = hints.searching_from(game) or self._given_up(game)
        if hints.verdict(game) is None and not asked:
            hints.search(game)

    def _given_up(self, game: Game) -> bool:
        """The solver's process failed the position ``SEARCH_TRIES`` times."""
        return bool(self._failed) and self._failed.get(game.position(), 0) >= SEARCH_TRIES

    def job_done(self, done: JobDone) -> None:
        """A solver answer: for whoever asked about the position on the table."""
        finding = self.hints.job_done(done, self.game)
        if finding is None or finding.key != self.game.position():
            return  # not ours, or the player moved on meanwhile
        self.board.note_bar_changed()
        if finding.failed:
            self._failed[finding.key] = self._failed.get(finding.key, 0) + 1
            self._searched = None  # asked again, or given up: the background search must know
            if self._auto_wanted is not None:
                self.moves.explain(SOLVER_FAILED_AUTO[self._auto_wanted[0]], force=True)
            elif self._hint_wanted == finding.key:
                self.moves.explain(SOLVER_FAILED, force=True)
            self._hint_wanted = self._auto_wanted = None
            return
        if self._hint_wanted == finding.key:
            self._hint_wanted = None
            self._answer_hint()
        if self._auto_wanted is not None and self._auto_wanted[1] == finding.key:
            kind = self._auto_wanted[0]
            self._auto_wanted = None
            self._answer_auto(kind)

    # ------------------------------------------------------------ hints

    def request_hint(self) -> None:
        """Show the next move of a winning line; the search runs in the
        solver process, so the table keeps moving meanwhile."""
        game = self.game
        if game.is_won or self.playing:
            return
        verdict = self.hints.verdict(game)
        if verdict is not None:
            self._answer_hint()
            if verdict is Verdict.UNKNOWN:
                self._search_again()
            return
        self._hint_wanted = game.position()
        if not self.hints.searching_from(game):
            self.hints.search(game)
        self.moves.explain(LOOKING, force=True)

    def _search_again(self) -> None:
        """Asked again where a search found nothing in its time: the
        answer so far stays shown while the solver looks again, for longer,
        and a line it finds is the hint."""
        game = self.game
        self._hint_wanted = game.position()
        if not self.hints.searching_from(game):
            self.hints.search(game)

    def _answer_hint(self) -> None:
        game, hints = self.game, self.hints
        move = hints.known_move(game)
        if move is not None:
            self.show_hint(move)
        elif hints.known_lost(game):
            self.moves.explain(self.lost_text(), force=True)
        else:
            advice = sensible_move(game, visited_positions(game))
            if advice is None:
                self.moves.explain(NOTHING_SENSIBLE, force=True)
            else:
                self.show_hint(advice.move, advice)

    def lost_text(self) -> str:
        """Proven lost: and what the player can do about it."""
        game = self.game
        if game.has_record and game.can_undo:
            return CANNOT_WIN_ASK  # the walk back to the move that lost it
        return CANNOT_WIN if game.can_undo else CANNOT_WIN_DEAL

    def show_hint(self, move: Move, unproven: Advice | None = None) -> None:
        self.board.show_hint(move)
        text = describe(self.tr, self.game, move)
        if unproven is not None:
            text = f"{text} {self.gettext(UNPROVEN[unproven.why])}"
        self.moves.explain(text, force=True)

    def gettext(self, message: str) -> str:
        return self.tr.gettext(message)

    # ------------------------------------------------------------ demo and Finish

    @property
    def finish_ready(self) -> bool:
        """Every card is face up and a winning line is known: Finish is offered."""
        return self.worked().finish_ready

    def demo_label(self) -> str:
        """The bar's Demo button says Finish while Finish is offered, and
        Stop while the demo or Finish plays (drawn pressed then)."""
        if self.playing:
            return self.gettext(STOP_LABEL)
        return self.gettext(FINISH_LABEL if self.finish_ready else DEMO_LABEL)

    def request_demo(self) -> None:
        self._request(Kind.FINISH if self.finish_ready else Kind.DEMO)

    def request_finish(self) -> None:
        if not all_face_up(self.game):
            self.moves.explain(FINISH_NOT_YET, force=True)
            return
        self._request(Kind.FINISH)

    def _request(self, kind: Kind) -> None:
        game = self.game
        if game.is_won or self.playing:
            return
        if self.hints.verdict(game) is not None:
            self._answer_auto(kind)
            return
        self._auto_wanted = (kind, game.position())
        if not self.hints.searching_from(game):
            self.hints.search(game)
        self.moves.explain(LOOKING, force=True)

    def _answer_auto(self, kind: Kind) -> None:
        game = self.game
        line = self.hints.known_line(game)
        if line is None:
            lost = self.hints.known_lost(game)
            self.moves.explain(self.lost_text() if lost else DEMO_NO_LINE, force=True)
            return
        self.moves.cancel_gestures()  # cards in hand go back: the demo has the table
        pace = DEMO_SECONDS_PER_MOVE if self.board.sprites.pace else 0.0
        self.auto = AutoPlay(kind, game, line, seconds_per_move=pace)
        self.moves.notify(DEMO_PLAYS if kind is Kind.DEMO else FINISH_PLAYS, lasting=True)
        self._notice = self.board.banner
        self.board.note_bar_changed()  # the Demo button reads Stop

    def _end_notice(self) -> None:
        """A demo or Finish that ended (won, or stopped) takes its "any key
        or click stops it" away; another message shown meanwhile stays."""
        if self._notice is not None and self.board.banner is self._notice:
            self.board.hide_banner()
        self._notice = None

    # ------------------------------------------------------------ live verdict

    def verdict_samples(self) -> list[str]:
        """Every verdict the bar may show (none while the setting is off)."""
        if not self.session.settings.live_verdict:
            return []
        return [self.gettext(text) for text in (*VERDICTS.values(), LOST_FROM_START, THINKING)]

    def verdict_tone(self) -> Tone:
        """How the bar shows the verdict it says (see ``TONES``)."""
        return TONES.get(self.worked().status, Tone.QUIET)

    def verdict_text(self) -> str:
        """The info bar's verdict on the position, or "" when the setting
        is off (or the game is won)."""
        status = self.worked().status
        return self.gettext(status) if status else ""
