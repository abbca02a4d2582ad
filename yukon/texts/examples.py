"""The Examples page as data: the rules at work on a real deal.

Each ``Example`` is a deal (a game code, or a hand-built ``Layout`` where a
real game would need a hundred moves to get there), the moves played before
it starts (``setup``), the steps the page plays on its small table, and its
title and text (catalogue messages, shown in the player's language). A step
is a gesture, as the player would make it: a drag and drop, a tap or a
double tap; the engine decides what it does, and a test checks that it does
exactly what the example says (``result``), or refuses it for the reason
the example explains (``refused``).

>>> example = EXAMPLES[0]
>>> game = example.start()
>>> [example.steps[0].perform(game)]
[(Move.parse('7:1>3'), None)]
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from yukon.engine import Game, Move, Pile, Reason, Refusal, Rules
from yukon.i18n.translator import N_

DEAL = "YU1-C-AACRWEA"  # the deal of the Examples page; move 2 is the group 10♦ 5♥ J♦ 8♠


# A winning line of that deal (found by the solver); examples start along it.
def _words(text: str) -> tuple[str, ...]:
    return tuple(text.split())


LINE = _words(
    "7:1>3 4:4>1 7:1>1 6:2>1 6:3>1 3:2>1 5:2>3 1:4>3 2:2>1 2:1>C 1:1>2 6:1>1 5:2>4 1:7>5 "
    "3:10>1 3:1>4 3:1>D 7:3>3 7:1>3 7:1>3 7:1>4 2:1>D 2:1>4 2:1>C 4:1>C"
)


class Gesture(Enum):
    DRAG = "drag"
    TAP = "tap"
    DOUBLE_TAP = "double tap"


@dataclass(frozen=True)
class Step:
    """One gesture: ``count`` cards of pile ``src`` dragged to ``target``,
    or the top card tapped, or ``count`` cards double-tapped."""

    gesture: Gesture
    src: Pile
    count: int
    target: Pile | None
    result: Move | None
    refused: Reason | None = None

    @classmethod
    def drag(cls, aimed: str, result: str | None = None, refused: Reason | None = None) -> Step:
        """Drag and drop as ``aimed`` (a move text: ``"2:1>S"`` drops on the
        spades foundation); ``result`` is the move it makes, the aimed one
        unless given, or ``None`` when ``refused``."""
        move = Move.parse(aimed)
        made = None if refused else Move.parse(result or aimed)
        return cls(Gesture.DRAG, move.src, move.count, move.dst, made, refused)

    @classmethod
    def tap(cls, column: int, result: str) -> Step:
        """Tap the last card of ``column`` (1-7)."""
        return cls(Gesture.TAP, Pile.column(column - 1), 1, None, Move.parse(result))

    @classmethod
    def double_tap(cls, column: int, count: int, result: str) -> Step:
        """Double tap the card ``count`` from the top of ``column`` (1-7)."""
        return cls(Gesture.DOUBLE_TAP, Pile.column(column - 1), count, None, Move.parse(result))

    def perform(self, game: Game) -> tuple[Move | None, Refusal | None]:
        """What the engine makes of the gesture in ``game`` (nothing played)."""
        if self.gesture is Gesture.TAP:
            return game.foundation_move(self.src), None
        if self.gesture is Gesture.DOUBLE_TAP:
            return game.best_move(self.src, self.count), None
        assert self.target is not None
        return game.drop(self.src, self.count, self.target)


@dataclass(frozen=True)
class Layout:
    """A hand-built position (see ``Game.from_layout``): columns as card
    texts bottom to top, face-down counts, foundation top ranks."""

    columns: tuple[tuple[str, ...], ...]
    face_down: tuple[int, ...]
    foundations: tuple[int, int, int, int]
    rules: Rules = Rules.CLASSIC

    def game(self) -> Game:
        return Game.from_layout(self.columns, self.face_down, self.foundations, self.rules)


@dataclass(frozen=True)
class Example:
    title: str
    text: str
    deal: str | Layout
    setup: tuple[str, ...]
    steps: tuple[Step, ...]

    def start(self) -> Game:
        """The example's position before its first step."""
        game = Game.from_code(self.deal) if isinstance(self.deal, str) else self.deal.game()
        for move in self.setup:
            game.play(Move.parse(move))
        return game


def _line(moves: int) -> tuple[str, ...]:
    return tuple(LINE[:moves])


# Twenty cards on a Queen: 21 cards are one too many to move at once.
_LIMIT = Layout(
    columns=(
        _words("6C QD KH QC JH TC 9H 8C 7H TD 9D 8D 7D JC QH TH 9C 8H 7C JD 8S 6S"),
        ("KS",),
        ("KD", "TS"),
        ("KC", "JS"),
        ("9S", "QS"),
        ("6H", "7S"),
        ("6D",),
    ),
    face_down=(1, 0, 0, 0, 0, 0, 0),
    foundations=(5, 5, 5, 5),
)

