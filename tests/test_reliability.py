"""What the game promises about its files, each in one test over them all
(README, Reliability):

- a lone surrogate escape in any string of settings.json, savegame.json
  and stats.json, known field or unknown, key or value, never stops the
  game: it starts, plays and quits, and what it writes back is valid
  UTF-8 JSON;
- a session whose statistics cannot be written at all loses no result,
  won or lost, the deal of the day's and the demo's included, to a kill.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from test_safe_text import valid_files, written_text
from test_session import Jobs

from yukon.engine import Rules
from yukon.persistence import Store
from yukon.session.game_session import GameSession

LONE = "\udcff"
FILES = ("settings.json", "savegame.json", "stats.json")
Path_ = tuple[Any, ...]  # keys and indices down to a string, then "key" or "value"


def every_file(home: Path) -> dict[str, dict[str, Any]]:
    """Each file as the game writes it, with every kind of field filled: a
    deal of the day, a last game, unknown fields at every level."""
    files = valid_files(home)
    files["settings.json"] |= {"language": "fi", "from_the_future": {"list": ["a", {"b": "c"}]}}
    files["savegame.json"] |= {"daily": "2026-12-02", "from_the_future": ["x"]}
    stats = files["stats.json"]
    stats |= {"last_game": "YU1-C-AAAAAAB 7:5>2", "from_the_future": {"k": "v"}}
    stats["daily"] = {
        "played": 1,
        "won": 1,
        "streak": 1,
        "last_played": "2026-12-02",
        "streak_end": "2026-12-02",
        "days_played": [["2026-12-02", "2026-12-02"]],
        "days_won": [["2026-12-02", "2026-12-02"]],
        "later": "field",
    }
    stats["rules"]["C"]["later"] = "field"
    stats["rules"]["Z"] = {"a game": "not known yet"}
    return files


def strings(value: Any, path: Path_ = ()) -> Iterator[Path_]:
    """The place of every string in ``value``: each key, and each value."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield (*path, key, "key")
            yield from strings(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from strings(item, (*path, index))
    elif isinstance(value, str):
        yield (*path, "value")


def with_lone_surrogate(data: Any, path: Path_) -> Any:
    """A copy of ``data`` whose string at ``path`` holds a lone surrogate."""
    data = json.loads(json.dumps(data))
    *inner, last, what = path
    holder = data
    for step in inner:
        holder = holder[step]
    if what == "key":
        holder[f"{last}{LONE}"] = holder.pop(last)
    else:
        holder[last] = f"{holder[last]}{LONE}"
    return data


@pytest.fixture(scope="module")
def model(tmp_path_factory) -> dict[str, dict[str, Any]]:
    return every_file(tmp_path_factory.mktemp("model"))


def test_the_files_have_strings_everywhere(model) -> None:
    counts = {name: len(list(strings(model[name]))) for name in FILES}
    assert all(count > 10 for count in counts.values()), counts


@pytest.mark.parametrize("name", FILES)
def test_a_lone_surrogate_in_any_string_of_a_file_never_stops_the_game(
    home: Path, model, name: str
) -> None:
    """Every string of the file in turn, known field or unknown, key or
    value: the game starts, plays a move, counts a game, quits, and every
    file it leaves is valid UTF-8 JSON."""
    for path in strings(model[name]):
        for each in home.iterdir():
            each.unlink()
        for other in FILES:
            data = with_lone_surrogate(model[other], path) if other == name else model[other]
            # ensure_ascii spells the surrogate \\udcff: valid JSON, valid UTF-8
            (home / other).write_text(json.dumps(data), "utf-8")
        session = GameSession(Store(home), Jobs(), today=lambda: date(2026, 12, 2))
        session.play(session.game.legal_moves()[0])
        session.start_game("YU1-C-AAAAAAC")  # the game is counted: stats.json is written
        session.play(session.game.legal_moves()[0])
        session.close((1024, 700))
        for written in home.glob("*.json"):
            try:
                written_text(written)
            except (UnicodeDecodeError, ValueError, AssertionError) as problem:
                raise AssertionError(f"{written.name} after {name} {path}: {problem}") from None


def test_the_whole_app_starts_plays_and_quits_with_every_file_full_of_them(home: Path) -> None:
    """All three files at once, every unknown field and free text holding a
    lone surrogate, through the real app and its window."""
    from uikit import make_app

    files = every_file(home)
    surrogates = {
        "settings.json": [("from_the_future", "list", 0, "value"), ("from_the_future", "key")],
        "savegame.json": [("game_id", "value"), ("from_the_future", 0, "value")],
        "stats.json": [
            ("recent_games", 0, "value"),
            ("from_the_future", "k", "value"),
            ("rules", "C", "later", "value"),
            ("rules", "Z", "key"),
            ("daily", "later", "value"),
        ],
    }
    for name, paths in surrogates.items():
        data = files[name]
        for path in paths:
            data = with_lone_surrogate(data, path)
        (home / name).write_text(json.dumps(data), "utf-8")
    app = make_app()
    app.table.play(app.table.game.legal_moves()[0])
    # What was read is written back, made safe: the saved game at once...
    assert "\ufffd" in written_text(home / "savegame.json")
    app.session.start_game("YU1-C-AAAAAAC")  # ...the statistics as it is counted...
    app.table.play(app.table.game.legal_moves()[0])
    app.draw()
    app.shutdown()  # ...and the settings at quit
    for name in FILES:
        text = written_text(home / name)
        assert name == "savegame.json" or "\ufffd" in text, name
    assert not list(home.glob("*.bad"))


# ------------------------------------------ statistics that cannot be written


def test_a_session_whose_statistics_cannot_be_written_loses_no_result_to_a_kill(
    home: Path, won_games
) -> None:
    """stats.json cannot be read nor written for the whole session (a
    folder in its place): a loss, a win, a win the demo helped and a deal
    of the day are played, then the game is killed, without any save at
    quit. Once the file can be written again, the next start counts each
    result once, and the start after it counts none again."""
    (home / "stats.json").mkdir()
    day = date(2026, 12, 2)
    session = GameSession(Store(home), Jobs(), code="YU1-R-AAAAAAC", today=lambda: day)
    session.play(session.game.legal_moves()[0])
    code, moves = won_games[0]
    session.start_game(code)  # the loss
    for move in moves:
        session.play(move)  # the win
    session.start_game(code, daily=day.isoformat())  # as the deal of the day
    session.play(moves[0], helped=True)  # the demo helps: played, not won
    for move in moves[1:]:
        session.play(move)
    session.start_game("YU1-C-AAAAAAD")
    session.play(session.game.legal_moves()[0])  # the game in play: saved, not counted yet
    del session  # killed: no close, no save at quit
    (home / "stats.json").rmdir()
    assert Rules(code[4]) is Rules.CLASSIC

    def figures(again: GameSession) -> tuple[int, ...]:
        stats, daily = again.stats, again.stats.daily
        return (stats.relaxed.played, stats.classic.played, stats.classic.won, *daily_of(daily))

    def daily_of(daily) -> tuple[int, int]:
        return daily.played, daily.won

    expected = (1, 2, 1, 1, 0)
    again = GameSession(Store(home), Jobs(), today=lambda: day)
    assert figures(again) == expected
    assert not (home / "results.json").exists()  # all in stats.json now
    assert figures(GameSession(Store(home), Jobs(), today=lambda: day)) == expected
