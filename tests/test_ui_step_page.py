"""What the Examples page and Replay share (``StepPage``): the same keys and
buttons do the same on both, their small table is the player's own, and
their steps play on by themselves at the page's pace."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pygame
import pytest
from uikit import advance, key, make_app

from yukon.persistence.settings import AnimationSpeed, CardBack, TableColour
from yukon.ui.art.faces import card_style
from yukon.ui.art.felt import TABLE_COLOURS, table_background
from yukon.ui.dialogs.examples import ExamplesScene
from yukon.ui.dialogs.replay import ReplayScene
from yukon.ui.dialogs.step_page import START_PAUSE, StepPage
from yukon.ui.key_repeat import REPEAT_DELAY

WON = " ".join((Path(__file__).parent / "data" / "won_YU1-C-AAAAAAB.txt").read_text().split())
PAGES = ["examples", "replay"]


def open_page(app, which: str) -> StepPage:
    """The page as a player opens it: Examples from Help (F1, E), Replay
    from the table (here with a won game of 120 actions)."""
    if which == "examples":
        key(app, pygame.K_F1)
        key(app, pygame.K_e)
    else:
        app.table.open_replay(WON)
    page = app.stack.top
    assert isinstance(page, ExamplesScene if which == "examples" else ReplayScene)
    app.draw()
    return page


@pytest.fixture(params=PAGES)
def opened(request):
    """The app with one of the pages open on it, each test once for each page."""
    app = make_app()
    yield app, open_page(app, request.param)
    app.shutdown()


def down(app, k: int) -> None:
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))


def up(app, k: int) -> None:
    app.handle_event(pygame.event.Event(pygame.KEYUP, key=k, mod=0))


def test_right_takes_a_step_and_left_takes_it_back(opened):
    app, page = opened
    assert page.done == 0 and not page.back_button.enabled() and page.next_button.enabled()
    before = page.game.position()
    key(app, pygame.K_RIGHT)
    assert page.done == 1 and page.table.animating  # the cards fly
    advance(app, 0.5)
    assert not page.table.animating and page.back_button.enabled()
    key(app, pygame.K_LEFT)
    assert page.done == 0 and page.game.position() == before


def test_a_held_arrow_steps_on_until_it_is_let_go(opened):
    app, page = opened
    steps = []
    forward = page.forward
    page.forward = lambda: steps.append(1) or forward()  # type: ignore[method-assign]
    down(app, pygame.K_RIGHT)
    assert len(steps) == 1
    advance(app, REPEAT_DELAY + 0.2)  # a few repeats after the delay
    assert len(steps) >= 3
    up(app, pygame.K_RIGHT)
    taken = len(steps)
    advance(app, 1.0)
    assert len(steps) == taken


def test_a_held_arrow_stops_when_the_window_loses_the_keys(opened):
    app, page = opened
    down(app, pygame.K_RIGHT)
    app.handle_event(pygame.event.Event(pygame.WINDOWFOCUSLOST))  # its release goes elsewhere
    taken = (getattr(page, "index", 0), page.done)
    advance(app, REPEAT_DELAY + 0.5)
    assert (getattr(page, "index", 0), page.done) == taken
    assert not page.animating


def test_home_and_end_go_to_the_first_and_the_last_step(opened):
    app, page = opened
    key(app, pygame.K_END)
    assert page.done == page.step_count() > 1
    won = page.game.position()
    key(app, pygame.K_HOME)
    assert page.done == 0 and page.game.position() != won
    key(app, pygame.K_END)
    assert page.game.position() == won


def test_space_plays_the_steps_at_the_pages_pace_and_pauses_them(opened):
    app, page = opened
    assert page.play_button.label == "Play"
    key(app, pygame.K_SPACE)
    advance(app, 0.02)
    assert page.done == 1 and page.playing and page.play_button.label == "Pause"
    advance(app, page.step_seconds - 0.1)
    assert page.done == 1
    advance(app, 0.15)
    assert page.done == 2
    key(app, pygame.K_SPACE)  # pause
    advance(app, 3 * page.step_seconds)
    assert page.done == 2 and not page.playing and page.play_button.label == "Play"
    key(app, pygame.K_HOME)
    page.play_button.activate()  # the button does what Space does
    advance(app, 0.02)
    assert page.done == 1 and page.playing
    key(app, pygame.K_LEFT)  # a step by hand ends the playing
    assert page.done == 0 and not page.playing


def test_play_at_the_end_plays_from_the_first_step_and_stops_at_the_last(opened):
    app, page = opened
    key(app, pygame.K_END)
    key(app, pygame.K_SPACE)
    assert page.done == 0 and page.playing
    advance(app, page.step_seconds * START_PAUSE + 0.05)  # a moment on the first position
    assert page.done == 1
    for _ in range(page.step_count() * 3):  # longer than any pause between steps
        if not page.playing:
            break
        advance(app, 1.0)
    assert page.done == page.step_count() and not page.playing
    advance(app, 0.5)
    assert not page.animating  # the page rests


def test_r_plays_from_the_first_step(opened):
    app, page = opened
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_r)
    assert page.done == 0 and page.playing


def test_space_presses_the_button_in_focus_instead(opened):
    app, page = opened
    key(app, pygame.K_TAB)  # Play
    key(app, pygame.K_TAB)  # Next (Back cannot act yet)
    assert page.focused is page.next_button
    key(app, pygame.K_SPACE)
    assert page.done == 1 and not page.playing


@pytest.mark.parametrize("which", PAGES)
@pytest.mark.parametrize("lang", ["en", "fi", "sv"])
def test_the_page_says_its_keys_in_the_players_language(which, lang):
    from yukon.i18n import Language, Translator
    from yukon.ui.dialogs.step_page import KEYS_HINT

    app = make_app(lang=lang)
    open_page(app, which)
    app.draw()
    shown = {box.text for box in app.text_boxes()}
    tr = Translator(Language(lang))
    assert tr.gettext(KEYS_HINT) in shown
    assert tr.pgettext("steps", "Play") in shown
    app.shutdown()


START_WORDS = {"en": "Start · {n} steps", "fi": "Alku · {n} vaihetta", "sv": "Start · {n} steg"}
STEP_WORDS = {"en": "Step {k} of {n}", "fi": "Vaihe {k}/{n}", "sv": "Steg {k} av {n}"}


@pytest.mark.parametrize("which", PAGES)
@pytest.mark.parametrize("lang", ["en", "fi", "sv"])
def test_before_the_first_step_the_page_says_start_not_step_0(which, lang):
    app = make_app(lang=lang)
    page = open_page(app, which)
    n = page.step_count()
    assert page.where().endswith(START_WORDS[lang].format(n=n))
    assert page.where() in {box.text for box in app.text_boxes()}
    key(app, pygame.K_RIGHT)
    assert page.where().endswith(STEP_WORDS[lang].format(k=1, n=n))
    key(app, pygame.K_HOME)
    assert page.where().endswith(START_WORDS[lang].format(n=n))
    app.shutdown()


def test_a_single_step_is_one_step():
    from yukon.i18n import Language, Translator

    words = {"en": "Start · 1 step", "fi": "Alku · 1 vaihe", "sv": "Start · 1 steg"}
    for lang, text in words.items():
        tr = Translator(Language(lang))
        singular, plural = "Start · {count} step", "Start · {count} steps"
        assert tr.ngettext(singular, plural, 1).format(count=1) == text


@pytest.mark.parametrize("which", PAGES)
def test_the_small_table_is_the_players_own_table(which):
    """The four-colour deck, the card back, large indices, the table
    colour, the foundations on the left and the cards' pace, as on the table."""
    app = make_app()
    settings = dataclasses.replace(
        app.session.settings,
        four_colour=True,
        large_indices=True,
        card_back=CardBack.WAVES,
        table_colour=TableColour.RED,
        left_handed=True,
        animation=AnimationSpeed.OFF,
    )
    app.session.update_settings(settings)
    page = open_page(app, which)
    for _ in range(3):
        table = page.table
        assert table.art.style == card_style(settings) and table.art.style.four_colour
        assert table.layout.foundation_x < table.layout.column_x[0]  # left-handed
        assert table.layout.min_up_step >= table.art.compact_height  # large indices stay whole
        assert table.sprites.pace == 0 and not table.animating  # animations off
        expected = table_background(page.area.size, TABLE_COLOURS[TableColour.RED])
        assert table.felt.get_at((2, 2)) == expected.get_at((2, 2))
        key(app, pygame.K_RIGHT)
    app.shutdown()


