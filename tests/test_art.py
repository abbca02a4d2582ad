"""The card art: every image renders at the requested size, in the right colours, cached."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import hashlib
import importlib.util
import struct
from pathlib import Path

import pygame
import pytest

from yukon.engine import Card, Suit
from yukon.engine.cards import CARDS
from yukon.ui.art.faces import CardArt, Highlight
from yukon.ui.art.felt import table_background
from yukon.ui.art.icon import make_icon
from yukon.ui.art.suits import draw_suit

SIZES = [(50, 70), (100, 140), (250, 350)]
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def _pygame():
    # Per test: every test ends with pygame.quit() (see conftest), which
    # invalidates fonts an older CardArt would still hold.
    pygame.display.init()
    pygame.font.init()
    yield


@pytest.fixture
def art() -> CardArt:
    return CardArt(100, 140)


def red_pixels(surface: pygame.Surface) -> int:
    """Opaque-ish pixels that read as red: R high, G and B low."""
    mask = pygame.mask.from_threshold(surface, (200, 45, 50, 255), (56, 46, 51, 200))
    return mask.count()


def digest(surface: pygame.Surface) -> str:
    return hashlib.sha1(pygame.image.tobytes(surface, "RGBA")).hexdigest()


@pytest.mark.parametrize("size", SIZES)
def test_every_face_has_the_requested_size(size):
    art = CardArt(*size)
    for card in CARDS:
        assert art.face(card).get_size() == size
    for image in (art.back(), art.empty_column(), art.empty_foundation(Suit.HEARTS)):
        assert image.get_size() == size
    for kind in Highlight:
        assert art.highlight(kind).get_size() == size
    m = art.shadow_margin
    assert art.shadow().get_size() == (size[0] + 2 * m, size[1] + 2 * m)


@pytest.mark.parametrize("size", [(50, 70), (100, 140)])
def test_red_cards_have_red_ink_and_black_cards_none(size):
    art = CardArt(*size)
    for card in CARDS:
        count = red_pixels(art.face(card))
        if card.is_red:
            assert count > 20, card
        else:
            assert count == 0, card


def test_faces_are_all_different(art):
    digests = {digest(art.face(card)) for card in CARDS}
    assert len(digests) == 52
    assert digest(art.back()) not in digests


def test_compact_faces_tell_every_card_apart_by_the_rank_strip_alone(art):
    # A squeezed card shows about its rank's height: in the normal face the
    # suit lies below that, so the Q of spades and the Q of clubs look alike.
    strip = pygame.Rect(0, 0, art.width, art.pad + art.cap)

    def strips(compact: bool) -> set[str]:
        return {digest(art.face(card, compact=compact).subsurface(strip)) for card in CARDS}

    assert len(strips(compact=False)) < 52
    assert len(strips(compact=True)) == 52
    queen = Card(12, Suit.HEARTS)
    assert art.face(queen, compact=True) is art.face(queen, compact=True)
    below = pygame.Rect(0, art.index_height, art.width, art.height - art.index_height)
    assert digest(art.face(queen, compact=True).subsurface(below)) == digest(
        art.face(queen).subsurface(below)
    )


def test_images_are_cached(art):
    card = Card(12, Suit.HEARTS)
    assert art.face(card) is art.face(card)
    assert art.back() is art.back()
    assert art.empty_foundation(Suit.CLUBS) is art.empty_foundation(Suit.CLUBS)
    assert art.empty_column() is art.empty_column()
    assert art.highlight(Highlight.CURSOR) is art.highlight(Highlight.CURSOR)
    assert art.shadow() is art.shadow()
    assert table_background((320, 200)) is table_background((320, 200))


def test_corners_are_transparent_and_middle_opaque(art):
    for image in (art.face(Card(1, Suit.SPADES)), art.face(Card(13, Suit.DIAMONDS)), art.back()):
        w, h = image.get_size()
        for corner in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)):
            assert image.get_at(corner).a == 0
        assert image.get_at((w // 2, h // 2)).a == 255
        assert image.get_at((w // 2, 1)).a == 255


def test_slots_and_highlights_are_translucent_and_distinct(art):
    for image in (art.empty_column(), art.empty_foundation(Suit.SPADES)):
        assert 0 < image.get_at((image.get_width() // 2, 10)).a < 200
    edges = {tuple(art.highlight(kind).get_at((1, 70))) for kind in Highlight}
    assert len(edges) == len(Highlight)
    with pytest.raises(ValueError):
        art.highlight("sparkle")


def test_empty_foundations_show_their_suit(art):
    digests = {digest(art.empty_foundation(suit)) for suit in Suit}
    assert len(digests) == 4
    assert digest(art.empty_column()) not in digests


def test_empty_columns_say_that_only_a_king_goes_there(art):
    image = art.empty_column()
    w, h = image.get_size()
    middle = [
        image.get_at((x, y)) for x in range(w // 4, w * 3 // 4) for y in range(h // 3, h * 2 // 3)
    ]
    assert sum(1 for pixel in middle if pixel.r > 40) > 100  # the faint K, lighter than the slot


@pytest.mark.parametrize("suit", list(Suit))
def test_draw_suit_stays_inside_its_rect_even_when_tiny(suit):
    surface = pygame.Surface((30, 30), pygame.SRCALPHA)
    drawn = draw_suit(surface, suit, (10, 10, 10, 10))
    assert pygame.Rect(10, 10, 10, 10).contains(drawn)
    mask = pygame.mask.from_surface(surface, 127)
    assert 25 < mask.count() < 100
    assert pygame.Rect(10, 10, 10, 10).contains(mask.get_bounding_rects()[0])


def test_suit_shapes_differ():
    shapes = []
    for suit in Suit:
        surface = pygame.Surface((40, 40), pygame.SRCALPHA)
        draw_suit(surface, suit, surface.get_rect(), (0, 0, 0))
        shapes.append(digest(surface))
    assert len(set(shapes)) == 4


def test_table_background_and_icon_sizes():
    assert table_background((300, 200)).get_size() == (300, 200)
    icon = make_icon(32)
    assert icon.get_size() == (32, 32)
    assert icon.get_at((0, 0)).a == 0


def test_too_small_cards_are_refused():
    with pytest.raises(ValueError):
        CardArt(4, 6)


def test_make_assets_writes_valid_png_and_ico(tmp_path):
    spec = importlib.util.spec_from_file_location("make_assets", ROOT / "assets" / "make_assets.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    png_path, ico_path, *desktop = module.make_assets(tmp_path)

    assert png_path == tmp_path / "yukon" / "assets" / "icon.png"
    assert png_path.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    assert pygame.image.load(str(png_path)).get_size() == (256, 256)
    assert len(desktop) == len(module.DESKTOP_SIZES)
    for size, path in zip(module.DESKTOP_SIZES, desktop, strict=True):
        assert path.parent == tmp_path / "linux/icons/hicolor" / f"{size}x{size}" / "apps"
        assert pygame.image.load(str(path)).get_size() == (size, size)

    data = ico_path.read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data)
    assert (reserved, kind) == (0, 1)
    assert count == len(module.ICO_SIZES)
    for i, size in enumerate(module.ICO_SIZES):
        w, h, _, _, planes, bpp, length, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * i)
        assert (w or 256, h or 256) == (size, size)
        assert (planes, bpp) == (1, 32)
        png = data[offset : offset + length]
        assert png.startswith(b"\x89PNG\r\n\x1a\n")
        assert offset + length <= len(data)


def test_a_turning_card_is_scaled_once_per_width_and_kept():
    from yukon.ui.art.faces import TURN_STEPS, TURNING_KEPT

    art = CardArt(100, 140)
    card = Card.parse("QH")
    frames = [art.turning(card, compact=False, step=step) for step in range(1, TURN_STEPS + 1)]
    widths = [frame.get_width() for frame in frames]
    assert widths == sorted(widths) and widths[0] < 20 and frames[-1] is art.face(card)
    assert all(frame.get_height() == 140 for frame in frames)
    assert art.turning(card, compact=False, step=3) is frames[2]  # kept, not scaled again
    assert art.turning(None, compact=False, step=3).get_width() == widths[2]  # the back too
    for index in range(52):  # many turns: only the last few are kept
        art.turning(Card.from_index(index), compact=False, step=1)
    assert len(art._turning) <= TURNING_KEPT


# ---------------------------------------------------------------- looks


def test_every_setting_choice_has_a_drawing():
    from yukon.persistence.settings import (
        CHOICE_NAMES,
        AnimationSpeed,
        CardBack,
        SpeechMode,
        TableColour,
    )
    from yukon.ui.art.backs import _BACK_COLOURS, _BACK_PATTERNS
    from yukon.ui.art.felt import TABLE_COLOURS as FELTS
    from yukon.ui.cards.sprites import PACES

    assert set(_BACK_COLOURS) == set(_BACK_PATTERNS) == set(CardBack)
    assert set(FELTS) == set(TableColour)
    assert set(PACES) == set(AnimationSpeed)
    assert set(CHOICE_NAMES) == {*TableColour, *CardBack, *AnimationSpeed, *SpeechMode}


def test_each_back_design_is_its_own_picture():
    from yukon.persistence.settings import CardBack
    from yukon.ui.art.faces import CardStyle

    backs = {digest(CardArt(80, 112, CardStyle(back=back)).back()) for back in CardBack}
    assert len(backs) == len(CardBack)
    with pytest.raises(ValueError, match="card back"):
        CardStyle(back="plaid")


def test_each_table_colour_is_its_own_felt():
    from yukon.ui.art.felt import TABLE_COLOURS as FELTS

    felts = {digest(table_background((160, 100), colour)) for colour in FELTS.values()}
    assert len(felts) == len(FELTS)


def test_a_four_colour_deck_gives_each_suit_its_ink():
    from yukon.ui.art.faces import CardStyle
    from yukon.ui.art.palette import FOUR_COLOURS

    art = CardArt(100, 140, CardStyle(four_colour=True))
    for suit in Suit:
        face = art.face(Card(5, suit))
        ink = pygame.Color(*FOUR_COLOURS[suit])
        exact = pygame.mask.from_threshold(face, ink, (12, 12, 12, 255)).count()
        assert exact > 50, suit
    classic = CardArt(100, 140)
    assert red_pixels(classic.face(Card(5, Suit.DIAMONDS))) > 20
    assert red_pixels(art.face(Card(5, Suit.DIAMONDS))) == 0  # blue now


def test_large_indices_are_larger_and_still_fit_the_compact_strip():
    from yukon.ui.art.faces import CardStyle, compact_height

    normal, large = CardArt(100, 140), CardArt(100, 140, CardStyle(large_index=True))
    assert large.cap > normal.cap
    for card in CARDS:
        for art in (normal, large):
            box = art.index_rect(card, compact=True)
            assert box.bottom <= compact_height(art.width, large=art is large)
            assert art.face(card).get_rect().contains(box)


def _see_through_pixels(image: pygame.Surface, radius: int) -> int:
    """Pixels of the card's inside, more than two pixels in from its rounded
    outline, that are not fully opaque."""
    w, h = image.get_size()
    inside = pygame.Surface((w, h), pygame.SRCALPHA)
    inside.fill((0, 0, 0, 0))
    pygame.draw.rect(inside, (0, 0, 0, 255), (2, 2, w - 4, h - 4), border_radius=radius)
    solid = pygame.mask.from_surface(image, 254)  # alpha 255 only
    solid.invert()
    return pygame.mask.from_surface(inside, 254).overlap_area(solid, (0, 0))


def test_face_up_cards_and_backs_are_opaque_inside_at_every_size():
    """smoothscale's rounding left faces at alpha 253 of 255 where the
    supersampling factor is 3 (cards 350-470 px tall, 3840x2160): the card
    under one showed through. Swept over every card width from the smallest
    table's to past the largest, in steps finer than a factor's range."""
    from yukon.persistence.settings import CardBack
    from yukon.ui.art.faces import CardStyle

    sample = [Card.parse(text) for text in ("AS", "7H", "TD", "KC", "QH")]
    backs = list(CardBack)
    for step, width in enumerate(range(20, 560, 6)):
        style = CardStyle(back=backs[step % len(backs)], large_index=step % 3 == 0)
        art = CardArt(width, round(width * 1.4), style)
        images = [art.face(card, compact=compact) for card in sample for compact in (False, True)]
        for image in (*images, art.back()):
            assert _see_through_pixels(image, art.radius) == 0, (width, style)
