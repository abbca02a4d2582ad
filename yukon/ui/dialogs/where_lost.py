"""Where was it lost? The dialog that asks the solver and says what it found.

It sends the game's record to the solver's process (``LossJob``) and shows
that it is looking, with how far it is (the moves ruled out and those still
in doubt, see ``loss_progress``), until the answer comes; Cancel (or Esc)
stops the search there. The answer names the move that lost the
game, or the moves the solver could not decide between, and offers to go
back to the last position that could still be won when undo reaches it.
A game that can still be won (the solver found a win from the position
reached, now or before: then there is no search) is told so, with a Hint
button; one it could not decide is told just that.
The panel is as tall as what it says, wrapped to its width (while it
looks, as tall as the search may need, so it keeps still), up to the
window's height; beyond that the text scrolls.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from yukon.i18n import N_, Translator
from yukon.i18n.translator import NN_
from yukon.jobs.hints import JobDone, JobProgress
from yukon.jobs.loss_analysis import LossJob, LossProgress, LossReport, path_of
from yukon.session.autoplay import all_face_up
from yukon.solver import Verdict
from yukon.ui import theme
from yukon.ui.dialogs.base import Dialog
from yukon.ui.dialogs.loss_progress import draw_progress_bar, progress_lines
from yukon.ui.dialogs.paragraphs import paragraphs
from yukon.ui.dialogs.scroll_view import Page, ScrollView
from yukon.ui.shell.scene import Host
from yukon.ui.widgets import Button

LOOKING_BACK = N_("Looking back through the game for the move that lost it…")
# While nothing is known yet: the game may still be winnable.
LOOKING_OPEN = N_(
    "Asking the solver whether the game can still be won, and if not, where it was lost…"
)
FAILED = N_("The search for the losing move failed.")
STILL_WINNABLE = N_("This game can still be won: press H for a hint.")
FINISH_TOO = N_("Every card is face up: Finish (Ctrl+F) plays the rest out.")
NOT_KNOWN = N_(
    "The solver could not tell in the time it had whether this game can still be won: it "
    "found neither a win nor a proof that it is lost."
)
FROM_START = N_("This deal could not be won even from the start.")
UNDECIDED = N_(
    "The solver could not tell which of moves {first}–{last} lost the game: it was one of them."
)
ONTO = N_("Move {number}, the {card} onto the {target}: before it the game could still be won.")
TO_COLUMN = N_(
    "Move {number}, the {card} to the empty column {column}: before it the game could still be won."
)
HOME = N_("Move {number}, the {card} to its foundation: before it the game could still be won.")
# The title, once it is known what the dialog has to say.
TITLE_LOST = N_("Where was it lost?")
TITLE_WINNABLE = N_("Can still be won")
TITLE_OPEN = N_("Can it still be won?")  # looking, or no answer: neither is known
CAN_GO_BACK = NN_(
    "Undo {count} move to go back there.",
    "Undo {count} moves to go back there.",
)
TOO_FAR = NN_(
    "That was {count} move back, further than undo reaches.",
    "That was {count} moves back, further than undo reaches.",
)


def report_lines(
    tr: Translator, report: LossReport, undoable: int, *, face_up: bool = False
) -> list[str]:
    """The answer in words: what was found, and whether undo gets there
    (``undoable``: how many moves the game can still undo; ``face_up``:
    every card is, so Finish can play a game still winnable out)."""
    if report.still_winnable:
        return [tr.gettext(STILL_WINNABLE)] + ([tr.gettext(FINISH_TOO)] if face_up else [])
    if not report.end_lost:
        return [tr.gettext(NOT_KNOWN)]
    if report.lost_from_start:
        return [tr.gettext(FROM_START)]
    lines: list[str] = []
    lost = report.lost_at
    if lost is not None:
        if lost.onto is not None:
            text = tr.gettext(ONTO).format(
                number=lost.number, card=lost.card.label, target=lost.onto.label
            )
        elif lost.to_column is not None:
            text = tr.gettext(TO_COLUMN).format(
                number=lost.number, card=lost.card.label, column=lost.to_column
            )
        else:
            text = tr.gettext(HOME).format(number=lost.number, card=lost.card.label)
        lines.append(text)
    elif report.undecided is not None:
        first, last = report.undecided
        lines.append(tr.gettext(UNDECIDED).format(first=first, last=last))
    back = report.moves_back
    if back is not None:
        message = CAN_GO_BACK if back <= undoable else TOO_FAR
        singular, plural = message
        lines.append(tr.ngettext(singular, plural, back).format(count=back))
    return lines


class LossDialog(Dialog):
    """Ask where the game was lost; show the answer; go back there."""

    title = TITLE_LOST
    width_units = 34

    def __init__(
        self,
        host: Host,
        *,
        known: Verdict | None,
        go_back: Callable[[int], None],
        hint: Callable[[], None] | None = None,
    ) -> None:
        """``known``: what the table already knows of the position reached
        (WON: it says so at once, with no search); ``go_back`` undoes that
        many moves; ``hint`` shows the table's hint (the Hint button of a
        game that can still be won)."""
        super().__init__(host)
        self.go_back = go_back
        self.hint = hint
        self.report: LossReport | None = None
        self.failed = False
        self.progress: LossProgress | None = None  # how far the search is, once it says
        record = self.session.game.record()
        self.moves = len(path_of(self.session.game)[1])  # the moves it looks through
        tr = self.tr
        self.back_button = Button(
            lambda: tr.gettext("Go back there"), self._go_back, enabled=self._can_go_back
        )
        self.hint_button = Button(lambda: tr.gettext("Hint"), self._hint)
        self.buttons = [Button(lambda: tr.gettext("Cancel"), self.close, primary=True)]
        self.scroller = ScrollView(self.redraw)  # for a text taller than the window
        self._shown: list[str] = []  # the lines laid out
        self.job_id: int | None = None
        self.known_lost = known is Verdict.LOST
        if known is Verdict.WON:
            self._answered(LossReport(end=Verdict.WON, lost_from_start=False))
        else:
            self.job_id = self.session.jobs.submit(LossJob(record, known is Verdict.LOST))

    @property
    def searching(self) -> bool:
        return self.job_id is not None

    def heading(self) -> str:
        """The title fits the answer: "Where was it lost?" for a game found
        lost, "Can still be won" for one that can, the open question for one
        the solver could not tell; while it looks, or if the search failed,
        "Where was it lost?" only once the game is known lost: the table knew
        it, or the walk has said how far it is (it does so only after proving
        the position reached lost)."""
        report = self.report
        if report is None:
            known_lost = self.known_lost or self.progress is not None
            title = TITLE_LOST if known_lost else TITLE_OPEN
        elif report.still_winnable:
            title = TITLE_WINNABLE
        else:
            title = TITLE_LOST if report.end_lost else TITLE_OPEN
        return self.tr.gettext(title)

    def _can_go_back(self) -> bool:
        back = self.report.moves_back if self.report is not None else None
        return back is not None and 0 < back <= self._undoable()

    def _undoable(self) -> int:
        return len(self.session.game.undo_moves())

    def _go_back(self) -> None:
        assert self.report is not None and self.report.moves_back is not None
        self.close()
        self.go_back(self.report.moves_back)

    def _hint(self) -> None:
        self.close()
        if self.hint is not None:
            self.hint()

    def job_done(self, done: JobDone) -> bool:
        """Take the answer if it is this dialog's; False if not."""
        if done.job_id != self.job_id:
            return False
        self.job_id = None
        self._answered(done.result if isinstance(done.result, LossReport) else None)
        return True

    def _answered(self, report: LossReport | None) -> None:
        """Show ``report`` (None: the search failed), with the buttons it
        offers: Go back there, or Hint for a game that can still be won."""
        self.report = report
        self.failed = report is None
        tr = self.tr
        offer: Button | None = None
        if self._can_go_back():
            offer = self.back_button
        elif report is not None and report.still_winnable and self.hint is not None:
            offer = self.hint_button
        close = Button(lambda: tr.gettext("Close"), self.close, primary=offer is None)
        self.buttons = [close]
        if offer is not None:
            offer.primary = True
            self.buttons = [close, offer]
        if self.focused is not None:
            self.set_focus(self.buttons[-1])
        if self._size is not None:
            self._lay_out(self._size)
        self.redraw()

    def keyboard_start(self) -> None:
        """Opened with a key: the button the answer offers takes the focus
        (Cancel while it looks)."""
        self.set_focus(self.buttons[-1])

    def job_progress(self, progress: JobProgress) -> None:
        """Show how far the search is, if it is this dialog's (the panel
        grows only if the words no longer fit it)."""
        if progress.job_id != self.job_id:
            return
        self.progress = progress.progress
        page = self._typeset(self.scroller.view.w, self.lines())
        if page.height > self.scroller.view.h and self._size is not None:
            self._lay_out(self._size)
        else:
            self._shown = self.lines()
            self.scroller.page = page
        self.redraw()

    def close(self) -> None:
        """Cancel stops the search where it is."""
        if self.job_id is not None:
            self.session.jobs.cancel(self.job_id)
            self.job_id = None
        super().close()

    def lines(self) -> list[str]:
        tr = self.tr
        if self.searching:
            return [tr.gettext(self._looking), *progress_lines(tr, self.progress, self.moves)]
        if self.report is None:
            return [tr.gettext(FAILED)]
        return report_lines(
            tr, self.report, self._undoable(), face_up=all_face_up(self.session.game)
        )

    def _widest_search(self) -> list[str]:
        """The most the search may say: a doubt still open, its numbers as
        wide as this game's give (so the panel keeps its size while it looks)."""
        tr = self.tr
        n = max(2, self.moves, self.session.game.move_count)
        told = LossProgress(n, n, n - 1, n)
        return [tr.gettext(self._looking), *progress_lines(tr, told, n)]

    @property
    def _looking(self) -> str:
        """What the search is said to do: look for the losing move in a game
        known lost, or first ask whether the game is lost at all."""
        return LOOKING_BACK if self.known_lost else LOOKING_OPEN

    @property
    def _shows_bar(self) -> bool:
        return self.searching and (self.moves > 0 or self.progress is not None)

    def _bar_space(self) -> int:
        """The room the progress bar takes under the text (none once answered)."""
        u = self.unit
        return u // 3 + max(4, u // 2) if self._shows_bar else 0

    def progress_bar(self) -> pygame.Rect | None:
        """Where the progress bar is drawn, while it is."""
        if not self._shows_bar:
            return None
        view, u = self.scroller.view, self.unit
        return pygame.Rect(view.x, view.bottom + u // 3, view.w, max(4, u // 2))

    def content_height(self) -> int:
        """The text wrapped to the panel's width (while looking, as tall as
        it may grow), the progress bar, and a little room above the buttons."""
        return self._text_height() + self._bar_space() + self.unit // 2

    def _text_height(self) -> int:
        width = self._text_width()
        height = self._typeset(width, self.lines()).height
        if self.searching:
            height = max(height, self._typeset(width, self._widest_search()).height)
        return height

    def _text_width(self) -> int:
        """The width the text wraps to, in the window as laid out."""
        return max(1, self.panel_width(self._size or self.host.size) - 2 * self.unit)

    def _typeset(self, width: int, lines: list[str]) -> Page:
        """``lines`` as a page ``width`` wide (while it looks, all but the
        first dimmed)."""
        u = self.unit
        colours = [
            theme.PANEL_DIM if self.searching and i else theme.PANEL_TEXT for i in range(len(lines))
        ]
        return paragraphs(
            list(zip(lines, colours, strict=True)),
            width,
            round(u * 0.95),
            gap=u // 3,
            inks=self.suit_inks(),
        )

    def layout_content(self, top: int) -> None:
        u = self.unit
        width = self._text_width()
        room = max(1, self.panel.bottom - round(u * 3.2) - self._bar_space() - top)
        view = pygame.Rect(self.panel.x + u, top, width, min(self._text_height(), room))
        self._shown = self.lines()
        self.scroller.show(self._typeset(width, self._shown), view, u)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.scroller.handle_event(event, self.now):
            return
        super().handle_event(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.scroller.update(self.now)

    def draw_content(self, surface: pygame.Surface) -> None:
        if self.lines() != self._shown:  # changed under it: shown in the same view
            self._shown = self.lines()
            self.scroller.show(
                self._typeset(self.scroller.view.w, self._shown), self.scroller.view, self.unit
            )
        self.scroller.draw(surface, self.palette.panel)
        bar = self.progress_bar()
        if bar is not None:
            draw_progress_bar(surface, bar, self.progress)
