"""Persistence: round trips, exact resume with undo history, bad files, crashes
mid-save, unwritable directories and statistics arithmetic."""

from __future__ import annotations

import json
import math
import os
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from yukon.engine import Game, IllegalMove, Move, Rules
from yukon.engine.game import UNDO_LIMIT
from yukon.persistence import (
    GameRecord,
    Settings,
    Stats,
    Store,
    clear_game,
    data_dir,
    load_game,
    load_settings,
    load_stats,
    save_game,
    save_settings,
    save_stats,
)
from yukon.persistence import savegame as savegame_module
from yukon.persistence import store as store_module
from yukon.persistence.settings import DECLARATIONS, SETTING_NAMES

DATA = Path(__file__).parent / "data"


def won_line(name: str = "won_YU1-C-AAAAAAB.txt") -> tuple[str, list[Move]]:
    code, *moves = (DATA / name).read_text().split()
    return code, [Move.parse(move) for move in moves]


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "yukon-home"
    monkeypatch.setenv("YUKON_HOME", str(path))
    return path


@pytest.fixture
def store(home: Path) -> Store:
    return Store()


def files_in(directory: Path) -> list[str]:
    return sorted(path.name for path in directory.iterdir()) if directory.exists() else []


def mid_game_record(moves_to_play: int = 95) -> GameRecord:
    """A game part-way through the won line, with undos mixed in: every 5th
    move is undone and played again, every 11th is undone twice and replayed,
    and the last three moves are undone at the end."""
    code, moves = won_line()
    record = GameRecord.new(code)
    for i, move in enumerate(moves[:moves_to_play], start=1):
        record.play(move)
        if i % 5 == 0:
            record.undo()
            record.play(move)
        if i % 11 == 0:
            again = [record.undo(), record.undo()]
            for undone in reversed(again):
                record.play(undone)
    for _ in range(3):
        record.undo()
    return record


def same_game(a: Game, b: Game) -> None:
    assert a.code == b.code
    assert a.position() == b.position()
    assert a.score == b.score
    assert a.move_count == b.move_count
    if not a.is_won:  # a won game's history cannot be undone: a checkpoint drops it
        assert a.undo_moves() == b.undo_moves()
    assert a.can_undo == b.can_undo
    assert a.redo_moves() == b.redo_moves()
    assert a.is_won == b.is_won


# ------------------------------------------------------------------ location


def test_yukon_home_overrides_the_data_directory(home: Path) -> None:
    assert data_dir() == home
    assert Store().directory == home


def test_nothing_is_created_until_something_is_saved(store: Store, home: Path) -> None:
    assert load_settings(store) == Settings()
    assert load_stats(store) == Stats()
    assert load_game(store) is None
    assert store.notices == []
    assert not home.exists()


