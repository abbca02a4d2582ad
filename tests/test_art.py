"""The card art: every image renders at the requested size, in the right colours, cached."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import contextlib
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


class WholeCourts(CardArt):
    """Court cards drawn as they were before their robes were shared: the
    whole panel supersampled, emblem and all, for each card."""

    def _draw_court(self, surf: pygame.Surface, card: Card) -> None:
        from yukon.ui.art.crown import draw_crown
        from yukon.ui.art.palette import GOLD
        from yukon.ui.art.supersample import blank, down, factor

        panel = self._court_panel_rect()
        if panel.w < 12 or panel.h < 20:
            self._draw_centre_suit(surf, card)
            return
        color = self.style.ink(card.suit)
        tint = (252, 232, 232) if card.suit.is_red else (228, 234, 246)
        f = factor(panel.w, panel.h)
        pw, ph = panel.w * f, panel.h * f
        big = blank((pw, ph), color)
        radius = max(2, round(panel.w * 0.08)) * f
        frame = max(1, round(panel.w * 0.035)) * f
        pygame.draw.rect(big, color, big.get_rect(), border_radius=radius)
        inner = big.get_rect().inflate(-2 * frame, -2 * frame)
        pygame.draw.rect(big, GOLD, inner, border_radius=max(0, radius - frame))
        inner = inner.inflate(-2 * frame, -2 * frame)
        pygame.draw.rect(big, tint, inner, border_radius=max(0, radius - 2 * frame))
        lattice = (*color, 28)
        step = max(4, pw // 6)
        layer = blank(inner.size, color)
        for k in range(-inner.h, inner.w + inner.h, step):
            pygame.draw.line(layer, lattice, (k, 0), (k + inner.h, inner.h), max(1, f))
            pygame.draw.line(layer, lattice, (k, inner.h), (k + inner.h, 0), max(1, f))
        big.blit(layer, inner.topleft)
        crown_w = inner.w * 0.74
        crown = pygame.Rect(0, 0, round(crown_w), round(crown_w * 0.56))
        crown.midtop = (inner.centerx, inner.y + round(inner.h * 0.06))
        draw_crown(big, crown, card.rank, color)
        panel_img = down(big, panel.size)
        from yukon.ui.art.court import CourtPanels

        letter = CourtPanels(panel).letter(card.rank, color)
        letter_rect = letter.get_rect(
            midtop=(panel.w // 2, round(crown.bottom / f + panel.h * 0.05))
        )
        panel_img.blit(letter, letter_rect)
        suit_size = round(panel.w * 0.42)
        suit_rect = pygame.Rect(0, 0, suit_size, suit_size)
        suit_rect.center = (panel.w // 2, letter_rect.bottom + (panel.h - letter_rect.bottom) // 2)
        draw_suit(panel_img, card.suit, suit_rect, color)
        surf.blit(panel_img, panel)


@pytest.mark.parametrize("width", [40, 57, 60, 75, 90, 100, 123, 167, 210, 250, 333, 400])
@pytest.mark.parametrize("four_colour", [False, True])
def test_court_cards_are_the_pictures_they_were_drawn_whole(width, four_colour):
    """A colour's court cards share the robe (their panel but for the
    emblem, the letter and the suit); each is still exactly the picture
    drawn whole."""
    from yukon.ui.art.faces import CardStyle

    style = CardStyle(four_colour=four_colour)
    shared, whole = (
        CardArt(width, round(width * 1.4), style),
        WholeCourts(width, round(width * 1.4), style),
    )
    for card in CARDS:
        if card.rank > 10:
            assert digest(shared.face(card)) == digest(whole.face(card)), card


def test_a_colours_court_cards_draw_its_robe_once(monkeypatch):
    """The lattice of a court card's robe (a few dozen supersampled lines)
    is drawn once per colour, not once per card."""
    lines = []
    line = pygame.draw.line
    monkeypatch.setattr(pygame.draw, "line", lambda *args: lines.append(args) or line(*args))
    art = CardArt(167, 234)
    art.face(Card.parse("JS"))
    per_robe = len(lines)
    for text in ("QS", "KS", "JC", "QC", "KC", "JH", "QH", "KH", "JD", "QD", "KD"):
        art.face(Card.parse(text))
    assert per_robe > 20 and len(lines) == 2 * per_robe  # black and red


def test_the_empty_places_share_one_supersampled_outline(monkeypatch):
    from yukon.ui.art import faces

    outlines = []
    rounded = faces.rounded
    monkeypatch.setattr(faces, "rounded", lambda *a, **k: outlines.append(a) or rounded(*a, **k))
    art = CardArt(167, 234)
    art.empty_column()
    for suit in Suit:
        art.empty_foundation(suit)
    assert len(outlines) == 1


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="needs /proc")
def test_court_cards_keep_no_font_file_open():
    """An open font holds its file open: the big letters are kept by each
    card art, their font is shared (each art keeps only its index font)."""

    def open_fonts() -> int:
        count = 0
        for fd in os.listdir("/proc/self/fd"):
            with contextlib.suppress(OSError):  # the listing's own, closed by now
                count += os.readlink(f"/proc/self/fd/{fd}").endswith(".ttf")
        return count

    before = open_fonts()
    arts = [CardArt(167, 234) for _ in range(4)]
    for art in arts:
        for card in CARDS:
            if card.rank > 10:
                art.face(card)
    assert open_fonts() - before <= len(arts) + 1


def test_the_big_letters_font_opens_again_after_the_font_module_restarts():
    CardArt(167, 234).face(Card.parse("KS"))
    pygame.font.quit()
    pygame.font.init()
    assert CardArt(167, 234).face(Card.parse("QH")).get_size() == (167, 234)


class WholeMarks(CardArt):
    """The empty places as they were drawn before: each mark on a card-sized
    surface, faded whole and laid over the outline."""

    def _render_slot(self, outline: pygame.Surface, suit: Suit | None) -> pygame.Surface:
        from yukon.ui.art.supersample import blank

        w, h = self.size
        img = outline.copy()
        mark = blank(self.size, (255, 255, 255))
        if suit is not None:
            size = round(w * 0.5)
            rect = pygame.Rect(0, 0, size, size)
            rect.center = (w // 2, h // 2)
            draw_suit(mark, suit, rect, (255, 255, 255))
        else:
            king = self._rank_image(13, (255, 255, 255))
            king = pygame.transform.smoothscale_by(king, w * 0.4 / king.get_width())
            mark.blit(king, king.get_rect(center=(w // 2, h // 2)))
        mark.fill((255, 255, 255, 70), special_flags=pygame.BLEND_RGBA_MULT)
        img.blit(mark, (0, 0))
        return img


@pytest.mark.parametrize("width", [40, 57, 90, 123, 167, 250, 400])
def test_the_empty_places_are_the_pictures_they_were_with_card_sized_marks(width):
    small, whole = CardArt(width, round(width * 1.4)), WholeMarks(width, round(width * 1.4))
    assert digest(small.empty_column()) == digest(whole.empty_column())
    for suit in Suit:
        assert digest(small.empty_foundation(suit)) == digest(whole.empty_foundation(suit))


def test_the_empty_places_keep_no_suit_picture_of_their_own():
    """Each place's big suit is drawn once, for its place: it is not kept
    among the suit pictures the faces share."""
    from yukon.ui.art import suits

    suits.forget_sprites()
    CardArt(167, 234).draw_places()
    assert suits._SPRITES == {}


def test_a_colours_three_court_panels_are_drawn_together_and_kept(monkeypatch):
    from yukon.ui.art import court

    drawn: list[int] = []
    crown = court.draw_crown
    monkeypatch.setattr(court, "draw_crown", lambda *a: drawn.append(a[2]) or crown(*a))
    art = CardArt(167, 234)
    art.face(Card.parse("KS"))
    assert sorted(drawn) == [11, 12, 13]  # the colour's three emblems at once
    for text in ("JS", "QS", "KC", "JC", "QC"):
        art.face(Card.parse(text))
    assert len(drawn) == 3  # the other black court cards: their panels and suits


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
