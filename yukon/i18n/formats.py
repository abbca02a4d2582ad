"""Numbers, percentages, durations, dates and quotations as each language writes them.

The patterns are catalogue messages (with a context), so a translator sets
them with the words: Finnish and Swedish write a decimal comma, a
no-break space before the per cent sign and between groups of digits, and
”…” quotes; English writes “…”.

>>> from yukon.i18n.languages import Language
>>> fi, en = Translator(Language.FINNISH), Translator(Language.ENGLISH)
>>> format_decimal(fi, 1.5), format_decimal(en, 1.5)
('1,5', '1.5')
>>> format_percent(fi, 0.53) == "53\u00a0%", format_percent(en, 0.53)
(True, '53%')
>>> format_duration(fi, 105), format_duration(en, 3600)
('1 min 45 s', '1 h')
>>> quote(fi, "X"), quote(en, "X")
('”X”', '“X”')
>>> format_number(fi, 1234567) == "1\u00a0234\u00a0567", format_number(en, 1234567)
(True, '1,234,567')
>>> format_date(fi, date(2026, 12, 2)), format_date(en, date(2026, 12, 2))
('2. joulukuuta', '2 December')
"""

from __future__ import annotations

from datetime import date

from yukon.i18n.translator import NP_, Translator

# A month's name as it follows the day's number ("2 December"; in Finnish
# the partitive, "2. joulukuuta"). Contexts are literal, as xgettext needs.
MONTHS = (
    NP_("a month, after the day", "January"),
    NP_("a month, after the day", "February"),
    NP_("a month, after the day", "March"),
    NP_("a month, after the day", "April"),
    NP_("a month, after the day", "May"),
    NP_("a month, after the day", "June"),
    NP_("a month, after the day", "July"),
    NP_("a month, after the day", "August"),
    NP_("a month, after the day", "September"),
    NP_("a month, after the day", "October"),
    NP_("a month, after the day", "November"),
    NP_("a month, after the day", "December"),
)


def format_number(tr: Translator, number: int) -> str:
    """``1,234,567`` with the language's own thousands separator (a
    no-break space in Finnish and Swedish)."""
    return f"{number:,}".replace(",", tr.pgettext("thousands separator", ","))


def format_decimal(tr: Translator, number: float, places: int = 1) -> str:
    """``number`` with ``places`` decimals and the language's decimal sign."""
    return f"{number:.{places}f}".replace(".", tr.pgettext("decimal separator", "."))


def format_percent(tr: Translator, fraction: float) -> str:
    """``fraction`` (0.0 to 1.0) as a whole percentage: "53%", "53 %"."""
    return tr.pgettext("a percentage", "{percent}%").format(percent=round(fraction * 100))


def format_duration(tr: Translator, seconds: float) -> str:
    """A length of time in whole units, the smaller one left out when it is
    zero: "45 s", "2 min", "1 min 45 s", "1 h", "1 h 30 min" (seconds are
    left out from an hour up)."""
    whole = round(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    if hours and minutes:
        text = tr.pgettext("a duration", "{hours} h {minutes} min")
    elif hours:
        text = tr.pgettext("a duration", "{hours} h")
    elif minutes and secs:
        text = tr.pgettext("a duration", "{minutes} min {seconds} s")
    elif minutes:
        text = tr.pgettext("a duration", "{minutes} min")
    else:
        text = tr.pgettext("a duration", "{seconds} s")
    return text.format(hours=hours, minutes=minutes, seconds=secs)


def format_date(tr: Translator, day: date) -> str:
    """A day of the year in words: "2 December", "2. joulukuuta", "2 december"."""
    month = tr.pgettext("a month, after the day", MONTHS[day.month - 1])
    return tr.pgettext("a date", "{day} {month}").format(day=day.day, month=month)


def quote(tr: Translator, text: object) -> str:
    """``text`` between the language's quotation marks, whatever it holds
    (a quote sign included): “X” in English, ”X” in Finnish and Swedish."""
    return tr.pgettext("quoted text", "“{text}”").format(text=text)


def format_time(seconds: float) -> str:
    """``m:ss`` below an hour, ``h:mm:ss`` above.

    >>> format_time(75.9), format_time(3725)
    ('1:15', '1:02:05')
    """
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours}:{minutes:02d}:{secs:02d}"
    return f"{minutes}:{secs:02d}"
