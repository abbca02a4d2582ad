"""The player's settings (settings.json).

Policy for bad content: *per field*. A settings file that is valid JSON with
the right version but has, say, ``"double_click": "yes"`` keeps every field
that is fine; each bad field falls back to its default. The original file is
still set aside as ``settings.json.bad`` (it holds the player's edit) with a
notice, and the repaired settings are written at once so the notice is not
repeated on every start. A file that is not a versioned JSON object at all
gives all defaults, the same way. Unknown keys are kept as they are (in
``Settings.unknown``) and written back, so an older Yukon can read a newer
one's settings of the same format version without losing them.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Any

from yukon.engine import Rules
from yukon.i18n.languages import Language
from yukon.i18n.translator import N_
from yukon.persistence import notices
from yukon.persistence.store import CorruptFile, Store, unknown_keys

FILE_NAME = "settings.json"
WHAT = "settings file"
# Smallest and largest window size the file may keep; anything else is a typo.
MIN_SAVED_WINDOW = (320, 240)
# The table is laid out for no less: the window and ``--size`` go no smaller.
MIN_TABLE_WINDOW = (800, 600)
MAX_WINDOW = 16384

_RULE_LETTERS = frozenset(rules.value for rules in Rules)


# The choices of the look and comfort settings; each value is the name the
# file keeps (``str`` enums: the JSON stays as it was), the first the default.
class TableColour(str, enum.Enum):
    GREEN = "green"
    BLUE = "blue"
    RED = "red"
    DARK = "dark"


class CardBack(str, enum.Enum):
    LATTICE = "lattice"
    TARTAN = "tartan"
    WAVES = "waves"
    ROSETTE = "rosette"


class AnimationSpeed(str, enum.Enum):
    NORMAL = "normal"
    FAST = "fast"
    OFF = "off"


class SpeechMode(str, enum.Enum):
    """Speech: Automatic speaks while a screen reader runs (the player who
    needs it has one), On always, through the system's speech engine if
    need be."""

    AUTOMATIC = "automatic"
    ON = "on"
    OFF = "off"


Choice = TableColour | CardBack | AnimationSpeed | SpeechMode


class Setting(str, enum.Enum):
    """Each setting, by the name of its field (and key in the file)."""

    DOUBLE_CLICK = "double_click"
    PLACEMENT_HELP = "placement_help"
    INTERACTIVE_RULES = "interactive_rules"
    AUTO_PLACEMENT = "auto_placement"
    WINDOW_SIZE = "window_size"
    FULLSCREEN = "fullscreen"
    RULES = "rules"
    WINNABLE_ONLY = "winnable_only"
    TABLE_COLOUR = "table_colour"
    CARD_BACK = "card_back"
    FOUR_COLOUR = "four_colour"
    LARGE_INDICES = "large_indices"
    LEFT_HANDED = "left_handed"
    ANIMATION = "animation"
    SOUND = "sound"
    VOLUME = "volume"
    LANGUAGE = "language"
    LIVE_VERDICT = "live_verdict"
    SPEECH = "speech"


MAX_VOLUME = 100
VOLUMES = (10, 30, 50, 70, 100)  # the levels the Settings dialog offers


@dataclass(frozen=True)
class Settings:
    """What the Settings dialog and the New Game dialog remember.

    ``window_size`` ``None`` (a first run) means "a comfortable size that
    fits the screen"; a size is the player's own. ``rules`` is the letter
    of the rule set last chosen ("C" Classic, "R" Relaxed). The look:
    ``table_colour``, ``card_back``, a four-colour deck, large
    high-contrast indices, foundations on the left (``left_handed``);
    ``animation`` is the cards' pace; ``volume`` runs 0-100. ``language`` ``None``
    follows the system's language; a code (``"fi"``) is the one chosen in
    Settings.

    Fields added later simply take their defaults when an older file lacks
    them, and an older Yukon ignores them, so the format version stays.
    """

    double_click: bool = True
    placement_help: bool = True
    interactive_rules: bool = True
    auto_placement: bool = False
    window_size: tuple[int, int] | None = None
    fullscreen: bool = False
    rules: str = Rules.CLASSIC.value
    winnable_only: bool = False
    table_colour: TableColour = TableColour.GREEN
    card_back: CardBack = CardBack.LATTICE
    four_colour: bool = False
    large_indices: bool = False
    left_handed: bool = False
    animation: AnimationSpeed = AnimationSpeed.NORMAL
    sound: bool = True
    volume: int = 70
    language: str | None = None
    live_verdict: bool = False  # the info bar says whether the game can still be won
    speech: SpeechMode = SpeechMode.AUTOMATIC
    # What a newer version wrote that this one does not know, kept for it.
    unknown: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        # A choice given by the name the file keeps ("waves") is held as its enum.
        object.__setattr__(self, "table_colour", TableColour(self.table_colour))
        object.__setattr__(self, "card_back", CardBack(self.card_back))
        object.__setattr__(self, "animation", AnimationSpeed(self.animation))
        object.__setattr__(self, "speech", SpeechMode(self.speech))

    @property
    def rule_set(self) -> Rules:
        return Rules(self.rules)

    def to_json(self) -> dict[str, Any]:
        data = {**self.unknown, **dataclasses.asdict(self)}
        del data["unknown"]
        for name, value in data.items():
            if isinstance(value, enum.Enum):
                data[name] = value.value
        if self.window_size is not None:
            # A window squeezed below the floor (a window manager may allow
            # it) is remembered at the floor: the file must always load.
            data["window_size"] = [
                max(low, min(side, MAX_WINDOW))
                for side, low in zip(self.window_size, MIN_SAVED_WINDOW, strict=True)
            ]
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> tuple[Settings, list[Setting]]:
        """The settings read field by field, and the names of fields that
        were present but bad (those keep their defaults)."""
        values: dict[str, Any] = {"unknown": unknown_keys(data, _FIELD_CHECKS)}
        bad: list[Setting] = []
        for spec in fields(cls):
            if spec.name not in data or spec.name not in _FIELD_CHECKS:
                continue
            value = _FIELD_CHECKS[spec.name](data[spec.name])
            if value is _BAD:
                bad.append(Setting(spec.name))
            else:
                values[spec.name] = value
        return cls(**values), bad


_BAD = object()


def _bool(value: Any) -> Any:
    return value if type(value) is bool else _BAD


def _window(value: Any) -> Any:
    if value is None:
        return None
    if (
        type(value) is list
        and len(value) == 2
        and all(type(side) is int for side in value)
        and MIN_SAVED_WINDOW[0] <= value[0] <= MAX_WINDOW
        and MIN_SAVED_WINDOW[1] <= value[1] <= MAX_WINDOW
    ):
        return (value[0], value[1])
    return _BAD


def _rules(value: Any) -> Any:
    return value if type(value) is str and value in _RULE_LETTERS else _BAD


def _language(value: Any) -> Any:
    if value is None or (type(value) is str and value in _LANGUAGE_CODES):
        return value
    return _BAD


_LANGUAGE_CODES = frozenset(language.value for language in Language)


def _one_of(choices: type[Choice]) -> Callable[[Any], Any]:
    names = {choice.value: choice for choice in choices}

    def check(value: Any) -> Any:
        return names[value] if type(value) is str and value in names else _BAD

    return check


def _volume(value: Any) -> Any:
    return value if type(value) is int and 0 <= value <= MAX_VOLUME else _BAD


_FIELD_CHECKS = {
    "double_click": _bool,
    "placement_help": _bool,
    "interactive_rules": _bool,
    "auto_placement": _bool,
    "window_size": _window,
    "fullscreen": _bool,
    "rules": _rules,
    "winnable_only": _bool,
    "table_colour": _one_of(TableColour),
    "card_back": _one_of(CardBack),
    "four_colour": _bool,
    "large_indices": _bool,
    "left_handed": _bool,
    "animation": _one_of(AnimationSpeed),
    "sound": _bool,
    "volume": _volume,
    "language": _language,
    "live_verdict": _bool,
    "speech": _one_of(SpeechMode),
}


# What the player calls each setting: the labels of the Settings and New
# game dialogs, and the names in notices.
SETTING_NAMES: dict[Setting, str] = {
    Setting.DOUBLE_CLICK: N_("Double click"),
    Setting.PLACEMENT_HELP: N_("Placement help"),
    Setting.INTERACTIVE_RULES: N_("Interactive rules"),
    Setting.AUTO_PLACEMENT: N_("Automatic placement"),
    Setting.WINDOW_SIZE: N_("window size"),
    Setting.FULLSCREEN: N_("full screen"),
    Setting.RULES: N_("rule set"),
    Setting.WINNABLE_ONLY: N_("Winnable deals only"),
    Setting.TABLE_COLOUR: N_("Table colour"),
    Setting.CARD_BACK: N_("Card back"),
    Setting.FOUR_COLOUR: N_("Four-colour deck"),
    Setting.LARGE_INDICES: N_("Large indices"),
    Setting.LEFT_HANDED: N_("Left-handed"),
    Setting.ANIMATION: N_("Animation"),
    Setting.SOUND: N_("Sound"),
    Setting.VOLUME: N_("Volume"),
    Setting.LANGUAGE: N_("language"),
    Setting.LIVE_VERDICT: N_("Show whether the game can still be won"),
    Setting.SPEECH: N_("Speech"),
}


# What the player calls each choice of the look settings.
CHOICE_NAMES: dict[Choice, str] = {
    TableColour.GREEN: N_("Green"),
    TableColour.BLUE: N_("Blue"),
    TableColour.RED: N_("Red"),
    TableColour.DARK: N_("Dark"),
    CardBack.LATTICE: N_("Lattice"),
    CardBack.TARTAN: N_("Tartan"),
    CardBack.WAVES: N_("Waves"),
    CardBack.ROSETTE: N_("Rosette"),
    AnimationSpeed.NORMAL: N_("Normal"),
    AnimationSpeed.FAST: N_("Fast"),
    AnimationSpeed.OFF: N_("Off"),
    SpeechMode.AUTOMATIC: N_("Automatic"),
    SpeechMode.ON: N_("On"),
    SpeechMode.OFF: N_("Off"),
}


def load_settings(store: Store) -> Settings:
    """The saved settings, or defaults; problems become notices in ``store``."""
    loaded = store.load(FILE_NAME, WHAT, notices.DEFAULT_SETTINGS, Settings.from_json)
    if loaded is None:
        return Settings()
    settings, bad = loaded
    if bad:
        names = ", ".join(SETTING_NAMES[name] for name in bad)
        store.set_aside(
            FILE_NAME,
            WHAT,
            notices.settings_reset(SETTING_NAMES[name] for name in bad),
            CorruptFile(f"bad {names}"),
        )
        save_settings(store, settings)
    return settings


def save_settings(store: Store, settings: Settings) -> bool:
    """Write the settings; ``False`` (with a notice in ``store``) if impossible."""
    return store.save(FILE_NAME, settings.to_json())
