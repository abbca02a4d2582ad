"""The info bar: the buttons on the left, score, time and moves on the right."""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import NamedTuple

import pygame

from yukon.i18n.formats import format_time
from yukon.i18n.translator import N_
from yukon.ui import theme
from yukon.ui.chrome_colours import Palette
from yukon.ui.table.bar_fitting import (
    BADGE_PAD,
    BarFitting,
    edge_pad,
    line_height,
    readable_size,
    row_pad,
    status_lines_fit,
    status_size,
    two_rows_fit,
)
from yukon.ui.table.bar_tips import BarTips
from yukon.ui.text_boxes import holding
from yukon.ui.widgets import Button


class Tone(enum.Enum):
    """How the status (the live verdict) is shown: each verdict in its own
    colour, so its turn is seen at a glance."""

    QUIET = "quiet"  # the solver is thinking
    OPEN = "open"  # not known yet
    GOOD = "good"  # can still be won
    BAD = "bad"  # cannot be won: dark text on a badge


# The status's ink for each tone, each readable on the bar of every table
# colour (a contrast of at least 4.5 to 1; tests/test_ui_themes.py).
STATUS_COLOUR = (150, 176, 160)  # the quiet one
TONE_INKS: dict[Tone, tuple[int, int, int]] = {
    Tone.QUIET: STATUS_COLOUR,
    Tone.OPEN: (240, 218, 150),
    Tone.GOOD: (134, 232, 146),
    Tone.BAD: (44, 10, 6),
}
# A lost game's verdict stands on a coral badge that stands out of every bar.
BADGES: dict[Tone, tuple[int, int, int]] = {Tone.BAD: (255, 128, 108)}


class BarValues(NamedTuple):
    """What the bar shows of the game. ``names``: the texts that may name the
    deal at the right end, the fullest first, each with the code or standing
    in for it (another game's name beside its code, then the code alone; the
    deal of the day and its date beside the code, ...); none: the code."""

    score: int
    seconds: float
    moves: int
    code: str
    names: tuple[str, ...] = ()