def test_a_file_saved_as_it_already_is_is_not_written_again(
    store: Store, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game quit as it was started waits for no disk (each write is
    synced to it); new content, or a file changed or removed behind the
    game's back, is written as ever."""
    writes: list[str] = []
    write = store_module.write_atomic
    monkeypatch.setattr(
        store_module,
        "write_atomic",
        lambda path, *a, **k: writes.append(path.name) or write(path, *a, **k),
    )
    save_settings(store, Settings(volume=40))
    save_settings(store, Settings(volume=40))
    assert writes == ["settings.json"]
    again = Store()
    assert load_settings(again) == Settings(volume=40)
    save_settings(again, Settings(volume=40))  # as read: nothing to write
    assert writes == ["settings.json"]
    path = home / "settings.json"
    path.write_text(path.read_text().replace("40", "41"))  # by hand, while the game runs
    save_settings(again, Settings(volume=40))
    assert writes == ["settings.json"] * 2 and load_settings(Store()) == Settings(volume=40)
    path.unlink()
    save_settings(again, Settings(volume=40))
    save_settings(again, Settings(volume=45))
    assert writes == ["settings.json"] * 4 and load_settings(Store()) == Settings(volume=45)


# ------------------------------------------------------------------ round trips


def test_settings_round_trip(store: Store, home: Path) -> None:
    chosen = Settings(
        double_click=False,
        placement_help=False,
        interactive_rules=False,
        auto_placement=True,
        window_size=None,
        fullscreen=True,
        rules="R",
        winnable_only=True,
        table_colour="dark",
        card_back="rosette",
        four_colour=True,
        large_indices=True,
        left_handed=True,
        animation="off",
        sound=False,
        volume=35,
    )
    assert save_settings(store, chosen)
    assert json.loads((home / "settings.json").read_text())["version"] == 1
    assert load_settings(Store()) == chosen
    assert load_settings(Store()).rule_set is Rules.RELAXED
    assert save_settings(store, Settings(window_size=(1920, 1080)))
    assert load_settings(Store()).window_size == (1920, 1080)
    assert store.notices == []


def test_a_window_squeezed_below_the_floor_is_remembered_at_the_floor(
    store: Store, home: Path
) -> None:
    assert save_settings(store, Settings(window_size=(300, 20_000)))
    loaded = Store()
    assert load_settings(loaded).window_size == (320, 16384)
    assert loaded.notices == [] and not list(home.glob("*.bad"))


def test_settings_ignore_unknown_keys_without_a_notice(store: Store, home: Path) -> None:
    home.mkdir()
    (home / "settings.json").write_text(
        json.dumps({"version": 1, "fullscreen": True, "theme": "dark"})
    )
    assert load_settings(store) == Settings(fullscreen=True)
    assert store.notices == []
    assert files_in(home) == ["settings.json"]


def test_stats_round_trip(store: Store) -> None:
    stats = Stats()
    stats.record_win("C", 625, 312.5, 140, game_id="a")
    stats.record_loss(Rules.RELAXED, game_id="b")
    assert save_stats(store, stats)
    assert load_stats(Store()) == stats


def test_stats_keep_the_recent_history_for_the_charts(store: Store, home: Path) -> None:
    from yukon.persistence.stats import RECENT_RESULTS, RECENT_WINS

    stats = Stats()
    for i in range(RECENT_WINS + 5):
        stats.record_win("C", 600, 100.0 + i, 90 + i)
        if i % 2:
            stats.record_loss("C")
    classic = stats.classic
    assert len(classic.results) == RECENT_RESULTS and len(classic.win_times) == RECENT_WINS
    assert classic.win_times[-1] == 100.0 + RECENT_WINS + 4 and classic.win_moves[0] == 95
    assert classic.results[-3:] == [True, False, True]
    assert save_stats(store, stats)
    assert load_stats(Store()) == stats
    stats.reset("C")
    assert stats.classic.results == [] == stats.classic.win_times


def test_stats_written_before_the_history_load_without_one(store: Store, home: Path) -> None:
    stats = Stats()
    stats.record_win("R", 625, 200.0, 120)
    data = stats.to_json()
    for name in ("results", "win_times", "win_moves"):
        del data["rules"]["R"][name]
    home.mkdir()
    (home / "stats.json").write_text(json.dumps({"version": 1, **data}))
    loaded = load_stats(store)
    assert loaded.relaxed.won == 1 and loaded.relaxed.win_times == []
    assert store.notices == []


@pytest.mark.parametrize(
    "name, value",
    [
        ("results", [True, True]),  # more wins than counted
        ("results", "WL"),
        ("win_times", [-1.0]),
        ("win_times", [10.0, 20.0]),  # more wins kept than won
        ("win_moves", [0]),
        ("win_moves", []),  # a time without its move count
    ],
)
def test_a_history_that_disagrees_with_the_totals_is_set_aside(
    store: Store, home: Path, name: str, value: Any
) -> None:
    stats = Stats()
    stats.record_win("C", 625, 200.0, 120)
    data = stats.to_json()
    data["rules"]["C"][name] = value
    home.mkdir()
    (home / "stats.json").write_text(json.dumps({"version": 1, **data}))
    assert load_stats(store) == Stats()
    assert len(store.notices) == 1


def test_saved_game_resumes_exactly_with_its_undo_history(store: Store) -> None:
    record = mid_game_record()
    assert len(record.actions) > 130
    assert record.game.can_undo and not record.game.is_won
    assert save_game(store, record, 754.25)
    loaded = load_game(Store())
    assert loaded is not None
    resumed, elapsed = loaded
    assert elapsed == 754.25
    same_game(resumed.game, record.game)
    assert resumed.actions == record.actions
    assert (resumed.game_id, resumed.counted) == (record.game_id, record.counted)
    # Every further undo behaves identically, down to the refusal at the end.
    while True:
        try:
            expected = record.undo()
        except IllegalMove as refusal:
            with pytest.raises(IllegalMove, match=str(refusal)):
                resumed.undo()
            break
        assert resumed.undo() is expected
        same_game(resumed.game, record.game)
    assert store.notices == []


def test_undo_history_beyond_its_limit_is_reproduced(store: Store) -> None:
    """110 moves, 100 undos: the history is empty although moves remain."""
    code, moves = won_line()
    record = GameRecord.new(code)
    for move in moves[:110]:
        record.play(move)
    for _ in range(100):
        record.undo()
    assert record.game.undo_moves() == []
    save_game(store, record, 1.0)
    loaded = load_game(Store())
    assert loaded is not None
    same_game(loaded[0].game, record.game)
    with pytest.raises(IllegalMove, match="Only the last 100 moves"):
        loaded[0].undo()


def test_what_can_be_redone_is_saved_and_redoes_the_same_after_a_restart(store: Store) -> None:
    code, moves = won_line()
    record = GameRecord.new(code)
    for move in moves[:20]:
        record.play(move)
    for _ in range(5):
        record.undo()
    record.redo()
    assert record.actions[-6:] == ["undo"] * 5 + ["redo"]
    save_game(store, record, 1.0)
    loaded = load_game(Store())
    assert loaded is not None
    resumed = loaded[0]
    same_game(resumed.game, record.game)
    assert resumed.game.redo_moves() == moves[16:20]
    while record.game.can_redo:
        assert resumed.redo() == record.redo()
        same_game(resumed.game, record.game)
    with pytest.raises(IllegalMove, match="nothing to redo"):
        resumed.redo()


def test_a_save_from_before_redo_still_loads(store: Store) -> None:
    """No "redo" in its log, no demo key: its undos can now be redone."""
    code, moves = won_line()
    old = {
        "version": 1,
        "code": code,
        "game_id": "0123456789abcdef",
        "counted": False,
        "elapsed": 12.5,
        "actions": [str(move) for move in moves[:3]] + ["undo"],
    }
    store.path("savegame.json").parent.mkdir(parents=True, exist_ok=True)
    store.path("savegame.json").write_text(json.dumps(old))
    loaded = load_game(Store())
    assert loaded is not None and store.notices == []
    record = loaded[0]
    assert record.game.move_count == 3 and record.game.redo_moves() == [moves[2]]
    assert record.demo_helped is False
    assert "demo_helped" not in record.to_saved(1.0).to_json()  # nothing new in an old game


def test_a_game_the_demo_helped_with_stays_marked_after_a_restart(store: Store) -> None:
    code, moves = won_line()
    record = GameRecord.new(code)
    record.play(moves[0])
    record.demo_helped = True
    save_game(store, record, 1.0)
    loaded = load_game(Store())
    assert loaded is not None and loaded[0].demo_helped is True
    data = json.loads(store.path("savegame.json").read_text())
    data["demo_helped"] = "yes"
    store.path("savegame.json").write_text(json.dumps(data))
    assert load_game(Store()) is None  # a bad value: set aside like any bad field


def test_a_won_game_is_not_resumed(store: Store) -> None:
    code, moves = won_line()
    record = GameRecord.new(code)
    for move in moves:
        record.play(move)
    assert record.game.is_won
    save_game(store, record, 99.0)
    assert load_game(Store()) is None
    assert clear_game(store)
    assert not store.path("savegame.json").exists()


def test_a_fresh_game_round_trips(store: Store) -> None:
    record = GameRecord.new("yu1-r-aaaaaba")
    save_game(store, record, 0.0)
    loaded = load_game(Store())
    assert loaded is not None
    assert loaded[0].game.code == "YU1-R-AAAAABA"
    assert not loaded[0].started


def test_the_record_logs_only_what_the_engine_accepted() -> None:
    record = GameRecord.new("YU1-C-AAAAAAB")
    with pytest.raises(IllegalMove):
        record.undo()
    with pytest.raises(IllegalMove):
        record.play(Move.parse("1:1>S"))
    assert record.actions == []
    with pytest.raises(ValueError):
        GameRecord(Game.from_layout([["AS"]] + [[]] * 6, foundations=[0, 13, 13, 13]))


def test_unusual_clock_values_are_saved_as_sane_ones(store: Store) -> None:
    record = GameRecord.new("YU1-C-AAAAAAB")
    for clock, expected in ((-5.0, 0.0), (math.nan, 0.0), (math.inf, 0.0), (1e308, 1e9)):
        assert save_game(store, record, clock)
        loaded = load_game(store)
        assert loaded is not None and loaded[1] == expected
    assert store.notices == []


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_any_play_undo_and_redo_sequence_resumes_exactly(data: st.DataObject) -> None:
    record = GameRecord.new(data.draw(st.sampled_from(["YU1-C-AAAAAAB", "YU1-R-AAAAZZZ"])))
    for _ in range(data.draw(st.integers(0, 60))):
        legal = record.game.legal_moves()
        choice = data.draw(st.integers(0, 5))
        if choice == 0 and record.game.can_redo:
            record.redo()
        elif legal and choice > 1:
            record.play(data.draw(st.sampled_from(legal)))
        elif record.game.can_undo:
            record.undo()
    with tempfile.TemporaryDirectory() as directory:
        store = Store(directory)
        save_game(store, record, 3.0)
        loaded = load_game(Store(directory))
    if record.game.is_won:
        assert loaded is None
        return
    assert loaded is not None
    same_game(loaded[0].game, record.game)


# ------------------------------------------------------------------ long games


def undo_refusal(game: Game) -> str:
    """What Undo says once the history is used up (the limit, or nothing)."""
    game = game.copy()
    while game.can_undo:
        game.undo()
    with pytest.raises(IllegalMove) as refused:
        game.undo()
    return str(refused.value)


def test_a_game_longer_than_the_reader_accepts_survives(store: Store, home: Path) -> None:
    """More than MAX_ACTIONS actions: the writer starts the log from a
    checkpoint, and the next start resumes the very same game."""
    code, moves = won_line()
    record = GameRecord.new(code)
    for move in moves[:110]:  # past the undo limit
        record.play(move)
    for _ in range(savegame_module.MAX_ACTIONS // 2 + 10):
        record.play(record.undo())  # back and forth: every play counts
    assert save_game(store, record, 12.0)
    assert (home / "savegame.json").stat().st_size <= store_module.MAX_FILE_BYTES
    loaded = load_game(Store())
    assert loaded is not None and store.notices == []
    same_game(loaded[0].game, record.game)
    assert loaded[0].game.move_count == 110 + savegame_module.MAX_ACTIONS // 2 + 10
    assert undo_refusal(loaded[0].game) == undo_refusal(record.game)
    for move in moves[110:]:  # and it can be won from there
        loaded[0].play(move)
    assert loaded[0].game.is_won


def test_the_longest_log_written_fits_the_file_limit() -> None:
    # A checkpoint's log fits in it: each move that can be undone, and each
    # that can be redone played and undone again.
    assert savegame_module.MAX_ACTIONS >= 2 * UNDO_LIMIT
    longest = len(json.dumps(["x" * savegame_module.MAX_ACTION_TEXT] * 2)) // 2
    assert savegame_module.MAX_ACTIONS * longest + 1000 < store_module.MAX_FILE_BYTES


@settings(max_examples=30, deadline=None)
@given(st.data())
def test_a_game_resumes_exactly_through_any_number_of_checkpoints(data: st.DataObject) -> None:
    with pytest.MonkeyPatch.context() as patch:
        # The smallest the limit could be: the undo and redo history must fit
        # in it (a checkpoint logs a move that can be redone twice).
        limit = data.draw(st.integers(2 * UNDO_LIMIT, 2 * UNDO_LIMIT + 30))
        patch.setattr(savegame_module, "MAX_ACTIONS", limit)
        resumes_exactly_after(data)


def resumes_exactly_after(data: st.DataObject) -> None:
    record = GameRecord.new(data.draw(st.sampled_from(["YU1-C-AAAAAAB", "YU1-R-AAAAZZZ"])))
    code, moves = won_line()
    if record.game.code == code and data.draw(st.booleans()):
        for move in moves[: data.draw(st.integers(0, len(moves)))]:
            record.play(move)  # deep into a game, past the undo limit, even won
    for _ in range(data.draw(st.integers(0, 450))):
        legal = record.game.legal_moves()
        if legal and data.draw(st.integers(0, 3)) != 0:
            record.play(data.draw(st.sampled_from(legal)))
        elif record.game.can_undo:
            record.undo()
    assert len(record.actions) <= savegame_module.MAX_ACTIONS
    with tempfile.TemporaryDirectory() as directory:
        save_game(Store(directory), record, 3.0)
        loaded = store_module_load(Store(directory))
    assert loaded is not None
    same_game(loaded[0].game, record.game)
    assert loaded[0].game.undo_trimmed == record.game.undo_trimmed
    if not record.game.is_won:
        assert undo_refusal(loaded[0].game) == undo_refusal(record.game)


def store_module_load(store: Store) -> tuple[GameRecord, float] | None:
    from yukon.persistence import load_saved

    return load_saved(store)


@pytest.mark.parametrize(
    "base",
    [
        "not an object",
        {"position": "C ////// 13 13 13 13", "score": 0, "moves": 0},  # trimmed missing
        {"position": "nonsense", "score": 0, "moves": 5, "trimmed": False},
        {
            "position": str(Game.new(1, Rules.RELAXED).position()),
            "score": 0,
            "moves": 5,
            "trimmed": False,
        },  # the other rule set
        {"position": str(Game.new(1).position()), "score": -1, "moves": 5, "trimmed": False},
        {"position": str(Game.new(1).position()), "score": 0, "moves": 5, "trimmed": 1},
    ],
    ids=repr,
)
def test_a_bad_checkpoint_is_set_aside(home: Path, base: Any) -> None:
    home.mkdir()
    content = json.dumps({**GOOD_SAVE, "actions": [], "base": base}).encode()
    (home / "savegame.json").write_bytes(content)
    check_set_aside(home, "savegame.json", content)


# ------------------------------------------------------------------ bad files


def real_files(directory: Path) -> dict[str, bytes]:
    """The bytes of one real, non-trivial file of each kind."""
    store = Store(directory)
    save_settings(store, Settings(window_size=None, rules="R", fullscreen=True))
    stats = Stats()
    stats.record_win("C", 625, 100.5, 130, game_id="x")
    stats.record_loss("R")
    save_stats(store, stats)
    save_game(store, mid_game_record(40), 12.5)
    return {name: (directory / name).read_bytes() for name in LOADERS}


LOADERS: dict[str, tuple[Callable[[Store], Any], Any, str]] = {
    "settings.json": (load_settings, Settings(), "settings file"),
    "stats.json": (load_stats, Stats(), "statistics file"),
    "savegame.json": (load_game, None, "saved game"),
}


def check_set_aside(directory: Path, name: str, content: bytes) -> str:
    """Loading gives defaults, keeps the bad bytes as NAME.bad and says so once."""
    load, default, what = LOADERS[name]
    store = Store(directory)
    assert load(store) == default
    assert not (directory / name).exists()
    assert (directory / f"{name}.bad").read_bytes() == content
    assert len(store.notices) == 1
    assert store.notices[0].startswith(f"Your {what} ")
    assert f"kept as {name}.bad" in store.notices[0]
    assert "\n" not in store.notices[0]
    return store.notices[0]


@pytest.mark.parametrize("name", LOADERS)
@pytest.mark.parametrize(
    "content",
    [
        b"",
        b"   \n",
        b"{",
        b"null",
        b"[1, 2, 3]",
        b'"settings"',
        b"\xff\xfe\x00garbage",
        b'{"version": "1"}',
        b'{"version": true}',
        b'{"version": 1.0}',
        b'{"version": 0}',
        b"{}",
        b'{"version": NaN}',
        b'{"version": 1e400}',
        b'{"version": ' + b"1" * 5000 + b"}",
        b"[" * 100_000 + b"]" * 100_000,
        b"version = 1\nfullscreen = true\n",
    ],
    ids=lambda value: repr(value[:20]),
)
def test_unreadable_content_is_set_aside(home: Path, name: str, content: bytes) -> None:
    home.mkdir()
    (home / name).write_bytes(content)
    check_set_aside(home, name, content)


@pytest.mark.parametrize("name", LOADERS)
def test_a_newer_format_is_kept_and_named(home: Path, name: str) -> None:
    home.mkdir()
    content = b'{"version": 2, "anything": []}'
    (home / name).write_bytes(content)
    assert "newer version of Yukon" in check_set_aside(home, name, content)
    store = Store(home)
    (home / name).write_bytes(content)
    LOADERS[name][0](store)
    assert "newer version of Yukon" in store.notices[0]
    assert f"kept as {name}.bad.1" in store.notices[0]  # the first .bad is not overwritten
    assert (home / f"{name}.bad").read_bytes() == content


def test_an_oversized_file_is_set_aside(home: Path) -> None:
    home.mkdir()
    content = b'{"version": 1, "pad": "' + b"x" * store_module.MAX_FILE_BYTES + b'"}'
    (home / "stats.json").write_bytes(content)
    check_set_aside(home, "stats.json", content)


def test_stale_temporary_files_are_removed(home: Path) -> None:
    home.mkdir()
    stale = home / ".stats.json.4242-0.tmp"
    stale.write_text('{"version": 1')
    assert load_stats(Store()) == Stats()
    assert files_in(home) == []


@pytest.mark.parametrize("name", LOADERS)
def test_truncation_at_every_byte(tmp_path: Path, name: str) -> None:
    full = real_files(tmp_path / "real")[name]
    directory = tmp_path / "cut"
    directory.mkdir()
    for size in range(len(full.rstrip())):
        (directory / name).write_bytes(full[:size])
        check_set_aside(directory, name, full[:size])
        (directory / f"{name}.bad").unlink()


GOOD_SAVE: dict[str, Any] = {
    "version": 1,
    "code": "YU1-C-AAAAAAB",
    "game_id": "abc",
    "counted": False,
    "elapsed": 3.5,
    "actions": ["7:5>2", "undo", "7:5>2", "6:5>2"],
}


@pytest.mark.parametrize(
    "change",
    [
        {"actions": "7:5>2"},
        {"actions": None},
        {"actions": [1, 2]},
        {"actions": ["7:5>2", ["undo"]]},
        {"actions": ["undo"]},  # nothing to undo at the start
        {"actions": ["7:5>2", "7:5>2"]},  # no longer legal the second time
        {"actions": ["1:1>S"]},  # an illegal first move
        {"actions": ["9:1>S"]},  # not a move at all
        {"actions": ["7:5>2 "]},
        {"elapsed": -1.0},
        {"elapsed": 1e308},
        {"elapsed": 10**400},
        {"elapsed": "3.5"},
        {"elapsed": True},
        {"counted": "no"},
        {"counted": 0},
        {"code": "YU1-X-AAAAAAB"},
        {"code": 12},
        {"code": "YU1-C-" + "A" * 100},
        {"game_id": None},
        {"game_id": "x" * 1000},
        {"code": None},
    ],
    ids=repr,
)
def test_a_saved_game_is_all_or_nothing(home: Path, change: dict[str, Any]) -> None:
    home.mkdir()
    content = json.dumps({**GOOD_SAVE, **change}).encode()
    (home / "savegame.json").write_bytes(content)
    check_set_aside(home, "savegame.json", content)


@pytest.mark.parametrize("missing", ["code", "game_id", "counted", "elapsed", "actions"])
def test_a_saved_game_missing_a_field_is_set_aside(home: Path, missing: str) -> None:
    home.mkdir()
    data = dict(GOOD_SAVE)
    del data[missing]
    content = json.dumps(data).encode()
    (home / "savegame.json").write_bytes(content)
    check_set_aside(home, "savegame.json", content)


def test_the_good_saved_game_used_above_is_really_good(store: Store, home: Path) -> None:
    home.mkdir()
    (home / "savegame.json").write_text(json.dumps(GOOD_SAVE))
    loaded = load_game(store)
    assert loaded is not None
    assert loaded[0].game.move_count == 3 and loaded[1] == 3.5
    assert store.notices == []


def good_stats() -> dict[str, Any]:
    stats = Stats()
    stats.record_win("C", 625, 100.0, 130, game_id="g1")
    return {"version": 1, **stats.to_json()}


@pytest.mark.parametrize(
    "edit",
    [
        lambda d: d["rules"]["C"].update(played=10**400),
        lambda d: d["rules"]["C"].update(played=1e308),
        lambda d: d["rules"]["C"].update(played=-1),
        lambda d: d["rules"]["C"].update(played="3"),
        lambda d: d["rules"]["C"].update(won=True),
        lambda d: d["rules"]["C"].update(won=2),  # more wins than games
        lambda d: d["rules"]["C"].update(longest_streak=0),  # current > longest
        lambda d: d["rules"]["C"].update(best_score=None),  # a win without a best
        lambda d: d["rules"]["C"].update(fastest_win=-1.0),
        lambda d: d["rules"]["C"].update(fastest_win=10**400),
        lambda d: d["rules"]["C"].update(fewest_moves=0),
        lambda d: d["rules"]["R"].update(best_score=625),  # a best without a win
        lambda d: d["rules"]["C"].update(best_points=645),  # more than a win, counted once
        lambda d: d["rules"]["C"].update(best_points=-5),
        lambda d: d["rules"].pop("R"),
        lambda d: d["rules"].update(C=[1, 2]),
        lambda d: d.update(rules=[]),
        lambda d: d.update(recent_games="g1"),
        lambda d: d.update(recent_games=[1]),
        lambda d: d.update(recent_games=["g"] * 1000),
        lambda d: d.pop("recent_games"),
    ],
)
def test_statistics_are_all_or_nothing(home: Path, edit: Callable[[dict], None]) -> None:
    home.mkdir()
    data = good_stats()
    assert Stats.from_json(json.loads(json.dumps(data))) is not None
    edit(data)
    content = json.dumps(data).encode()
    (home / "stats.json").write_bytes(content)
    check_set_aside(home, "stats.json", content)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("double_click", "yes"),
        ("double_click", 1),
        ("placement_help", None),
        ("window_size", [1e308, 600]),
        ("window_size", [10**400, 600]),
        ("window_size", [-1280, 800]),
        ("window_size", [1280]),
        ("window_size", [True, 800]),
        ("window_size", "1280x800"),
        ("rules", "X"),
        ("rules", ["C"]),
        ("winnable_only", "false"),
        ("table_colour", "purple"),
        ("card_back", 3),
        ("four_colour", 1),
        ("animation", "slow"),
        ("volume", 101),
        ("volume", -1),
        ("volume", 50.0),
        ("volume", True),
        ("sound", None),
    ],
)
def test_a_bad_setting_falls_back_alone(home: Path, field: str, value: Any) -> None:
    """Per-field policy: the other settings survive, the bad one is reset, the
    original is kept as settings.json.bad and the repair is written at once."""
    home.mkdir()
    content = json.dumps(
        {"version": 1, "fullscreen": True, "auto_placement": True, field: value}
    ).encode()
    (home / "settings.json").write_bytes(content)
    store = Store()
    loaded = load_settings(store)
    assert loaded.fullscreen and loaded.auto_placement
    assert getattr(loaded, field) == getattr(Settings(), field)
    assert (home / "settings.json.bad").read_bytes() == content
    assert len(store.notices) == 1 and SETTING_NAMES[field] in store.notices[0]
    assert field not in store.notices[0]  # named as the player knows it
    assert "kept as settings.json.bad" in store.notices[0]
    again = Store()
    assert load_settings(again) == loaded
    assert again.notices == []


