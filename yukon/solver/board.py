"""The solver's board: one mutable copy of a ``Position`` that a search plays
moves on and takes them back, in place.

The engine's ``Game`` keeps a snapshot per move for the player's undo; a
search plays millions of moves, so its board keeps only what taking one back
needs (whether a card was turned up, and the replaced column keys). A
property test plays the same random moves on a ``Board`` and a ``Game``
(every game) and checks that positions and legal moves agree after
every move and every take-back.

A position's *key* is its columns as bytes (face-down count, then cards),
sorted, then the foundation heights: positions that differ only in the order
of the columns share a key and are searched once.

>>> from yukon.engine import Game
>>> board = Board(Game.from_code("YU1-C-AAAAAAB").position())
>>> flipped = board.apply(4, 1, 0)
>>> board.position() == Game.from_code("YU1-C-AAAAAAB").position()
False
>>> board.undo(4, 1, 0, flipped)
>>> board.position() == Game.from_code("YU1-C-AAAAAAB").position()
True
"""

from __future__ import annotations

from typing import Final

from yukon.engine.generator import FITS, KINGS, PARENTS, Step, legal_steps
from yukon.engine.moves import COLUMNS, FOUNDATION
from yukon.engine.position import Position

__all__ = ["KINGS", "Board", "Line", "Snapshot", "Step"]

# Final: the compiled solver reads it as a constant, not from the module.
_SEPARATOR: Final = b"\xff"
_ALL_HOME = [13, 13, 13, 13]

Line = list[Step]
# A board as ``snapshot`` keeps it: column keys, foundation heights (as
# ``Board.found_key``), card locations.
Snapshot = tuple[tuple[bytes, ...], bytes, tuple[int, ...], tuple[int, ...]]


