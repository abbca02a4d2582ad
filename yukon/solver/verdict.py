"""What ``solve`` answers: a ``Verdict`` and the ``SolveResult`` around it."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from yukon.engine.moves import Move


class Verdict(Enum):
    """What the search proved about a position."""

    WON = "won"
    LOST = "lost"
    UNKNOWN = "unknown"


@dataclass
class SolveResult:
    """The verdict, the winning line (engine moves, empty unless won) and the cost."""

    verdict: Verdict
    moves: list[Move] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0
