"""The Settings dialog: every setting, on three pages."""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import replace
from typing import TypeVar

import pygame

from yukon.i18n import N_, Language
from yukon.i18n.formats import format_percent
from yukon.persistence import Settings
from yukon.persistence.settings import (
    CHOICE_NAMES,
    SETTING_NAMES,
    VOLUMES,
    AnimationSpeed,
    CardBack,
    Setting,
    SpeechMode,
    TableColour,
)
from yukon.ui import theme
from yukon.ui.art.faces import CardArt, CardStyle
from yukon.ui.dialogs.base import Dialog
from yukon.ui.shell.scene import Host
from yukon.ui.widgets import Button, Checkbox, Choice, Control

C = TypeVar("C", TableColour, CardBack, AnimationSpeed, SpeechMode)
# An on/off setting: which it is, what it does, how to read and change it.
Toggle = tuple[Setting, str, Callable[[Settings], bool], Callable[[Settings, bool], Settings]]


class SettingsPage(enum.Enum):
    PLAY = enum.auto()
    LOOK = enum.auto()
    SOUND = enum.auto()


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
    OPTIONS: tuple[Toggle, ...] = (
        (
            Setting.DOUBLE_CLICK,
            N_("double tap sends cards to the best place"),
            lambda settings: settings.double_click,
            lambda settings, on: replace(settings, double_click=on),
        ),
        (
            Setting.PLACEMENT_HELP,
            N_("highlights where the held cards may go"),
            lambda settings: settings.placement_help,
            lambda settings, on: replace(settings, placement_help=on),
        ),
        (
            Setting.INTERACTIVE_RULES,
            N_("says which rule forbids a move"),
            lambda settings: settings.interactive_rules,
            lambda settings, on: replace(settings, interactive_rules=on),
        ),
        (
            Setting.AUTO_PLACEMENT,
            N_("a released card finds its own place"),
            lambda settings: settings.auto_placement,
            lambda settings, on: replace(settings, auto_placement=on),
        ),
        (
            Setting.LIVE_VERDICT,
            N_("in the info bar, after every move"),
            lambda settings: settings.live_verdict,
            lambda settings, on: replace(settings, live_verdict=on),
        ),
    )
    LOOK_OPTIONS: tuple[Toggle, ...] = (
        (
            Setting.FOUR_COLOUR,
            N_("each suit its own colour"),
            lambda settings: settings.four_colour,
            lambda settings, on: replace(settings, four_colour=on),
        ),
        (
            Setting.LARGE_INDICES,
            N_("bigger, bolder corner indices"),
            lambda settings: settings.large_indices,
            lambda settings, on: replace(settings, large_indices=on),
        ),
        (
            Setting.LEFT_HANDED,
            N_("foundations on the left"),
            lambda settings: settings.left_handed,
            lambda settings, on: replace(settings, left_handed=on),
        ),
    )
    SOUND_OPTION: Toggle = (
        Setting.SOUND,
        N_("sound effects for every move"),
        lambda settings: settings.sound,
        lambda settings, on: replace(settings, sound=on),
    )
    PAGES = tuple(SettingsPage)
    ROWS = 6  # the most rows a page has: every page gets the same height

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.boxes = [self._box(option) for option in self.OPTIONS]
        languages = [(language.value, language.native_name) for language in Language]
        self.language_choice = Choice(
            self._word(N_("Language")),
            [("", self._system_language), *languages],
            lambda: self.session.settings.language or "",
            lambda value: self._change(replace(self.session.settings, language=value or None)),
        )
        self.back_choice = self._choice(
            Setting.CARD_BACK,
            CardBack,
            lambda settings: settings.card_back,
            lambda settings, back: replace(settings, card_back=back),
        )
        self.pages: dict[SettingsPage, list[Checkbox | Choice]] = {
            SettingsPage.PLAY: [*self.boxes, self.language_choice],
            SettingsPage.LOOK: [
                self._choice(
                    Setting.TABLE_COLOUR,
                    TableColour,
                    lambda settings: settings.table_colour,
                    lambda settings, colour: replace(settings, table_colour=colour),
                ),
                self.back_choice,
                *(self._box(option) for option in self.LOOK_OPTIONS),
                self._choice(
                    Setting.ANIMATION,
                    AnimationSpeed,
                    lambda settings: settings.animation,
                    lambda settings, speed: replace(settings, animation=speed),
                ),
            ],
            SettingsPage.SOUND: self._sound_page(),
        }
        self.page = SettingsPage.PLAY
        self.back_preview = pygame.Rect(0, 0, 0, 0)  # the card back's picture, on Look
        self._back: tuple[tuple[tuple[int, int], str], pygame.Surface] | None = None
        self.note_y = 0
        self.tabs = [
            Button(self._word(PAGE_NAMES[page]), self._show_page(page)) for page in self.PAGES
        ]
        self.buttons = [Button(self._word(N_("Done")), self.close, primary=True)]

    def _sound_page(self) -> list[Checkbox | Choice]:
        """Sound, its volume, and speech."""
        return [
            # With no audio device neither can do anything: greyed, the
            # stored choice kept for when a device is there.
            self._box(self.SOUND_OPTION, enabled=self._has_audio),
            Choice(
                self._word(SETTING_NAMES[Setting.VOLUME]),
                [(str(level), self._percent(level)) for level in VOLUMES],
                lambda: str(self.session.settings.volume),
                lambda value: self._change(replace(self.session.settings, volume=int(value))),
                # no volume without sound
                enabled=lambda: self._has_audio() and self.session.settings.sound,
            ),
            # Speech needs no audio device of the game's: the speech engine has its own.
            self._choice(
                Setting.SPEECH,
                SpeechMode,
                lambda settings: settings.speech,
                lambda settings, mode: replace(settings, speech=mode),
            ),
        ]

    def _word(self, message: str) -> Callable[[], str]:
        return lambda: self.tr.gettext(message)

    def _percent(self, level: int) -> Callable[[], str]:
        return lambda: format_percent(self.tr, level / 100)

    def _box(self, option: Toggle, *, enabled: Callable[[], bool] | None = None) -> Checkbox:
        setting, note, get, put = option
        return Checkbox(
            self._word(SETTING_NAMES[setting]),
            lambda: get(self.session.settings),
            lambda on: self._change(put(self.session.settings, on)),
            self._word(note),
            enabled=enabled,
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

    def _choice(
        self,
        setting: Setting,
        choices: type[C],
        get: Callable[[Settings], C],
        put: Callable[[Settings, C], Settings],
    ) -> Choice:
        named: list[tuple[str, Callable[[], str]]] = [
            (choice.value, self._word(CHOICE_NAMES[choice])) for choice in choices
        ]
        return Choice(
            self._word(SETTING_NAMES[setting]),
            named,
            lambda: get(self.session.settings).value,
            lambda value: self._change(put(self.session.settings, choices(value))),
        )

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
                self.dirty = True
                return
        for tab in self.tabs:
            if tab.handle_event(event):
                self.dirty = True
                return
        super().handle_event(event)

    def draw_content(self, surface: pygame.Surface) -> None:
        u = self.unit
        for page, tab in zip(self.PAGES, self.tabs, strict=True):
            tab.primary = page is self.page  # the page on show stands out
            tab.draw(surface, u, light=True)
        line_y = self.tabs[0].rect.bottom + round(u * 0.5)
        pygame.draw.line(
            surface, theme.PANEL_LINE, (self.panel.x + u, line_y), (self.panel.right - u, line_y)
        )
        for control in self.controls:
            control.draw(surface, u)
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