class Board:
    """Columns, face-down counts, foundation heights and where each card lies
    (``loc_col`` -1 for a card home), with each column's key kept up to date."""

    __slots__ = (
        "rules",
        "fits",
        "parents",
        "cols",
        "down",
        "found",
        "loc_col",
        "loc_pos",
        "col_keys",
        "saved_keys",
        "found_key",
    )

    def __init__(self, position: Position) -> None:
        self.rules = position.rules
        # fits[t]: cards that may lie on t; parents[c]: cards c may lie on.
        self.fits, self.parents = FITS[position.rules], PARENTS[position.rules]
        self.cols: list[list[int]] = [list(column) for column in position.columns]
        self.down: list[int] = list(position.face_down)
        self.found: list[int] = list(position.foundations)
        # ``bytes(found)``, the end of every key, kept with ``found``: most
        # moves leave it as it is, and ``peek`` asks it for every child.
        self.found_key = bytes(self.found)
        self.loc_col = [-1] * 52
        self.loc_pos = [0] * 52
        for c, column in enumerate(self.cols):
            for pos, card in enumerate(column):
                self.loc_col[card] = c
                self.loc_pos[card] = pos
        self.col_keys = [self._col_key(c) for c in range(COLUMNS)]
        # Column keys replaced by ``apply``, for ``undo`` to put back.
        self.saved_keys: list[bytes] = []

    def position(self) -> Position:
        """The board as the engine's immutable value."""
        return Position(
            tuple(map(tuple, self.cols)), tuple(self.down), tuple(self.found), self.rules
        )

    def _col_key(self, c: int) -> bytes:
        return bytes((self.down[c], *self.cols[c]))

    def key(self) -> bytes:
        """The position up to the order of the columns, which never matters."""
        return _SEPARATOR.join(sorted(self.col_keys)) + self.found_key

    def peek(self, src: int, count: int, dst: int) -> bytes:
        """The ``key`` of the position after a move, without playing it.

        Most moves lead to positions already seen; building the key from the
        column keys is much cheaper than playing the move and taking it back.
        """
        keys = self.col_keys[:]
        found = self.found
        found_key = self.found_key
        if src >= FOUNDATION:
            suit = src - FOUNDATION
            heights = found[:]
            heights[suit] -= 1
            found_key = bytes(heights)
            moving = bytes((suit * 13 + found[suit] - 1,))
        else:
            old = keys[src]
            left = len(old) - 1 - count
            hidden = old[0]
            if left and hidden == left:
                keys[src] = bytes((hidden - 1,)) + old[1 : 1 + left]
            else:
                keys[src] = old[: 1 + left]
            moving = old[1 + left :]
        if dst >= FOUNDATION:
            heights = found[:]
            heights[dst - FOUNDATION] += 1
            found_key = bytes(heights)
        else:
            keys[dst] = keys[dst] + moving
        keys.sort()
        return _SEPARATOR.join(keys) + found_key

    def is_won(self) -> bool:
        return self.found == _ALL_HOME

    def apply(self, src: int, count: int, dst: int) -> bool:
        """Play a move known to be legal; returns whether a card was turned up."""
        cols, loc_col, loc_pos, found = self.cols, self.loc_col, self.loc_pos, self.found
        col_keys, saved_keys = self.col_keys, self.saved_keys
        flipped = False
        if src >= FOUNDATION:
            suit = src - FOUNDATION
            moving = [suit * 13 + found[suit] - 1]
            found[suit] -= 1
            self.found_key = bytes(found)
        else:
            column = cols[src]
            moving = column[-count:]
            del column[-count:]
            old = col_keys[src]
            saved_keys.append(old)
            # The key less the cards moved (and with a card turned up).
            if column and self.down[src] == len(column):
                self.down[src] -= 1
                flipped = True
                col_keys[src] = bytes((old[0] - 1,)) + old[1 : 1 + len(column)]
            else:
                col_keys[src] = old[: 1 + len(column)]
        if dst >= FOUNDATION:
            found[dst - FOUNDATION] += 1
            self.found_key = bytes(found)
            loc_col[moving[0]] = -1
        else:
            target = cols[dst]
            base = len(target)
            target.extend(moving)
            for card in moving:
                loc_col[card] = dst
                loc_pos[card] = base
                base += 1
            saved_keys.append(col_keys[dst])
            # The cards added to the end of its key.
            col_keys[dst] = col_keys[dst] + bytes(moving)
        return flipped

    def undo(self, src: int, count: int, dst: int, flipped: bool) -> None:
        """Take back a move played with ``apply``."""
        cols, loc_col, loc_pos, found = self.cols, self.loc_col, self.loc_pos, self.found
        col_keys, saved_keys = self.col_keys, self.saved_keys
        if dst >= FOUNDATION:
            suit = dst - FOUNDATION
            moving = [suit * 13 + found[suit] - 1]
            found[suit] -= 1
            self.found_key = bytes(found)
        else:
            target = cols[dst]
            moving = target[-count:]
            del target[-count:]
            col_keys[dst] = saved_keys.pop()
        if src >= FOUNDATION:
            found[src - FOUNDATION] += 1
            self.found_key = bytes(found)
            loc_col[moving[0]] = -1
        else:
            if flipped:
                self.down[src] += 1
            column = cols[src]
            base = len(column)
            column.extend(moving)
            for card in moving:
                loc_col[card] = src
                loc_pos[card] = base
                base += 1
            col_keys[src] = saved_keys.pop()

    def snapshot(self) -> Snapshot:
        """The board as it stands, for ``restore`` (the best-first searches
        keep one per waiting position)."""
        return (tuple(self.col_keys), self.found_key, tuple(self.loc_col), tuple(self.loc_pos))

    def restore(self, snap: Snapshot) -> None:
        keys, found, loc_col, loc_pos = snap
        self.col_keys = list(keys)
        self.cols = [list(key[1:]) for key in keys]
        self.down = [key[0] for key in keys]
        self.found = list(found)
        self.found_key = found
        self.loc_col = list(loc_col)
        self.loc_pos = list(loc_pos)
        self.saved_keys = []

    def legal_moves(self) -> list[Step]:
        """Every legal move, each once, in no useful order: the engine's own
        generator (``yukon.engine.generator``) over the board's state (the
        searches use ``children`` instead)."""
        return legal_steps(self.cols, self.down, self.found, self.loc_col, self.loc_pos, self.fits)
