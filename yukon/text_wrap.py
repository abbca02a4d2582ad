"""Text wrapped to a width, by any measure (pixels of a font, characters).

Pure Python: the crash message and the game's own text use it alike.

>>> wrap("a bb ccc dddd", 6, len)
['a bb', 'ccc', 'dddd']
"""

from __future__ import annotations

import re
from collections.abc import Callable

_BREAKS = re.compile(r"[^\S\u00a0\u202f]+")  # white space, but not the no-break spaces


def wrap(content: str, width: int, measure: Callable[[str], int]) -> list[str]:
    """Split ``content`` into lines no wider than ``width`` by ``measure``
    (a word longer than that gets a line of its own); a no-break space
    (``"\\u00a0"``, as in "520 + 105 = 625") never breaks a line."""
    lines: list[str] = []
    line = ""
    for word in _BREAKS.split(content.strip()):
        trial = f"{line} {word}".strip()
        if measure(trial) <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines
