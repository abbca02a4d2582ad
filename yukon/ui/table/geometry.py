"""Geometry questions about the table: which cards a pile offers, where
a group of cards lies, what a drop lands on, what a banner must not cover.

Pure functions of the engine's game, the layout and the sprites (the view
state passes its own), so they hold no state of their own.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from yukon.engine import Card, Game, Pile
from yukon.ui.cards.layout import Layout
from yukon.ui.cards.sprites import CardSprites
from yukon.ui.table.drags import Drag
from yukon.ui.table.keyboard_cursor import KeyboardCursor


def pile_cards(game: Game, pile: Pile, count: int) -> list[Card]:
    """The top ``count`` cards of ``pile`` (a foundation offers its top card)."""
    if pile.is_foundation:
        return [game.foundations[pile.suit][-1]]
    return list(game.tableau[pile].cards[-count:])


def drop_target(layout: Layout, drag: Drag) -> Pile | None:
    """The pile under the dragged cards: the one the lead card overlaps
    most (the engine reads any foundation as the card's own)."""
    lead = pygame.Rect(drag.lead_topleft, (layout.card_w, layout.card_h))
    best, best_area = None, 0
    for pile in Pile:
        clip = lead.clip(layout.drop_rect(pile))
        area = clip.w * clip.h
        if area > best_area:
            best, best_area = pile, area
    return best


def group_rect(layout: Layout, sprites: CardSprites, cards: Sequence[Card]) -> pygame.Rect:
    """The area from the first card of a column group to its last one,
    where the cards are headed (not where an animation has them now)."""
    first = sprites.by_card[cards[0]].target
    last = sprites.by_card[cards[-1]].target
    top, bottom = round(first[1]), round(last[1]) + layout.card_h
    return pygame.Rect(round(first[0]), top, layout.card_w, bottom - top)


def cursor_rect(
    layout: Layout, sprites: CardSprites, game: Game, cursor: KeyboardCursor
) -> pygame.Rect:
    """What the keyboard cursor outlines: the selected card and every
    card on it, or, while cards are held, the card they would go on."""
    pile = cursor.pile
    if pile.is_foundation:
        return layout.pile_rect(pile)
    column = game.tableau[pile]
    cards = column.cards
    held = cursor.held
    if held is not None:
        if held.src == pile:
            cards = cards[: -held.count]
        depth = 1
    else:
        depth = max(1, min(cursor.depth, len(cards) - column.face_down))
    if not cards:
        return layout.pile_rect(pile)
    return group_rect(layout, sprites, cards[-depth:])


def group_area(layout: Layout, sprites: CardSprites, cards: Sequence[Card]) -> pygame.Rect:
    """Where ``cards`` are drawn now, first to last."""
    first, last = sprites.by_card[cards[0]], sprites.by_card[cards[-1]]
    size = (layout.card_w, layout.card_h)
    return pygame.Rect((round(first.x), round(first.y)), size).union(
        pygame.Rect((round(last.x), round(last.y)), size)
    )


def banner_busy(layout: Layout, game: Game) -> list[pygame.Rect]:
    """What a banner must not cover: each column's face-up cards (an
    empty column's slot, where a King may go) and the foundations."""
    rects = layout.card_rects(game)
    busy = [layout.pile_rect(pile) for pile in Pile if pile.is_foundation]
    for col, column in enumerate(game.tableau):
        up = column.cards[column.face_down :]
        if not up:
            busy.append(layout.pile_rect(Pile.column(col)))
            continue
        busy.append(rects[up[0]][0].union(rects[up[-1]][0]))
    return busy


def held_spots(layout: Layout, game: Game, cursor: KeyboardCursor) -> dict[Card, tuple[int, int]]:
    """Where the cards held with the keyboard float: lifted a little over
    the pile the cursor is on, still on screen over a long column."""
    held = cursor.held
    if held is None:
        return {}
    cards = held.cards
    lift_x, lift_y = round(layout.card_w * 0.10), round(layout.card_h * 0.06)
    homes = layout.card_rects(game)
    pile = cursor.pile
    if pile == held.src:
        x, y = homes[cards[0]][0].topleft
    elif Pile(pile).is_column and game.tableau[pile].cards:
        top = homes[game.tableau[pile].cards[-1]][0]
        x, y = top.x, top.y + round(layout.card_h * 0.31)
    else:
        x, y = layout.pile_rect(pile).topleft
    y = min(y, layout.bottom - layout.card_h)  # over a long column: still on screen
    lead_home = homes[cards[0]][0]
    spots = {}
    for card in cards:
        home = homes[card][0]
        spots[card] = (x + lift_x + home.x - lead_home.x, y - lift_y + home.y - lead_home.y)
    return spots
