"""The keyboard, as data: which key gives which command.

Each row of ``KEY_ROWS`` is one line of Help's Keyboard section (its keys
as the player reads them, and what they do) together with the bindings it
describes, so Help and the game can never disagree.

>>> import pygame
>>> command_for(pygame.K_z, pygame.KMOD_LCTRL), command_for(pygame.K_z, 0)
(<Command.UNDO: 'undo'>, None)
>>> command_for(pygame.K_z, pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT)
<Command.REDO: 'redo'>
>>> command_for(pygame.K_KP4, 0), command_for(pygame.K_KP4, pygame.KMOD_NUM).column
(<Command.LEFT: 'left'>, 3)
"""

from __future__ import annotations

import enum
from typing import NamedTuple

import pygame

from yukon.i18n.translator import N_


class Command(enum.Enum):
    """What a key asks of the table (or, for FULL_SCREEN, of the window)."""

    LEFT = "left"
    RIGHT = "right"
    UP = "up"
    DOWN = "down"
    DEEPEST = "deepest"  # all the face-up cards of the column
    TOP = "top"  # the column's top card
    COLUMN_1 = "column 1"
    COLUMN_2 = "column 2"
    COLUMN_3 = "column 3"
    COLUMN_4 = "column 4"
    COLUMN_5 = "column 5"
    COLUMN_6 = "column 6"
    COLUMN_7 = "column 7"
    PICK_OR_PUT = "pick up or put down"
    CANCEL = "cancel"
    SEND_HOME = "send home"
    SEND_ANYWHERE = "send anywhere"
    HINT = "hint"
    WHERE_LOST = "where lost"
    UNDO = "undo"
    REDO = "redo"
    DEMO = "demo"
    FINISH = "finish"
    NEW_GAME = "new game"  # the dialog
    NEW_DEAL = "new deal"  # at once, the same game and rule set
    RESTART = "restart"
    SETTINGS = "settings"
    STATISTICS = "statistics"
    HELP = "help"
    SAY_TABLE = "say the table"  # speech: every column, card by card
    SAY_FOUNDATIONS = "say the foundations"
    SAY_INFO = "say score, time and moves"
    SAY_CODE = "say the game code"
    SAY_AGAIN = "say again"
    FULL_SCREEN = "full screen"
    QUIT = "quit"  # save and quit (the window's, like FULL_SCREEN)

    @property
    def column(self) -> int | None:
        """The column (0-6) a COLUMN_n command goes to; None for others."""
        return _COLUMNS.get(self)

    @property
    def moves_cursor(self) -> bool:
        """An arrow or the like: held down, it acts again and again."""
        return self in _REPEATING

    @property
    def steers_cursor(self) -> bool:
        """Moves the keyboard cursor or acts where it is: such a key shows
        its outline (Ctrl+Z, F2 or a lone Shift do not)."""
        return self in _STEERING

    @property
    def needs_empty_hands(self) -> bool:
        """Waits until no cards are held (hint, statistics, settings, restart)."""
        return self in _NOT_WITH_CARDS_IN_HAND


_COLUMNS = {getattr(Command, f"COLUMN_{n}"): n - 1 for n in range(1, 8)}
_REPEATING = frozenset((Command.LEFT, Command.RIGHT, Command.UP, Command.DOWN))
_STEERING = frozenset(
    (
        *_REPEATING,
        *_COLUMNS,
        Command.DEEPEST,
        Command.TOP,
        Command.PICK_OR_PUT,
        Command.SEND_HOME,
        Command.SEND_ANYWHERE,
    )
)
_NOT_WITH_CARDS_IN_HAND = frozenset(
    (
        Command.HINT,
        Command.WHERE_LOST,
        Command.STATISTICS,
        Command.SETTINGS,
        Command.RESTART,
        Command.NEW_DEAL,
        Command.DEMO,
        Command.FINISH,
    )
)


