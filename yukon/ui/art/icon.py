"""The game icon: a card back fanned behind an ace of spades."""

from __future__ import annotations

import pygame

from yukon.engine import Card, Suit
from yukon.ui.art.faces import CardArt
from yukon.ui.art.palette import BORDER, FACE
from yukon.ui.art.suits import draw_suit
from yukon.ui.art.supersample import blank, down, rounded


def make_icon(size: int = 64) -> pygame.Surface:
    """The game icon: a card back fanned behind an ace of spades, on transparency."""
    if not pygame.font.get_init():
        pygame.font.init()
    f = max(1, min(4, 1024 // size))
    big_size = size * f
    canvas = blank((big_size, big_size), (0, 0, 0))
    card_w = round(big_size * 0.56)
    card_h = round(card_w * 1.4)
    art = CardArt(card_w, card_h)
    back = pygame.transform.rotozoom(art.back(), 14, 1.0)
    front_card = art.face(Card(1, Suit.SPADES)) if size >= 48 else None
    if front_card is None:
        # Tiny icons: a plain white card with a big spade reads better than an index.
        front_card = rounded((card_w, card_h), art.radius, FACE, BORDER, max(1, card_w // 40))
        rect = pygame.Rect(0, 0, round(card_w * 0.8), round(card_w * 0.8))
        rect.center = (card_w // 2, card_h // 2)
        draw_suit(front_card, Suit.SPADES, rect)
    front = pygame.transform.rotozoom(front_card, -10, 1.0)
    canvas.blit(back, back.get_rect(center=(round(big_size * 0.38), round(big_size * 0.5))))
    canvas.blit(front, front.get_rect(center=(round(big_size * 0.6), round(big_size * 0.52))))
    return down(canvas, (size, size))
