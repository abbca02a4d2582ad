"""The win screen: the score, time and moves of the game just won."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from yukon.i18n import N_
from yukon.i18n.formats import format_time
from yukon.ui import theme
from yukon.ui.dialogs.base import Dialog
from yukon.ui.shell.scene import Host
from yukon.ui.widgets import Button


class WinDialog(Dialog):
    """Score, time and moves of the game just won, and a New game button."""

    title = N_("You won!")
    width_units = 22
    shade_alpha = 0  # the celebration goes on around it, undimmed

    DEMO_TITLE = N_("The demo won the game")
    DEMO_NOTE = N_("Statistics counts it as played, not won.")
    COPIED_NOTE = N_("Statistics does not count a copied game.")

    def __init__(
        self,
        host: Host,
        score: int,
        seconds: float,
        moves: int,
        replay: Callable[[], None] | None = None,
        *,
        demo: bool = False,
        copied: bool = False,
    ) -> None:
        super().__init__(host)
        if demo:  # the demo played it from cards still face down: not the player's win
            self.title = self.DEMO_TITLE
        # Played on from a copied game: not counted at all, demo or not.
        self.note = self.COPIED_NOTE if copied else self.DEMO_NOTE if demo else ""
        self.lines = [
            (N_("Score"), str(score)),
            (N_("Time"), format_time(seconds)),
            (N_("Moves"), str(moves)),
        ]
        tr = self.tr
        self.buttons = [
            Button(lambda: tr.gettext("Close"), self.close),
            Button(lambda: tr.gettext("New game"), self.new_game, primary=True),
        ]
        if replay is not None:
            self.replay = replay
            self.buttons.insert(0, Button(lambda: tr.gettext("Watch replay"), self.watch))

    def watch(self) -> None:
        self.close()
        self.replay()

    def new_game(self) -> None:
        self.close()
        self.session.start_random_game(self.session.settings.rule_set)

    def content_height(self) -> int:
        return round(self.unit * 1.9 * (len(self.lines) + bool(self.note)))

    def layout_content(self, top: int) -> None:
        self.top = top

    def draw_content(self, surface: pygame.Surface) -> None:
        u = self.unit
        y = self.top
        small, large = round(u * 1.2), round(u * 1.4)
        # The name stands on the number's baseline, not level with its top.
        lower = theme.font(large, bold=True).get_ascent() - theme.font(small).get_ascent()
        for name, value in self.lines:
            label = theme.text(self.tr.gettext(name), small, theme.PANEL_DIM)
            number = theme.text(value, large, theme.PANEL_TEXT, bold=True)
            surface.blit(label, (self.panel.x + u, y + lower))
            surface.blit(number, number.get_rect(topright=(self.panel.right - u, y)))
            y += round(u * 1.9)
        if self.note:
            note = theme.text(self.tr.gettext(self.note), round(u * 0.95), theme.PANEL_DIM)
            surface.blit(note, (self.panel.x + u, y + round(u * 0.3)))
