"""Where was it lost? The table's side: L opens the dialog, the dialog
gets its answer from the solver's process, and Go back there undoes.

L can be pressed at any time in a game with moves. What the table already
knows of the position (the hint's, the demo's and the live verdict's
searches) is handed to the dialog, and what the walk finds about the
position reached (a winning line, or a proof that it is lost) is handed
back to them, so the dialog, the hint and the info bar's verdict agree."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from yukon.engine import Position
from yukon.jobs.hints import JobDone, JobProgress
from yukon.solver import Verdict
from yukon.ui.shell.scene import Host
from yukon.ui.table.hint_service import HintService
from yukon.ui.table.table_play import TablePlay

if TYPE_CHECKING:  # loaded when first opened: the first frame needs no dialog
    from yukon.ui.dialogs.where_lost import LossDialog


class LossAsking:
    """The table's side of the question: open the dialog (L), hand it its
    answer, and undo the way back when asked."""

    def __init__(
        self, host: Host, hints: HintService, moves: TablePlay, hint: Callable[[], None]
    ) -> None:
        self.host = host
        self.hints = hints
        self.moves = moves
        self.hint = hint  # the table's hint, for a game that can still be won
        self.dialog: LossDialog | None = None  # the one waiting for its answer
        self._asked_from: Position | None = None  # the position the walk ends at

    def ask(self) -> None:
        """L: the solver looks back through the game for the move that lost
        it (in its own process; the dialog shows it is looking)."""
        session = self.host.session
        if session.game.is_won or not session.game.has_record:
            return
        known = self.hints.verdict(session.game)
        if known is not Verdict.WON:
            self.hints.drop()  # the solver is wanted for this now
        self._asked_from = session.game.position()
        from yukon.ui.dialogs.where_lost import LossDialog

        dialog = LossDialog(self.host, known=known, go_back=self.undo_moves, hint=self.hint)
        self.dialog = dialog if dialog.searching else None
        self.host.push(dialog)
        dialog.keyboard_start()

    def job_done(self, done: JobDone) -> bool:
        """Hand the dialog its answer, and tell the hints what it found of
        the position reached; False if the job is not its."""
        if self.dialog is not None and self.dialog.job_done(done):
            report = self.dialog.report
            if report is not None and self._asked_from is not None:
                self.hints.learn(self._asked_from, report.end, report.line)
            self.dialog = None
            return True
        return False

    def job_progress(self, progress: JobProgress) -> None:
        """Show the dialog how far its search is."""
        if self.dialog is not None:
            self.dialog.job_progress(progress)

    def undo_moves(self, count: int) -> None:
        """Undo ``count`` moves (the way back to a position that could be won)."""
        for _ in range(count):
            if not self.host.session.game.can_undo:
                break
            self.moves.undo()
