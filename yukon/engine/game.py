"""The game: the position, the rules applied to it, scoring, undo and redo.

Legality lives in one place, ``Game.check``; ``play`` applies only what
``check`` allows, then flips the uncovered card and scores. Internally cards
are indices 0-51 (see ``Card.index``); the public properties give ``Card``
objects.

>>> game = Game.from_code("YU1-C-AAAAAAB")
>>> [len(column.cards) for column in game.tableau]
[1, 6, 7, 8, 9, 10, 11]
>>> game.score, game.move_count, game.is_won
(0, 0, False)
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Iterable, Sequence
from typing import NamedTuple, cast

from yukon.engine.cards import CARDS, Card, Suit
from yukon.engine.codes import format_code, parse_code
from yukon.engine.deal import DEAL_COUNT, FACE_DOWN, deal_columns
from yukon.engine.errors import IllegalMove, InvalidGameCode, InvalidMoveText, InvalidRecord
from yukon.engine.generator import FITS, legal_steps
from yukon.engine.moves import COLUMNS, FOUNDATION, MAX_GROUP, MOVE_TABLE, Move
from yukon.engine.position import Position
from yukon.engine.records import REDO, UNDO, format_record, tokens
from yukon.engine.refusals import Reason, Refusal
from yukon.engine.rules import Rules

UNDO_LIMIT = 100
FOUNDATION_POINTS = 10
FLIP_POINTS = 5
WON_MESSAGE = Refusal(Reason.GAME_WON)


class Column(NamedTuple):
    """A tableau column: ``cards`` bottom to top, the lowest ``face_down`` hidden."""

    cards: tuple[Card, ...]
    face_down: int

    @property
    def face_up_cards(self) -> tuple[Card, ...]:
        return self.cards[self.face_down :]

    @property
    def top(self) -> Card | None:
        return self.cards[-1] if self.cards else None


class Played(NamedTuple):
    """What a move did, for the UI to animate and the player to see."""

    move: Move
    cards: tuple[Card, ...]
    flipped: Card | None
    points: int


class _Snapshot(NamedTuple):
    move: Move
    columns: tuple[tuple[int, ...], ...]
    face_down: tuple[int, ...]
    foundations: tuple[int, ...]
    score: int


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
        "_history_trimmed",
        "_redo",
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
        self._history: deque[_Snapshot] = deque(maxlen=UNDO_LIMIT)
        self._history_trimmed = False  # the oldest moves fell out of the undo history
        self._redo: list[Move] = []  # the moves undone, the next to redo last
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
        for number, token in enumerate(actions, 1):
            problem: str | None
            try:
                if token == UNDO:
                    game.undo()
                elif token == REDO:
                    game.redo()
                else:
                    game.play(Move.parse(token))
                continue
            except InvalidMoveText:
                problem, refusal = "it is not a move (SRC:N>DST), undo or redo", None
            except IllegalMove as error:
                problem = refusal = error.args[0]
            raise InvalidRecord(
                f"move {number} of the record, {token!r}: {problem}",
                number=number,
                token=token,
                refusal=refusal,
            )
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
        game._history_trimmed = bool(undo_trimmed)
        return game

    def copy(self) -> Game:
        """A fully independent copy, undo and redo history included."""
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
        other._history = deque(self._history, maxlen=UNDO_LIMIT)
        other._history_trimmed = self._history_trimmed
        other._redo = list(self._redo)
        other._tableau_view = self._tableau_view
        other._actions = None if self._actions is None else list(self._actions)
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
            view = tuple(
                Column(tuple(CARDS[c] for c in column), down)
                for column, down in zip(self._cols, self._down, strict=False)
            )
            self._tableau_view = view
        return view

    @property
    def foundations(self) -> tuple[tuple[Card, ...], ...]:
        """Four tuples, Ace first, for spades, hearts, diamonds, clubs."""
        return tuple(CARDS[s * 13 : s * 13 + rank] for s, rank in enumerate(self._found))

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
        return self._history_trimmed

    @property
    def can_undo(self) -> bool:
        return bool(self._history) and not self.is_won

    @property
    def can_redo(self) -> bool:
        """Whether a move undone can be played again (a new move forgets them)."""
        return bool(self._redo)

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
        here (not rebuilt from a position part-way through)."""
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
        lines = []
        for i, column in enumerate(self._cols):
            cards = [
                f"[{CARDS[c]}]" if pos < self._down[i] else str(CARDS[c])
                for pos, c in enumerate(column)
            ]
            lines.append(f"{i + 1}: {' '.join(cards)}".rstrip())
        tops = " ".join(f"{Suit(s).letter}{rank}" for s, rank in enumerate(self._found))
        lines.append(f"foundations: {tops}")
        return "\n".join(lines)

    # ----------------------------------------------------------- questions

    def pick_up_problem(self, src: int, count: int) -> Refusal | None:
        """``None`` if the top ``count`` cards of pile ``src`` may be picked
        up (one, from a foundation), else the reason in plain words: the
        question before any destination is chosen.

        >>> game = Game.from_code("YU1-C-AAAAAAB")
        >>> game.pick_up_problem(1, 6)
        'Only face-up cards can be picked up.'
        """
        if self.is_won:
            return WON_MESSAGE
        if src >= FOUNDATION:
            if self._found[src - FOUNDATION] == 0:
                return Refusal(Reason.FOUNDATION_EMPTY, suit=Suit(src - FOUNDATION))
            return None
        column = self._cols[src]
        if not column:
            return Refusal(Reason.COLUMN_EMPTY, column=src + 1)
        if count > len(column):
            return Refusal(Reason.COLUMN_SHORT, column=src + 1, number=len(column))
        if count > len(column) - self._down[src]:
            return Refusal(Reason.FACE_DOWN)
        if count > MAX_GROUP:
            return Refusal(Reason.GROUP_TOO_BIG, number=MAX_GROUP)
        return None

    def check(self, move: Move) -> Refusal | None:
        """``None`` if ``move`` is legal, else the reason in plain words.

        >>> game = Game.from_code("YU1-C-AAAAAAA")
        >>> game.check(Move.parse("1:1>C"))
        'Only an Ace can start a foundation; the 8♣ needs the A♣ there first.'
        """
        src, count, dst = move.src, move.count, move.dst
        problem = self.pick_up_problem(src, count)
        if problem is not None:
            return problem
        if src >= FOUNDATION:
            card = (src - FOUNDATION) * 13 + self._found[src - FOUNDATION] - 1
        else:
            card = self._cols[src][-count]
        if dst >= FOUNDATION:
            return self._foundation_problem(card, dst - FOUNDATION)
        target = self._cols[dst]
        if not target:
            if card % 13 != 12:
                return Refusal(Reason.KING_ONLY, card=CARDS[card])
            return None
        onto = target[-1]
        if card in self._fits[onto]:
            return None
        if card % 13 == 12 and not self.rules.build.both_ways:
            return Refusal(Reason.KING_TO_EMPTY, card=CARDS[card])
        return Refusal.needs(self.rules, card)

    def _foundation_problem(self, card: int, suit: int) -> Refusal | None:
        if card // 13 != suit:
            return Refusal(Reason.WRONG_FOUNDATION, card=CARDS[card], suit=CARDS[card].suit)
        have = self._found[suit]
        rank = card % 13 + 1
        if rank == have + 1:
            return None
        if rank == 1 or rank <= have:
            return Refusal(Reason.ALREADY_HOME, card=CARDS[card])
        if have == 0:
            return Refusal(Reason.ACE_FIRST, card=CARDS[card], other=CARDS[suit * 13])
        return Refusal(Reason.FOLLOWS, card=CARDS[card], other=CARDS[card - 1])

    def legal_moves(self) -> list[Move]:
        """Every legal move, each once, including pointless ones (see
        ``yukon.engine.generator``, which the solver's board shares)."""
        table = MOVE_TABLE
        steps = legal_steps(
            self._cols, self._down, self._found, self._loc_col, self._loc_pos, self._fits
        )
        # Every step the generator gives is a legal move, so never None here.
        return cast("list[Move]", [table[src][count][dst] for src, count, dst in steps])

    def pick_up(self, card: Card) -> tuple[int, int] | None:
        """``(pile, count)``: where ``card`` lies and how many cards a player
        picking it up takes with it; ``None`` for a face-down card or a
        foundation card that is not on top.

        >>> game = Game.from_code("YU1-C-AAAAAAB")
        >>> game.pick_up(game.tableau[1].cards[-2])
        (1, 2)
        """
        index = card.index
        column = self._loc_col[index]
        if column >= 0:
            pos = self._loc_pos[index]
            if pos < self._down[column]:
                return None
            return (column, len(self._cols[column]) - pos)
        suit = index // 13
        if self._found[suit] == index % 13 + 1:
            return (FOUNDATION + suit, 1)
        return None

    def drop(self, src: int, count: int, pile: int) -> tuple[Move | None, Refusal | None]:
        """What dropping the top ``count`` cards of ``src`` on ``pile`` means.

        Any foundation stands for the card's own suit's, so the player need
        not aim. Returns ``(move, None)`` when legal, ``(None, reason)`` when
        not, and ``(None, None)`` when the cards were put back where they
        lie (nothing to do, nothing to explain).

        >>> hearts = [f"{r}H" for r in "KQJT98765432"]
        >>> game = Game.from_layout([["AH"], hearts] + [[]] * 5, foundations=[13, 0, 13, 13])
        >>> game.drop(0, 1, FOUNDATION)  # dropped on the spades foundation
        (Move.parse('1:1>H'), None)
        """
        if pile >= FOUNDATION:
            if count != 1:
                return (None, Refusal(Reason.ONE_TO_FOUNDATION))
            if src >= FOUNDATION:
                return (None, None)  # foundation cards stay on their own foundation
            cards = self._cols[src]
            if not cards:
                return (None, Refusal(Reason.COLUMN_EMPTY, column=src + 1))
            pile = FOUNDATION + cards[-1] // 13
        if pile == src:
            return (None, None)
        move = MOVE_TABLE[src][count][pile] if count <= 52 else None
        if move is None:
            return (None, Refusal(Reason.TOO_MANY, number=count))
        reason = self.check(move)
        return (move, None) if reason is None else (None, reason)

    def best_move(self, column: int, count: int) -> Move | None:
        """The double tap: ``auto_destination``, or, when that finds no
        column and a single card is tapped, its foundation."""
        move = self.auto_destination(column, count)
        if move is None and count == 1 and column < COLUMNS:
            cards = self._cols[column]
            if cards:
                move = self.foundation_move(column)
        return move

    def foundation_move(self, column: int) -> Move | None:
        """The tap: the move sending ``column``'s top card to its foundation."""
        cards = self._cols[column]
        if not cards or self.is_won:
            return None
        card = cards[-1]
        if self._found[card // 13] != card % 13:
            return None
        return MOVE_TABLE[column][1][FOUNDATION + card // 13]

    def auto_destination(self, column: int, count: int) -> Move | None:
        """The double tap: move the top ``count`` cards of ``column`` to the
        longest column that accepts them (leftmost on a tie), else a King to
        an empty column; ``None`` if nowhere. Moving a whole column onto an
        empty one changes nothing, so that is never chosen."""
        if not 0 < count <= len(self._cols[column]):
            return None
        best: Move | None = None
        best_len = -1
        whole_column = count == len(self._cols[column])
        for dst in range(COLUMNS):
            if dst == column:
                continue
            length = len(self._cols[dst])
            if length == 0 and whole_column:
                continue
            move = MOVE_TABLE[column][count][dst]
            if move is not None and length > best_len and self.check(move) is None:
                best, best_len = move, length
        return best

    def destinations(self, src: int, count: int) -> list[int]:
        """Every pile (column or foundation) where that group may legally go."""
        result = []
        for dst in range(FOUNDATION + 4):
            move = MOVE_TABLE[src][count][dst] if count <= 52 else None
            if move is not None and self.check(move) is None:
                result.append(dst)
        return result

    # ----------------------------------------------------------- actions

    def play(self, move: Move) -> Played:
        """Apply a legal move: move the cards, flip the uncovered card, score.

        Raises ``IllegalMove`` with the reason, leaving the game unchanged.
        A new move forgets the moves that could be redone.
        """
        problem = self.check(move)
        if problem is not None:
            raise IllegalMove(problem)
        self._redo.clear()
        return self._apply(move)

    def _apply(self, move: Move) -> Played:
        """Play a move ``check`` allowed: undo history, cards, flip, score."""
        src, count, dst = move.src, move.count, move.dst
        if len(self._history) == UNDO_LIMIT:
            self._history_trimmed = True
        self._history.append(
            _Snapshot(
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
        if self._actions is not None:
            self._actions.append(str(move))
        return Played(move, tuple(CARDS[c] for c in moving), flipped, points)

    def undo(self) -> Move:
        """Take back the last move (up to 100 back); returns it.

        The move counter is not lowered.
        """
        if self.is_won:
            raise IllegalMove(WON_MESSAGE)
        if not self._history:
            if self._history_trimmed:
                raise IllegalMove(Refusal(Reason.UNDO_LIMIT, number=UNDO_LIMIT))
            raise IllegalMove(Refusal(Reason.NOTHING_TO_UNDO))
        snapshot = self._history.pop()
        self._redo.append(snapshot.move)
        self._cols = [list(column) for column in snapshot.columns]
        self._down = list(snapshot.face_down)
        self._found = list(snapshot.foundations)
        self._score = snapshot.score
        self._reindex()
        self._tableau_view = None
        if self._actions is not None:
            self._actions.append(UNDO)
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
        if not self._redo:
            raise IllegalMove(Refusal(Reason.NOTHING_TO_REDO))
        move = self._redo[-1]
        problem = self.check(move)
        if problem is not None:  # cannot happen: undo restored the position it was played from
            raise IllegalMove(problem)
        self._redo.pop()
        played = self._apply(move)
        if self._actions is not None:
            self._actions[-1] = REDO  # the record says redo: replayed, it redoes
        return played

    def redo_moves(self) -> list[Move]:
        """The moves that can be redone, the next one first."""
        return self._redo[::-1]

    def undo_moves(self) -> list[Move]:
        """The moves that can still be undone, oldest first."""
        return [snapshot.move for snapshot in self._history]

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