@pytest.mark.parametrize("field", sorted(DECLARATIONS))
def test_every_declared_setting_is_checked_and_named(home: Path, field: str) -> None:
    """Each setting's declaration gives its check and its name: a value no
    setting takes falls back alone, under the name the player knows."""
    home.mkdir()
    (home / "settings.json").write_text(json.dumps({"version": 1, field: {"odd": [1]}}))
    store = Store()
    assert load_settings(store) == Settings()
    assert len(store.notices) == 1 and SETTING_NAMES[field] in store.notices[0]
    assert json.loads((home / "settings.json").read_text()) == {
        "version": 1,
        **Settings().to_json(),
    }


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(LOADERS)), content=st.binary(max_size=300))
def test_random_bytes_never_raise(name: str, content: bytes) -> None:
    load, default, _ = LOADERS[name]
    with tempfile.TemporaryDirectory() as directory:
        (Path(directory) / name).write_bytes(content)
        store = Store(directory)
        assert load(store) == default
        assert len(store.notices) == 1


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


@settings(max_examples=150, deadline=None)
@given(
    name=st.sampled_from(sorted(LOADERS)),
    body=st.dictionaries(
        st.sampled_from(
            [
                "code",
                "actions",
                "elapsed",
                "counted",
                "game_id",
                "rules",
                "recent_games",
                "double_click",
                "window_size",
                "C",
                "played",
            ]
        ),
        JSON_VALUES,
    ),
)
def test_random_json_with_the_right_version_never_raises(name: str, body: dict) -> None:
    load, _, _ = LOADERS[name]
    with tempfile.TemporaryDirectory() as directory:
        (Path(directory) / name).write_text(json.dumps({"version": 1, **body}))
        store = Store(directory)
        load(store)
        assert len(store.notices) <= 1


