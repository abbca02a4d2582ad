"""A dialog in words: its title and text when it opens or its text changes,
the control in focus with its state, a code field's characters as typed.

The words are read from what the dialog draws (``text_boxes``), so every
dialog is said as it is shown, in reading order, without a word list of
its own to keep in step with it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from yukon.i18n import N_, Translator
from yukon.i18n.spoken import spoken
from yukon.ui.speech.speaker import Speaker
from yukon.ui.text_boxes import RecordingSurface
from yukon.ui.widgets import Checkbox, Choice, Control, TextField, can_act

if TYPE_CHECKING:  # loaded once speech is heard: the first frame needs no dialog
    from yukon.ui.dialogs.base import Dialog

BUTTON = N_("{label}, button.")
TICKED = N_("{label}: ticked. {note}")
NOT_TICKED = N_("{label}: not ticked. {note}")
CHOSEN = N_("{label}: {choice}, {number} of {count}.")
FIELD = N_("Text field: {text}")
EMPTY_FIELD = N_("Text field, empty.")
GREYED = N_("{control} Greyed.")
LOOK_SECONDS = 0.5  # how often an open dialog's text is looked at for changes


def control_words(tr: Translator, control: Control) -> str:
    """A control as it is in focus: its label, its state, greyed or not."""
    if isinstance(control, Checkbox):
        sentence = TICKED if control.get() else NOT_TICKED
        text = tr.gettext(sentence).format(label=control.label, note=control.note).strip()
    elif isinstance(control, Choice):
        values = [value for value, _ in control.options]
        chosen = control.get()
        number = values.index(chosen) + 1 if chosen in values else 0
        names = dict((value, name) for value, name in control.options)
        name = names.get(chosen, "")
        shown = name() if callable(name) else name
        text = tr.gettext(CHOSEN).format(
            label=control.label, choice=shown, number=number, count=len(values)
        )
    elif isinstance(control, TextField):
        text = (
            tr.gettext(FIELD).format(text=" ".join(control.value))
            if control.value
            else tr.gettext(EMPTY_FIELD)
        )
    else:
        text = tr.gettext(BUTTON).format(label=control.label)
    if not can_act(control):
        text = tr.gettext(GREYED).format(control=text)
    return spoken(tr, text)


def dialog_lines(dialog: Dialog, size: tuple[int, int]) -> list[str]:
    """The texts the dialog draws inside its panel, top to bottom, left to
    right; its controls' own words are left to the focus."""
    surface = RecordingSurface(size)
    marked = dialog.changes.marked
    dialog.draw(surface, 1.0)
    dialog.changes.mark(marked)  # drawn off screen: the window still needs what it needed
    boxes = sorted(
        (box for box in surface.texts if dialog.panel.colliderect(box.rect)),
        key=lambda box: (box.rect.y, box.rect.x),
    )
    controls = [control.rect for control in dialog.focus_order()]
    return [box.text for box in boxes if not any(r.contains(box.rect) for r in controls)]


class DialogNarration:
    """Says the dialog on top of the scenes (see the module doc)."""

    def __init__(self, speaker: Speaker, tr: Translator) -> None:
        self.speaker = speaker
        self.tr = tr
        self._dialog: Dialog | None = None
        self._lines: list[str] = []
        self._focus: tuple[object, str] | None = None
        self._typed = ""  # the text field's value when last looked at
        self._look_in = 0.0

    def update(self, scene: object, size: tuple[int, int], dt: float) -> None:
        if not self.speaker.ready:
            self._dialog = None
            return
        from yukon.ui.dialogs.base import Dialog

        if not isinstance(scene, Dialog):
            self._dialog = None
            return
        if scene is not self._dialog:
            self._dialog, self._lines, self._focus, self._look_in = scene, [], None, 0.0
        self._look_in -= dt
        said = []
        if self._look_in <= 0:
            self._look_in = LOOK_SECONDS
            said.append(self._new_text(scene, size))
        said.append(self._new_focus(scene))
        text = " ".join(part for part in said if part)
        if text:
            # The player's next key cuts it, as a screen reader does a page.
            self.speaker.say(text)

    def _new_text(self, dialog: Dialog, size: tuple[int, int]) -> str:
        """The dialog's text not said yet: all of it when it opens."""
        lines = dialog_lines(dialog, size)
        new = [line for line in lines if line not in self._lines]
        self._lines = lines
        return spoken(self.tr, " ".join(new))

    def _new_focus(self, dialog: Dialog) -> str:
        """The control newly in focus, or its new state; a character typed
        in a text field."""
        focused = dialog.focused
        if focused is None or focused not in dialog.focus_order():
            return ""
        if isinstance(focused, TextField):
            typed, before, self._typed = focused.value, self._typed, focused.value
            if self._focus is not None and self._focus[0] is focused:
                grew = len(typed) == len(before) + 1 and focused.cursor > 0
                return typed[focused.cursor - 1] if grew else ""
        state = (focused, control_words(self.tr, focused))
        if state == self._focus:
            return ""
        self._focus = state
        return state[1]
