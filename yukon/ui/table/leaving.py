"""Leaving the game in progress for another deal: Restart deal (F5) and
F2's new deal. When the game would count as a loss, the first press says
so and does nothing more; a second one, while that is on show, goes ahead."""

from __future__ import annotations

from yukon.i18n import N_, Translator
from yukon.session.game_session import GameSession
from yukon.ui.table.state import Banner, TableState
from yukon.ui.table.table_play import TablePlay

RESTART_QUESTION = N_("Restart? {warning} Press Restart deal (F5) again to confirm.")
NEW_DEAL_QUESTION = N_("New deal? {warning} Press F2 again to confirm.")


class LeaveAsking:
    """Asks before a game that would count as lost is left."""

    def __init__(
        self, board: TableState, session: GameSession, moves: TablePlay, tr: Translator
    ) -> None:
        self.board = board
        self.session = session
        self.moves = moves
        self.tr = tr
        self._asking: tuple[str, Banner] | None = None  # the question on show, and its banner

    def restart(self) -> None:
        """Restart deal: the same cards again."""
        if self.confirmed(RESTART_QUESTION):
            self.session.restart_game()

    def new_deal(self) -> None:
        """F2: another deal at once, of the game and rule set in play (the
        New game dialog, Ctrl+N, chooses another)."""
        if self.confirmed(NEW_DEAL_QUESTION):
            rules = self.session.game.rules
            self.session.start_random_game(rules)
            self.session.remember_rules(rules)

    def confirmed(self, question: str) -> bool:
        """Whether leaving the game in progress may go ahead: it costs
        nothing, or ``question``, with what it costs, is on show from the
        last press (else it is shown now, and this press does nothing more)."""
        warning = self.session.abandon_warning
        banner = self.board.banner
        armed = self._asking is not None and self._asking == (question, banner)
        if warning and not armed:
            text = self.tr.gettext(question).format(warning=self.tr.gettext(warning))
            self.moves.explain(text, force=True)
            shown = self.board.banner
            self._asking = None if shown is None else (question, shown)
            return False
        self._asking = None
        return True
