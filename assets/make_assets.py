"""Write the game icon to assets/: icon.png (256 px) and a multi-size icon.ico.

Usage: python assets/make_assets.py [OUTPUT_DIR]   (default: the repository's assets/)

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

from yukon.ui.art import make_icon

ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
ASSETS = Path(__file__).resolve().parent.parent / "assets"


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


def make_assets(out_dir: Path | str = ASSETS) -> list[Path]:
    """Render the icon and write icon.png and icon.ico into ``out_dir``; returns the paths."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    if not pygame.display.get_init():
        pygame.display.init()
    if not pygame.font.get_init():
        pygame.font.init()
    png_path = out / "icon.png"
    pygame.image.save(make_icon(256), str(png_path))
    ico_path = out / "icon.ico"
    ico_path.write_bytes(ico_bytes([png_bytes(make_icon(s)) for s in ICO_SIZES], ICO_SIZES))
    return [png_path, ico_path]


if __name__ == "__main__":
    for path in make_assets(sys.argv[1] if len(sys.argv) > 1 else ASSETS):
        print(path)
