"""The Help screen: every key and gesture, and the rules in the game's own words."""

from __future__ import annotations

import pygame

from yukon.ui import theme
from yukon.ui.dialogs import Dialog
from yukon.ui.input import KeyRepeat
from yukon.ui.keymap import help_rows
from yukon.ui.scene import Host
from yukon.ui.widgets import Button

# (heading, [(left, right)]): a row with an empty left is a paragraph.
SECTIONS: list[tuple[str, list[tuple[str, str]]]] = [
    ("How to play", [
        ("", "Move all 52 cards to the four foundations on the right, each built "
             "up in one suit from Ace to King."),
        ("", "A card goes on the last card of a column that is one rank higher and "
             "of the other colour: a red 7 on a black 8."),
        ("", "Any face-up card can be moved together with all the cards lying on it, "
             "in any order: only the card you pick up has to fit. At most 20 cards "
             "move at once."),
        ("", "Only a King, alone or with the cards on it, can fill an empty column."),
        ("", "A face-down card turns over by itself when it is uncovered."),
        ("", "The top card of a foundation can be taken back onto a column."),
        ("", "Nothing moves by itself: you place every card, the last one too. "
             "A game is never declared lost: undo, or deal a new one."),
    ]),
    ("Rule sets", [
        ("Classic", "Build down in alternating colours (the standard game)."),
        ("Relaxed", "Build down in any colour: only the rank matters. "
                    "Everything else is the same."),
    ]),
    ("Scoring", [
        ("+10", "for each card put on a foundation (again after taking it back)"),
        ("+5", "for each face-down card turned over"),
        ("625", "for a win without take-backs: 52 x 10 + 21 x 5"),
        ("Undo", "the last 100 moves; undo gives back the score, not the move count"),
    ]),
    ("Mouse and touch", [
        ("Drag", "a face-up card to move it with the cards on it; drop it on a "
                 "column, or on any foundation"),
        ("Tap", "the last card of a column to send it to its foundation"),
        ("Double tap", "a card to send it, with the cards on it, to the best column"),
        ("Drag back", "a foundation's top card onto a column"),
        ("Release", "with Automatic placement on, cards released anywhere find "
                    "their own column"),
        ("Restart deal", "press twice when the unfinished game would count as lost: "
                         "the first press says so"),
    ]),
    ("Keyboard", help_rows()),
    ("In dialogs", [
        ("Tab, Shift+Tab", "move to the next or the previous button or option"),
        ("Space, Enter", "press the button or tick the option in focus; Enter with "
                         "nothing in focus presses the main button (Deal, Done...)"),
        ("Left, Right", "step through a row of choices (table colour, volume...)"),
        ("Esc", "close the dialog"),
        ("Ctrl+V, Ctrl+A", "paste a game code, clear the code field"),
        ("Left, Right", "move in the code field; Home, End, Delete too"),
        ("Up, Down", "scroll this help; Page Up, Page Down, Home, End and the "
                     "mouse wheel too; F1 closes it"),
    ]),
    ("Game codes", [
        ("", "Every deal has a code such as YU1-C-AAAAAAB (C for Classic, R for "
             "Relaxed). Type it in the New game dialog to play the same deal again, "
             "on any computer."),
    ]),
]  # fmt: skip