# ------------------------------------------------------------------ writing


class Faults:
    """Make the k-th file-system step of a save fail with OSError.

    Steps are the calls the atomic write makes: open, each write (which
    writes at most 7 bytes, so several happen), fsync, close, replace.
    """

    STEPS = ("open", "write", "fsync", "close", "replace")

    def __init__(self, monkeypatch: pytest.MonkeyPatch, fail_at: int) -> None:
        self.calls = 0
        self.fail_at = fail_at
        for step in self.STEPS:
            monkeypatch.setattr(os, step, self.wrap(getattr(os, step)))

    def wrap(self, real: Callable[..., Any]) -> Callable[..., Any]:
        def step(*args: Any, **kwargs: Any) -> Any:
            self.calls += 1
            if self.calls == self.fail_at:
                raise OSError(28, "No space left on device")
            if real is os_write:
                fd, data = args
                return real(fd, bytes(data[:7]))  # short writes, as the OS may do
            return real(*args, **kwargs)

        return step


os_write = os.write


def saves() -> Iterator[tuple[str, Callable[[Store], bool]]]:
    stats = Stats()
    stats.record_win("R", 600, 50.0, 90)
    record = mid_game_record(30)
    yield "settings.json", lambda store: save_settings(store, Settings(fullscreen=True))
    yield "stats.json", lambda store: save_stats(store, stats)
    yield "savegame.json", lambda store: save_game(store, record, 42.0)


