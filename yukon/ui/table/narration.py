"""The table in words: where the keyboard cursor is, what a move did, why
a move was refused, spoken through the ``Speaker``.

Every card is named in full words (``i18n.spoken``); each utterance is a
whole catalogue sentence, or whole sentences joined, so every language
orders its words its own way.
"""

from __future__ import annotations

from collections.abc import Callable

from yukon.engine import Card, Game, Move, Pile, Played
from yukon.i18n import N_, Translator, say
from yukon.i18n.spoken import capitalised, card_name, pile_name, sentences, spoken
from yukon.i18n.translator import NN_
from yukon.session.game_session import GameSession
from yukon.ui.keymap import Command
from yukon.ui.speech.speaker import Speaker, Urgency
from yukon.ui.table.deal_names import window_name
from yukon.ui.table.keyboard_cursor import KeyboardCursor

EMPTY = N_("{pile}: empty.")
ON_FOUNDATION = N_("{pile}: {card}.")
UNDER_CURSOR = N_("{pile}: {card}.")
FACE_UP = NN_("{count} card face up from it.", "{count} cards face up from it.")
FACE_DOWN = NN_("{count} card face down.", "{count} cards face down.")
PICKED_ONE = N_("Picked up the {card}.")
PICKED_MANY = NN_(
    "Picked up the {card} and {count} card on it.", "Picked up the {card} and {count} cards on it."
)
PUT_BACK = N_("Put back.")
TO_FOUNDATION = N_("The {card} to its foundation.")
TO_COLUMN_ONE = N_("The {card} to column {column}.")
TO_COLUMN_MANY = N_("The {card} and the cards on it to column {column}.")
TURNED_OVER = N_("The {card} turned over.")
POINTS = NN_("{count} point, {score} in all.", "{count} points, {score} in all.")
UNDONE_TO_COLUMN = N_("Undone: the {card} back to column {column}.")
UNDONE_TO_FOUNDATION = N_("Undone: the {card} back to its foundation.")
REDONE = N_("Redone: {move}")
WON = N_("You won! Score {score}, {moves} moves.")


def cursor_words(tr: Translator, game: Game, cursor: KeyboardCursor) -> str:
    """The pile under the cursor, the card it points at, how many cards are
    face up from that card to the end and how many face down."""
    pile = cursor.pile
    name = pile_name(tr, pile)
    if pile.is_foundation:
        cards = game.foundations[pile.suit]
        if not cards:
            return capitalised(tr.gettext(EMPTY).format(pile=name))
        words = tr.gettext(ON_FOUNDATION).format(pile=name, card=card_name(tr, cards[-1]))
        return capitalised(words)
    column = game.tableau[pile]
    face_up = len(column.cards) - column.face_down
    parts = []
    if face_up == 0:
        parts.append(tr.gettext(EMPTY).format(pile=name))
    else:
        depth = 1 if cursor.held is not None else min(cursor.depth, face_up)
        card = column.cards[-depth]
        parts.append(tr.gettext(UNDER_CURSOR).format(pile=name, card=card_name(tr, card)))
        parts.append(tr.ngettext(*FACE_UP, depth).format(count=depth))
    if column.face_down:
        parts.append(tr.ngettext(*FACE_DOWN, column.face_down).format(count=column.face_down))
    return sentences(parts)


def picked_words(tr: Translator, cards: tuple[Card, ...]) -> str:
    """What was picked up: the bottom card, and how many lie on it."""
    card = card_name(tr, cards[0])
    if len(cards) == 1:
        return tr.gettext(PICKED_ONE).format(card=card)
    return tr.ngettext(*PICKED_MANY, len(cards) - 1).format(card=card, count=len(cards) - 1)


def move_words(tr: Translator, move: Move, cards: tuple[Card, ...]) -> str:
    """The cards moved and where."""
    card = card_name(tr, cards[0])
    if move.dst.is_foundation:
        return capitalised(tr.gettext(TO_FOUNDATION).format(card=card))
    sentence = TO_COLUMN_ONE if len(cards) == 1 else TO_COLUMN_MANY
    return capitalised(tr.gettext(sentence).format(card=card, column=int(move.dst) + 1))


def played_words(tr: Translator, played: Played, game: Game, *, redone: bool = False) -> str:
    """A move's whole result: the cards and where, a card turned over,
    the points, and the win."""
    text = move_words(tr, played.move, played.cards)
    if redone:
        text = tr.gettext(REDONE).format(move=text)
    parts = [text]
    if played.flipped is not None:
        parts.append(tr.gettext(TURNED_OVER).format(card=card_name(tr, played.flipped)))
    if played.points:
        points = tr.ngettext(*POINTS, abs(played.points))
        parts.append(points.format(count=played.points, score=game.score))
    if game.is_won:
        parts.append(tr.gettext(WON).format(score=game.score, moves=game.move_count))
    return sentences(parts)


def undone_words(tr: Translator, move: Move, cards: tuple[Card, ...]) -> str:
    """What an undo took back: the cards, back where they came from."""
    card = card_name(tr, cards[0])
    if move.src.is_foundation:
        return tr.gettext(UNDONE_TO_FOUNDATION).format(card=card)
    return tr.gettext(UNDONE_TO_COLUMN).format(card=card, column=int(move.src) + 1)


# ---------------------------------------------------------------- on request

TABLE_FACE_UP = N_("Face up: {cards}.")
INFO = N_("Score {score}, time {time}, {moves} moves.")
CODE = N_("Game code: {code}.")
DEALT = N_("New game: {name}.")
WELCOME = N_("{name}. T says the table, the arrows walk it, F1 opens the help.")
NOTHING_SAID = N_("Nothing has been said yet.")
HOURS = NN_("{count} hour", "{count} hours")
MINUTES = NN_("{count} minute", "{count} minutes")
SECONDS = NN_("{count} second", "{count} seconds")


