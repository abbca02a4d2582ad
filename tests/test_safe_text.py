"""A lone surrogate escape in any text read from outside (a data file's
string, known or unknown, a key's name, the command line) never stops the
game: it starts, plays and quits, and what it writes back is valid UTF-8."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from uikit import run_main

from yukon.option_parser import OptionParser
from yukon.persistence import (
    Store,
    load_game,
    load_settings,
    load_stats,
    save_game,
    save_settings,
    save_stats,
)
from yukon.safe_text import safe_json, safe_text

BAD = "caf\udcff"


def test_a_lone_surrogate_becomes_the_replacement_character() -> None:
    assert safe_text(BAD) == "caf\ufffd"
    assert safe_text("\ud800x\udfff") == "\ufffdx\ufffd"
    assert safe_text("hjärter sju") == "hjärter sju"


def test_every_string_of_a_json_value_is_made_safe_keys_too() -> None:
    value = {"\ud800": [BAD, {"k": "\udfff", "n": 1.5}], "ok": True, "none": None}
    assert safe_json(value) == {
        "\ufffd": ["caf\ufffd", {"k": "\ufffd", "n": 1.5}],
        "ok": True,
        "none": None,
    }


def written_text(path: Path) -> str:
    """The file as strict UTF-8 holding valid JSON (fails on a surrogate)."""
    text = path.read_bytes().decode("utf-8")
    json.loads(text)
    assert "\\ud" not in text.lower()
    return text


def valid_files(home: Path) -> dict[str, dict[str, object]]:
    """Each data file as the game writes it (a game played, a result counted)."""
    store = Store(home)
    save_settings(store, load_settings(store))
    stats = load_stats(store)
    stats.record_loss("C", game_id="A")
    save_stats(store, stats)
    (home / "savegame.json").write_text(
        json.dumps(
            {"version": 1, "code": "YU1-C-AAAAAAB", "game_id": "B", "counted": False}
            | {"elapsed": 0.0, "actions": ["7:5>2"]}
        ),
        "utf-8",
    )
    files = {}
    for name in ("settings.json", "savegame.json", "stats.json"):
        files[name] = json.loads((home / name).read_text("utf-8"))
        (home / name).unlink()
    return files


def with_surrogates(name: str, data: dict[str, object]) -> dict[str, object]:
    """``data`` with lone surrogates in an unknown key's name and value and,
    where the file has one, a known free-text field."""
    data = data | {"\ud800": 1, "from_the_future": {"\udcff": [BAD]}}
    if name == "savegame.json":
        data["game_id"] = "\udcff"
    if name == "stats.json":
        data["recent_games"] = ["\udcff"]
    return data


def write_raw(path: Path, data: dict[str, object]) -> None:
    # ensure_ascii spells every surrogate as \\uXXXX: valid JSON, valid UTF-8.
    path.write_text(json.dumps(data), "utf-8")


NAMES = ["settings.json", "savegame.json", "stats.json"]


@pytest.mark.parametrize("name", NAMES)
def test_a_file_with_lone_surrogates_loads_and_is_written_back_as_utf8(
    name: str, home: Path
) -> None:
    write_raw(home / name, with_surrogates(name, valid_files(home)[name]))
    store = Store(home)
    if name == "settings.json":
        assert save_settings(store, load_settings(store))
    elif name == "savegame.json":
        loaded = load_game(store)
        assert loaded is not None
        saved = loaded[0]
        assert saved.game_id == "\ufffd"
        assert save_game(store, saved, loaded[1])
    else:
        stats = load_stats(store)
        assert stats.recent_games == ["\ufffd"]
        assert save_stats(store, stats)
    text = written_text(home / name)
    assert "caf\ufffd" in text and '"\ufffd": 1' in text


@pytest.mark.parametrize("name", NAMES)
def test_the_game_starts_plays_and_quits_with_such_a_file(name: str, home: Path) -> None:
    for each, data in valid_files(home).items():
        write_raw(home / each, with_surrogates(each, data) if each == name else data)
    # --code deals a new game: the saved one is counted, the statistics written.
    result = run_main("--frames", "20", "--code", "YU1-C-AAAAAAC")
    assert result.returncode == 0, result.stderr
    if name != "savegame.json":  # (the saved game gave way to the new deal)
        assert "\ufffd" in (home / name).read_text("utf-8")  # written back
    for written in home.glob("*.json"):
        written_text(written)
    assert not list(home.glob("*.bad"))


def test_a_command_line_byte_that_is_not_utf8_is_made_safe() -> None:
    parser = OptionParser(prog="yukon")
    parser.add_argument("--code")
    assert parser.parse_args(["--code", "YU1-\udcff"]).code == "YU1-\ufffd"


def test_the_game_refuses_a_code_that_is_not_utf8_as_any_bad_code() -> None:
    result = run_main("--frames", "10", "--code", "YU1-C-\udcff")
    assert result.returncode == 2, result.stderr
    assert "is not a game code" in result.stderr and "Traceback" not in result.stderr


def test_pasted_or_typed_text_is_made_safe_where_it_enters_a_field() -> None:
    from yukon.ui.widgets import TextField

    field = TextField("")
    field.insert("YU1-C-\udcffAB")
    assert field.value == "YU1-C-\ufffdAB"
    field.value.encode("utf-8")
