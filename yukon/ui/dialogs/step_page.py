"""A page that plays steps on a small table, forwards and back, or on its own.

The Examples page (an example's gestures) and Replay (a recorded game's
actions) are both one, played with the same keys and buttons: Right (Next)
takes the next step and Left (Back) takes the last one back, on and on while
held down; Home and End go to the first and the last step; Space (Play,
which reads Pause while playing) plays the steps one after another from
where they are, from the first once at the end; R plays them from the first.

A page says where its steps start (``start``), how many there are and what
each one does (``take_step``); this plays them, draws the small table with
the page's words around it, and keeps the time between steps.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from yukon.engine import Card, Game, Pile
from yukon.i18n import N_, Translator
from yukon.ui import theme
from yukon.ui.dialogs.base import PAGE_UNITS, Dialog
from yukon.ui.dialogs.small_table import SmallTable
from yukon.ui.key_repeat import KeyRepeat
from yukon.ui.shell.scene import Host
from yukon.ui.text_boxes import holding
from yukon.ui.widgets import Button

KEYS_HINT = N_("Left, Right: step · Space: play or pause · Home, End: to the start or end")
START_PAUSE = 0.6  # of a step's time: the first position shows this long before step 1
# A position is kept every this many steps, so that going to any step (Back
# above all, held down in a replay of thousands) takes at most this many
# steps from the nearest one kept, not every step from the first.
CHECKPOINT_STEPS = 64
REPEATING = (pygame.K_LEFT, pygame.K_RIGHT)  # held down, these step on


def group_card(game: Game, src: Pile, count: int) -> Card:
    """The card at the bottom of the ``count`` cards a move takes from ``src``
    (the card a caption names).

    >>> game = Game.from_code("YU1-C-AAAAAAB")
    >>> group_card(game, Pile.column(6), 5).label, group_card(game, Pile.column(6), 1).label
    ('10♠', '7♣')
    """
    if src.is_foundation:
        return game.foundations[src.suit][-1]
    return game.tableau[src].cards[-count]


def pile_top(game: Game, pile: Pile, count: int) -> tuple[Card, ...]:
    """The ``count`` cards on top of ``pile`` (a foundation's top card): the
    cards a move just put there.

    >>> game = Game.from_code("YU1-C-AAAAAAB")
    >>> [card.label for card in pile_top(game, Pile.column(6), 2)]
    ['9♦', '7♣']
    """
    if pile.is_foundation:
        return game.foundations[pile.suit][-1:]
    return tuple(game.tableau[pile].cards[-count:])


@dataclass(frozen=True)
class MoveWords:
    """How a page says a move of its cards: whole sentences (each language
    orders its own words), with ``{card}``, ``{suit}`` (a foundation's) and
    ``{column}`` to fill."""

    home: str  # to a foundation
    group: str  # a card and the cards on it, to a column
    one: str  # a single card, to a column

    def say(self, tr: Translator, card: Card, target: Pile, count: int) -> str:
        """The move of ``count`` cards from ``card`` up to ``target``, in words."""
        if target.is_foundation:
            return tr.gettext(self.home).format(card=card.label, suit=target.suit.symbol)
        text = self.group if count > 1 else self.one
        return tr.gettext(text).format(card=card.label, column=target + 1)


class StepPage(Dialog, ABC):
    """Steps played on a small table; ``done`` of them are played so far.

    ``__init__`` asks for the first position (``start``): a page sets what
    that needs before it calls ``StepPage.__init__``.
    """

    width_units = PAGE_UNITS
    full_height = True
    step_seconds = 1.0  # between the steps played on their own
    caption_in_strip = True  # the caption at the right of the table's strip (else the page's)

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        tr = self.tr
        self.play_button = Button(
            self._play_label,
            self.play_or_pause,
            labels=(lambda: tr.pgettext("steps", "Play"), lambda: tr.pgettext("steps", "Pause")),
        )
        self.back_button = Button(lambda: tr.gettext("Back"), self.back, enabled=self.can_go_back)
        self.next_button = Button(lambda: tr.gettext("Next"), self.forward, enabled=self.can_go_on)
        self.buttons = [
            self.play_button,
            self.back_button,
            self.next_button,
            Button(lambda: tr.gettext("Close"), self.close, primary=True),
        ]
        self.done = 0
        self.next_in: float | None = None  # playing: seconds to the next step
        self.caption = ""  # the last step in words, over the table's right
        self.repeat = KeyRepeat()
        self.table = SmallTable()
        self.area = pygame.Rect(0, 0, 1, 1)  # the small table, on the window
        self.banner_rect = pygame.Rect(0, 0, 0, 0)  # under the table: a banner, or the keys
        self.text_top = 0
        # Positions reached, every ``CHECKPOINT_STEPS`` steps: step number -> game.
        self._kept: dict[int, Game] = {}
        self.game = self.start()

    # ------------------------------------------------------------ what a page tells

    @abstractmethod
    def step_count(self) -> int:
        """How many steps there are."""

    @abstractmethod
    def start(self) -> Game:
        """The position before the first step (the page forgets what the
        last step said)."""

    @abstractmethod
    def take_step(self, index: int) -> tuple[Card, ...]:
        """Take step ``index`` on ``self.game``; the cards it put on top
        (they travel above the rest)."""

    @abstractmethod
    def where(self) -> str:
        """How far into the steps, beside the buttons."""

    @abstractmethod
    def text_height(self) -> int:
        """The height of the page's text above the table."""

    @abstractmethod
    def draw_text(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """The page's text above the table, in ``box``."""

    def step_counter(self) -> str:
        """How far into the steps: "Step 3 of 12", and before the first one
        "Start · 12 steps" (not "Step 0 of 12")."""
        tr, count = self.tr, self.step_count()
        if self.done == 0:
            return tr.ngettext("Start · {count} step", "Start · {count} steps", count).format(
                count=count
            )
        return tr.gettext("Step {step} of {steps}").format(step=self.done, steps=count)

    def table_note(self) -> str:
        """What the table's strip says at its left (the score)."""
        return self.tr.gettext("Score {score}").format(score=self.game.score)

    def banner(self) -> tuple[str, tuple[int, int, int]] | None:
        """A line under the table, and its colour, if the step has one."""
        return None

    def pause_after(self) -> float:
        """Playing: the time from the step just taken to the next."""
        return self.step_seconds

    # ------------------------------------------------------------ stepping

    @property
    def playing(self) -> bool:
        return self.next_in is not None

    def _play_label(self) -> str:
        return self.tr.pgettext("steps", "Pause" if self.playing else "Play")

    def can_go_back(self) -> bool:
        return self.done > 0

    def can_go_on(self) -> bool:
        return self.done < self.step_count()

    def forward(self) -> None:
        """The next step."""
        self.pause()
        self._step()

    def back(self) -> None:
        """The last step taken back: the cards slide back."""
        self.pause()
        if self.done > 0:
            self.go_to(self.done - 1)

    def first(self) -> None:
        self.pause()
        self.go_to(0)

    def last(self) -> None:
        self.pause()
        self.go_to(self.step_count())

    def play_or_pause(self) -> None:
        """Play the steps on from here (from the first, once at the end), or
        stop playing them."""
        if self.playing:
            self.pause()
        elif self.done >= self.step_count():
            self.replay()
        else:
            self.next_in = 0.0  # the next step at once
            self.redraw()

    def replay(self) -> None:
        """Play the steps from the first, a step every ``step_seconds``."""
        self.go_to(0, animate=False)
        self.next_in = self.step_seconds * START_PAUSE

    def pause(self) -> None:
        if self.next_in is not None:
            self.next_in = None
            self.redraw()

    def go_to(self, steps: int, *, animate: bool = True) -> None:
        """The position after the first ``steps`` steps (the cards slide
        there, or are put there at once), played on from the nearest
        position kept before it: at least its last step is taken, so what
        the page says of that step is said. Going to the first position
        forgets those kept (a page whose steps change goes there first)."""
        if steps == 0:
            self._kept = {}
        kept = max((at for at in self._kept if at < steps), default=0)
        if kept:
            self.game = self._kept[kept].copy(with_record=False)
        else:
            self.game = self.start()
        for index in range(kept, steps):
            self._take(index)
        self.done = steps
        self.table.show(self.game, animate=animate)
        self.redraw()

    def _take(self, index: int) -> tuple[Card, ...]:
        """Take step ``index``, and keep the position it reaches every
        ``CHECKPOINT_STEPS`` steps."""
        moved = self.take_step(index)
        if (index + 1) % CHECKPOINT_STEPS == 0 and index + 1 not in self._kept:
            self._kept[index + 1] = self.game.copy(with_record=False)
        return moved

    def _step(self) -> None:
        if self.done >= self.step_count():
            return
        moved = self._take(self.done)
        self.done += 1
        self.table.show(self.game, animate=True, moved=moved)
        self.redraw()

    # ------------------------------------------------------------ scene

    @property
    def animating(self) -> bool:
        return self.table.animating or self.playing or self.repeat.key is not None

    def content_height(self) -> int:
        return 10_000  # as tall as the window allows

    def layout_content(self, top: int) -> None:
        u = self.unit
        left, width = self.panel.x + u, self.panel.w - 2 * u
        self.text_top = top
        text_h = self.text_height()
        banner_h = round(u * 1.8)
        bottom = self.panel.bottom - round(u * 3.0)  # the buttons' row is below
        self.area = pygame.Rect(left, top + text_h, width, bottom - banner_h - top - text_h)
        self.banner_rect = pygame.Rect(left, self.area.bottom + u // 3, width, round(u * 1.5))
        # The strip above the cards holds one line (the score, the step), not a bar.
        strip = round(u * 1.5)
        settings = self.session.settings
        self.table.resize(self.area.size, settings, density=self.host.density, strip=strip)
        self.table.show(self.game, animate=False)

    def key_actions(self) -> dict[int, Callable[[], None]]:
        """What each key of the page does (Space is added where no button is in focus)."""
        return {
            pygame.K_RIGHT: self.forward,
            pygame.K_LEFT: self.back,
            pygame.K_HOME: self.first,
            pygame.K_END: self.last,
            pygame.K_r: self.replay,
        }

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYUP:
            self.repeat.release(event.key)
            return
        if event.type == pygame.KEYDOWN:
            self.repeat.stop()
            actions = self.key_actions()
            if self.focused not in self.focus_order():  # Space presses a button in focus
                actions[pygame.K_SPACE] = self.play_or_pause
            action = actions.get(event.key)
            if action is not None:
                if event.key in REPEATING:
                    self.repeat.press(event.key, self.now)
                action()
                return
        super().handle_event(event)

    def suspend(self) -> None:
        self.repeat.stop()
        super().suspend()

    def lose_focus(self) -> None:
        self.repeat.stop()  # the key's release will not come here
        super().lose_focus()

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.table.fly(self.game, dt):
            self.redraw()
        key = self.repeat.due(self.now)
        if isinstance(key, int):
            self.key_actions()[key]()
        if self.next_in is not None:
            self.next_in -= dt
            if self.next_in <= 0:
                self._step()
                self.next_in = self.pause_after() if self.done < self.step_count() else None

    def draw_content(self, surface: pygame.Surface) -> None:
        u = self.unit
        left, width = self.panel.x + u, self.panel.w - 2 * u
        self.draw_text(
            surface, pygame.Rect(left, self.text_top, width, self.area.y - self.text_top)
        )
        surface.blit(self.table.draw(), self.area)
        size = round(u * 0.85)
        with holding(self.area):
            if self.table_note():
                note = theme.text(self.table_note(), size, theme.TEXT, bold=True)
                surface.blit(note, (self.area.x + u // 2, self.area.y + u // 3))
            if self.caption and self.caption_in_strip:
                caption = theme.rich_text(
                    self.caption, size, theme.TEXT, bold=True, inks=self.suit_inks(dark=True)
                )
                at = caption.get_rect(topright=(self.area.right - u // 2, self.area.y + u // 3))
                surface.blit(caption, at)
        # Under the table: what the step says, if anything, else the keys.
        banner = self.banner()
        if banner is not None:
            text, colour = banner
            image = theme.rich_text(text, round(u * 0.9), colour, bold=True, inks=self.suit_inks())
        else:
            image = theme.text(self.tr.gettext(KEYS_HINT), round(u * theme.NOTE), theme.PANEL_DIM)
        with holding(self.banner_rect):
            surface.blit(image, self.banner_rect.topleft)
        # How far into the steps: at the left of the buttons' row.
        where = theme.text(self.where(), round(u * theme.NOTE), theme.PANEL_DIM)
        first = min(button.rect.x for button in self.buttons)
        row = pygame.Rect(left, self.buttons[0].rect.y, max(0, first - left - u // 2), 0)
        row.h = self.buttons[0].rect.h
        with holding(row):
            surface.blit(where, where.get_rect(midleft=row.midleft))
