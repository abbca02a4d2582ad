"""Tooltips on the info bar's buttons: what a button does and its keys, in a
small panel under it once the pointer has rested on it a moment, as
KPatience's toolbar shows them.

The tip waits ``REST_SECONDS`` of the scene's own time (its updates: tests
inject it); any motion of the pointer hides it and starts the wait again,
and a click or a key hides it until the pointer moves again. The panel is
kept inside the window at every size, wrapped when a line would not fit.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from yukon.i18n import N_, Translator
from yukon.ui import theme
from yukon.ui.keymap import Command, keys_for
from yukon.ui.text_boxes import holding
from yukon.ui.widgets import Button

REST_SECONDS = 0.7  # the pointer's rest on a button before its tip shows

# What each of the bar's buttons does, said in its tip above its keys.
DOES = {
    Command.NEW_GAME: N_("Deal a new game, or choose the game, a game code or a copied game"),
    Command.RESTART: N_("Deal the same cards again and start over"),
    Command.UNDO: N_("Take back the last move"),
    Command.REDO: N_("Play the last undone move again"),
    Command.HINT: N_("Show the next move of a winning line"),
    Command.DEMO: N_("Watch the solver play the game out: any key or click stops it"),
    Command.FINISH: N_("Play the rest out: every card is face up"),
    Command.STATISTICS: N_("Games, wins, winning streaks and records"),
    Command.SETTINGS: N_("Play, look, sound and language"),
    Command.HELP: N_("The rules, the keys, the FAQ and worked examples"),
}
TO_FULL_SCREEN = N_("Fill the screen with the game")
TO_WINDOW = N_("Back to a window")
TIP_BORDER = (150, 146, 134)
TIP_WIDTH = 26  # its lines wrap at this many sizes


class BarTips:
    """Which button's tip shows, and when; drawn over everything else."""

    def __init__(self) -> None:
        self.button: Button | None = None  # the button the pointer rests on
        self.rested = 0.0  # seconds the pointer has rested there
        self.shown = False
        self.blocked = False  # clicked or typed: nothing until the pointer moves
        self.rect = pygame.Rect(0, 0, 0, 0)  # where the tip was drawn last

    def track(self, event: pygame.event.Event, buttons: Sequence[Button]) -> bool:
        """Follow the pointer over ``buttons``; True if a shown tip went."""
        was = self.shown
        if event.type == pygame.MOUSEMOTION:
            self.blocked = False
            over = [b for b in buttons if b.rect.collidepoint(event.pos) and b.tip_text]
            self.button = over[0] if over else None
            self.rested = 0.0
            self.shown = False
        elif event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN, pygame.WINDOWLEAVE):
            self.hide()
            self.blocked = True
        return was and not self.shown

    def hide(self) -> bool:
        """Hide the tip and forget the button (the pointer left, a dialog
        opened); True if one was shown."""
        was = self.shown
        self.button, self.shown, self.rested = None, False, 0.0
        return was

    def due_in(self) -> float:
        """Seconds until the tip shows (infinity: none is waited for)."""
        if self.button is None or self.shown or self.blocked:
            return float("inf")
        return max(0.0, REST_SECONDS - self.rested)

    def update(self, dt: float) -> bool:
        """Time passes; True if the tip showed now."""
        if self.button is None or self.shown or self.blocked:
            return False
        self.rested += dt
        if self.rested >= REST_SECONDS - 1e-9:
            self.shown = True
            return True
        return False

    def text(self) -> str | None:
        """The shown tip's text (its lines), if one shows."""
        if not self.shown or self.button is None:
            return None
        return self.button.tip_text

    def draw(self, surface: pygame.Surface, bar: pygame.Rect, size: int) -> None:
        """The shown tip under its button, inside ``surface``: its first line
        (what the button does) regular, the second (its keys) bold."""
        text = self.text()
        if not text or self.button is None:
            self.rect = pygame.Rect(0, 0, 0, 0)
            return
        window = surface.get_rect()
        pad = max(4, size // 2)
        room = max(size * 4, min(window.w - 4 * pad, size * TIP_WIDTH))
        lines: list[pygame.Surface] = []
        for number, part in enumerate(text.split("\n")):
            bold = number > 0  # the keys
            for words in _balanced(part, room, _measure(size, bold=bold)):
                lines.append(theme.text(words, size, theme.PANEL_TEXT, bold=bold))
        width = max(line.get_width() for line in lines) + 2 * pad
        height = sum(line.get_height() for line in lines) + 2 * pad
        box = pygame.Rect(self.button.rect.x, bar.bottom + pad // 2, width, height)
        box.right = min(box.right, window.right - pad)
        box.left = max(box.left, window.left + pad)
        if box.bottom > window.bottom:  # a window lower than the tip: above the bar's foot
            box.bottom = window.bottom
        self.rect = box
        radius = max(3, size // 4)
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=radius)
        pygame.draw.rect(surface, TIP_BORDER, box, 1, border_radius=radius)
        y = box.y + pad
        with holding(box):
            for line in lines:
                surface.blit(line, (box.x + pad, y))
                y += line.get_height()


def _balanced(text: str, room: int, measure: Callable[[str], int]) -> list[str]:
    """``text`` wrapped to ``room`` in as few lines, but each as wide as the
    others can be (no lone last word)."""
    lines = theme.wrap(text, room, measure)
    narrow, wide = 1, room
    while narrow < wide:  # the narrowest width that needs no more lines
        middle = (narrow + wide) // 2
        if len(theme.wrap(text, middle, measure)) <= len(lines):
            wide = middle
        else:
            narrow = middle + 1
    return theme.wrap(text, wide, measure)


def _measure(size: int, *, bold: bool) -> Callable[[str], int]:
    face = theme.font(size, bold=bold)
    return lambda text: face.size(text)[0]


def tip(tr: Translator, command: Command | Callable[[], Command | None]) -> Callable[[], str]:
    """A button's tip: what ``command`` (or the one it gives now) does, and
    its keys, in the player's language ("" while it gives none)."""

    def text() -> str:
        chosen = command() if callable(command) else command
        if chosen is None:
            return ""
        return f"{tr.gettext(DOES[chosen])}\n{tr.gettext(keys_for(chosen))}"

    return text


def full_screen_tip(tr: Translator, fullscreen: Callable[[], bool]) -> Callable[[], str]:
    """The full-screen button's tip: what it will do, and its keys."""

    def text() -> str:
        does = TO_WINDOW if fullscreen() else TO_FULL_SCREEN
        return f"{tr.gettext(does)}\n{tr.gettext(keys_for(Command.FULL_SCREEN))}"

    return text
