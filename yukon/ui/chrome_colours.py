"""The chrome's colours for each table colour: the bar, its buttons and the
dialogs' chosen options take the felt's hue, so a blue, red or dark table
is not framed in green.

The green table's colours are the ones the chrome was drawn in first; every
other felt gets them turned to its own hue and saturation, at the same
lightness (so text keeps its contrast).

>>> chrome(GREEN_FELT).button == (34, 78, 56)
True
>>> r, g, b = chrome((26, 78, 132)).bar  # blue felt: a deep blue bar
>>> b > g > r
True
"""

from __future__ import annotations

import colorsys
from functools import lru_cache
from typing import NamedTuple

from yukon.ui.art.palette import FELT as GREEN_FELT

Color = tuple[int, int, int]


class Palette(NamedTuple):
    """The colours of the chrome around one felt (a named tuple: made in a
    fraction of a data class's time as the game starts)."""

    bar: Color = (14, 46, 32)
    bar_line: Color = (40, 90, 64)
    button: Color = (34, 78, 56)
    button_hover: Color = (52, 110, 80)
    button_down: Color = (26, 60, 44)
    button_disabled: Color = (30, 58, 44)
    text_disabled: Color = (104, 130, 114)
    hover_edge: Color = (22, 58, 40)  # the dark rim of the hover outline
    # On the light dialog panel: a chosen option, the main button, a tick.
    accent: Color = (44, 120, 84)
    accent_hover: Color = (58, 140, 100)
    # The dialog panel, faintly of the felt's hue.
    panel: Color = (248, 246, 240)


GREEN = Palette()


@lru_cache(maxsize=16)
def chrome(felt: Color) -> Palette:
    """The chrome's colours around ``felt``."""
    if felt == GREEN_FELT:
        return GREEN
    colours = {name: _retint(getattr(GREEN, name), felt) for name in Palette._fields}
    colours["panel"] = _mix(GREEN.panel, felt, 0.05)  # near white: a hue turn would show
    return Palette(**colours)


def _mix(color: Color, other: Color, share: float) -> Color:
    r, g, b = (round(a + (b - a) * share) for a, b in zip(color, other, strict=True))
    return (r, g, b)


def _retint(color: Color, felt: Color) -> Color:
    """``color`` (one of the green chrome's) moved from the green felt's hue
    and saturation to ``felt``'s, at its own lightness."""
    h0, _, s0 = colorsys.rgb_to_hls(*(c / 255 for c in GREEN_FELT))
    h1, _, s1 = colorsys.rgb_to_hls(*(c / 255 for c in felt))
    h, lightness, s = colorsys.rgb_to_hls(*(c / 255 for c in color))
    hue = (h + h1 - h0) % 1.0
    saturation = min(1.0, s * s1 / s0) if s0 else s
    r, g, b = colorsys.hls_to_rgb(hue, lightness, saturation)
    return (round(r * 255), round(g * 255), round(b * 255))
