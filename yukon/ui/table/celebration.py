"""The win: cards leap off the foundations and bounce away, leaving trails.

The show is finite: the cards fly for at most ``FLY_SECONDS`` (the player
may cut it short with a click or a key), then the trails fade away over the
table with its four full foundations, and that calm picture stays without
any further frames being drawn.

Purely a view: it reads the final position once and never touches the
engine. Random launch speeds come from a private generator; the deal itself
never depends on it.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pygame

from yukon.engine import Game, Pile, Suit
from yukon.ui.art.faces import CardArt
from yukon.ui.cards.layout import Layout

LAUNCH_EVERY = 0.09  # seconds between two cards leaving
SHOW_DIALOG_AFTER = 1.6
FLY_SECONDS = 6.0  # the longest the cards fly (the last one leaves at 4.6 s)
FADE_SECONDS = 1.0  # the trails fading into the table once the cards stop
SKIP_FADE_SECONDS = 0.35  # ... quicker when the player cut the show short


class _Flyer:
    __slots__ = ("image", "vx", "vy", "x", "y")

    def __init__(self, image: pygame.Surface, x: float, y: float, vx: float, vy: float) -> None:
        self.image, self.x, self.y, self.vx, self.vy = image, x, y, vx, vy


class Celebration:
    """Bouncing cards drawn into a persistent trail surface, which starts as
    a picture of the table; the foundations stay clear of the trails and
    show what is left on them."""

    def __init__(
        self,
        layout: Layout,
        art: CardArt,
        game: Game,
        background: pygame.Surface,
        delay: float = 0.0,
        seed: int | None = None,
    ) -> None:
        self.layout = layout
        self.art = art
        self.background = background  # the felt under the foundations, once emptied
        self.rng = random.Random(seed)
        self.t = -delay
        self.scale = layout.card_h / 140
        # Each foundation's top card as drawn now (None: empty).
        self.tops: list[pygame.Surface | None] = [
            art.face(pile[-1]) if pile else None for pile in game.foundations
        ]
        # Kings first, taking the suits in turn, like a dealer sweeping up; each
        # with its suit and the card it uncovers.
        self.queue: list[tuple[pygame.Surface, int, int, int, pygame.Surface | None]] = []
        for rank in range(13, 0, -1):
            for suit, pile in enumerate(game.foundations):
                if len(pile) >= rank:
                    rect = layout.pile_rect(Pile.foundation(Suit(suit)))
                    below = art.face(pile[rank - 2]) if rank > 1 else None
                    self.queue.append((art.face(pile[rank - 1]), rect.x, rect.y, suit, below))
        self.flyers: list[_Flyer] = []
        self.trail: pygame.Surface | None = None
        self.next_launch = 0.0
        self.running = True  # cards still leave the foundations
        self.fade_start: float | None = None  # when the trails began to fade
        self.fade_seconds = FADE_SECONDS
        self.over = False  # faded out: only the table is left to show
        self.result_shown = False  # the win dialog is shown once

    @property
    def started(self) -> bool:
        """Whether the show covers the table (the trail is drawn)."""
        return self.t >= 0 and not self.over

    @property
    def done_showing(self) -> bool:
        """Time to show the result over the still-running cascade."""
        return self.t >= SHOW_DIALOG_AFTER or not self.running

    @property
    def fading(self) -> bool:
        """Whether the table already shows through the trails."""
        return self.fade_start is not None and not self.over

    @property
    def opacity(self) -> float:
        """How much of the trail still covers the table: 1 until it fades."""
        if self.fade_start is None:
            return 1.0
        return max(0.0, 1.0 - (self.t - self.fade_start) / self.fade_seconds)

    def finish(self) -> None:
        """Skip the rest of the show: the cards vanish and the trails fade
        quickly (at once if none was drawn yet)."""
        self.running = False
        self.queue.clear()
        self.flyers.clear()
        if self.trail is None:
            self.over = True
        elif self.fade_start is None:
            self._fade(SKIP_FADE_SECONDS)

    def end(self) -> None:
        """Stop showing anything at once (the trail no longer fits the window)."""
        self.finish()
        self.over = True

    def _fade(self, seconds: float) -> None:
        self.running = False
        self.queue.clear()  # no card leaves any more; those in the air fly on
        self.fade_start = max(self.t, 0.0)
        self.fade_seconds = seconds

    def _launch(self) -> None:
        image, x, y, suit, below = self.queue.pop(0)
        self.tops[suit] = below  # the card leaves its pile
        speed = self.scale * 60
        vx = -self.rng.uniform(2.5, 7.0) * speed
        if self.rng.random() < 0.25:
            vx = -vx * 0.6
        vy = -self.rng.uniform(0.0, 9.0) * speed
        self.flyers.append(_Flyer(image, x, y, vx, vy))

    def update(self, dt: float) -> None:
        self.t += dt
        if self.t < 0 or self.over:
            return
        if self.fade_start is not None and self.opacity <= 0.0:
            self.over = True
            self.flyers.clear()
            self.trail = None  # a whole window's worth of pixels, not needed any more
            return
        while self.queue and self.t >= self.next_launch:
            self._launch()
            self.next_launch += LAUNCH_EVERY
        gravity = 2600 * self.scale
        floor = self.layout.height - self.layout.card_h
        alive = []
        for flyer in self.flyers:
            flyer.vy += gravity * dt
            flyer.x += flyer.vx * dt
            flyer.y += flyer.vy * dt
            if flyer.y > floor:
                flyer.y = floor
                flyer.vy = -abs(flyer.vy) * 0.72
            if -self.layout.card_w < flyer.x < self.layout.width:
                alive.append(flyer)
                if self.trail is not None:
                    self.trail.blit(flyer.image, (round(flyer.x), round(flyer.y)))
        self.flyers = alive
        if self.fade_start is None and (
            self.t >= FLY_SECONDS or (not self.queue and not self.flyers)
        ):
            self._fade(FADE_SECONDS)

    def draw(self, surface: pygame.Surface, table: Callable[[pygame.Surface], None]) -> None:
        """The trail over what ``surface`` shows (the table, once it fades).

        The trail starts as the table alone, drawn by ``table``: not the last
        frame, which may hold a dialog or a message that would stay in it.
        """
        if self.trail is None:
            self.trail = pygame.Surface(surface.get_size(), 0, surface)
            table(self.trail)
        self._draw_foundations(self.trail)
        self.trail.set_alpha(round(255 * self.opacity))
        surface.blit(self.trail, (0, 0))

    def _draw_foundations(self, trail: pygame.Surface) -> None:
        """The foundations as they are now, over any trail that crossed them,
        and the cards leaving them over that."""
        rects = [self.layout.pile_rect(Pile.foundation(Suit(i))) for i in range(len(self.tops))]
        for suit, (rect, top) in enumerate(zip(rects, self.tops, strict=True)):
            trail.blit(self.background, rect, rect)
            trail.blit(self.art.empty_foundation(Suit(suit)), rect)
            if top is not None:
                trail.blit(top, rect)
        for flyer in self.flyers:
            where = flyer.image.get_rect(topleft=(round(flyer.x), round(flyer.y)))
            if where.collidelist(rects) != -1:
                trail.blit(flyer.image, where)
