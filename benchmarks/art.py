"""Time building all 52 faces (plus back and slots) at three card sizes.

Usage: python benchmarks/art.py
"""

from __future__ import annotations

import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from yukon.engine import Suit
from yukon.engine.cards import CARDS
from yukon.ui.art import suits as art_module
from yukon.ui.art.faces import CardArt, Highlight
from yukon.ui.art.felt import table_background

SIZES = ((70, 100), (100, 140), (200, 280))


def main() -> None:
    pygame.display.init()
    pygame.font.init()
    for w, h in SIZES:
        art_module._SPRITES.clear()  # cold start: suit sprites are shared between sizes
        start = time.perf_counter()
        art = CardArt(w, h)
        for card in CARDS:
            art.face(card)
        faces = time.perf_counter() - start
        art.back()
        art.empty_column()
        for suit in Suit:
            art.empty_foundation(suit)
        for kind in Highlight:
            art.highlight(kind)
        art.shadow()
        total = time.perf_counter() - start
        print(f"{w:>3}x{h:<3}  52 faces {faces * 1000:6.1f} ms   everything {total * 1000:6.1f} ms")
    start = time.perf_counter()
    table_background((1600, 1000))
    print(f"table_background 1600x1000 {(time.perf_counter() - start) * 1000:6.1f} ms")


if __name__ == "__main__":
    main()
