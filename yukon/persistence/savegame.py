"""The game in progress (savegame.json): rebuilt by replaying its actions.

The file holds the game code and the *action log*: every move played, as
its text (``"7:5>2"``), every undo, as ``"undo"``, and every redo, as
``"redo"``, in order. Replaying the log through the engine reproduces the
cards, the score, the move counter and the undo and redo history exactly,
because they are the engine's own results rather than a copy of them that
could disagree. (Saves written before redo existed simply hold no
``"redo"``, and load as they always did.)

A move that was undone still counts in the move counter, so every play
stays in the log. It is small anyway (about ten bytes an action) and
replays at over 100,000 actions a second. Only a game longer than
``MAX_ACTIONS`` actions, the most the reader accepts, is shortened: its
log then starts from a *checkpoint* (``"base"``: the position, score and
move counter where the undo history begins, and whether older moves fell
out of it), followed by the moves that can still be undone. Replaying
that gives the same cards, score, counter and undo history, so writer and
reader always agree and a game of any length survives.

Keys this version does not know (a newer version's) belong to the game
they were saved with: they are kept in ``GameRecord.unknown`` and written
back with it, and a new game starts without them.

All or nothing: if anything in the file is wrong, including a move that no
longer replays (``IllegalMove``), the whole file is set aside as
``savegame.json.bad`` with a notice, and a new game is dealt. A won game is
never resumed.

``GameRecord`` is what the UI holds instead of a bare ``Game``: calling
``record.play(move)`` / ``record.undo()`` keeps the game and its log in step.
It also carries ``game_id`` and ``counted``, which let the statistics count
each game exactly once (see ``yukon.persistence.stats``), and
``demo_helped``: the demo played some of this game while cards were still
face down, so a win is not the player's (the key is left out while false,
and a save without it is a game the demo never helped). ``copied`` marks a
game played on from a copied one (a pasted record): it did not start at
the deal with the player, so the statistics count it neither as played nor
as won (left out while false, like ``demo_helped``).
"""

from __future__ import annotations

import dataclasses
import math
import os
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from yukon.engine import Game, Move, Played, Position
from yukon.engine.records import replay_log, tokens
from yukon.persistence import fields, notices
from yukon.persistence.store import CorruptFile, Store, unknown_keys

FILE_NAME = "savegame.json"
WHAT = "saved game"
UNDO = "undo"
REDO = "redo"
# A bound on what is read back, so a hostile file cannot stall the start;
# a real game stays far below it, and a longer one is written from a
# checkpoint (``GameRecord.checkpoint``) so as never to pass it.
MAX_ACTIONS = 200_000
MAX_ACTION_TEXT = 8  # "undo", "7:5>2", "F3:1>7"...
# The keys this version reads; any other key is a newer version's, kept.
_KEYS = (
    "code",
    "game_id",
    "counted",
    "elapsed",
    "actions",
    "base",
    "daily",
    "demo_helped",
    "copied",
)


@dataclass(frozen=True)
class Checkpoint:
    """Where a shortened log starts: the game at the oldest move that can
    still be undone (see the module)."""

    position: Position
    score: int
    move_count: int
    undo_trimmed: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "position": str(self.position),
            "score": self.score,
            "moves": self.move_count,
            "trimmed": self.undo_trimmed,
        }

    @classmethod
    def from_json(cls, data: Any) -> Checkpoint:
        if type(data) is not dict:
            raise CorruptFile("'base' is not an object")
        try:
            position = Position.parse(fields.text(fields.field(data, "position"), "position", 300))
        except ValueError as error:  # InvalidPosition
            raise CorruptFile(f"'base' position: {error}") from error
        return cls(
            position,
            fields.count(fields.field(data, "score"), "score"),
            fields.count(fields.field(data, "moves"), "moves"),
            fields.flag(fields.field(data, "trimmed"), "trimmed"),
        )

    def game(self, deal: int | None) -> Game:
        return Game.from_position(
            self.position,
            deal,
            score=self.score,
            move_count=self.move_count,
            undo_trimmed=self.undo_trimmed,
        )