def table_words(tr: Translator, game: Game) -> str:
    """The whole table, column by column: each column's face-down count,
    then its face-up cards from the bottom up."""
    parts = []
    for pile in (pile for pile in Pile if pile.is_column):
        column = game.tableau[pile]
        name = pile_name(tr, pile)
        if not column.cards:
            parts.append(tr.gettext(EMPTY).format(pile=name))
            continue
        parts.append(f"{name}:")
        if column.face_down:
            parts.append(tr.ngettext(*FACE_DOWN, column.face_down).format(count=column.face_down))
        cards = ", ".join(card_name(tr, card) for card in column.cards[column.face_down :])
        parts.append(tr.gettext(TABLE_FACE_UP).format(cards=cards))
    return sentences(parts)


def foundation_words(tr: Translator, game: Game) -> str:
    """Each foundation's top card, or that it is empty."""
    parts = []
    for pile in (pile for pile in Pile if pile.is_foundation):
        cards = game.foundations[pile.suit]
        name = pile_name(tr, pile)
        if cards:
            words = tr.gettext(ON_FOUNDATION).format(pile=name, card=card_name(tr, cards[-1]))
        else:
            words = tr.gettext(EMPTY).format(pile=name)
        parts.append(words)
    return sentences(parts)


def duration_words(tr: Translator, seconds: float) -> str:
    """A time in words ("1 minute 5 seconds"), as a voice reads it best."""
    hours, rest = divmod(round(seconds), 3600)
    minutes, secs = divmod(rest, 60)
    units = [(HOURS, hours), (MINUTES, minutes)] if hours else [(MINUTES, minutes), (SECONDS, secs)]
    said = [tr.ngettext(*unit, n).format(count=n) for unit, n in units if n]
    return " ".join(said) or tr.ngettext(*SECONDS, 0).format(count=0)


def info_words(tr: Translator, game: Game, elapsed: float) -> str:
    """Score, time and moves, as the info bar shows them."""
    time = duration_words(tr, elapsed)
    return tr.gettext(INFO).format(score=game.score, time=time, moves=game.move_count)


def code_words(tr: Translator, code: str) -> str:
    """The game code letter by letter, its parts apart: a code is typed
    from what is heard."""
    spelled = ", ".join(" ".join(part) for part in code.split("-"))
    return tr.gettext(CODE).format(code=spelled)


class Narration:
    """Says what happens on the table, in the player's language."""

    def __init__(self, speaker: Speaker, tr: Translator, session: GameSession) -> None:
        self.speaker = speaker
        self.tr = tr
        self.session = session

    def shown(self, message: str) -> str:
        """A message in the player's language, as it is shown."""
        return say(self.tr, message)

    def requests(self) -> dict[Command, Callable[[], object]]:
        """The keys that ask for words: the table, the foundations, score
        time and moves, the game code, the last utterance again."""
        return {
            Command.SAY_TABLE: lambda: self._report(table_words(self.tr, self.session.game)),
            Command.SAY_FOUNDATIONS: lambda: self._report(
                foundation_words(self.tr, self.session.game)
            ),
            Command.SAY_INFO: lambda: self._report(
                info_words(self.tr, self.session.game, self.session.elapsed)
            ),
            Command.SAY_CODE: lambda: self._report(
                code_words(self.tr, self.session.game.code or "")
            ),
            Command.SAY_AGAIN: lambda: self._report(
                self.speaker.last or self.tr.gettext(NOTHING_SAID)
            ),
        }

    def _report(self, text: str) -> None:
        self.speaker.say(text, Urgency.RESULT)

    def welcome(self) -> None:
        """Speech is heard: the game, and the keys that tell the table
        (said as a step: the player's first key cuts it)."""
        session = self.session
        name = window_name(self.tr, session.game, session.daily_date)
        self.speaker.say(self.tr.gettext(WELCOME).format(name=name))

    def dealt(self) -> None:
        """A new deal: its name (the deal of the day's with its date)."""
        session = self.session
        name = window_name(self.tr, session.game, session.daily_date)
        self.speaker.say(self.tr.gettext(DEALT).format(name=name), Urgency.RESULT)

    def cursor(self, game: Game, cursor: KeyboardCursor) -> None:
        self.speaker.say(cursor_words(self.tr, game, cursor))

    def picked_up(self, cards: tuple[Card, ...]) -> None:
        self.speaker.say(picked_words(self.tr, cards), Urgency.RESULT)

    def put_back(self) -> None:
        self.speaker.say(self.tr.gettext(PUT_BACK), Urgency.RESULT)

    def played(
        self, played: Played, game: Game, *, redone: bool = False, demo: bool = False
    ) -> None:
        """A move's result; the demo's (which may play many a second) each
        replaces the last, so what is heard keeps up with the table."""
        urgency = Urgency.STEP if demo else Urgency.RESULT
        self.speaker.say(played_words(self.tr, played, game, redone=redone), urgency)

    def undone(self, move: Move, cards: tuple[Card, ...]) -> None:
        self.speaker.say(undone_words(self.tr, move, cards), Urgency.RESULT)

    def message(self, message: str) -> None:
        """A banner's message (a refusal with the engine's reason, a hint,
        a notice) as it is shown, its cards in words."""
        self.speaker.say(spoken(self.tr, say(self.tr, message)), Urgency.RESULT)
