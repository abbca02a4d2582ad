"""Pictures kept between runs: a file of named images under one key, four
bytes a pixel, read one picture at a time.

The cards' art is drawn by supersampling, which is most of what the first
frame costs; drawn once, it is kept here, and the next start reads the
pictures it shows instead of drawing them again (as KDE's card games keep
their rendered cards). The file is a cache: losing it costs one drawing,
so it is written without syncing, and anything wrong with it (missing,
damaged, of another version or another key) reads as empty and is
written anew.

The file: a first line of JSON, ``{"format": "yukon-images", "version": 1,
"key": ..., "images": {name: [width, height, offset]}}``, then the pixels,
each picture ``width * height * 4`` bytes from ``offset`` (counted
from the end of the first line).

>>> import tempfile
>>> from pathlib import Path
>>> path = Path(tempfile.mkdtemp()) / "cards.images"
>>> write_images(path, "size 2x1", {"dot": (2, 1, bytes(range(8)))})
>>> kept = KeptImages.open(path, "size 2x1")
>>> kept.get("dot"), kept.get("other")
((2, 1, b'\\x00\\x01\\x02\\x03\\x04\\x05\\x06\\x07'), None)
>>> KeptImages.open(path, "size 3x1") is None  # drawn for something else
True
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import BinaryIO

from yukon.persistence.store import open_regular_file, write_atomic

FORMAT = "yukon-images"
VERSION = 1
# The first line is a short index: one far longer is no file of ours.
MAX_HEADER = 1 << 20
# The largest picture kept (a 4K window's card is about 600 x 900).
MAX_SIDE = 4096

Image = tuple[int, int, bytes]  # width, height, four bytes a pixel


class BadImageFile(ValueError):
    """A kept-images file that cannot be read: its reason."""


class KeptImages:
    """An open file of kept images; ``get`` reads one picture."""

    def __init__(self, file: BinaryIO, start: int, index: dict[str, tuple[int, int, int]]) -> None:
        self._file = file
        self._start = start
        self._index = index

    @classmethod
    def open(cls, path: Path, key: str) -> KeptImages | None:
        """The images at ``path`` if they were kept under ``key``, else None
        (no file, another key, or a file that cannot be read)."""
        try:
            file = open_regular_file(path)  # kept open: read when asked
        except OSError:  # none there, unreadable, or not a regular file
            return None
        try:
            index, start = _read_index(file, key)
        except (OSError, BadImageFile):
            file.close()
            return None
        return cls(file, start, index)

    def names(self) -> list[str]:
        return list(self._index)

    def get(self, name: str) -> Image | None:
        """The picture kept as ``name``; None if there is none or it cannot
        be read whole (a file cut short since)."""
        entry = self._index.get(name)
        if entry is None or self._file.closed:
            return None
        width, height, offset = entry
        size = width * height * 4
        try:
            self._file.seek(self._start + offset)
            pixels = self._file.read(size)
        except OSError:
            return None
        return (width, height, pixels) if pixels is not None and len(pixels) == size else None

    def close(self) -> None:
        self._file.close()


def _read_index(file: BinaryIO, key: str) -> tuple[dict[str, tuple[int, int, int]], int]:
    """The index of ``file`` and where its pixels start. Raises
    ``BadImageFile`` for anything but a readable file kept under ``key``."""
    info = os.fstat(file.fileno())
    head = b""
    line_end = -1
    while line_end < 0 and len(head) < MAX_HEADER:
        more = file.read(min(1 << 14, MAX_HEADER - len(head)))  # the index: a few KB
        if not more:
            break
        head += more
        line_end = head.find(b"\n")
    if line_end < 0:
        raise BadImageFile("no index line")
    try:
        header = json.loads(head[:line_end])
    except (ValueError, RecursionError) as error:
        raise BadImageFile(f"index is not JSON: {error}") from None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise BadImageFile("not a kept-images file")
    if header.get("version") != VERSION or header.get("key") != key:
        raise BadImageFile("another version or key")
    images = header.get("images")
    if not isinstance(images, dict):
        raise BadImageFile("no images")
    start = line_end + 1
    room = info.st_size - start
    index: dict[str, tuple[int, int, int]] = {}
    for name, entry in images.items():
        if not (isinstance(entry, list) and len(entry) == 3):
            raise BadImageFile(f"bad entry for {name!r}")
        width, height, offset = entry
        if not all(type(value) is int for value in entry):
            raise BadImageFile(f"bad entry for {name!r}")
        if not (0 < width <= MAX_SIDE and 0 < height <= MAX_SIDE and offset >= 0):
            raise BadImageFile(f"bad size for {name!r}")
        if offset + width * height * 4 > room:
            raise BadImageFile(f"{name!r} lies past the end of the file")
        index[name] = (width, height, offset)
    return index, start


def write_images(path: Path, key: str, images: Mapping[str, Image]) -> None:
    """Keep ``images`` at ``path`` under ``key``, replacing the file whole
    (readers see the old file or the new). Raises ``OSError`` or ``ValueError``
    (a picture whose pixels do not match its size)."""
    index: dict[str, list[int]] = {}
    offset = 0
    for name, (width, height, pixels) in images.items():
        if not (0 < width <= MAX_SIDE and 0 < height <= MAX_SIDE):
            raise ValueError(f"cannot keep {name!r}: {width}x{height}")
        if len(pixels) != width * height * 4:
            raise ValueError(f"cannot keep {name!r}: {len(pixels)} bytes for {width}x{height}")
        index[name] = [width, height, offset]
        offset += len(pixels)
    header = {"format": FORMAT, "version": VERSION, "key": key, "images": index}
    line = json.dumps(header, separators=(",", ":"), ensure_ascii=True).encode() + b"\n"
    if len(line) > MAX_HEADER:
        raise ValueError("too many images to keep in one file")
    content = b"".join([line, *(pixels for _, _, pixels in images.values())])
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, content, sync=False)
