"""What Help and its FAQ say: the pages' sections, in the catalogue's words.

Help's sections follow the order of the app's own rules text, the rules
first and the keys after; a row is a key or a term with what it does, or a
paragraph (an empty key). The Keyboard section is the key map's own rows.
"""

from __future__ import annotations

from yukon.engine import Rules
from yukon.i18n import N_, Translator
from yukon.texts.faq import FAQ
from yukon.ui.keymap import help_rows

Row = tuple[str, str]  # (key or term, what it does); an empty key: a paragraph
Section = tuple[str, list[Row]]  # (heading, rows)

# The other games of the family differ from Yukon only in how columns build.
_SAME_AS_YUKON = N_(
    "Everything else is as in Yukon: the same deal; any face-up card moves with the cards on "
    "it; only a King fills an empty column; and the foundations, take-backs and scoring are "
    "the same."
)

# (heading, [(left, right)]): a row with an empty left is a paragraph. The
# rules come first, in the order of the app's own rules text; the keys after.
SECTIONS: list[Section] = [
    (
        N_("How to play"),
        [
            (
                "",
                N_(
                    "Move all 52 cards to the four foundations, each built up in one suit "
                    "from Ace to King."
                ),
            ),
            (
                "",
                N_(
                    "The 52 cards, without jokers, are shuffled and dealt out into 7 columns "
                    "of 1, 6, 7, 8, 9, 10 and 11 cards. The first column holds a single "
                    "face-up card; the other six hold 1 to 6 face-down cards with 5 face-up "
                    "cards on them. So 21 cards start face down and 31 face up. There is no "
                    "stock and no waste pile, and the 4 foundations start empty."
                ),
            ),
        ],
    ),
    (
        N_("Allowed moves"),
        [
            (
                "",
                N_(
                    "A card goes on the last card of a column if that card is face up, of "
                    "the other colour (red on black, black on red) and exactly one rank "
                    "higher: the 7♥ goes on the 8♠ or the 8♣."
                ),
            ),
            (
                "",
                N_(
                    "Groups in any order, the rule that makes Yukon Yukon: any face-up card "
                    "can be moved together with all the cards lying on it, whatever their "
                    "order. Only the bottom card of the group has to fit the column it goes "
                    "to: example 1 on the Examples page moves the group 10♦ 5♥ J♦ 8♠."
                ),
            ),
            (
                "",
                N_(
                    "A face-down card that is uncovered turns face up by itself and can be "
                    "played at once."
                ),
            ),
            (
                "",
                N_(
                    "The ranks run from the Ace (low) to the King: Ace, 2 to 10, Jack, Queen, King."
                ),
            ),
        ],
    ),
    (
        N_("Empty columns"),
        [
            (
                "",
                N_(
                    "Only a King can be moved to an empty column, alone or with the cards "
                    "lying on it. No other card or group may go there, not even to uncover "
                    "a face-down card: example 6 on the Examples page shows the refusal."
                ),
            ),
        ],
    ),
    (
        N_("Foundations"),
        [
            (
                "",
                N_(
                    "Each foundation takes one suit only: first the Ace, then the 2, the 3 "
                    "and so on up to the King, one card at a time, from the end of a column."
                ),
            ),
            (
                "",
                N_(
                    "Each suit has its own fixed foundation, in the order ♠ ♥ ♦ ♣ (spades, "
                    "hearts, diamonds, clubs): drop a card on any foundation and the game "
                    "finds the right one."
                ),
            ),
        ],
    ),
    (
        N_("End of the game"),
        [
            (
                "",
                N_(
                    "The game is won when all 52 cards are on the foundations. It is never "
                    "declared lost: when no useful move is left, you can undo moves or "
                    "start a new game."
                ),
            ),
        ],
    ),
    (
        N_("Rule sets"),
        [
            ("", N_("The New game dialog offers two rule sets:")),
            (
                N_("Classic"),
                N_(
                    "chosen by default: everything above, the colours alternating on the "
                    "columns (red on black, black on red)."
                ),
            ),
            (
                N_("Relaxed"),
                N_(
                    "colour does not matter on the columns: a card goes on any card exactly "
                    "one rank higher, red or black. The deal, groups, empty columns, "
                    "foundations and scoring stay the same."
                ),
            ),
            (
                "",
                N_(
                    "A game code holds its rule set: C for Classic, R for Relaxed; the same "
                    "deal letters give the same cards under both."
                ),
            ),
        ],
    ),
    (
        N_("Russian Solitaire"),
        [
            (
                "",
                N_(
                    "A card goes on the last card of a column if that card is one rank higher "
                    "and of the same suit: the 7♥ on the 8♥."
                ),
            ),
            ("", _SAME_AS_YUKON),
            (
                "",
                N_(
                    "It is much harder than Yukon: the solver wins only about one deal in "
                    "twenty. With “Winnable deals only” on, you get only those."
                ),
            ),
        ],
    ),
    (
        N_("Alaska"),
        [
            (
                "",
                N_(
                    "A card goes on the last card of a column if that card is one rank higher "
                    "or one rank lower and of the same suit: the 7♥ on the 8♥ or on the 6♥. "
                    "So a King may lie on its Queen, and a 2 on its Ace."
                ),
            ),
            ("", _SAME_AS_YUKON),
        ],
    ),
    (
        N_("Moosehide"),
        [
            (
                "",
                N_(
                    "A card goes on the last card of a column if that card is one rank higher "
                    "and of any other suit: the 7♥ on the 8♠, the 8♦ or the 8♣, never on the "
                    "8♥."
                ),
            ),
            ("", _SAME_AS_YUKON),
        ],
    ),
    (
        N_("Features of this game"),
        [
            (
                "",
                N_("These features belong to this game; other versions of Yukon work differently."),
            ),
            (
                "",
                N_(
                    "No automation: no card ever moves to a foundation by itself and the game "
                    "never finishes by itself; you place every card, the last one too."
                ),
            ),
            (N_("Tap"), N_("the last card of a column to send it to its foundation")),
            (
                N_("Double tap"),
                N_(
                    "a face-up card (the setting “Double click”, on by default): the game "
                    "looks for a place for it and the cards on it, first on the longest "
                    "column that takes them, then, for a King, an empty column"
                ),
            ),
            (
                N_("Drag"),
                N_(
                    "a face-up card with the cards on it and drop them on a column; a "
                    "single top card may also go on any foundation"
                ),
            ),
            (
                "",
                N_("A group holds at most 20 cards: a larger one cannot be moved at once."),
            ),
            (
                N_("Drag back"),
                N_(
                    "a foundation's top card onto a column, losing no points; putting it on "
                    "its foundation again earns another 10 points"
                ),
            ),
            (
                N_("Undo"),
                N_(
                    "the last 100 moves, one at a time: undo gives back the cards, which of "
                    "them are face up, and the score, but does not lower the move count"
                ),
            ),
            (
                N_("Placement help"),
                N_("on by default: while you drag, the places the cards may go are lit up"),
            ),
            (
                N_("Interactive rules"),
                N_("on by default: when a move is refused, the rule that forbids it is shown"),
            ),
            (
                N_("Automatic placement"),
                N_(
                    "off by default: cards released anywhere go to the column the game "
                    "chooses for them (as a double tap would)"
                ),
            ),
            (
                "",
                N_(
                    "Game code: every deal has a code such as YU1-C-AAAAAAB that gives "
                    "exactly the same deal with the same rules, on any computer. Type it in "
                    "the New game dialog to play the deal again; see the FAQ."
                ),
            ),
            (
                N_("Restart deal"),
                N_(
                    "press twice when the unfinished game would count as lost: the first press "
                    "says so"
                ),
            ),
        ],
    ),
    (
        N_("Scoring"),
        [
            (N_("0"), N_("the score starts at 0 and never goes below 0")),
            (N_("+10"), N_("for each card put on a foundation (again after taking it back)")),
            (N_("+5"), N_("for each face-down card turned over")),
            (
                N_("625"),
                N_(
                    "for a win without taking cards back: "
                    "52\u00a0×\u00a010\u00a0+\u00a021\u00a0×\u00a05"
                ),
            ),
            (
                N_("Best score"),
                N_(
                    "in Statistics: the most points one game earned, won or not. Each card "
                    "counts once: a card taken back from its foundation and put on it again "
                    "scores again on the bar, not in Statistics. A win's 625 is the most."
                ),
            ),
            ("", N_("The bar shows the score, the time, the moves and the game code.")),
        ],
    ),
    (
        N_("Help from the solver"),
        [
            (
                N_("Hint"),
                N_(
                    "the next move of a winning line; when none is found in time, a sensible "
                    "move, marked as unproven"
                ),
            ),
            (N_("Redo"), N_("plays the last undone move again; a new move clears it")),
            (
                N_("Demo"),
                N_(
                    "the solver plays its winning line from here; any key or click stops it. "
                    "A game it finishes counts as played, not won, unless every card was "
                    "already face up"
                ),
            ),
            (N_("Finish"), N_("once every card is face up: the rest is played out, your win")),
            (
                N_("Verdict"),
                N_(
                    "with the setting “Show whether the game can still be won” on, the info "
                    "bar gives the answer after every move"
                ),
            ),
        ],
    ),
    (N_("Keyboard"), help_rows()),
    (
        N_("Playing by ear"),
        [
            (
                "",
                N_(
                    "Yukon says every step through your screen reader (NVDA, JAWS, Narrator, "
                    "VoiceOver, Orca) or, with none running, through the system's speech engine. "
                    "Speech is Automatic at first: on while a screen reader runs. Settings, Sound "
                    "page: Speech Off, On or Automatic; or start the game with --speech on."
                ),
            ),
            (
                "",
                N_(
                    "Left and Right walk the columns and the foundations; each step says the "
                    "column, the card under the cursor, how many cards are face up from it and "
                    "how many face down. Up and Down choose a deeper card. Space picks the cards "
                    "up and, on another column, puts them down: you hear the cards moved, a card "
                    "turned over and the points, or why the move is refused."
                ),
            ),
            (
                "",
                N_(
                    "T says the whole table column by column, G the foundations, I the score, "
                    "time and moves, C the game code letter by letter, R the last words again. "
                    "H says a hint; Ctrl+Z and Ctrl+Y say what they undid and redid. Every dialog "
                    "says its title, its text and the control in focus."
                ),
            ),
        ],
    ),
    (
        N_("In dialogs"),
        [
            (N_("Tab, Shift+Tab"), N_("move to the next or the previous button or option")),
            (
                N_("Space, Enter"),
                N_(
                    "press the button or tick the option in focus; Enter with nothing in focus "
                    "presses the main button (Deal, Done…)"
                ),
            ),
            (N_("Left, Right"), N_("step through a row of choices (table colour, volume…)")),
            (N_("Esc"), N_("close the dialog")),
            (N_("Ctrl+V, Ctrl+A"), N_("paste a game code, clear the code field")),
            (N_("Left, Right"), N_("move in the code field; Home, End, Delete too")),
            (
                N_("Up, Down"),
                N_(
                    "scroll this help; Page Up, Page Down, Home, End and the mouse wheel too; "
                    "F1 closes it"
                ),
            ),
            (N_("E, Q"), N_("in Help: open the Examples page; switch to the FAQ and back")),
            (
                N_("Left, Right, R"),
                N_(
                    "on the Examples page and in a replay: a step back or forward (hold to "
                    "repeat); R plays from the start, Space plays or pauses, Home and End go "
                    "to the first or last step"
                ),
            ),
        ],
    ),
    (
        N_("Whole games"),
        [
            (
                N_("Copy game"),
                N_(
                    "in the New game dialog: the whole game as one line, its code and then "
                    "every move (7:1>3 moves one card from column 7 to column 3), every undo "
                    "and every redo. Paste it into the code field and Deal plays on from "
                    "where the game stopped."
                ),
            ),
            (
                N_("Watch replay"),
                N_(
                    "in the New game dialog and the win screen: the last game finished, or a "
                    "pasted one, move by move with its move number and score; Back, Next and "
                    "Play (Left, Right, Space) as on the Examples page."
                ),
            ),
            (
                N_("L"),
                N_(
                    "during a game: if it cannot be won any more, the solver looks back "
                    "through the game and names the move after which it could no longer be "
                    "won. If undo reaches that far, the Go back there button undoes every "
                    "move since; if the solver cannot tell which move it was, it names the "
                    "few moves it could be. If the game can still be won, it says so and "
                    "offers a hint."
                ),
            ),
            (
                N_("Deal of the day"),
                N_(
                    "in the New game dialog: one Classic deal a day, the same for every "
                    "player, proven winnable. Statistics counts the days played and won and "
                    "the current daily streak."
                ),
            ),
        ],
    ),
]


