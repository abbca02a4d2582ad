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
from typing import Any, TypeVar

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
_LANGUAGE_CODES = frozenset(language.value for language in Language)


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


class SettingsPage(enum.Enum):
    """The page of the Settings dialog that shows a setting."""

    PLAY = enum.auto()
    LOOK = enum.auto()
    SOUND = enum.auto()


MAX_VOLUME = 100
VOLUMES = (10, 30, 50, 70, 100)  # the levels the Settings dialog offers

T = TypeVar("T")
_BAD = object()
Check = Callable[[Any], Any]  # the value read from the file, or ``_BAD``


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


def _one_of(choices: type[enum.Enum]) -> Check:
    names = {choice.value: choice for choice in choices}

    def check(value: Any) -> Any:
        return names[value] if type(value) is str and value in names else _BAD

    return check


def _volume(value: Any) -> Any:
    return value if type(value) is int and 0 <= value <= MAX_VOLUME else _BAD


@dataclass(frozen=True)
class Declared:
    """What one setting is beside its type and default: how a value read
    from the file is checked, what the player calls it (in the dialogs and
    in notices), and where the Settings dialog shows it, with the note under
    an on/off box."""

    label: str
    check: Check
    page: SettingsPage | None = None
    note: str = ""


def setting(
    default: T,
    label: str,
    check: Check | None = None,
    *,
    page: SettingsPage | None = None,
    note: str = "",
) -> T:
    """Declare a field of :class:`Settings`: everything else (the file's
    checks, the notices, the Settings dialog) is read from this one place.
    An on/off or a choice setting needs no ``check``: its type gives it."""
    if check is None:
        check = _one_of(type(default)) if isinstance(default, enum.Enum) else _bool
    declared = Declared(label, check, page, note)
    made: T = field(default=default, metadata={"declared": declared})
    return made


@dataclass(frozen=True)
class Settings:
    """What the Settings dialog and the New Game dialog remember.

    ``window_size`` ``None`` (a first run) means "a comfortable size that
    fits the screen"; a size is the player's own. ``rules`` is the letter
    of the rule set last chosen ("C" Classic, "R" Relaxed). ``language``
    ``None`` follows the system's language; a code (``"fi"``) is the one
    chosen in Settings. The order of the fields is the order of each page.

    Fields added later simply take their defaults when an older file lacks
    them, and an older Yukon ignores them, so the format version stays.
    """

    double_click: bool = setting(
        True,
        N_("Double click"),
        page=SettingsPage.PLAY,
        note=N_("double tap sends cards to the best place"),
    )
    placement_help: bool = setting(
        True,
        N_("Placement help"),
        page=SettingsPage.PLAY,
        note=N_("highlights where the held cards may go"),
    )
    interactive_rules: bool = setting(
        True,
        N_("Interactive rules"),
        page=SettingsPage.PLAY,
        note=N_("says which rule forbids a move"),
    )
    auto_placement: bool = setting(
        False,
        N_("Automatic placement"),
        page=SettingsPage.PLAY,
        note=N_("a released card finds its own place"),
    )
    window_size: tuple[int, int] | None = setting(None, N_("window size"), _window)
    fullscreen: bool = setting(False, N_("full screen"))
    rules: str = setting(Rules.CLASSIC.value, N_("rule set"), _rules)
    winnable_only: bool = setting(False, N_("Winnable deals only"))  # in New game
    table_colour: TableColour = setting(
        TableColour.GREEN, N_("Table colour"), page=SettingsPage.LOOK
    )
    card_back: CardBack = setting(CardBack.LATTICE, N_("Card back"), page=SettingsPage.LOOK)
    four_colour: bool = setting(
        False,
        N_("Four-colour deck"),
        page=SettingsPage.LOOK,
        note=N_("each suit its own colour"),
    )
    large_indices: bool = setting(
        False,
        N_("Large indices"),
        page=SettingsPage.LOOK,
        note=N_("bigger, bolder corner indices"),
    )
    left_handed: bool = setting(
        False,
        N_("Left-handed"),
        page=SettingsPage.LOOK,
        note=N_("foundations on the left"),
    )
    animation: AnimationSpeed = setting(
        AnimationSpeed.NORMAL, N_("Animation"), page=SettingsPage.LOOK
    )
    sound: bool = setting(
        True,
        N_("Sound"),
        page=SettingsPage.SOUND,
        note=N_("sound effects for every move"),
    )
    volume: int = setting(70, N_("Volume"), _volume, page=SettingsPage.SOUND)
    # the info bar says whether the game can still be won
    live_verdict: bool = setting(
        False,
        N_("Show whether the game can still be won"),
        page=SettingsPage.PLAY,
        note=N_("in the info bar, after every move"),
    )
    language: str | None = setting(None, N_("language"), _language, page=SettingsPage.PLAY)
    # Speech needs no audio device of the game's: the speech engine has its own.
    speech: SpeechMode = setting(SpeechMode.AUTOMATIC, N_("Speech"), page=SettingsPage.SOUND)
    # What a newer version wrote that this one does not know, kept for it.
    unknown: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        # A choice given by the name the file keeps ("waves") is held as its enum.
        for spec in DECLARED:
            if isinstance(spec.default, enum.Enum):
                object.__setattr__(self, spec.name, type(spec.default)(getattr(self, spec.name)))

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
    def from_json(cls, data: dict[str, Any]) -> tuple[Settings, list[str]]:
        """The settings read field by field, and the names of fields that
        were present but bad (those keep their defaults)."""
        values: dict[str, Any] = {"unknown": unknown_keys(data, DECLARATIONS)}
        bad: list[str] = []
        for name, declared in DECLARATIONS.items():
            if name not in data:
                continue
            value = declared.check(data[name])
            if value is _BAD:
                bad.append(name)
            else:
                values[name] = value
        return cls(**values), bad


# Every setting's field, in the order of the dataclass (and of the pages).
DECLARED = tuple(spec for spec in fields(Settings) if "declared" in spec.metadata)
DECLARATIONS: dict[str, Declared] = {spec.name: spec.metadata["declared"] for spec in DECLARED}
# What the player calls each setting: the labels of the Settings and New
# game dialogs, and the names in notices.
SETTING_NAMES: dict[str, str] = {name: d.label for name, d in DECLARATIONS.items()}


def on_page(page: SettingsPage) -> list[str]:
    """The settings the Settings dialog shows on ``page``, in order."""
    return [name for name, declared in DECLARATIONS.items() if declared.page is page]


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
