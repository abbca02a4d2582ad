"""The Statistics dialog: a chooser per game; Yukon's two rule sets side by
side (the other games have one each), and pictures of recent games. The
deal of the day's line shows with the game it is dealt in (``DAILY_RULES``:
Yukon), not with the others."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from yukon.engine import Rules
from yukon.i18n import N_
from yukon.i18n.formats import format_percent, format_time
from yukon.jobs.daily import DAILY_RULES
from yukon.persistence import RuleStats
from yukon.texts.games import GAME_NAMES, GAMES, game_of, options
from yukon.ui import theme
from yukon.ui.dialogs import charts
from yukon.ui.dialogs.base import Dialog
from yukon.ui.shell.scene import Host
from yukon.ui.widgets import Button, Control

RULE_NAMES = {Rules.CLASSIC: N_("Classic"), Rules.RELAXED: N_("Relaxed")}


class StatsDialog(Dialog):
    """Statistics per game (Yukon's Classic and Relaxed side by side), then
    pictures of one rule set's recent games (win rate, winning times, move counts), with a
    reset that asks first."""

    title = N_("Statistics")
    width_units = 40
    ROWS: tuple[tuple[str, Callable[[RuleStats], str]], ...] = (
        (N_("Games played"), lambda s: str(s.played)),
        (N_("Games won"), lambda s: str(s.won)),
        (N_("Win rate"), lambda s: f"{s.win_rate:.0%}" if s.played else "-"),
        (N_("Current streak"), lambda s: str(s.current_streak)),
        (N_("Longest streak"), lambda s: str(s.longest_streak)),
        (N_("Best score"), lambda s: "-" if s.best_points is None else str(s.best_points)),
        (
            N_("Fastest win"),
            lambda s: "-" if s.fastest_win is None else format_time(s.fastest_win),
        ),
        (N_("Fewest moves"), lambda s: "-" if s.fewest_moves is None else str(s.fewest_moves)),
    )
    CHARTS = (N_("Win rate, last games"), N_("Winning times"), N_("Moves per win"))
    ROW = 1.45  # the figures' line height, in units
    CHART = 5.5  # a chart's height, in units

    def __init__(self, host: Host, rules: Rules | None = None) -> None:
        super().__init__(host)
        self.confirming = False
        # Open at the game in play (``rules``), as Help does: the deal of the
        # day or a game from a code need not be the rule set New game keeps.
        self.chart_rules = self.session.settings.rule_set if rules is None else rules
        # The game chooser; for Yukon, tabs for its two rule options' charts.
        self.game_tabs = [Button(self._game_name(game), self._show_rules(game)) for game in GAMES]
        self.rule_tabs = [
            Button(self._rule_name(rules), self._show_rules(rules))
            for rules in options(Rules.CLASSIC)
        ]
        self._normal_buttons()

    @property
    def shown_game(self) -> Rules:
        """The game whose statistics are shown (see ``yukon.texts.games.GAMES``)."""
        return game_of(self.chart_rules)

    def _game_name(self, game: Rules) -> Callable[[], str]:
        return lambda: self.tr.gettext(GAME_NAMES[game])

    def _rule_name(self, rules: Rules) -> Callable[[], str]:
        return lambda: self.tr.gettext(RULE_NAMES[rules])

    def _show_rules(self, rules: Rules) -> Callable[[], None]:
        def show() -> None:
            self.chart_rules = rules
            self.redraw()

        return show

    def all_buttons(self) -> list[Button]:
        return [*self.buttons, *self.game_tabs, *self.shown_rule_tabs]

    @property
    def shown_rule_tabs(self) -> list[Button]:
        """Yukon's two rule tabs, when Yukon is shown."""
        return self.rule_tabs if self.shown_game.is_yukon else []

    def focus_order(self) -> list[Control]:
        if self.confirming:
            return [*self.buttons]
        return [*self.buttons, *self.game_tabs, *self.shown_rule_tabs]

    def keyboard_start(self) -> None:
        """Opened with S, Enter closes it again: the focus is on Close."""
        self.set_focus(self.buttons[-1])

    def _normal_buttons(self) -> None:
        self.confirming = False
        tr = self.tr
        close = Button(lambda: tr.gettext("Close"), self.close, primary=True)
        self.buttons = [Button(lambda: tr.gettext("Reset…"), self.ask_reset), close]
        if self.focused is not None:
            self.set_focus(close)  # answered from the keyboard: the focus stays on a button
        self.resize(self.host.size)

    def ask_reset(self) -> None:
        self.confirming = True
        tr = self.tr
        keep = Button(lambda: tr.gettext("Keep them"), self._normal_buttons)
        self.buttons = [keep, Button(lambda: tr.gettext("Reset all"), self.reset, primary=True)]
        if self.focused is not None:
            self.set_focus(keep)  # asked from the keyboard: the safe answer first
        self.resize(self.host.size)

    def reset(self) -> None:
        self.session.reset_stats()
        self._normal_buttons()

    def accept(self) -> None:
        if self.confirming:
            self._normal_buttons()  # Enter never erases statistics by accident
        else:
            self.close()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.confirming:
            self._normal_buttons()
            return
        if not self.confirming and event.type != pygame.KEYDOWN:
            for tab in [*self.game_tabs, *self.shown_rule_tabs]:
                if tab.handle_event(event):
                    self.redraw()
                    return
        super().handle_event(event)

    def content_height(self) -> int:
        rows = round(self.unit * self.ROW * (len(self.ROWS) + 2))
        return rows + round(self.unit * (3.4 + self.CHART + 2.4 + 2.2))

    def layout_content(self, top: int) -> None:
        u = self.unit
        x = self.panel.x + u
        for tab in self.game_tabs:
            w = theme.font(round(u * 0.9)).size(tab.label)[0] + 2 * u
            tab.rect = pygame.Rect(x, top, w, round(u * 1.6))
            x += w + u // 3
        top += round(u * 2.2)
        self.top = top
        y = top + round(u * self.ROW * (len(self.ROWS) + 2)) + round(u * 0.6)
        x = self.panel.x + u
        for tab in self.rule_tabs:
            w = theme.font(u).size(tab.label)[0] + 2 * u
            tab.rect = pygame.Rect(x, y, w, round(u * 1.6))
            x += w + u // 3
        self.charts_top = y + round(u * 2.4)

    def draw_content(self, surface: pygame.Surface) -> None:
        u = self.unit
        size = round(u * 0.95)
        x_name = self.panel.x + u
        for game, tab in zip(GAMES, self.game_tabs, strict=True):
            tab.primary = game is self.shown_game
            tab.draw(surface, round(u * 0.9), self.palette, light=True)
        columns = options(self.shown_game)
        x_cols = (self.panel.x + round(self.panel.w * 0.7), self.panel.right - u)[-len(columns) :]
        y = self.top
        for x, rules in zip(x_cols, columns, strict=True):
            name = RULE_NAMES[rules] if rules.is_yukon else GAME_NAMES[rules]
            head = theme.text(self.tr.gettext(name), size, theme.PANEL_TEXT, bold=True)
            surface.blit(head, head.get_rect(topright=(x, y)))
        y += round(u * self.ROW)
        pygame.draw.line(surface, theme.PANEL_LINE, (x_name, y - u // 4), (x_cols[-1], y - u // 4))
        for name, value in self.ROWS:
            surface.blit(theme.text(self.tr.gettext(name), size, theme.PANEL_DIM), (x_name, y))
            for x, rules in zip(x_cols, columns, strict=True):
                stats = self.session.stats.for_rules(rules)
                shown = value(stats)
                if name == "Win rate" and stats.played:  # the language's own way
                    shown = format_percent(self.tr, stats.win_rate)
                label = theme.text(shown, size, theme.PANEL_TEXT)
                surface.blit(label, label.get_rect(topright=(x, y)))
            y += round(u * self.ROW)
        if self.shows_daily:  # its row stays free for the others: the charts keep their place
            surface.blit(theme.text(self.daily_line(), size, theme.PANEL_TEXT), (x_name, y))
        self._draw_charts(surface)
        if self.confirming:  # in place of the rule set buttons
            note = self.tr.gettext("Reset the statistics of every game? This cannot be undone.")
            row = self.rule_tabs[0].rect
            surface.blit(theme.text(note, size, theme.ERROR), (x_name, row.y + u // 4))

    @property
    def shows_daily(self) -> bool:
        """Whether the deal of the day's line shows: only with its own game's
        statistics (it is always a deal of that game)."""
        return self.shown_game is game_of(DAILY_RULES)

    def daily_line(self) -> str:
        """The deal of the day's own line: days played and won, the streak."""
        session = self.session
        daily = session.stats.daily
        text = self.tr.gettext(
            "Deal of the day: {played} played, {won} won, current daily streak {streak}"
        )
        return text.format(
            played=daily.played, won=daily.won, streak=daily.current_streak(session.today())
        )

    def _draw_charts(self, surface: pygame.Surface) -> None:
        """The chosen rule set's recent games in three small pictures."""
        u = self.unit
        for rules, tab in zip(options(Rules.CLASSIC), self.shown_rule_tabs, strict=False):
            tab.primary = rules is self.chart_rules  # the rule set shown
            if not self.confirming:
                tab.draw(surface, round(u * 0.9), self.palette, light=True)
        stats = self.session.stats.for_rules(self.chart_rules)
        left, width = self.panel.x + u, self.panel.w - 2 * u
        gap = u
        chart_w = (width - 2 * gap) // 3
        size = max(12, round(u * 0.85))
        for i, caption in enumerate(self.CHARTS):
            x = left + i * (chart_w + gap)
            label = theme.text(self.tr.gettext(caption), size, theme.PANEL_DIM)
            surface.blit(label, (x, self.charts_top))
            rect = pygame.Rect(x, self.charts_top + round(u * 1.3), chart_w, round(u * self.CHART))
            if i == 0:
                charts.draw_rate(surface, rect, stats.results, self.tr)
            elif i == 1:
                bins = charts.histogram(stats.win_times, charts.TIME_STEPS)
                charts.draw_histogram(surface, rect, bins, charts.time_edges(self.tr), self.tr)
            else:
                bins = charts.histogram(stats.win_moves, charts.MOVE_STEPS)
                charts.draw_histogram(surface, rect, bins, tr=self.tr)
