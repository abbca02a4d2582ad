"""The table's layout as JSON, for automation (``--dump-layout``).

Every card's text, face and on-screen rect, every pile's rect and every
info bar button's, where they will be once animations end; written
atomically whenever they change, so a script driving the game with
synthetic clicks always reads a whole file.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import tempfile
from typing import Any

from yukon.engine import Pile
from yukon.ui.board import Board


def layout_snapshot(board: Board) -> dict[str, Any]:
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
    }


def write_layout(path: str, board: Board) -> None:
    """Replace the file at ``path`` with the board's layout; a problem is
    reported on stderr (an automation aid is never worth the game)."""
    data = json.dumps(layout_snapshot(board), indent=1)
    folder = os.path.dirname(os.path.abspath(path))
    tmp = None
    try:
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=".layout-")
        with os.fdopen(fd, "w") as handle:
            handle.write(data)
        os.replace(tmp, path)
    except OSError as error:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.remove(tmp)
        print(f"Cannot write the layout {path}: {error}", file=sys.stderr)
