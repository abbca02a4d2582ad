"""Every number the solver is tuned by, each with the reason it has its value.

Figures are for Classic deals at a fixed budget of positions (deterministic,
``max_seconds=None``), measured with ``benchmarks/solver_knobs.py``; "settled"
counts deals won or proven lost. The modules read these names from here at
run time (``knobs.NAME``), so a benchmark or a test may change one.
"""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple

from yukon.solver.moves import Mode


class Kind(Enum):
    """The searches of the portfolio (see the package docstring's glossary)."""

    DEPTH_FIRST = "depth-first"
    BEST_FIRST = "best-first"
    PACED = "paced"
    BEAM = "beam"


class Entry(NamedTuple):
    """One search of the portfolio: its kind, its moves, and its slices per
    round while the deal is young, then once it is hard."""

    kind: Kind
    mode: Mode
    share: int
    hard_share: int


# ----------------------------------------------------------------- portfolio

# The searches that take turns, in their order while the deal is young.
PORTFOLIO: tuple[Entry, ...] = (
    Entry(Kind.DEPTH_FIRST, Mode.NO_LIFT, 1, 2),
    Entry(Kind.DEPTH_FIRST, Mode.FOCUSED, 2, 1),
    Entry(Kind.DEPTH_FIRST, Mode.CHAINED, 1, 3),
    Entry(Kind.BEST_FIRST, Mode.FOCUSED, 1, 6),
    Entry(Kind.BEST_FIRST, Mode.CHAINED, 1, 3),
    Entry(Kind.BEST_FIRST, Mode.FULL, 1, 3),
    Entry(Kind.DEPTH_FIRST, Mode.FULL, 1, 1),
    Entry(Kind.PACED, Mode.FULL, 1, 2),
    Entry(Kind.BEAM, Mode.CHAINED, 1, 16),
)
# Positions in one slice of a turn (and between two questions to ``stop``).
SLICE = 1000
# Positions (over all searches) after which a deal is hard (about 0.2 s): the
# shares change to ``hard_share`` and ``FIRST_WHEN_HARD`` go first.
HARD_AFTER = 5000
# Once the deal is hard, these searches take their turns first in each round.
FIRST_WHEN_HARD: tuple[Kind, ...] = (Kind.PACED, Kind.BEAM)
# Once the focused depth-first search has run dry, the full best-first one
# (the quicker prover on such deals) gets this many times its share ...
PROVER_BOOST = 4
# ... and twice that if the focused search ran dry within this many positions.
EARLY_DRY = 100
# The narrow modes whose depth-first and best-first searches share one set of
# seen positions.
SHARED_MODES: tuple[Mode, ...] = (Mode.FOCUSED, Mode.CHAINED)
# How many times smaller the share of a search is once it has started again
# alone (it ran dry on the positions it shared).
ALONE_AGAIN_DIVISOR = 2
# Whether the paced search stops when the beam search runs dry within its
# first slice (the deal is blocked).
STOP_PACED_WHEN_BLOCKED = True
# Positions (over all searches) after which ``solve`` with two processes
# splits the searches with a forked copy.
HELP_AFTER = SLICE

# ----------------------------------------------------------------- searches

# The paced search's idle moves in a row (neither turning a card up nor
# sending one home).
PACE = 1
# The beam search's width and its idle moves between levels.
BEAM_WIDTH = 30
BEAM_IDLE = 3
# The depth-first searches read the clock once every this many steps.
TIME_CHECK_EVERY = 16

# ----------------------------------------------------------------- proofs

# Certificates of stuck positions (and proofs of the twins) each search keeps.
CERTIFICATES = 3
# The twins' case split tries both cases of every pair, in rounds while it
# orders more, only this many cards turned up below the search's start.
BOTH_CASES_WITHIN = 5
# Deeper than this many cards turned up, no case split at all.
SPLIT_WITHIN = 8
