"""The info bar: the buttons on the left, score, time and moves on the right."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import pygame

from yukon.i18n.formats import format_time
from yukon.i18n.translator import N_
from yukon.ui import theme
from yukon.ui.chrome_colours import Palette
from yukon.ui.table.bar_fitting import LEAST_SIZE, BarFitting, status_lines_fit, status_size
from yukon.ui.text_boxes import holding
from yukon.ui.widgets import Button

# The live verdict: quieter than the score beside it, still easy to read.
STATUS_COLOUR = (150, 176, 160)


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
        self.status_inline = True  # beside the info text, or under it (a narrow bar)
        self.name_choice = 0  # which of the values' ``names`` shows (the fullest that fits)

    def layout(self, width: int, height: int, *, choice: int = 0) -> None:
        """Place the buttons and size the labels so that everything fits:
        the largest labels that leave room for the info text, the buttons'
        inner margins shrinking when even the smallest do not. The status
        takes no size from them: it goes beside the info text when there is
        room for it at their size, else under it (two lines; see
        ``status_lines_fit``); only when neither fits (a bar too low for two
        lines) do the labels shrink for it beside the info text. Last the
        name of the deal gives way to a shorter one (``choice``: another
        game's name to its code, see ``BarValues.names``)."""
        self.name_choice = choice
        self.rect = pygame.Rect(0, 0, width, height)
        pad = max(4, height // 7)
        largest = max(LEAST_SIZE, round(height * 0.45))
        statuses = self.status_samples()
        fitting = BarFitting(self.buttons, self.info_text(sample=True), statuses, pad)
        for margin in (1.0, 0.5):  # the labels as they are without the status
            size, widths, used = fitting.largest(width, largest, lines=0, margin=margin)
            if used <= width:
                break
        lines = 0
        if statuses:
            beside = fitting.largest(width, largest, lines=1, margin=margin)
            under = fitting.largest(width, largest, lines=2, margin=margin)
            if beside.size == size and beside.used <= width:
                lines, (size, widths, used) = 1, beside
            elif status_lines_fit(under.size, height):  # as wide as the labels alone
                lines, (size, widths, used) = 2, under
            else:  # the last resort: smaller labels, the status beside them
                lines = 1
                size, widths, used = fitting.largest(width, largest, lines=1, margin=0.5)
        if used > width and choice + 1 < len(self.values().names):
            self.layout(width, height, choice=choice + 1)  # the window title still names it all
            return
        self.font_size = size
        self.status_inline = lines != 2
        x = pad
        for button, w in zip(self.buttons, widths, strict=True):
            button.rect = pygame.Rect(x, pad, w, height - 2 * pad)
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
        """Drop every button's hover highlight; True if one was lit."""
        return any([button.leave() for button in self.buttons])

    @property
    def hovering(self) -> tuple[bool, ...]:
        return tuple(b.hover or b.down for b in self.buttons)

    def info_text(self, *, sample: bool = False) -> str:
        """The right-hand text; ``sample`` gives a wide example for sizing."""
        score, seconds, moves, code, names = self.values()
        name = names[min(self.name_choice, len(names) - 1)] if names else code
        if sample:  # the widest numbers and code, with the name shown
            score, seconds, moves = 625, 5999, 9999
            wide = code[:-7] + "WWWWWWW" if code else "YU1-C-WWWWWWW"
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
        pad = max(6, self.rect.height // 4)
        # The info text holds the bar right of the buttons.
        left = max((b.rect.right for b in self.buttons), default=self.rect.x)
        with holding(pygame.Rect(left, self.rect.y, self.rect.right - left, self.rect.h)):
            status = self.status()
            right, middle = self.rect.right - pad, self.rect.centery
            if status and not self.status_inline:  # two lines: the info, the status under it
                quiet = theme.text(status, status_size(self.font_size), STATUS_COLOUR)
                gap = (self.rect.h - info.get_height() - quiet.get_height()) // 3
                top = self.rect.y + max(0, gap)
                surface.blit(info, info.get_rect(topright=(right, top)))
                surface.blit(quiet, quiet.get_rect(topright=(right, top + info.get_height())))
                return
            at = info.get_rect(midright=(right, middle))
            surface.blit(info, at)
            if status:
                quiet = theme.text(status, self.font_size, STATUS_COLOUR)
                gap = 2 * self.font_size
                surface.blit(quiet, quiet.get_rect(midright=(at.x - gap, middle)))