@pytest.mark.parametrize(
    ("name", "save"), list(saves()), ids=lambda value: value if isinstance(value, str) else ""
)
def test_a_failure_at_any_step_of_saving_leaves_old_or_new(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, save: Callable[[Store], bool]
) -> None:
    directory = tmp_path / "data"
    old = real_files(directory)[name]
    save(Store(tmp_path / "new"))
    new = (tmp_path / "new" / name).read_bytes()
    assert old != new
    fail_at = 1
    while True:
        with monkeypatch.context() as patch:
            faults = Faults(patch, fail_at)
            store = Store(directory)
            saved = save(store)
        on_disk = (directory / name).read_bytes()
        assert on_disk in (old, new), f"broken file after a failure at step {fail_at}"
        assert sorted(files_in(directory)) == sorted(LOADERS), "a temporary file was left"
        if fail_at > faults.calls:  # no step failed: the save went through
            assert saved and on_disk == new and store.notices == []
            break
        if not saved:
            assert on_disk == old
            assert len(store.notices) == 1 and "No space left on device" in store.notices[0]
        # Failures after the rename (syncing the directory) may still succeed.
        (directory / name).write_bytes(old)
        fail_at += 1
    assert fail_at > 10  # many steps were tried, including several short writes


def test_an_unwritable_directory_gives_one_notice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    monkeypatch.setenv("YUKON_HOME", str(blocker / "yukon"))
    store = Store()
    record = GameRecord.new("YU1-C-AAAAAAB")
    for _ in range(3):
        assert not save_settings(store, Settings())
        assert not save_stats(store, Stats())
        assert not save_game(store, record, 1.0)
    assert store.notices == [
        f"Cannot save to {blocker / 'yukon'}: Not a directory — you can keep playing."
    ]
    assert load_settings(store) == Settings()  # reading there is fine too
    assert len(store.take_notices()) == 1 and store.notices == []