@pytest.mark.parametrize("which", PAGES)
def test_the_small_table_follows_settings_changed_while_it_shows(which):
    app = make_app()
    page = open_page(app, which)
    assert not page.table.art.style.four_colour
    app.session.update_settings(dataclasses.replace(app.session.settings, four_colour=True))
    assert page.table.art.style.four_colour
    app.shutdown()


# ------------------------------------------ a long replay, stepped back


def long_record(actions: int = 19_990) -> str:
    """A game of many moves, undos and redos (the same every run)."""
    import random

    from yukon.engine import Game

    rng = random.Random(7)
    game = Game.from_code("YU1-C-AAAAAAB")
    while game.action_count < actions:
        moves = game.legal_moves()
        roll = rng.random()
        if game.can_redo and roll < 0.15:
            game.redo()
        elif moves and roll < 0.75:
            game.play(rng.choice(moves))
        elif game.can_undo:
            game.undo()
    return game.record()


def test_back_in_a_long_replay_takes_few_steps_and_lands_exactly_where_it_should(monkeypatch):
    """Back once replayed every step from the deal (0.3 s a press at
    20,000 actions, the window frozen under a held key); now it plays on
    from a position kept nearby, to the same game as a replay from the
    deal, its history and what the page says of the step included."""
    from yukon.engine import Game
    from yukon.ui.dialogs.step_page import CHECKPOINT_STEPS

    record = long_record()
    code, *actions = record.split()
    app = make_app()
    app.table.open_replay(record)
    page = app.stack.top
    key(app, pygame.K_END)
    taken: list[int] = []
    real = page.take_step
    monkeypatch.setattr(page, "take_step", lambda index: taken.append(index) or real(index))
    for _ in range(150):
        taken.clear()
        key(app, pygame.K_LEFT)
        assert len(taken) <= CHECKPOINT_STEPS
    assert page.done == len(actions) - 150
    for target in (len(actions) - 150, 12_345, 64, 63, 1):
        page.go_to(target)
        expected = Game.from_record(" ".join([code, *actions[:target]]))
        game = page.game
        assert (game.position(), game.score, game.move_count) == (
            expected.position(),
            expected.score,
            expected.move_count,
        )
        assert game.undo_moves() == expected.undo_moves()
        assert game.redo_moves() == expected.redo_moves()
        if target < 2_000:  # what it says of the step: as a replay from the deal says it
            fresh = ReplayScene(app.host, record)
            fresh.go_to(target)
            assert page.caption == fresh.caption


