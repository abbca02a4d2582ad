"""Replay: a whole game watched move by move on a small table.

The game is a record (see ``Game.record``); its steps are the record's
actions, a move, an undo or a redo, played with the game's own sprites and
the keys and buttons of every ``StepPage`` (the Examples page's). The move
number and the score are those the game had at that point, and the table's
strip says what the last action did.
"""

from __future__ import annotations

import pygame

from yukon.engine import Card, Game, Move, Pile
from yukon.engine.records import replay_log, tokens
from yukon.i18n import N_, Translator
from yukon.session.playback import DEMO_SECONDS_PER_MOVE
from yukon.ui import theme
from yukon.ui.dialogs.step_page import MoveWords, StepPage, group_card, pile_top
from yukon.ui.shell.scene import Host
from yukon.ui.text_boxes import holding

# Playing: the pace of the table's demo (and of KPatience's, 0.3 s a move
# and 0.2 s between), so a whole game of 150 moves plays in about a minute.
STEP_SECONDS = DEMO_SECONDS_PER_MOVE
# The caption (the last action in words): the dialogs' body size or more,
# in a line this many sizes tall.
CAPTION_UNITS = theme.BODY
CAPTION_LINE = 1.4
# An action in words, over the table ("The 10♦ to column 1").
MOVE_WORDS = MoveWords(
    home=N_("The {card} to its foundation"),
    group=N_("The {card} and the cards on it to column {column}"),
    one=N_("The {card} to column {column}"),
)


class _Step:
    """One action of the record, made on the page's game by the engine's
    replay (``replay_log``): what it says (``caption``) and the cards it
    moved, where they went (``moved``)."""

    def __init__(self, game: Game, tr: Translator) -> None:
        self.game, self.tr = game, tr
        self.caption = ""
        self.moved: tuple[Card, ...] = ()

    def play(self, move: Move) -> None:
        src, dst = Pile(move.src), Pile(move.dst)
        card = group_card(self.game, src, move.count)
        self.caption = MOVE_WORDS.say(self.tr, card, dst, move.count)
        self.game.play(move)
        self.moved = pile_top(self.game, dst, move.count)

    def undo(self) -> None:
        move = self.game.undo()
        self.caption = self.tr.gettext("Undo")
        self.moved = pile_top(self.game, Pile(move.src), move.count)

    def redo(self) -> None:
        move = self.game.redo().move
        self.caption = self.tr.gettext("Redo")
        self.moved = pile_top(self.game, Pile(move.dst), move.count)


class ReplayScene(StepPage):
    """One recorded game, its actions played forwards and back."""

    title = N_("Watch replay")
    step_seconds = STEP_SECONDS
    caption_in_strip = False  # over the table's middle, large: see ``draw_text``

    def __init__(self, host: Host, record: str) -> None:
        self.code, self.actions = tokens(record)
        Game.from_record(record)  # a bad record is refused before the page opens
        super().__init__(host)

    # ------------------------------------------------------------ the steps

    def step_count(self) -> int:
        return len(self.actions)

    def start(self) -> Game:
        self.caption = ""
        return Game.from_code(self.code)

    def take_step(self, index: int) -> tuple[Card, ...]:
        step = _Step(self.game, self.tr)
        replay_log(step, self.actions[index : index + 1])
        self.caption = step.caption
        return step.moved

    # ------------------------------------------------------------ words

    def status(self) -> str:
        """What the page says above the table: the code, the move number and
        the score at this point."""
        tr = self.tr
        move = tr.gettext("Move {number}").format(number=self.game.move_count)
        score = tr.gettext("Score {score}").format(score=self.game.score)
        return f"{self.code} · {move} · {score}"

    def table_note(self) -> str:
        return ""  # the score is in the status line

    def where(self) -> str:
        return self.step_counter()

    def banner(self) -> tuple[str, tuple[int, int, int]] | None:
        return (self.tr.gettext("The game is won."), theme.OK) if self.game.is_won else None

    def text_height(self) -> int:
        """The status line, and under it the caption's line."""
        return round(self.unit * 1.5) + round(self.caption_size() * CAPTION_LINE)

    def caption_size(self) -> int:
        """The caption's size: the dialogs' body text or larger, never under
        the readable size (``theme.READABLE`` points)."""
        return max(round(theme.READABLE * self.host.density), round(self.unit * CAPTION_UNITS))

    def draw_text(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """The status line at the top; the last action in words, large and
        centred right over the table, where the eye follows the cards."""
        size = max(round(self.unit * 0.95), round(theme.READABLE * self.host.density))
        label = theme.text(self.status(), size, theme.PANEL_TEXT, bold=True)
        with holding(box):
            surface.blit(label, box.topleft)
            if not self.caption:
                return
            size = self.caption_size()
            while size > 12 and theme.rich_width(self.caption, size, bold=True) > box.w:
                size -= 1  # a long caption in a narrow window: smaller, still whole
            caption = theme.rich_text(
                self.caption, size, theme.PANEL_TEXT, bold=True, inks=self.suit_inks()
            )
            line = round(self.caption_size() * CAPTION_LINE)
            at = caption.get_rect(center=(box.centerx, box.bottom - line // 2))
            surface.blit(caption, at)
