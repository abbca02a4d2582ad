"""The small table the Examples and Replay pages share."""

from __future__ import annotations

from yukon.engine import Game
from yukon.ui.dialogs import examples, replay
from yukon.ui.dialogs.small_table import fly_cards


class Sprites:
    """Cards in flight for ``frames`` updates, noting when they are marked."""

    def __init__(self, frames: int) -> None:
        self.frames = frames
        self.marked: list[object] = []

    @property
    def animating(self) -> bool:
        return self.frames > 0

    def update(self, dt: float) -> None:
        self.frames -= 1

    def mark_covered(self, game: Game, layout: object) -> None:
        self.marked.append(layout)


def test_landed_cards_mark_the_cards_they_cover_once_and_only_then():
    game, layout = Game.new(1), object()
    sprites = Sprites(frames=2)
    assert fly_cards(sprites, game, layout, 0.1) and sprites.marked == []  # type: ignore[arg-type]
    assert fly_cards(sprites, game, layout, 0.1) and sprites.marked == [layout]  # type: ignore[arg-type]
    assert not fly_cards(sprites, game, layout, 0.1) and sprites.marked == [layout]  # type: ignore[arg-type]


def test_both_pages_fly_their_cards_and_draw_their_table_the_same_way():
    """The replay once left moved cards with their whole face in a squeezed
    column, because only the Examples page marked them covered on landing."""
    for page in (examples, replay):
        assert page.fly_cards is fly_cards
        assert page.draw_small_table.__module__ == "yukon.ui.dialogs.small_table"