# ---------------------------------------------------------------- Replay's caption

CAPTION_SWEEP = [(800, 600), (1024, 768), (1280, 720), (1280, 800), (1920, 1080), (2560, 1440)]
CAPTION_SWEEP.append((3840, 2160))


@pytest.mark.parametrize("lang", ["en", "fi", "sv"])
def test_the_replays_caption_is_large_and_centred_right_over_the_table(lang):
    """The last action in words was 0.85 of a dialog unit (13 px at
    800x600) at the top right of the table's strip: now it is at least the
    dialogs' body size and the readable size, whole, centred right above
    the small table. Swept over window sizes, on its longest captions."""
    from yukon.ui import theme
    from yukon.ui.dialogs.replay import CAPTION_UNITS

    longest = None
    for width, height in CAPTION_SWEEP:
        app = make_app(f"{width}x{height}", lang=lang)
        app.table.open_replay(WON)
        page = app.stack.top
        assert isinstance(page, ReplayScene)
        if longest is None:  # the step whose caption is the longest
            said = []
            for _ in range(page.step_count()):
                page.forward()
                said.append(len(page.caption))
            longest = said.index(max(said)) + 1
        page.go_to(longest, animate=False)
        boxes = [box for box in app.text_boxes() if box.text == page.caption]
        where = (lang, width, height, page.caption)
        assert len(boxes) == 1, where
        box = boxes[0].rect
        assert page.caption_size() >= max(theme.READABLE, round(page.unit * CAPTION_UNITS)), where
        assert box.h >= theme.font(theme.READABLE, bold=True).get_height(), where
        assert abs(box.centerx - page.area.centerx) <= 1, where  # centred on the table
        assert 0 <= page.area.top - box.bottom <= page.unit, where  # right over it
        assert page.panel.contains(box), where
        app.shutdown()


def test_watching_a_replay_leaves_the_games_clock_as_it_was():
    """Opening Watch replay from New game and closing it leaves the clock of
    the game in play where it was, and it runs on from there."""
    app = make_app(code="YU1-C-AAAAAAB")
    table = app.table
    table.play(table.game.legal_moves()[0])
    advance(app, 42.0)
    before = app.session.elapsed
    assert before >= 41.5
    table.open_new_game()
    new_game = app.stack.top
    new_game.field.set(WON)
    new_game.watch_replay()
    page = app.stack.top
    assert isinstance(page, ReplayScene)
    key(app, pygame.K_SPACE)  # plays a while
    advance(app, 30.0)
    assert app.session.elapsed == before  # covered: the clock waits
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is table and app.session.elapsed == before
    advance(app, 2.0)
    assert before + 1.9 <= app.session.elapsed <= before + 2.1
    assert app.session.game.move_count == 1  # the game in play, not the one watched
    app.shutdown()
