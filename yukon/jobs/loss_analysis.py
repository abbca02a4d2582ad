"""Where was the game lost? The solver walks back through a lost game.

A position from which no line wins makes every later position lost too
(any move from it leads to another lost one), so along the moves of a game
the positions are winnable up to one move and lost after it. ``find_loss``
bisects for that move: it asks the solver about the middle position of the
stretch still in doubt and halves it, so a game of 150 moves needs about
eight verdicts, not 150. Every verdict is remembered by position (a game
that went back and forth meets the same one again). A position the solver
can only call unknown within its budget is left out of the halving, and
when nothing but such positions is left in doubt the report says which
moves it could not decide, rather than guessing.

While it walks, it tells how far it is (``report``, a ``LossProgress``
after each verdict): how many of the game's moves are ruled out, and the
first and last move still in doubt, which a player follows more easily
than seconds. A move is ruled out once the position before it is proven
winnable (the loss came later) or the position after it proven lost (it
came earlier).

The moves are those on the way from the deal to the position reached: a
move that was undone is not one of them (unless it was redone). They are
numbered along that way, 1 to N, and so is everything the walk says (the
move that lost the game, the moves in doubt, "ruled out: 30 of N"): one
numbering, in which the last move is move N and undoing K moves goes back
to before move N - K + 1. Without undo it is the move counter's.

>>> from yukon.engine import Game
>>> game = Game.from_record("YU1-C-AAAAAAB 7:5>2 undo redo 6:5>2")
>>> start, steps = path_of(game)
>>> [(step.number, str(step.move)) for step in steps]
[(1, '7:5>2'), (2, '6:5>2')]
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import NamedTuple

from yukon.engine import FOUNDATION, Card, Game, Move, Position
from yukon.engine.records import moves_on_the_way, tokens
from yukon.solver import Verdict

Stop = Callable[[], bool]
Judge = Callable[[Position], Verdict]

SECONDS_PER_POSITION = 1.0  # the solver's time for one position of the walk
ANALYSIS_SECONDS = 20.0  # the whole walk: past it, what is left is reported undecided


class Step(NamedTuple):
    """A move on the way to the position reached, and its move number."""

    number: int
    move: Move


class LostMove(NamedTuple):
    """The move that lost the game, as the player would name it: the card
    moved, and the card it went onto (``None``: an empty column or its
    foundation, see ``to_column``)."""

    number: int
    move: Move
    card: Card
    onto: Card | None
    to_column: int | None  # 1-7 for a move to a column, None for a foundation


@dataclass(frozen=True)
class LossReport:
    """What the walk found.

    ``end`` is the solver's verdict on the position reached: WON (it can
    still be won, by ``line`` when the walk found it), LOST (proven, and the
    walk looked for the move that lost it), or UNKNOWN (neither a win nor a
    proof was found in time: nothing more is said). ``lost_at`` is the move
    after which the game could no longer be won (``None`` when it was not
    found: lost from the deal, not lost at all, or undecided).
    ``undecided`` is the first and last move number among which the losing
    move lies when the solver could not decide between them. ``moves_back``
    is how many moves back from the position reached the last position
    proven winnable is (undo that many to get there; ``None`` when none was
    proven).
    """

    end: Verdict  # the solver's verdict on the position reached
    lost_from_start: bool  # the deal itself could not be won
    lost_at: LostMove | None = None
    undecided: tuple[int, int] | None = None
    moves_back: int | None = None
    cancelled: bool = False
    verdicts: int = 0  # how many positions the solver was asked about
    line: tuple[Move, ...] = ()  # a winning line from the position reached, when one was found

    @property
    def end_lost(self) -> bool:
        """The position reached is proven lost."""
        return self.end is Verdict.LOST

    @property
    def still_winnable(self) -> bool:
        """The position reached can still be won (the solver found a win)."""
        return self.end is Verdict.WON


class LossProgress(NamedTuple):
    """How far the walk is: ``ruled_out`` of the ``moves`` on the way can no
    longer be the one that lost the game; the moves numbered ``first`` to
    ``last`` (as the player saw them) are still in doubt."""

    ruled_out: int
    moves: int
    first: int
    last: int


Report = Callable[[LossProgress], None]


def path_of(game: Game) -> tuple[Position, list[Step]]:
    """The deal's position and the moves from it to ``game``'s position,
    numbered along that way (undone moves left out, redone ones back in);
    read from the game's record, replayed from the deal by the engine."""
    code, actions = tokens(game.record())
    deal = Game.from_code(code)
    start = deal.position()
    moves = moves_on_the_way(deal, actions)
    return start, [Step(number, move) for number, move in enumerate(moves, 1)]