@dataclass(frozen=True)
class SavedGame:
    """The content of savegame.json, checked but not yet replayed."""

    code: str
    actions: tuple[str, ...]
    elapsed: float
    game_id: str
    counted: bool = False
    unknown: dict[str, Any] = field(default_factory=dict, compare=False)
    demo_helped: bool = False
    base: Checkpoint | None = None
    daily: str | None = None  # the date of the deal of the day it is (ISO)
    copied: bool = False  # played on from a copied game: never counted

    def to_json(self) -> dict[str, Any]:
        data = {
            **self.unknown,
            **({"daily": self.daily} if self.daily else {}),
            "code": self.code,
            "game_id": self.game_id,
            "counted": self.counted,
            "elapsed": self.elapsed,
            "actions": list(self.actions),
        }
        if self.demo_helped:
            data["demo_helped"] = True
        if self.copied:
            data["copied"] = True
        if self.base is not None:
            data["base"] = self.base.to_json()
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SavedGame:
        """Check every field's type and range; raises ``CorruptFile``."""
        actions = fields.field(data, "actions")
        if type(actions) is not list:
            raise CorruptFile("'actions' is not a list")
        if len(actions) > MAX_ACTIONS:
            raise CorruptFile(f"more than {MAX_ACTIONS} actions")
        for action in actions:
            if type(action) is not str or len(action) > MAX_ACTION_TEXT:
                raise CorruptFile(f"action {action!r} is not a move text, 'undo' or 'redo'")
        return cls(
            code=fields.text(fields.field(data, "code"), "code", 40),
            actions=tuple(actions),
            elapsed=fields.seconds(fields.field(data, "elapsed"), "elapsed"),
            game_id=fields.text(fields.field(data, "game_id"), "game_id"),
            counted=fields.flag(fields.field(data, "counted"), "counted"),
            unknown=unknown_keys(data, _KEYS),
            demo_helped=fields.flag(data.get("demo_helped", False), "demo_helped"),
            base=Checkpoint.from_json(data["base"]) if "base" in data else None,
            daily=_daily(data.get("daily")),
            copied=fields.flag(data.get("copied", False), "copied"),
        )

    def rebuild(self) -> GameRecord:
        """Replay the log through the engine (from the checkpoint, if any);
        raises ``CorruptFile`` if the code is not valid, the checkpoint is
        not of its rules, or any action is not legal where it stands."""
        try:
            record = GameRecord(Game.from_code(self.code), game_id=self.game_id)
            if self.base is not None:
                if self.base.position.rules is not record.game.rules:
                    raise CorruptFile("the checkpoint is not of the code's rules")
                record.game, record.base = self.base.game(record.game.deal), self.base
            replay_log(record, self.actions)
        except ValueError as error:  # InvalidGameCode, InvalidMoveText, IllegalMove
            raise CorruptFile(f"does not replay: {error}") from error
        record.counted = self.counted
        record.unknown = self.unknown
        record.demo_helped = self.demo_helped
        record.daily = self.daily
        record.copied = self.copied
        return record


def _daily(value: Any) -> str | None:
    """The saved game's deal-of-the-day date; games saved before it have none."""
    if value is None:
        return None
    try:
        return date.fromisoformat(fields.text(value, "daily", 10)).isoformat()
    except ValueError:
        raise CorruptFile(f"daily {value!r} is not a date") from None


