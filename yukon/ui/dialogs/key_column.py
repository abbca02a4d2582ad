"""How wide a table's key column is: the width that reads in fewest lines.

Help's table has keys on the left and what they do on the right. One long
key (a Finnish "Vuorovaikutteiset säännöt") must not take the room of every
description, nor a short column split every key: the column is the width,
of those the keys themselves suggest, at which the whole table takes the
fewest lines, keys wrapped where they need it. It never goes under the
widest word of a key (a key wraps only between words) nor over ``most``
(the window's share for keys); when a key has a word wider than ``most``,
the column is ``most`` and that key goes on lines of its own, above what
it does (``stacks``).

Pure: the texts are measured by the functions given (pixels of a font in
the game, characters here).

>>> rows = [("Ctrl+Y, Ctrl+Shift+Z", "redo"), ("F1", "open help, or close it again")]
>>> key_column(rows, 30, key_width=len, text_width=len, gap=2, most=14)
12
>>> key_lines("Ctrl+Y, Ctrl+Shift+Z", 12, len)
['Ctrl+Y,', 'Ctrl+Shift+Z']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from yukon.text_wrap import wrap

Measure = Callable[[str], int]


def key_lines(key: str, key_span: int, key_width: Measure) -> list[str]:
    """``key`` wrapped to the column (a word wider than it keeps a line of its own)."""
    return wrap(key, key_span, key_width)


def stacks(key: str, key_span: int, key_width: Measure) -> bool:
    """A key with a word wider than the column: it goes above what it does.

    >>> stacks("Automatic placement", 9, len), stacks("Automatic placement", 10, len)
    (False, False)
    >>> stacks("Interactive rules", 10, len)
    True
    """
    return any(key_width(line) > key_span for line in key_lines(key, key_span, key_width))


def _suggested(keys: Sequence[str], key_width: Measure) -> set[int]:
    """The widths at which a key lies on one line, or on fewer lines than
    just below it: the widths of its runs of whole words."""
    widths: set[int] = set()
    for key in keys:
        words = key.split()
        for first in range(len(words)):
            for last in range(first + 1, len(words) + 1):
                widths.add(key_width(" ".join(words[first:last])))
    return widths


def key_column(
    rows: Sequence[tuple[str, str]],
    width: int,
    *,
    key_width: Measure,
    text_width: Measure,
    gap: int,
    most: int,
) -> int:
    """The key column's width for ``rows`` (key, what it does) on a page
    ``width`` wide, the descriptions ``gap`` to the right of it: the one
    the keys suggest, between their widest word and ``most``, that gives
    the fewest lines; of those, the one that wraps fewest keys, then the
    narrowest. A table without keys: 0.

    >>> rows = [("Tap", "a card to send it to its foundation"), ("Automatic placement", "off")]
    >>> key_column(rows, 30, key_width=len, text_width=len, gap=1, most=19)
    9
    >>> key_column(rows, 60, key_width=len, text_width=len, gap=1, most=19)
    19
    """
    keyed = [(key, text) for key, text in rows if key]
    if not keyed:
        return 0
    keys = [key for key, _ in keyed]
    least = max(key_width(word) for key in keys for word in key.split())
    if least >= most:
        return most
    fits = sorted(c for c in _suggested(keys, key_width) if least <= c <= most)

    def cost(key_span: int) -> tuple[int, int, int]:
        beside = max(1, width - key_span - gap)
        lines = key_count = 0
        for key, text in keyed:
            count = len(key_lines(key, key_span, key_width))
            key_count += count
            lines += max(count, len(wrap(text, beside, text_width)))
        return lines, key_count, key_span

    return min(fits or [most], key=cost)
