"""Dialogs: New game, Settings and the win screen.

Each is a scene (``handle_event``, ``update(dt)``, ``draw(surface)``)
pushed over the table; Esc closes it. Dialogs never change the game
themselves: they ask the session, through their ``Host``.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from yukon.engine import InvalidGameCode, Rules, format_code, parse_code
from yukon.i18n import N_, Language, Translator, code_problem
from yukon.persistence import RuleStats, Settings
from yukon.persistence.settings import (
    ANIMATION_SPEEDS,
    CARD_BACKS,
    CHOICE_NAMES,
    SETTING_NAMES,
    TABLE_COLOURS,
    VOLUMES,
)
from yukon.ui import charts, theme
from yukon.ui.hud import format_time
from yukon.ui.layout import Layout
from yukon.ui.scene import Host, Rects
from yukon.ui.text_boxes import holding
from yukon.ui.widgets import (
    Button,
    Checkbox,
    Choice,
    Control,
    TextField,
    clipboard_put,
    draw_focus,
)

RULE_NAMES = {Rules.CLASSIC: N_("Classic"), Rules.RELAXED: N_("Relaxed")}


def format_number(tr: Translator, number: int) -> str:
    """``1,234,567`` with the language's own thousands separator."""
    return f"{number:,}".replace(",", tr.pgettext("thousands separator", ","))


def format_percent(tr: Translator, fraction: float) -> str:
    return tr.pgettext("a percentage", "{percent}%").format(percent=round(fraction * 100))