@dataclass
class GameRecord:
    """A ``Game`` plus the log of what was done to it, kept in step.

    ``game_id`` tells this deal-and-attempt apart from a later replay of the
    same code; ``counted`` says whether the statistics already hold this
    game's result. A hand-built position (no code) can be played but is
    neither saved nor counted.
    """

    game: Game
    actions: list[str] = field(default_factory=list)
    game_id: str = field(default_factory=lambda: os.urandom(8).hex())
    counted: bool = False
    # A newer version's fields of this game's save, written back unchanged.
    unknown: dict[str, Any] = field(default_factory=dict, repr=False)
    # The demo played while cards were face down: a win is not the player's.
    demo_helped: bool = False
    # Where ``actions`` start when the log was shortened (see ``checkpoint``).
    base: Checkpoint | None = None
    daily: str | None = None  # the date (ISO) when this is a deal of the day
    # Played on from a copied game (a pasted record): the statistics never count it.
    copied: bool = False

    def __post_init__(self) -> None:
        if self.game.code is None:
            self.counted = True  # nothing to count: it is not a deal
        if self.game.move_count or self.actions:
            raise ValueError("a record starts from a fresh deal; replay moves through it")

    @classmethod
    def new(cls, code: str) -> GameRecord:
        """A fresh record of the deal named by ``code`` (``InvalidGameCode`` if bad)."""
        return cls(Game.from_code(code))

    @classmethod
    def replaying(cls, text: str) -> GameRecord:
        """A fresh record of a game record's deal with its actions made on it
        (``InvalidGameCode``, ``InvalidMoveText`` or ``IllegalMove`` if bad:
        ``Game.from_record`` says which more exactly)."""
        code, actions = tokens(text)
        record = cls.new(code)
        replay_log(record, actions)
        return record

    def go_on_as(self, earlier: GameRecord) -> None:
        """This record is ``earlier``'s game, taken up again at another point:
        its identity, its count and its marks go on."""
        self.game_id, self.counted, self.copied = earlier.game_id, earlier.counted, earlier.copied
        self.demo_helped, self.daily, self.unknown = (
            earlier.demo_helped,
            earlier.daily,
            earlier.unknown,
        )

    def play(self, move: Move) -> Played:
        """``game.play(move)``, logged only if the engine accepted it."""
        played = self.game.play(move)
        self.actions.append(str(move))
        self._keep_short()
        return played

    def undo(self) -> Move:
        """``game.undo()``, logged only if the engine accepted it."""
        move = self.game.undo()
        self.actions.append(UNDO)
        self._keep_short()
        return move

    def redo(self) -> Played:
        """``game.redo()``, logged only if the engine accepted it."""
        played = self.game.redo()
        self.actions.append(REDO)
        return played

    def checkpoint(self) -> None:
        """Start the log afresh at the oldest move that can still be undone:
        the same game, score, counter and undo history, in at most twice the
        undo limit's actions (a move that can be redone is logged played,
        then undone)."""
        game = self.game
        undoable = [] if game.is_won else game.undo_moves()
        redoable = game.redo_moves()  # played again and undone: what can be redone stays
        earlier = game.copy()
        for _ in undoable:
            earlier.undo()
        counted = game.move_count - len(undoable) - len(redoable)
        self.base = Checkpoint(earlier.position(), earlier.score, counted, game.undo_trimmed)
        self.actions = [str(move) for move in [*undoable, *redoable]] + [UNDO] * len(redoable)

    def _keep_short(self) -> None:
        if len(self.actions) > MAX_ACTIONS:
            self.checkpoint()

    @property
    def started(self) -> bool:
        """Whether the game counts as played: at least one move was made."""
        return self.game.move_count > 0

    @property
    def needs_counting(self) -> bool:
        """Started but its result not yet in the statistics (a copied game
        never is)."""
        return self.started and not self.counted and not self.copied

    @property
    def savable(self) -> bool:
        """Only deals (games with a code) can be saved and resumed."""
        return self.game.code is not None

    def to_saved(self, elapsed: float) -> SavedGame:
        if not math.isfinite(elapsed):
            elapsed = 0.0
        elapsed = min(max(elapsed, 0.0), fields.MAX_SECONDS)
        code = self.game.code
        if code is None:
            raise ValueError("a hand-built position has no code and cannot be saved")
        self._keep_short()  # what is written, the reader accepts
        return SavedGame(
            code,
            tuple(self.actions),
            float(elapsed),
            self.game_id,
            self.counted,
            self.unknown,
            demo_helped=self.demo_helped,
            base=self.base,
            daily=self.daily,
            copied=self.copied,
        )


def save_game(
    store: Store, record: GameRecord, elapsed: float, *, counted: bool | None = None
) -> bool:
    """Write the game in progress; ``False`` (with a notice in ``store``) if
    impossible. ``elapsed`` is the game clock in seconds. A hand-built
    position is not saved (``False``, no notice).

    ``counted=False`` saves it as not yet in the statistics whatever the
    record says: a win whose statistics could not be written is kept so,
    and counted at the next start (see ``load_saved``)."""
    if not record.savable:
        return False
    saved = record.to_saved(elapsed)
    if counted is not None:
        saved = dataclasses.replace(saved, counted=counted)
    return store.save(FILE_NAME, saved.to_json(), indent=None)


def load_saved(store: Store) -> tuple[GameRecord, float] | None:
    """The saved game, won or not, and its elapsed seconds; ``None`` if
    there is none or it is bad (set aside, with a notice). A won game that
    is not ``counted`` is a result the statistics still lack."""
    return store.load(FILE_NAME, WHAT, notices.NEW_GAME_DEALT, _read)


def load_game(store: Store) -> tuple[GameRecord, float] | None:
    """The game to resume and its elapsed seconds, or ``None`` to deal a new
    one: no saved game, a bad one (set aside, with a notice) or a won one."""
    saved = load_saved(store)
    if saved is None or saved[0].game.is_won:
        return None
    return saved


def clear_game(store: Store) -> bool:
    """Forget the saved game (after a win, so it is not offered again)."""
    return store.remove(FILE_NAME)


def _read(data: dict[str, Any]) -> tuple[GameRecord, float]:
    saved = SavedGame.from_json(data)
    return saved.rebuild(), saved.elapsed
