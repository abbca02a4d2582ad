"""The last bad inputs: FIFOs and devices where files belong, paths that are
not UTF-8, symlinked files, a newer version's keys and byte-order marks."""

from __future__ import annotations

import json
import os
import stat
import sys
import threading
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from uikit import run_main

from yukon.engine import Game, Move
from yukon.persistence import (
    GameRecord,
    NotARegularFile,
    Settings,
    Store,
    load_game,
    load_settings,
    load_stats,
    save_game,
    save_settings,
    save_stats,
    writable_file_problem,
    write_atomic,
)

ROOT = Path(__file__).resolve().parent.parent
needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
needs_symlinks = pytest.mark.skipif(sys.platform == "win32", reason="symlinks need privileges")

LOADERS: dict[str, Callable[[Store], Any]] = {
    "settings.json": load_settings,
    "savegame.json": load_game,
    "stats.json": load_stats,
}


def finishes(action: Callable[[], Any], seconds: float = 5.0) -> Any:
    """``action()``'s result; fails (instead of hanging the suite) if it blocks."""
    result: list[Any] = []
    thread = threading.Thread(target=lambda: result.append(action()), daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), "blocked"
    return result[0]


# ---------------------------------------------------------------- not a file


@needs_fifo
@pytest.mark.parametrize("name", sorted(LOADERS))
def test_a_fifo_in_a_files_place_is_set_aside_without_waiting(home: Path, name: str) -> None:
    home.mkdir(parents=True, exist_ok=True)
    os.mkfifo(home / name)
    store = Store()
    loaded = finishes(lambda: LOADERS[name](store))  # blocked, it would fail
    assert loaded in (None, Settings(), load_stats(Store(home / "empty")))
    (notice,) = store.take_notices()
    assert f"kept as {name}.bad" in notice
    assert stat.S_ISFIFO(os.lstat(home / f"{name}.bad").st_mode)
    assert not (home / name).exists()  # the next save writes a real file there


def test_a_folder_in_a_files_place_gives_defaults_and_stays(home: Path) -> None:
    (home / "settings.json" / "inside").mkdir(parents=True)
    store = Store()
    assert load_settings(store) == Settings()
    assert "could not be read" in store.take_notices()[0]
    assert not save_settings(store, Settings(double_click=False))
    assert (home / "settings.json" / "inside").is_dir()


def test_write_atomic_never_replaces_a_device_or_a_folder(tmp_path: Path) -> None:
    with pytest.raises(NotARegularFile):
        write_atomic(tmp_path, b"{}")
    assert tmp_path.is_dir()
    if os.path.exists(os.devnull) and sys.platform != "win32":
        with pytest.raises(NotARegularFile):
            write_atomic(Path(os.devnull), b"{}")
        assert stat.S_ISCHR(os.stat(os.devnull).st_mode)
        assert writable_file_problem(os.devnull) is not None


def test_writable_file_problem_accepts_files_and_new_names(tmp_path: Path) -> None:
    (tmp_path / "old.json").write_text("{}")
    assert writable_file_problem(tmp_path / "old.json") is None
    assert writable_file_problem(tmp_path / "new.json") is None
    assert "not a regular file" in str(writable_file_problem(tmp_path))


# ---------------------------------------------------------------- --dump-layout


@needs_fifo
@pytest.mark.parametrize("option", ["--dump-layout", "--screenshot"])
def test_an_output_that_is_not_a_file_is_refused_before_the_window_opens(
    tmp_path: Path, home: Path, option: str
) -> None:
    fifo = tmp_path / "out"
    os.mkfifo(fifo)
    result = finishes(lambda: run_main(option, str(fifo), "--frames", "2"), 60)
    assert result.returncode == 2
    assert f"yukon: {option} {fifo} is not a regular file" in result.stderr
    assert "Traceback" not in result.stderr
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert list(home.iterdir()) == []  # refused before the game started


@needs_symlinks
def test_a_layout_dump_through_a_symlink_writes_its_target(tmp_path: Path) -> None:
    target = tmp_path / "real" / "layout.json"
    target.parent.mkdir()
    link = tmp_path / "layout.json"
    link.symlink_to(target)
    result = run_main("--dump-layout", str(link), "--frames", "2")
    assert result.returncode == 0, result.stderr
    assert link.is_symlink()
    assert len(json.loads(target.read_text())["cards"]) == 52


