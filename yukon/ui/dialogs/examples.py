"""The Examples page: the rules at work on a small live table.

Each example of ``yukon.texts.examples`` is played step by step with the game's
own card sprites and animations: the engine decides every step (a move it
plays, or a refusal the banner explains, in the player's language). The
keys and buttons are those of every ``StepPage``; here Right (Next) at an
example's end goes on to the next example and Left (Back) at its start to
the previous one, played to its end; Up and Down (Page Up, Page Down) go to
the previous or next example.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from yukon.engine import Card, Game, Pile
from yukon.i18n import N_, explain
from yukon.texts.examples import EXAMPLES, Example, Gesture, Step
from yukon.ui import theme
from yukon.ui.dialogs.step_page import MoveWords, StepPage, group_card, pile_top
from yukon.ui.shell.scene import Host
from yukon.ui.text_boxes import holding

__all__ = ["REFUSAL_SECONDS", "STEP_SECONDS", "ExamplesScene"]

STEP_SECONDS = 1.5  # playing: a step and its caption, read before the next
REFUSAL_SECONDS = 2.5  # ... and a refusal's sentence with it
DRAG_WORDS = MoveWords(
    home=N_("Drag: the {card} to the {suit} foundation"),
    group=N_("Drag: the {card} and the cards on it to column {column}"),
    one=N_("Drag: the {card} to column {column}"),
)


class ExamplesScene(StepPage):
    """One example at a time: its title, its text, a small table, its steps."""

    title = N_("Examples")
    step_seconds = STEP_SECONDS

    def __init__(self, host: Host, index: int = 0) -> None:
        self.index = index
        self.refusal = ""  # the banner: why the last step was refused
        super().__init__(host)

    @property
    def example(self) -> Example:
        return EXAMPLES[self.index]

    # ------------------------------------------------------------ the steps

    def step_count(self) -> int:
        return len(self.example.steps)

    def start(self) -> Game:
        self.refusal, self.caption = "", ""
        return self.example.start()

    def take_step(self, index: int) -> tuple[Card, ...]:
        step = self.example.steps[index]
        self.caption = self._caption(step)
        move, refusal = step.perform(self.game)
        if move is None:
            self.refusal = "" if refusal is None else explain(self.tr, refusal)
            return ()
        self.refusal = ""
        self.game.play(move)
        return pile_top(self.game, Pile(move.dst), move.count)

    def pause_after(self) -> float:
        return REFUSAL_SECONDS if self.refusal else STEP_SECONDS

    # ------------------------------------------------------------ across the examples

    def can_go_back(self) -> bool:
        return self.done > 0 or self.index > 0

    def can_go_on(self) -> bool:
        return self.done < self.step_count() or self.index < len(EXAMPLES) - 1

    def forward(self) -> None:
        """The next step, or the next example once this one is played."""
        if self.done >= self.step_count() and self.index < len(EXAMPLES) - 1:
            self.show(self.index + 1)
        else:
            super().forward()

    def back(self) -> None:
        """Take the last step back (the cards slide back), or the previous
        example, shown played to its end."""
        if self.done == 0 and self.index > 0:
            self.show(self.index - 1)
            self.go_to(self.step_count(), animate=False)
        else:
            super().back()

    def show(self, index: int) -> None:
        self.pause()
        self.index = max(0, min(index, len(EXAMPLES) - 1))
        self.go_to(0, animate=False)

    def key_actions(self) -> dict[int, Callable[[], None]]:
        actions = super().key_actions()
        actions.update(dict.fromkeys((pygame.K_DOWN, pygame.K_PAGEDOWN), self.next_example))
        actions.update(dict.fromkeys((pygame.K_UP, pygame.K_PAGEUP), self.previous_example))
        return actions

    def next_example(self) -> None:
        self.show(self.index + 1)

    def previous_example(self) -> None:
        self.show(self.index - 1)

    # ------------------------------------------------------------ words

    def heading(self) -> str:
        """The example's own title heads the page."""
        return self.tr.gettext(self.example.title)

    def where(self) -> str:
        tr = self.tr
        count = tr.gettext("Example {number} of {count}").format(
            number=self.index + 1, count=len(EXAMPLES)
        )
        return f"{count} · {self.step_counter()}"

    def banner(self) -> tuple[str, tuple[int, int, int]] | None:
        return (self.refusal, theme.ERROR) if self.refusal else None

    def _caption(self, step: Step) -> str:
        """The gesture of ``step`` in words ("Tap: the 2♦"), before it is made."""
        tr = self.tr
        card = group_card(self.game, step.src, step.count)
        if step.gesture is Gesture.TAP:
            return tr.gettext("Tap: the {card}").format(card=card.label)
        if step.gesture is Gesture.DOUBLE_TAP:
            return tr.gettext("Double tap: the {card}").format(card=card.label)
        target = step.target if step.target is not None else Pile.COLUMN_1
        return DRAG_WORDS.say(tr, card, target, step.count)

    def text_height(self) -> int:
        # Up to three lines under the example's title (the panel's title).
        return 3 * theme.font(round(self.unit * theme.LABEL)).get_linesize() + self.unit // 3

    def draw_text(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        size = round(self.unit * theme.LABEL)
        inks = self.suit_inks()
        y = box.y
        with holding(box):
            for line in theme.rich_lines(self.tr.gettext(self.example.text), size, box.w)[:3]:
                label = theme.rich_text(line, size, theme.PANEL_TEXT, inks=inks)
                surface.blit(label, (box.x, y))
                y += theme.font(size).get_linesize()
