"""The portfolio: the searches of ``knobs.PORTFOLIO`` taking turns on one
position, in one process, deterministically.

Each round gives every search still going a turn of its share of slices
(``knobs.SLICE`` positions each). After ``knobs.HARD_AFTER`` positions the
deal is *hard*: the shares change and the paced and beam searches go first.
Once the focused depth-first search has run dry, the full best-first search
is *boosted*. The depth-first and best-first searches of one narrow mode
share their seen positions; one that runs dry so starts again alone. All of
this counts positions, never seconds, so with a budget of positions the
answer and its count are the same every time. A search that wins, or a
prover that runs dry, settles the deal; a narrow search that runs dry
leaves the turns.

``yukon.solver.split`` runs the same portfolio in two processes: it pauses
``run`` after the first turn, forks, and lets each process ``keep_only``
half of the searches.

>>> from yukon.engine import Game
>>> Portfolio(Game.new(153).position()).run(None, 10_000, None).verdict  # lost
<Verdict.LOST: 'lost'>
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import NamedTuple

from yukon.engine.position import Position
from yukon.solver import knobs
from yukon.solver.beam import Beam
from yukon.solver.best_first import BestFirst
from yukon.solver.board import Line
from yukon.solver.depth_first import DepthFirst, Paced
from yukon.solver.knobs import Entry, Kind
from yukon.solver.moves import Mode
from yukon.solver.proofs import ProofTable
from yukon.solver.search import Search
from yukon.solver.stricter import Stricter
from yukon.solver.verdict import Verdict

SEARCHES: dict[Kind, type[Search]] = {
    Kind.DEPTH_FIRST: DepthFirst,
    Kind.BEST_FIRST: BestFirst,
    Kind.PACED: Paced,
    Kind.BEAM: Beam,
    Kind.STRICTER: Stricter,
}


class Outcome(NamedTuple):
    """What the portfolio found: the verdict, the line of a win (solver
    moves) and the positions counted over all searches."""

    verdict: Verdict
    line: Line
    nodes: int


class Turn(NamedTuple):
    """A search of the portfolio with the entry it was made from."""

    search: Search
    entry: Entry


def run_turn(
    search: Search, quota: int, deadline: float | None, stop: Callable[[], bool] | None
) -> bool:
    """``search.step(quota, deadline)``; with ``stop``, in slices of at most
    ``knobs.SLICE`` positions, asking it before each. True if ``stop`` said
    so. The slices leave the search where one call would: it resumes exactly."""
    if stop is None:
        search.step(quota, deadline)
        return False
    target = search.nodes + quota
    while search.verdict is None and search.nodes < target:
        if stop():
            return True
        before = search.nodes
        search.step(min(knobs.SLICE, target - search.nodes), deadline)
        # Out of time: a search that reads the clock every few steps may
        # still have counted a position or two since.
        if search.nodes == before or (deadline is not None and time.perf_counter() >= deadline):
            break
    return False


class Portfolio:
    """The searches of ``entries`` (by default ``knobs.portfolio`` of the
    game) begun from ``position``, and the state of their rounds of turns."""

    def __init__(self, position: Position, entries: Sequence[Entry] | None = None) -> None:
        entries = knobs.portfolio(position.rules) if entries is None else tuple(entries)
        table = ProofTable()
        # The full depth-first search looks at the start first: the quick
        # proofs may settle the deal there.
        self.full = DepthFirst(position, Mode.FULL, table)
        self.full.begin()
        self.turns: list[Turn] = []
        if self.full.verdict is None:
            self.turns = self._begin_searches(position, entries, table)
        self.every = [turn.search for turn in self.turns]
        kinds = [(entry.kind, entry.mode) for entry in entries]
        self.roles: tuple[int, int] | None = None
        if (Kind.DEPTH_FIRST, Mode.FOCUSED) in kinds and (Kind.BEST_FIRST, Mode.FULL) in kinds:
            # The search whose running dry triggers the boost, and the boosted one.
            focused = kinds.index((Kind.DEPTH_FIRST, Mode.FOCUSED))
            self.roles = focused, kinds.index((Kind.BEST_FIRST, Mode.FULL))
        # The round under way: the turns still to come, whether the deal was
        # hard at its start, and the boosted search (if any) and its boost.
        self.pending: list[Turn] = []
        self.started = False
        self.hard = False
        self.boosted: Search | None = None
        self.boost = knobs.PROVER_BOOST
        # Whether ``run`` ended because no search is left (not for the budget).
        self.exhausted = False

    def _begin_searches(
        self, position: Position, entries: Sequence[Entry], table: ProofTable
    ) -> list[Turn]:
        """The searches of ``entries``, begun; they share the proofs' table,
        and those of ``knobs.SHARED_MODES`` their seen positions.

        The depth-first and the best-first search over the same narrow moves
        search much the same positions. Sharing one set of seen positions
        sends the best-first one where the depth-first one has not been, and
        when it runs dry early the depth-first one gets its share. It may run
        dry only because the depth-first search holds, deep on its line, a
        position the win goes through: then it starts again alone.
        """
        turns: list[Turn] = []
        seen_by_mode: dict[Mode, set[bytes]] = {}
        for entry in entries:
            if entry.kind is Kind.DEPTH_FIRST and entry.mode is Mode.FULL:
                turns.append(Turn(self.full, entry))
                continue
            search = SEARCHES[entry.kind](position, entry.mode, table)
            if entry.mode in knobs.SHARED_MODES and entry.kind in (
                Kind.DEPTH_FIRST,
                Kind.BEST_FIRST,
            ):
                if entry.mode in seen_by_mode:
                    search.seen = seen_by_mode[entry.mode]
                    search.sharing = True
                else:
                    seen_by_mode[entry.mode] = search.seen
            search.begin()
            turns.append(Turn(search, entry))
        return turns

    def total(self) -> int:
        """Positions counted so far over all searches."""
        return sum(search.nodes for search in self.every)

    def quota(self, turn: Turn, *, hard: bool) -> int:
        """Positions in a search's turn: its share (young or ``hard``), times
        the boost if it is the boosted one, less once it started again alone."""
        search, entry = turn
        quota = knobs.SLICE * (entry.hard_share if hard else entry.share)
        if search is self.boosted:
            quota *= self.boost
        if search.alone_again:
            quota //= knobs.ALONE_AGAIN_DIVISOR
        return quota

    def blocked(self) -> bool:
        """Whether the beam search (if any) ran dry within its first slice:
        the deal is blocked, and the paced search stops."""
        return any(
            type(search) is Beam and search.verdict is Verdict.LOST and search.nodes < knobs.SLICE
            for search in self.every
        )

    def _start_round(self) -> None:
        self.started = True
        self.hard = self.total() >= knobs.HARD_AFTER
        self.boosted = None
        self.boost = knobs.PROVER_BOOST
        if self.roles is not None and self.every[self.roles[0]].verdict is not None:
            self.boosted = self.every[self.roles[1]]
            if self.every[self.roles[0]].nodes < knobs.EARLY_DRY:
                self.boost *= 2
        self.pending = list(self.turns)
        if self.hard:  # stable: the others keep their order
            first = knobs.FIRST_WHEN_HARD

            def rank(turn: Turn) -> int:
                kind = turn.entry.kind
                return first.index(kind) if kind in first else len(first)

            self.pending.sort(key=rank)

    def _end_round(self) -> None:
        """A narrow search that ran dry leaves the turns (one that ran dry on
        shared positions starts again alone)."""
        for search, _ in self.turns:
            if search.verdict is Verdict.LOST and search.sharing:
                search.start_again_alone()
        self.turns = [turn for turn in self.turns if turn.search.verdict is None]
        if knobs.STOP_PACED_WHEN_BLOCKED and self.blocked():
            self.turns = [turn for turn in self.turns if type(turn.search) is not Paced]

    def _next_turn(self) -> Turn | None:
        if not self.pending:
            if self.started:
                self._end_round()
            if not self.turns:
                return None
            self._start_round()
        return self.pending.pop(0)

    def keep_only(self, turns: Sequence[Turn]) -> None:
        """Go on with these searches only (the others run elsewhere)."""
        mine = {id(turn.search) for turn in turns}
        self.turns = [turn for turn in self.turns if id(turn.search) in mine]
        self.pending = [turn for turn in self.pending if id(turn.search) in mine]

    def run(
        self,
        deadline: float | None,
        max_nodes: int | None,
        stop: Callable[[], bool] | None,
        pause_at: int | None = None,
    ) -> Outcome | None:
        """Take turns until a search settles the deal, every search is done
        (``exhausted``), ``stop`` says so, or the budget (``deadline``, a
        ``time.perf_counter`` value, and/or ``max_nodes`` positions over all
        searches) runs out. With ``pause_at``, returns None before the first
        turn once that many positions are counted: ``run`` again goes on
        exactly from there."""
        if self.full.verdict is not None:
            return Outcome(self.full.verdict, self.full.path, self.full.nodes)
        while True:
            turn = self._next_turn()
            if turn is None:
                self.exhausted = True
                return Outcome(Verdict.UNKNOWN, [], self.total())
            spent = self.total()
            if pause_at is not None and spent >= pause_at:
                self.pending.insert(0, turn)
                return None
            quota = self.quota(turn, hard=self.hard)
            if not quota:
                continue
            if max_nodes is not None:
                quota = min(quota, max_nodes - spent)
            if quota <= 0 or (deadline is not None and time.perf_counter() >= deadline):
                return Outcome(Verdict.UNKNOWN, [], spent)
            search = turn.search
            if run_turn(search, quota, deadline, stop):
                return Outcome(Verdict.UNKNOWN, [], self.total())
            if search.verdict is Verdict.WON:
                return Outcome(Verdict.WON, search.path, self.total())
            if search.verdict is Verdict.LOST and search.proves:
                return Outcome(Verdict.LOST, [], self.total())
