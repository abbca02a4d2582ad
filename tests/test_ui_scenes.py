"""Scenes on their stack, dialogs driven through a stand-in Host (no App),
and the key map as data."""

from __future__ import annotations

import pygame
import pytest
from uikit import STEP, advance, dialogs, key, make_app, view

from yukon.persistence import Settings, Store
from yukon.session.game_session import GameSession, NoJobs
from yukon.ui.dialogs.help_sections import SECTIONS
from yukon.ui.keymap import KEY_ROWS, Command, command_for, help_rows
from yukon.ui.shell.scene import Rects, Scene, SceneStack
from yukon.ui.speech.speaker import Speaker


class FakeScene:
    """Records what the stack asks of it."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.calls: list[str] = []
        self.animating = False
        self.needs_draw = False

    def handle_event(self, event: pygame.event.Event) -> None:
        self.calls.append("event")

    def update(self, dt: float) -> None:
        self.calls.append("update")

    def draw(self, surface: pygame.Surface, alpha: float = 1.0) -> Rects:
        self.calls.append("draw")
        return [pygame.Rect(0, 0, 1, 1)]

    def redraw(self) -> None:
        self.calls.append("redraw")

    def resize(self, size: tuple[int, int]) -> None:
        self.calls.append(f"resize {size[0]}x{size[1]}")

    def apply_settings(self, settings: Settings) -> None:
        self.calls.append("settings")

    def suspend(self) -> None:
        self.calls.append("suspend")

    def lose_focus(self) -> None:
        self.calls.append("lose focus")

    def leave(self) -> None:
        self.calls.append("leave")


def test_the_top_scene_takes_the_input_and_every_scene_keeps_time():
    stack = SceneStack()
    table, dialog = FakeScene("table"), FakeScene("dialog")
    scenes: list[Scene] = [table, dialog]
    stack.push(scenes[0], (800, 600))
    stack.push(scenes[1], (800, 600))
    assert table.calls[-3:] == ["suspend", "leave", "redraw"]  # the press below ends
    assert dialog.calls[:1] == ["resize 800x600"]
    table.calls.clear()
    dialog.calls.clear()
    stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0))
    stack.update(STEP)
    assert table.calls == ["update"] and dialog.calls == ["event", "update"]
    assert stack.covered(table) and not stack.covered(dialog)


def test_a_scene_over_another_draws_the_whole_window_bottom_first():
    stack = SceneStack()
    table, dialog = FakeScene("table"), FakeScene("dialog")
    surface = pygame.Surface((10, 10))
    stack.push(table, (10, 10))
    assert stack.draw(surface) == [pygame.Rect(0, 0, 1, 1)]  # alone: what changed
    stack.push(dialog, (10, 10))
    table.calls.clear()
    assert stack.draw(surface) is None
    assert table.calls == ["redraw", "draw"] and dialog.calls[-1] == "draw"
    stack.remove(dialog)
    assert stack.top is table and not stack.covered(table)


def test_settings_reach_every_scene_on_the_stack():
    stack = SceneStack()
    scenes = [FakeScene("table"), FakeScene("dialog")]
    for scene in scenes:
        stack.push(scene, (10, 10))
    stack.apply_settings(Settings())
    assert all(scene.calls[-1] == "settings" for scene in scenes)


class FakeHost:
    """A Host without a window: what the dialogs asked for is kept."""

    def __init__(self, session: GameSession) -> None:
        from yukon.i18n import Translator

        self.session = session
        self.translator = Translator()  # English
        self.size = (1280, 800)
        self.density = 1.0
        self.fullscreen = False
        self.audio_available: bool | None = None
        self.speaker = Speaker(None, clock=lambda: 0.0)  # speech off
        self.pushed: list[Scene] = []
        self.closed: list[Scene] = []

    def toggle_fullscreen(self) -> None:
        self.fullscreen = not self.fullscreen

    def set_fullscreen(self, on: bool) -> None:
        self.fullscreen = on

    def set_title(self, code: str | None, game: str = "Yukon") -> None:
        pass

    def push(self, scene: Scene) -> None:
        scene.resize(self.size)
        self.pushed.append(scene)

    def close(self, scene: Scene) -> None:
        self.closed.append(scene)

    def covered(self, scene: Scene) -> bool:
        return False


@pytest.fixture
def host(home):
    from yukon.ui import theme

    pygame.font.init()
    theme.reset()  # fonts made before another test's pygame.quit() are gone
    return FakeHost(GameSession(Store(home), NoJobs(), code="YU1-C-AAAAAAB"))


def test_a_dialog_changes_settings_through_the_session_and_closes_through_the_host(host):
    from yukon.ui.dialogs.settings import SettingsDialog

    dialog = SettingsDialog(host)
    host.push(dialog)
    box = dialog.boxes[0]
    dialog.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=box.rect.center, button=1))
    dialog.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=box.rect.center, button=1))
    assert host.session.settings.double_click is False
    dialog.draw(pygame.Surface(host.size))
    dialog.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    assert host.closed == [dialog]


def test_the_new_game_dialog_deals_through_the_session(host):
    from yukon.ui.dialogs.new_game import NewGameDialog

    dialog = NewGameDialog(host)
    host.push(dialog)
    dialog.field.set("YU1-R-AAAAAAC")
    dialog.accept()
    assert host.session.game.code == "YU1-R-AAAAAAC" and host.closed == [dialog]
    assert host.session.settings.rule_set.value == "R"


# ---------------------------------------------------------------- the key map


def test_help_shows_the_key_map_itself():
    keyboard = dict(SECTIONS)["Keyboard"]
    assert keyboard == help_rows() == [(row.keys, row.does) for row in KEY_ROWS]


def test_every_command_has_a_key_and_a_line_in_help():
    bound = {binding.command for row in KEY_ROWS for binding in row.bindings}
    assert bound == set(Command)


@pytest.mark.parametrize(
    ("key_code", "mod", "command"),
    [
        (pygame.K_z, pygame.KMOD_LCTRL, Command.UNDO),
        (pygame.K_z, pygame.KMOD_LMETA, Command.UNDO),  # Cmd on a Mac
        (pygame.K_BACKSPACE, pygame.KMOD_LCTRL, Command.UNDO),
        (pygame.K_h, pygame.KMOD_LCTRL, None),
        (pygame.K_3, 0, Command.COLUMN_3),
        (pygame.K_3, pygame.KMOD_RALT, None),  # AltGr types something else
        (pygame.K_KP3, pygame.KMOD_NUM, Command.COLUMN_3),
        (pygame.K_KP3, 0, Command.TOP),  # Num Lock off: Page Down
        (pygame.K_KP8, pygame.KMOD_NUM, None),
        (pygame.K_RETURN, 0, Command.PICK_OR_PUT),
        (pygame.K_RETURN, pygame.KMOD_LALT, Command.FULL_SCREEN),
        (pygame.K_COMMA, 0, None),
        (pygame.K_ESCAPE, pygame.KMOD_LSHIFT, Command.CANCEL),
    ],
)
def test_keys_give_their_commands(key_code, mod, command):
    assert command_for(key_code, mod) is command


def test_a_keypad_arrow_held_down_stops_at_its_own_release():
    app = make_app(code="YU1-C-AAAAAAB")
    cursor = view(app).cursor
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_KP6, mod=0, unicode=""))
    advance(app, 0.5)  # held: it steps on by itself
    stepped = int(cursor.pile)
    assert stepped > 1
    app.handle_event(pygame.event.Event(pygame.KEYUP, key=pygame.K_KP6, mod=0, unicode=""))
    advance(app, 0.5)
    assert int(cursor.pile) == stepped
    key(app, pygame.K_F1)
    assert type(dialogs(app)[-1]).__name__ == "HelpScreen"
    app.shutdown()


def test_the_table_announces_pick_ups_and_refusals_for_listeners():
    from uikit import card, drag, grab_point, pile_point

    from yukon.session.events import Happening

    app = make_app(code="YU1-C-AAAAAAB")
    heard: list[Happening] = []
    app.session.events.subscribe(lambda event: heard.append(event.kind))
    drag(app, grab_point(app, card("7C")), pile_point(app, 0))  # the 7♣ on the 7♥: refused
    assert heard == [Happening.PICKED_UP, Happening.REFUSED]
    heard.clear()
    key(app, pygame.K_7)
    key(app, pygame.K_SPACE)  # the 7♣ picked up with the keyboard
    assert heard == [Happening.PICKED_UP]
    app.shutdown()
