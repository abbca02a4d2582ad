"""What names the deal being played: the texts at the info bar's right end
and the window title's name.

A Yukon deal is named by its code; another game's name comes before its
code; the deal of the day says so, with its date ("Deal of the day,
2 December"), before the code. The date is the one the deal was dealt for
and stays so when the calendar moves on during the game (or before it is
resumed): it is still that day's deal, counted for that day. A narrow bar
takes the first of ``bar_names`` that fits (see ``InfoBar.layout``): a game's
name gives way to its code, the code to the deal of the day's name (the
window title still has it all), then the date's words to its numbers
("2/12", "2.12.") and last the date itself.
"""

from __future__ import annotations

from datetime import date

from yukon.engine import Game
from yukon.i18n import N_, Translator
from yukon.i18n.formats import format_date
from yukon.texts.games import GAME_NAMES

DAILY_NAME = N_("Deal of the day, {date}")
DAILY_NUMBERS = N_("Deal of the day, {day}/{month}")  # the date in numbers, for a narrow bar
DAILY_SHORT = N_("Deal of the day")
_GAP = "  "  # between the names and the code in the bar


def daily_name(tr: Translator, day: date) -> str:
    """The deal of the day and its date ("Deal of the day, 2 December") in words."""
    return tr.gettext(DAILY_NAME).format(date=format_date(tr, day))


def bar_names(tr: Translator, game: Game, daily: date | None) -> tuple[str, ...]:
    """The bar's names of the deal, the fullest first (``BarValues.names``);
    ``daily``: the date whose deal of the day it is."""
    code = game.code or ""
    name = "" if game.rules.is_yukon else tr.gettext(GAME_NAMES[game.rules])
    if daily is None:
        return (_join(name, code), code) if name else ()
    label = daily_name(tr, daily)
    numbers = tr.gettext(DAILY_NUMBERS).format(day=daily.day, month=daily.month)
    fullest = (
        _join(label, name, code),
        _join(label, code),
        label,
        numbers,
        tr.gettext(DAILY_SHORT),
    )
    return tuple(dict.fromkeys(fullest))  # each once (Yukon has no name to leave out)


def window_name(tr: Translator, game: Game, daily: date | None) -> str:
    """The window title's name, before the code: the game's, and the deal of
    the day's."""
    name = tr.gettext(GAME_NAMES[game.rules])
    return name if daily is None else f"{name} — {daily_name(tr, daily)}"


def _join(*parts: str) -> str:
    return _GAP.join(part for part in parts if part)
