"""Render every card image onto one PNG, to judge the art by eye.

Usage: python assets/contact_sheet.py [OUT.png] [WIDTH HEIGHT ...]
"""

from __future__ import annotations

import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from yukon.engine import Suit
from yukon.engine.cards import CARDS
from yukon.ui.art.faces import CardArt, Highlight
from yukon.ui.art.felt import table_background


def contact_sheet(sizes: list[tuple[int, int]]) -> pygame.Surface:
    """One block per size: 4 suit rows of 13 faces, then back, slots and overlays."""
    gap = 8
    blocks = []
    for w, h in sizes:
        art = CardArt(w, h)
        extras = [art.back(), art.empty_column()]
        extras += [art.empty_foundation(s) for s in Suit]
        overlays = [art.highlight(k) for k in Highlight]
        rows = [[art.face(c) for c in CARDS[s * 13 : s * 13 + 13]] for s in range(4)]
        rows.append(extras + overlays)
        blocks.append((art, rows))
    width = max(gap + 13 * (w + gap) for w, _ in sizes)
    height = sum(gap + 5 * (h + gap) + gap * 2 for _, h in sizes)
    sheet = table_background((width, height)).copy()
    y = gap
    for art, rows in blocks:
        for r, row in enumerate(rows):
            x = gap
            for i, img in enumerate(row):
                if r == 4 and i >= 6:
                    # Overlays sit on a face, with a shadow under the first one.
                    if i == 6:
                        m = art.shadow_margin
                        sheet.blit(art.shadow(), (x - m + 4, y - m + 6))
                    sheet.blit(art.face(CARDS[i]), (x, y))
                sheet.blit(img, (x, y))
                x += art.width + gap
            y += art.height + gap
        y += gap * 2
    return sheet


def main(argv: list[str]) -> None:
    out = argv[0] if argv else "contact_sheet.png"
    nums = [int(a) for a in argv[1:]]
    sizes = list(zip(nums[::2], nums[1::2], strict=False)) or [(100, 140), (64, 90)]
    pygame.display.init()
    pygame.font.init()
    pygame.image.save(contact_sheet(sizes), out)
    print(out)


if __name__ == "__main__":
    main(sys.argv[1:])
