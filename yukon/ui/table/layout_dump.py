"""The table's layout as JSON, for automation (``--dump-layout``).

Every card's text, face and on-screen rect, every pile's rect and every
info bar button's, where they will be once animations end, and every text
on screen with the rect of what holds it (a button, a dialog); written
atomically whenever they change, so a script driving the game with
synthetic clicks always reads a whole file.
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


def layout_snapshot(board: TableState, texts: list[TextBox] | None = None) -> dict[str, Any]:
    """The layout, and ``texts``: every text on screen with its holder."""
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
        "texts": [box.to_json() for box in texts or ()],
    }


def write_layout(path: str, board: TableState, texts: list[TextBox] | None = None) -> None:
    """Replace the file at ``path`` with the board's layout; a problem is
    reported on stderr (an automation aid is never worth the game)."""
    data = json.dumps(layout_snapshot(board, texts), indent=1)
    try:  # atomically, over a regular file only (a symlink is followed)
        write_atomic(Path(path), data.encode("utf-8"), sync=False)
    except OSError as error:
        print(f"Cannot write the layout {path}: {error}", file=sys.stderr)
