"""Hand-built legal positions for tests."""

from __future__ import annotations

from yukon.engine import Card, Game, Rules, Suit

# Cards not otherwise placed go home so hand-built positions stay legal.
ALL = [str(c) for c in (Card(r, s) for s in Suit for r in range(1, 14))]


def layout(columns, face_down=None, rules=Rules.CLASSIC, foundations=None):
    """A legal position: ``columns`` as given, every other card in a spare
    column (face up) unless the foundations claim it."""
    used = {card for column in columns for card in column}
    found = list(foundations) if foundations is not None else [0, 0, 0, 0]
    home = {str(Card(r, s)) for s in Suit for r in range(1, found[s] + 1)}
    rest = [c for c in ALL if c not in used and c not in home]
    columns = [list(c) for c in columns] + [[] for _ in range(7 - len(columns))]
    # Park the rest in the last column(s), face down except the top card, so
    # they neither help nor hinder the cards under test.
    spare = 6
    while columns[spare] and spare > 0:
        spare -= 1
    aces = [c for c in rest if c[0] == "A"]
    if aces:  # an Ace on top accepts nothing, so the spare column stays inert
        rest.remove(aces[0])
        rest.append(aces[0])
    columns[spare] = rest
    down = list(face_down or [0] * 7) + [0] * (7 - len(face_down or []))
    down = down[:7]
    if rest:
        down[spare] = len(rest) - 1
    return Game.from_layout(columns, down, found, rules)


def almost_won() -> Game:
    """One move from the win: the K♠ alone in column 1, every other card home."""
    return Game.from_layout([["KS"], [], [], [], [], [], []], foundations=[12, 13, 13, 13])


def blocked_two() -> Game:
    """Lost: the 2♠ lies on the A♠ and both red 3s, all face down, in one column.

    The 2♠ can go neither home (its Ace is under it) nor on a red 3 (both are
    under it), and it is not a King, so nothing in column 1 can ever turn up.
    """
    spades = [f"{r}S" for r in "3456789TJQK"]
    hearts = [f"{r}H" for r in "456789TJQK"]
    diamonds = [f"{r}D" for r in "456789TJQK"]
    return Game.from_layout(
        [["3H", "3D", "AS", "2S"], spades, hearts, diamonds, [], [], []],
        face_down=[3, 0, 0, 0, 0, 0, 0],
        foundations=[0, 2, 2, 13],
    )