class SolverJudge:
    """Verdicts from the solver, ``seconds`` for each position, in this
    process; the winning line it found from each position it won is kept
    (``lines``), so a game that can still be won is told how."""

    def __init__(self, seconds: float, stop: Stop | None = None) -> None:
        self.seconds = seconds
        self.stop = stop
        self.lines: dict[Position, tuple[Move, ...]] = {}

    def __call__(self, position: Position) -> Verdict:
        from yukon.solver import solve  # the solver's process only: not at import

        result = solve(
            Game.from_position(position), max_seconds=self.seconds, stop=self.stop, processes=1
        )
        if result.verdict is Verdict.WON:
            self.lines[position] = tuple(result.moves)
        return result.verdict


def solver_judge(seconds: float, stop: Stop | None = None) -> SolverJudge:
    """Verdicts from the solver, ``seconds`` for each position, in this process."""
    return SolverJudge(seconds, stop)


def find_loss(
    start: Position,
    steps: Sequence[Step],
    judge: Judge,
    *,
    end_lost: bool = False,
    stop: Stop | None = None,
    max_seconds: float | None = None,
    clock: Callable[[], float] = time.perf_counter,
    report: Report | None = None,
) -> LossReport:
    """Bisect the positions along ``steps`` from ``start`` for the move that
    lost the game (see the module text). ``judge`` gives a position's
    verdict; ``end_lost`` says the last position is already proven lost.
    ``stop`` (asked between verdicts) and ``max_seconds`` end the walk early:
    what is still in doubt is then reported as undecided. ``report`` hears
    how far the walk is, once the last position is proven lost and after
    every verdict since.

    >>> from yukon.engine import Game
    >>> game = Game.from_code("YU1-C-AAAAAAB")
    >>> moves = [Step(n, m) for n, m in enumerate(game.legal_moves()[:1], 1)]
    >>> find_loss(game.position(), moves, lambda p: Verdict.WON).end
    <Verdict.WON: 'won'>
    """
    positions = _positions_along(start, steps)
    last = len(steps)
    verdicts = _Verdicts(positions, judge)
    began = clock()
    if end_lost:
        verdicts.known[positions[last]] = Verdict.LOST
    end = verdicts.of(last)
    if end is not Verdict.LOST:  # still winnable, or not known: nothing was lost
        return LossReport(end=end, lost_from_start=False, verdicts=verdicts.asked)
    doubt = _Doubt(low=-1, high=last)

    def tell() -> None:
        progress = doubt.progress(steps)
        if report is not None and progress is not None:
            report(progress)

    def out_of_time() -> bool:
        return max_seconds is not None and clock() - began > max_seconds

    tell()
    while (middle := doubt.next_to_ask(stop, out_of_time)) is not None:
        doubt.learn(middle, verdicts.of(middle))
        tell()
    return doubt.report(positions, steps, verdicts.asked)


def _positions_along(start: Position, steps: Sequence[Step]) -> list[Position]:
    """``start`` and the position after each of ``steps``."""
    positions = [start]
    game = Game.from_position(start)
    for step in steps:
        game.play(step.move)
        positions.append(game.position())
    return positions


class _Verdicts:
    """The solver's verdicts on the positions along a game, each asked once."""

    def __init__(self, positions: list[Position], judge: Judge) -> None:
        self.positions = positions
        self.judge = judge
        self.known: dict[Position, Verdict] = {}
        self.asked = 0  # how many positions the solver was asked about

    def of(self, index: int) -> Verdict:
        position = self.positions[index]
        if position not in self.known:
            self.asked += 1
            self.known[position] = self.judge(position)
        return self.known[position]