class HelpScreen(Dialog):
    """A scrolling page of help; Up/Down, Page Up/Down and the wheel scroll it."""

    title = "Help"
    width_units = 46

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.buttons = [Button("Close", self.close, primary=True)]
        self.scroll = 0
        self.repeat = KeyRepeat()  # Up or Down held down scrolls on
        self.page: pygame.Surface | None = None
        self.view = pygame.Rect(0, 0, 0, 0)
        self._fade_strip: pygame.Surface | None = None

    def content_height(self) -> int:
        return 10_000  # as tall as the window allows; the page scrolls

    def layout_content(self, top: int) -> None:
        u = self.unit
        self.view = pygame.Rect(
            self.panel.x + u, top, self.panel.w - 2 * u, self.panel.bottom - round(u * 3.0) - top
        )
        self.page = self._render_page(max(1, self.view.w))
        self.scroll = max(0, min(self.scroll, self.max_scroll))

    @property
    def max_scroll(self) -> int:
        return max(0, (self.page.get_height() if self.page else 0) - self.view.h)

    def _render_page(self, width: int) -> pygame.Surface:
        u = self.unit
        body = theme.font(round(u * 0.9))
        key_font = theme.font(round(u * 0.9), True)
        line_h = body.get_linesize()
        left_w = max(key_font.size(left)[0] for _, rows in SECTIONS for left, _ in rows) + u
        blocks: list[tuple[int, pygame.Surface]] = []
        y = 0
        for heading, rows in SECTIONS:
            label = theme.text(heading, round(u * 1.1), theme.PANEL_TEXT, True)
            blocks.append((y, label))
            y += label.get_height() + u // 3
            for left, right in rows:
                indent = left_w if left else 0
                lines = theme.wrap(right, width - indent, lambda line: body.size(line)[0])
                row = pygame.Surface((width, line_h * len(lines)), pygame.SRCALPHA)
                if left:
                    row.blit(key_font.render(left, True, (40, 80, 160)), (0, 0))
                for i, line in enumerate(lines):
                    row.blit(body.render(line, True, theme.PANEL_TEXT), (indent, i * line_h))
                blocks.append((y, row))
                y += row.get_height() + u // 4
            y += u // 2
        page = pygame.Surface((width, y), pygame.SRCALPHA)
        for top, block in blocks:
            page.blit(block, (0, top))
        return page

    def _fade(self) -> pygame.Surface:
        """A strip of the panel's colour, clear at its top and solid at its
        bottom, as wide as the page (cached per size)."""
        size = (max(1, self.view.w), max(1, round(self.unit * 1.6)))
        if self._fade_strip is None or self._fade_strip.get_size() != size:
            strip = pygame.Surface(size, pygame.SRCALPHA)
            for y in range(size[1]):
                alpha = round(255 * (y + 1) / size[1])
                pygame.draw.line(strip, (*theme.PANEL, alpha), (0, y), (size[0], y))
            self._fade_strip = strip
        return self._fade_strip

    def _scroll_for(self, key: int) -> int:
        """How far a key scrolls the page (0 for other keys)."""
        step = self.unit * 2
        moves = {
            pygame.K_DOWN: step,
            pygame.K_UP: -step,
            pygame.K_PAGEDOWN: self.view.h - step,
            pygame.K_PAGEUP: -(self.view.h - step),
            pygame.K_HOME: -(10**9),
            pygame.K_END: 10**9,
        }
        return moves.get(key, 0)

    def _scroll(self, by: int) -> bool:
        before = self.scroll
        self.scroll = max(0, min(self.scroll + by, self.max_scroll))
        if self.scroll != before:
            self.dirty = True
        return self.scroll != before

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYUP:
            self.repeat.release(event.key)
            return
        if event.type == pygame.MOUSEWHEEL:
            self._scroll(-event.y * self.unit * 2)
            return
        if event.type == pygame.KEYDOWN:
            self.repeat.stop()
            if event.key == pygame.K_F1:
                self.close()
                return
            if event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                self.repeat.press(event.key, self.now)  # held, it scrolls on
            if self._scroll(self._scroll_for(event.key)):
                return
        super().handle_event(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        key = self.repeat.due(self.now)
        if isinstance(key, int):
            self._scroll(self._scroll_for(key))

    def draw_content(self, surface: pygame.Surface) -> None:
        if self.page is None:
            return
        surface.blit(
            self.page, self.view.topleft, pygame.Rect(0, self.scroll, self.view.w, self.view.h)
        )
        if self.max_scroll:
            # Text fading out where the page goes on, and a slim scroll bar.
            fade = self._fade()
            if self.scroll < self.max_scroll:
                surface.blit(fade, (self.view.x, self.view.bottom - fade.get_height()))
            if self.scroll > 0:
                surface.blit(pygame.transform.flip(fade, False, True), self.view.topleft)
            track = pygame.Rect(self.view.right + self.unit // 3, self.view.y, 4, self.view.h)
            pygame.draw.rect(surface, theme.PANEL_LINE, track, border_radius=2)
            size = max(20, track.h * self.view.h // self.page.get_height())
            y = track.y + (track.h - size) * self.scroll // self.max_scroll
            pygame.draw.rect(surface, theme.PANEL_DIM, (track.x, y, 4, size), border_radius=2)
