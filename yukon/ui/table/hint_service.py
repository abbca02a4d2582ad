"""Hints: solver searches for a winning line, their answers remembered.

One search at a time runs in the solver's process; asking from another
position cancels the one left behind. A winning line found once answers
every later hint along it at once, and a position proven lost makes every
position after it lost too. A move into a position known to be winnable
makes the position it left winnable too (by that move), so undoing back
along a line needs no search. A position keeps the move first learnt for
it: a later line through it joins the known one there, so the hint never
changes its mind about a position it answered. What is known serves the hint, the demo,
Finish and the live verdict alike: each position is searched once by
itself (a search that ran out of time is remembered as not known), and
again only when asked again, each time for longer (``hint_seconds``). ``revision``
counts what it learnt and asked, so the table works out its answers again
only when one of them may have changed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from yukon.engine import Game, Move, Pile, Position
from yukon.i18n import Translator
from yukon.jobs.hints import HintAnswer, HintJob, JobDone, JobRunner, position_of
from yukon.solver import Verdict

HINT_SECONDS = 3.0  # how long the solver may look for a winning line
# Asked again from a position searched in vain, it looks twice as long as
# the last time, up to this: a busy machine's 3 s may not have been enough.
HINT_SECONDS_MOST = 24.0
PositionKey = Position  # a ``Game.position()``


class Finding(NamedTuple):
    """What a finished search says about the position it was asked from."""

    key: PositionKey
    move: Move | None  # the next move of a winning line
    lost: bool  # proven: no line wins from there
    failed: bool = False  # the solver stopped or froze before it answered


class HintService:
    """Asks the solver for hints and remembers what it learnt."""

    def __init__(self, jobs: JobRunner) -> None:
        self.jobs = jobs
        self._job: tuple[int, PositionKey] | None = None  # (job id, position key)
        self._line: dict[PositionKey, Move] = {}  # position key -> next move of a known win
        # Positions proven lost. Every move from one leads to another (a win
        # from there would be one from here), so ``stepped`` adds those too.
        self._lost: set[PositionKey] = set()
        # Positions searched in vain (the solver found nothing in its time),
        # and how many times.
        self._unknown: dict[PositionKey, int] = {}
        self._revision = 0

    @property
    def revision(self) -> int:
        """Goes up whenever a search starts or ends or something is learnt
        or forgotten: equal revisions give equal answers about a position."""
        return self._revision

    @property
    def searching(self) -> bool:
        return self._job is not None

    def forget(self) -> None:
        """Another game: drop the search and what was learnt."""
        self.drop()
        self._line = {}
        self._lost = set()
        self._unknown = {}
        self._revision += 1

    def drop(self) -> None:
        """Nobody waits for the hint being looked for: free the solver."""
        if self._job is not None:
            self.jobs.cancel(self._job[0])
            self._job = None
            self._revision += 1

    def known_move(self, game: Game) -> Move | None:
        """The next move of a winning line already found from here."""
        move = self._line.get(game.position())
        return move if move is not None and game.check(move) is None else None

    def known_lost(self, game: Game) -> bool:
        return game.position() in self._lost

    def known_line(self, game: Game) -> list[Move] | None:
        """The whole winning line known from here to the win, or None."""
        trail = game.copy()
        line: list[Move] = []
        seen = set()
        while not trail.is_won:
            key = trail.position()
            move = self._line.get(key)
            if move is None or key in seen or trail.check(move) is not None:
                return None
            seen.add(key)
            trail.play(move)
            line.append(move)
        return line

    def verdict(self, game: Game) -> Verdict | None:
        """What is known of the position: WON (a line is known), LOST
        (proven), UNKNOWN (searched in vain), or None (never searched)."""
        key = game.position()
        if game.is_won or key in self._line:
            return Verdict.WON
        if key in self._lost:
            return Verdict.LOST
        if key in self._unknown:
            return Verdict.UNKNOWN
        return None

    def searching_from(self, game: Game) -> bool:
        return self._job is not None and self._job[1] == game.position()

    def stepped(self, start: PositionKey, move: Move, end: PositionKey) -> None:
        """``move`` leads from ``start`` to ``end`` (played, redone, or
        undone back to ``start``): lost stays lost, and a win from ``end``
        is one from ``start``."""
        if start in self._lost and end not in self._lost:
            self._lost.add(end)
            self._revision += 1
        if end in self._line and start not in self._line:
            self._line[start] = move
            self._unknown.pop(start, None)
            self._revision += 1

    def learn(self, key: PositionKey, verdict: Verdict, line: Sequence[Move] = ()) -> None:
        """What a search found from ``key`` elsewhere (the walk back through
        the game, say): a winning ``line`` from it, or that it is lost. An
        UNKNOWN, or a win without its line, teaches nothing."""
        if verdict is Verdict.LOST:
            self._lost.add(key)
            self._revision += 1
        elif verdict is Verdict.WON and line:
            self._revision += 1
            trail = Game.from_position(key)
            for move in line:
                # A position already on a known line keeps its move: the
                # hint there stays the one shown, and the new line joins the
                # known one where they meet.
                self._line.setdefault(trail.position(), move)
                trail.play(move)
            self._unknown.pop(key, None)

    def search(self, game: Game) -> bool:
        """Start looking for a line from ``game``; False if already looking
        from there."""
        key = game.position()
        if self._job is not None:
            if self._job[1] == key:
                return False
            self.jobs.cancel(self._job[0])  # from a position left behind
        seconds = hint_seconds(self._unknown.get(key, 0))
        self._job = (self.jobs.submit(HintJob(position_of(game), seconds)), key)
        self._revision += 1
        return True

    def job_done(self, done: JobDone, game: Game) -> Finding | None:
        """Learn from a finished search; None if it is not the one awaited."""
        if self._job is None or self._job[0] != done.job_id:
            return None
        key = self._job[1]
        self._job = None
        self._revision += 1
        answer = HintAnswer(Verdict.UNKNOWN)
        if done.error is None and isinstance(done.result, HintAnswer):
            answer = done.result
        if answer.verdict is not Verdict.UNKNOWN:
            self.learn(key, answer.verdict, answer.line)
        elif done.error is None and key not in self._line and key not in self._lost:
            # (a search that failed says nothing of the position)
            self._unknown[key] = self._unknown.get(key, 0) + 1
        return Finding(key, self._line.get(key), key in self._lost, failed=done.error is not None)


def hint_seconds(in_vain: int) -> float:
    """How long a search may look from a position already searched
    ``in_vain`` times: ``HINT_SECONDS`` the first time, twice as long each
    time after, up to ``HINT_SECONDS_MOST``.

    >>> [hint_seconds(times) for times in range(5)]
    [3.0, 6.0, 12.0, 24.0, 24.0]
    """
    return min(HINT_SECONDS * 2.0 ** min(in_vain, 8), HINT_SECONDS_MOST)


def describe(tr: Translator, game: Game, move: Move) -> str:
    """A hinted move in words: "Hint: move the 10♠ onto the J♥." (one
    whole sentence for each case, so every language orders its own words)."""
    src, dst = Pile(move.src), Pile(move.dst)
    if src.is_foundation:
        card = game.foundations[src.suit][-1]
    else:
        card = game.tableau[src].cards[-move.count]
    if dst.is_foundation:
        return tr.gettext("Hint: put the {card} on its foundation.").format(card=card.label)
    target = game.tableau[dst].cards
    back, group = src.is_foundation, move.count > 1
    if target:
        if back:
            text = tr.gettext("Hint: take the {card} back onto the {target}.")
        elif group:
            text = tr.gettext("Hint: move the {card} and the cards on it onto the {target}.")
        else:
            text = tr.gettext("Hint: move the {card} onto the {target}.")
        return text.format(card=card.label, target=target[-1].label)
    if back:
        text = tr.gettext("Hint: take the {card} back to the empty column {column}.")
    elif group:
        text = tr.gettext("Hint: move the {card} and the cards on it to the empty column {column}.")
    else:
        text = tr.gettext("Hint: move the {card} to the empty column {column}.")
    return text.format(card=card.label, column=dst + 1)