@dataclass
class _Doubt:
    """What the walk knows: winnable up to position ``low`` (-1: not known
    for any), lost from ``high`` on; the positions the solver could not
    tell; whether the walk was stopped."""

    low: int
    high: int
    unknown: set[int] = field(default_factory=set)
    cancelled: bool = False

    def next_to_ask(self, stop: Stop | None, out_of_time: Callable[[], bool]) -> int | None:
        """The position halfway through those in doubt, or None when none
        is left to ask, the walk was stopped or its time is up."""
        if self.high - self.low <= 1:
            return None
        doubt = [i for i in range(self.low + 1, self.high) if i not in self.unknown]
        if not doubt:
            return None
        if stop is not None and stop():
            self.cancelled = True
            return None
        if out_of_time():
            return None
        return doubt[len(doubt) // 2]

    def learn(self, index: int, answer: Verdict) -> None:
        if answer is Verdict.WON:
            self.low = index
        elif answer is Verdict.LOST:
            self.high = index
        else:
            self.unknown.add(index)

    def progress(self, steps: Sequence[Step]) -> LossProgress | None:
        """How far it is: the moves from position max(low, 0) to ``high``
        are in doubt (None before the first move is known lost)."""
        if self.high == 0:
            return None
        last = len(steps)
        first = max(self.low, 0)
        doubt = self.high - first
        return LossProgress(last - doubt, last, steps[first].number, steps[self.high - 1].number)

    def report(self, positions: list[Position], steps: Sequence[Step], asked: int) -> LossReport:
        """What the walk found of a game lost at its end."""
        low, high, last = self.low, self.high, len(steps)
        if high == 0:
            return LossReport(end=Verdict.LOST, lost_from_start=True, verdicts=asked)
        if high - low == 1:
            return LossReport(
                end=Verdict.LOST,
                lost_from_start=False,
                lost_at=_named(positions[low], steps[low]),
                moves_back=last - low,
                cancelled=self.cancelled,
                verdicts=asked,
            )
        # The losing move is one of steps[low + 1 .. high - 1] (0-based: the
        # move from position i to i + 1 is steps[i]).
        first = steps[max(low, 0)].number
        return LossReport(
            end=Verdict.LOST,
            lost_from_start=False,
            undecided=(first, steps[high - 1].number),
            moves_back=last - low if low >= 0 else None,
            cancelled=self.cancelled,
            verdicts=asked,
        )


def _named(before: Position, step: Step) -> LostMove:
    """The move of ``step`` from ``before``, with the cards it names."""
    game = Game.from_position(before)
    move = step.move
    if move.from_foundation:
        card = game.foundations[move.src - FOUNDATION][-1]
    else:
        card = game.tableau[move.src].cards[-move.count]
    if move.to_foundation:
        return LostMove(step.number, move, card, None, None)
    target = game.tableau[move.dst].cards
    return LostMove(step.number, move, card, target[-1] if target else None, move.dst + 1)


@dataclass(frozen=True)
class LossJob:
    """Find where the game of ``record`` was lost (see ``find_loss``), giving
    the solver ``seconds`` a position and ``total`` seconds in all."""

    record: str
    end_lost: bool = True
    seconds: float = SECONDS_PER_POSITION
    total: float = ANALYSIS_SECONDS

    def run(self, stop: Stop | None = None, report: Report | None = None) -> LossReport:
        """The walk; ``report`` hears how far it is (see ``find_loss``). A
        game that can still be won is answered with the winning line found."""
        game = Game.from_record(self.record)
        start, steps = path_of(game)
        judge = solver_judge(self.seconds, stop)
        found = find_loss(
            start,
            steps,
            judge,
            end_lost=self.end_lost,
            stop=stop,
            max_seconds=self.total,
            report=report,
        )
        if found.still_winnable:
            from yukon.jobs.lines import shorten  # the solver's process only: not at import

            end = game.position()
            return replace(found, line=tuple(shorten(end, judge.lines.get(end, ()), stop)))
        return found
