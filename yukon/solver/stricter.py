"""The stricter game's search: ``Stricter``, a search of the same cards
under a stricter game's rules, whose win is a win here too.

Where every move of a stricter game is a move of this one
(``yukon.solver.dominance``), a line that wins the stricter game wins this
one as it stands. The stricter game has far fewer moves, so its whole space
is often searched, and a win found, within a few hundred positions. Alaska
builds up or down in suit, Russian Solitaire only down: a Russian win is an
Alaska win that the Alaska searches, lost among the moves up, often miss
for hundreds of thousands of positions (``knobs.STRICTER_GAME``).

It is a full depth-first search of the stricter game with loss proofs of
that game (and a table of its own): its running dry proves the stricter
game lost, which proves nothing here, so it only leaves the turns.

>>> from yukon.engine import Game, Rules
>>> search = Stricter(Game.new(300888, Rules.ALASKA).position())
>>> search.begin()
>>> search.step(1_000, None)
>>> search.verdict, search.proves
(<Verdict.WON: 'won'>, False)
"""

from __future__ import annotations

from dataclasses import replace

from yukon.engine.position import Position
from yukon.solver import knobs
from yukon.solver.depth_first import DepthFirst
from yukon.solver.moves import Mode
from yukon.solver.proofs import ProofTable


class Stricter(DepthFirst):
    """A full depth-first search of ``position``'s cards under the stricter
    game ``knobs.STRICTER_GAME`` names for its game. ``mode`` and ``table``
    are ignored: the stricter game needs all its moves and proofs of its own
    (the table's answers are for the portfolio's game)."""

    exhaustive = False

    def __init__(
        self, position: Position, mode: Mode = Mode.FULL, table: ProofTable | None = None
    ) -> None:
        del mode, table
        stricter = knobs.STRICTER_GAME[position.rules]
        super().__init__(replace(position, rules=stricter), Mode.FULL, ProofTable())
        # A prover of the stricter game: its stuck proofs hold there.
        self.stuck_every_move = knobs.STUCK_EVERY_MOVE
