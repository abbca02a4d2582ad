"""The Help screen: every key and gesture, and the rules in the game's own words."""

from __future__ import annotations

import pygame

from yukon.faq import FAQ
from yukon.i18n import N_
from yukon.ui import theme
from yukon.ui.dialogs.base import PAGE_UNITS, Dialog
from yukon.ui.key_repeat import KeyRepeat
from yukon.ui.shell.scene import Host
from yukon.ui.table.keymap import help_rows
from yukon.ui.text_boxes import note
from yukon.ui.widgets import Button

# The other games of the family differ from Yukon only in how columns build.
_SAME_AS_YUKON = N_(
    "Everything else is as in Yukon: the same deal, any face-up card moves with the cards on "
    "it, only a King fills an empty column, and the foundations, take-backs and scoring."
)

# (heading, [(left, right)]): a row with an empty left is a paragraph. The
# rules come first, in the order of the app's own rules text; the keys after.
SECTIONS: list[tuple[str, list[tuple[str, str]]]] = [
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
                    "A card goes on the last card of a column that is one rank higher and of "
                    "the same suit: the 7♥ on the 8♥."
                ),
            ),
            ("", _SAME_AS_YUKON),
            (
                "",
                N_(
                    "It is much harder than Yukon: the solver wins only about one deal in "
                    "twenty. Winnable deals only deals just those."
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
                    "A card goes on the last card of a column that is one rank higher or one "
                    "rank lower and of the same suit: the 7♥ on the 8♥ or on the 6♥. So a King "
                    "may lie on its Queen, and a 2 on its Ace."
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
                    "A card goes on the last card of a column that is one rank higher and of "
                    "any other suit: the 7♥ on the 8♠, the 8♦ or the 8♣, never on the 8♥."
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
            (N_("625"), N_("for a win without taking cards back: 52 × 10 + 21 × 5")),
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
                    "move, said to be unproven"
                ),
            ),
            (N_("Redo"), N_("plays the move undone last again; a new move forgets it")),
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
                    "with the setting on, the info bar says whether the game can still be won "
                    "(worked out after every move)"
                ),
            ),
        ],
    ),
    (N_("Keyboard"), help_rows()),
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
                    "on the Examples page and in a replay: a step back or forward, on and on "
                    "while held; R plays from the start, Space plays or pauses, Home and End go "
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
                    "every move (7:1>3 moves one card from column 7 to column 3), every "
                    "undo and every redo. Pasted into the code field, Deal plays on from where "
                    "it was."
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
                    "when a hint says the game cannot be won: the solver looks back through "
                    "the game and names the move after which it could no longer be won. If "
                    "undo reaches that far, Go back there undoes the moves since; moves the "
                    "solver could not decide are named as such."
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


Section = tuple[str, list[tuple[str, str]]]


