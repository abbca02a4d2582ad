"""The Settings dialog: every setting, on three pages."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pygame

from yukon.i18n import N_, Language
from yukon.i18n.formats import format_percent
from yukon.persistence import Settings
from yukon.persistence.settings import (
    CHOICE_NAMES,
    DECLARATIONS,
    SETTING_NAMES,
    VOLUMES,
    SettingsPage,
    on_page,
)
from yukon.ui import theme
from yukon.ui.art.faces import CardArt, CardStyle
from yukon.ui.dialogs.base import Dialog
from yukon.ui.shell.scene import Host
from yukon.ui.widgets import Button, Checkbox, Choice, Control

PAGE_NAMES = {
    SettingsPage.PLAY: N_("Play"),
    SettingsPage.LOOK: N_("Look"),
    SettingsPage.SOUND: N_("Sound"),
}
NO_AUDIO = N_("No audio device was found: the game plays without sound.")


class SettingsDialog(Dialog):
    """Every setting, on three pages: how the game helps (and its
    language), how it looks, and its sound. Each applies at once and is
    remembered."""

    title = N_("Settings")
    width_units = 34
    PAGES = tuple(SettingsPage)
    # the most rows a page has: every page gets the same height
    ROWS = max(len(on_page(page)) for page in PAGES)

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        languages = [(language.value, language.native_name) for language in Language]
        self.language_choice = Choice(
            self._word(N_("Language")),
            [("", self._system_language), *languages],
            lambda: self.session.settings.language or "",
            lambda value: self._change(replace(self.session.settings, language=value or None)),
        )
        volume = Choice(
            self._word(SETTING_NAMES["volume"]),
            [(str(level), self._percent(level)) for level in VOLUMES],
            lambda: str(self.session.settings.volume),
            lambda value: self._change(replace(self.session.settings, volume=int(value))),
            # no volume without sound
            enabled=lambda: self._has_audio() and self.session.settings.sound,
        )
        # The two whose control is not the plain one of their type; every
        # other setting's comes from its declaration.
        special: dict[str, Checkbox | Choice] = {
            "language": self.language_choice,
            "volume": volume,
        }
        self.pages: dict[SettingsPage, list[Checkbox | Choice]] = {
            page: [special.get(name) or self._control(name) for name in on_page(page)]
            for page in self.PAGES
        }
        self.boxes = [box for box in self.pages[SettingsPage.PLAY] if isinstance(box, Checkbox)]
        look = on_page(SettingsPage.LOOK)
        self.back_choice = self.pages[SettingsPage.LOOK][look.index("card_back")]
        self.page = SettingsPage.PLAY
        self.back_preview = pygame.Rect(0, 0, 0, 0)  # the card back's picture, on Look
        self._back: tuple[tuple[tuple[int, int], str], pygame.Surface] | None = None
        self.note_y = 0
        self.tabs = [
            Button(self._word(PAGE_NAMES[page]), self._show_page(page)) for page in self.PAGES
        ]
        self.buttons = [Button(self._word(N_("Done")), self.close, primary=True)]

    def _word(self, message: str) -> Callable[[], str]:
        return lambda: self.tr.gettext(message)

    def _percent(self, level: int) -> Callable[[], str]:
        return lambda: format_percent(self.tr, level / 100)

    def _control(self, name: str) -> Checkbox | Choice:
        """The control of an on/off setting or of a choice, from its declaration."""
        declared = DECLARATIONS[name]
        default = getattr(Settings(), name)

        def put(value: Any) -> None:
            self._change(replace(self.session.settings, **{name: value}))

        if isinstance(default, bool):
            return Checkbox(
                self._word(declared.label),
                lambda: bool(getattr(self.session.settings, name)),
                put,
                self._word(declared.note),
                # With no audio device sound can do nothing: greyed, the
                # stored choice kept for when a device is there.
                enabled=self._has_audio if name == "sound" else None,
            )
        choices = type(default)
        named: list[tuple[str, Callable[[], str]]] = [
            (choice.value, self._word(CHOICE_NAMES[choice])) for choice in choices
        ]
        return Choice(
            self._word(declared.label),
            named,
            lambda: str(getattr(self.session.settings, name).value),
            lambda value: put(choices(value)),
        )

    def _has_audio(self) -> bool:
        """Whether sound can be heard: False only once it is known that no
        audio device was found (while the device is still opening, yes)."""
        return self.host.audio_available is not False

    def _system_language(self) -> str:
        """The first choice: whatever language the system asks for."""
        return self.tr.gettext("System")

    def _show_page(self, page: SettingsPage) -> Callable[[], None]:
        def show() -> None:
            self.page = page
            self.resize(self.host.size)

        return show

    @property
    def controls(self) -> list[Checkbox | Choice]:
        """The options of the page on show."""
        return self.pages[self.page]

    def all_buttons(self) -> list[Button]:
        return [*self.tabs, *self.buttons]

    def focus_order(self) -> list[Control]:
        return [*self.controls, *self.buttons, *self.tabs]

    def _change(self, settings: Settings) -> None:
        self.session.update_settings(settings)
        self.redraw()

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
        # On the Look page a card back stands at the right of its choice and
        # the row under it, as tall as the two.
        back_row = self.controls.index(self.back_choice) if self.page is SettingsPage.LOOK else -1
        card_h = round(u * (2.2 + 1.8))
        card_w = round(card_h / 1.4)
        self.back_preview = pygame.Rect(0, 0, 0, 0)
        for i, control in enumerate(self.controls):
            rect = pygame.Rect(left, top + round(i * u * 2.2), width, round(u * 1.8))
            if i == back_row:
                self.back_preview = pygame.Rect(left + width - card_w, rect.y, card_w, card_h)
            if back_row >= 0 and i in (back_row, back_row + 1):
                rect.w -= card_w + u
            if isinstance(control, Choice):
                control.place(rect, label_w)
            else:
                control.rect = rect
        self.note_y = top + round(len(self.controls) * u * 2.2)

    def handle_event(self, event: pygame.event.Event) -> None:
        for control in self.controls:
            if control.handle_event(event):
                self.redraw()
                return
        for tab in self.tabs:
            if tab.handle_event(event):
                self.redraw()
                return
        super().handle_event(event)

    def draw_content(self, surface: pygame.Surface) -> None:
        u = self.unit
        for page, tab in zip(self.PAGES, self.tabs, strict=True):
            tab.primary = page is self.page  # the page on show stands out
            tab.draw(surface, u, self.palette, light=True)
        line_y = self.tabs[0].rect.bottom + round(u * 0.5)
        pygame.draw.line(
            surface, theme.PANEL_LINE, (self.panel.x + u, line_y), (self.panel.right - u, line_y)
        )
        for control in self.controls:
            control.draw(surface, u, self.palette)
        if self.back_preview.w:
            surface.blit(self._back_image(), self.back_preview)
        if self.page is SettingsPage.SOUND and self.host.audio_available is False:
            note = theme.text(self.tr.gettext(NO_AUDIO), round(u * theme.LABEL), theme.ERROR)
            surface.blit(note, (self.panel.x + u, self.note_y))

    def _back_image(self) -> pygame.Surface:
        """The chosen card back, at the preview's size (kept while it stays)."""
        key = (self.back_preview.size, self.session.settings.card_back)
        if self._back is None or self._back[0] != key:
            art = CardArt(*self.back_preview.size, CardStyle(back=self.session.settings.card_back))
            self._back = (key, art.back())
        return self._back[1]
