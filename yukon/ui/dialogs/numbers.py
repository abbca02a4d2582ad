"""Numbers in the player's language: thousands and percentages."""

from __future__ import annotations

from yukon.i18n import Translator


def format_number(tr: Translator, number: int) -> str:
    """``1,234,567`` with the language's own thousands separator."""
    return f"{number:,}".replace(",", tr.pgettext("thousands separator", ","))


def format_percent(tr: Translator, fraction: float) -> str:
    return tr.pgettext("a percentage", "{percent}%").format(percent=round(fraction * 100))
