"""Buttons, check boxes, rows of choices and a text field: the few controls
the dialogs need."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from yukon.safe_text import safe_text
from yukon.ui import theme
from yukon.ui.chrome_colours import Palette
from yukon.ui.text_boxes import holding

# A text a control shows: fixed, or asked each time (a translated word
# follows the language at once).
Label = str | Callable[[], str]


# A control that cannot act, on a light panel: greyed, its choice still told apart.
DISABLED_FILL = (230, 228, 222)
DISABLED_CHOSEN = (178, 176, 170)
DISABLED_INK = (160, 160, 160)


def label_text(label: Label) -> str:
    return label() if callable(label) else label


class Button:
    """A rounded button that calls ``action`` when clicked: released on it by
    the same press that started on it. ``enabled`` is asked at draw and
    click time."""

    def __init__(
        self,
        label: Label,
        action: Callable[[], None],
        rect: pygame.Rect | None = None,
        enabled: Callable[[], bool] | None = None,
        *,
        primary: bool = False,
        labels: Sequence[Label] = (),
        held: Callable[[], bool] | None = None,
        tip: Label = "",
    ) -> None:
        self._label = label
        # Drawn pressed while this says so (the Demo button while the demo plays).
        self.held = held or (lambda: False)
        self._labels = tuple(labels)  # every label it may show (for its width), if it changes
        self._tip = tip  # what it does and its keys, shown when the pointer rests on it
        self.action = action
        self.rect = rect or pygame.Rect(0, 0, 0, 0)
        self.enabled = enabled or (lambda: True)
        self.primary = primary
        self.hover = False
        self.down = False

    @property
    def label(self) -> str:
        return label_text(self._label)

    @label.setter
    def label(self, label: Label) -> None:
        self._label = label

    @property
    def tip_text(self) -> str:
        """Its tooltip: what it does, then a line with its keys ("": none)."""
        return label_text(self._tip)

    @property
    def all_labels(self) -> list[str]:
        """Every label the button may show: its width fits the widest."""
        return [label_text(label) for label in self._labels] or [self.label]

    def handle_event(self, event: pygame.event.Event) -> bool:
        """True if the event was this button's (so nothing else gets it)."""
        if event.type == pygame.MOUSEMOTION:
            hover = self.rect.collidepoint(event.pos)
            self.hover = hover
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.rect.collidepoint(event.pos):
                self.down = self.enabled()
                return True
            self.down = False  # a new press elsewhere: an earlier one ended unseen
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was_down, self.down = self.down, False
            if was_down and self.rect.collidepoint(event.pos) and self.enabled():
                self.action()
                return True
            return was_down
        return False

    def activate(self) -> bool:
        """Act as a click would (a key pressed on it); False if disabled."""
        if not self.enabled():
            return False
        self.action()
        return True

    def cancel(self) -> bool:
        """Let go of a press without acting: its release will not come here
        (another view took the input, or the window changed). True if the
        button was pressed, so it must be drawn again."""
        was_down, self.down = self.down, False
        return was_down

    def leave(self) -> bool:
        """Drop the hover highlight: the pointer's motion will not come here
        (it left the window, or a dialog took the input) until it moves
        again. True if the button was lit, so it must be drawn again."""
        was_lit, self.hover = self.hover, False
        return was_lit

    def draw(
        self, surface: pygame.Surface, size: int, colours: Palette, *, light: bool = False
    ) -> None:
        enabled = self.enabled()
        if light:
            base = colours.accent if self.primary else (226, 224, 216)
            hover = colours.accent_hover if self.primary else (210, 208, 200)
            fg = (255, 255, 255) if self.primary else theme.PANEL_TEXT
            if not enabled:
                base, fg = DISABLED_FILL, DISABLED_INK
        else:
            base = colours.button if enabled else colours.button_disabled
            hover = colours.button_hover
            fg = theme.TEXT if enabled else colours.text_disabled
        color = base
        if enabled and (self.down or self.held()):
            color = colours.button_down if not light else hover
        elif enabled and self.hover:
            color = hover
        radius = max(4, self.rect.height // 4)
        pygame.draw.rect(surface, color, self.rect, border_radius=radius)
        if not light:
            held = enabled and self.held()  # latched down: a bright rim tells it from a press
            rim, width = (colours.accent_hover, 2) if held else (colours.bar_line, 1)
            pygame.draw.rect(surface, rim, self.rect, width, border_radius=radius)
        label = theme.text(self.label, size, fg, bold=self.primary)
        with holding(self.rect):
            surface.blit(label, label.get_rect(center=self.rect.center))


class Checkbox:
    """A labelled on/off switch bound to a getter and a setter. ``enabled``
    is asked at draw, click and key time: while it says no (the switch can
    do nothing now) the box is greyed, still showing its state, and takes
    neither clicks, keys nor the focus."""

    def __init__(
        self,
        label: Label,
        get: Callable[[], bool],
        set_: Callable[[bool], None],
        note: Label = "",
        *,
        enabled: Callable[[], bool] | None = None,
    ) -> None:
        self._label = label
        self.get = get
        self.set = set_
        self._note = note
        self.enabled = enabled or (lambda: True)
        self.rect = pygame.Rect(0, 0, 0, 0)

    @property
    def label(self) -> str:
        return label_text(self._label)

    @property
    def note(self) -> str:
        return label_text(self._note)

    def activate(self) -> bool:
        """Switch it, as a click would (a key pressed on it); False if disabled."""
        if not self.enabled():
            return False
        self.set(not self.get())
        return True

    def handle_event(self, event: pygame.event.Event) -> bool:
        released = event.type == pygame.MOUSEBUTTONUP and event.button == 1
        if released and self.rect.collidepoint(event.pos) and self.enabled():
            self.set(not self.get())
            return True
        return False

    def draw(self, surface: pygame.Surface, size: int, colours: Palette) -> None:
        box = pygame.Rect(self.rect.x, self.rect.y + (self.rect.h - size) // 2, size, size)
        on = self.get()
        enabled = self.enabled()
        accent = colours.accent if enabled else DISABLED_CHOSEN
        blank = (255, 255, 255) if enabled else DISABLED_FILL
        pygame.draw.rect(surface, accent if on else blank, box, border_radius=max(3, size // 5))
        pygame.draw.rect(
            surface,
            accent if on else theme.PANEL_DIM if enabled else DISABLED_INK,
            box,
            2,
            border_radius=max(3, size // 5),
        )
        if on:
            s = size
            points = [
                (box.x + s * 0.22, box.y + s * 0.52),
                (box.x + s * 0.42, box.y + s * 0.72),
                (box.x + s * 0.78, box.y + s * 0.30),
            ]
            pygame.draw.lines(surface, (255, 255, 255), False, points, max(2, s // 7))
        ink = theme.PANEL_TEXT if enabled else DISABLED_INK
        label = theme.text(self.label, round(size * theme.LABEL), ink)
        with holding(self.rect):
            surface.blit(
                label,
                (box.right + size // 2, self.rect.y + (self.rect.h - label.get_height()) // 2),
            )
            if self.note:
                dim = theme.PANEL_DIM if enabled else DISABLED_INK
                note = theme.text(self.note, max(12, round(size * theme.NOTE)), dim)
                surface.blit(
                    note,
                    (
                        box.right + size // 2 + label.get_width() + size // 2,
                        self.rect.y + (self.rect.h - note.get_height()) // 2,
                    ),
                )


class Choice:
    """A labelled row of options, one of them chosen: a click picks one;
    with the keyboard focus, Left/Right step and Space or Enter moves on.
    ``enabled`` is asked at draw, click and key time: while it says no (the
    setting means nothing while another is off) the row is greyed, still
    showing its choice, and takes neither clicks, keys nor the focus."""

    def __init__(
        self,
        label: Label,
        options: Sequence[tuple[str, Label]],
        get: Callable[[], str],
        set_: Callable[[str], None],
        *,
        enabled: Callable[[], bool] | None = None,
    ) -> None:
        self._label = label
        self.options = list(options)  # (value, what the player reads)
        self.get = get
        self.set = set_
        self.enabled = enabled or (lambda: True)
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.option_rects: list[pygame.Rect] = []
        self.label_w = 0  # the label's room at the left of the row (see ``place``)

    @property
    def label(self) -> str:
        return label_text(self._label)

    def place(self, rect: pygame.Rect, label_w: int) -> None:
        """Lay the row out: its label in the first ``label_w`` pixels."""
        self.rect = rect
        self.label_w = label_w
        room = rect.w - label_w
        count = len(self.options)
        self.option_rects = [
            pygame.Rect(
                rect.x + label_w + round(i * room / count),
                rect.y,
                round((i + 1) * room / count) - round(i * room / count) - 2,
                rect.h,
            )
            for i in range(count)
        ]

    def step(self, delta: int) -> bool:
        """Choose the option ``delta`` along (round); False if disabled."""
        if not self.enabled():
            return False
        values = [value for value, _ in self.options]
        current = self.get()
        i = values.index(current) if current in values else -1
        self.set(values[(i + delta) % len(values)])
        return True

    def activate(self) -> bool:
        return self.step(1)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.enabled():
            for (value, _), rect in zip(self.options, self.option_rects, strict=True):
                if rect.collidepoint(event.pos):
                    self.set(value)
                    return True
        return False

    def draw(self, surface: pygame.Surface, size: int, colours: Palette) -> None:
        enabled = self.enabled()
        ink = theme.PANEL_TEXT if enabled else DISABLED_INK
        label = theme.text(self.label, round(size * theme.LABEL), ink)
        with holding(pygame.Rect(self.rect.x, self.rect.y, self.label_w, self.rect.h)):
            surface.blit(label, (self.rect.x, self.rect.centery - label.get_height() // 2))
        chosen = self.get()
        radius = max(3, size // 4)
        chosen_fill = colours.accent if enabled else DISABLED_CHOSEN
        for (value, name), rect in zip(self.options, self.option_rects, strict=True):
            on = value == chosen
            fill = chosen_fill if on else (238, 236, 230) if enabled else DISABLED_FILL
            pygame.draw.rect(surface, fill, rect, border_radius=radius)
            if not on:
                pygame.draw.rect(surface, theme.PANEL_LINE, rect, 1, border_radius=radius)
            ink = (255, 255, 255) if on else theme.PANEL_TEXT if enabled else DISABLED_INK
            text = theme.text(label_text(name), max(12, round(size * theme.NOTE)), ink, bold=on)
            with holding(rect):
                surface.blit(text, text.get_rect(center=rect.center))


class TextField:
    """A one-line text entry: typing, Backspace, Delete, arrows, Home/End,
    Ctrl+V to paste and Ctrl+A to clear-select."""

    def __init__(self, value: str = "", max_length: int = 64) -> None:
        self.value = value
        self.cursor = len(value)
        self.max_length = max_length
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.focused = True

    def set(self, value: str) -> None:
        self.value = value[: self.max_length]
        self.cursor = len(self.value)

    def insert(self, content: str) -> None:
        # Line breaks and tabs become spaces: a pasted game record stays whole.
        # Typed or pasted text may hold a lone surrogate: made safe here, once.
        content = safe_text(content)
        content = "".join(ch if ch.isprintable() else " " for ch in content if ch not in "\0")
        room = self.max_length - len(self.value)
        content = content[:room]
        self.value = self.value[: self.cursor] + content + self.value[self.cursor :]
        self.cursor += len(content)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """True when the event changed or belonged to the field."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.focused = self.rect.collidepoint(event.pos)
            return self.focused
        if not self.focused:
            return False
        if event.type == pygame.TEXTINPUT:
            self.insert(event.text)
            return True
        if event.type != pygame.KEYDOWN:
            return False
        ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        if event.key == pygame.K_BACKSPACE:
            if self.cursor:
                self.value = self.value[: self.cursor - 1] + self.value[self.cursor :]
                self.cursor -= 1
            return True
        if event.key == pygame.K_DELETE:
            self.value = self.value[: self.cursor] + self.value[self.cursor + 1 :]
            return True
        if event.key == pygame.K_LEFT:
            self.cursor = max(0, self.cursor - 1)
            return True
        if event.key == pygame.K_RIGHT:
            self.cursor = min(len(self.value), self.cursor + 1)
            return True
        if event.key == pygame.K_HOME:
            self.cursor = 0
            return True
        if event.key == pygame.K_END:
            self.cursor = len(self.value)
            return True
        if ctrl and event.key == pygame.K_v:
            self.insert(clipboard_get())
            return True
        if ctrl and event.key == pygame.K_a:
            self.set("")
            return True
        return False

    def view_start(self, measure: Callable[[str], tuple[int, int]], width: int) -> int:
        """Where the shown stretch of the text starts: 0 while it all fits,
        else far enough on that the caret stays in view.

        >>> field = TextField("x" * 100)
        >>> field.view_start(lambda text: (10 * len(text), 0), 300)
        71
        """
        start = max(0, self.cursor - width // 2)  # no character is narrower than 2 pixels
        while start < self.cursor and measure(self.value[start : self.cursor])[0] > width - 2:
            start += max(1, (self.cursor - start) // 8)
        return start

    def draw(
        self,
        surface: pygame.Surface,
        size: int,
        now: float,
        colours: Palette,
        *,
        error: bool = False,
    ) -> None:
        border = theme.ERROR if error else (colours.accent if self.focused else theme.PANEL_LINE)
        pygame.draw.rect(surface, (255, 255, 255), self.rect, border_radius=6)
        pygame.draw.rect(surface, border, self.rect, 2, border_radius=6)
        pad = size // 2
        face = theme.font(size)
        # A long text (a pasted game) shows the stretch around the caret.
        start = self.view_start(face.size, self.rect.w - 2 * pad)
        shown = self.value[start : start + 200]
        label = face.render(shown, True, theme.PANEL_TEXT)
        y = self.rect.y + (self.rect.h - label.get_height()) // 2
        clip = surface.get_clip()
        surface.set_clip(self.rect.inflate(-4, -4))
        surface.blit(label, (self.rect.x + pad, y))
        if self.focused and int(now * 2) % 2 == 0:
            x = self.rect.x + pad + face.size(self.value[start : self.cursor])[0]
            pygame.draw.line(surface, theme.PANEL_TEXT, (x, y), (x, y + label.get_height()), 2)
        surface.set_clip(clip)


Control = Button | Checkbox | Choice | TextField


def can_act(control: Control) -> bool:
    """Whether ``control`` takes clicks, keys and the keyboard focus now."""
    return control.enabled() if isinstance(control, (Button, Checkbox, Choice)) else True


def draw_focus(surface: pygame.Surface, rect: pygame.Rect, unit: int) -> None:
    """The keyboard focus ring around a dialog's control, clear of the
    control's own edge."""
    gap = max(3, unit // 5)
    pygame.draw.rect(
        surface, theme.FOCUS, rect.inflate(2 * gap, 2 * gap), 3, border_radius=unit // 2
    )


def clipboard_get() -> str:
    """Clipboard text, or "" where the platform offers none."""
    try:
        import pygame.scrap as scrap  # get_text and put_text need no scrap.init

        return scrap.get_text() or ""
    except (pygame.error, AttributeError, ImportError):
        return ""


def clipboard_put(content: str) -> bool:
    """Put text on the clipboard; False where the platform offers none."""
    try:
        import pygame.scrap as scrap

        scrap.put_text(content)
        return True
    except (pygame.error, AttributeError, ImportError):
        return False
