"""Playing on the table: every move asked of the engine, played through
the session, and a refusal explained in the engine's words.

Both the pointer gestures and the keyboard come here; the sprites follow
the engine after every move and undo.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from yukon.engine import Card, IllegalMove, Move, Pile, Played, Position
from yukon.i18n.translator import N_
from yukon.session.events import Event, Happening
from yukon.session.game_session import GameSession
from yukon.ui.table.geometry import pile_cards
from yukon.ui.table.hint_service import HintService
from yukon.ui.table.keyboard_cursor import Held
from yukon.ui.table.narration import Narration
from yukon.ui.table.state import Banner, TableState

BANNER_SECONDS = 3.5  # the shortest time a message stays
READING_RATE = 15  # characters a second: a long message stays until it can be read


def banner_seconds(text: str) -> float:
    """How long a message stays: a short one ``BANNER_SECONDS``, a long one
    a second more than it takes to read.

    >>> banner_seconds("The 10♣ needs a red Jack."), banner_seconds("x" * 90)
    (3.5, 7.0)
    """
    return max(BANNER_SECONDS, 1.0 + len(text) / READING_RATE)


class TablePlay:
    """Moves, undo and redo, cards held with the keyboard, and the messages about them."""

    def __init__(
        self,
        board: TableState,
        session: GameSession,
        hints: HintService,
        on_change: Callable[[], None],
        narration: Narration,
    ) -> None:
        self.board = board
        self.session = session
        self.hints = hints
        self.on_change = on_change  # after every move and undo (the layout dump)
        self.narration = narration  # the table in words, for a player who listens
        self.words = narration.shown  # a message in the player's language (``i18n.say``)

    # ------------------------------------------------------------ moves

    def play(self, move: Move, *, helped: bool = False, demo: bool = False) -> bool:
        """Play through the engine; False (and the reason shown) if illegal.
        ``helped``: the demo plays it (see ``GameSession.play``); ``demo``:
        the demo or Finish plays it."""
        board = self.board
        before = board.game.position()
        try:
            played = self.session.play(move, helped=helped)
        except IllegalMove as error:
            self.refuse(error.args[0])
            board.sync_sprites()
            return False
        self._landed(before, played, demo=demo)
        return True

    def redo(self) -> None:
        """Play the move undone last again, as it was played."""
        before = self.board.game.position()
        try:
            played = self.session.redo()
        except IllegalMove as error:
            self.explain(error.args[0])
            return
        self._landed(before, played, redone=True)

    def _landed(
        self, before: Position, played: Played, *, redone: bool = False, demo: bool = False
    ) -> None:
        """After a move or a redo: the sprites follow, a win is celebrated."""
        board = self.board
        self.narration.played(played, board.game, redone=redone, demo=demo)
        self.hints.stepped(before, played.move, board.game.position())
        self.position_changed(played.cards)
        if board.game.is_won:
            board.celebrate_win()

    def undo(self) -> None:
        before = self.board.game.position()
        try:
            move = self.session.undo()
        except IllegalMove as error:
            self.explain(error.args[0])
            return
        board = self.board
        self.hints.stepped(board.game.position(), move, before)
        put_back = tuple(pile_cards(board.game, move.src, move.count))
        self.narration.undone(move, put_back)
        self.position_changed(put_back)
        board.point_cursor_at(move.src, move.count)  # on the cards put back

    def position_changed(self, moved: tuple[Card, ...]) -> None:
        """After every move and undo: nothing aimed at the old position
        survives, and the sprites follow the engine."""
        self.cancel_gestures()
        self.board.position_changed(moved)
        self.on_change()

    def cancel_gestures(self) -> None:
        """Forget every gesture in progress: a waiting tap, a pressed or
        dragged group (sent home), a pressed button, cards held with the
        keyboard. Gestures were aimed at a position that is about to change."""
        self.board.cancel_taps()
        self.board.cancel_press()
        if self.board.cursor.held is not None:
            self.board.cancel_hold()

    def best_move(self, src: Pile, count: int) -> None:
        """The double-tap search (the engine's), played or explained."""
        game = self.board.game
        problem = game.pick_up_problem(src, count)
        if problem is not None:
            self.refuse(problem)
            return
        move = game.best_move(src, count)
        if move is None:
            card = game.tableau[src].cards[-count].label
            if count == 1:
                text = self.words(N_("No column can take the {card}."))
            else:
                text = self.words(N_("No column can take the {card} and the cards on it."))
            self.refuse(text.format(card=card))
            return
        self.play(move)

    # ------------------------------------------------------------ messages

    def explain(self, message: str, *, force: bool = False, spoken: bool = False) -> None:
        """Show a message about the position (a rule; with ``force`` also
        when Interactive rules is off: hints); the next move ends it.
        It is said too, unless ``spoken`` already."""
        if not spoken:
            self.narration.message(message)
        if force or self.session.settings.interactive_rules:
            board = self.board
            text = self.words(message)
            until = board.now + banner_seconds(text)
            board.show_banner(Banner(text, until, about_position=True))

    def refuse(self, reason: str, *, force: bool = False) -> None:
        """A move the rules forbid: say why (``explain``; always spoken), and
        tell listeners."""
        self.narration.message(reason)
        self.explain(reason, force=force, spoken=True)
        self.session.events.emit(Event(Happening.REFUSED, reason))

    def notify(self, message: str, *, lasting: bool = False) -> None:
        """A notice the player should always see, moves or not (saving
        problems, copies); ``lasting``: until it is taken away (the demo's,
        while it plays), not for the time it takes to read."""
        text = self.words(message)
        self.narration.message(message)
        until = math.inf if lasting else self.board.now + banner_seconds(text)
        self.board.show_banner(Banner(text, until))

    def picked_up(self) -> None:
        self.session.events.emit(Event(Happening.PICKED_UP))

    # ------------------------------------------------------------ keyboard play

    def pick_up(self) -> None:
        """Space on a card: pick it up with every card on top of it."""
        board = self.board
        game = board.game
        selection = board.cursor.selection(game)
        if selection is None or game.is_won:
            return
        src, count = selection
        problem = game.pick_up_problem(src, count)
        if problem is not None:  # too many cards, say: better now than at the drop
            self.refuse(problem, force=True)
            return
        if board.hint is None:
            board.hide_position_banner()  # a refusal just before no longer applies (a hint does)
        targets = game.destinations(src, count) if self.session.settings.placement_help else []
        cards = tuple(pile_cards(game, src, count))
        board.hold(Held(src, count, cards), targets)
        self.narration.picked_up(cards)
        self.picked_up()

    def put_down(self) -> None:
        """Space again: drop the held cards on the pile under the cursor. A
        refused drop says why and keeps them in hand for another place (Esc
        puts them back); their own pile takes them back."""
        board = self.board
        held = board.cursor.held
        if held is None:
            return
        move, reason = board.game.drop(held.src, held.count, board.cursor.pile)
        if move is not None:
            self.play(move)
        elif reason is not None:
            self.refuse(reason, force=True)
        else:
            self.put_back()

    def put_back(self) -> None:
        """Esc, or a drop on their own pile: the held cards go back."""
        self.board.cancel_hold()
        self.narration.put_back()

    def send_home(self) -> None:
        """F: the selected column's top card to its foundation."""
        board = self.board
        if not board.cursor.on_column:
            return
        self.to_foundation(board.cursor.pile)

    def to_foundation(self, column: Pile) -> None:
        """A column's top card to its foundation (a tap, F), or, with
        Interactive rules on, the engine's reason why not."""
        # Any foundation will do: the engine reads it as the card's own.
        move, reason = self.board.game.drop(column, 1, Pile.SPADES)
        if move is not None:
            self.play(move)
        elif reason is not None:
            self.refuse(reason)

    def send_anywhere(self) -> None:
        """D: the double-tap search for the selected card."""
        selection = self.board.cursor.selection(self.board.game)
        if selection is None or selection[0].is_foundation:
            return
        self.best_move(*selection)
