"""Write the game's icons, all drawn by ``make_icon``:

- ``yukon/assets/icon.png`` (256 px): the window icon, loaded by the game;
- ``assets/icon.ico`` (16-256 px): the Windows executable's icon (yukon.spec);
- ``linux/icons/hicolor/NxN/apps/APP_ID.png``: the desktop icon at the
  standard sizes, installed by ``linux/install.sh``.

Usage: python assets/make_assets.py [OUTPUT_DIR]   (default: the repository)

pygame cannot save .ico, so the ICO is written by hand as PNG entries
(a valid format since Windows Vista).
"""

from __future__ import annotations

import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from yukon import APP_ID
from yukon.ui.art.icon import make_icon

ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
DESKTOP_SIZES = ICO_SIZES  # hicolor sizes that desktops look for
ROOT = Path(__file__).resolve().parent.parent


def png_bytes(surface: pygame.Surface) -> bytes:
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "icon.png")
    return buffer.getvalue()


def ico_bytes(images: list[bytes], sizes: tuple[int, ...]) -> bytes:
    """An ICO file holding one PNG per size (ICONDIR, ICONDIRENTRYs, then the data)."""
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = len(header) + 16 * len(images)
    entries, data = b"", b""
    for size, png in zip(sizes, images, strict=True):
        dim = 0 if size >= 256 else size  # 0 means 256 in the ICO format
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(png), offset + len(data))
        data += png
    return header + entries + data


def make_assets(root: Path | str = ROOT) -> list[Path]:
    """Render the icon and write every icon file under ``root``; returns the paths."""
    root = Path(root)
    if not pygame.display.get_init():
        pygame.display.init()
    if not pygame.font.get_init():
        pygame.font.init()
    written = {
        root / "yukon" / "assets" / "icon.png": png_bytes(make_icon(256)),
        root / "assets" / "icon.ico": ico_bytes(
            [png_bytes(make_icon(s)) for s in ICO_SIZES], ICO_SIZES
        ),
    }
    for size in DESKTOP_SIZES:
        folder = root / "linux" / "icons" / "hicolor" / f"{size}x{size}" / "apps"
        written[folder / f"{APP_ID}.png"] = png_bytes(make_icon(size))
    for path, content in written.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content)
    return list(written)


if __name__ == "__main__":
    for path in make_assets(sys.argv[1] if len(sys.argv) > 1 else ROOT):
        print(path)
