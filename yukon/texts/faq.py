"""The FAQ of the Help screen: questions players ask, answered in the
game's words (catalogue messages, translated where they are shown).

``{folder}`` in an answer stands for the folder the game keeps its files in.
"""

from __future__ import annotations

from yukon.i18n.translator import N_

FAQ: tuple[tuple[str, str], ...] = (
    (
        N_("What is a game code?"),
        N_(
            "Every deal has a code such as YU1-C-AAAAAAB. The same code gives the same cards "
            "with the same rules on any computer, now and in later versions of the game."
        ),
    ),
    (
        N_("How do I share or enter a code?"),
        N_(
            "The bar shows the code of the game in play, and the New game dialog has a button "
            "that copies it. To play a deal from its code, type or paste the code in the New "
            "game dialog and press Deal."
        ),
    ),
    (
        N_("What do C and R mean?"),
        N_(
            "The middle letter of a code is the rule set: C for Classic, R for Relaxed. The "
            "same deal letters give the same cards under both."
        ),
    ),
    (
        N_("What do U, A and M mean?"),
        N_(
            "They are the letters of the other games: U for Russian Solitaire, A for Alaska, "
            "M for Moosehide. The same deal letters give the same cards in every game."
        ),
    ),
    (
        N_("Why is Russian Solitaire lost so often?"),
        N_(
            "A card goes on only one card there, the next higher of its own suit. A card "
            "lying above a lower card of its suit may never get free: most deals cannot be "
            "won even from the start, and the solver can prove it."
        ),
    ),
    (
        N_("How does Alaska differ from Russian Solitaire?"),
        N_(
            "Alaska builds both ways in suit, up and down, so a card has two places to go "
            "instead of one, and far more deals can be won. Moosehide goes the other way: a "
            "card goes on any suit but its own."
        ),
    ),
    (
        N_("Why is a game never declared lost?"),
        N_(
            "Undo takes back up to the last 100 moves and nothing moves by itself, so the "
            "game leaves the decision to you: when you see no useful move, undo or deal a new "
            "game."
        ),
    ),
    (
        N_("Why is a clean win 625 points?"),
        N_(
            "Each of the 52 cards earns 10 points on its foundation and each of the 21 "
            "face-down cards 5 when it turns up: 520\u00a0+\u00a0105\u00a0=\u00a0625. A card "
            "taken back and put on its foundation again earns another 10 points, so such a win "
            "scores more."
        ),
    ),
    (
        N_("What does “Winnable deals only” guarantee?"),
        N_(
            "That the solver has proved the new deal can be won from the start. It does not "
            "play for you: a wrong move can still leave no way to win (then undo helps)."
        ),
    ),
    (
        N_("What does it mean when a hint finds no winning line?"),
        N_(
            "The solver searched from this position for a while and found no way to win. That "
            "is not a proof: the game may still be winnable. The hint then points to a "
            "sensible move and says it is not proven to win, in this order of preference: a "
            "move that turns a card over, a card to its foundation, a move that empties a "
            "column, a King moved to an empty column. Ask for a hint again and the solver "
            "searches again, for longer each time. When the solver proves there is no way, the "
            "hint says the game cannot be won from here."
        ),
    ),
    (
        N_("Does a game the demo finishes count as a win?"),
        N_(
            "Not when the demo started with cards still face down: the game then counts as "
            "played, not won, even if you stop the demo and play the last moves yourself. "
            "Once every card is face up, the demo only does what Finish does, and the win is "
            "yours."
        ),
    ),
    (
        N_("Does a copied game count in Statistics?"),
        N_(
            "No. A game pasted into the code field did not start at the deal with you, so "
            "Statistics counts it neither as played nor as won, however it ends; the game you "
            "leave for it counts as a loss, as for any new deal. Pasting the game in play, or "
            "a copy of it from earlier on, starts no new game: your own goes on and counts as "
            "before. Restart deal plays the same cards from the deal, counted as usual."
        ),
    ),
    (
        N_("Where does the game keep its files?"),
        N_(
            "In {folder}: settings.json, savegame.json and stats.json. A damaged file is kept "
            "beside them as a .bad file, and yukon.log records what went wrong. Set the "
            "YUKON_HOME environment variable to use another folder."
        ),
    ),
)