class Binding(NamedTuple):
    """A key giving a command. ``ctrl``, ``alt``, ``num_lock``, ``shift``:
    True if the modifier must be down, False if up, None if either. (Named
    tuples, as the rows below: the table is built as the game starts, and
    a named tuple is made in a fraction of a data class's time.)"""

    key: int
    command: Command
    ctrl: bool | None = False  # Ctrl, or Cmd on a Mac
    alt: bool | None = None
    num_lock: bool | None = None
    shift: bool | None = None

    def matches(self, key: int, mod: int) -> bool:
        return (
            key == self.key
            and _wants(wanted=self.ctrl, down=mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
            and _wants(wanted=self.alt, down=mod & pygame.KMOD_ALT)
            and _wants(wanted=self.num_lock, down=mod & pygame.KMOD_NUM)
            and _wants(wanted=self.shift, down=mod & pygame.KMOD_SHIFT)
        )


def _wants(*, wanted: bool | None, down: int) -> bool:
    return wanted is None or wanted == bool(down)


class KeyRow(NamedTuple):
    """One line of Help's Keyboard section and the bindings it describes."""

    keys: str
    does: str
    bindings: tuple[Binding, ...]


def _keys(command: Command, *keys: int, **mods: bool | None) -> tuple[Binding, ...]:
    return tuple(Binding(key, command, **mods) for key in keys)


def _keypad(command: Command, key: int) -> tuple[Binding, ...]:
    """A keypad key with Num Lock off: an arrow, Home, End, Page Up or Down."""
    return (Binding(key, command, num_lock=False),)


def _column(n: int) -> tuple[Binding, ...]:
    """Digit ``n`` (not with Alt or AltGr: that types something else), on
    the top row or, with Num Lock on, the keypad."""
    command = getattr(Command, f"COLUMN_{n}")
    return (
        Binding(getattr(pygame, f"K_{n}"), command, alt=False),
        Binding(getattr(pygame, f"K_KP{n}"), command, alt=False, num_lock=True),
    )


K = pygame
KEY_ROWS: tuple[KeyRow, ...] = (
    KeyRow(
        N_("Left, Right"),
        N_("move between the columns and the foundations (hold to repeat)"),
        _keys(Command.LEFT, K.K_LEFT) + _keypad(Command.LEFT, K.K_KP4)
        + _keys(Command.RIGHT, K.K_RIGHT) + _keypad(Command.RIGHT, K.K_KP6),
    ),
    KeyRow(
        N_("Up, Down"),
        N_("choose a card in a column, or a foundation"),
        _keys(Command.UP, K.K_UP) + _keypad(Command.UP, K.K_KP8)
        + _keys(Command.DOWN, K.K_DOWN) + _keypad(Command.DOWN, K.K_KP2),
    ),
    KeyRow(
        N_("Home, End"),
        N_("all the face-up cards of a column, or its top card (Page Up, Page Down too)"),
        _keys(Command.DEEPEST, K.K_HOME, K.K_PAGEUP)
        + _keypad(Command.DEEPEST, K.K_KP7) + _keypad(Command.DEEPEST, K.K_KP9)
        + _keys(Command.TOP, K.K_END, K.K_PAGEDOWN)
        + _keypad(Command.TOP, K.K_KP1) + _keypad(Command.TOP, K.K_KP3),
    ),
    KeyRow(
        N_("1 to 7"),
        N_("straight to that column (on the keypad with Num Lock on; with it off, "
        "the keypad's arrows work as arrows)"),
        tuple(binding for n in range(1, 8) for binding in _column(n)),
    ),
    KeyRow(
        N_("Space, Enter"),
        N_("pick up the chosen cards; press again to put them down"),
        _keys(Command.PICK_OR_PUT, K.K_SPACE)
        + _keys(Command.PICK_OR_PUT, K.K_RETURN, K.K_KP_ENTER, alt=False),
    ),
    KeyRow(
        N_("Esc"),
        N_("put the cards back, put a hint or message away, close a dialog"),
        _keys(Command.CANCEL, K.K_ESCAPE, ctrl=None),
    ),
    KeyRow(
        N_("F"),
        N_("send the column's last card to its foundation"),
        _keys(Command.SEND_HOME, K.K_f),
    ),
    KeyRow(
        N_("D"),
        N_("send the chosen cards to the best place (as a double tap)"),
        _keys(Command.SEND_ANYWHERE, K.K_d),
    ),
    KeyRow(N_("H"), N_("show a hint"), _keys(Command.HINT, K.K_h)),
    KeyRow(
        N_("L"),
        N_("where was the game lost? (or can it still be won?)"),
        _keys(Command.WHERE_LOST, K.K_l),
    ),
    KeyRow(
        N_("T"),
        N_("speech: the whole table, column by column, every card face up"),
        _keys(Command.SAY_TABLE, K.K_t),
    ),
    KeyRow(N_("G"), N_("speech: the foundations"), _keys(Command.SAY_FOUNDATIONS, K.K_g)),
    KeyRow(N_("I"), N_("speech: score, time and moves"), _keys(Command.SAY_INFO, K.K_i)),
    KeyRow(N_("C"), N_("speech: the game code, letter by letter"), _keys(Command.SAY_CODE, K.K_c)),
    KeyRow(N_("R"), N_("speech: say the last words again"), _keys(Command.SAY_AGAIN, K.K_r)),
    KeyRow(
        N_("Ctrl+Z, Backspace"),
        N_("undo (Cmd+Z on a Mac)"),
        _keys(Command.UNDO, K.K_z, ctrl=True, shift=False)
        + _keys(Command.UNDO, K.K_BACKSPACE, ctrl=None),
    ),
    KeyRow(
        N_("Ctrl+Y, Ctrl+Shift+Z"),
        N_("redo the last undone move (Cmd+Y, Cmd+Shift+Z on a Mac)"),
        _keys(Command.REDO, K.K_y, ctrl=True) + _keys(Command.REDO, K.K_z, ctrl=True, shift=True),
    ),
    KeyRow(
        N_("Ctrl+D"),
        N_("demo: the solver plays its winning line (any key or click stops it)"),
        _keys(Command.DEMO, K.K_d, ctrl=True),
    ),
    KeyRow(
        N_("Ctrl+F"),
        N_("finish: once every card is face up, play the rest out"),
        _keys(Command.FINISH, K.K_f, ctrl=True),
    ),
    KeyRow(
        N_("F2"),
        N_("a new deal at once, of the same game and rule set"),
        _keys(Command.NEW_DEAL, K.K_F2, ctrl=None),
    ),
    KeyRow(
        N_("Ctrl+N"),
        N_("New game: choose the game, a game code or the deal of the day"),
        _keys(Command.NEW_GAME, K.K_n, ctrl=True),
    ),
    KeyRow(N_("F5"), N_("restart the deal"), _keys(Command.RESTART, K.K_F5, ctrl=None)),
    KeyRow(
        N_("F3, Ctrl+Comma"),
        N_("settings"),
        _keys(Command.SETTINGS, K.K_F3, ctrl=None) + _keys(Command.SETTINGS, K.K_COMMA, ctrl=True),
    ),
    KeyRow(N_("S"), N_("statistics"), _keys(Command.STATISTICS, K.K_s)),
    KeyRow(N_("F1"), N_("this help"), _keys(Command.HELP, K.K_F1, ctrl=None)),
    KeyRow(
        N_("F11, Alt+Enter"),
        N_("full screen"),
        _keys(Command.FULL_SCREEN, K.K_F11, ctrl=None)
        + _keys(Command.FULL_SCREEN, K.K_RETURN, K.K_KP_ENTER, ctrl=None, alt=True),
    ),
    KeyRow(
        N_("Ctrl+Q"), N_("save and quit (Cmd+Q on a Mac)"), _keys(Command.QUIT, K.K_q, ctrl=True)
    ),
)  # fmt: skip

_BY_KEY: dict[int, list[Binding]] = {}
for _row in KEY_ROWS:
    for _binding in _row.bindings:
        _BY_KEY.setdefault(_binding.key, []).append(_binding)


def command_for(key: int, mod: int) -> Command | None:
    """The command ``key`` gives with the modifiers ``mod`` down, if any."""
    for binding in _BY_KEY.get(key, ()):
        if binding.matches(key, mod):
            return binding.command
    return None


def steers_cursor(key: int, mod: int) -> bool:
    """Whether ``key`` (with ``mod``) moves the keyboard cursor or acts where it is.

    >>> steers_cursor(pygame.K_LEFT, 0), steers_cursor(pygame.K_z, pygame.KMOD_LCTRL)
    (True, False)
    """
    command = command_for(key, mod)
    return command is not None and command.steers_cursor


def help_rows() -> list[tuple[str, str]]:
    """Help's Keyboard section: (keys, what they do) for each row."""
    return [(row.keys, row.does) for row in KEY_ROWS]


def keys_for(command: Command) -> str:
    """The keys that give ``command``, as Help's Keyboard section writes
    them (a catalogue message: translate it).

    >>> keys_for(Command.UNDO), keys_for(Command.HELP)
    ('Ctrl+Z, Backspace', 'F1')
    """
    return next(row.keys for row in KEY_ROWS if any(b.command is command for b in row.bindings))
