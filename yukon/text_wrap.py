"""Text wrapped to a width, by any measure (pixels of a font, characters).

Pure Python: the crash message and the game's own text use it alike.

>>> wrap("a bb ccc dddd", 6, len)
['a bb', 'ccc', 'dddd']
"""

from __future__ import annotations

from collections.abc import Callable


def wrap(content: str, width: int, measure: Callable[[str], int]) -> list[str]:
    """Split ``content`` into lines no wider than ``width`` by ``measure``
    (a word longer than that gets a line of its own)."""
    lines: list[str] = []
    line = ""
    for word in content.split():
        trial = f"{line} {word}".strip()
        if measure(trial) <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines
