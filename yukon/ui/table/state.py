"""What the table shows besides the engine's game: the board's view state.

The layout, the card sprites, the info bar, the keyboard cursor, the
gesture detectors and what is lit up (hover, targets, a hint, a banner)
live here, with the geometry questions about them. The table's parts (the
pointer gestures, the play, the renderer) share one ``Board``; the game
itself stays the session's.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import pygame

from yukon.engine import Card, Game, Move, Pile
from yukon.persistence import Settings
from yukon.session import GameSession
from yukon.ui.art.faces import CardArt, CardStyle
from yukon.ui.art.felt import TABLE_COLOURS, table_background
from yukon.ui.key_repeat import KeyRepeat
from yukon.ui.table.celebration import Celebration
from yukon.ui.table.drags import Drag, DragController
from yukon.ui.table.info_bar import InfoBar
from yukon.ui.table.keyboard_cursor import KeyboardCursor
from yukon.ui.table.layout import Layout
from yukon.ui.table.sprites import DRAG_LAYER, PACES, CardSprites
from yukon.ui.table.taps import TapDetector


@dataclasses.dataclass
class Banner:
    """A short message at the bottom of the table (rule explanations)."""

    message: str
    until: float
    # Whether it speaks of the position (a rule, a hint): the next move or
    # undo ends it. Notices (say, a saving problem) stay their full time.
    about_position: bool = False


class Board:
    """The table's view state, kept in step with the session's game."""

    def __init__(self, session: GameSession, bar: InfoBar, size: tuple[int, int]) -> None:
        self.session = session
        self.bar = bar
        self.now = 0.0  # scene time in seconds, advanced only by the table's update(dt)
        self.dirty = True  # redraw everything next frame
        self.drag_moved = False  # only the dragged cards moved
        self.bar_dirty = False  # only the info bar changed (the clock)
        self.banner: Banner | None = None
        self.banner_box: pygame.Rect | None = None  # where the banner was drawn last
        self.pointer: tuple[int, int] | None = None  # None: not over the window
        self.highlights: list[int] = []  # piles lit up for the cards in hand
        self.hint: Move | None = None  # the hinted move, lit up until the next change
        self.hover: tuple[int, int] | None = None  # (pile, count) under the pointer
        self.celebration: Celebration | None = None
        # Seeds each celebration's random source; None (play) draws a fresh one.
        self.celebration_seed: int | None = None
        # A win with animations off: the result shows at the next update.
        self.win_unshown = False
        self.drags = DragController()
        self.taps = TapDetector(session.settings.double_click)
        self.cursor = KeyboardCursor()
        # The cursor's outline shows from the first key press until the
        # mouse is used again: before that it would look like a selection.
        self.cursor_shown = False
        self.repeat = KeyRepeat()  # an arrow held down
        self.density = 1.0  # the screen's pixels per point (see ``set_size``)
        self.layout = self.fitted_layout(size)
        self.art = CardArt(self.layout.card_w, self.layout.card_h, card_style(session.settings))
        self.sprites = CardSprites(self.art)
        self.sprites.pace = PACES[session.settings.animation]
        self.background = table_background(self.layout.size, self.felt)

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def felt(self) -> tuple[int, int, int]:
        return TABLE_COLOURS[self.session.settings.table_colour]

    def fitted_layout(self, size: tuple[int, int]) -> Layout:
        """The layout for ``size``, with cards small enough for the longest column."""
        settings = self.session.settings
        return Layout.for_game(
            size, self.game, self.density, settings.large_indices, settings.left_handed
        )

    @property
    def in_hand(self) -> bool:
        """The pointer pressed or drags cards (a release will end it)."""
        return self.drags.active or self.drags.armed

    @property
    def busy(self) -> bool:
        """Cards are in hand (dragged or picked up with the keyboard): Esc
        puts them back rather than leaving full screen."""
        return self.drags.active or self.cursor.held is not None

    def note_input(self, event: pygame.event.Event) -> None:
        """A key shows the keyboard cursor; the mouse hides it again."""
        if event.type == pygame.KEYDOWN:
            shown = True
        elif event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            shown = False
        else:
            return
        if shown != self.cursor_shown:
            self.cursor_shown = shown
            self.dirty = True

    # ------------------------------------------------------------ changes

    def reset(self) -> None:
        """A new game: nothing aimed at the last one survives."""
        self.drags.cancel()
        self.taps.cancel()
        self.bar.cancel_press()  # a button pressed before the deal does not act on it
        self.cursor = KeyboardCursor()
        self.repeat = KeyRepeat()
        self.hover = None
        self.highlights = []
        self.hint = None
        self.banner = None
        self.celebration = None
        self.win_unshown = False
        self.refit()
        self.sprites = CardSprites(self.art)
        self.sprites.pace = PACES[self.session.settings.animation]
        self.sprites.sync(self.game, self.layout, animate=False)
        self.dirty = True

    def refit(self) -> None:
        """After a change of position: a column grown past what the table
        holds shrinks the cards, and they grow back once it is shorter."""
        layout = self.fitted_layout(self.layout.size)
        if layout != self.layout:
            self.layout = layout
            self.restyle()

    def restyle(self) -> None:
        """Card images and felt for the layout's card size and the settings'
        look, rebuilt only when one of them changed."""
        style = card_style(self.session.settings)
        if (self.art.width, self.art.height, self.art.style) != (
            self.layout.card_w,
            self.layout.card_h,
            style,
        ):
            self.art = CardArt(self.layout.card_w, self.layout.card_h, style)
            self.sprites.set_art(self.art)
        self.background = table_background(self.layout.size, self.felt)
        self.dirty = True

    def apply_settings(self, settings: Settings) -> None:
        """The look and pace of the cards, at once."""
        self.sprites.pace = PACES[settings.animation]
        if card_style(settings) != self.art.style or self.fitted_layout(self.layout.size) != (
            self.layout
        ):
            self.set_size(self.layout.size)
        self.background = table_background(self.layout.size, self.felt)
        self.dirty = True

    def set_size(self, size: tuple[int, int], density: float | None = None) -> None:
        """Lay the table out for a new window size (``density``: pixels per
        point, None: as before); card images are rendered at the new size
        once, never scaled per frame."""
        if density is not None:
            self.density = density
        self.layout = self.fitted_layout(size)
        self.restyle()
        self.bar.layout(self.layout.width, self.layout.bar_h)
        self.cancel_press()  # everything moved from under the pointer
        if self.celebration is not None:
            self.celebration.end()  # its trail was drawn for the old size
        self.sprites.sync(self.game, self.layout, animate=False)
        if self.cursor.held is not None:
            self.lift_held()
        self.dirty = True

    def show_banner(self, banner: Banner) -> None:
        self.banner = banner
        self.dirty = True

    def cancel_press(self) -> None:
        """Forget what the pointer is pressing: cards (sent home), a card
        about to be tapped, an info bar button (drawn unpressed again, and
        its action never runs). The release will not come here: a dialog
        takes the input, or the window lost focus or changed size."""
        self.taps.cancel_press()
        if self.in_hand:
            self.cancel_drag()
        if self.bar.cancel_press():
            self.dirty = True

    def cancel_drag(self) -> None:
        """The dragged or pressed cards go home."""
        self.drags.cancel()
        self.highlights = []
        self.dirty = True
        self.sprites.sync(self.game, self.layout, animate=True)

    def cancel_hold(self) -> None:
        """The cards held with the keyboard go back where they were."""
        held, self.cursor.held = self.cursor.held, None
        self.highlights = []
        if held is not None:  # the position may have changed since: go by the cards
            self.sprites.sync(self.game, self.layout, animate=True, moved=held.cards)
        self.dirty = True

    def send_home(self, cards: Sequence[Card]) -> None:
        """Cards in hand slide back to where the game has them."""
        self.sprites.sync(self.game, self.layout, animate=True, moved=tuple(cards))

    # ------------------------------------------------------------ geometry

    def pile_cards(self, pile: int, count: int) -> list[Card]:
        if Pile(pile).is_foundation:
            return [self.game.foundations[Pile(pile).suit][-1]]
        return list(self.game.tableau[pile].cards[-count:])

    def drop_target(self, drag: Drag) -> int | None:
        """The pile under the dragged cards: the one the lead card overlaps
        most (the engine reads any foundation as the card's own)."""
        lead = pygame.Rect(drag.lead_topleft, (self.layout.card_w, self.layout.card_h))
        best, best_area = None, 0
        for pile in Pile:
            clip = lead.clip(self.layout.drop_rect(pile))
            area = clip.w * clip.h
            if area > best_area:
                best, best_area = int(pile), area
        return best

    def group_rect(self, cards: Sequence[Card]) -> pygame.Rect:
        """The area from the first card of a column group to its last one,
        where the cards are headed (not where an animation has them now)."""
        first = self.sprites.by_card[cards[0]].target
        last = self.sprites.by_card[cards[-1]].target
        top, bottom = round(first[1]), round(last[1]) + self.layout.card_h
        return pygame.Rect(round(first[0]), top, self.layout.card_w, bottom - top)

    def cursor_rect(self) -> pygame.Rect:
        """What the keyboard cursor outlines: the selected card and every
        card on it, or, while cards are held, the card they would go on."""
        layout = self.layout
        pile = self.cursor.pile
        if Pile(pile).is_foundation:
            return layout.pile_rect(pile)
        column = self.game.tableau[pile]
        cards = column.cards
        held = self.cursor.held
        if held is not None:
            if held.src == pile:
                cards = cards[: -held.count]
            depth = 1
        else:
            depth = max(1, min(self.cursor.depth, len(cards) - column.face_down))
        if not cards:
            return layout.pile_rect(pile)
        return self.group_rect(cards[-depth:])

    def over_banner(self, point: tuple[int, int] | None) -> bool:
        """Whether ``point`` (None: off the window) is on the banner drawn
        last: it then fades, so it never hides the end of a long column."""
        box = self.banner_box
        return point is not None and box is not None and bool(box.collidepoint(point))

    @property
    def banner_faded(self) -> bool:
        """The pointer, or cards it drags, are over the banner: it fades."""
        box = self.banner_box
        if box is None:
            return False
        drag = self.drags.drag
        dragged_over = (
            self.drags.active and drag is not None and box.colliderect(self.group_area(drag.cards))
        )
        return dragged_over or self.over_banner(self.pointer)

    def group_area(self, cards: Sequence[Card]) -> pygame.Rect:
        """Where ``cards`` are drawn now, first to last."""
        first, last = self.sprites.by_card[cards[0]], self.sprites.by_card[cards[-1]]
        size = (self.layout.card_w, self.layout.card_h)
        return pygame.Rect((round(first.x), round(first.y)), size).union(
            pygame.Rect((round(last.x), round(last.y)), size)
        )

    def banner_busy(self) -> list[pygame.Rect]:
        """What a banner must not cover: each column's face-up cards (an
        empty column's slot, where a King may go) and the foundations."""
        layout, game = self.layout, self.game
        rects = layout.card_rects(game)
        busy = [layout.pile_rect(pile) for pile in Pile if Pile(pile).is_foundation]
        for col, column in enumerate(game.tableau):
            up = column.cards[column.face_down :]
            if not up:
                busy.append(layout.pile_rect(col))
                continue
            busy.append(rects[up[0]][0].union(rects[up[-1]][0]))
        return busy

    # ------------------------------------------------------------ cards in hand

    def mark_covered(self) -> None:
        """Compact faces for the cards covered now (see ``CardSprites.mark_covered``)."""
        if self.drags.drag is not None:
            lifted = frozenset(self.drags.drag.cards)
        elif self.cursor.held is not None:
            lifted = frozenset(self.cursor.held.cards)
        else:
            lifted = frozenset()
        self.sprites.mark_covered(self.game, self.layout, lifted)

    def lift_held(self) -> None:
        """The cards picked up with the keyboard rise above the others."""
        if self.cursor.held is None:
            return
        self.sprites.raise_to(list(self.cursor.held.cards), DRAG_LAYER)
        self.mark_covered()
        self.show_held()

    def show_held(self) -> None:
        """Float the held cards over the pile the cursor is on."""
        held = self.cursor.held
        if held is None:
            return
        cards = held.cards
        layout = self.layout
        lift_x, lift_y = round(layout.card_w * 0.10), round(layout.card_h * 0.06)
        homes = layout.card_rects(self.game)
        pile = self.cursor.pile
        if pile == held.src:
            x, y = homes[cards[0]][0].topleft
        elif Pile(pile).is_column and self.game.tableau[pile].cards:
            top = homes[self.game.tableau[pile].cards[-1]][0]
            x, y = top.x, top.y + round(layout.card_h * 0.31)
        else:
            x, y = layout.pile_rect(pile).topleft
        y = min(y, layout.bottom - layout.card_h)  # over a long column: still on screen
        lead_home = homes[cards[0]][0]
        for card in cards:
            home = homes[card][0]
            self.sprites.by_card[card].slide_to(
                x + lift_x + home.x - lead_home.x, y - lift_y + home.y - lead_home.y, 0.09
            )
            self.sprites.moving.add(self.sprites.by_card[card])


def card_style(settings: Settings) -> CardStyle:
    """The look of the cards the settings ask for."""
    return CardStyle(settings.card_back, settings.four_colour, settings.large_indices)
