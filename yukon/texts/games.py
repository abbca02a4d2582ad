"""The games the New Game dialog offers, their names and how each builds,
in the game's words (catalogue messages, translated where they are shown).

Yukon has two rule options (Classic, Relaxed); Russian Solitaire, Alaska
and Moosehide are games of their own with one rule set each (``Rules``).

>>> [game.value for game in GAMES]
['C', 'U', 'A', 'M']
>>> [rules.value for rules in options(Rules.RELAXED)]
['C', 'R']
"""

from __future__ import annotations

from yukon.engine import Rules
from yukon.i18n.translator import N_

# Each game by its first rule set: Yukon by Classic.
GAMES: tuple[Rules, ...] = (Rules.CLASSIC, Rules.RUSSIAN, Rules.ALASKA, Rules.MOOSEHIDE)

GAME_NAMES = {
    Rules.CLASSIC: N_("Yukon"),
    Rules.RELAXED: N_("Yukon"),
    Rules.RUSSIAN: N_("Russian Solitaire"),
    Rules.ALASKA: N_("Alaska"),
    Rules.MOOSEHIDE: N_("Moosehide"),
}

# What the New Game dialog says under its choice.
BUILD_NOTES = {
    Rules.CLASSIC: N_("Build down in alternating colours (red on black)."),
    Rules.RELAXED: N_("Build down in any colour: only the rank matters."),
    Rules.RUSSIAN: N_("Build down in suit: a card on the next higher card of its suit."),
    Rules.ALASKA: N_("Build up or down in suit: on the next higher or lower card of its suit."),
    Rules.MOOSEHIDE: N_("Build down in any other suit: never on a card of its own suit."),
}

# Under the code field: what Deal will deal.
DEAL_MESSAGES = {
    Rules.CLASSIC: N_("Deal {deal} with Classic rules."),
    Rules.RELAXED: N_("Deal {deal} with Relaxed rules."),
    Rules.RUSSIAN: N_("Deal {deal} of Russian Solitaire."),
    Rules.ALASKA: N_("Deal {deal} of Alaska."),
    Rules.MOOSEHIDE: N_("Deal {deal} of Moosehide."),
}
RANDOM_MESSAGES = {
    Rules.CLASSIC: N_("Leave empty for a new random Classic deal."),
    Rules.RELAXED: N_("Leave empty for a new random Relaxed deal."),
    Rules.RUSSIAN: N_("Leave empty for a new random deal of Russian Solitaire."),
    Rules.ALASKA: N_("Leave empty for a new random deal of Alaska."),
    Rules.MOOSEHIDE: N_("Leave empty for a new random deal of Moosehide."),
}


def game_of(rules: Rules) -> Rules:
    """The game ``rules`` belongs to, by its first rule set (see ``GAMES``)."""
    return Rules.CLASSIC if rules.is_yukon else rules


def options(rules: Rules) -> tuple[Rules, ...]:
    """The rule sets of ``rules``'s game: Classic and Relaxed for Yukon."""
    return (Rules.CLASSIC, Rules.RELAXED) if rules.is_yukon else (rules,)
