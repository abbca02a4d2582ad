"""What the table shows besides the engine's game: the table's view state.

The layout, the card sprites, the info bar, the keyboard cursor, the
gesture detectors and what is lit up (hover, targets, a hint, a banner)
live here, with the geometry questions about them. The table's parts (the
pointer gestures, the play, the renderer) share one ``TableState`` and
change it only through its methods (select, lift, drop, show a banner,
start a celebration...), each of which marks what changed; the renderer
asks for those marks (``take_changes``). The game itself stays the
session's.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING, Any, Generic, TypeVar, cast

import pygame

from yukon.engine import Card, Game, Move, Pile
from yukon.persistence import Settings
from yukon.session.game_session import GameSession
from yukon.ui import theme
from yukon.ui.art.faces import CardArt, CardStyle, card_style
from yukon.ui.art.felt import TABLE_COLOURS, Felt
from yukon.ui.art.kept_art import ArtShelf
from yukon.ui.cards.layout import Layout
from yukon.ui.cards.sprites import DRAG_LAYER, PACES, CardSprites
from yukon.ui.chrome_colours import Palette
from yukon.ui.key_repeat import KeyRepeat
from yukon.ui.keymap import steers_cursor
from yukon.ui.shell.scene import Changed, Changes
from yukon.ui.table.drags import Drag, DragController
from yukon.ui.table.geometry import group_area, held_spots
from yukon.ui.table.info_bar import InfoBar
from yukon.ui.table.keyboard_cursor import Held, KeyboardCursor
from yukon.ui.table.taps import Tap, TapDetector

if TYPE_CHECKING:  # loaded with the first win
    from yukon.ui.table.celebration import Celebration


@dataclasses.dataclass
class Banner:
    """A short message at the bottom of the table (rule explanations)."""

    message: str
    until: float
    # Whether it speaks of the position (a rule, a hint): the next move or
    # undo ends it. Notices (say, a saving problem) stay their full time.
    about_position: bool = False


T = TypeVar("T")


class ReadOnly(Generic[T]):
    """A field every part of the table reads and only its owner writes,
    as ``_name``: assigning it from outside raises."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.private = f"_{name}"

    def __get__(self, instance: object, owner: type | None = None) -> T:
        return cast(T, getattr(instance, self.private))

    def __set__(self, instance: object, value: T) -> None:
        raise AttributeError(f"{self.private[1:]} changes through the table state's methods")


class TableState:
    """The table's view state, kept in step with the session's game.

    Its parts (the session, the info bar, the drag and tap detectors, the
    felt) are fixed for its life; everything else is read through properties and
    changed through methods, which mark what must be drawn again.
    """

    def __init__(self, session: GameSession, bar: InfoBar, size: tuple[int, int]) -> None:
        self.session = session
        self.bar = bar
        self.drags = DragController()
        self.taps = TapDetector(double_enabled=session.settings.double_click)
        self._now = 0.0
        self._changes = Changes()
        self._banner: Banner | None = None
        self._banner_box: pygame.Rect | None = None
        self._pointer: tuple[int, int] | None = None
        self._highlights: tuple[Pile, ...] = ()
        self._hint: Move | None = None
        self._hover: tuple[Pile, int] | None = None
        self._celebration: Celebration | None = None
        self._celebration_seed: int | None = None
        # A win with animations off: the result shows at the next update.
        self._win_unshown = False
        self._cursor = KeyboardCursor()
        # The cursor's outline shows from the first key press until the
        # mouse is used again: before that it would look like a selection.
        self._cursor_shown = False
        self._repeat = KeyRepeat()
        self._density = 1.0
        self._layout = self.fitted_layout(size)
        self._art = _table_art(self.layout, card_style(session.settings))
        self._sprites = CardSprites(self._art)
        self._sprites.pace = PACES[session.settings.animation]
        self.felt_layer = Felt(self.layout.size, self.felt)  # following the table's

    # ------------------------------------------------------------ what it shows

    @property
    def game(self) -> Game:
        return self.session.game

    # What it shows: read by the table's parts, changed only by the methods below.
    now = ReadOnly[float]()  # scene time in seconds (see ``advance``)
    layout = ReadOnly[Layout]()
    art = ReadOnly[CardArt]()
    sprites = ReadOnly[CardSprites]()
    density = ReadOnly[float]()  # the screen's pixels per point (see ``set_size``)
    cursor = ReadOnly[KeyboardCursor]()
    cursor_shown = ReadOnly[bool]()
    repeat = ReadOnly[KeyRepeat]()  # the arrow key held down, if any
    banner = ReadOnly[Banner | None]()
    banner_box = ReadOnly[pygame.Rect | None]()  # where the banner was drawn last
    pointer = ReadOnly[tuple[int, int] | None]()  # None: not over the window
    highlights = ReadOnly[tuple[Pile, ...]]()  # piles lit up for the cards in hand
    hint = ReadOnly[Move | None]()  # the hinted move, lit up until the next change
    hover = ReadOnly[tuple[Pile, int] | None]()  # (pile, count) a press would pick up
    celebration = ReadOnly["Celebration | None"]()

    # ------------------------------------------------------------ what changed

    @property
    def changes(self) -> Changed:
        """What must be drawn again (``Changed.NOTHING``: nothing)."""
        return self._changes.marked

    def take_changes(self) -> Changed:
        """What must be drawn again, forgotten as the renderer draws it."""
        return self._changes.take()

    def keep_art(self) -> bool:
        """Keep the card pictures drawn this run for the next start (see
        ``CardArt.keep``); whether there was anything to keep."""
        return self._art.keep()

    def redraw(self) -> None:
        """Something drawn on the table changed: draw it all again."""
        self._changes.mark(Changed.ALL)

    def note_drag_moved(self) -> None:
        """The dragged cards moved, and nothing else."""
        self._changes.mark(Changed.DRAG)

    def note_bar_changed(self) -> None:
        """Only the info bar changed (its clock, the live verdict, a label)."""
        self._changes.mark(Changed.BAR)

    def advance(self, dt: float) -> None:
        """Scene time moves on by ``dt`` seconds."""
        self._now += dt

    @property
    def felt(self) -> tuple[int, int, int]:
        return TABLE_COLOURS[self.session.settings.table_colour]

    @property
    def palette(self) -> Palette:
        """The chrome's colours around the felt (the bar, the outlines)."""
        return theme.chrome_of(self.session.settings)

    def fitted_layout(self, size: tuple[int, int]) -> Layout:
        """The layout for ``size``, with cards small enough for the longest column."""
        settings = self.session.settings
        return Layout.for_game(
            size,
            self.game,
            self.density,
            large_index=settings.large_indices,
            left_handed=settings.left_handed,
        )

    @property
    def in_hand(self) -> bool:
        """The pointer pressed or drags cards (a release will end it)."""
        return self.drags.active or self.drags.armed

    def note_input(self, event: pygame.event.Event) -> None:
        """A key that steers the keyboard cursor shows it (and puts out the
        hover outline); the mouse hides it again; other keys change nothing."""
        if event.type == pygame.KEYDOWN and steers_cursor(event.key, event.mod):
            shown = True
        elif event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            shown = False
        else:
            return  # a shortcut (Ctrl+Z), a modifier alone, any other event
        if shown and self._hover is not None:
            self._hover = None  # one outline at a time: the keyboard's now
            self.redraw()
        if shown != self._cursor_shown:
            self._cursor_shown = shown
            self.redraw()

    # ------------------------------------------------------------ changes

    def reset(self) -> None:
        """A new game: nothing aimed at the last one survives."""
        self.drags.cancel()
        self.taps.cancel()
        self.bar.cancel_press()  # a button pressed before the deal does not act on it
        self._cursor = KeyboardCursor()
        self._repeat = KeyRepeat()
        self._hover = None
        self._highlights = ()
        self._hint = None
        self._banner = None
        self._celebration = None
        self._win_unshown = False
        self.refit()
        self._art.draw_places()  # before the faces (see ``draw_places``)
        self._sprites = CardSprites(self._art)
        self._sprites.pace = PACES[self.session.settings.animation]
        self._sprites.sync(self.game, self.layout, animate=False)
        self.redraw()

    def position_changed(self, moved: tuple[Card, ...]) -> None:
        """After a move or an undo: the hint, the hover and the lit targets
        are gone, as is a banner about the old position (it would mislead);
        the cursor stays on the table and the sprites follow the engine."""
        self._hint = None
        self._hover = None
        self._highlights = ()
        if self._banner is not None and self._banner.about_position:
            self._banner = None
        self.cursor.clamp(self.game)
        self.refit()
        self.sprites.sync(self.game, self.layout, animate=True, moved=moved)
        self.redraw()

    def refit(self) -> None:
        """After a change of position: a column grown past what the table
        holds shrinks the cards, and they grow back once it is shorter."""
        layout = self.fitted_layout(self.layout.size)
        if layout != self.layout:
            before = (self.art.width, self.art.height)
            self._layout = layout
            self.restyle()
            self.sprites.resize_from(before)  # the cards slide to their new size

    def restyle(self) -> None:
        """Card images and felt for the layout's card size and the settings'
        look, rebuilt only when one of them changed."""
        style = card_style(self.session.settings)
        if (self.art.width, self.art.height, self.art.style) != (
            self.layout.card_w,
            self.layout.card_h,
            style,
        ):
            self._art = _table_art(self.layout, style)
            self.sprites.set_art(self._art)
        self.felt_layer.follow(self.layout.size, self.felt)
        self.redraw()

    def apply_settings(self, settings: Settings) -> None:
        """Double taps, the look and pace of the cards, at once."""
        self.taps.double_enabled = settings.double_click
        if not settings.double_click:
            self.taps.cancel()
        self.sprites.pace = PACES[settings.animation]
        if card_style(settings) != self.art.style or self.fitted_layout(self.layout.size) != (
            self.layout
        ):
            self.set_size(self.layout.size)
        self.felt_layer.follow(self.layout.size, self.felt)
        self.redraw()

    def set_size(self, size: tuple[int, int], density: float | None = None) -> None:
        """Lay the table out for a new window size (``density``: pixels per
        point, None: as before); card images are rendered at the new size
        once, never scaled per frame."""
        if density is not None:
            self._density = density
        self._layout = self.fitted_layout(size)
        self.restyle()
        self.bar.layout(self.layout.width, self.layout.bar_h)
        self.cancel_press()  # everything moved from under the pointer
        if self.celebration is not None:
            self.celebration.end()  # its trail was drawn for the old size
        self.sprites.sync(self.game, self.layout, animate=False)
        if self.cursor.held is not None:
            self.lift_held()
        self.redraw()

    # ------------------------------------------------------------ messages and hints

    def show_banner(self, banner: Banner) -> None:
        self._banner = banner
        self.redraw()

    def hide_banner(self) -> None:
        self._banner = None
        self.redraw()

    def hide_position_banner(self) -> None:
        """A refusal or hint shown for the position goes (a notice stays)."""
        if self._banner is not None and self._banner.about_position:
            self._banner = None

    def expire_banner(self) -> None:
        """The banner goes once its time is up."""
        if self._banner is not None and self._now >= self._banner.until:
            self.hide_banner()

    def banner_drawn(self, box: pygame.Rect | None) -> None:
        """Where the renderer drew the banner (None: nowhere)."""
        self._banner_box = box

    def hide_hint(self) -> None:
        """The hint's outline goes (Esc)."""
        if self._hint is not None:
            self._hint = None
            self.redraw()

    def show_hint(self, move: Move) -> None:
        """Light up the hinted move; the keyboard cursor goes to its cards
        unless cards are held (Space then picks them up)."""
        self._hint = move
        if self.cursor.held is None:
            self.cursor.point_at(self.game, move.src, move.count)
        self.redraw()

    # ------------------------------------------------------------ the win

    def seed_celebrations(self, seed: int | None) -> None:
        """Every later celebration flies the same way (None: at random)."""
        self._celebration_seed = seed

    def celebrate_win(self) -> None:
        """The game is won: the cards leap off the foundations, or with
        animations off the still table, and the result at the next update."""
        if self.sprites.pace:
            self._celebration = _celebration(
                self.layout,
                self.art,
                self.game,
                self.felt_layer.picture,
                delay=0.35,
                seed=self._celebration_seed,
            )
        else:
            self._win_unshown = True

    def take_unshown_win(self) -> bool:
        """Whether a win with animations off waits for its result (asked once)."""
        unshown, self._win_unshown = self._win_unshown, False
        return unshown

    def end_celebration(self) -> None:
        """The show is over: the won table stays as it is."""
        self._celebration = None

    # ------------------------------------------------------------ the pointer

    def set_hover(self, hover: tuple[Pile, int] | None) -> None:
        """Outline what a press would pick up (redrawn only when it changes)."""
        if hover != self._hover:
            self._hover = hover
            self.redraw()

    def pointer_left(self, *, bar_lit: bool = False) -> None:
        """The pointer's next motion will not come here: the hover outline
        goes and a faded banner comes back (``bar_lit``: the info bar's
        hover highlight went too)."""
        lit = bar_lit or self._hover is not None or self.over_banner(self._pointer)
        self._hover = None
        self._pointer = None
        if lit:
            self.redraw()

    def light_targets(self, piles: Sequence[Pile]) -> None:
        """Light up where the cards in hand may go."""
        self._highlights = tuple(piles)
        self.redraw()

    def clear_targets(self) -> None:
        self._highlights = ()
        self.redraw()

    def cancel_press(self) -> None:
        """Forget what the pointer is pressing: cards (sent home), a card
        about to be tapped, an info bar button (drawn unpressed again, and
        its action never runs). The release will not come here: a dialog
        takes the input, or the window lost focus or changed size."""
        self.taps.cancel_press()
        if self.in_hand:
            self.cancel_drag()
        if self.bar.cancel_press():
            self.redraw()

    def cancel_drag(self) -> None:
        """The dragged or pressed cards go home."""
        self.drags.cancel()
        self._highlights = ()
        self.redraw()
        self.sprites.sync(self.game, self.layout, animate=True)

    def cancel_hold(self) -> None:
        """The cards held with the keyboard go back where they were."""
        held, self.cursor.held = self.cursor.held, None
        self._highlights = ()
        if held is not None:  # the position may have changed since: go by the cards
            self.sprites.sync(self.game, self.layout, animate=True, moved=held.cards)
        self.redraw()

    def hold(self, held: Held, targets: Sequence[Pile]) -> None:
        """Cards picked up with the keyboard: they rise, ``targets`` light up."""
        self.cursor.held = held
        self._highlights = tuple(targets)
        self.lift_held()
        self.redraw()

    def send_home(self, cards: Sequence[Card]) -> None:
        """Cards in hand slide back to where the game has them."""
        self.sprites.sync(self.game, self.layout, animate=True, moved=tuple(cards))

    # ------------------------------------------------------------ presses, drags and taps

    def press_cards(
        self, card: Card, pos: tuple[int, int], lift: tuple[Pile, int], cards: list[Card]
    ) -> None:
        """A press at ``pos`` on ``card``, which would ``lift`` (a pile and
        a count) ``cards``: a tap when released, a drag once it moves."""
        src, count = lift
        lead = self.sprites.by_card[card]
        self.taps.press(card, pos)
        self.drags.press(pos, src, count, cards, (round(lead.x), round(lead.y)))

    def pointer_moved(self, pos: tuple[int, int]) -> Drag | None:
        """The pointer is at ``pos`` now (a press moved far enough is no
        tap); the drag, when it starts on this motion."""
        self.taps.moved(pos)
        self._pointer = pos
        return self.drags.motion(pos)

    def lift_dragged(self, cards: list[Card]) -> None:
        """A drag starts: no tap waits any longer, the cards rise above the
        others and the card they lay on shows whole."""
        self.sprites.raise_to(cards, DRAG_LAYER)
        self.mark_covered()

    def place_dragged(self, drag: Drag, offsets: Sequence[tuple[int, int]]) -> None:
        """The dragged cards follow the pointer, each at its offset from the lead."""
        x, y = drag.lead_topleft
        for card, (dx, dy) in zip(drag.cards, offsets, strict=True):
            self.sprites.by_card[card].place(x + dx, y + dy)

    def release_drag(self, pos: tuple[int, int]) -> Drag | None:
        """The pointer let go at ``pos``: the drag it ends (None: no drag)."""
        return self.drags.release(pos)

    def release_tap(self, pos: tuple[int, int]) -> list[Tap]:
        """The taps a release at ``pos`` (no drag) makes now."""
        return self.taps.release(pos, self.now)

    def due_taps(self) -> list[Tap]:
        """The taps whose double-tap window has passed."""
        return self.taps.poll(self.now)

    def cancel_taps(self) -> None:
        """No tap waiting or pressed acts any more."""
        self.taps.cancel()

    # ------------------------------------------------------------ keys and the cursor

    def press_key(self, key: Hashable) -> None:
        """An arrow key is held down: it steps on by itself (see ``KeyRepeat``)."""
        self.repeat.press(key, self.now)

    def release_key(self, key: Hashable) -> None:
        self.repeat.release(key)

    def stop_repeat(self) -> None:
        """No held key steps on any more."""
        self.repeat.stop()

    def repeat_due(self) -> bool:
        """Whether the key held down steps on now."""
        return self.repeat.due(self.now) is not None

    def move_cursor(self, step: Callable[[KeyboardCursor, Game], object]) -> None:
        """The keyboard cursor takes ``step`` (say ``KeyboardCursor.left``);
        the cards in hand follow it."""
        step(self.cursor, self.game)
        self.show_held()
        self.redraw()

    def point_cursor_at(self, pile: Pile, count: int) -> None:
        """The keyboard cursor on the top ``count`` cards of ``pile``."""
        self.cursor.point_at(self.game, pile, count)
        self.redraw()

    # ------------------------------------------------------------ moving cards

    def move_sprites(self, dt: float) -> None:
        """The cards slide on by ``dt`` seconds; once they land, their
        layers settle and the cards they now cover show compact faces."""
        was_animating = self.sprites.animating
        self.sprites.update(dt)
        if not was_animating:
            return
        self.redraw()
        if not self.sprites.animating:
            self.sprites.settle_layers()
            self.mark_covered()

    def sync_sprites(self) -> None:
        """Every card slides to where the game has it."""
        self.sprites.sync(self.game, self.layout, animate=True)

    def advance_celebration(self, dt: float) -> bool:
        """The celebration flies on by ``dt``; True once, when its result
        should show. Once it is over the won table stays as it is."""
        celebration = self._celebration
        if celebration is None:
            return False
        celebration.update(dt)
        self.redraw()
        show = celebration.done_showing and not celebration.result_shown
        if show:
            celebration.result_shown = True
        if celebration.over:
            self.end_celebration()
        return show

    def finish_celebration(self) -> None:
        """A press or a key while the cards fly: they land at once."""
        if self._celebration is not None and self._celebration.running:
            self._celebration.finish()
            self.redraw()

    # ------------------------------------------------------------ the banner's place

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
            self.drags.active
            and drag is not None
            and box.colliderect(group_area(self.layout, self.sprites, drag.cards))
        )
        return dragged_over or self.over_banner(self.pointer)

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
        for card, (x, y) in held_spots(self.layout, self.game, self.cursor).items():
            self.sprites.by_card[card].slide_to(x, y, 0.09)
            self.sprites.moving.add(self.sprites.by_card[card])


def _celebration(*args: Any, **kwargs: Any) -> Celebration:
    """A celebration, its module loaded with the first win."""
    from yukon.ui.table.celebration import Celebration

    return Celebration(*args, **kwargs)


def _table_art(layout: Layout, style: CardStyle) -> CardArt:
    """The table's card art, with the pictures an earlier run kept."""
    size = (layout.card_w, layout.card_h)
    return CardArt(*size, style, ArtShelf.for_table(size, style))
