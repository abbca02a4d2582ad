"""The Examples page: the rules at work on a small live table.

Each example of ``yukon.examples`` is played step by step with the game's
own card sprites and animations: the engine decides every step (a move it
plays, or a refusal the banner explains, in the player's language). Left
and Right (or the Back and Next buttons) step back and forth, across the
examples too; Up and Down (Page Up, Page Down) go to the previous or next
example; R replays the example from its start, one step a second.
"""

from __future__ import annotations

import pygame

from yukon.engine import FOUNDATION, Card, Move, Pile
from yukon.examples import EXAMPLES, Example, Gesture, Step
from yukon.i18n import N_, explain
from yukon.ui import theme
from yukon.ui.art.faces import CardArt
from yukon.ui.art.felt import TABLE_COLOURS, table_background
from yukon.ui.dialogs.base import PAGE_UNITS, Dialog
from yukon.ui.dialogs.small_table import draw_small_table, fly_cards
from yukon.ui.shell.scene import Host
from yukon.ui.table.layout import Layout
from yukon.ui.table.sprites import CardSprites
from yukon.ui.text_boxes import holding
from yukon.ui.widgets import Button

REPLAY_STEP_SECONDS = 1.2  # between the steps of a replay
SUIT_RED = (200, 30, 45)  # red suit signs in text on the light panel


