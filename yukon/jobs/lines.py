"""A winning line made a good one: shorter, and with cards home sooner.

The solver's line wins, but a search finds a line, not a good one: it may
move a stack one way, back, and that way again, take a card back from a
foundation for nothing, or leave cards it could put home for many moves.
``shorten`` cleans a line before the hint, the demo or Finish shows or
plays it. Every change is kept only when the whole line still replays to a
win, so the line stays legal and winning.

The line is worked on as steps, each a card and where it goes (onto a
given card, to its foundation, or to an empty column), not as pile
numbers: a step left out or moved earlier leaves the steps after it
meaning what they meant, wherever their cards lie by then. The passes,
repeated until none shortens the line:

1. **Loops**: a step back to a position already on the line (in any order
   of the columns) cuts the loop between them;
2. **Short cuts**: one move from a position of the line to a later one
   stands for the steps between;
3. **A card moved again**: a card moved and moved again later is moved
   once, to where it ends (at the first move's place or the second's), or
   not at all when it comes back where it was; a card taken back from its
   foundation and put home again is not taken back;
4. **Needless steps**: a step, or two, the line wins without is left out;

then, the length settled, **cards home sooner**: a card put home goes at
the first point of the line it may, when the rest still wins from there.

>>> from yukon.engine import Game, Move
>>> game = Game.from_layout([["KH"], ["QS"], ["KS"]] + [[]] * 4, foundations=[11, 12, 13, 13])
>>> line = [Move.parse(text) for text in ("2:1>1", "1:2>4", "4:1>S", "4:1>H", "3:1>S")]
>>> [str(move) for move in shorten(game.position(), line)]
['2:1>S', '1:1>H', '3:1>S']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from yukon.engine.legality import check
from yukon.engine.moves import COLUMNS, FOUNDATION, MOVE_TABLE, Move, Pile
from yukon.engine.position import Position
from yukon.solver.board import Board, Snapshot

# The most replays one line is given: a safety net (a line of 200 moves the
# solver wandered on takes about 3,000, half a second).
MAX_REPLAYS = 20_000

EMPTY = -1  # a step's target: an empty column (``Step.column`` says which, if still empty)
HOME = -2  # a step's target: the card's foundation


class Step(NamedTuple):
    """One move of a line as its card and where it goes."""

    card: int  # the bottom card of the group moved (the card, from a foundation)
    onto: int  # the card it goes onto, or EMPTY, or HOME
    column: Pile = Pile.COLUMN_1  # for EMPTY: the column the line first used


class OutOfReplays(Exception):
    """The line's replays, or the caller's patience, ran out."""


def _move(board: Board, step: Step) -> Move | None:
    """The move ``step`` means on ``board``, or None if it cannot be played there."""
    card, onto = step.card, step.onto
    suit = card // 13
    src = board.loc_col[card]
    if src < 0:
        if board.found[suit] != card % 13 + 1:
            return None  # home, under another card of its suit
        src, count = FOUNDATION + suit, 1
    else:
        place = board.loc_pos[card]
        if place < board.down[src]:
            return None  # face down
        count = len(board.cols[src]) - place
    if onto == HOME:
        dst = FOUNDATION + suit
    elif onto == EMPTY:
        empty = [c for c in range(COLUMNS) if not board.cols[c]]
        if not empty:
            return None
        dst = step.column if step.column in empty else empty[0]
    else:
        dst = board.loc_col[onto]
        if dst < 0 or board.cols[dst][-1] != onto:
            return None  # the card it went onto is home, or covered
    if src == dst:
        return None
    move = MOVE_TABLE[src][count][dst]
    if move is None or check(move, board.cols, board.down, board.found, board.fits, board.rules):
        return None
    return move


def _step(board: Board, move: Move) -> Step:
    """``move`` (legal on ``board``) as a step."""
    src, count, dst = move.src, move.count, move.dst
    if src >= FOUNDATION:
        card = (src - FOUNDATION) * 13 + board.found[src - FOUNDATION] - 1
    else:
        card = board.cols[src][-count]
    if dst >= FOUNDATION:
        return Step(card, HOME)
    target = board.cols[dst]
    return Step(card, target[-1]) if target else Step(card, EMPTY, dst)


def _play(board: Board, step: Step) -> None:
    move = _move(board, step)
    assert move is not None  # a step of the winning line, where it was played
    board.apply(move.src, move.count, move.dst)


class _Line:
    """A winning line of steps, with the board before each step kept, so a
    trial that differs from step ``k`` on replays only from there."""

    def __init__(
        self, start: Position, line: Sequence[Move], stop: Callable[[], bool] | None
    ) -> None:
        self.board = Board(start)
        self.start = self.board.snapshot()
        self.stop: Callable[[], bool] | None = None  # the line given is replayed in any case
        self.replays = 0
        self.steps: list[Step] = []
        for move in line:
            self.steps.append(_step(self.board, move))
            self.board.apply(move.src, move.count, move.dst)
        snapshots = self._replay(0, self.steps)
        if snapshots is None:
            raise ValueError("the line does not win from its position")
        self.snapshots = snapshots
        self.stop = stop

    def _replay(self, first: int, steps: Sequence[Step]) -> list[Snapshot] | None:
        """Replay ``steps`` (the same as the line's before ``first``): the
        boards before each step if all are legal and the last wins, else None."""
        self.replays += 1
        if self.replays > MAX_REPLAYS or (self.stop is not None and self.stop()):
            raise OutOfReplays
        board = self.board
        if first == 0:
            board.restore(self.start)
            snapshots: list[Snapshot] = []
        else:
            board.restore(self.snapshots[first])
            snapshots = self.snapshots[:first]
        for step in steps[first:]:
            move = _move(board, step)
            if move is None:
                return None
            snapshots.append(board.snapshot())
            board.apply(move.src, move.count, move.dst)
        return snapshots if board.is_won() else None

    def accept(self, first: int, steps: list[Step]) -> bool:
        """Take ``steps`` (the same as the line's before ``first``) if they win."""
        snapshots = self._replay(first, steps)
        if snapshots is None:
            return False
        self.steps, self.snapshots = steps, snapshots
        return True

    def at(self, index: int) -> Board:
        """The board before step ``index`` (after the last step: the win)."""
        board = self.board
        if index < len(self.steps):
            board.restore(self.snapshots[index])
        else:
            board.restore(self.snapshots[-1])
            _play(board, self.steps[-1])
        return board

    def moves(self) -> list[Move]:
        board = self.board
        board.restore(self.start)
        moves = []
        for step in self.steps:
            move = _move(board, step)
            assert move is not None  # the line wins: every step plays
            board.apply(move.src, move.count, move.dst)
            moves.append(move)
        return moves


def _cut_loops(line: _Line) -> bool:
    """Pass 1: a step back to a position already on the line cuts the loop."""
    board = line.board
    board.restore(line.start)
    seen = {board.key(): 0}
    kept: list[Step] = []
    for step in line.steps:
        _play(board, step)
        kept.append(step)
        key = board.key()
        if key in seen:
            del kept[seen[key] :]
            seen = {k: i for k, i in seen.items() if i <= len(kept)}
        else:
            seen[key] = len(kept)
    return len(kept) < len(line.steps) and line.accept(0, kept)


def _short_cuts(line: _Line) -> bool:
    """Pass 2: one move from a position of the line to a later one (in any
    order of the columns) stands for the steps between."""
    steps = line.steps
    later: dict[bytes, int] = {}
    for index in range(len(steps), -1, -1):
        later.setdefault(line.at(index).key(), index)
    for index in range(len(steps) - 1):
        board = line.at(index)
        reach, best = index + 1, None
        for src, count, dst in board.legal_moves():
            there = later.get(board.peek(src, count, dst), 0)
            if there > reach:
                reach, best = there, MOVE_TABLE[src][count][dst]
        if best is not None:
            trial = [*steps[:index], _step(board, best), *steps[reach:]]
            if line.accept(index, trial):
                return True
    return False


def _moved_again(line: _Line) -> bool:
    """Pass 3: a card moved and moved again is moved once, or not at all."""
    steps = line.steps
    last: dict[int, int] = {}
    for j, later in enumerate(steps):
        i = last.get(later.card)
        last[later.card] = j
        if i is None or steps[i].onto == HOME:
            continue
        trials = (
            [*steps[:i], *steps[i + 1 :]],  # the first move was for nothing
            [*steps[:i], later, *steps[i + 1 : j], *steps[j + 1 :]],  # straight there
            [*steps[:i], *steps[i + 1 : j], *steps[j + 1 :]],  # back where it was
        )
        if any(line.accept(i, trial) for trial in trials):
            return True
    return False


def _needless(line: _Line) -> bool:
    """Pass 4: a step the line wins without is left out (a card put home
    never is: it has to go)."""
    steps = line.steps
    for i in range(len(steps) - 1, -1, -1):
        if steps[i].onto != HOME and line.accept(i, [*steps[:i], *steps[i + 1 :]]):
            return True
    return False


def _needless_pairs(line: _Line) -> bool:
    """Pass 4, two at a time: two steps the line wins without are left out."""
    steps = line.steps
    idle = [i for i, step in enumerate(steps) if step.onto != HOME]
    for a, i in enumerate(idle):
        for j in idle[a + 1 :]:
            if line.accept(i, [*steps[:i], *steps[i + 1 : j], *steps[j + 1 :]]):
                return True
    return False


def _home_sooner(line: _Line) -> bool:
    """A card put home goes home at the first point it may, if the line
    still wins; only past steps that are not themselves cards put home
    (so two cards home never swap places back and forth)."""
    steps = line.steps
    for j, step in enumerate(steps):
        if step.onto != HOME:
            continue
        for k in range(j):
            if _move(line.at(k), step) is None:
                continue
            sooner = [*steps[:k], step, *steps[k:j], *steps[j + 1 :]]
            if any(other.onto != HOME for other in steps[k:j]) and line.accept(k, sooner):
                return True
            break  # the first point only: later ones are tried once this one moves
    return False


PASSES = (_cut_loops, _short_cuts, _moved_again, _needless, _needless_pairs)


def shorten(
    start: Position, line: Sequence[Move], stop: Callable[[], bool] | None = None
) -> list[Move]:
    """``line``, a winning line from ``start``, shortened and with its cards
    home sooner (see the module doc): still a winning line from ``start``,
    never a longer one. ``stop``, asked before each replay, ends the work
    early when it answers True (the line is then as far as it got).
    ValueError if ``line`` does not win from ``start``."""
    if not line:
        return []
    work = _Line(start, line, stop)
    try:
        while any(shorter(work) for shorter in PASSES):
            pass
        while _home_sooner(work):
            pass
    except OutOfReplays:
        pass
    return work.moves()