# ---------------------------------------------------------------- symlinks


@needs_symlinks
def test_a_symlinked_data_file_is_saved_through_the_link(home: Path, tmp_path: Path) -> None:
    kept = tmp_path / "dotfiles" / "yukon-settings.json"
    kept.parent.mkdir()
    home.mkdir(parents=True, exist_ok=True)
    save_settings(Store(kept.parent), Settings())
    (kept.parent / "settings.json").rename(kept)
    (home / "settings.json").symlink_to(kept)
    store = Store()
    assert load_settings(store) == Settings()
    assert save_settings(store, Settings(placement_help=False))
    assert (home / "settings.json").is_symlink()
    assert json.loads(kept.read_text())["placement_help"] is False
    assert load_settings(Store()).placement_help is False
    assert sorted(p.name for p in kept.parent.iterdir()) == ["yukon-settings.json"]


@needs_symlinks
def test_a_dangling_symlink_is_followed_and_its_target_created(tmp_path: Path) -> None:
    target = tmp_path / "target.json"
    link = tmp_path / "link.json"
    link.symlink_to(target)
    write_atomic(link, b"{}\n")
    assert link.is_symlink() and target.read_bytes() == b"{}\n"


# ---------------------------------------------------------------- paths shown


def test_a_path_that_is_not_utf8_is_shown_printable(tmp_path: Path) -> None:
    if sys.platform == "win32":
        pytest.skip("paths are text on Windows")
    blocker = tmp_path / "file"
    blocker.write_text("")
    # The folder cannot be made: a plain file stands where it must go.
    store = Store(blocker / os.fsdecode(b"b\xffd"))
    assert not save_settings(store, Settings())
    (notice,) = store.take_notices()
    notice.encode("utf-8")  # no lone surrogate left
    assert "b\ufffdd" in notice


