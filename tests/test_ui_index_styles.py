"""One index style per column: the covered face-up cards of a column are all
drawn with the stacked corner index or all with the compact one-line index,
at every window size, chosen for the column from its overlap."""

from __future__ import annotations

from functools import cache

import pygame
import pytest
from test_ui_legibility import long_column_game
from uikit import make_app

from yukon.engine import Game
from yukon.ui.art.faces import CardArt, compact_height
from yukon.ui.cards.layout import Layout
from yukon.ui.cards.sprites import CardSprites

# The deal in which column 7 read A♣ stacked, 10♥ compact, J♦ stacked at 1920x1080.
REPRO_CODE = "YU1-C-AAAAAAG"
HEIGHTS = (600, 1080, 2160)


class MetricsOnly:
    """The part of ``CardArt`` the styles are chosen from, without drawing."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.index_bottom = index_bottom(width)
        self._image = pygame.Surface((1, 1))

    def face(self, card: object, compact: bool = False) -> pygame.Surface:
        return self._image

    def back(self) -> pygame.Surface:
        return self._image


@cache
def index_bottom(card_w: int) -> int:
    return CardArt(card_w, round(card_w * 1.4)).index_bottom


def styles(game: Game, layout: Layout) -> list[tuple[set[bool], int, int]]:
    """For each column: the styles of its covered face-up cards, its least
    face-up step, and the index height for that card size."""
    sprites = CardSprites(MetricsOnly(layout.card_w, layout.card_h))  # type: ignore[arg-type]
    sprites.sync(game, layout, animate=False)
    rects = layout.card_rects(game)
    found = []
    for column in game.tableau:
        covered = column.cards[column.face_down : -1]
        steps = [
            rects[above][0].y - rects[card][0].y
            for card, above in zip(covered, column.cards[column.face_down + 1 :], strict=True)
        ]
        kinds = {sprites.by_card[card].compact for card in covered}
        found.append((kinds, min(steps, default=0), layout.card_w))
    return found


@pytest.mark.parametrize("height", HEIGHTS)
@pytest.mark.parametrize(
    "game", [Game.from_code(REPRO_CODE), long_column_game()], ids=["deal", "long"]
)
def test_every_column_has_one_index_style_at_every_width(game: Game, height: int) -> None:
    for width in range(800, 3841):
        layout = Layout.for_game((width, height), game)
        for col, (kinds, least, card_w) in enumerate(styles(game, layout)):
            assert len(kinds) <= 1, (width, height, col + 1)
            if kinds == {False}:  # stacked: every step shows the whole stacked index
                assert least >= index_bottom(card_w), (width, height, col + 1)
            elif kinds == {True}:  # compact: every step shows the one-line index
                assert least >= compact_height(card_w), (width, height, col + 1)


def test_the_reported_column_reads_one_style_in_the_app() -> None:
    app = make_app("1920x1080", REPRO_CODE)
    board = app.table.board
    column = board.game.tableau[6]
    covered = column.cards[column.face_down : -1]
    assert len({board.sprites.by_card[card].compact for card in covered}) == 1


@pytest.mark.parametrize("height", HEIGHTS)
def test_a_fresh_deal_shows_the_stacked_index_at_every_size(height: int) -> None:
    """Unsqueezed columns show every covered card's whole stacked index, at
    any window size: the usual step rounded a pixel short of the index at
    1920x1080 and 800x600, so there they all read compact."""
    game = Game.from_code(REPRO_CODE)
    for width in range(800, 3841):
        layout = Layout.for_game((width, height), game)
        for col, (kinds, _, _) in enumerate(styles(game, layout)):
            assert kinds <= {False}, (width, height, col + 1)
    large = Layout.for_game((1920, 1080), game, large_index=True)
    assert large.full_up_step == 0  # large indices: covered cards read compact, as before
