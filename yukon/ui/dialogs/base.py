"""The dialog: a panel over the table with a title, content and buttons.

Each dialog is a scene (``handle_event``, ``update(dt)``, ``draw(surface)``)
pushed over the table; Esc closes it. Dialogs never change the game
themselves: they ask the session, through their ``Host``.
"""

from __future__ import annotations

import pygame

from yukon.persistence import Settings
from yukon.ui import theme
from yukon.ui.art.palette import SuitInks, text_inks
from yukon.ui.cards.layout import bar_height
from yukon.ui.chrome_colours import Palette
from yukon.ui.shadow import soft_shadow
from yukon.ui.shell.scene import Changes, Host, Rects
from yukon.ui.text_boxes import holding
from yukon.ui.widgets import Button, Checkbox, Choice, Control, can_act, draw_focus

PAGE_UNITS = 44  # the width of Help and the Examples page, in units


def dialog_unit(size: tuple[int, int], width_units: int, density: float = 1.0) -> int:
    """A dialog's sizing unit (its body text size) in a window of ``size``:
    a fortieth of the height, so dialogs keep their proportion to the cards
    at any size, narrower where ``width_units`` of it would not fit across,
    and never under 14 points.

    >>> dialog_unit((800, 600), 30), dialog_unit((3840, 2160), 46)
    (15, 54)
    >>> dialog_unit((1600, 1200), 46, density=2.0), dialog_unit((900, 2000), 46)
    (30, 18)
    """
    width, height = size
    return max(round(14 * density), min(round(height / 40), width // (width_units + 2)))


class Dialog:
    """A centred panel over a dimmed table.

    Played from the keyboard too: Tab and Shift+Tab move a focus ring over
    its controls (``focus_order``), Space or Enter presses or ticks the one
    in focus (Enter with none in focus presses the main button), Esc closes.
    """

    title = ""
    width_units = 30  # panel width in font-size units
    shade_alpha = 120  # how much the table behind is dimmed
    full_height = False  # a page as tall as the window allows (Help)

    def __init__(self, host: Host) -> None:
        self.host = host
        self.tr = host.translator
        self.session = host.session
        self.now = 0.0
        self.changes = Changes()  # a new dialog is drawn whole
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

    def heading(self) -> str:
        """The panel's title, in the player's language."""
        return self.tr.gettext(self.title)

    def draw_content(self, surface: pygame.Surface) -> None:
        pass

    @property
    def animating(self) -> bool:
        return False

    @property
    def needs_draw(self) -> bool:
        return bool(self.changes.marked) or self.animating

    def redraw(self) -> None:
        """Something the dialog shows changed: draw it again."""
        self.changes.mark()

    @property
    def palette(self) -> Palette:
        """The chrome's colours the dialog is drawn in: around the table
        colour of the player's settings."""
        return theme.chrome_of(self.session.settings)

    def suit_inks(self, *, dark: bool = False) -> SuitInks:
        """The inks of suit signs in text, as the player's deck prints them:
        on the panel, or (``dark``) on a table shown in it."""
        return text_inks(four_colour=self.session.settings.four_colour, dark=dark)

    def apply_settings(self, settings: Settings) -> None:
        """Lay out again, in place: what the settings change (a language,
        a text size) may change the size of what is shown."""
        if self._size is not None:
            self._lay_out(self._size)
        self.redraw()

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
        self.redraw()

    def keyboard_start(self) -> None:
        """Opened with a key: the control a key should act on first takes
        the focus (the first one, unless a dialog knows better)."""
        self.move_focus(1)

    def move_focus(self, step: int) -> None:
        """Tab (``step`` 1) or Shift+Tab (-1): the next control that can act."""
        order = [c for c in self.focus_order() if can_act(c)]
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
            self.redraw()

    def leave(self) -> None:
        """Drop the buttons' hover highlight: the pointer left the window or
        another dialog took the input; its next motion here lights them again."""
        if any([button.leave() for button in self.all_buttons()]):
            self.redraw()

    def resize(self, size: tuple[int, int]) -> None:
        self.cancel_press()  # the buttons move from under the pointer
        self._lay_out(size)

    def panel_width(self, size: tuple[int, int]) -> int:
        """The panel's width in a window of ``size``, at the dialog's unit
        (at least 1 even in a window forced smaller than any dialog)."""
        return max(1, min(size[0] - 2 * self.unit, self.width_units * self.unit))

    def _lay_out(self, size: tuple[int, int]) -> None:
        self._size = size
        width, height = size
        density = self.host.density  # the limits are in points
        self.unit = dialog_unit(size, self.width_units, density)
        u = self.unit
        w = self.panel_width(size)
        title_h = round(u * 2.6)
        buttons_h = round(u * 3.2)
        # Clear of the top bar, and as far from the bottom edge (a full-height
        # page reaches down to half a unit from it: at 800x600 the Examples
        # page's 21-card column needs all the height the bar leaves).
        edge = max(u, bar_height(height, density) + u // 2)
        below = u // 2 if self.full_height else edge
        h = max(1, min(height - edge - below, title_h + self.content_height() + buttons_h))
        self.panel = pygame.Rect(0, 0, w, h)
        self.panel.center = (width // 2, height // 2)
        if self.full_height and height - edge - below >= 1:
            self.panel.top = edge
        self.layout_content(self.panel.y + title_h)
        # Buttons right-aligned along the bottom, primary last.
        x = self.panel.right - u
        for button in reversed(self.buttons):
            face = theme.font(u, bold=button.primary)
            bw = max(face.size(label)[0] for label in button.all_labels) + 2 * u
            button.rect = pygame.Rect(
                x - bw, self.panel.bottom - round(u * 2.4), bw, round(u * 1.8)
            )
            x -= bw + u // 2
        self._shade = None
        self.redraw()

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
            if focused is not None and not can_act(focused):
                focused = None  # greyed since it took the focus: keys go on as with none
            if event.key == pygame.K_ESCAPE:
                self.close()
                return
            if event.key == pygame.K_TAB:
                self.move_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
                return
            if isinstance(focused, Choice) and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                focused.step(1 if event.key == pygame.K_RIGHT else -1)
                self.redraw()
                return
            if event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
                # The control in focus (so Enter on an option never deals by
                # surprise); else Enter is the main button.
                pressed = isinstance(focused, (Button, Checkbox, Choice)) and focused.activate()
                if not pressed and event.key != pygame.K_SPACE:
                    self.accept()
                self.redraw()
                return
        for button in self.buttons:
            if button.handle_event(event):
                self.redraw()
                return
        if event.type == pygame.MOUSEMOTION:
            self.redraw()

    def update(self, dt: float) -> None:
        self.now += dt

    def draw(self, surface: pygame.Surface, alpha: float = 1.0) -> Rects:
        if self._shade is None or self._shade.get_size() != surface.get_size():
            self._shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            self._shade.fill((0, 0, 0, self.shade_alpha))
        surface.blit(self._shade, (0, 0))
        u = self.unit
        shadow = soft_shadow(self.panel.size, u)  # a little below the panel
        surface.blit(shadow, self.panel.inflate(2 * u, 2 * u).move(0, u // 3))
        pygame.draw.rect(surface, self.palette.panel, self.panel, border_radius=u // 2)
        title = theme.text(self.heading(), round(u * theme.TITLE), theme.PANEL_TEXT, bold=True)
        with holding(self.panel):
            surface.blit(title, (self.panel.x + u, self.panel.y + round(u * 0.8)))
            self.draw_content(surface)
        for button in self.buttons:
            button.draw(surface, u, self.palette, light=True)
        focused = self.focused
        # A text field shows its focus by its caret and border; a greyed
        # control shows none.
        shown = isinstance(focused, (Button, Checkbox, Choice)) and can_act(focused)
        if shown and focused in self.focus_order():
            draw_focus(surface, focused.rect, u)
        self.changes.take()
        return None
