"""Small JSON files in the cache folder: what they hold reads back; a file
missing, damaged, of another kind or version, or not a file reads as None."""

from __future__ import annotations

import os

import pytest

from yukon.persistence.cache_files import forget_cached, read_cached, write_cached
from yukon.persistence.paths import cache_dir


def test_what_is_kept_reads_back_and_can_be_forgotten() -> None:
    assert read_cached("a.json", "yukon-a", 1) is None
    assert write_cached("a.json", "yukon-a", 1, {"x": [1, "two"]})
    assert read_cached("a.json", "yukon-a", 1) == {"x": [1, "two"]}
    assert read_cached("a.json", "yukon-b", 1) is None  # another kind
    assert read_cached("a.json", "yukon-a", 2) is None  # another version
    forget_cached("a.json")
    forget_cached("a.json")  # not there: nothing to do
    assert read_cached("a.json", "yukon-a", 1) is None


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b"\xff\xfe",
        b"[1]",
        b'{"format": "yukon-a", "version": 1}',
        b"[" * 99_999,
        b" " * 70_000,
    ],
)
def test_a_damaged_file_reads_as_none(content: bytes) -> None:
    cache_dir().mkdir(parents=True)
    (cache_dir() / "a.json").write_bytes(content)
    assert read_cached("a.json", "yukon-a", 1) is None


def test_what_is_not_a_file_reads_as_none_and_is_not_written_through() -> None:
    cache_dir().mkdir(parents=True)
    (cache_dir() / "a.json").mkdir()
    assert read_cached("a.json", "yukon-a", 1) is None
    assert not write_cached("a.json", "yukon-a", 1, {})
    if hasattr(os, "mkfifo"):
        os.mkfifo(cache_dir() / "b.json")
        assert read_cached("b.json", "yukon-a", 1) is None  # no writer: never blocks
        assert not write_cached("b.json", "yukon-a", 1, {})


def test_nothing_is_kept_without_a_usable_home(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("YUKON_HOME")
    monkeypatch.setenv("HOME", "relative/home")
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    assert not write_cached("a.json", "yukon-a", 1, {})
    assert read_cached("a.json", "yukon-a", 1) is None


def test_the_cache_folder_is_the_platforms_or_in_yukon_home(
    monkeypatch: pytest.MonkeyPatch, tmp_path
) -> None:
    monkeypatch.setenv("YUKON_HOME", str(tmp_path / "home"))
    assert cache_dir() == tmp_path / "home" / "cache"
    monkeypatch.delenv("YUKON_HOME")
    monkeypatch.setattr("sys.platform", "linux")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache_dir() == tmp_path / "xdg" / "Yukon"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative")  # the XDG spec ignores it
    monkeypatch.setenv("HOME", str(tmp_path))
    assert cache_dir() == tmp_path / ".cache" / "Yukon"
    monkeypatch.setattr("sys.platform", "win32")
    monkeypatch.setenv("LOCALAPPDATA", str(tmp_path / "local"))
    assert cache_dir() == tmp_path / "local" / "Yukon" / "Cache"


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="no /proc here")
def test_reading_a_folder_or_fifo_leaves_no_descriptor_open(tmp_path) -> None:
    from yukon.persistence.store import read_regular_file

    (tmp_path / "folder").mkdir()
    os.mkfifo(tmp_path / "fifo")
    before = len(os.listdir("/proc/self/fd"))
    for name in ("folder", "fifo") * 20:
        with pytest.raises(OSError):
            read_regular_file(tmp_path / name, 100)
    assert len(os.listdir("/proc/self/fd")) == before
