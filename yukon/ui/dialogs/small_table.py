"""The small table the Examples and Replay pages play their moves on.

It is the player's own table in small: the card back, the four-colour deck
and the large indices chosen in Settings, the table colour, the
foundations' side and the cards' pace. It follows the main table's
legibility rule too: cards small enough that every face-up card of the
longest column shows its index (``Layout.for_game``).
"""

from __future__ import annotations

import pygame

from yukon.engine import Card, Game, Pile, Suit
from yukon.persistence import Settings
from yukon.ui.art.faces import CardArt, card_style
from yukon.ui.art.felt import TABLE_COLOURS, table_background
from yukon.ui.cards.layout import Layout
from yukon.ui.cards.sprites import PACES, CardSprites


class SmallTable:
    """A position's cards on a felt of ``size``, moved with the game's own
    sprites; ``strip`` pixels are left free at the top for a line of text."""

    def __init__(self) -> None:
        self.size = (1, 1)
        self.strip = 0
        self.density = 1.0
        self.settings = Settings()
        self.layout = Layout.for_size(1, 1)
        self.art = CardArt(self.layout.card_w, self.layout.card_h)
        self.sprites = CardSprites(self.art)
        self.felt = table_background(self.size)

    def resize(
        self, size: tuple[int, int], settings: Settings, *, density: float, strip: int
    ) -> None:
        """A new size, or new settings: the felt in the player's table
        colour; the cards are placed afresh by the next ``show``."""
        self.size = (max(1, size[0]), max(1, size[1]))
        self.settings, self.density, self.strip = settings, density, strip
        self.felt = table_background(self.size, TABLE_COLOURS[settings.table_colour])
        self.sprites = self._new_sprites()

    def show(self, game: Game, *, animate: bool, moved: tuple[Card, ...] = ()) -> None:
        """The cards to where ``game`` has them: sliding there (``moved``, the
        cards a move put on top, travel above the rest) or at once."""
        before = (self.art.width, self.art.height)
        self._fit(game)
        if not animate:
            self.sprites = self._new_sprites()
        elif before != (self.art.width, self.art.height):
            self.sprites.resize_from(before)  # the cards grow or shrink as they go
        self.sprites.sync(game, self.layout, animate=animate, moved=moved)

    def _fit(self, game: Game) -> None:
        """The layout for ``game``'s columns, and the player's deck at its card size."""
        settings = self.settings
        self.layout = Layout.for_game(
            self.size,
            game,
            self.density,
            large_index=settings.large_indices,
            left_handed=settings.left_handed,
            bar_h=self.strip,
        )
        style = card_style(settings)
        card = (self.layout.card_w, self.layout.card_h)
        if (self.art.width, self.art.height, self.art.style) != (*card, style):
            self.art = CardArt(*card, style)
            self.sprites.set_art(self.art)

    def _new_sprites(self) -> CardSprites:
        sprites = CardSprites(self.art)
        sprites.pace = PACES[self.settings.animation]
        return sprites

    @property
    def animating(self) -> bool:
        return self.sprites.animating

    def fly(self, game: Game, dt: float) -> bool:
        """Move the flying cards on by ``dt``; True if anything moved (draw
        again). Cards that landed now cover others, which then show their
        covered index, and go back to their own layers."""
        if not self.sprites.animating:
            return False
        self.sprites.update(dt)
        if not self.sprites.animating:
            self.sprites.mark_covered(game, self.layout)
            self.sprites.settle_layers()
        return True

    def draw(self) -> pygame.Surface:
        """The felt, the empty piles' outlines and the cards."""
        table = pygame.Surface(self.size)
        table.blit(self.felt, (0, 0))
        for col in range(7):
            table.blit(self.art.empty_column(), self.layout.pile_rect(Pile.column(col)))
        for suit in Suit:
            table.blit(
                self.art.empty_foundation(suit), self.layout.pile_rect(Pile.foundation(suit))
            )
        self.sprites.draw(table, 1.0)
        return table
