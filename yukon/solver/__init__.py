"""The solver: pure Python search for a winning line, or a proof there is none.

>>> from yukon.engine import Game
>>> from yukon.solver import Verdict, solve
>>> solve(Game.from_code("YU1-C-AAAAAAB"), max_seconds=0).verdict
<Verdict.UNKNOWN: 'unknown'>

Modules, from the position up:

* ``board``: the mutable copy of a position the searches play on;
* ``moves``: the moves a search tries (its ``Mode``) and their order;
* ``stuck``, ``twins``, ``crowded``, ``proofs``: the loss proofs asked
  after each card turned up, and the table of their answers;
* ``search``, ``depth_first``, ``best_first``, ``beam``: the searches;
* ``forced_home``: the full best-first search plays forced moves home at
  once;
* ``stubborn``: stubborn sets, the only moves the provers keep in Alaska
  (see ``knobs.STUBBORN``);
* ``stricter``: the search of a stricter game's moves, whose win is a win
  here (Russian Solitaire's for Alaska);
* ``portfolio``: the searches taking turns, in one process;
* ``split`` and ``helper``: the same in two processes; ``shared_seen``:
  the two processes' provers sharing their seen positions;
* ``solving``: ``solve``; ``verdict``: what it answers;
* ``dominance``: what one game's verdict proves in another;
* ``cli``, ``results``, ``cluster``: the command line, a batch's results
  file (resumed after a kill), a batch on a Dask cluster;
* ``knobs``: every number the solver is tuned by, with its reason.

Glossary:

* *position*, *key*: the cards, face-down counts and foundations
  (``yukon.engine.Position``); the key is its bytes form up to the order of
  the columns, so a position met again in any column order is seen.
* *node*: one position a search reached by a move; budgets count them.
* *mode*: which moves a search tries. *Full*: all but the provably useless
  ones. *Narrow*: *no-lift*, *focused*, *chained* leave out moves rarely
  needed; *downward* (Alaska) keeps the moves Russian Solitaire allows and
  the others that turn a card up or free one to go home (see ``Mode``).
* *prover*: a search over the full move set whose running *dry* (no
  position left to search) proves the deal lost; a narrow search running
  dry proves nothing.
* *safe move home*: a move home that never costs a win, so it is forced.
* *idle move*: one that neither turns a card up nor sends one home.
* *depth-first*, *best-first*: the two orders of search; best-first
  expands the position with the fewest face-down cards first.
* *paced*: a depth-first search that allows only ``knobs.PACE`` idle moves
  in a row. *Beam*: keeps only the best ``knobs.BEAM_WIDTH`` positions per
  card turned up. *Stricter*: the search of the same cards under a
  stricter game (``knobs.STRICTER_GAME``).
* *dead*, *stuck*: proven lost because a column can never open, or a card
  can never reach the end of a column; a *fixpoint* of facts top(X) and
  moves(Y) decides it, and its final sets, the *certificate*, are tried
  first on the next positions. The provers ask it of every new position,
  the other searches only where a card turned up (and only there can a
  column become dead).
* *crowded*: proven lost because, when some card would go home, the cards
  that never go home could not all lie somewhere (each card or column base
  holds one); *caps* keep each suit's cards from a rank on from going
  home. The provers of the games of ``knobs.CROWDING`` (Classic,
  Moosehide) ask it where the stuck proofs find a position open.
* *twins*: two cards that fit on the same two parents (7♠, 7♣); the *case
  split* on which is picked up second may prove a loss, or *order* the
  pair; *orders* are carried down a line, and *chained* rounds add each
  order to the later cases.
* *portfolio*: the searches taking turns; *slice*: a thousand positions;
  *share*: a search's slices per round; *hard*: a deal still open after
  ``knobs.HARD_AFTER`` positions; *boost*: the larger share of the full
  best-first search once the focused one ran dry; *blocked*: a deal on
  which the beam search ran dry at once.
"""

from typing import TYPE_CHECKING

from yukon.solver.verdict import SolveResult, Verdict

if TYPE_CHECKING:
    from yukon.solver.solving import InvalidBudget, solve


def __getattr__(name: str) -> object:
    """``solve`` and ``InvalidBudget`` load the searches when first asked
    for: the game's own process needs only ``Verdict``, the solver's process
    the rest."""
    if name in ("solve", "InvalidBudget"):
        from yukon.solver import solving

        value = globals()[name] = getattr(solving, name)  # asked once
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["InvalidBudget", "SolveResult", "Verdict", "solve"]
