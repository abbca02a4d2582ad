"""The table's layout as JSON, for automation (``--dump-layout``).

Every card's text, face and on-screen rect, every pile's rect and every
info bar button's, where they will be once animations end, the hinted
move, the scenes shown (a dialog's page too), and every text on screen
with the rect of what holds it (a button, a dialog, a banner); written
atomically whenever any of it changes (after every frame drawn, so the
clock, a banner or a dialog's page is current), so a script driving the
game with synthetic clicks always reads a whole file.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from yukon.engine import Pile
from yukon.persistence import write_atomic
from yukon.ui.table.state import TableState
from yukon.ui.text_boxes import TextBox


def layout_snapshot(
    board: TableState,
    texts: list[TextBox] | None = None,
    scenes: list[dict[str, str]] | None = None,
) -> dict[str, Any]:
    """The layout, ``texts``: every text on screen with its holder, and
    ``scenes``: what is shown, bottom to top."""
    game, layout = board.game, board.layout
    rects = layout.card_rects(game)
    cards = [
        {"card": str(card), "face_up": face_up, "rect": list(rect)}
        for card, (rect, face_up) in rects.items()
    ]
    piles = {}
    for pile in Pile:
        name = f"column{pile + 1}" if pile.is_column else pile.suit.letter
        piles[name] = list(layout.pile_rect(pile))
    return {
        "size": list(layout.size),
        "code": game.code,
        "score": game.score,
        "moves": game.move_count,
        "won": game.is_won,
        "cards": cards,
        "piles": piles,
        "buttons": {b.label: list(b.rect) for b in board.bar.buttons},
        "hint": _hint(board),
        "scenes": scenes or [],
        "texts": [box.to_json() for box in texts or ()],
    }


def _hint(board: TableState) -> dict[str, Any] | None:
    """The hinted move and the piles it joins, while it is lit."""
    move = board.hint
    if move is None:
        return None
    layout = board.layout
    return {
        "move": str(move),
        "from": list(layout.pile_rect(move.src)),
        "to": list(layout.pile_rect(move.dst)),
    }


class LayoutDump:
    """The file at ``path``, rewritten only when what it says changes; a
    problem is reported on stderr (an automation aid is never worth the game)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._written: str | None = None

    def write(self, snapshot: dict[str, Any]) -> bool:
        """Write ``snapshot`` unless the file says so already; False (and
        the problem on stderr) if it cannot be written."""
        data = json.dumps(snapshot, indent=1)
        if data == self._written:
            return True
        try:  # atomically, over a regular file only (a symlink is followed)
            write_atomic(Path(self.path), data.encode("utf-8"), sync=False)
        except OSError as error:
            print(f"Cannot write the layout {self.path}: {error}", file=sys.stderr)
            self._written = None
            return False
        self._written = data
        return True
