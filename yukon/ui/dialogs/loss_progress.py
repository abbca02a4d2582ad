"""How far "Where was it lost?" has looked, as the player follows it: how
many of the game's moves are ruled out and which are still in doubt, in
words and as a bar that fills as the doubt narrows (``LossProgress``, sent
by the walk after each verdict; before the first, nothing is ruled out)."""

from __future__ import annotations

import pygame

from yukon.i18n import N_, Translator
from yukon.jobs.loss_analysis import LossProgress
from yukon.ui import theme

RULED_OUT = N_("Moves ruled out: {count} of {total}")
IN_DOUBT = N_("Still in doubt: moves {first}–{last}")
FILLED = (44, 140, 92)  # the moves ruled out, on the panel's light line


def progress_lines(tr: Translator, progress: LossProgress | None, moves: int) -> list[str]:
    """The walk's progress in words; ``moves``: how many are on the way
    (known before the walk says anything).

    >>> progress_lines(Translator(), LossProgress(30, 40, 21, 30), 40)
    ['Moves ruled out: 30 of 40', 'Still in doubt: moves 21–30']
    >>> progress_lines(Translator(), None, 40)
    ['Moves ruled out: 0 of 40']
    """
    count, total = (0, moves) if progress is None else (progress.ruled_out, progress.moves)
    if total == 0:
        return []  # no moves to look through: the deal itself is judged
    lines = [tr.gettext(RULED_OUT).format(count=count, total=total)]
    if progress is not None and progress.first < progress.last:
        lines.append(tr.gettext(IN_DOUBT).format(first=progress.first, last=progress.last))
    return lines


def draw_progress_bar(
    surface: pygame.Surface, rect: pygame.Rect, progress: LossProgress | None
) -> None:
    """A bar filled by the share of the moves ruled out."""
    radius = rect.h // 2
    pygame.draw.rect(surface, theme.PANEL_LINE, rect, border_radius=radius)
    if progress is None or progress.moves == 0 or progress.ruled_out == 0:
        return
    width = max(rect.h, round(rect.w * progress.ruled_out / progress.moves))
    pygame.draw.rect(surface, FILLED, (rect.x, rect.y, width, rect.h), border_radius=radius)