class Dialog:
    """A centred panel over a dimmed table.

    Played from the keyboard too: Tab and Shift+Tab move a focus ring over
    its controls (``focus_order``), Space or Enter presses or ticks the one
    in focus (Enter with none in focus presses the main button), Esc closes.
    """

    title = ""
    width_units = 30  # panel width in font-size units
    shade_alpha = 120  # how much the table behind is dimmed

    def __init__(self, host: Host) -> None:
        self.host = host
        self.tr = host.translator
        self.session = host.session
        self.now = 0.0
        self.dirty = True
        self.buttons: list[Button] = []
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.unit = 18
        self._shade: pygame.Surface | None = None
        self._size: tuple[int, int] | None = None  # the window's, when last laid out
        self.focused: Control | None = None  # the control the keyboard acts on

    # Subclasses lay out their content from ``self.panel`` and ``self.unit``
    # and return the panel height they need.
    def content_height(self) -> int:
        return 0

    def layout_content(self, top: int) -> None:
        pass

    def draw_content(self, surface: pygame.Surface) -> None:
        pass

    @property
    def animating(self) -> bool:
        return False

    @property
    def needs_draw(self) -> bool:
        return self.dirty or self.animating

    def redraw(self) -> None:
        self.dirty = True

    def apply_settings(self, settings: Settings) -> None:
        """Lay out again, in place: what the settings change (a language,
        a text size) may change the size of what is shown."""
        if self._size is not None:
            self._lay_out(self._size)
        self.dirty = True

    def suspend(self) -> None:
        self.cancel_press()

    def lose_focus(self) -> None:
        self.cancel_press()

    def all_buttons(self) -> list[Button]:
        """Every button of the dialog, the bottom row and any others."""
        return self.buttons

    def focus_order(self) -> list[Control]:
        """The controls Tab walks through, in reading order."""
        return list(self.all_buttons())

    def set_focus(self, control: Control | None) -> None:
        self.focused = control
        self.dirty = True

    def keyboard_start(self) -> None:
        """Opened with a key: the control a key should act on first takes
        the focus (the first one, unless a dialog knows better)."""
        self.move_focus(1)

    def move_focus(self, step: int) -> None:
        """Tab (``step`` 1) or Shift+Tab (-1): the next control that can act."""
        order = [c for c in self.focus_order() if not isinstance(c, Button) or c.enabled()]
        if not order:
            return
        if self.focused in order:
            self.set_focus(order[(order.index(self.focused) + step) % len(order)])
        else:
            self.set_focus(order[0 if step > 0 else -1])

    def cancel_press(self) -> None:
        """Let go of a pressed button without its action: the release will not
        come here (another dialog took the input, the window lost focus or
        changed size)."""
        if any([button.cancel() for button in self.all_buttons()]):
            self.dirty = True

    def leave(self) -> None:
        """Drop the buttons' hover highlight: the pointer left the window or
        another dialog took the input; its next motion here lights them again."""
        if any([button.leave() for button in self.all_buttons()]):
            self.dirty = True

    def resize(self, size: tuple[int, int]) -> None:
        self.cancel_press()  # the buttons move from under the pointer
        self._lay_out(size)

    def _lay_out(self, size: tuple[int, int]) -> None:
        self._size = size
        width, height = size
        density = self.host.density  # the limits are in points
        self.unit = max(round(14 * density), min(round(30 * density), round(height / 40)))
        u = self.unit
        # At least 1x1 even in a window forced smaller than any dialog.
        w = max(1, min(width - 2 * u, self.width_units * u))
        title_h = round(u * 2.6)
        buttons_h = round(u * 3.2)
        # Clear of the top bar, and as far from the bottom edge.
        edge = max(u, Layout.for_size(width, height, density).bar_h + u // 2)
        h = max(1, min(height - 2 * edge, title_h + self.content_height() + buttons_h))
        self.panel = pygame.Rect(0, 0, w, h)
        self.panel.center = (width // 2, height // 2)
        self.layout_content(self.panel.y + title_h)
        # Buttons right-aligned along the bottom, primary last.
        x = self.panel.right - u
        for button in reversed(self.buttons):
            bw = theme.font(u, button.primary).size(button.label)[0] + 2 * u
            button.rect = pygame.Rect(
                x - bw, self.panel.bottom - round(u * 2.4), bw, round(u * 1.8)
            )
            x -= bw + u // 2
        self._shade = None
        self.dirty = True

    def close(self) -> None:
        self.host.close(self)

    def accept(self) -> None:
        """Enter: the primary button's action."""
        for button in self.buttons:
            if button.primary and button.enabled():
                button.action()
                return

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            focused = self.focused if self.focused in self.focus_order() else None
            if event.key == pygame.K_ESCAPE:
                self.close()
                return
            if event.key == pygame.K_TAB:
                self.move_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
                return
            if isinstance(focused, Choice) and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                focused.step(1 if event.key == pygame.K_RIGHT else -1)
                self.dirty = True
                return
            if event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
                # The control in focus (so Enter on an option never deals by
                # surprise); else Enter is the main button.
                pressed = isinstance(focused, (Button, Checkbox, Choice)) and focused.activate()
                if not pressed and event.key != pygame.K_SPACE:
                    self.accept()
                self.dirty = True
                return
        for button in self.buttons:
            if button.handle_event(event):
                self.dirty = True
                return
        if event.type == pygame.MOUSEMOTION:
            self.dirty = True

    def update(self, dt: float) -> None:
        self.now += dt

    def draw(self, surface: pygame.Surface, alpha: float = 1.0) -> Rects:
        if self._shade is None or self._shade.get_size() != surface.get_size():
            self._shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            self._shade.fill((0, 0, 0, self.shade_alpha))
        surface.blit(self._shade, (0, 0))
        u = self.unit
        shadow = pygame.Surface(self.panel.inflate(u, u).size, pygame.SRCALPHA)
        pygame.draw.rect(shadow, (0, 0, 0, 70), shadow.get_rect(), border_radius=u)
        surface.blit(shadow, self.panel.move(-u // 2, -u // 2 + u // 3))
        pygame.draw.rect(surface, theme.PANEL, self.panel, border_radius=u // 2)
        title = theme.text(self.tr.gettext(self.title), round(u * 1.5), theme.PANEL_TEXT, True)
        with holding(self.panel):
            surface.blit(title, (self.panel.x + u, self.panel.y + round(u * 0.8)))
            self.draw_content(surface)
        for button in self.buttons:
            button.draw(surface, u, light=True)
        focused = self.focused
        # A text field shows its focus by its caret and border.
        if isinstance(focused, (Button, Checkbox, Choice)) and focused in self.focus_order():
            draw_focus(surface, focused.rect, u)
        self.dirty = False
        return None


class NewGameDialog(Dialog):
    """Choose the rule set, or type or paste a game code; copy the current one."""

    title = N_("New game")
    width_units = 32

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        session = self.session
        self.rules = session.settings.rule_set
        self.field = TextField("", max_length=40)
        self.copied_until = -1.0
        self.copied = False
        tr = self.tr
        self.rule_buttons = [
            Button(lambda: tr.gettext("Classic"), lambda: self._choose(Rules.CLASSIC)),
            Button(lambda: tr.gettext("Relaxed"), lambda: self._choose(Rules.RELAXED)),
        ]
        self.copy_button = Button(
            lambda: tr.gettext("Copy current code"),
            self.copy_code,
            enabled=lambda: session.game.code is not None,
        )
        self.winnable_box = Checkbox(
            lambda: tr.gettext(SETTING_NAMES["winnable_only"]),
            lambda: session.settings.winnable_only,
            lambda on: session.change_settings(winnable_only=on),
            lambda: tr.gettext("proven by the solver"),
        )
        self.buttons = [
            Button(lambda: tr.gettext("Cancel"), self.close),
            Button(lambda: tr.gettext("Deal"), self.deal, primary=True),
        ]
        self.focused = self.field  # typing goes to the code
        pygame.key.start_text_input()

    def all_buttons(self) -> list[Button]:
        return [*self.rule_buttons, self.copy_button, *self.buttons]

    def focus_order(self) -> list[Control]:
        return [self.field, *self.rule_buttons, self.copy_button, self.winnable_box, *self.buttons]

    def set_focus(self, control: Control | None) -> None:
        super().set_focus(control)
        self.field.focused = control is self.field

    def _choose(self, rules: Rules) -> None:
        """Pick a rule set; a valid code typed in gets it too (same deal)."""
        self.rules = rules
        typed = self.typed_code
        if typed is not None:
            self.field.set(format_code(typed[0], rules))
        self.dirty = True

    @property
    def shown_rules(self) -> Rules:
        """The rule set the Deal button will use: a valid code's own, else the
        one chosen."""
        typed = self.typed_code
        return self.rules if typed is None else typed[1]

    def copy_code(self) -> None:
        code = self.session.game.code
        self.copied = code is not None and bool(code) and clipboard_put(code)
        self.copied_until = self.now + 2.5
        self.dirty = True

    @property
    def typed_code(self) -> tuple[int, Rules] | None:
        """The deal and rules of the typed code, or None if empty or invalid."""
        if not self.field.value.strip():
            return None
        try:
            return parse_code(self.field.value)
        except InvalidGameCode:
            return None

    @property
    def code_problem(self) -> str | None:
        """The engine's message for the typed code, or None if empty or valid."""
        if not self.field.value.strip():
            return None
        try:
            parse_code(self.field.value)
        except InvalidGameCode as error:
            return code_problem(self.tr, error)
        return None

    def deal(self) -> None:
        text = self.field.value.strip()
        rules = self.rules
        if text:
            if self.code_problem is not None:
                self.dirty = True
                return
            rules = self.shown_rules  # the code's own rule set is the one chosen
            self.session.start_game(text)
        else:
            self.session.start_random_game(rules)
        self.session.remember_rules(rules)
        self.close()

    def close(self) -> None:
        pygame.key.stop_text_input()
        super().close()

    def content_height(self) -> int:
        u = self.unit
        warning = round(u * 1.6) if self.session.abandon_warning else 0
        return round(u * 16.1) + warning

    def layout_content(self, top: int) -> None:
        u = self.unit
        left = self.panel.x + u
        self.rules_label_y = top
        y = top + round(u * 1.4)
        bw = (self.panel.w - 3 * u) // 2
        for i, button in enumerate(self.rule_buttons):
            button.rect = pygame.Rect(left + i * (bw + u), y, bw, round(u * 2.0))
        y += round(u * 2.0) + u // 3
        self.rule_note_y = y
        y += round(u * 1.6)
        self.code_label_y = y
        y += round(u * 1.4)
        self.field.rect = pygame.Rect(left, y, self.panel.w - 2 * u, round(u * 2.0))
        y += round(u * 2.2)
        self.message_y = y
        y += round(u * 2.5)  # two lines: the engine's message in full
        cw = theme.font(u).size(self.copy_button.label)[0] + 2 * u
        self.copy_button.rect = pygame.Rect(left, y, cw, round(u * 1.8))
        y += round(u * 2.3)
        self.winnable_box.rect = pygame.Rect(left, y, self.panel.w - 2 * u, round(u * 1.6))
        y += round(u * 2.1)
        self.warning_y = y

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.field.rect.collidepoint(event.pos):
                self.set_focus(self.field)  # a click in the field puts it in focus
            elif self.focused is self.field:
                self.set_focus(None)
        elif event.type == pygame.TEXTINPUT and self.focused is not self.field:
            if not event.text.strip():
                return  # the Space that pressed the control in focus
            self.set_focus(self.field)  # typing goes to the code wherever the focus was
        elif event.type == pygame.KEYDOWN and event.key in _EDITING_KEYS:
            self.set_focus(self.field)  # so do pasting and editing
        if self.field.handle_event(event) or self.winnable_box.handle_event(event):
            self.dirty = True
            return
        for button in [*self.rule_buttons, self.copy_button]:
            if button.handle_event(event):
                self.dirty = True
                return
        super().handle_event(event)

    def update(self, dt: float) -> None:
        before = int(self.now * 2)
        super().update(dt)
        if int(self.now * 2) != before:
            self.dirty = True  # caret blink

    def draw_content(self, surface: pygame.Surface) -> None:
        u = self.unit
        left = self.panel.x + u
        tr = self.tr
        surface.blit(
            theme.text(tr.gettext("Rules"), u, theme.PANEL_DIM, True), (left, self.rules_label_y)
        )
        shown = self.shown_rules
        for button, rules in zip(self.rule_buttons, Rules, strict=True):
            button.primary = rules is shown
            button.draw(surface, u, light=True)
        if shown is Rules.CLASSIC:
            note = tr.gettext("Build down in alternating colours (red on black).")
        else:
            note = tr.gettext("Build down in any colour: only the rank matters.")
        surface.blit(theme.text(note, round(u * 0.9), theme.PANEL_DIM), (left, self.rule_note_y))
        surface.blit(
            theme.text(
                tr.gettext("Game code (optional: type or paste, e.g. YU1-C-AAAAAAB)"),
                u,
                theme.PANEL_DIM,
                True,
            ),
            (left, self.code_label_y),
        )
        problem = self.code_problem
        self.field.draw(surface, u, self.now, error=problem is not None)
        message, color = self._code_message(problem)
        lines = _two_lines(message, round(u * 0.85), self.panel.w - 2 * u)
        for i, (line, size) in enumerate(lines):
            label = theme.text(line, size, color)
            surface.blit(label, (left, self.message_y + i * round(size * 1.25)))
        self.copy_button.draw(surface, u, light=True)
        self.winnable_box.draw(surface, round(u * 0.95))
        self._draw_code(surface)
        if self.session.abandon_warning:
            warning = tr.gettext(self.session.abandon_warning)
            text = theme.text(warning, round(u * 0.9), theme.ERROR)
            surface.blit(text, (left, self.warning_y))

    def _code_message(self, problem: str | None) -> tuple[str, tuple[int, int, int]]:
        """Under the code field: what is wrong with it, or what Deal will deal."""
        tr = self.tr
        if problem is not None:
            return problem, theme.ERROR
        typed = self.typed_code
        if typed is not None:
            deal, rules = typed
            if rules is Rules.CLASSIC:
                message = tr.gettext("Deal {deal} with Classic rules.")
            else:
                message = tr.gettext("Deal {deal} with Relaxed rules.")
            return message.format(deal=format_number(tr, deal)), theme.OK
        if self.rules is Rules.CLASSIC:
            return tr.gettext("Leave empty for a new random Classic deal."), theme.PANEL_DIM
        return tr.gettext("Leave empty for a new random Relaxed deal."), theme.PANEL_DIM

    def _draw_code(self, surface: pygame.Surface) -> None:
        """Beside the copy button: the current code, or whether it was copied."""
        u, code = self.unit, self.session.game.code
        if self.now < self.copied_until:
            if self.copied:
                said = self.tr.gettext("Copied {code}")
            else:
                said = self.tr.gettext("No clipboard here: note it down, {code}")
            label = theme.text(
                said.format(code=code), round(u * 0.9), theme.OK if self.copied else theme.ERROR
            )
        elif code:
            label = theme.text(code, round(u * 0.9), theme.PANEL_DIM)
        else:
            return
        at = (self.copy_button.rect.right + u // 2, self.copy_button.rect.centery)
        surface.blit(label, label.get_rect(midleft=at))


# Keys that edit the New game dialog's code field wherever the focus is (a
# typed character does too; Space and Enter press the control in focus).
_EDITING_KEYS = frozenset(
    (pygame.K_v, pygame.K_a, pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_HOME, pygame.K_END)
)


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


class WinDialog(Dialog):
    """Score, time and moves of the game just won, and a New game button."""

    title = N_("You won!")
    width_units = 22
    shade_alpha = 0  # the celebration goes on around it, undimmed

    DEMO_TITLE = N_("The demo won the game")
    DEMO_NOTE = N_("Statistics count it as played, not won.")

    def __init__(
        self, host: Host, score: int, seconds: float, moves: int, *, demo: bool = False
    ) -> None:
        super().__init__(host)
        if demo:  # the demo played it from cards still face down: not the player's win
            self.title = self.DEMO_TITLE
        self.note = self.DEMO_NOTE if demo else ""
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
        for name, value in self.lines:
            label = theme.text(self.tr.gettext(name), round(u * 1.2), theme.PANEL_DIM)
            number = theme.text(value, round(u * 1.4), theme.PANEL_TEXT, True)
            surface.blit(label, (self.panel.x + u, y))
            surface.blit(number, number.get_rect(topright=(self.panel.right - u, y)))
            y += round(u * 1.9)
        if self.note:
            note = theme.text(self.tr.gettext(self.note), round(u * 0.95), theme.PANEL_DIM)
            surface.blit(note, (self.panel.x + u, y + round(u * 0.3)))


def _two_lines(message: str, size: int, width: int) -> list[tuple[str, int]]:
    """``message`` in at most two lines of ``width`` pixels, each with its
    font size: smaller type if it needs it, an ellipsis only as a last
    resort (a code pasted with 40 characters of junk)."""
    for each in (size, round(size * 0.85)):
        face = theme.font(each)
        lines = theme.wrap(message, width, _measure(face))
        if len(lines) <= 2:
            return [(line, each) for line in lines]
    return [(lines[0], each), (_fit(" ".join(lines[1:]), each, width), each)]


def _measure(face: theme.SmoothFont) -> Callable[[str], int]:
    return lambda line: face.size(line)[0]


def _fit(message: str, size: int, width: int) -> str:
    """Shorten ``message`` with an ellipsis until it fits ``width`` pixels."""
    face = theme.font(size)
    if face.size(message)[0] <= width:
        return message
    while message and face.size(message + "...")[0] > width:
        message = message[:-1]
    return message + "..."


class StatsDialog(Dialog):
    """Statistics for Classic and Relaxed side by side, then pictures of one
    rule set's recent games (win rate, winning times, move counts), with a
    reset that asks first."""

    title = N_("Statistics")
    width_units = 40
    ROWS: tuple[tuple[str, Callable[[RuleStats], str]], ...] = (
        (N_("Games played"), lambda s: str(s.played)),
        (N_("Games won"), lambda s: str(s.won)),
        (N_("Win rate"), lambda s: f"{s.win_rate:.0%}" if s.played else "-"),
        (N_("Current streak"), lambda s: str(s.current_streak)),
        (N_("Longest streak"), lambda s: str(s.longest_streak)),
        (N_("Best score"), lambda s: "-" if s.best_score is None else str(s.best_score)),
        (
            N_("Fastest win"),
            lambda s: "-" if s.fastest_win is None else format_time(s.fastest_win),
        ),
        (N_("Fewest moves"), lambda s: "-" if s.fewest_moves is None else str(s.fewest_moves)),
    )
    CHARTS = (N_("Win rate, last games"), N_("Winning times"), N_("Moves per win"))
    ROW = 1.45  # the figures' line height, in units
    CHART = 5.5  # a chart's height, in units

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.confirming = False
        self.chart_rules = self.session.settings.rule_set
        self.rule_tabs = [
            Button(self._rule_name(rules), self._show_rules(rules)) for rules in Rules
        ]
        self._normal_buttons()

    def _rule_name(self, rules: Rules) -> Callable[[], str]:
        return lambda: self.tr.gettext(RULE_NAMES[rules])

    def _show_rules(self, rules: Rules) -> Callable[[], None]:
        def show() -> None:
            self.chart_rules = rules
            self.dirty = True

        return show

    def all_buttons(self) -> list[Button]:
        return [*self.buttons, *self.rule_tabs]

    def focus_order(self) -> list[Control]:
        return [*self.buttons] if self.confirming else [*self.buttons, *self.rule_tabs]

    def keyboard_start(self) -> None:
        """Opened with S, Enter closes it again: the focus is on Close."""
        self.set_focus(self.buttons[-1])

    def _normal_buttons(self) -> None:
        self.confirming = False
        tr = self.tr
        close = Button(lambda: tr.gettext("Close"), self.close, primary=True)
        self.buttons = [Button(lambda: tr.gettext("Reset..."), self.ask_reset), close]
        if self.focused is not None:
            self.set_focus(close)  # answered from the keyboard: the focus stays on a button
        self.resize(self.host.size)

    def ask_reset(self) -> None:
        self.confirming = True
        tr = self.tr
        keep = Button(lambda: tr.gettext("Keep them"), self._normal_buttons)
        self.buttons = [keep, Button(lambda: tr.gettext("Reset all"), self.reset, primary=True)]
        if self.focused is not None:
            self.set_focus(keep)  # asked from the keyboard: the safe answer first
        self.resize(self.host.size)

    def reset(self) -> None:
        self.session.reset_stats()
        self._normal_buttons()

    def accept(self) -> None:
        if self.confirming:
            self._normal_buttons()  # Enter never erases statistics by accident
        else:
            self.close()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.confirming:
            self._normal_buttons()
            return
        if not self.confirming and event.type != pygame.KEYDOWN:
            for tab in self.rule_tabs:
                if tab.handle_event(event):
                    self.dirty = True
                    return
        super().handle_event(event)

    def content_height(self) -> int:
        rows = round(self.unit * self.ROW * (len(self.ROWS) + 1))
        return rows + round(self.unit * (3.4 + self.CHART + 2.4))

    def layout_content(self, top: int) -> None:
        self.top = top
        u = self.unit
        y = top + round(u * self.ROW * (len(self.ROWS) + 1)) + round(u * 0.6)
        x = self.panel.x + u
        for tab in self.rule_tabs:
            w = theme.font(u).size(tab.label)[0] + 2 * u
            tab.rect = pygame.Rect(x, y, w, round(u * 1.6))
            x += w + u // 3
        self.charts_top = y + round(u * 2.4)

    def draw_content(self, surface: pygame.Surface) -> None:
        u = self.unit
        size = round(u * 0.95)
        x_name = self.panel.x + u
        x_cols = (self.panel.x + round(self.panel.w * 0.7), self.panel.right - u)
        y = self.top
        for x, rules in zip(x_cols, Rules, strict=True):
            head = theme.text(self.tr.gettext(RULE_NAMES[rules]), size, theme.PANEL_TEXT, True)
            surface.blit(head, head.get_rect(topright=(x, y)))
        y += round(u * self.ROW)
        pygame.draw.line(surface, theme.PANEL_LINE, (x_name, y - u // 4), (x_cols[1], y - u // 4))
        for name, value in self.ROWS:
            surface.blit(theme.text(self.tr.gettext(name), size, theme.PANEL_DIM), (x_name, y))
            for x, rules in zip(x_cols, Rules, strict=True):
                stats = self.session.stats.for_rules(rules)
                shown = value(stats)
                if name == "Win rate" and stats.played:  # the language's own way
                    shown = format_percent(self.tr, stats.win_rate)
                label = theme.text(shown, size, theme.PANEL_TEXT)
                surface.blit(label, label.get_rect(topright=(x, y)))
            y += round(u * self.ROW)
        self._draw_charts(surface)
        if self.confirming:  # in place of the rule set buttons
            note = self.tr.gettext("Reset the statistics of both rule sets? This cannot be undone.")
            row = self.rule_tabs[0].rect
            surface.blit(theme.text(note, size, theme.ERROR), (x_name, row.y + u // 4))

    def _draw_charts(self, surface: pygame.Surface) -> None:
        """The chosen rule set's recent games in three small pictures."""
        u = self.unit
        for rules, tab in zip(Rules, self.rule_tabs, strict=True):
            tab.primary = rules is self.chart_rules  # the rule set shown
            if not self.confirming:
                tab.draw(surface, round(u * 0.9), light=True)
        stats = self.session.stats.for_rules(self.chart_rules)
        left, width = self.panel.x + u, self.panel.w - 2 * u
        gap = u
        chart_w = (width - 2 * gap) // 3
        size = max(12, round(u * 0.85))
        for i, caption in enumerate(self.CHARTS):
            x = left + i * (chart_w + gap)
            label = theme.text(self.tr.gettext(caption), size, theme.PANEL_DIM)
            surface.blit(label, (x, self.charts_top))
            rect = pygame.Rect(x, self.charts_top + round(u * 1.3), chart_w, round(u * self.CHART))
            if i == 0:
                charts.draw_rate(surface, rect, stats.results, self.tr)
            elif i == 1:
                bins = charts.histogram(stats.win_times, charts.TIME_STEPS)
                charts.draw_histogram(surface, rect, bins, charts.minutes, self.tr)
            else:
                bins = charts.histogram(stats.win_moves, charts.MOVE_STEPS)
                charts.draw_histogram(surface, rect, bins, tr=self.tr)
