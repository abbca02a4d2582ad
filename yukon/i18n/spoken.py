"""Cards, piles and text as they are spoken: every card in full words.

What the screen shows with suit signs and indices ("7♥", "Q♠") a speech
engine would read out as "seven black heart suit" or not at all, so speech
names the cards in words from the catalogue: "seven of hearts", "hertta
seitsemän", "hjärter sju". ``spoken`` puts any text the game shows into
such words, so a hint or a refusal is spoken as it is shown.

>>> from yukon.engine import Card
>>> fi, sv = Translator(Language.FINNISH), Translator(Language.SWEDISH)
>>> en = Translator(Language.ENGLISH)
>>> seven = Card.parse("7H")
>>> card_name(en, seven), card_name(fi, seven), card_name(sv, seven)
('seven of hearts', 'hertta seitsemän', 'hjärter sju')
>>> spoken(fi, "4♦ sopii vain Q♠:n päälle.")
'ruutu neljä sopii vain pata kuningattaren päälle.'
>>> spoken(en, "The 10♣ needs a red Jack."), spoken(sv, "Ruter: ♦")
('The ten of clubs needs a red Jack.', 'Ruter: ruter')
"""

from __future__ import annotations

import re

from yukon.engine import Card, Pile, Suit
from yukon.i18n.languages import Language
from yukon.i18n.translator import NP_, Translator

SUIT_CONTEXT = "a suit's name, spoken"
RANK_CONTEXT = "a card's rank, spoken"
GENITIVE_CONTEXT = "a card's rank, spoken, in the genitive"
CARD_CONTEXT = "a card's name, spoken"

_SUITS = {
    Suit.SPADES: NP_("a suit's name, spoken", "spades"),
    Suit.HEARTS: NP_("a suit's name, spoken", "hearts"),
    Suit.DIAMONDS: NP_("a suit's name, spoken", "diamonds"),
    Suit.CLUBS: NP_("a suit's name, spoken", "clubs"),
}
_RANKS = (
    NP_("a card's rank, spoken", "ace"),
    NP_("a card's rank, spoken", "two"),
    NP_("a card's rank, spoken", "three"),
    NP_("a card's rank, spoken", "four"),
    NP_("a card's rank, spoken", "five"),
    NP_("a card's rank, spoken", "six"),
    NP_("a card's rank, spoken", "seven"),
    NP_("a card's rank, spoken", "eight"),
    NP_("a card's rank, spoken", "nine"),
    NP_("a card's rank, spoken", "ten"),
    NP_("a card's rank, spoken", "jack"),
    NP_("a card's rank, spoken", "queen"),
    NP_("a card's rank, spoken", "king"),
)
# The rank in the form the Finnish texts write as "Q♠:n" ("pata
# kuningattaren"); English and Swedish say the rank as it is.
_GENITIVE_RANKS = (
    NP_("a card's rank, spoken, in the genitive", "ace"),
    NP_("a card's rank, spoken, in the genitive", "two"),
    NP_("a card's rank, spoken, in the genitive", "three"),
    NP_("a card's rank, spoken, in the genitive", "four"),
    NP_("a card's rank, spoken, in the genitive", "five"),
    NP_("a card's rank, spoken, in the genitive", "six"),
    NP_("a card's rank, spoken, in the genitive", "seven"),
    NP_("a card's rank, spoken, in the genitive", "eight"),
    NP_("a card's rank, spoken, in the genitive", "nine"),
    NP_("a card's rank, spoken, in the genitive", "ten"),
    NP_("a card's rank, spoken, in the genitive", "jack"),
    NP_("a card's rank, spoken, in the genitive", "queen"),
    NP_("a card's rank, spoken, in the genitive", "king"),
)
_CARD = NP_("a card's name, spoken", "{rank} of {suit}")
_FOUNDATIONS = {
    Suit.SPADES: NP_("a pile's name, spoken", "spades foundation"),
    Suit.HEARTS: NP_("a pile's name, spoken", "hearts foundation"),
    Suit.DIAMONDS: NP_("a pile's name, spoken", "diamonds foundation"),
    Suit.CLUBS: NP_("a pile's name, spoken", "clubs foundation"),
}
_COLUMN = NP_("a pile's name, spoken", "column {column}")

# A card's label as the texts write it (10♦, Q♥), with the Finnish
# genitive ending a text may put after it; a suit sign alone.
# Compiled when first used (``re`` keeps them): speech only.
_LABEL = r"(?<![\w:])(10|[2-9AJQK])([♠♥♦♣])(:n\b)?"
_SIGN = r"[♠♥♦♣]"
_INDEX_RANKS = {"A": 1, "J": 11, "Q": 12, "K": 13}


def suit_name(tr: Translator, suit: Suit) -> str:
    """The suit in words ("hearts", "hertta", "hjärter")."""
    return tr.pgettext(SUIT_CONTEXT, _SUITS[suit])


def card_name(tr: Translator, card: Card, *, genitive: bool = False) -> str:
    """The card in full words, as a player says it."""
    ranks = _GENITIVE_RANKS if genitive else _RANKS
    context = GENITIVE_CONTEXT if genitive else RANK_CONTEXT
    rank = tr.pgettext(context, ranks[card.rank - 1])
    return tr.pgettext(CARD_CONTEXT, _CARD).format(rank=rank, suit=suit_name(tr, card.suit))


def pile_name(tr: Translator, pile: Pile) -> str:
    """A column by its number, a foundation by its suit."""
    if pile.is_foundation:
        return tr.pgettext("a pile's name, spoken", _FOUNDATIONS[pile.suit])
    return tr.pgettext("a pile's name, spoken", _COLUMN).format(column=int(pile) + 1)


def capitalised(text: str) -> str:
    """``text`` as a sentence begins: with a capital. A card's or a pile's
    name is lower case within a sentence ("to column 2", "sarakkeeseen 2"),
    and in Finnish and Swedish a move's sentence starts with the card.

    >>> capitalised("pata kuningas kotipinoonsa.")
    'Pata kuningas kotipinoonsa.'
    """
    return text[:1].upper() + text[1:]


def sentences(parts: list[str]) -> str:
    """``parts``, sentences each, said as one utterance: each begins with
    a capital (see ``capitalised``)."""
    return " ".join(capitalised(part) for part in parts)


def spoken(tr: Translator, text: str) -> str:
    """``text`` with every card label and suit sign in words."""

    def card(match: re.Match[str]) -> str:
        index, sign, ending = match.groups()
        rank = _INDEX_RANKS.get(index) or int(index)
        made = Card(rank, Suit("♠♥♦♣".index(sign)))
        return card_name(tr, made, genitive=bool(ending) and tr.language is Language.FINNISH)

    text = re.sub(_LABEL, card, text)
    return re.sub(_SIGN, lambda match: suit_name(tr, Suit("♠♥♦♣".index(match.group()))), text)
