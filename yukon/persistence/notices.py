"""What the player is told about the files: whole sentences, in any language.

Each notice is a ``Sentences`` (its ``str`` the English text): what
happened to which file, what was done with it, and what the game does
instead. The UI shows it in the player's language.
"""

from __future__ import annotations

from collections.abc import Iterable

from yukon.i18n.sentences import Sentences
from yukon.i18n.translator import N_

# For each file (``what``): it was damaged, it is from a newer Yukon, it
# could not be read.
_WHAT_HAPPENED = {
    "settings file": (
        N_("Your settings file was damaged."),
        N_("Your settings file is from a newer version of Yukon."),
        N_("Your settings file could not be read ({reason})."),
    ),
    "saved game": (
        N_("Your saved game was damaged."),
        N_("Your saved game is from a newer version of Yukon."),
        N_("Your saved game could not be read ({reason})."),
    ),
    "statistics file": (
        N_("Your statistics file was damaged."),
        N_("Your statistics file is from a newer version of Yukon."),
        N_("Your statistics file could not be read ({reason})."),
    ),
    "results file": (
        N_("Your results file was damaged."),
        N_("Your results file is from a newer version of Yukon."),
        N_("Your results file could not be read ({reason})."),
    ),
}

DEFAULT_SETTINGS = N_("The default settings are used.")
NEW_GAME_DEALT = N_("A new game was dealt.")
NEW_STATISTICS = N_("New statistics were started.")
RESULTS_DROPPED = N_("Games it held may be missing from the statistics.")
ANOTHER_COPY = N_(
    "Yukon is already running in another window: nothing played in this one is saved."
)


def bad_file(what: str, newer: bool, *after: tuple[str, dict[str, object]]) -> Sentences:
    """``what`` was damaged (or is from a newer Yukon), then ``after``."""
    damaged, from_newer, _ = _WHAT_HAPPENED[what]
    return Sentences((from_newer if newer else damaged, {}), *after)


def unreadable(what: str, reason: str, name: str) -> Sentences:
    _, _, cannot_read = _WHAT_HAPPENED[what]
    return Sentences(
        (cannot_read, {"reason": reason}),
        (N_("Defaults are used."), {}),
        (N_("{name} is left untouched."), {"name": name}),
    )


def kept_as(name: str) -> tuple[str, dict[str, object]]:
    return (N_("It was kept as {kept}."), {"kept": name})


def not_set_aside(reason: str, name: str) -> tuple[tuple[str, dict[str, object]], ...]:
    return (
        (N_("It could not be set aside ({reason})."), {"reason": reason}),
        (N_("{name} is left untouched."), {"name": name}),
    )


def consequence(message: str) -> tuple[str, dict[str, object]]:
    return (message, {})


def settings_reset(names: Iterable[str]) -> tuple[str, dict[str, object]]:
    """Some settings went back to their defaults (``names``: what the player calls them)."""
    listed = Sentences(*((name, {}) for name in names), separator=", ")
    return (N_("These settings went back to their defaults: {names}."), {"names": listed})


def cannot_save(folder: str, reason: str) -> Sentences:
    return Sentences(
        (
            N_("Cannot save to {folder}: {reason} — you can keep playing."),
            {"folder": folder, "reason": reason},
        )
    )


def no_home(home: str) -> Sentences:
    """The home folder the data folder would be in cannot be used."""
    if not home:
        return Sentences(
            (N_("No home folder is set: nothing is saved, but you can still play."), {})
        )
    return Sentences(
        (
            N_("There is no home folder at {home}: nothing is saved, but you can still play."),
            {"home": home},
        )
    )
