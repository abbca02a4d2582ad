"""The card inks and art colours: red and black, the four-colour deck, high contrast."""

from __future__ import annotations

from yukon.engine import Suit

Color = tuple[int, int, int]
RGBA = tuple[int, int, int, int]

RED: Color = (200, 16, 46)
BLACK: Color = (28, 28, 34)
FACE: Color = (253, 251, 245)
BORDER: Color = (150, 150, 150)
GOLD: Color = (214, 168, 42)
GOLD_DARK: Color = (122, 88, 16)
BACK_BLUE: Color = (28, 58, 120)
BACK_BLUE_DARK: Color = (17, 36, 80)
FELT: Color = (30, 110, 62)


def suit_color(suit: Suit) -> Color:
    """The ink colour of a suit: red for hearts and diamonds, near-black otherwise."""
    return RED if suit.is_red else BLACK


# Four-colour deck inks: each suit its own, the rules' red/black unchanged.
FOUR_COLOURS: dict[Suit, Color] = {
    Suit.SPADES: BLACK,
    Suit.HEARTS: RED,
    Suit.DIAMONDS: (20, 86, 200),
    Suit.CLUBS: (16, 128, 52),
}
# High contrast: pure black, a deeper red, a dark border.
CONTRAST_BLACK: Color = (0, 0, 0)
CONTRAST_RED: Color = (190, 0, 24)
CONTRAST_BORDER: Color = (40, 40, 40)
