"""The info bar: the buttons on the left, score, time and moves on the right."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import pygame

from yukon.i18n.translator import N_
from yukon.ui import theme
from yukon.ui.text_boxes import holding
from yukon.ui.widgets import Button

# The live verdict: quieter than the score beside it, still easy to read.
STATUS_COLOUR = (150, 176, 160)


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
        the largest labels that leave room for the info text (and the
        status beside it); when even the smallest do not, the buttons'
        inner margins shrink, then the status goes under the info text, and
        last the name of the deal gives way to a shorter one (``choice``:
        another game's name to its code, see ``BarValues.names``)."""
        self.name_choice = choice
        self.rect = pygame.Rect(0, 0, width, height)
        pad = max(4, height // 7)
        largest = max(12, round(height * 0.45))
        sample = self.info_text(sample=True)
        statuses = self.status_samples()

        def info_width(size: int, inline: bool) -> int:
            info = theme.font(size, bold=True).size(sample)[0]
            if statuses and inline:
                info += max(theme.font(size).size(text)[0] for text in statuses) + 2 * size
            return info

        def button_widths(size: int, margin: float) -> list[int]:
            return [
                max(theme.font(size, bold=b.primary).size(label)[0] for label in b.all_labels)
                + round(size * margin)
                for b in self.buttons
            ]

        ways = [(True, 1.0), (True, 0.5), (False, 1.0), (False, 0.5)] if statuses else []
        for inline, margin in ways or [(False, 1.0), (False, 0.5)]:
            size = largest
            while True:
                widths = button_widths(size, margin)
                used = sum(widths) + pad * (len(widths) + 1) + info_width(size, inline) + 2 * pad
                if used <= width or size <= 12:
                    break
                size -= 1
            if used <= width:
                break
        if used > width and choice + 1 < len(self.values().names):
            self.layout(width, height, choice=choice + 1)  # the window title still names it all
            return
        self.font_size = size
        self.status_inline = inline
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

    def draw(self, surface: pygame.Surface) -> None:
        colours = theme.palette()
        pygame.draw.rect(surface, colours.bar, self.rect)
        pygame.draw.line(surface, colours.bar_line, self.rect.bottomleft, self.rect.bottomright)
        for button in self.buttons:
            button.draw(surface, self.font_size)
        info = theme.text(self.info_text(), self.font_size, theme.TEXT, bold=True)
        pad = max(6, self.rect.height // 4)
        # The info text holds the bar right of the buttons.
        left = max((b.rect.right for b in self.buttons), default=self.rect.x)
        with holding(pygame.Rect(left, self.rect.y, self.rect.right - left, self.rect.h)):
            status = self.status()
            right, middle = self.rect.right - pad, self.rect.centery
            if status and not self.status_inline:  # two lines: the info, the status under it
                small = max(12, round(self.font_size * 0.85))  # never under the labels' least
                quiet = theme.text(status, small, STATUS_COLOUR)
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
