"""Every scene and dialog page, drawn headless: a PNG and the layout of each.

Usage: ``python benchmarks/scenes.py OUT_DIR [--langs fi,sv,en] [--sizes 800x600,1920x1080]``

Each shot opens a scene through the game's own code (the table, New game,
Settings' pages, Statistics, Help and the FAQ page by page, the examples,
a replay, the win, Where was it lost?) in a fresh data folder, draws it,
and writes ``<lang>-<size>-<shot>.png`` and the table's ``--dump-layout``
snapshot beside it as ``.json``. Two runs of the same tree write the same
bytes, so a refactoring is shown to change nothing a player sees by
``cmp``-ing two output folders (``--compare A B``).

YUKON_SHOTS_ROOT: the checkout drawn (default: this one).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

ROOT = Path(os.environ.get("YUKON_SHOTS_ROOT") or Path(__file__).resolve().parent.parent)
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

CODE = "YU1-C-AAAAAAB"
LINE = ROOT / "tests" / "data" / "won_YU1-C-AAAAAAB.txt"
STEP = 1 / 120
PAGES = 40  # at most this many pages of a scrolling page


def _app(lang: str, size: str):  # type: ignore[no-untyped-def]
    from yukon.desktop.app import App, parse_args

    app = App(parse_args(["--size", size, "--lang", lang, "--code", CODE]))
    app.table.board.seed_celebrations(1)
    return app


def _key(app, key_code: int, mod: int = 0, unicode: str = "") -> None:  # type: ignore[no-untyped-def]
    import pygame

    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        app.handle_event(pygame.event.Event(kind, key=key_code, mod=mod, unicode=unicode))


def _settle(app, seconds: float = 1.0) -> None:  # type: ignore[no-untyped-def]
    for _ in range(round(seconds / STEP)):
        app.update(STEP)


def _moves(count: int) -> list[str]:
    return LINE.read_text().split()[1 : 1 + count]


def _play(app, count: int) -> None:  # type: ignore[no-untyped-def]
    from yukon.engine import Move

    for text in _moves(count):
        app.table.play(Move.parse(text))
    _settle(app)


def _top(app):  # type: ignore[no-untyped-def]
    return app.stack.scenes[-1]


Shot = Callable[..., object]


def _pages(app, name: str, shoot: Callable[[str], None]) -> None:  # type: ignore[no-untyped-def]
    """Page Down through the scene on top until it no longer scrolls."""
    import pygame

    scene = _top(app)
    shoot(f"{name}-0")
    for page in range(1, PAGES):
        before = scene.scroller.scroll
        _key(app, pygame.K_PAGEDOWN)
        _settle(app, 0.5)
        if scene.scroller.scroll == before:
            return
        shoot(f"{name}-{page}")


def shots(app, shoot: Callable[[str], None]) -> None:  # type: ignore[no-untyped-def]
    """Open every scene and page of ``app`` in turn, shooting each."""
    import pygame

    from yukon.engine import Rules
    from yukon.jobs.loss_analysis import LossReport
    from yukon.solver import Verdict
    from yukon.texts.examples import EXAMPLES
    from yukon.ui.dialogs.examples import ExamplesScene
    from yukon.ui.dialogs.where_lost import LossDialog

    table = app.table
    shoot("table-deal")
    _play(app, 12)
    shoot("table-played")
    _key(app, pygame.K_RIGHT)
    _key(app, pygame.K_SPACE)
    _settle(app, 0.5)
    shoot("table-held")
    _key(app, pygame.K_ESCAPE)
    _settle(app)
    # New game, for each game.
    table.open_new_game()
    shoot("new-game")
    dialog = _top(app)
    for index, button in enumerate([*dialog.game_buttons, *dialog.rule_buttons]):
        button.action()
        shoot(f"new-game-{index}")
    dialog.keyboard_start()
    shoot("new-game-focus")
    app.host.close(dialog)
    # Settings, page by page, opened with a key (the focus shown).
    table.open_settings()
    settings = _top(app)
    for page in settings.PAGES:
        settings._show_page(page)()
        shoot(f"settings-{page.name.lower()}")
    settings.keyboard_start()
    shoot("settings-focus")
    app.host.close(settings)
    # Statistics, each game's, and the question before a reset.
    table.open_stats()
    stats = _top(app)
    shoot("stats")
    for rules in Rules:
        stats._show_rules(rules)()
        shoot(f"stats-{rules.name.lower()}")
    stats.ask_reset()
    shoot("stats-reset")
    app.host.close(stats)
    # Help and the FAQ, page by page.
    table.open_help()
    _pages(app, "help", shoot)
    _top(app).toggle_faq()
    _settle(app, 0.5)
    _pages(app, "faq", shoot)
    app.host.close(_top(app))
    # The examples, the first and the last step of each.
    examples = ExamplesScene(app.host)
    app.host.push(examples)
    for index in range(len(EXAMPLES)):
        examples.show(index)
        examples.go_to(0, animate=False)
        shoot(f"example-{index}-first")
        examples.go_to(examples.step_count(), animate=False)
        shoot(f"example-{index}-last")
    app.host.close(examples)
    # Where was it lost? While it looks, then its answers.
    dialog = LossDialog(app.host, known=None, go_back=lambda count: None, hint=lambda: None)
    app.host.push(dialog)
    shoot("lost-searching")
    dialog._answered(LossReport(end=Verdict.LOST, lost_from_start=False, moves_back=3))
    shoot("lost-back")
    dialog._answered(LossReport(end=Verdict.WON, lost_from_start=False))
    shoot("lost-winnable")
    dialog._answered(None)
    shoot("lost-failed")
    app.host.close(dialog)
    # The win, its dialog and the replay of the game won.
    from yukon.engine import Move

    for text in _moves(10_000)[12:]:
        table.play(Move.parse(text))
    _settle(app, 0.5)
    shoot("won-flight")
    _settle(app, 20)
    shoot("won")
    if _top(app) is not table:
        app.host.close(_top(app))
    table.open_win()
    shoot("win-dialog")
    app.host.close(_top(app))
    last = app.session.last_finished
    if last is not None:
        table.open_replay(last)
        replay = _top(app)
        shoot("replay-start")
        replay.go_to(replay.step_count() // 2, animate=False)
        shoot("replay-middle")
        replay.go_to(replay.step_count(), animate=False)
        shoot("replay-end")


def run(out: Path, langs: list[str], sizes: list[str]) -> int:
    import pygame

    out.mkdir(parents=True, exist_ok=True)
    count = 0
    for lang in langs:
        for size in sizes:
            with _home() as home:
                os.environ["YUKON_HOME"] = home
                app = _app(lang, size)

                def shoot(name: str, app=app, lang=lang, size=size) -> None:  # type: ignore[no-untyped-def]
                    nonlocal count
                    app.stack.redraw()
                    app.draw()
                    stem = out / f"{lang}-{size}-{name}"
                    pygame.image.save(app.window.surface, f"{stem}.png")
                    snapshot = app.table.layout_snapshot(redraw=False)
                    snapshot["text_boxes"] = [
                        [box.text, list(box.rect)] for box in app.text_boxes(redraw=True)
                    ]
                    snapshot["scenes"] = app.shown_scenes()
                    text = json.dumps(snapshot, sort_keys=True, indent=1, default=str)
                    Path(f"{stem}.json").write_text(text)
                    count += 1

                try:
                    shots(app, shoot)
                finally:
                    app.shutdown()
            count += _main_shot(out / f"{lang}-{size}-main", lang, size)
    return count


@contextlib.contextmanager
def _home() -> Iterator[str]:
    """A fresh data folder at the same path every run (the FAQ names it)."""
    home = Path(tempfile.gettempdir()) / "yukon-scenes-home"
    shutil.rmtree(home, ignore_errors=True)
    home.mkdir()
    try:
        yield str(home)
    finally:
        shutil.rmtree(home, ignore_errors=True)


def _main_shot(stem: Path, lang: str, size: str) -> int:
    """The game's own ``--screenshot`` and ``--dump-layout`` of the deal."""
    import subprocess

    with _home() as home:
        env = dict(os.environ, YUKON_HOME=home)
        command = [sys.executable, str(ROOT / "main.py"), "--code", CODE, "--size", size]
        command += ["--lang", lang, "--frames", "30", "--screenshot", f"{stem}.png"]
        command += ["--dump-layout", f"{stem}.json"]
        subprocess.run(command, env=env, check=True, cwd=ROOT)
    return 1


def compare(a: Path, b: Path) -> list[str]:
    """The files that differ between two output folders (or are in one only)."""
    names = {p.name for p in a.iterdir()} | {p.name for p in b.iterdir()}
    differ = []
    for name in sorted(names):
        pa, pb = a / name, b / name
        if not (pa.exists() and pb.exists()) or pa.read_bytes() != pb.read_bytes():
            differ.append(name)
    return differ


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--langs", default="fi,sv,en")
    parser.add_argument("--sizes", default="800x600,1920x1080")
    parser.add_argument("--compare", type=Path, help="compare OUT with this folder instead")
    args = parser.parse_args()
    if args.compare is not None:
        differ = compare(args.out, args.compare)
        total = len(list(args.out.iterdir()))
        print(f"{total} files, {len(differ)} differ")
        for name in differ:
            print(name)
        sys.exit(1 if differ else 0)
    count = run(args.out, args.langs.split(","), args.sizes.split(","))
    print(f"{count} shots in {args.out}")


if __name__ == "__main__":
    main()