def test_the_notice_for_a_path_that_is_not_utf8_is_drawn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The whole way: YUKON_HOME below an unwritable folder named with \\xff."""
    if sys.platform == "win32":
        pytest.skip("paths are text on Windows")
    blocker = Path(os.fsdecode(os.fsencode(tmp_path) + b"/b\xffd"))
    blocker.write_text("")  # a file: nothing can be made below it
    monkeypatch.setenv("YUKON_HOME", str(blocker / "home"))
    from uikit import make_app, view

    app = make_app()
    app.table.play(app.table.game.legal_moves()[0])  # saves, fails, shows the notice
    app.draw()
    shown = view(app)
    assert shown.banner_text is not None and "b\ufffdd" in shown.banner_text
    assert shown.banner_box is not None  # on the table, where the player reads it
    app.shutdown()


# ---------------------------------------------------------------- newer versions


def test_settings_keep_a_newer_versions_keys(home: Path) -> None:
    home.mkdir(parents=True, exist_ok=True)
    data = {"version": 1, "double_click": False, "card_shine": "blue", "fanfare": [0.5, 1]}
    (home / "settings.json").write_text(json.dumps(data))
    store = Store()
    settings = load_settings(store)
    assert settings.double_click is False and not store.take_notices()
    assert save_settings(store, settings)
    saved = json.loads((home / "settings.json").read_text())
    assert saved["card_shine"] == "blue" and saved["fanfare"] == [0.5, 1]
    assert saved["double_click"] is False and saved["version"] == 1


def test_settings_with_a_bad_field_keep_a_newer_versions_keys(home: Path) -> None:
    home.mkdir(parents=True, exist_ok=True)
    data = {"version": 1, "double_click": "yes", "card_shine": "blue"}
    (home / "settings.json").write_text(json.dumps(data))
    load_settings(Store())  # the bad field is repaired and the file rewritten at once
    saved = json.loads((home / "settings.json").read_text())
    assert saved["double_click"] is True and saved["card_shine"] == "blue"


def test_a_saved_game_keeps_a_newer_versions_keys_until_a_new_game(home: Path) -> None:
    store = Store()
    record = GameRecord.new("YU1-C-AAAAAAB")
    record.play(record.game.legal_moves()[0])
    save_game(store, record, 12.0)
    data = json.loads((home / "savegame.json").read_text())
    data["hints_used"] = 2
    (home / "savegame.json").write_text(json.dumps(data))
    resumed = load_game(Store())
    assert resumed is not None
    record, elapsed = resumed
    record.play(record.game.legal_moves()[0])
    save_game(store, record, elapsed + 1)
    assert json.loads((home / "savegame.json").read_text())["hints_used"] == 2
    save_game(store, GameRecord.new("YU1-C-AAAAAAC"), 0.0)  # another game: not its key
    assert "hints_used" not in json.loads((home / "savegame.json").read_text())


def test_statistics_keep_a_newer_versions_keys(home: Path) -> None:
    store = Store()
    stats = load_stats(store)
    stats.record_loss("C")
    save_stats(store, stats)
    data = json.loads((home / "stats.json").read_text())
    data["history"] = [{"won": False}]
    (home / "stats.json").write_text(json.dumps(data))
    stats = load_stats(Store())
    stats.record_loss("R")
    save_stats(store, stats)
    saved = json.loads((home / "stats.json").read_text())
    assert saved["history"] == [{"won": False}] and saved["rules"]["R"]["played"] == 1


# ---------------------------------------------------------------- byte-order mark


@pytest.mark.parametrize("name", sorted(LOADERS))
def test_a_file_with_a_byte_order_mark_is_read(home: Path, name: str) -> None:
    store = Store()
    record = GameRecord.new(Game.from_code("YU1-R-AAAAAAB").code or "")
    record.play(Move.parse(str(record.game.legal_moves()[0])))
    stats = load_stats(store)
    stats.record_loss("R")
    save_settings(store, Settings(auto_placement=True))
    save_game(store, record, 5.0)
    save_stats(store, stats)
    path = home / name
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    again = Store()
    loaded = LOADERS[name](again)
    assert not again.take_notices() and not (home / f"{name}.bad").exists()
    assert loaded is not None
    if name == "settings.json":
        assert loaded.auto_placement is True


def newer_statistics(home: Path) -> dict:
    """A stats.json as a newer version might write it: a game this version
    does not know ("K"), and fields it does not read in a known game's
    statistics, in the daily line and at the top."""
    store = Store()
    stats = load_stats(store)
    stats.record_win("C", 600, 200.0, 110)
    stats.daily.record(date(2026, 12, 2), won=True)
    save_stats(store, stats)
    data = json.loads((home / "stats.json").read_text())
    data["rules"]["K"] = {"played": 3, "won": 1, "shape": {"rows": [1, 2]}}
    data["rules"]["C"]["median_win"] = 200.0
    data["daily"]["best_day"] = "2026-12-02"
    data["history"] = [{"won": False}]
    (home / "stats.json").write_text(json.dumps(data))
    return data


def test_statistics_read_and_written_again_are_unchanged(home: Path) -> None:
    data = newer_statistics(home)
    store = Store()
    stats = load_stats(store)
    assert not store.take_notices() and stats.classic.won == 1 and stats.daily.won == 1
    assert save_stats(store, stats)
    assert json.loads((home / "stats.json").read_text()) == data


def test_statistics_keep_a_newer_versions_games_and_fields(home: Path) -> None:
    data = newer_statistics(home)
    stats = load_stats(Store())
    stats.record_loss("C")
    stats.record_win("M", 625, 90.0, 100)
    stats.daily.record(date(2026, 12, 3), won=False)
    assert save_stats(Store(), stats)
    saved = json.loads((home / "stats.json").read_text())
    assert saved["rules"]["K"] == data["rules"]["K"]
    assert saved["rules"]["C"]["median_win"] == 200.0 and saved["rules"]["C"]["played"] == 2
    assert saved["rules"]["M"]["won"] == 1
    assert saved["daily"]["best_day"] == "2026-12-02" and saved["daily"]["played"] == 2
    assert saved["history"] == [{"won": False}]
    again = load_stats(Store())  # and the next version reads its own again
    assert again.unknown_games == {"K": data["rules"]["K"]}


def test_resetting_every_game_erases_the_games_this_version_does_not_show(home: Path) -> None:
    newer_statistics(home)
    stats = load_stats(Store())
    stats.reset("C")
    assert "K" in stats.unknown_games  # one rule set's reset leaves the others
    assert "median_win" not in stats.classic.to_json()
    stats.reset()
    save_stats(Store(), stats)
    saved = json.loads((home / "stats.json").read_text())
    assert "K" not in saved["rules"] and saved["rules"]["C"]["played"] == 0
