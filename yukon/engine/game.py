"""The game: the position, the rules applied to it, scoring, undo and redo.

Legality lives in one place, ``yukon.engine.legality``, which ``Game.check``
and the game's other questions ask of its position; ``play`` applies only
what ``check`` allows, then flips the uncovered card and scores. The undo
and redo history is a ``yukon.engine.history.History``; a record is read by
``yukon.engine.records``. Internally cards are indices 0-51 (see
``Card.index``); the public properties give ``Card`` objects.

>>> game = Game.from_code("YU1-C-AAAAAAB")
>>> [len(column.cards) for column in game.tableau]
[1, 6, 7, 8, 9, 10, 11]
>>> game.score, game.move_count, game.is_won
(0, 0, False)
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from typing import cast

from yukon.engine import legality, views
from yukon.engine.cards import CARDS, Card
from yukon.engine.codes import format_code, parse_code
from yukon.engine.deal import DEAL_COUNT, FACE_DOWN, deal_columns
from yukon.engine.errors import IllegalMove, InvalidGameCode, InvalidRecord
from yukon.engine.generator import FITS, legal_steps
from yukon.engine.history import UNDO_LIMIT, History, Snapshot
from yukon.engine.legality import WON_MESSAGE
from yukon.engine.moves import FOUNDATION, Move, Pile, move_table
from yukon.engine.position import Position
from yukon.engine.records import (
    MAX_ACTIONS,
    REDO,
    UNDO,
    format_record,
    looks_like_record,
    replay_actions,
    tokens,
)
from yukon.engine.refusals import Refusal
from yukon.engine.rules import Rules
from yukon.engine.views import Column, Played

__all__ = ["UNDO_LIMIT", "WON_MESSAGE", "Column", "Game", "Played", "replay"]

FOUNDATION_POINTS = 10
FLIP_POINTS = 5


class Game:
    """A game of Yukon: deal, position, score, move counter and undo history."""

    __slots__ = (
        "rules",
        "deal",
        "_fits",
        "_cols",
        "_down",
        "_found",
        "_loc_col",
        "_loc_pos",
        "_score",
        "_moves",
        "_history",
        "_tableau_view",
        "_actions",
    )

    def __init__(
        self,
        columns: Sequence[Sequence[int]],
        face_down: Sequence[int],
        foundations: Sequence[int],
        rules: Rules = Rules.CLASSIC,
        deal: int | None = None,
    ) -> None:
        """Low-level constructor from card indices; prefer ``new``, ``from_code``
        or ``from_layout``, which validate their input."""
        self.rules = rules
        self.deal = deal
        self._fits = FITS[rules]
        self._cols = [list(column) for column in columns]
        self._down = list(face_down)
        self._found = list(foundations)
        self._loc_col = [-1] * 52
        self._loc_pos = [0] * 52
        self._reindex()
        self._score = 0
        self._moves = 0
        self._history = History()
        self._tableau_view: tuple[Column, ...] | None = None
        # Every move, undo and redo since the deal, as text: None unless the game
        # started from its code's deal (a hand-built position has no record).
        self._actions: list[str] | None = None

    # ----------------------------------------------------------- creation

    @classmethod
    def new(cls, deal: int | None = None, rules: Rules = Rules.CLASSIC) -> Game:
        """A fresh deal; ``deal=None`` picks one at random.

        >>> Game.new(26, Rules.RELAXED).code
        'YU1-R-AAAAABA'
        """
        if deal is None:
            # os.urandom, not secrets/random: they pull in megabytes of
            # hashing code for one number (the bias of % is below 2**-30).
            deal = int.from_bytes(os.urandom(8), "big") % DEAL_COUNT
        if not isinstance(rules, Rules):
            raise ValueError(f"rules {rules!r} is not a member of Rules")
        columns = deal_columns(deal)
        game = cls(columns, FACE_DOWN, (0, 0, 0, 0), rules, deal)
        game._actions = []
        return game

    @classmethod
    def from_code(cls, text: str) -> Game:
        """The deal and rules named by a game code such as ``YU1-C-AAAAAAB``."""
        deal, rules = parse_code(text)
        return cls.new(deal, rules)

    @classmethod
    def from_text(cls, text: str) -> Game:
        """The game a player pastes or types: a game code (a new deal) or a
        whole game's record (the game as it was left). The one reader of
        New game's field and of ``--code``: raises ``InvalidGameCode`` for a
        bad code, ``InvalidRecord`` for a bad record.

        >>> Game.from_text(" YU1-C-AAAAAAB ").move_count
        0
        >>> Game.from_text("YU1-C-AAAAAAB  7:5>2").score
        5
        """
        text = text.strip()
        return cls.from_record(text) if looks_like_record(text) else cls.from_code(text)

    @classmethod
    def from_record(cls, text: str) -> Game:
        """The game a record (see ``record``) describes, replayed move by move.

        Raises ``InvalidRecord`` naming the first bad token and why: a bad
        code, text that is not a move, or a move, undo or redo the rules
        refuse there (its ``refusal`` is the engine's typed ``Refusal``).

        >>> game = Game.from_record("YU1-C-AAAAAAB 7:5>2 undo 7:5>2")
        >>> game.move_count, game.undo_moves()
        (2, [Move.parse('7:5>2')])
        >>> game = Game.from_record("YU1-C-AAAAAAB 7:5>2 undo")
        >>> game.can_redo, Game.from_record(game.record() + " redo").move_count
        (True, 2)
        >>> Game.from_record("YU1-C-AAAAAAB 1:1>2")
        Traceback (most recent call last):
        ...
        yukon.engine.errors.InvalidRecord: move 1 of the record, '1:1>2': The 7♥ needs a black 8.
        """
        code, actions = tokens(text)
        try:
            game = cls.from_code(code)
        except InvalidGameCode as error:
            raise InvalidRecord(str(error), token=code, code_error=error) from None
        replay_actions(game, actions)
        return game

    @classmethod
    def from_layout(
        cls,
        columns: Sequence[Sequence[Card | str]],
        face_down: Sequence[int] | None = None,
        foundations: Sequence[int | Card | str | None] = (0, 0, 0, 0),
        rules: Rules = Rules.CLASSIC,
    ) -> Game:
        """Any legal position, built by hand (tests, the solver, puzzles).

        ``columns``: 7 sequences of cards (or card text), bottom to top.
        ``face_down``: how many bottom cards of each column are hidden
        (default none). ``foundations``: for spades, hearts, diamonds, clubs,
        the top rank (0 for empty) or the top card. Every card must appear
        exactly once, in a column or under a foundation top.

        >>> spades = [f"{r}S" for r in "KQJT98765432"]
        >>> g = Game.from_layout([spades, ["AS"]] + [[]] * 5, foundations=[0, 13, 13, 13])
        >>> str(g.foundation_move(1)), g.foundation_move(0)
        ('2:1>S', None)
        """
        return cls.from_position(Position.from_layout(columns, face_down, foundations, rules))

    @classmethod
    def from_position(
        cls,
        position: Position,
        deal: int | None = None,
        *,
        score: int = 0,
        move_count: int = 0,
        undo_trimmed: bool = False,
    ) -> Game:
        """A game at ``position`` (no history, score 0); ``deal`` names the
        deal it came from, if any. ``score``, ``move_count`` and
        ``undo_trimmed`` carry on a game stored from a point part-way
        through (a saved game's checkpoint).

        >>> game = Game.from_code("YU1-C-AAAAAAB")
        >>> Game.from_position(game.position()).position() == game.position()
        True
        >>> Game.from_position(game.position(), score=15, move_count=40).move_count
        40
        """
        if type(score) is not int or score < 0 or type(move_count) is not int or move_count < 0:
            raise ValueError(f"score {score!r} and move count {move_count!r} must be 0 or more")
        game = cls(position.columns, position.face_down, position.foundations, position.rules, deal)
        game._score = score
        game._moves = move_count
        game._history = History(trimmed=bool(undo_trimmed))
        return game

    def copy(self, *, with_record: bool = True) -> Game:
        """A fully independent copy, undo and redo history included (and
        its record, unless ``with_record`` is false: a position kept
        aside needs none)."""
        other = Game.__new__(Game)
        other.rules = self.rules
        other.deal = self.deal
        other._fits = self._fits
        other._cols = [list(column) for column in self._cols]
        other._down = list(self._down)
        other._found = list(self._found)
        other._loc_col = list(self._loc_col)
        other._loc_pos = list(self._loc_pos)
        other._score = self._score
        other._moves = self._moves
        other._history = self._history.copy()
        other._tableau_view = self._tableau_view
        other._actions = list(self._actions) if with_record and self._actions is not None else None
        return other

    # ----------------------------------------------------------- state

    @property
    def code(self) -> str | None:
        """The game code, or ``None`` for a hand-built layout."""
        return None if self.deal is None else format_code(self.deal, self.rules)

    @property
    def tableau(self) -> tuple[Column, ...]:
        view = self._tableau_view
        if view is None:
            view = self._tableau_view = views.tableau(self._cols, self._down)
        return view

    @property
    def foundations(self) -> tuple[tuple[Card, ...], ...]:
        """Four tuples, Ace first, for spades, hearts, diamonds, clubs."""
        return views.foundations(self._found)

    @property
    def score(self) -> int:
        return self._score

    @property
    def move_count(self) -> int:
        return self._moves

    @property
    def is_won(self) -> bool:
        return self._found == [13, 13, 13, 13]

    @property
    def undo_trimmed(self) -> bool:
        """Whether the oldest moves fell out of the undo history (at its
        limit of 100): Undo then says so rather than "nothing to undo"."""
        return self._history.trimmed

    @property
    def can_undo(self) -> bool:
        return self._history.can_undo and not self.is_won

    @property
    def can_redo(self) -> bool:
        """Whether a move undone can be played again (a new move forgets them)."""
        return self._history.can_redo

    @property
    def cards_home(self) -> int:
        """How many cards are on the foundations."""
        return sum(self._found)

    def record(self) -> str:
        """The whole game as one line: its code, then every move, undo
        (``undo``) and redo (``redo``) in order; ``from_record`` replays it exactly. ValueError
        for a game that did not start from its code's deal.

        >>> game = Game.from_code("YU1-C-AAAAAAB")
        >>> _ = game.play(Move.parse("7:5>2")); _ = game.undo()
        >>> game.record()
        'YU1-C-AAAAAAB 7:5>2 undo'
        """
        code = self.code
        if code is None or self._actions is None:
            raise ValueError("this game did not start from a deal's code: it has no record")
        return format_record(code, self._actions)

    @property
    def has_record(self) -> bool:
        """Whether ``record`` can write this game: it was dealt from its code
        here (not rebuilt from a position part-way through), and it is no
        longer than every reader of a record accepts (``MAX_ACTIONS``)."""
        return self.code is not None and self._actions is not None

    @property
    def action_count(self) -> int:
        """How many moves, undos and redos the record holds (0 without a record)."""
        return len(self._actions) if self._actions is not None else 0

    def position(self) -> Position:
        """The position as an immutable value (see ``Position``): cards,
        face-down counts, foundations and rules, no score or history."""
        return Position(
            tuple(map(tuple, self._cols)), tuple(self._down), tuple(self._found), self.rules
        )

    def __repr__(self) -> str:
        return f"<Game {self.code or 'layout'} score={self._score} moves={self._moves}>"

    def layout_text(self) -> str:
        """The position as text: one line per column, hidden cards in brackets,
        then the foundation tops.

        >>> print(Game.from_code("YU1-C-AAAAAAA").layout_text().splitlines()[1])
        2: [JD] 9S 2C 2H QH 6C
        """
        return views.layout_text(self._cols, self._down, self._found)

    # ----------------------------------------------------------- questions

    def pick_up_problem(self, src: Pile, count: int) -> Refusal | None:
        """``None`` if the top ``count`` cards of pile ``src`` may be picked
        up, else the reason in plain words (``legality.pick_up_problem``).

        >>> game = Game.from_code("YU1-C-AAAAAAB")
        >>> game.pick_up_problem(Pile.COLUMN_2, 6)
        'Only face-up cards can be picked up.'
        """
        return legality.pick_up_problem(src, count, self._cols, self._down, self._found)

    def check(self, move: Move) -> Refusal | None:
        """``None`` if ``move`` is legal, else the reason in plain words
        (``legality.check``).

        >>> game = Game.from_code("YU1-C-AAAAAAA")
        >>> game.check(Move.parse("1:1>C"))
        'Only an Ace can start a foundation; the 8♣ needs the A♣ there first.'
        """
        return legality.check(move, self._cols, self._down, self._found, self._fits, self.rules)

    def legal_moves(self) -> list[Move]:
        """Every legal move, each once, including pointless ones (see
        ``yukon.engine.generator``, which the solver's board shares)."""
        table = move_table()
        steps = legal_steps(
            self._cols, self._down, self._found, self._loc_col, self._loc_pos, self._fits
        )
        # Every step the generator gives is a legal move, so never None here.
        return cast("list[Move]", [table[src][count][dst] for src, count, dst in steps])

    def pick_up(self, card: Card) -> tuple[Pile, int] | None:
        """``(pile, count)``: where ``card`` lies and how many cards picking
        it up takes; ``None`` if it cannot be picked up (``legality.pick_up``).

        >>> game = Game.from_code("YU1-C-AAAAAAB")
        >>> game.pick_up(game.tableau[1].cards[-2])
        (<Pile.COLUMN_2: 1>, 2)
        """
        return legality.pick_up(
            card, self._cols, self._down, self._found, self._loc_col, self._loc_pos
        )

    def drop(self, src: Pile, count: int, pile: Pile) -> tuple[Move | None, Refusal | None]:
        """What dropping the top ``count`` cards of ``src`` on ``pile`` means:
        ``(move, None)``, ``(None, reason)``, or ``(None, None)`` for cards
        put back; any foundation stands for the card's own (``legality.drop``).

        >>> hearts = [f"{r}H" for r in "KQJT98765432"]
        >>> game = Game.from_layout([["AH"], hearts] + [[]] * 5, foundations=[13, 0, 13, 13])
        >>> game.drop(Pile.COLUMN_1, 1, Pile.SPADES)  # dropped on the spades foundation
        (Move.parse('1:1>H'), None)
        """
        return legality.drop(
            src, count, pile, self._cols, self._down, self._found, self._fits, self.rules
        )

    def best_move(self, column: Pile, count: int) -> Move | None:
        """The double tap: ``auto_destination``, or a single card's
        foundation (``legality.best_move``)."""
        return legality.best_move(
            column, count, self._cols, self._down, self._found, self._fits, self.rules
        )

    def foundation_move(self, column: Pile) -> Move | None:
        """The tap: ``column``'s top card to its foundation, if it may go."""
        return legality.foundation_move(column, self._cols, self._found)

    def auto_destination(self, column: Pile, count: int) -> Move | None:
        """The move of the top ``count`` cards of ``column`` to the longest
        column that takes them, or ``None`` (``legality.auto_destination``)."""
        return legality.auto_destination(
            column, count, self._cols, self._down, self._found, self._fits, self.rules
        )

    def destinations(self, src: Pile, count: int) -> list[Pile]:
        """Every pile (column or foundation) where that group may legally go."""
        return legality.destinations(
            src, count, self._cols, self._down, self._found, self._fits, self.rules
        )

    # ----------------------------------------------------------- actions

    def play(self, move: Move) -> Played:
        """Apply a legal move: move the cards, flip the uncovered card, score.

        Raises ``IllegalMove`` with the reason, leaving the game unchanged.
        A new move forgets the moves that could be redone.
        """
        problem = legality.check(move, self._cols, self._down, self._found, self._fits, self.rules)
        if problem is not None:
            raise IllegalMove(problem)
        self._history.forget_redo()
        return self._apply(move)

    def _apply(self, move: Move) -> Played:
        """Play a move ``check`` allowed: undo history, cards, flip, score."""
        src, count, dst = move.src, move.count, move.dst
        self._history.push(
            Snapshot(
                move,
                tuple(map(tuple, self._cols)),
                tuple(self._down),
                tuple(self._found),
                self._score,
            )
        )
        points = 0
        flipped: Card | None = None
        if src >= FOUNDATION:
            suit = src - FOUNDATION
            moving = [suit * 13 + self._found[suit] - 1]
            self._found[suit] -= 1
            self._loc_col[moving[0]] = -1
        else:
            column = self._cols[src]
            moving = column[-count:]
            del column[-count:]
            if column and self._down[src] == len(column):
                self._down[src] -= 1
                flipped = CARDS[column[-1]]
                points += FLIP_POINTS
        if dst >= FOUNDATION:
            self._found[dst - FOUNDATION] += 1
            self._loc_col[moving[0]] = -1
            points += FOUNDATION_POINTS
        else:
            target = self._cols[dst]
            base = len(target)
            target.extend(moving)
            for offset, card in enumerate(moving):
                self._loc_col[card] = dst
                self._loc_pos[card] = base + offset
        self._score += points
        self._moves += 1
        self._tableau_view = None
        self._log(str(move))
        return Played(move, tuple(CARDS[c] for c in moving), flipped, points)

    def undo(self) -> Move:
        """Take back the last move (up to 100 back); returns it.

        The move counter is not lowered.
        """
        if self.is_won:
            raise IllegalMove(WON_MESSAGE)
        snapshot = self._history.take_back()
        self._cols = [list(column) for column in snapshot.columns]
        self._down = list(snapshot.face_down)
        self._found = list(snapshot.foundations)
        self._score = snapshot.score
        self._reindex()
        self._tableau_view = None
        self._log(UNDO)
        return snapshot.move

    def redo(self) -> Played:
        """Play the last move undone again, exactly as it was first played
        (the same cards, card turned over and points): a move like any
        other for the move counter.

        Raises ``IllegalMove`` when nothing was undone since the last move.

        >>> game = Game.from_code("YU1-C-AAAAAAB")
        >>> played = game.play(Move.parse("5:1>1"))
        >>> game.undo() == played.move, game.can_redo
        (True, True)
        >>> game.redo() == played, game.move_count, game.can_redo
        (True, 2, False)
        """
        move = self._history.next_redo()
        problem = self.check(move)
        if problem is not None:  # cannot happen: undo restored the position it was played from
            raise IllegalMove(problem)
        self._history.redone()
        played = self._apply(move)
        if self._actions is not None:
            self._actions[-1] = REDO  # the record says redo: replayed, it redoes
        return played

    def _log(self, action: str) -> None:
        """Add ``action`` to the record; a game longer than a record may be
        (``records.MAX_ACTIONS``) has none from then on."""
        if self._actions is not None:
            self._actions.append(action)
            if len(self._actions) > MAX_ACTIONS:
                self._actions = None

    def redo_moves(self) -> list[Move]:
        """The moves that can be redone, the next one first."""
        return self._history.redo_moves()

    def undo_moves(self) -> list[Move]:
        """The moves that can still be undone, oldest first."""
        return self._history.undo_moves()

    def _reindex(self) -> None:
        loc_col, loc_pos = self._loc_col, self._loc_pos
        for i in range(52):
            loc_col[i] = -1
        for col, cards in enumerate(self._cols):
            for pos, card in enumerate(cards):
                loc_col[card] = col
                loc_pos[card] = pos


def replay(game: Game, moves: Iterable[Move | str]) -> Game:
    """Play ``moves`` (values or text) on ``game`` in order and return it."""
    for move in moves:
        game.play(move if isinstance(move, Move) else Move.parse(move))
    return game
