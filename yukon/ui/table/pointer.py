"""The pointer on the table: presses, drags, drops, taps and hover.

The drag controller and the tap detector (``drags``, ``taps``) turn raw
pointer events into gestures; here each gesture becomes a question to the
engine ("what would a press here lift?", "what does this drop mean?",
"where would a double tap send it?") and the answer is played.
"""

from __future__ import annotations

from yukon.engine import Card
from yukon.ui.table.drags import Drag
from yukon.ui.table.geometry import drop_target, pile_cards
from yukon.ui.table.state import TableState
from yukon.ui.table.table_play import TablePlay
from yukon.ui.table.taps import Tap


class PointerGestures:
    """Mouse and touch on the cards (the info bar handles its own buttons)."""

    def __init__(self, board: TableState, play: TablePlay) -> None:
        self.board = board
        self.play = play
        self._drag_offsets: list[tuple[int, int]] = []

    def press(self, pos: tuple[int, int]) -> None:
        board = self.board
        game = board.game
        if board.drags.active or game.is_won:
            return  # a won game is over: its cards stay on the foundations
        card = board.sprites.card_at(pos)
        if card is None:
            return
        where = game.pick_up(card)
        if where is None:
            return
        src, count = where
        problem = game.pick_up_problem(src, count)
        if problem is not None:  # too many cards: say so now, lift nothing
            self.play.refuse(problem)
            return
        board.press_cards(card, pos, (src, count), pile_cards(game, src, count))

    def motion(self, pos: tuple[int, int]) -> None:
        board = self.board
        self._hover_at(pos)
        faded = board.banner_faded
        started = board.pointer_moved(pos)
        if started is not None:
            self._begin_drag(started)
        drag = board.drags.drag
        if board.drags.active and drag is not None:
            self._follow(drag)
            board.note_drag_moved()
        if board.banner_faded != faded:
            board.redraw()  # the banner fades or comes back

    def _hover_at(self, pos: tuple[int, int]) -> None:
        """Outline what a press here would pick up, so the table answers the
        pointer before any click (redrawn only when that changes)."""
        board = self.board
        game = board.game
        hover = None
        if not board.in_hand and not game.is_won:
            card = board.sprites.card_at(pos)
            if card is not None and not board.sprites.by_card[card].animating:
                hover = game.pick_up(card)
                if hover is not None and game.pick_up_problem(*hover) is not None:
                    hover = None  # nothing a press could lift
        board.set_hover(hover)

    def _begin_drag(self, drag: Drag) -> None:
        board = self.board
        board.cancel_taps()  # a drag replaces any tap still waiting to act
        if board.cursor.held is not None:
            board.cancel_hold()
        lead = board.sprites.by_card[drag.cards[0]]
        self._drag_offsets = []
        for card in drag.cards:
            sprite = board.sprites.by_card[card]
            self._drag_offsets.append(
                (round(sprite.target[0] - lead.target[0]), round(sprite.target[1] - lead.target[1]))
            )
        board.lift_dragged(drag.cards)
        if self.play.session.settings.placement_help:
            board.light_targets(board.game.destinations(drag.src, drag.count))
        else:
            board.clear_targets()
        self.play.picked_up()

    def _follow(self, drag: Drag) -> None:
        self.board.place_dragged(drag, self._drag_offsets)

    def release(self, pos: tuple[int, int]) -> None:
        board = self.board
        drag = board.release_drag(pos)
        if drag is None:
            for tap in board.release_tap(pos):
                self.on_tap(tap)
            return
        board.cancel_taps()
        self._follow(drag)
        board.clear_targets()
        self._drop(drag)

    def _drop(self, drag: Drag) -> None:
        """Play what the engine says the drop means; else Automatic
        placement, or the cards go home with the reason shown."""
        board = self.board
        game = board.game
        home: tuple[Card, ...] = tuple(drag.cards)
        if pile_cards(board.game, drag.src, drag.count) != drag.cards:
            board.send_home(home)
            return  # the position changed under the pointer: nothing to play
        # Automatic placement finds a place for cards from a column released
        # anywhere, their own column too (the double tap's search).
        automatic = self.play.session.settings.auto_placement and drag.src.is_column
        target = drop_target(board.layout, drag)
        if target is None:
            move, reason = None, None
        else:
            move, reason = game.drop(drag.src, drag.count, target)
            if move is None and reason is None and not automatic:
                board.send_home(home)  # put back: the player changed their mind
                return
        if move is None and automatic:
            move = game.best_move(drag.src, drag.count)
        if move is not None:
            self.play.play(move)
            return
        if reason is not None:
            self.play.refuse(reason)
        board.send_home(home)

    def on_tap(self, tap: Tap) -> None:
        """A tap sends a column's last card to its foundation (or says why
        not); a double tap sends a card (with those on it) to the best place."""
        game = self.board.game
        if not isinstance(tap.target, Card):
            return
        where = game.pick_up(tap.target)
        if where is None or where[0].is_foundation:
            return
        src, count = where
        if tap.double:
            self.play.best_move(src, count)
        elif count == 1:  # refused, it says why, as a refused drag does
            self.play.to_foundation(src)

    def poll_taps(self) -> None:
        """Taps whose double-tap window has passed act now (none while the
        pointer has cards in hand)."""
        for tap in self.board.due_taps():
            self.on_tap(tap)
