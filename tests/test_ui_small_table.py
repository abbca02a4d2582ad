"""The small table the Examples and Replay pages share (``SmallTable``)."""

from __future__ import annotations

import dataclasses

import pygame

from yukon.engine import Game, Move
from yukon.persistence import Settings
from yukon.persistence.settings import CardBack
from yukon.texts.examples import EXAMPLES
from yukon.ui.art.faces import card_style
from yukon.ui.dialogs.small_table import SmallTable


def small_table(settings: Settings | None = None) -> SmallTable:
    pygame.init()
    table = SmallTable()
    table.resize((800, 500), settings or Settings(), density=1.0, strip=20)
    return table


def test_landed_cards_mark_the_cards_they_cover_once_they_land():
    """The replay once left moved cards with their whole face in a squeezed
    column: only the Examples page marked them covered on landing."""
    game = Game.from_code("YU1-C-AAAAAAB")
    table = small_table()
    table.show(game, animate=False)
    move = Move.parse("7:5>2")
    game.play(move)
    moved = tuple(game.tableau[move.dst].cards[-move.count :])
    table.show(game, animate=True, moved=moved)
    marks = []
    real = table.sprites.mark_covered
    table.sprites.mark_covered = lambda *args: marks.append(args) or real(*args)  # type: ignore[method-assign]
    assert table.fly(game, 0.05) and marks == []  # still in the air
    while table.fly(game, 0.05):
        pass
    assert len(marks) == 1 and not table.animating
    assert not table.fly(game, 0.05) and len(marks) == 1


def test_the_cards_shrink_for_a_long_column_in_the_players_deck():
    settings = dataclasses.replace(Settings(), four_colour=True, card_back=CardBack.WAVES)
    table = small_table(settings)
    table.show(Game.from_code("YU1-C-AAAAAAB"), animate=False)
    wide = table.art.width
    game = next(e for e in EXAMPLES if e.title == "At most 20 cards").start()  # 22 cards
    table.show(game, animate=True)
    assert table.art.width < wide and table.art.style == card_style(settings)
    assert (table.art.width, table.art.height) == (table.layout.card_w, table.layout.card_h)
    assert table.layout.bar_h == 20  # the strip left for a line of text
    assert table.draw().get_size() == (800, 500)
