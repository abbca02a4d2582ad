"""The New game dialog: a random deal, the game a code names, a copied game
to play on from, the deal of the day, or a game to watch again."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pygame

from yukon.engine import Game, InvalidGameCode, InvalidRecord, Rules, format_code
from yukon.engine.records import MAX_ACTIONS, looks_like_record
from yukon.i18n import N_, game_text_problem
from yukon.i18n.formats import format_number
from yukon.persistence.settings import SETTING_NAMES
from yukon.session.game_session import is_earlier_point
from yukon.texts.games import (
    BUILD_NOTES,
    DEAL_MESSAGES,
    GAME_NAMES,
    GAMES,
    RANDOM_MESSAGES,
    game_of,
    options,
)
from yukon.ui import theme
from yukon.ui.dialogs.base import Dialog
from yukon.ui.shell.scene import Host
from yukon.ui.widgets import Button, Checkbox, Control, TextField, clipboard_put

# A pasted record: the game in play goes on, another is never counted (see GameSession).
OWN_GAME = N_("Deal resumes {code} at move {number}.")
COPIED_GAME = N_("Deal resumes {code} at move {number}. Statistics does not count a copied game.")


class NewGameDialog(Dialog):
    """Choose the game (and Yukon's rule option), or type or paste a game
    code or a whole game (a record: Deal plays on from where it was); copy
    the current code or game; deal the deal of the day; watch a game again
    (``replay`` opens it)."""

    title = N_("New game")
    width_units = 32

    def __init__(self, host: Host, replay: Callable[[str], None] | None = None) -> None:
        super().__init__(host)
        session = self.session
        self.rules = session.settings.rule_set
        self.field = TextField("", max_length=20 + 8 * MAX_ACTIONS)
        self.copied_until = -1.0
        self.copied = False
        self.copied_game = False  # the last copy was the whole game, not its code
        self.replay = replay
        self._parsed: tuple[str, Game | None, str | None] = ("", None, None)
        tr = self.tr
        # The game first, then Yukon's own rule option beside it.
        self.game_buttons = [self._game_button(game) for game in GAMES]
        self.rule_buttons = [
            Button(
                lambda: tr.gettext("Classic"),
                lambda: self._choose(Rules.CLASSIC),
                enabled=lambda: self.shown_rules.is_yukon,
            ),
            Button(
                lambda: tr.gettext("Relaxed"),
                lambda: self._choose(Rules.RELAXED),
                enabled=lambda: self.shown_rules.is_yukon,
            ),
        ]
        self.yukon_rules = self.rules if self.rules.is_yukon else Rules.CLASSIC
        self.copy_button = Button(
            lambda: tr.gettext("Copy current code"),
            self.copy_code,
            enabled=lambda: session.game.code is not None,
        )
        self.copy_game_button = Button(
            lambda: tr.gettext("Copy game"),
            self.copy_game,
            enabled=lambda: session.game.has_record,
        )
        self.daily_button = Button(lambda: tr.gettext("Deal of the day"), self.deal_daily)
        self.replay_button = Button(
            lambda: tr.gettext("Watch replay"),
            self.watch_replay,
            enabled=lambda: self.replay is not None and self.replay_record is not None,
        )
        self.winnable_box = Checkbox(
            lambda: tr.gettext(SETTING_NAMES["winnable_only"]),
            lambda: session.settings.winnable_only,
            lambda on: session.update_settings(replace(session.settings, winnable_only=on)),
            lambda: tr.gettext("proven by the solver"),
        )
        self.buttons = [
            Button(lambda: tr.gettext("Cancel"), self.close),
            Button(lambda: tr.gettext("Deal"), self.deal, primary=True),
        ]
        self.focused = self.field  # typing goes to the code
        pygame.key.start_text_input()

    def _game_button(self, game: Rules) -> Button:
        def choose() -> None:
            self._choose(self.yukon_rules if game.is_yukon else game)

        return Button(lambda: self.tr.gettext(GAME_NAMES[game]), choose)

    @property
    def extra_buttons(self) -> list[Button]:
        return [self.copy_button, self.copy_game_button, self.daily_button, self.replay_button]

    def all_buttons(self) -> list[Button]:
        return [*self.game_buttons, *self.rule_buttons, *self.extra_buttons, *self.buttons]

    def focus_order(self) -> list[Control]:
        copies = [self.copy_button, self.copy_game_button]
        others = [self.daily_button, self.replay_button]
        games = [*self.game_buttons, *self.rule_buttons]
        return [self.field, *games, *copies, self.winnable_box, *others, *self.buttons]

    def set_focus(self, control: Control | None) -> None:
        super().set_focus(control)
        self.field.focused = control is self.field

    def _choose(self, rules: Rules) -> None:
        """Pick a game or rule set; a valid code typed in gets it too (same
        deal; a record keeps its own)."""
        self.rules = rules
        if rules.is_yukon:
            self.yukon_rules = rules
        typed = self.typed_code
        if typed is not None and self.typed_record is None:
            self.field.set(format_code(typed[0], rules))
        self.redraw()

    @property
    def shown_rules(self) -> Rules:
        """The rule set the Deal button will use: a valid code's own, else the
        one chosen."""
        typed = self.typed_code
        return self.rules if typed is None else typed[1]

    def copy_code(self) -> None:
        code = self.session.game.code
        self.copied = code is not None and bool(code) and clipboard_put(code)
        self.copied_game = False
        self.copied_until = self.now + 2.5
        self.redraw()

    def copy_game(self) -> None:
        """The whole game as one line: pasted here, Deal plays on from it."""
        self.copied = clipboard_put(self.session.game.record())
        self.copied_game = True
        self.copied_until = self.now + 2.5
        self.redraw()

    def deal_daily(self) -> None:
        self.session.start_daily_game()
        self.close()

    @property
    def replay_record(self) -> str | None:
        """The game Watch replay shows: the one pasted, else the last one
        finished (won, or left unfinished for another)."""
        game = self.typed_record
        if game is not None:
            return game.record()
        return self.session.last_finished

    def watch_replay(self) -> None:
        record = self.replay_record
        if record is not None and self.replay is not None:
            self.close()
            self.replay(record)

    def _parse(self) -> tuple[Game | None, str | None]:
        """The typed code's or record's game, or its problem in words (both
        None when the field is empty), read as ``--code`` reads it
        (``Game.from_text``); remembered until the text changes."""
        text = self.field.value.strip()
        if text != self._parsed[0]:
            game, problem = None, None
            if text:
                try:
                    game = Game.from_text(text)
                except (InvalidGameCode, InvalidRecord) as error:
                    problem = game_text_problem(self.tr, error)
            self._parsed = (text, game, problem)
        return self._parsed[1], self._parsed[2]

    @property
    def typed_record(self) -> Game | None:
        """The game of the typed record, or None (no record, or a bad one)."""
        return self._parse()[0] if looks_like_record(self.field.value) else None

    @property
    def typed_code(self) -> tuple[int, Rules] | None:
        """The deal and rules of the typed code (or record), or None if empty
        or invalid."""
        game = self._parse()[0]
        return None if game is None else (game.deal or 0, game.rules)

    @property
    def code_problem(self) -> str | None:
        """The engine's message for the typed code, or None if empty or valid."""
        return self._parse()[1]

    def deal(self) -> None:
        text = self.field.value.strip()
        rules = self.rules
        if text:
            if self.code_problem is not None:
                self.redraw()
                return
            rules = self.shown_rules  # the code's own rule set is the one chosen
            if self.typed_record is not None:
                self.session.continue_record(text)
            else:
                self.session.start_game(text)
        else:
            self.session.start_random_game(rules)
        self.session.remember_rules(rules)
        self.close()

    def close(self) -> None:
        pygame.key.stop_text_input()
        super().close()

    @property
    def abandon_warning(self) -> str:
        """What Deal would cost the game in play: nothing when the field
        holds that game's own record (or an earlier point of it), which
        goes on as the same game."""
        record = self.typed_record
        if record is not None and is_earlier_point(record, self.session.game):
            return ""
        return self.session.abandon_warning

    def content_height(self) -> int:
        u = self.unit
        warning = round(u * 1.6) if self.session.abandon_warning else 0
        return round(u * 21.0) + warning

    def layout_content(self, top: int) -> None:
        u = self.unit
        left = self.panel.x + u
        self.game_label_y = top
        y = top + round(u * 1.4)
        # The game buttons share the row by the length of their names.
        gap = u // 2
        room = self.panel.w - 2 * u - gap * (len(self.game_buttons) - 1)
        font = theme.font(self.game_font)
        widths = [font.size(button.label)[0] + u for button in self.game_buttons]
        x = left
        for button, w in zip(self.game_buttons, widths, strict=True):
            share = room * w // sum(widths)
            button.rect = pygame.Rect(x, y, share, round(u * 2.0))
            x += share + gap
        y += round(u * 2.0) + round(u * 0.6)
        self.rules_label_y = y
        label_w = theme.font(u, bold=True).size(self.tr.gettext("Yukon rules"))[0] + u
        bw = (self.panel.w - 2 * u - label_w - u) // 2
        for i, button in enumerate(self.rule_buttons):
            button.rect = pygame.Rect(left + label_w + i * (bw + u), y, bw, round(u * 2.0))
        y += round(u * 2.0) + u // 3
        self.rule_note_y = y
        y += round(u * 1.6)
        self.code_label_y = y
        y += round(u * 1.4)
        self.field.rect = pygame.Rect(left, y, self.panel.w - 2 * u, round(u * 2.0))
        y += round(u * 2.2)
        self.message_y = y
        y += round(u * 2.5)  # two lines: the engine's message in full
        x = left
        for button in (self.copy_button, self.copy_game_button):
            cw = theme.font(u).size(button.label)[0] + 2 * u
            button.rect = pygame.Rect(x, y, cw, round(u * 1.8))
            x += cw + u // 2
        y += round(u * 2.3)
        self.winnable_box.rect = pygame.Rect(left, y, self.panel.w - 2 * u, round(u * 1.6))
        y += round(u * 2.1)
        x = left
        for button in (self.daily_button, self.replay_button):
            cw = theme.font(u).size(button.label)[0] + 2 * u
            button.rect = pygame.Rect(x, y, cw, round(u * 1.8))
            x += cw + u // 2
        y += round(u * 2.3)
        self.warning_y = y

    @property
    def game_font(self) -> int:
        """The game buttons' text size: the rule buttons' size when the four
        names, the chosen one bold, share the row at it; smaller otherwise."""
        u = self.unit
        room = self.panel.w - 2 * u - u // 2 * (len(self.game_buttons) - 1)
        small = round(u * 0.85)
        for size in (u, small):
            face = theme.font(size, bold=True)
            if sum(face.size(button.label)[0] + u for button in self.game_buttons) <= room:
                return size
        return small

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.field.rect.collidepoint(event.pos):
                self.set_focus(self.field)  # a click in the field puts it in focus
            elif self.focused is self.field:
                self.set_focus(None)
        elif event.type == pygame.TEXTINPUT and self.focused is not self.field:
            if not event.text.strip():
                return  # the Space that pressed the control in focus
            self.set_focus(self.field)  # typing goes to the code wherever the focus was
        elif event.type == pygame.KEYDOWN and event.key in _EDITING_KEYS:
            self.set_focus(self.field)  # so do pasting and editing
        if self.field.handle_event(event) or self.winnable_box.handle_event(event):
            self.redraw()
            return
        for button in [*self.game_buttons, *self.rule_buttons, *self.extra_buttons]:
            if button.handle_event(event):
                self.redraw()
                return
        super().handle_event(event)

    def update(self, dt: float) -> None:
        before = int(self.now * 2)
        super().update(dt)
        if int(self.now * 2) != before:
            self.redraw()  # caret blink

    def draw_content(self, surface: pygame.Surface) -> None:
        u = self.unit
        left = self.panel.x + u
        tr = self.tr
        surface.blit(
            theme.text(tr.gettext("Game"), u, theme.PANEL_DIM, bold=True), (left, self.game_label_y)
        )
        shown = self.shown_rules
        for button, game in zip(self.game_buttons, GAMES, strict=True):
            button.primary = game is game_of(shown)
            button.draw(surface, self.game_font, self.palette, light=True)
        rules_label = theme.text(tr.gettext("Yukon rules"), u, theme.PANEL_DIM, bold=True)
        row = self.rule_buttons[0].rect
        surface.blit(rules_label, rules_label.get_rect(midleft=(left, row.centery)))
        for button, rules in zip(self.rule_buttons, options(Rules.CLASSIC), strict=True):
            button.primary = rules is shown
            button.draw(surface, u, self.palette, light=True)
        note = tr.gettext(BUILD_NOTES[shown])
        surface.blit(theme.text(note, round(u * 0.9), theme.PANEL_DIM), (left, self.rule_note_y))
        surface.blit(
            theme.text(
                tr.gettext("Game code or copied game (optional, e.g. YU1-C-AAAAAAB)"),
                u,
                theme.PANEL_DIM,
                bold=True,
            ),
            (left, self.code_label_y),
        )
        problem = self.code_problem
        self.field.draw(surface, u, self.now, self.palette, error=problem is not None)
        message, color = self._code_message(problem)
        lines = _two_lines(message, round(u * 0.85), self.panel.w - 2 * u)
        for i, (line, size) in enumerate(lines):
            label = theme.text(line, size, color)
            surface.blit(label, (left, self.message_y + i * round(size * 1.25)))
        for button in self.extra_buttons:
            button.draw(surface, u, self.palette, light=True)
        self.winnable_box.draw(surface, round(u * 0.95), self.palette)
        self._draw_code(surface)
        if self.abandon_warning:
            warning = tr.gettext(self.abandon_warning)
            text = theme.text(warning, round(u * 0.9), theme.ERROR)
            surface.blit(text, (left, self.warning_y))

    def _code_message(self, problem: str | None) -> tuple[str, tuple[int, int, int]]:
        """Under the code field: what is wrong with it, or what Deal will deal."""
        tr = self.tr
        if problem is not None:
            return problem, theme.ERROR
        record = self.typed_record
        if record is not None:
            message = tr.gettext(
                OWN_GAME if is_earlier_point(record, self.session.game) else COPIED_GAME
            )
            return message.format(number=record.move_count, code=record.code), theme.OK
        typed = self.typed_code
        if typed is not None:
            deal, rules = typed
            message = tr.gettext(DEAL_MESSAGES[rules])
            return message.format(deal=format_number(tr, deal)), theme.OK
        return tr.gettext(RANDOM_MESSAGES[self.rules]), theme.PANEL_DIM

    def _draw_code(self, surface: pygame.Surface) -> None:
        """Beside the copy button: the current code, or whether it was copied."""
        u, code = self.unit, self.session.game.code
        if self.now < self.copied_until and self.copied_game:
            if self.copied:
                said = self.tr.gettext("Game copied.")
            else:
                said = self.tr.gettext("No clipboard available.")
            label = theme.text(said, round(u * 0.9), theme.OK if self.copied else theme.ERROR)
        elif self.now < self.copied_until:
            if self.copied:
                said = self.tr.gettext("Copied {code}")
            else:
                said = self.tr.gettext("No clipboard available. Write the code down: {code}")
            label = theme.text(
                said.format(code=code), round(u * 0.9), theme.OK if self.copied else theme.ERROR
            )
        elif code:
            label = theme.text(code, round(u * 0.9), theme.PANEL_DIM)
        else:
            return
        at = (self.copy_game_button.rect.right + u // 2, self.copy_game_button.rect.centery)
        surface.blit(label, label.get_rect(midleft=at))


# Keys that edit the New game dialog's code field wherever the focus is (a
# typed character does too; Space and Enter press the control in focus).
_EDITING_KEYS = frozenset(
    (pygame.K_v, pygame.K_a, pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_HOME, pygame.K_END)
)


def _two_lines(message: str, size: int, width: int) -> list[tuple[str, int]]:
    """``message`` in at most two lines of ``width`` pixels, each with its
    font size: smaller type if it needs it, an ellipsis only as a last
    resort (a code pasted with 40 characters of junk)."""
    for each in (size, round(size * 0.85)):
        face = theme.font(each)
        lines = theme.wrap(message, width, _measure(face))
        if len(lines) <= 2 and all(face.size(line)[0] <= width for line in lines):
            return [(line, each) for line in lines]
    # A word wider than the panel (wrapping leaves it whole) is cut too.
    return [(_fit(lines[0], each, width), each), (_fit(" ".join(lines[1:]), each, width), each)]


def _measure(face: theme.Face) -> Callable[[str], int]:
    return lambda line: face.size(line)[0]


def _fit(message: str, size: int, width: int) -> str:
    """Shorten ``message`` with an ellipsis until it fits ``width`` pixels."""
    # No character is narrower than a pixel, so ``width`` bounds what fits,
    # and the longest start that fits is found by halving: a pasted line of
    # junk may be 160,000 characters, too many to drop one at a time.
    face = theme.font(size)
    if len(message) <= width and face.size(message)[0] <= width:
        return message
    low, high = 0, min(len(message), max(width, 0))
    while low < high:
        middle = (low + high + 1) // 2
        if face.size(message[:middle] + "...")[0] <= width:
            low = middle
        else:
            high = middle - 1
    return message[:low] + "..."
