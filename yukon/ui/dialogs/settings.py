"""The Settings dialog: every setting, on three pages."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from yukon.i18n import N_, Language
from yukon.persistence.settings import (
    ANIMATION_SPEEDS,
    CARD_BACKS,
    CHOICE_NAMES,
    SETTING_NAMES,
    TABLE_COLOURS,
    VOLUMES,
)
from yukon.ui import theme
from yukon.ui.dialogs.base import Dialog
from yukon.ui.shell.scene import Host
from yukon.ui.widgets import Button, Checkbox, Choice, Control


class SettingsDialog(Dialog):
    """Every setting, on three pages: how the game helps (and its
    language), how it looks, and its sound. Each applies at once and is
    remembered."""

    title = N_("Settings")
    width_units = 34
    OPTIONS = (
        ("double_click", N_("double tap sends cards to the best place")),
        ("placement_help", N_("light up legal places for cards in hand")),
        ("interactive_rules", N_("say which rule forbids a move")),
        ("auto_placement", N_("a released card finds its own place")),
        ("live_verdict", N_("in the info bar, after every move")),
    )
    LOOK_OPTIONS = (
        ("four_colour", N_("each suit its own colour")),
        ("large_indices", N_("bigger, bolder corners")),
        ("left_handed", N_("foundations on the left")),
    )
    PAGES = (N_("Play"), N_("Look"), N_("Sound"))
    ROWS = 6  # the most rows a page has: every page gets the same height

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.boxes = [self._box(name, note) for name, note in self.OPTIONS]
        languages = [(language.value, language.native_name) for language in Language]
        self.language_choice = Choice(
            self._word(N_("Language")),
            [("", self._system_language), *languages],
            lambda: self.session.settings.language or "",
            lambda value: self._change(language=value or None),
        )
        play, look, sound = self.PAGES
        self.pages: dict[str, list[Checkbox | Choice]] = {
            play: [*self.boxes, self.language_choice],
            look: [
                self._choice("table_colour", TABLE_COLOURS),
                self._choice("card_back", CARD_BACKS),
                *(self._box(name, note) for name, note in self.LOOK_OPTIONS),
                self._choice("animation", ANIMATION_SPEEDS),
            ],
            sound: [
                self._box("sound", N_("effects for every move")),
                Choice(
                    self._word(SETTING_NAMES["volume"]),
                    [(str(level), f"{level} %") for level in VOLUMES],
                    lambda: str(self.session.settings.volume),
                    lambda value: self._change(volume=int(value)),
                ),
            ],
        }
        self.page = play
        self.tabs = [Button(self._word(name), self._show_page(name)) for name in self.PAGES]
        self.buttons = [Button(self._word(N_("Done")), self.close, primary=True)]

    def _word(self, message: str) -> Callable[[], str]:
        return lambda: self.tr.gettext(message)

    def _box(self, name: str, note: str) -> Checkbox:
        return Checkbox(
            self._word(SETTING_NAMES[name]),
            self._getter(name),
            self._setter(name),
            self._word(note),
        )

    def _system_language(self) -> str:
        """The first choice: whatever language the system asks for."""
        return self.tr.gettext("System")

    def _show_page(self, name: str) -> Callable[[], None]:
        def show() -> None:
            self.page = name
            self.resize(self.host.size)

        return show

    def _choice(self, name: str, values: tuple[str, ...]) -> Choice:
        return Choice(
            self._word(SETTING_NAMES[name]),
            [(value, self._word(CHOICE_NAMES[value])) for value in values],
            lambda: str(getattr(self.session.settings, name)),
            lambda value: self._change(**{name: value}),
        )

    @property
    def controls(self) -> list[Checkbox | Choice]:
        """The options of the page on show."""
        return self.pages[self.page]

    def all_buttons(self) -> list[Button]:
        return [*self.tabs, *self.buttons]

    def focus_order(self) -> list[Control]:
        return [*self.controls, *self.buttons, *self.tabs]

    def _getter(self, name: str) -> Callable[[], bool]:
        return lambda: bool(getattr(self.session.settings, name))

    def _setter(self, name: str) -> Callable[[bool], None]:
        def set_(value: bool) -> None:
            self._change(**{name: value})

        return set_

    def _change(self, **changes: object) -> None:
        self.session.change_settings(**changes)
        self.dirty = True

    def content_height(self) -> int:
        return round(self.unit * (2.8 + 2.2 * self.ROWS)) + self.unit

    def layout_content(self, top: int) -> None:
        u = self.unit
        left, width = self.panel.x + u, self.panel.w - 2 * u
        for i, tab in enumerate(self.tabs):
            x = left + round(i * width / len(self.tabs))
            w = left + round((i + 1) * width / len(self.tabs)) - x - u // 3
            tab.rect = pygame.Rect(x, top, w, round(u * 1.8))
        top += round(u * 2.8)
        label_w = round(width * 0.3)
        for i, control in enumerate(self.controls):
            rect = pygame.Rect(left, top + round(i * u * 2.2), width, round(u * 1.8))
            if isinstance(control, Choice):
                control.place(rect, label_w)
            else:
                control.rect = rect

    def handle_event(self, event: pygame.event.Event) -> None:
        for control in self.controls:
            if control.handle_event(event):
                self.dirty = True
                return
        for tab in self.tabs:
            if tab.handle_event(event):
                self.dirty = True
                return
        super().handle_event(event)

    def draw_content(self, surface: pygame.Surface) -> None:
        u = self.unit
        for name, tab in zip(self.PAGES, self.tabs, strict=True):
            tab.primary = name == self.page  # the page on show stands out
            tab.draw(surface, u, light=True)
        line_y = self.tabs[0].rect.bottom + round(u * 0.5)
        pygame.draw.line(
            surface, theme.PANEL_LINE, (self.panel.x + u, line_y), (self.panel.right - u, line_y)
        )
        for control in self.controls:
            control.draw(surface, u)
