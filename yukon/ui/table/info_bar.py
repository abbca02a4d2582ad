"""The info bar: the buttons on the left, score, time and moves on the right."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from yukon.i18n.translator import N_
from yukon.ui import theme
from yukon.ui.text_boxes import holding
from yukon.ui.widgets import Button


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


class InfoBar:
    """A strip across the top of the window.

    ``values`` is asked at draw time for ``(score, seconds, moves, code)``, so the
    bar always shows what the game says and never keeps its own copy;
    ``words`` translates its words (the identity: English).
    """

    def __init__(
        self,
        buttons: list[Button],
        values: Callable[[], tuple[int, float, int, str]],
        words: Callable[[str], str] = str,
    ) -> None:
        self.buttons = buttons
        self.values = values
        self.words = words
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.font_size = 18
        self.show_name = True  # the other games' name before the code, room permitting

    def layout(self, width: int, height: int) -> None:
        self.rect = pygame.Rect(0, 0, width, height)
        pad = max(4, height // 7)
        top = max(12, round(height * 0.45))
        # Shrink the labels until the buttons leave room for the info text;
        # when even the smallest do not, the game's name gives way to its code
        # (the window title still names the game).
        for named in (True, False):
            self.show_name = named
            size = top
            sample = self.info_text(sample=True)
            while True:
                info_w = theme.font(size, bold=True).size(sample)[0]
                widths = [
                    theme.font(size, bold=b.primary).size(b.label)[0] + size for b in self.buttons
                ]
                fits = sum(widths) + pad * (len(widths) + 1) + info_w + 2 * pad <= width
                if fits or size <= 12:
                    break
                size -= 1
            if fits:
                break
        self.font_size = size
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
        score, seconds, moves, code = self.values()
        if not self.show_name:
            code = code.split()[-1] if code else code
        if sample:  # the widest numbers, and this game's name if it shows one
            score, seconds, moves = 625, 5999, 9999
            code = code[:-7] + "WWWWWWW" if code else "YU1-C-WWWWWWW"
        text = self.words(N_("Score {score}    Time {time}    Moves {moves}    {code}"))
        return text.format(score=score, time=format_time(seconds), moves=moves, code=code)

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
            surface.blit(info, info.get_rect(midright=(self.rect.right - pad, self.rect.centery)))
