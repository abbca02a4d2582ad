"""Every face-up card in a column shows its whole rank and suit, however long
the column and whatever the window size: the table shrinks when it must."""

from __future__ import annotations

import pygame
import pytest
from uikit import advance, make_app, use_game, view

from yukon.desktop.app import App
from yukon.engine import Card, Game, Move, Pile, Suit
from yukon.ui.art.faces import MIN_CAP
from yukon.ui.cards.layout import Layout

SIZES = ["800x600", "1000x700", "1280x800", "1920x1080"]
# The deal and moves that first showed indices cut in half: column 4 ends
# with 28 cards.
REPRO_CODE = "YU1-R-AAAAAAH"
REPRO_MOVES = (
    "7:3>4",
    "7:2>4",
    "4:7>3",
    "4:3>3",
    "6:3>7",
    "3:6>2",
    "5:4>2",
    "2:1>4",
    "3:4>2",
    "3:1>2",
    "2:3>7",
    "2:9>4",
    "2:6>1",
    "4:2>1",
    "1:6>7",
    "7:6>4",
    "7:2>3",
    "7:5>4",
    "3:6>4",
)


def long_column_game() -> Game:
    """Six face-down cards under 30 face-up ones in column 3, the other 16
    cards in columns of ordinary length."""
    deck = [str(Card(rank, suit)) for suit in Suit for rank in range(1, 14)]
    long, rest = deck[:36], deck[36:]
    columns = [rest[0:3], rest[3:7], long, rest[7:10], rest[10:13], rest[13:15], rest[15:16]]
    return Game.from_layout(columns, [1, 2, 6, 0, 1, 0, 0])


def assert_every_index_shows(app: App) -> None:
    """On screen, each face-up column card's index is whole (the pixels are
    the face's own, nothing covers them) and its rank at least MIN_CAP tall."""
    table = view(app)
    table.cursor_to(Pile.SPADES)  # its outline is not a card's to judge
    app.draw()
    screen = pygame.display.get_surface()
    rects = table.layout.card_rects(table.game)
    checked = 0
    for column in table.game.tableau:
        for card in column.cards[column.face_down :]:
            sprite = table.sprites.by_card[card]
            face = table.art.face(card, compact=sprite.compact)
            box = table.art.index_rect(card, compact=sprite.compact)
            assert box.h >= MIN_CAP and table.art.cap >= MIN_CAP
            assert face.get_rect().contains(box), str(card)
            origin = rects[card][0].topleft
            assert sprite.rect.topleft == origin
            for x in range(box.left, box.right):
                for y in range(box.top, box.bottom):
                    if face.get_at((x, y)).a == 255:
                        on_screen = screen.get_at((origin[0] + x, origin[1] + y))
                        assert on_screen == face.get_at((x, y)), (str(card), x, y)
            checked += 1
    assert checked == sum(len(c.cards) - c.face_down for c in table.game.tableau)


@pytest.mark.parametrize("size", ["800x600", "1920x1080"])
@pytest.mark.parametrize("large", [False, True])
def test_thirty_face_up_cards_in_a_column_all_show_their_index(size, large):
    app = make_app(size=size, large_indices=large)
    use_game(app, long_column_game())
    layout = view(app).layout
    ys = layout.offsets(36, 6)
    assert ys[-1] + layout.card_h <= layout.bottom  # the whole column on screen
    assert_every_index_shows(app)


@pytest.mark.parametrize("size", SIZES)
def test_the_reported_deal_shows_every_index_whole(size):
    app = make_app(size=size, code=REPRO_CODE)
    normal = view(app).layout.card_w
    for text in REPRO_MOVES:
        assert app.table.play(Move.parse(text)), text
        advance(app, 1.0)
    assert len(app.table.game.tableau[3].cards) == 28
    assert_every_index_shows(app)
    for _ in REPRO_MOVES:  # the cards grow back as the column shortens
        app.table.undo()
        advance(app, 1.0)
    assert view(app).layout.card_w == normal
    assert_every_index_shows(app)


def test_a_short_table_keeps_its_card_size():
    app = make_app(size="1280x800", code=REPRO_CODE)
    assert view(app).layout.card_w == Layout.for_size(1280, 800).card_w
