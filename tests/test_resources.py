"""Assets are found the same way from a checkout, an installed wheel and the executable."""

from __future__ import annotations

import ast
from importlib.resources import files
from pathlib import Path

import pytest

from yukon import resources
from yukon.resources import asset_path

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "yukon.spec"


def test_finds_the_icon_in_the_checkout() -> None:
    path = asset_path("icon.png")
    assert path.is_file()
    assert path.read_bytes().startswith(b"\x89PNG")


def test_assets_come_from_the_package_through_importlib_resources() -> None:
    assert asset_path("icon.png") == Path(str(files("yukon") / "assets" / "icon.png"))
    assert asset_path("icon.png").parent == ROOT / "yukon" / "assets"


def test_the_package_holds_only_what_the_game_loads() -> None:
    """The wheel carries the package folder: no scripts or screenshots in it."""
    shipped = sorted(p.name for p in (ROOT / "yukon" / "assets").iterdir())
    assert shipped == ["icon.png"]


def test_missing_asset_names_the_file() -> None:
    with pytest.raises(FileNotFoundError, match=r"no-such-file\.png"):
        asset_path("no-such-file.png")


def test_spec_is_python_and_ships_assets_and_icon() -> None:
    text = SPEC.read_text(encoding="utf-8")
    ast.parse(text, filename=str(SPEC))
    assert '"yukon/assets"' in text
    assert "icon.png" in text
    assert "icon.ico" in text
    assert "icon=" in text
    assert "main.py" in text


def _icon_set_by_app(monkeypatch: pytest.MonkeyPatch) -> tuple[int, int]:
    """Run the window's ``set_icon`` on a dummy window; returns the size of the icon it set."""
    import pygame

    from yukon.ui.shell.window import set_icon

    sizes: list[tuple[int, int]] = []
    monkeypatch.setattr(pygame.display, "set_icon", lambda s: sizes.append(s.get_size()))
    pygame.display.init()
    try:
        pygame.display.set_mode((320, 240))
        set_icon()
    finally:
        pygame.display.quit()
    assert len(sizes) == 1
    return sizes[0]


def test_window_icon_is_the_shipped_png(monkeypatch: pytest.MonkeyPatch) -> None:
    assert _icon_set_by_app(monkeypatch) == (256, 256)


def test_window_icon_falls_back_to_drawn_art(monkeypatch: pytest.MonkeyPatch) -> None:
    """A missing icon file must never stop the game from starting."""

    def missing(name: str) -> Path:
        raise FileNotFoundError(name)

    monkeypatch.setattr(resources, "asset_path", missing)
    assert _icon_set_by_app(monkeypatch) == (64, 64)
