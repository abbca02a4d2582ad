"""Every combination of the look settings draws, at the smallest window and
in full HD, with the cards where the layout says."""

from __future__ import annotations

import dataclasses
import itertools

import pygame
import pytest
from uikit import make_app, view

from yukon.persistence.settings import AnimationSpeed, CardBack, TableColour


@pytest.mark.parametrize("size", ["800x600", "1920x1080"])
def test_every_look_combination_renders(size):
    app = make_app(size=size, code="YU1-C-AAAAAAB")
    board = view(app)
    window = pygame.Rect((0, 0), app.size)
    combos = list(
        itertools.product(
            CardBack,
            (False, True),  # four-colour deck
            (False, True),  # large indices
            TableColour,
            (False, True),  # left-handed
            AnimationSpeed,
        )
    )
    drawn = set()
    for back, four, large, colour, left, speed in combos:
        settings = dataclasses.replace(
            app.session.settings,
            card_back=back,
            four_colour=four,
            large_indices=large,
            table_colour=colour,
            left_handed=left,
            animation=speed,
        )
        app.session.update_settings(settings)
        app.draw()
        layout = board.layout
        assert (board.art.style.back, board.art.style.four_colour) == (back, four)
        assert (layout.foundation_x < layout.column_x[0]) == left
        for rect, _ in layout.card_rects(board.game).values():
            assert window.contains(rect)
        corner = app.surface.get_at((layout.width // 2, layout.height - 2))[:3]
        drawn.add((colour, corner))
    assert len({colour for colour, _ in drawn}) == len(TableColour)
    assert len({corner for _, corner in drawn}) == len(TableColour)  # four felts
