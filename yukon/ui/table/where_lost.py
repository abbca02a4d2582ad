"""Where was it lost? The table's side: L opens the dialog, the dialog
gets its answer from the solver's process, and Go back there undoes."""

from __future__ import annotations

from yukon.hints import JobDone, JobProgress
from yukon.ui.dialogs.where_lost import LossDialog
from yukon.ui.shell.scene import Host
from yukon.ui.table.hint_service import HintService
from yukon.ui.table.table_play import TablePlay


class LossAsking:
    """The table's side of the question: open the dialog (L), hand it its
    answer, and undo the way back when asked."""

    def __init__(self, host: Host, hints: HintService, moves: TablePlay) -> None:
        self.host = host
        self.hints = hints
        self.moves = moves
        self.dialog: LossDialog | None = None  # the one waiting for its answer

    def ask(self) -> None:
        """L: the solver looks back through the game for the move that lost
        it (in its own process; the dialog shows it is looking)."""
        session = self.host.session
        if session.game.is_won or not session.game.has_record:
            return
        self.hints.drop()  # the solver is wanted for this now
        end_lost = self.hints.known_lost(session.game)
        self.dialog = LossDialog(self.host, end_lost=end_lost, go_back=self.undo_moves)
        self.host.push(self.dialog)
        self.dialog.keyboard_start()

    def job_done(self, done: JobDone) -> bool:
        """Hand the dialog its answer; False if the job is not its."""
        if self.dialog is not None and self.dialog.job_done(done):
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