# The section each game's rules begin at; Yukon's (both rule sets) begin the page.
_GAME_SECTIONS = {
    Rules.RELAXED: "Rule sets",  # where Relaxed is told apart from Classic
    Rules.RUSSIAN: "Russian Solitaire",
    Rules.ALASKA: "Alaska",
    Rules.MOOSEHIDE: "Moosehide",
}


def rules_section(rules: Rules) -> int:
    """Where Help opens for a game of ``rules``: the index of the section
    its rules begin at (0, the top, for Yukon Classic; Relaxed opens
    where it is told apart from Classic).

    >>> SECTIONS[rules_section(Rules.ALASKA)][0]
    'Alaska'
    >>> rules_section(Rules.CLASSIC), SECTIONS[rules_section(Rules.RELAXED)][0]
    (0, 'Rule sets')
    """
    heading = _GAME_SECTIONS.get(rules)
    return 0 if heading is None else [h for h, _ in SECTIONS].index(heading)


def page_sections(tr: Translator, *, faq: bool, folder: str) -> list[Section]:
    """Help's sections (the FAQ's with ``faq``) in the player's language;
    ``folder``: where the game keeps its files, which an answer names."""
    text = tr.gettext
    if not faq:
        return [
            (text(heading), [(text(left) if left else "", text(right)) for left, right in rows])
            for heading, rows in SECTIONS
        ]
    return [
        (text(question), [("", text(answer).format(folder=folder))]) for question, answer in FAQ
    ]
