"""Persistence: settings, the game in progress and statistics, on disk.

Pure Python, without pygame: importing or using it never starts SDL.
All files live in ``data_dir()`` (``$YUKON_HOME`` overrides it), are JSON
with a format version, are written atomically, and never make the game fail:
problems become one-line notices in ``Store.notices``.

Call sequence for the UI
------------------------
At start::

    store = Store()                       # data_dir(); never raises
    settings = load_settings(store)
    stats = load_stats(store)
    resumed = load_game(store)            # (GameRecord, elapsed) or None
    record, elapsed = resumed or (GameRecord.new(some_code), 0.0)
    show(store.take_notices())            # e.g. a toast per notice

While playing, call ``record.play(move)`` / ``record.undo()`` (never
``record.game.play`` directly) and ``save_game(store, record, elapsed)``
after every move or undo (a few kilobytes, atomic) and on quit. Count
results as described in ``yukon.persistence.stats``: ``record_win`` when a
move wins (then ``clear_game``), ``record_loss`` when a started, uncounted
game is abandoned for a new one; ``save_stats`` after each. Call
``save_settings`` when the Settings or New Game dialog closes and on quit.
After any save, show ``store.take_notices()``: an unwritable directory gives
one notice, not one per save.
"""

from yukon.persistence.paths import data_dir
from yukon.persistence.savegame import (
    GameRecord,
    SavedGame,
    clear_game,
    load_game,
    load_saved,
    save_game,
)
from yukon.persistence.settings import Settings, load_settings, save_settings
from yukon.persistence.stats import RuleStats, Stats, load_stats, save_stats
from yukon.persistence.store import (
    FORMAT_VERSION,
    CorruptFile,
    NotARegularFile,
    Store,
    printable,
    writable_file_problem,
    write_atomic,
)

__all__ = [
    "FORMAT_VERSION",
    "CorruptFile",
    "GameRecord",
    "NotARegularFile",
    "RuleStats",
    "SavedGame",
    "Settings",
    "Stats",
    "Store",
    "clear_game",
    "data_dir",
    "load_game",
    "load_saved",
    "load_settings",
    "load_stats",
    "printable",
    "save_game",
    "save_settings",
    "save_stats",
    "writable_file_problem",
    "write_atomic",
]
