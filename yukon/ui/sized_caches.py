"""The fonts and images cached for one window size, forgotten when it changes.

Fonts, texts, suit shapes and the dialogs' shadows are sized from the
window's size and cached, because the same few are drawn every frame.
After a resize those of the old size are never asked for again, but each
cache would keep them until it filled (64 fonts, 512 texts, 2000 suit
shapes, 8 shadows of up to 20 MB each at 3840x2160): a drag of the
window's corner once left some 90 MB of them behind, and the shadows
added 70 MB to its peak. ``forget`` drops them all; the next frame opens
and draws what it needs at the new size (about a millisecond a font).
"""

from __future__ import annotations

from yukon.ui import shadow, theme
from yukon.ui.art import suits


def forget() -> None:
    """Drop every cached font, text, suit image and shadow (the window
    changed size)."""
    theme.reset()  # fonts and texts
    suits.forget_sprites()
    shadow.soft_shadow.cache_clear()  # a dialog's, as large as its panel
