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
# Suit signs in text follow the deck, by suit (None: in the text's own
# colour, as the black suits are). On the light dialog panel they take the
# cards' own inks; on the dark table, bar and banner each card ink has its
# lighter twin here, of the same hue, so text and cards cannot disagree.
SuitInks = tuple[Color | None, Color | None, Color | None, Color | None]
_ON_DARK: dict[Color, Color] = {
    RED: (255, 155, 162),
    FOUR_COLOURS[Suit.DIAMONDS]: (160, 198, 255),
    FOUR_COLOURS[Suit.CLUBS]: (130, 222, 148),
}


def text_inks(*, four_colour: bool, dark: bool) -> SuitInks:
    """The inks of ♠♥♦♣ in text, for the deck in use, on the light panel
    or (``dark``) on the table, the bar and the banner.

    >>> text_inks(four_colour=False, dark=False) == (None, RED, RED, None)
    True
    >>> text_inks(four_colour=True, dark=False)[Suit.CLUBS] == FOUR_COLOURS[Suit.CLUBS]
    True
    >>> text_inks(four_colour=True, dark=True)[Suit.DIAMONDS]
    (160, 198, 255)
    """
    inks: list[Color | None] = []
    for suit in Suit:
        card = FOUR_COLOURS[suit] if four_colour else suit_color(suit)
        if card == BLACK:
            inks.append(None)
        else:
            inks.append(_ON_DARK[card] if dark else card)
    return (inks[0], inks[1], inks[2], inks[3])


# High contrast: pure black, a deeper red, a dark border.
CONTRAST_BLACK: Color = (0, 0, 0)
CONTRAST_RED: Color = (190, 0, 24)
CONTRAST_BORDER: Color = (40, 40, 40)
