"""Colours and fonts shared by every screen: one look, defined once."""

from __future__ import annotations

from functools import lru_cache

import pygame

FELT = (22, 102, 62)
BAR = (14, 46, 32)
BAR_LINE = (40, 90, 64)
TEXT = (238, 242, 236)
TEXT_DIM = (170, 196, 180)
ACCENT = (255, 204, 77)
BUTTON = (34, 78, 56)
BUTTON_HOVER = (52, 110, 80)
BUTTON_DOWN = (26, 60, 44)
BUTTON_DISABLED = (30, 58, 44)
TEXT_DISABLED = (104, 130, 114)
PANEL = (248, 246, 240)
PANEL_TEXT = (30, 36, 34)
PANEL_DIM = (96, 104, 100)
PANEL_LINE = (206, 204, 196)
ERROR = (190, 30, 45)
OK = (30, 130, 70)
BANNER = (28, 28, 34)
SHADE = (0, 0, 0, 140)


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The default font at ``size`` pixels (cached: fonts are slow to open)."""
    if not pygame.font.get_init():
        pygame.font.init()
    face = pygame.font.Font(None, max(8, size))
    face.set_bold(bold)
    return face


@lru_cache(maxsize=512)
def text(content: str, size: int, color: tuple[int, ...], bold: bool = False) -> pygame.Surface:
    """Rendered, antialiased text, cached because labels rarely change."""
    return font(size, bold).render(content, True, color)


def reset() -> None:
    """Forget cached fonts and texts (needed after ``pygame.font`` restarts)."""
    font.cache_clear()
    text.cache_clear()
