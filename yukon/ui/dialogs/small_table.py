"""The small table the Examples and Replay pages play their moves on:
drawing it, and letting its cards fly to where the moves put them."""

from __future__ import annotations

import pygame

from yukon.engine import Game, Pile, Suit
from yukon.ui.art.faces import CardArt
from yukon.ui.table.layout import Layout
from yukon.ui.table.sprites import CardSprites


def draw_small_table(
    felt: pygame.Surface, art: CardArt, layout: Layout, sprites: CardSprites, size: tuple[int, int]
) -> pygame.Surface:
    """The felt, the empty piles' outlines and the cards, on a surface of ``size``."""
    table = pygame.Surface(size)
    table.blit(felt, (0, 0))
    for col in range(7):
        table.blit(art.empty_column(), layout.pile_rect(Pile.column(col)))
    for suit in Suit:
        table.blit(art.empty_foundation(suit), layout.pile_rect(Pile.foundation(suit)))
    sprites.draw(table, 1.0)
    return table


def fly_cards(sprites: CardSprites, game: Game, layout: Layout, dt: float) -> bool:
    """Move the flying cards on by ``dt``; True if anything moved (draw again).
    Cards that landed now cover others, which then show their covered index."""
    if not sprites.animating:
        return False
    sprites.update(dt)
    if not sprites.animating:
        sprites.mark_covered(game, layout)
    return True
