"""The card art kept between runs: the next start shows the same pixels
without drawing them, and a kept file that is damaged, foreign or stale is
never shown (the cards are drawn again and the file written anew)."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest
from uikit import make_app

from yukon.engine import Card, Suit
from yukon.persistence.kept_images import KeptImages, write_images
from yukon.persistence.settings import CardBack
from yukon.ui.art import kept_art
from yukon.ui.art.faces import CardArt, CardStyle, Highlight
from yukon.ui.art.kept_art import ArtShelf, wait_for_keeping


@pytest.fixture(autouse=True)
def _display() -> None:
    pygame.display.init()
    pygame.display.set_mode((64, 64))


def every_picture(art: CardArt) -> dict[str, bytes]:
    """Each picture the table shows, asked of ``art``, as RGBA bytes."""
    pictures = {f"face-{index}": art.face(Card.from_index(index)) for index in range(52)}
    pictures |= {
        f"compact-{index}": art.face(Card.from_index(index), compact=True) for index in (0, 12, 50)
    }
    pictures["back"] = art.back()
    pictures["column"] = art.empty_column()
    pictures |= {f"foundation-{suit.name}": art.empty_foundation(suit) for suit in Suit}
    pictures |= {f"highlight-{kind.name}": art.highlight(kind) for kind in Highlight}
    pictures["shadow"] = art.shadow()
    return {name: pygame.image.tobytes(surface, "RGBA") for name, surface in pictures.items()}


def forbid_drawing(monkeypatch: pytest.MonkeyPatch) -> None:
    def drawn(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("a kept picture was drawn again")

    for name in (
        "_render_face",
        "_render_back",
        "_render_slot",
        "_render_highlight",
        "_render_shadow",
    ):
        monkeypatch.setattr(CardArt, name, drawn)


def drawn_and_kept(
    folder: Path, size: tuple[int, int], style: CardStyle, *faces: tuple[int, bool]
) -> CardArt:
    """A run that draws the back and ``faces`` (index, compact) and keeps
    them on the shelf in ``folder``, written before it returns."""
    art = CardArt(*size, style, ArtShelf(folder, size, style))
    art.back()
    for index, compact in faces:
        art.face(Card.from_index(index), compact=compact)
    assert art.keep()
    wait_for_keeping(30)
    return art


@pytest.mark.parametrize(
    ("size", "style"),
    [
        ((30, 42), CardStyle()),
        ((71, 99), CardStyle(back=CardBack.TARTAN, four_colour=True)),
        ((118, 165), CardStyle(large_index=True)),
        ((167, 234), CardStyle()),
        ((333, 466), CardStyle(four_colour=True, large_index=True)),
    ],
)
def test_kept_pictures_are_the_drawn_ones_and_are_not_drawn_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], style: CardStyle
) -> None:
    drawn = every_picture(CardArt(*size, style))  # no shelf: as before
    first = CardArt(*size, style, ArtShelf(tmp_path, size, style))
    assert every_picture(first) == drawn
    assert first.keep()
    assert not first.keep()  # nothing new since
    wait_for_keeping(30)
    forbid_drawing(monkeypatch)
    again = CardArt(*size, style, ArtShelf(tmp_path, size, style))
    assert every_picture(again) == drawn


def test_keeping_adds_to_what_was_kept_before(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    size, style = (90, 126), CardStyle()
    drawn_and_kept(tmp_path, size, style, (3, False))
    drawn_and_kept(tmp_path, size, style, (7, True))  # new: the file is written again
    forbid_drawing(monkeypatch)
    third = CardArt(*size, style, ArtShelf(tmp_path, size, style))
    third.back()
    third.face(Card.from_index(3))
    third.face(Card.from_index(7), compact=True)
    assert not third.keep()  # nothing drawn: nothing written


def test_a_writer_killed_half_way_leaves_nothing_for_long(tmp_path: Path) -> None:
    stale = tmp_path / ".cards-90x126.images.4242-0.tmp"
    young = tmp_path / ".cards-90x126.images.4243-0.tmp"
    stale.write_bytes(b"half")
    young.write_bytes(b"being written")
    os.utime(stale, (1_000_000, 1_000_000))
    drawn_and_kept(tmp_path, (90, 126), CardStyle())
    assert not stale.exists()
    assert young.exists()  # perhaps another copy's, still writing


def test_other_sizes_styles_and_drawing_code_are_not_shown(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    size, style = (90, 126), CardStyle()
    drawn_and_kept(tmp_path, size, style, (0, False))
    assert ArtShelf(tmp_path, size, style).get("face-0-0") is not None
    assert ArtShelf(tmp_path, size, CardStyle(four_colour=True)).get("face-0-0") is None
    assert ArtShelf(tmp_path, (91, 126), style).get("face-0-0") is None
    source = Path(kept_art.__file__).with_name("suits.py")
    stat = source.stat()
    os.utime(source, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1))  # the drawing changed
    kept_art._art_code.cache_clear()
    try:
        assert ArtShelf(tmp_path, size, style).get("face-0-0") is None
    finally:
        os.utime(source, ns=(stat.st_atime_ns, stat.st_mtime_ns))
        kept_art._art_code.cache_clear()


def damage(path: Path, how: str) -> None:
    content = path.read_bytes()
    if how == "cut short":
        path.write_bytes(content[: len(content) // 2])
    elif how == "no index":
        path.write_bytes(b"\x00" * 1000)
    elif how == "index not JSON":
        path.write_bytes(b"{not json\n" + content)
    elif how == "index of another format":
        path.write_bytes(b'{"format": "png", "version": 1}\n' + content)
    elif how == "bad entry":
        path.write_bytes(content.replace(b'"face-0-0":[', b'"face-0-0":["x",', 1))
    elif how == "a folder":
        path.unlink()
        path.mkdir()
    elif how == "a FIFO":
        path.unlink()
        os.mkfifo(path)
    elif how == "empty":
        path.write_bytes(b"")


@pytest.mark.parametrize(
    "how",
    [
        "cut short",
        "no index",
        "index not JSON",
        "index of another format",
        "bad entry",
        "a folder",
        "a FIFO",
        "empty",
    ],
)
def test_a_damaged_kept_file_is_drawn_again_and_replaced(tmp_path: Path, how: str) -> None:
    if how == "a FIFO" and not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    size, style = (60, 84), CardStyle()
    drawn = every_picture(CardArt(*size, style))
    assert every_picture(first := CardArt(*size, style, ArtShelf(tmp_path, size, style))) == drawn
    assert first.keep()
    wait_for_keeping(30)
    damage(ArtShelf(tmp_path, size, style).path, how)
    again = CardArt(*size, style, ArtShelf(tmp_path, size, style))
    assert every_picture(again) == drawn
    again.keep()  # never raises
    wait_for_keeping(30)
    path = ArtShelf(tmp_path, size, style).path
    if how in ("a folder", "a FIFO"):  # not a file: left as it is, never written through
        assert not path.is_file()
        return
    assert KeptImages.open(path, ArtShelf(tmp_path, size, style).key) is not None  # written anew


def test_only_the_last_sizes_are_kept(tmp_path: Path) -> None:
    style = CardStyle()
    widths = range(40, 40 + kept_art.SIZES_KEPT + 2)
    for width in widths:
        drawn_and_kept(tmp_path, (width, 100), style)
        written = ArtShelf(tmp_path, (width, 100), style).path
        os.utime(written, (1_000_000 + width, 1_000_000 + width))  # written in this order
    kept = sorted(path.name for path in tmp_path.iterdir())
    assert kept == sorted(f"cards-{width}x100.images" for width in widths[-kept_art.SIZES_KEPT :])


def test_no_shelf_without_a_usable_home(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("YUKON_HOME")
    monkeypatch.setenv("HOME", "relative/home")
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    assert ArtShelf.for_table((60, 84), CardStyle()) is None


def test_the_images_file_reads_back_what_was_written_and_rejects_the_rest(tmp_path: Path) -> None:
    path = tmp_path / "x.images"
    images = {"a": (2, 3, bytes(range(24))), "b": (1, 1, b"\x01\x02\x03\x04")}
    write_images(path, "k", images)
    kept = KeptImages.open(path, "k")
    assert kept is not None
    assert {name: kept.get(name) for name in kept.names()} == images
    kept.close()
    assert kept.get("a") is None  # closed
    assert KeptImages.open(path, "other key") is None
    assert KeptImages.open(tmp_path / "none.images", "k") is None
    with pytest.raises(ValueError, match="bytes for 2x2"):
        write_images(path, "k", {"c": (2, 2, b"short")})
    with pytest.raises(ValueError, match="0x1"):
        write_images(path, "k", {"c": (0, 1, b"")})
    assert KeptImages.open(path, "k") is not None  # the failed writes left it whole


def test_a_second_start_of_the_game_draws_no_card(monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(size="1280x800", code="YU1-C-AAAAAAB")
    app.draw(1.0)
    app.shutdown()  # keeps what the first frame drew
    forbid_drawing(monkeypatch)
    app = make_app(size="1280x800", code="YU1-C-AAAAAAB")
    app.draw(1.0)
    app.shutdown()