class ExamplesScene(Dialog):
    """One example at a time: its title, its text, a small table, its steps."""

    title = N_("Examples")
    # Help's size: over Help, its frame hides Help's whole.
    width_units = PAGE_UNITS
    full_height = True

    def __init__(self, host: Host, index: int = 0) -> None:
        super().__init__(host)
        tr = self.tr
        self.back_button = Button(lambda: tr.gettext("Back"), self.back, enabled=self._can_go_back)
        self.next_button = Button(lambda: tr.gettext("Next"), self.forward, enabled=self._can_go_on)
        self.buttons = [
            Button(lambda: tr.gettext("Replay"), self.replay),
            self.back_button,
            self.next_button,
            Button(lambda: tr.gettext("Close"), self.close, primary=True),
        ]
        self.index = index
        self.done = 0  # steps of the example played so far
        self.refusal = ""  # the banner: why the last step was refused
        self.caption = ""  # the last step's gesture, in words
        self.replay_in: float | None = None  # seconds to the next step of a replay
        self.area = pygame.Rect(0, 0, 1, 1)  # the small table, on the window
        self.table_layout = Layout.for_size(1, 1)
        self.art = CardArt(self.table_layout.card_w, self.table_layout.card_h)
        self.sprites = CardSprites(self.art)
        self.felt = table_background((1, 1))
        self.game = self.example.start()

    @property
    def example(self) -> Example:
        return EXAMPLES[self.index]

    # ------------------------------------------------------------ stepping

    def _can_go_back(self) -> bool:
        return self.done > 0 or self.index > 0

    def _can_go_on(self) -> bool:
        return self.done < len(self.example.steps) or self.index < len(EXAMPLES) - 1

    def forward(self) -> None:
        """The next step, or the next example once this one is played."""
        self.replay_in = None
        if self.done < len(self.example.steps):
            self._play_step()
        elif self.index < len(EXAMPLES) - 1:
            self.show(self.index + 1)

    def back(self) -> None:
        """Take the last step back (the cards slide back), or the previous
        example, shown played to its end."""
        self.replay_in = None
        if self.done > 0:
            self._rebuild(self.done - 1, animate=True)
        elif self.index > 0:
            self.show(self.index - 1)
            self._rebuild(len(self.example.steps), animate=False)

    def replay(self) -> None:
        """From the start again, a step every ``REPLAY_STEP_SECONDS``."""
        self._rebuild(0, animate=False)
        self.replay_in = REPLAY_STEP_SECONDS * 0.6

    def show(self, index: int) -> None:
        self.index = max(0, min(index, len(EXAMPLES) - 1))
        self.replay_in = None
        self._rebuild(0, animate=False)

    def _play_step(self) -> None:
        step = self.example.steps[self.done]
        self.caption = self._caption(step)
        move, refusal = step.perform(self.game)
        self.done += 1
        if move is not None:
            self.refusal = ""
            self.game.play(move)
            self._sync(animate=True, moved=move)
        elif refusal is not None:
            self.refusal = explain(self.tr, refusal)
        self.dirty = True

    def _rebuild(self, steps: int, *, animate: bool) -> None:
        """The example's position after its first ``steps`` steps."""
        self.game = self.example.start()
        self.done, self.refusal, self.caption = 0, "", ""
        for _ in range(steps):
            step = self.example.steps[self.done]
            self.caption = self._caption(step)
            move, refusal = step.perform(self.game)
            self.done += 1
            if move is not None:
                self.game.play(move)
                self.refusal = ""
            elif refusal is not None:
                self.refusal = explain(self.tr, refusal)
        if not animate:
            self.sprites = CardSprites(self.art)
        self._sync(animate=animate)
        self.dirty = True

    def heading(self) -> str:
        """The example's own title heads the page."""
        return self.tr.gettext(self.example.title)

    def _caption(self, step: Step) -> str:
        """The gesture of ``step`` in words ("Tap: the 2♦"), before it is made."""
        tr, game = self.tr, self.game
        if step.src.is_foundation:
            card = game.foundations[step.src.suit][-1].label
        else:
            card = game.tableau[step.src].cards[-step.count].label
        if step.gesture is Gesture.TAP:
            return tr.gettext("Tap: the {card}").format(card=card)
        if step.gesture is Gesture.DOUBLE_TAP:
            return tr.gettext("Double tap: the {card}").format(card=card)
        target = step.target if step.target is not None else Pile.COLUMN_1
        if target.is_foundation:
            suit = target.suit.symbol
            return tr.gettext("Drag: the {card} to the {suit} foundation").format(
                card=card, suit=suit
            )
        if step.count > 1:
            text = tr.gettext("Drag: the {card} and the cards on it to column {column}")
        else:
            text = tr.gettext("Drag: the {card} to column {column}")
        return text.format(card=card, column=target + 1)

    def _sync(self, *, animate: bool, moved: Move | None = None) -> None:
        cards: tuple[Card, ...] = ()
        if moved is not None and moved.dst < FOUNDATION:
            cards = tuple(self.game.tableau[moved.dst].cards[-moved.count :])
        elif moved is not None:
            cards = self.game.foundations[moved.dst - FOUNDATION][-1:]
        self._fit()
        self.sprites.sync(self.game, self.table_layout, animate=animate, moved=cards)

    # ------------------------------------------------------------ scene

    @property
    def animating(self) -> bool:
        return self.sprites.animating or self.replay_in is not None

    def content_height(self) -> int:
        return 10_000  # as tall as the window allows

    def layout_content(self, top: int) -> None:
        u = self.unit
        self.text_top = top
        # Up to three lines under the example's title (the panel's title).
        text_h = 3 * theme.font(round(u * theme.LABEL)).get_linesize() + u // 3
        banner_h = round(u * 1.8)
        bottom = self.panel.bottom - round(u * 3.0)
        self.area = pygame.Rect(
            self.panel.x + u, top + text_h, self.panel.w - 2 * u, bottom - banner_h - top - text_h
        )
        self.banner_y = self.area.bottom + u // 3
        size = (max(1, self.area.w), max(1, self.area.h))
        self.table_layout = Layout.for_size(1, 1)  # fitted to the position by ``_sync``
        # The small table in the player's table colour.
        self.felt = table_background(size, TABLE_COLOURS[self.session.settings.table_colour])
        self.sprites = CardSprites(self.art)
        self._sync(animate=False)

    def _fit(self) -> None:
        """The small table follows the main table's legibility rule: cards
        small enough that every face-up card of the longest column shows
        its index (``Layout.for_game``), and their art for that size."""
        size = (max(1, self.area.w), max(1, self.area.h))
        # The strip above the cards holds one line (score, gesture), not a bar.
        strip = round(self.unit * 1.5)
        layout = Layout.for_game(size, self.game, self.host.density, bar_h=strip)
        if layout == self.table_layout:
            return
        self.table_layout = layout
        if (self.art.width, self.art.height) != (layout.card_w, layout.card_h):
            self.art = CardArt(layout.card_w, layout.card_h)
            self.sprites.set_art(self.art)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_RIGHT:
                self.forward()
                return
            if event.key == pygame.K_LEFT:
                self.back()
                return
            if event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
                self.show(self.index + 1)
                return
            if event.key in (pygame.K_UP, pygame.K_PAGEUP):
                self.show(self.index - 1)
                return
            if event.key == pygame.K_r:
                self.replay()
                return
        super().handle_event(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        if fly_cards(self.sprites, self.game, self.table_layout, dt):
            self.dirty = True
        if self.replay_in is not None:
            self.replay_in -= dt
            if self.replay_in <= 0:
                if self.done < len(self.example.steps):
                    self._play_step()
                    self.replay_in = REPLAY_STEP_SECONDS
                else:
                    self.replay_in = None

    def draw_content(self, surface: pygame.Surface) -> None:
        u = self.unit
        tr = self.tr
        left, width = self.panel.x + u, self.panel.w - 2 * u
        text_box = pygame.Rect(left, self.text_top, width, self.area.y - self.text_top)
        count = tr.gettext("Example {number} of {count}").format(
            number=self.index + 1, count=len(EXAMPLES)
        )
        steps = tr.gettext("Step {step} of {steps}").format(
            step=self.done, steps=len(self.example.steps)
        )
        # Where in the examples: at the left of the buttons' row.
        where = theme.text(f"{count} · {steps}", round(u * theme.NOTE), theme.PANEL_DIM)
        first = min(button.rect.x for button in self.buttons)
        row = pygame.Rect(left, self.buttons[0].rect.y, max(0, first - left - u // 2), 0)
        row.h = self.buttons[0].rect.h
        self._blit(surface, where, where.get_rect(midleft=row.midleft).topleft, row)
        size = round(u * theme.LABEL)
        y = self.text_top
        for line in theme.rich_lines(tr.gettext(self.example.text), size, width)[:3]:
            label = theme.rich_text(line, size, theme.PANEL_TEXT, red=SUIT_RED)
            self._blit(surface, label, (left, y), text_box)
            y += theme.font(size).get_linesize()
        table = draw_small_table(
            self.felt, self.art, self.table_layout, self.sprites, self.area.size
        )
        surface.blit(table, self.area)
        info = tr.gettext("Score {score}").format(score=self.game.score)
        label = theme.text(info, round(u * 0.85), theme.TEXT, bold=True)
        self._blit(surface, label, (self.area.x + u // 2, self.area.y + u // 3), self.area)
        if self.caption:
            size = round(u * 0.85)
            caption = theme.rich_text(self.caption, size, theme.TEXT, bold=True)
            at = caption.get_rect(topright=(self.area.right - u // 2, self.area.y + u // 3))
            self._blit(surface, caption, at.topleft, self.area)
        if self.refusal:
            banner = pygame.Rect(left, self.banner_y, width, round(u * 1.5))
            text = theme.rich_text(
                self.refusal, round(u * 0.9), theme.ERROR, bold=True, red=SUIT_RED
            )
            self._blit(surface, text, (left, self.banner_y), banner)

    def _blit(
        self,
        surface: pygame.Surface,
        image: pygame.Surface,
        at: tuple[int, int],
        holder: pygame.Rect,
    ) -> None:
        with holding(holder):
            surface.blit(image, at)