def test_a_save_that_works_again_re_arms_the_notice(tmp_path: Path) -> None:
    blocker = tmp_path / "data"
    blocker.write_text("in the way")
    store = Store(blocker)
    assert not save_stats(store, Stats())
    blocker.unlink()
    assert save_stats(store, Stats())
    blocker_file = tmp_path / "data" / "stats.json"
    assert blocker_file.exists()
    store.take_notices()
    os.replace(blocker_file, tmp_path / "moved")
    (tmp_path / "data").rmdir()
    (tmp_path / "data").write_text("in the way again")
    assert not save_stats(store, Stats())
    assert len(store.notices) == 1


def test_a_bad_file_that_cannot_be_set_aside_is_never_overwritten(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home.mkdir()
    (home / "stats.json").write_text("{broken")

    def refuse(*args: Any) -> None:
        raise PermissionError(13, "Permission denied")

    store = Store()
    with monkeypatch.context() as patch:
        patch.setattr(os, "replace", refuse)
        assert load_stats(store) == Stats()
    assert "left untouched" in store.notices[0]
    assert not save_stats(store, Stats())
    assert (home / "stats.json").read_text() == "{broken"


def test_a_file_that_cannot_be_read_is_never_overwritten(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A read error (not a missing file) may hide a good file: the game plays
    on defaults and leaves it alone, rather than save over it on quit."""
    home.mkdir()
    (home / "settings.json").write_text('{"version": 1, "double_click": false}')
    real_open = os.open

    def unreadable(path: Any, *args: Any, **kwargs: Any) -> Any:
        if Path(path).name == "settings.json":
            raise PermissionError(13, "Permission denied")
        return real_open(path, *args, **kwargs)

    store = Store()
    with monkeypatch.context() as patch:
        patch.setattr(os, "open", unreadable)
        assert load_settings(store) == Settings()
    assert "left untouched" in store.notices[0]
    assert not save_settings(store, Settings(auto_placement=True))
    assert load_settings(Store()).double_click is False  # still the player's own file


# ------------------------------------------------------------------ one copy writes


def test_only_the_store_that_claims_the_directory_writes_to_it(home: Path) -> None:
    first, second = Store(), Store()
    assert first.claim() and first.claim()  # claiming again changes nothing
    assert not first.read_only
    assert first.save("settings.json", {"from": "first"})
    assert not second.claim()
    assert second.read_only and second.take_notices() == [store_module.ANOTHER_COPY]
    assert not second.save("settings.json", {"from": "second"})
    assert not second.remove("settings.json")
    assert second.take_notices() == []  # said once, not at every save
    assert json.loads((home / "settings.json").read_text())["from"] == "first"
    first.release()
    assert Store().claim()


def test_a_second_copy_in_another_process_finds_the_directory_taken(home: Path) -> None:
    import subprocess

    claim = [sys.executable, "-c", "from yukon.persistence import Store; print(Store().claim())"]
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parent.parent))
    mine = Store()
    assert mine.claim()
    other = subprocess.run(claim, capture_output=True, text=True, env=env, timeout=60)
    assert other.stdout.split() == ["False"], other.stderr
    mine.release()
    other = subprocess.run(claim, capture_output=True, text=True, env=env, timeout=60)
    assert other.stdout.split() == ["True"], other.stderr


def test_a_read_only_store_leaves_bad_files_and_temporary_files_alone(home: Path) -> None:
    owner = Store()
    owner.claim()
    (home / "stats.json").write_text("{not json")
    in_flight = home / f".settings.json.12345-0{store_module._TEMP_SUFFIX}"
    in_flight.write_text("{}")
    second = Store()
    assert not second.claim()
    assert load_stats(second) == Stats()
    assert load_settings(second) == Settings()
    assert (home / "stats.json").read_text() == "{not json" and in_flight.exists()
    assert any("statistics" in notice for notice in second.take_notices())


# ------------------------------------------------------------------ statistics


def test_the_best_score_counts_each_card_once_and_games_not_won_too() -> None:
    stats = Stats()
    stats.record_loss("C", points=380)
    assert stats.classic.best_points == 380 and stats.classic.best_score is None
    stats.record_loss("C", points=None)  # a game the demo played in: not a record
    stats.record_win("C", 645, 300.0, 160, points=625)  # two cards put home again
    assert stats.classic.best_points == 625
    assert stats.classic.best_score == 645  # what the versions before read
    stats.record_win("R", 700, 300.0, 160)  # points not given: at most a win's
    assert stats.relaxed.best_points == 625
    again = Stats.from_json(json.loads(json.dumps({"version": 1, **stats.to_json()})))
    assert (again.classic.best_points, again.relaxed.best_points) == (625, 625)


def test_a_file_from_before_gives_its_wins_the_best_score_of_a_win() -> None:
    data = good_stats()
    data["rules"]["C"]["best_score"] = 645  # taken cards back: the old record
    for rules in ("C", "R"):
        del data["rules"][rules]["best_points"]
    stats = Stats.from_json(json.loads(json.dumps(data)))
    assert stats.classic.best_points == 625 and stats.relaxed.best_points is None


def test_statistics_arithmetic_for_each_rule_set() -> None:
    stats = Stats()
    assert stats.for_rules("C").win_rate == 0.0
    script: list[tuple[str, tuple[int, float, int] | None]] = [
        ("C", (625, 300.0, 150)),
        ("R", None),
        ("C", (600, 200.5, 170)),
        ("C", None),
        ("R", (625, 90.0, 120)),
        ("C", (625, 250.0, 140)),
        ("R", (640, 95.0, 118)),
        ("C", (610, 400.0, 200)),
        ("R", None),
        ("C", (590, 199.0, 160)),
    ]
    for rules, win in script:
        if win is None:
            stats.record_loss(rules)
        else:
            stats.record_win(rules, *win)
    classic = stats.for_rules(Rules.CLASSIC)
    assert (classic.played, classic.won) == (6, 5)
    assert (classic.current_streak, classic.longest_streak) == (3, 3)
    assert classic.best_score == 625
    assert classic.fastest_win == 199.0
    assert classic.fewest_moves == 140
    assert classic.win_rate == pytest.approx(5 / 6)
    relaxed = stats.for_rules("R")
    assert (relaxed.played, relaxed.won) == (4, 2)
    assert (relaxed.current_streak, relaxed.longest_streak) == (0, 2)
    assert (relaxed.best_score, relaxed.fastest_win, relaxed.fewest_moves) == (640, 90.0, 118)
    assert relaxed.win_rate == 0.5
    stats.reset("R")
    assert stats.relaxed.played == 0 and stats.classic.played == 6
    stats.reset()
    assert stats.classic.played == 0


def test_a_game_is_counted_only_once() -> None:
    stats = Stats()
    assert stats.record_win("C", 625, 10.0, 100, game_id="g")
    assert not stats.record_win("C", 625, 10.0, 100, game_id="g")
    assert not stats.record_loss("C", game_id="g")
    assert stats.classic.played == 1
    for number in range(100):
        stats.record_loss("R", game_id=f"id{number}")
    assert len(stats.recent_games) == 32


def test_the_ui_sequence_counts_an_interrupted_game_once(store: Store) -> None:
    """Quit mid-game, resume, abandon: one loss. Win after a resume: one win,
    even if the app died before the saved game was cleared."""
    code, moves = won_line()
    record = GameRecord.new(code)
    record.play(moves[0])
    save_game(store, record, 5.0)
    loaded = load_game(Store())
    assert loaded is not None and loaded[0].needs_counting
    stats = load_stats(store)
    stats.record_loss(loaded[0].game.rules, game_id=loaded[0].game_id)
    loaded[0].counted = True
    save_stats(store, stats)
    save_game(store, loaded[0], 6.0)
    again = load_game(Store())
    assert again is not None and not again[0].needs_counting

    record = GameRecord.new(code)
    for move in moves[:-1]:
        record.play(move)
    save_game(store, record, 60.0)
    for _attempt in range(2):  # the second time: stats were saved, the game was not cleared
        resumed = load_game(Store())
        assert resumed is not None
        resumed[0].play(moves[-1])
        stats = load_stats(store)
        stats.record_win(
            "C", resumed[0].game.score, 61.0, resumed[0].game.move_count, game_id=resumed[0].game_id
        )
        save_stats(store, stats)
    assert load_stats(store).classic.played == 2
    assert load_stats(store).classic.won == 1


OUTCOMES = st.lists(
    st.tuples(
        st.sampled_from(["C", "R"]),
        st.none() | st.tuples(st.integers(0, 5000), st.floats(0, 1e6), st.integers(1, 10**6)),
        st.none() | st.text(max_size=10),
    ),
    max_size=60,
)


@settings(max_examples=100, deadline=None)
@given(OUTCOMES)
def test_statistics_survive_save_and_load(outcomes: list) -> None:
    stats = Stats()
    for rules, win, game_id in outcomes:
        if win is None:
            stats.record_loss(rules, game_id=game_id)
        else:
            stats.record_win(rules, *win, game_id=game_id)
    with tempfile.TemporaryDirectory() as directory:
        assert save_stats(Store(directory), stats)
        store = Store(directory)
        assert load_stats(store) == stats
        assert store.notices == []


def test_a_shortened_log_keeps_what_can_be_redone(store: Store) -> None:
    code, moves = won_line()
    record = GameRecord.new(code)
    for move in moves[:30]:
        record.play(move)
    for _ in range(6):
        record.undo()
    record.redo()
    before = record.game.copy()
    record.checkpoint()
    assert record.actions[-5:] == ["undo"] * 5
    save_game(store, record, 1.0)
    loaded = load_game(Store())
    assert loaded is not None
    same_game(loaded[0].game, before)
    assert loaded[0].game.redo_moves() == moves[25:30]
