"""What the first frame costs besides its imports (those are listed in
``test_first_frame_imports``): the work start-up does, counted, not timed."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run_game(home: Path, code: str) -> str:
    """``code`` (which starts the game) in a process of its own; its output."""
    env = dict(os.environ, YUKON_HOME=str(home), SDL_VIDEODRIVER="dummy")
    env.update(SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")  # stdout: its own
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
        cwd=ROOT,
        check=True,
    )
    return done.stdout


# Collections by the cyclic garbage collector from the start of ``main``
# to the first frame, and after the run.
COLLECTIONS = """
import gc
from yukon.desktop import app
from yukon.ui.shell import window

phase = ["before main"]
seen = {"before main": 0, "start-up": 0, "playing": 0}


def count(step, info):
    if step == "start":
        seen[phase[0]] += 1


gc.callbacks.append(count)
start, present = app._start, window.Window.present

def started(*args):
    phase[0] = "start-up"
    return start(*args)

def presented(self, rects):
    present(self, rects)
    phase[0] = "playing"

app._start, window.Window.present = started, presented
status = app.main(["--frames", "1", "--size", "1920x1080"])
print(status, seen["start-up"], gc.isenabled(), gc.get_freeze_count() > 0)
"""


def test_no_garbage_is_looked_for_before_the_first_frame(tmp_path: Path) -> None:
    """Start-up makes tens of thousands of objects and almost no garbage:
    the collector looked through them all some sixty times before the
    first frame, for nothing. It is on again afterwards, and what is left
    at the end is frozen, so the interpreter's exit does not look again."""
    status, collections, enabled, frozen = run_game(tmp_path, COLLECTIONS).split()
    assert status == "0" and collections == "0"
    assert enabled == "True" and frozen == "True"


def test_main_turns_the_collector_on_again_when_the_game_cannot_start(monkeypatch) -> None:
    import gc

    from yukon.desktop import app, display

    during: list[bool] = []

    def no_display(environ: object = None) -> str:
        during.append(gc.isenabled())
        raise display.NoDisplay("no screen here")

    monkeypatch.setattr(display, "start", no_display)
    assert app.main(["--frames", "1"]) == 1
    assert during == [False] and gc.isenabled()


def test_the_first_frame_paints_the_felt_without_keeping_a_copy() -> None:
    """The felt (a window's worth of pixels) is painted straight onto the
    window for the first frame; the copy later frames blit is made in idle
    time after it, and the frames are the same picture either way."""
    import pygame
    from uikit import make_app

    from yukon.ui.art import felt

    felt._BACKGROUNDS.clear()
    app = make_app("1920x1080", code="YU1-C-AAAAAAB")
    app.draw()
    assert felt._BACKGROUNDS == {}
    first = pygame.image.tobytes(app.surface, "RGB")
    assert app.table.warm_up()  # idle time after the first frame
    assert list(felt._BACKGROUNDS) == [((1920, 1080), felt.FELT)]
    assert app.table.warm_up()  # at the next rest: the card pictures kept for the next start
    assert not app.table.warm_up()  # nothing more to make
    app.table.redraw()
    app.draw()
    assert pygame.image.tobytes(app.surface, "RGB") == first
    app.shutdown()


def test_the_loop_makes_the_felts_copy_once_at_rest(monkeypatch) -> None:
    from test_ui_app import run_loop
    from uikit import make_app

    from yukon.ui.art import felt

    felt._BACKGROUNDS.clear()
    app = make_app("1280x800", code="YU1-C-AAAAAAB")
    run_loop(app, monkeypatch, 2.0)
    assert list(felt._BACKGROUNDS) == [((1280, 800), felt.FELT)]


def test_the_empty_places_are_drawn_before_the_faces(monkeypatch) -> None:
    """Their large supersampled pictures come and go first, so the memory
    they took holds the faces, rather than adding to theirs."""
    from uikit import make_app

    from yukon.ui.art.faces import CardArt

    drawn: list[str] = []
    slot, face = CardArt._render_slot, CardArt._render_face
    monkeypatch.setattr(
        CardArt, "_render_slot", lambda art, *how: drawn.append("place") or slot(art, *how)
    )
    monkeypatch.setattr(
        CardArt, "_render_face", lambda art, *how: drawn.append("face") or face(art, *how)
    )
    make_app("1920x1080", code="YU1-C-AAAAAAB").draw()
    assert drawn[:5] == ["place"] * 5 and "place" not in drawn[5:]


def test_the_table_of_every_move_is_built_when_first_asked_for(tmp_path: Path) -> None:
    """The first frame asks for no move: the table of all 2,240 moves waits
    for the first question, and a move made before it is the table's own."""
    code = """
from yukon.desktop.app import main
from yukon.engine import Game, Move, moves
main(["--frames", "1", "--size", "1920x1080", "--code", "YU1-C-AAAAAAB"])
built_at_start = "MOVE_TABLE" in vars(moves)
early = Move.parse("7:5>2")
legal = Game.from_code("YU1-C-AAAAAAB").legal_moves()
print(built_at_start, early in legal, moves.MOVE_TABLE[6][5][1] is early is Move(6, 5, 1))
"""
    assert run_game(tmp_path, code).split() == ["False", "True", "True"]


def test_the_window_gets_its_icon_once_the_first_frame_is_on_screen(monkeypatch) -> None:
    """Decoding the icon (and the copy the window keeps) wants time and
    memory the first frame need not wait for."""
    from test_ui_app import run_loop
    from uikit import make_app

    from yukon.ui.shell import window

    given: list[object] = []
    monkeypatch.setattr(window, "set_icon", lambda own=None: given.append(own))
    app = make_app("1280x800", code="YU1-C-AAAAAAB")
    assert given == [] and not app.window.icon_shown
    run_loop(app, monkeypatch, 2.0)
    assert len(given) == 1 and app.window.icon_shown


def test_the_platforms_font_is_asked_for_before_the_tables_modules_load(tmp_path: Path) -> None:
    """fontconfig answers in a process of its own, taking some 20 ms: asked
    first, it answers while the game's modules load, and the first text
    finds it there."""
    code = """
import sys
from yukon.ui import typeface
loaded = []
look_up = typeface.look_up_soon
def asked():
    loaded.append("yukon.ui.table.scene" in sys.modules)
    look_up()
typeface.look_up_soon = asked
from yukon.desktop.app import main
main(["--frames", "1", "--size", "1280x800"])
print(loaded[0])
"""
    assert run_game(tmp_path, code).split() == ["False"]