EXAMPLES: tuple[Example, ...] = (
    Example(
        N_("Groups in any order"),
        N_(
            "Move 2 of this game: any face-up card moves with all the cards on it, whatever "
            "their order; only the 10♦ has to fit on the J♠, so 10♦ 5♥ J♦ 8♠ move together."
        ),
        DEAL,
        (),
        (Step.drag("7:1>3"), Step.drag("4:4>1")),
    ),
    Example(
        N_("A card turns face up"),
        N_(
            "When the last card covering a face-down card is moved away, the card turns "
            "face up by itself and scores 5 points."
        ),
        DEAL,
        _line(4),
        (Step.drag("6:3>1"),),
    ),
    Example(
        N_("To the foundations"),
        N_(
            "A tap sends a column's last card to its foundation (10 points). A card dropped "
            "on any foundation goes to its own suit's foundation: no need to aim."
        ),
        DEAL,
        _line(21),
        (Step.tap(2, "2:1>D"), Step.drag("2:1>4"), Step.drag("2:1>S", "2:1>C")),
    ),
    Example(
        N_("Taking a card back"),
        N_(
            "A foundation's top card can go back onto a column at no cost; putting it back "
            "on its foundation earns another 10 points."
        ),
        DEAL,
        _line(9),
        (Step.tap(2, "2:1>C"), Step.drag("C:1>1"), Step.tap(1, "1:1>C")),
    ),
    Example(
        N_("Where a double tap sends cards"),
        N_(
            "A double tap puts the cards on the longest column that takes them: the 7♥ "
            "goes on the 8♠ (8 cards, face-down ones included), not on the 8♣ (7 cards)."
        ),
        DEAL,
        (),
        (Step.double_tap(7, 1, "7:1>4"),),
    ),
    Example(
        N_("An empty column takes only a King"),
        N_(
            "No other group may fill an empty column, not even to uncover a face-down "
            "card. A double tap on the K♥ finds the empty column for it."
        ),
        DEAL,
        _line(16),
        (
            Step.tap(3, "3:1>D"),
            Step.drag("4:4>3", refused=Reason.KING_ONLY),
            Step.double_tap(7, 3, "7:3>3"),
        ),
    ),
    Example(
        N_("At most 20 cards"),
        N_(
            "A group of 21 cards is one card too many to move at once. Send its top card to "
            "its foundation first, and the other 20 can go."
        ),
        _LIMIT,
        (),
        (
            Step.drag("1:21>2", refused=Reason.GROUP_TOO_BIG),
            Step.tap(1, "1:1>S"),
            Step.drag("1:20>2"),
        ),
    ),
    Example(
        N_("Classic: colours alternate"),
        N_(
            "With Classic rules a card goes only on a card of the other colour: the 10♠ "
            "needs a red Jack."
        ),
        DEAL,
        (),
        (Step.drag("3:5>1", refused=Reason.NEEDS_COLOUR),),
    ),
    Example(
        N_("Relaxed: any colour"),
        N_(
            "With Relaxed rules colour does not matter on the columns: the same 10♠ goes "
            "on the J♠. Everything else stays the same."
        ),
        DEAL.replace("-C-", "-R-"),
        (),
        (Step.drag("3:5>1"),),
    ),
    Example(
        N_("Russian Solitaire: in suit"),
        N_(
            "In Russian Solitaire a card goes only on the next higher card of its own "
            "suit: the 7♥ may not go on the 8♣, and the 10♠ goes on the J♠."
        ),
        DEAL.replace("-C-", "-U-"),
        (),
        (Step.drag("7:1>3", refused=Reason.NEEDS_SUIT), Step.drag("3:5>1")),
    ),
    Example(
        N_("Alaska: up or down in suit"),
        N_(
            "In Alaska a card goes on the next higher or the next lower card of its own "
            "suit: the 7♥ may not go on the 8♣, and the 9♠ goes on the 8♠."
        ),
        DEAL.replace("-C-", "-A-"),
        (),
        (Step.drag("7:1>3", refused=Reason.NEEDS_EITHER), Step.drag("5:4>4")),
    ),
    Example(
        N_("Moosehide: any other suit"),
        N_(
            "In Moosehide a card goes on the next higher card of any other suit: the 10♠ "
            "may not go on the J♠, and the 7♥ goes on the 8♣."
        ),
        DEAL.replace("-C-", "-M-"),
        (),
        (Step.drag("3:5>1", refused=Reason.NEEDS_OTHER_SUIT), Step.drag("7:1>3")),
    ),
)


def first_example(rules: Rules) -> int:
    """Where the Examples page opens for a game of ``rules``: its first
    example of that game's own rule (the top, for Yukon Classic, whose rules
    every example before the family's shows).

    >>> first_example(Rules.CLASSIC), EXAMPLES[first_example(Rules.ALASKA)].title
    (0, 'Alaska: up or down in suit')
    """
    if rules is Rules.CLASSIC:
        return 0
    return next((i for i, e in enumerate(EXAMPLES) if e.start().rules is rules), 0)
