"""The engine's refusals in the player's language.

The engine says *why* (a ``Refusal`` with its ``Reason`` and values); this
module picks the catalogue's sentence for it, whole, so every language can
order its words its own way.

>>> from yukon.engine import Card, Reason, Refusal
>>> from yukon.i18n.languages import Language
>>> refusal = Refusal(Reason.NEEDS_COLOUR, card=Card.parse("4D"), rank=5)
>>> explain(Translator(Language.ENGLISH), refusal)
'The 4♦ needs a black 5.'
>>> explain(Translator(Language.FINNISH), refusal)
'4♦ sopii vain mustan 5:n päälle.'
>>> explain(Translator(Language.SWEDISH), Refusal(Reason.NEEDS_RANK, card=Card.parse("7C"), rank=8))
'7♣ måste läggas på en 8:a.'
"""

from __future__ import annotations

from yukon.engine import Reason, Refusal, Suit
from yukon.i18n.sentences import Sentences
from yukon.i18n.translator import N_, NN_, NP_, Translator

_SENTENCES = {
    Reason.GAME_WON: N_("The game is won."),
    Reason.FACE_DOWN: N_("Only face-up cards can be picked up."),
    Reason.COLUMN_EMPTY: N_("Column {column} is empty."),
    Reason.KING_ONLY: N_("Only a King can be moved to an empty column."),
    Reason.KING_TO_EMPTY: N_("A King can only be moved to an empty column."),
    Reason.ALREADY_HOME: N_("The {card} is already on its foundation."),
    Reason.ACE_FIRST: N_(
        "Only an Ace can start a foundation; the {card} needs the {other} there first."
    ),
    Reason.FOLLOWS: N_("The {card} can only follow the {other} on its foundation."),
    Reason.ONE_TO_FOUNDATION: N_("Only one card at a time can go to a foundation."),
    Reason.NOTHING_TO_UNDO: N_("There is nothing to undo."),
    Reason.NEEDS_SUIT: N_("The {card} needs the {other}."),
    Reason.NEEDS_EITHER: N_("The {card} needs the {other} or the {second}."),
    Reason.NOTHING_TO_REDO: N_("There is nothing to redo."),
}

_COUNTED = {
    Reason.COLUMN_SHORT: NN_(
        "Column {column} has only {count} card.",
        "Column {column} has only {count} cards.",
    ),
    Reason.GROUP_TOO_BIG: NN_(
        "At most {count} card can be moved at once.",
        "At most {count} cards can be moved at once.",
    ),
    Reason.TOO_MANY: NN_(
        "{count} card cannot be moved at once.",
        "{count} cards cannot be moved at once.",
    ),
    Reason.UNDO_LIMIT: NN_(
        "Only the last {count} move can be undone.",
        "Only the last {count} moves can be undone.",
    ),
}

# One sentence per suit: a suit's name bends differently in each language.
_FOUNDATION_EMPTY = {
    Suit.SPADES: N_("The spades foundation is empty."),
    Suit.HEARTS: N_("The hearts foundation is empty."),
    Suit.DIAMONDS: N_("The diamonds foundation is empty."),
    Suit.CLUBS: N_("The clubs foundation is empty."),
}
_WRONG_FOUNDATION = {
    Suit.SPADES: N_("The {card} belongs on the spades foundation."),
    Suit.HEARTS: N_("The {card} belongs on the hearts foundation."),
    Suit.DIAMONDS: N_("The {card} belongs on the diamonds foundation."),
    Suit.CLUBS: N_("The {card} belongs on the clubs foundation."),
}

NEEDED_RANK_CONTEXT = "the rank a card needs under it"
# The rank a refused card needs under it (2 to King), in the form the
# "needs" sentences take: "5:n" / "jätkän" in Finnish, "5:a" / "knekt" in Swedish.
_NEEDED_RANKS = (
    None,
    None,
    NP_("the rank a card needs under it", "2"),
    NP_("the rank a card needs under it", "3"),
    NP_("the rank a card needs under it", "4"),
    NP_("the rank a card needs under it", "5"),
    NP_("the rank a card needs under it", "6"),
    NP_("the rank a card needs under it", "7"),
    NP_("the rank a card needs under it", "8"),
    NP_("the rank a card needs under it", "9"),
    NP_("the rank a card needs under it", "10"),
    NP_("the rank a card needs under it", "Jack"),
    NP_("the rank a card needs under it", "Queen"),
    NP_("the rank a card needs under it", "King"),
)


def needed_rank(tr: Translator, rank: int) -> str:
    """Rank ``rank`` (2-13) as the "needs a ..." sentences put it."""
    word = _NEEDED_RANKS[rank]
    if word is None:
        raise ValueError(f"rank {rank!r} is never needed under a card (2-13 are)")
    return tr.pgettext(NEEDED_RANK_CONTEXT, word)


def say(tr: Translator, message: str) -> str:
    """``message`` in ``tr``'s language: an engine refusal put into words, a
    catalogue message translated (each line of a notice on its own); text
    that is neither is shown as it is."""
    if isinstance(message, Refusal):
        return explain(tr, message)
    if isinstance(message, Sentences):
        return message.words(tr.gettext)
    return "\n".join(tr.gettext(line) for line in message.split("\n"))


def explain(tr: Translator, refusal: str) -> str:
    """``refusal`` as a sentence in ``tr``'s language; a plain string (not
    from the engine) is shown as it is."""
    if not isinstance(refusal, Refusal):
        return refusal
    reason = refusal.reason
    values: dict[str, object] = {
        "card": refusal.card.label if refusal.card else "",
        "other": refusal.other.label if refusal.other else "",
        "second": refusal.second.label if refusal.second else "",
        "column": refusal.column,
        "count": refusal.number,
    }
    if reason in (Reason.NEEDS_COLOUR, Reason.NEEDS_RANK, Reason.NEEDS_OTHER_SUIT):
        assert refusal.rank is not None
        values["rank"] = needed_rank(tr, refusal.rank)
        if reason is Reason.NEEDS_OTHER_SUIT:
            text = (
                tr.gettext("The {card} needs an {rank} of another suit.")
                if refusal.rank == 8
                else tr.gettext("The {card} needs a {rank} of another suit.")
            )
        elif reason is Reason.NEEDS_RANK:
            text = (
                tr.gettext("The {card} needs an {rank}.")
                if refusal.rank == 8
                else tr.gettext("The {card} needs a {rank}.")
            )
        elif refusal.colour == "black":
            text = tr.gettext("The {card} needs a black {rank}.")
        else:
            text = tr.gettext("The {card} needs a red {rank}.")
    elif reason is Reason.FOUNDATION_EMPTY:
        assert refusal.suit is not None
        text = tr.gettext(_FOUNDATION_EMPTY[refusal.suit])
    elif reason is Reason.WRONG_FOUNDATION:
        assert refusal.suit is not None
        text = tr.gettext(_WRONG_FOUNDATION[refusal.suit])
    elif reason in _COUNTED:
        singular, plural = _COUNTED[reason]
        text = tr.ngettext(singular, plural, refusal.number or 0)
    else:
        text = tr.gettext(_SENTENCES[reason])
    return text.format(**values)
