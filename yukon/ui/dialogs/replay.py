"""Replay: a whole game watched move by move on a small table.

The game is a record (see ``Game.record``); the page steps through its
actions with the game's own sprites, as the Examples page steps through an
example: Right (Next) plays the next move, undo or redo, Left (Back) takes it
back, R (Replay) plays the game from its deal, one action a second. The
move number and the score are those the game had at that point.
"""

from __future__ import annotations

import pygame

from yukon.engine import Card, Game, Move, Pile
from yukon.engine.records import REDO, UNDO, tokens
from yukon.i18n import N_
from yukon.ui import theme
from yukon.ui.art.faces import CardArt, CardStyle
from yukon.ui.art.felt import TABLE_COLOURS, table_background
from yukon.ui.dialogs.base import Dialog
from yukon.ui.dialogs.small_table import draw_small_table, fly_cards
from yukon.ui.shell.scene import Host
from yukon.ui.table.layout import Layout
from yukon.ui.table.sprites import CardSprites
from yukon.ui.text_boxes import holding
from yukon.ui.widgets import Button

REPLAY_STEP_SECONDS = 1.0  # between the actions of a replay


class ReplayScene(Dialog):
    """One recorded game, its actions played forwards and back."""

    title = N_("Replay")
    width_units = 44

    def __init__(self, host: Host, record: str) -> None:
        super().__init__(host)
        tr = self.tr
        self.code, self.actions = tokens(record)
        Game.from_record(record)  # a bad record is refused before the page opens
        self.back_button = Button(lambda: tr.gettext("Back"), self.back, enabled=self._can_go_back)
        self.next_button = Button(lambda: tr.gettext("Next"), self.forward, enabled=self._can_go_on)
        self.buttons = [
            Button(lambda: tr.gettext("Replay"), self.replay),
            self.back_button,
            self.next_button,
            Button(lambda: tr.gettext("Close"), self.close, primary=True),
        ]
        self.done = 0  # actions played so far
        self.replay_in: float | None = None  # seconds to the next action of a replay
        self.area = pygame.Rect(0, 0, 1, 1)
        self.table_layout = Layout.for_size(1, 1)
        self.art = CardArt(self.table_layout.card_w, self.table_layout.card_h)
        self.sprites = CardSprites(self.art)
        self.felt = table_background((1, 1))
        self.game = Game.from_code(self.code)

    # ------------------------------------------------------------ stepping

    def _can_go_back(self) -> bool:
        return self.done > 0

    def _can_go_on(self) -> bool:
        return self.done < len(self.actions)

    def forward(self) -> None:
        self.replay_in = None
        self._step()

    def _step(self) -> None:
        if self.done >= len(self.actions):
            return
        action = self.actions[self.done]
        self.done += 1
        if action == UNDO:
            move = self.game.undo()
            self._sync(animate=True, cards=self._pile_top(move.src, move.count))
        else:
            played = self.game.redo() if action == REDO else self.game.play(Move.parse(action))
            move = played.move
            self._sync(animate=True, cards=self._pile_top(move.dst, move.count))
        self.dirty = True

    def back(self) -> None:
        """The position one action earlier (the cards slide back)."""
        self.replay_in = None
        if self.done > 0:
            self._rebuild(self.done - 1, animate=True)

    def replay(self) -> None:
        """From the deal again, an action every ``REPLAY_STEP_SECONDS``."""
        self._rebuild(0, animate=False)
        self.replay_in = REPLAY_STEP_SECONDS * 0.6

    def _rebuild(self, actions: int, *, animate: bool) -> None:
        self.game = Game.from_record(" ".join([self.code, *self.actions[:actions]]))
        self.done = actions
        if not animate:
            self.sprites = CardSprites(self.art)
        self._sync(animate=animate, cards=())
        self.dirty = True

    def _pile_top(self, pile: Pile, count: int) -> tuple[Card, ...]:
        if pile.is_foundation:
            return self.game.foundations[pile.suit][-1:]
        return tuple(self.game.tableau[pile].cards[-count:])

    def _sync(self, *, animate: bool, cards: tuple[Card, ...]) -> None:
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
        text_h = round(u * 1.8)
        bottom = self.panel.bottom - round(u * 3.0)
        self.area = pygame.Rect(
            self.panel.x + u, top + text_h, self.panel.w - 2 * u, bottom - top - text_h
        )
        size = (max(1, self.area.w), max(1, self.area.h))
        settings = self.session.settings
        self.table_layout = Layout.for_size(
            *size, self.host.density, large_index=settings.large_indices
        )
        style = CardStyle(settings.card_back, settings.four_colour, settings.large_indices)
        if (self.art.width, self.art.height, self.art.style) != (
            self.table_layout.card_w,
            self.table_layout.card_h,
            style,
        ):
            # The player's own deck: its back, its colours, its indices.
            self.art = CardArt(self.table_layout.card_w, self.table_layout.card_h, style)
        self.felt = table_background(size, TABLE_COLOURS[self.session.settings.table_colour])
        self.sprites = CardSprites(self.art)
        self._sync(animate=False, cards=())

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_RIGHT:
                self.forward()
                return
            if event.key == pygame.K_LEFT:
                self.back()
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
                if self.done < len(self.actions):
                    self._step()
                    self.replay_in = REPLAY_STEP_SECONDS
                else:
                    self.replay_in = None

    def status(self) -> str:
        """What the page says above the table: the code, the move number and
        the score at this point, and how far into the record it is."""
        tr = self.tr
        move = tr.gettext("Move {number}").format(number=self.game.move_count)
        score = tr.gettext("Score {score}").format(score=self.game.score)
        steps = tr.gettext("Step {step} of {steps}").format(step=self.done, steps=len(self.actions))
        return f"{self.code} · {move} · {score} · {steps}"

    def draw_content(self, surface: pygame.Surface) -> None:
        u = self.unit
        left = self.panel.x + u
        text_box = pygame.Rect(
            left, self.text_top, self.panel.w - 2 * u, self.area.y - self.text_top
        )
        label = theme.text(self.status(), round(u * 0.95), theme.PANEL_TEXT, bold=True)
        with holding(text_box):
            surface.blit(label, (left, self.text_top))
        table = draw_small_table(
            self.felt, self.art, self.table_layout, self.sprites, self.area.size
        )
        surface.blit(table, self.area)
        if self.game.is_won:
            won = theme.text(
                self.tr.gettext("The game is won."), round(u * 0.95), theme.TEXT, bold=True
            )
            at = won.get_rect(midbottom=(self.area.centerx, self.area.bottom - u // 2))
            with holding(self.area):
                surface.blit(won, at)