class HelpScreen(Dialog):
    """A scrolling page of help, or of the FAQ; Up/Down, Page Up/Down and
    the wheel scroll it. Its buttons (and E, Q) open the Examples and switch
    between the help and the FAQ."""

    title = N_("Help")
    width_units = PAGE_UNITS
    full_height = True

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        tr = self.tr
        self.faq = False  # showing the FAQ instead of the help
        self.faq_button = Button(lambda: tr.gettext("Help" if self.faq else "FAQ"), self.toggle_faq)
        self.buttons = [
            Button(lambda: tr.gettext("Examples"), self.open_examples),
            self.faq_button,
            Button(lambda: tr.gettext("Close"), self.close, primary=True),
        ]
        # Every text of the page, with its rect on the page (for --dump-layout).
        self.page_texts: list[tuple[str, pygame.Rect]] = []
        self.scroll = 0
        self.repeat = KeyRepeat()  # Up or Down held down scrolls on
        self.page: pygame.Surface | None = None
        self.view = pygame.Rect(0, 0, 0, 0)
        self._fade_strip: pygame.Surface | None = None
        self._fade_for = theme.palette().panel  # the panel colour it was drawn for

    def content_height(self) -> int:
        return 10_000  # as tall as the window allows; the page scrolls

    def layout_content(self, top: int) -> None:
        u = self.unit
        self.view = pygame.Rect(
            self.panel.x + u, top, self.panel.w - 2 * u, self.panel.bottom - round(u * 3.0) - top
        )
        self.page = self._render_page(max(1, self.view.w))
        self.scroll = max(0, min(self.scroll, self.max_scroll))

    def toggle_faq(self) -> None:
        self.faq = not self.faq
        self.title = N_("FAQ") if self.faq else N_("Help")
        self.scroll = 0
        self.resize(self.host.size)

    def open_examples(self) -> None:
        from yukon.ui.dialogs.examples import ExamplesScene

        self.host.push(ExamplesScene(self.host))

    def sections(self) -> list[Section]:
        """The page's sections in the player's language."""
        tr = self.tr.gettext
        if not self.faq:
            return [
                (tr(heading), [(tr(left) if left else "", tr(right)) for left, right in rows])
                for heading, rows in SECTIONS
            ]
        folder = str(self.session.store.directory)
        return [
            (tr(question), [("", tr(answer).format(folder=folder))]) for question, answer in FAQ
        ]

    @property
    def max_scroll(self) -> int:
        return max(0, (self.page.get_height() if self.page else 0) - self.view.h)

    def _render_page(self, width: int) -> pygame.Surface:
        from yukon.ui.dialogs.examples import SUIT_RED

        u = self.unit
        # Body text as large as a dialog's labels, in lines of under a
        # hundred characters; headings larger and bold, keys bold.
        size = round(u * theme.BODY)
        body = theme.font(size)

        def width_of(line: str) -> int:
            return body.size(line)[0]

        key_font = theme.font(size, bold=True)
        line_h = max(body.get_linesize(), body.size("ÅÄÖg")[1])  # accents stand taller
        sections = self.sections()
        widest = max(
            (key_font.size(left)[0] for _, rows in sections for left, _ in rows), default=0
        )
        # A long key name (a translation) wraps its description under it.
        left_w = min(widest, width // 3) + u
        blocks: list[tuple[int, pygame.Surface]] = []
        self.page_texts = []
        y = 0
        for heading, rows in sections:
            label = theme.text(heading, round(u * theme.HEADING), theme.PANEL_TEXT, bold=True)
            blocks.append((y, label))
            self.page_texts.append((heading, pygame.Rect((0, y), label.get_size())))
            y += label.get_height() + u // 3
            for left, right in rows:
                indent = left_w if left else 0
                suits = any(sign in right for sign in theme.SUIT_SIGNS)  # drawn as shapes
                measure = (lambda line: theme.rich_width(line, size)) if suits else width_of
                lines = theme.wrap(right, width - indent, measure)
                key_lines = theme.wrap(left, left_w - u, lambda line: key_font.size(line)[0])
                height = line_h * max(len(lines), len(key_lines) if left else 0)
                row = pygame.Surface((width, height), pygame.SRCALPHA)
                for i, line in enumerate(key_lines if left else []):
                    key = key_font.render(line, True, (40, 80, 160))
                    row.blit(key, (0, i * line_h))
                    self.page_texts.append((line, pygame.Rect((0, y + i * line_h), key.get_size())))
                for i, line in enumerate(lines):
                    if suits:
                        text = theme.rich_text(line, size, theme.PANEL_TEXT, red=SUIT_RED)
                    else:
                        text = body.render(line, True, theme.PANEL_TEXT)
                    row.blit(text, (indent, i * line_h))
                    at = (indent, y + i * line_h)
                    self.page_texts.append((line, pygame.Rect(at, text.get_size())))
                blocks.append((y, row))
                y += row.get_height() + u // 4
            y += u // 2
        page = pygame.Surface((width, y), pygame.SRCALPHA)
        for top, block in blocks:
            page.blit(block, (0, top))
        return page

    def _fade(self) -> pygame.Surface:
        """A strip of the panel's colour, clear at its top and solid at its
        bottom, as wide as the page (cached per size)."""
        size = (max(1, self.view.w), max(1, round(self.unit * 1.6)))
        panel = theme.palette().panel
        if self._fade_strip is None or (self._fade_strip.get_size(), self._fade_for) != (
            size,
            panel,
        ):
            self._fade_for = panel
            strip = pygame.Surface(size, pygame.SRCALPHA)
            for y in range(size[1]):
                alpha = round(255 * (y + 1) / size[1])
                pygame.draw.line(strip, (*theme.palette().panel, alpha), (0, y), (size[0], y))
            self._fade_strip = strip
        return self._fade_strip

    def _scroll_for(self, key: int) -> int:
        """How far a key scrolls the page (0 for other keys)."""
        step = self.unit * 2
        moves = {
            pygame.K_DOWN: step,
            pygame.K_UP: -step,
            pygame.K_PAGEDOWN: self.view.h - step,
            pygame.K_PAGEUP: -(self.view.h - step),
            pygame.K_HOME: -(10**9),
            pygame.K_END: 10**9,
        }
        return moves.get(key, 0)

    def _scroll(self, by: int) -> bool:
        before = self.scroll
        self.scroll = max(0, min(self.scroll + by, self.max_scroll))
        if self.scroll != before:
            self.dirty = True
        return self.scroll != before

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYUP:
            self.repeat.release(event.key)
            return
        if event.type == pygame.MOUSEWHEEL:
            self._scroll(-event.y * self.unit * 2)
            return
        if event.type == pygame.KEYDOWN:
            self.repeat.stop()
            if event.key == pygame.K_F1:
                self.close()
                return
            if event.key == pygame.K_e:
                self.open_examples()
                return
            if event.key == pygame.K_q:
                self.toggle_faq()
                return
            if event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                self.repeat.press(event.key, self.now)  # held, it scrolls on
            if self._scroll(self._scroll_for(event.key)):
                return
        super().handle_event(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        key = self.repeat.due(self.now)
        if isinstance(key, int):
            self._scroll(self._scroll_for(key))

    def draw_content(self, surface: pygame.Surface) -> None:
        if self.page is None:
            return
        surface.blit(
            self.page, self.view.topleft, pygame.Rect(0, self.scroll, self.view.w, self.view.h)
        )
        for text, rect in self.page_texts:  # the lines in full view (scrolling cuts the others)
            shown = rect.move(self.view.x, self.view.y - self.scroll)
            if self.view.contains(shown):
                note(surface, text, shown, self.view)
        if self.max_scroll:
            # Text fading out where the page goes on, and a slim scroll bar.
            fade = self._fade()
            if self.scroll < self.max_scroll:
                surface.blit(fade, (self.view.x, self.view.bottom - fade.get_height()))
            if self.scroll > 0:
                surface.blit(pygame.transform.flip(fade, False, True), self.view.topleft)
            track = pygame.Rect(self.view.right + self.unit // 3, self.view.y, 4, self.view.h)
            pygame.draw.rect(surface, theme.PANEL_LINE, track, border_radius=2)
            size = max(20, track.h * self.view.h // self.page.get_height())
            y = track.y + (track.h - size) * self.scroll // self.max_scroll
            pygame.draw.rect(surface, theme.PANEL_DIM, (track.x, y, 4, size), border_radius=2)