class InfoBar:
    """A strip across the top of the window.

    ``values`` is asked at draw time for ``BarValues``, so the
    bar always shows what the game says and never keeps its own copy;
    ``words`` translates its words (the identity: English). ``status`` is
    asked for a quieter text left of them (the live verdict; "" for none),
    and ``status_samples`` for every text it may give, so the layout keeps
    room for the widest.
    """

    def __init__(
        self,
        buttons: list[Button],
        values: Callable[[], BarValues],
        words: Callable[[str], str] = str,
    ) -> None:
        self.buttons = buttons
        self.values = values
        self.words = words
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.font_size = 18
        self.status: Callable[[], str] = lambda: ""
        self.status_samples: Callable[[], list[str]] = lambda: []
        self.status_tone: Callable[[], Tone] = lambda: Tone.QUIET
        self.status_inline = True  # beside the info text, or under it (a narrow bar)
        self.name_choice = 0  # which of the values' ``names`` shows (the fullest that fits)
        self.tips = BarTips()  # the buttons' tooltips
        self.rows = 1  # 2: the info text on a row of its own under the buttons
        self.info_rect = pygame.Rect(0, 0, 0, 0)  # where the info text and the status go

    def layout(self, width: int, height: int) -> None:
        """Place the buttons and size the labels so that everything fits.

        The labels take the largest size at which the buttons and the info
        text with the code alone fit one row: neither a name of the deal nor
        the status takes size from them. The status goes beside the info
        text, else under it (two lines; see ``status_lines_fit``), and the
        name of the deal is the fullest that leaves room for that (see
        ``BarValues.names``; the window title still names it all). When one
        row holds the labels only under their readable size (a narrow
        window), the info text and the status go on a second row under the
        buttons. Only a bar too low for that (forced smaller than any
        window's) shrinks the labels further."""
        self.rect = pygame.Rect(0, 0, width, height)
        choices = max(1, len(self.values().names))
        samples = [self.info_text(sample=True, choice=c) for c in (-1, *range(choices))]
        statuses = self.status_samples()
        pad = max(4, height // 7)
        least = readable_size(height)
        largest = max(least, round(height * 0.45))
        fitting = BarFitting(self.buttons, samples, statuses, pad, least)
        for margin in (1.0, 0.5):  # the labels with the code alone, no status
            size, widths, used = fitting.largest(width, largest, lines=0, margin=margin)
            if used <= width:
                break
        if used <= width and size >= least:  # one row: the name, the status, then tighter
            for choice in range(choices):  # buttons, before the name gives way
                for tight in dict.fromkeys((margin, 0.5)):
                    for lines in (1, 2) if statuses else (0,):
                        if lines == 2 and not status_lines_fit(size, height):
                            continue
                        if fitting.used(size, tight, lines=lines, sample=1 + choice) <= width:
                            widths = fitting.widths(size, tight)
                            self._place(size, widths, pad, rows=1, lines=lines, choice=choice)
                            return
        top, margin = fitting.buttons_row(width, height, largest)
        row, edge = row_pad(height), edge_pad(height)
        if two_rows_fit(top.size, height) and top.used <= width:
            choice = next(
                (
                    c
                    for c in range(choices)
                    if fitting.info_row(top.size, status=bool(statuses), sample=1 + c, pad=edge)
                    <= width
                ),
                choices - 1,
            )
            self._place(top.size, top.widths, row, rows=2, lines=1, choice=choice)
            return
        # The last resort: smaller labels, the shortest name, the status beside.
        lines = 1 if statuses else 0
        size, widths, _ = fitting.largest(width, largest, lines=lines, margin=0.5, sample=choices)
        self._place(size, widths, pad, rows=1, lines=lines, choice=choices - 1)

    def _place(
        self, size: int, widths: list[int], pad: int, *, rows: int, lines: int, choice: int
    ) -> None:
        """Keep the chosen size, rows, status lines and name; put the buttons
        along the top (their row's height, on two rows)."""
        self.font_size = size
        self.rows = rows
        self.status_inline = lines != 2
        self.name_choice = choice
        height = self.rect.h
        if rows == 2:
            line = line_height(size)
            button_h = height - 3 * pad - line
            top = button_h + 2 * pad
            self.info_rect = pygame.Rect(0, top, self.rect.w, height - top - pad)
        else:
            button_h = height - 2 * pad
            left = pad + sum(widths) + pad * len(widths)
            self.info_rect = pygame.Rect(left, 0, self.rect.w - left, height)
        x = pad
        for button, w in zip(self.buttons, widths, strict=True):
            button.rect = pygame.Rect(x, pad, w, button_h)
            x += w + pad

    def button(self, label: str) -> Button:
        return next(b for b in self.buttons if b.label == label)

    def handle_event(self, event: pygame.event.Event) -> bool:
        used = False
        for button in self.buttons:
            used = button.handle_event(event) or used
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return used or self.rect.collidepoint(event.pos)
        return used

    def cancel_press(self) -> bool:
        """Let go of a pressed button without its action; True if one was down."""
        return any([button.cancel() for button in self.buttons])

    def leave(self) -> bool:
        """Drop every button's hover highlight and tip; True if one was lit
        or shown."""
        return any([button.leave() for button in self.buttons]) | self.tips.hide()

    def draw_tip(self, surface: pygame.Surface) -> None:
        """The tip of the button the pointer rests on, if it shows (over
        the table: drawn last)."""
        self.tips.draw(surface, self.rect, max(theme.READABLE, round(self.font_size * 0.9)))

    @property
    def hovering(self) -> tuple[bool, ...]:
        return tuple(b.hover or b.down for b in self.buttons)

    def info_text(self, *, sample: bool = False, choice: int | None = None) -> str:
        """The info text; ``sample`` gives a wide example for sizing;
        ``choice``: with that name of the deal (-1: the code alone; None:
        the one laid out)."""
        score, seconds, moves, code, names = self.values()
        if choice is None:
            choice = self.name_choice
        name = names[min(choice, len(names) - 1)] if names and choice >= 0 else code
        if sample:  # the widest numbers and code, with the name shown
            score, seconds, moves = 625, 5999, 9999
            wide = "YU1-W-WWWWWWW"  # wider than any code, the same for every game
            name = name.replace(code, wide) if code else wide
        text = self.words(N_("Score {score}    Time {time}    Moves {moves}    {code}"))
        return text.format(score=score, time=format_time(seconds), moves=moves, code=name)

    def draw(self, surface: pygame.Surface, colours: Palette) -> None:
        """Draw the bar in ``colours`` (the table's chrome)."""
        pygame.draw.rect(surface, colours.bar, self.rect)
        pygame.draw.line(surface, colours.bar_line, self.rect.bottomleft, self.rect.bottomright)
        for button in self.buttons:
            button.draw(surface, self.font_size, colours)
        info = theme.text(self.info_text(), self.font_size, theme.TEXT, bold=True)
        row = self.info_rect
        pad = edge_pad(self.rect.height)
        # The info text holds the bar right of the buttons, or its lower row.
        with holding(row):
            status = self.status()
            right, middle = row.right - pad, row.centery
            if status and not self.status_inline:  # two lines: the info, the status under it
                size = status_size(self.font_size, readable_size(self.rect.h))
                quiet = self._status_image(status, size)
                gap = (row.h - info.get_height() - quiet.get_height()) // 3
                top = row.y + max(0, gap)
                surface.blit(info, info.get_rect(topright=(right, top)))
                under = (right, top + info.get_height())
                self._draw_status(surface, quiet, size, "topright", under)
                return
            at = info.get_rect(midright=(right, middle))
            surface.blit(info, at)
            if status:
                quiet = self._status_image(status, self.font_size)
                gap = 2 * self.font_size
                self._draw_status(surface, quiet, self.font_size, "midright", (at.x - gap, middle))

    def _status_image(self, status: str, size: int) -> pygame.Surface:
        tone = self.status_tone()
        return theme.text(status, size, TONE_INKS[tone], bold=tone is not Tone.QUIET)

    def _draw_status(
        self,
        surface: pygame.Surface,
        image: pygame.Surface,
        size: int,
        anchor: str,
        point: tuple[int, int],
    ) -> None:
        """The status, on the badge of its tone if it has one: its box (the
        text and a margin either side) has its ``anchor`` at ``point``."""
        badge = BADGES.get(self.status_tone())
        margin = round(size * BADGE_PAD)
        box = image.get_rect().inflate(2 * margin, 0)
        setattr(box, anchor, point)
        if badge is not None:
            pygame.draw.rect(surface, badge, box.inflate(0, 2), border_radius=max(3, size // 3))
        surface.blit(image, image.get_rect(center=box.center))
