"""Card sprites: a view of the engine's state, re-synced after every change.

Each sprite knows where it is and where it should be; ``sync`` sets the
targets from the engine (via the layout) and the sprites slide and flip
there on fixed updates. Rendering interpolates between the last two fixed
updates with the loop's blend factor.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator

import pygame

from yukon.engine import Card, Game
from yukon.persistence.settings import AnimationSpeed
from yukon.ui.art.faces import TURN_STEPS, CardArt
from yukon.ui.cards.layout import Layout

SLIDE_SECONDS = 0.16
FLIP_SECONDS = 0.14
# How fast the cards move for each Animation setting: a factor on time;
# 0 puts every card where it goes at once.
PACES = {AnimationSpeed.NORMAL: 1.0, AnimationSpeed.FAST: 2.2, AnimationSpeed.OFF: 0.0}
DRAG_LAYER = 10_000
MOVING_LAYER = 5_000


def ease_out_cubic(t: float) -> float:
    t = min(max(t, 0.0), 1.0)
    return 1 - (1 - t) ** 3


class CardSprite(pygame.sprite.Sprite):
    """One card on the table: position, face, and its running animations."""

    image: pygame.Surface
    rect: pygame.Rect

    def __init__(self, card: Card, art: CardArt, x: float, y: float, *, face_up: bool) -> None:
        super().__init__()
        self.card = card
        self.art = art
        self.face_up = face_up
        self.x = self.prev_x = float(x)
        self.y = self.prev_y = float(y)
        self.home_layer = 0
        self.compact = False  # squeezed under the next card: see ``CardArt.face``
        self._slide: tuple[float, float, float, float, float, float] | None = None
        self._flip: float | None = None  # seconds into the flip
        self.image: pygame.Surface = self._face_image()
        self.rect: pygame.Rect = self.image.get_rect(topleft=(round(x), round(y)))

    def _face_image(self) -> pygame.Surface:
        return self.art.face(self.card, compact=self.compact) if self.face_up else self.art.back()

    @property
    def animating(self) -> bool:
        return self._slide is not None or self._flip is not None

    @property
    def target(self) -> tuple[float, float]:
        if self._slide is not None:
            return (self._slide[2], self._slide[3])
        return (self.x, self.y)

    def place(self, x: float, y: float) -> None:
        """Jump without animation (drag following, resize)."""
        self._slide = None
        self.x = self.prev_x = float(x)
        self.y = self.prev_y = float(y)

    def settle(self) -> None:
        """End every animation: the card is where it is going, face as it will be."""
        self.place(*self.target)
        self._flip = None

    def slide_to(
        self, x: float, y: float, seconds: float = SLIDE_SECONDS, delay: float = 0.0
    ) -> None:
        if (x, y) == self.target and (self._slide is not None or (x, y) == (self.x, self.y)):
            return
        self._slide = (self.x, self.y, float(x), float(y), -delay, seconds)

    def set_face(self, *, face_up: bool, animate: bool) -> None:
        if face_up == self.face_up:
            return
        self.face_up = face_up
        self._flip = 0.0 if animate else None

    def update(self, dt: float) -> None:
        self.prev_x, self.prev_y = self.x, self.y
        if self._slide is not None:
            x0, y0, x1, y1, t, seconds = self._slide
            t += dt
            if t >= seconds:
                self.x, self.y = x1, y1
                self._slide = None
            else:
                k = ease_out_cubic(t / seconds) if t > 0 else 0.0
                self.x, self.y = x0 + (x1 - x0) * k, y0 + (y1 - y0) * k
                self._slide = (x0, y0, x1, y1, t, seconds)
        if self._flip is not None:
            self._flip += dt
            if self._flip >= FLIP_SECONDS:
                self._flip = None

    def prepare(self, alpha: float) -> None:
        """Set ``image`` and ``rect`` for drawing at blend factor ``alpha``."""
        if self.animating:
            x = self.prev_x + (self.x - self.prev_x) * alpha
            y = self.prev_y + (self.y - self.prev_y) * alpha
        else:  # at rest: exactly where it belongs, whatever the blend factor
            x, y = self.x, self.y
        if self._flip is None:
            self.image = self._face_image()
            self.rect = self.image.get_rect(topleft=(round(x), round(y)))
            return
        # A turn: the old side narrows to nothing, then the new side widens.
        half = FLIP_SECONDS / 2
        t = self._flip
        if t < half:
            face_shown = not self.face_up  # the side it had
            k = 1 - t / half
        else:
            face_shown = self.face_up
            k = (t - half) / half
        step = max(1, round(k * TURN_STEPS))
        self.image = self.art.turning(
            self.card if face_shown else None, compact=self.compact, step=step
        )
        cx = round(x) + self.art.width // 2
        self.rect = self.image.get_rect(midtop=(cx, round(y)))


class CardSprites:
    """All 52 sprites in a ``LayeredUpdates`` group, kept in step with a game."""

    def __init__(self, art: CardArt) -> None:
        self.art = art
        self.group: pygame.sprite.LayeredUpdates[CardSprite] = pygame.sprite.LayeredUpdates()
        self.by_card: dict[Card, CardSprite] = {}
        self.moving: set[CardSprite] = set()  # only these need fixed updates
        #: Time runs this many times faster for the cards (see ``PACES``).
        self.pace = 1.0
        # The cards growing or shrinking to the art's size: (width, height)
        # they started from, seconds into it (see ``resize_from``).
        self._resize: tuple[int, int, float] | None = None

    def __iter__(self) -> Iterator[pygame.sprite.Sprite]:
        return iter(self.group)

    def set_art(self, art: CardArt) -> None:
        self.art = art
        for sprite in self.by_card.values():
            sprite.art = art

    @property
    def animating(self) -> bool:
        return bool(self.moving) or self._resize is not None

    def resize_from(self, size: tuple[int, int]) -> None:
        """The art changed size (the table shrank for a long column, or grew
        back): the cards grow or shrink from ``size`` to it over a slide's
        time, rather than jumping (at once with animations off)."""
        if self.pace and size != (self.art.width, self.art.height):
            self._resize = (*size, 0.0)

    def shown_size(self) -> tuple[int, int]:
        """The size the cards are drawn at now."""
        if self._resize is None:
            return (self.art.width, self.art.height)
        w0, h0, t = self._resize
        k = ease_out_cubic(t / SLIDE_SECONDS)
        return (round(w0 + (self.art.width - w0) * k), round(h0 + (self.art.height - h0) * k))

    def sync(
        self,
        game: Game,
        layout: Layout,
        *,
        animate: bool,
        moved: tuple[Card, ...] = (),
        exclude: frozenset[Card] = frozenset(),
    ) -> None:
        """Point every sprite at where the engine says its card is.

        ``moved`` cards rise above the rest while they travel; ``exclude``
        (cards being dragged) are left where they are. With animations off
        (``pace`` 0) every card is where it belongs at once.
        """
        if self.pace == 0:
            animate = False
            for sprite in self.moving:
                sprite.settle()  # a slide or turn under way ends now
            self.moving.clear()
        rects = layout.card_rects(game)
        layers = _layers(game)
        for card, (rect, face_up) in rects.items():
            if card not in self.by_card:
                sprite = CardSprite(card, self.art, rect.x, rect.y, face_up=face_up)
                self.by_card[card] = sprite
                self.group.add(sprite, layer=layers[card])
            sprite = self.by_card[card]
            sprite.home_layer = layers[card]
            if card in exclude:
                continue
            if animate:
                sprite.slide_to(rect.x, rect.y)
                sprite.set_face(face_up=face_up, animate=True)
            else:
                sprite.place(rect.x, rect.y)
                sprite.set_face(face_up=face_up, animate=False)
            layer = layers[card]
            if animate and card in moved:
                layer += MOVING_LAYER
            if self.group.get_layer_of_sprite(sprite) != layer:
                self.group.change_layer(sprite, layer)
            if sprite.animating:
                self.moving.add(sprite)
        self.mark_covered(game, layout, exclude, rects)

    def mark_covered(
        self,
        game: Game,
        layout: Layout,
        lifted: frozenset[Card] = frozenset(),
        rects: dict[Card, tuple[pygame.Rect, bool]] | None = None,
    ) -> None:
        """Give the compact face (see ``CardArt.face``) to the covered
        face-up cards of every column whose overlap hides the whole index,
        and the whole face to the rest.

        The style is the column's, never a card's: a column's steps are
        rounded to whole pixels (72, 73, 72...), and deciding card by card
        would flip the style from one card to the next right at the
        threshold. A column is compact when its tightest face-up step is
        below the index (``compact_cards``).

        ``lifted`` cards (in the hand) no longer cover the card they lay on,
        which then shows whole; they keep the faces they had. A column that
        a card is still travelling onto or away from keeps its faces too:
        call again once the cards are in place.
        """
        if rects is None:
            rects = layout.card_rects(game)
        moving = {card for card, sprite in self.by_card.items() if sprite.animating}
        covered, unsettled = compact_cards(game, rects, self.art.index_bottom, lifted, moving)
        for card, sprite in self.by_card.items():
            if card not in unsettled:
                sprite.compact = card in covered

    def settle_layers(self) -> None:
        """Put sprites that finished travelling back on their own layers."""
        for sprite in self.by_card.values():
            layer = self.group.get_layer_of_sprite(sprite)
            if not sprite.animating and layer != sprite.home_layer and layer < DRAG_LAYER:
                self.group.change_layer(sprite, sprite.home_layer)

    def raise_to(self, cards: list[Card], base: int) -> None:
        for i, card in enumerate(cards):
            self.group.change_layer(self.by_card[card], base + i)

    def update(self, dt: float) -> None:
        if self._resize is not None:
            w0, h0, t = self._resize
            t += dt * self.pace
            self._resize = (w0, h0, t) if t < SLIDE_SECONDS and self.pace else None
        for sprite in list(self.moving):
            sprite.update(dt * self.pace)
            if not sprite.animating:
                self.moving.discard(sprite)

    def draw(
        self, surface: pygame.Surface, alpha: float, skip: frozenset[Card] = frozenset()
    ) -> None:
        sprites = [sprite for sprite in self.group.sprites() if sprite.card not in skip]
        self._draw(surface, alpha, sprites)

    def draw_cards(self, surface: pygame.Surface, alpha: float, cards: Iterable[Card]) -> None:
        """Draw just ``cards``, in that order (cards in hand, over the rest)."""
        self._draw(surface, alpha, [self.by_card[card] for card in cards])

    def _draw(self, surface: pygame.Surface, alpha: float, sprites: list[CardSprite]) -> None:
        if self._resize is None:  # the common case, every drag frame: no scaling
            for sprite in sprites:
                sprite.prepare(alpha)
                surface.blit(sprite.image, sprite.rect)
            return
        width, height = self.shown_size()  # growing or shrinking
        for sprite in sprites:
            sprite.prepare(alpha)
            w = max(1, round(sprite.image.get_width() * width / self.art.width))
            sprite.image = pygame.transform.smoothscale(sprite.image, (w, height))
            sprite.rect = sprite.image.get_rect(topleft=sprite.rect.topleft)
            surface.blit(sprite.image, sprite.rect)

    def card_at(self, pos: tuple[int, int], skip: frozenset[Card] = frozenset()) -> Card | None:
        """The top-most card under ``pos``, by where the cards are now (not
        where they were last drawn)."""
        w, h = self.art.width, self.art.height
        x, y = pos
        for sprite in reversed(self.group.sprites()):
            if sprite.card not in skip and 0 <= x - sprite.x < w and 0 <= y - sprite.y < h:
                return sprite.card
        return None


def compact_cards(
    game: Game,
    rects: dict[Card, tuple[pygame.Rect, bool]],
    index_bottom: int,
    lifted: frozenset[Card] = frozenset(),
    moving: frozenset[Card] | set[Card] = frozenset(),
) -> tuple[set[Card], set[Card]]:
    """The cards to draw compact, and the cards whose faces stay as they are
    (``lifted``, and the columns a ``moving`` card travels onto or from).

    Each column's covered face-up cards share one style: compact when the
    column's tightest face-up step (in ``rects``) is below ``index_bottom``.

    >>> game = Game.new(1)  # columns 2 to 7 end in five face-up cards
    >>> rects = Layout.for_size(1280, 800).card_rects(game)
    >>> len(compact_cards(game, rects, index_bottom=300)[0])  # all covered ones
    24
    >>> compact_cards(game, rects, index_bottom=30)[0]
    set()
    """
    unsettled = set(lifted)
    covered: set[Card] = set()
    for column in game.tableau:
        cards = [card for card in column.cards if card not in lifted]
        pairs = [(card, above) for card, above in itertools.pairwise(cards) if rects[card][1]]
        if any(above in moving for _, above in pairs):
            unsettled.update(card for card, _ in pairs)
            continue
        gaps = [rects[above][0].y - rects[card][0].y for card, above in pairs]
        if gaps and min(gaps) < index_bottom:
            covered.update(card for card, _ in pairs)
    return covered, unsettled


def _layers(game: Game) -> dict[Card, int]:
    """Draw order: within a column bottom to top; foundations by rank."""
    layers: dict[Card, int] = {}
    for column in game.tableau:
        for i, card in enumerate(column.cards):
            layers[card] = 100 + i
    for pile in game.foundations:
        for i, card in enumerate(pile):
            layers[card] = i
    return layers
