"""Every text fits, in every language, at the smallest and a large window:
inside its button, dialog, bar or banner, and clear of every other text.

The texts come from ``App.text_boxes`` (what ``--dump-layout`` lists): each
scene is drawn off screen and every text blitted is recorded with the
rectangle of what holds it.
"""

from __future__ import annotations

import dataclasses
import json

import pygame
import pytest
from test_loss_analysis import FACE_UP_GAME
from uikit import advance, make_app, use_game

from yukon.engine import Card, Game, Move
from yukon.jobs.hints import JobDone, JobProgress
from yukon.jobs.loss_analysis import LossProgress, LossReport, LostMove
from yukon.solver import Verdict
from yukon.texts.examples import EXAMPLES, LINE
from yukon.ui.dialogs.where_lost import LossDialog
from yukon.ui.text_boxes import TextBox

LOSS_REPORTS = (
    LossReport(
        end=Verdict.LOST,
        lost_from_start=False,
        lost_at=LostMove(137, Move.parse("4:11>5"), Card.parse("TC"), Card.parse("JH"), 5),
        moves_back=27,
    ),
    LossReport(
        end=Verdict.LOST,
        lost_from_start=False,
        lost_at=LostMove(137, Move.parse("4:1>5"), Card.parse("KC"), None, 5),
        moves_back=127,
    ),
    LossReport(end=Verdict.LOST, lost_from_start=False, undecided=(112, 115), moves_back=3),
    LossReport(end=Verdict.LOST, lost_from_start=True),
    LossReport(end=Verdict.UNKNOWN, lost_from_start=False),
    LossReport(end=Verdict.WON, lost_from_start=False),
)

# How far the walk is, with the widest numbers a long game gives.
LOSS_PROGRESS = (LossProgress(0, 188, 1, 188), LossProgress(180, 188, 1088, 1188))

SIZES = ["800x600", "1920x1080"]
LANGUAGES = ["en", "fi", "sv"]


def check(app, scene: str) -> int:
    """No text out of its holder or the window, none over another."""
    return check_boxes(app.text_boxes(), app.size, scene)


def check_boxes(boxes: list[TextBox], size: tuple[int, int], scene: str) -> int:
    """No text of ``boxes`` out of its holder or a window of ``size``, none
    over another; how many there are."""
    window = pygame.Rect((0, 0), size)
    for box in boxes:
        assert box.holder.contains(box.rect), (
            f"{scene}: {box.text!r} {box.rect} out of {box.holder}"
        )
        assert window.contains(box.rect), f"{scene}: {box.text!r} {box.rect} off the window"
    for i, one in enumerate(boxes):
        for other in boxes[i + 1 :]:
            assert not one.rect.colliderect(other.rect), (
                f"{scene}: {one.text!r} {one.rect} overlaps {other.text!r} {other.rect}"
            )
    return len(boxes)


def texts(app) -> set[str]:
    return {box.text for box in app.text_boxes()}


def scenes(app):
    """Show every scene in turn (yielding its name while it is on top)."""
    table = app.table
    yield "table"
    table.moves.explain(Game.new(1).check(Move.parse("1:1>C")))  # the longest refusal on a banner
    yield "table with a banner"
    from yukon.i18n.sentences import Sentences
    from yukon.persistence import notices

    damaged = notices.bad_file(
        "statistics file", True, *notices.not_set_aside("Permission denied", "stats.json")
    )
    unsaved = notices.cannot_save("/home/player/.local/share/yukon", "No space left on device")
    table.notify(Sentences.join([damaged, unsaved, notices.ANOTHER_COPY]))
    yield "table with three notices"
    app.session.update_settings(dataclasses.replace(app.session.settings, live_verdict=True))
    for verdict in table.help.verdict_samples():  # the widest in each language, say
        table.bar.status = lambda verdict=verdict: verdict
        yield f"table with the verdict {verdict!r}"
    table.bar.status = table.help.verdict_text
    app.session.update_settings(dataclasses.replace(app.session.settings, live_verdict=False))
    app.session.record.demo_helped = True
    table.open_win()
    yield "the demo's win"
    app.session.record.demo_helped = False
    app.host.close(app.stack.top)
    for name, opener in [
        ("settings", table.open_settings),
        ("statistics", table.open_stats),
        ("win", table.open_win),
    ]:
        opener()
        dialog = app.stack.top
        yield name
        for page in getattr(dialog, "PAGES", ())[1:]:  # the Settings pages
            dialog.page = page
            dialog.resize(app.size)
            yield f"{name}, {page}"
        app.host.close(dialog)
    table.open_stats()
    stats = app.stack.top
    stats.ask_reset()
    yield "statistics, reset asked"
    app.host.close(stats)
    for i in range(30):  # games to chart: times from 1 min 45 s to over an hour
        if i % 4:
            app.session.stats.record_win("C", 625, 105.0 + 130 * i, 90 + 7 * i)
        else:
            app.session.stats.record_loss("C")
    table.open_stats()
    yield "statistics with charts"
    app.host.close(app.stack.top)
    table.open_new_game()
    dialog = app.stack.top
    yield "new game"
    # Each game shows its own note on how its columns build (one line).
    for button in [*dialog.game_buttons[1:], dialog.game_buttons[0], dialog.rule_buttons[1]]:
        button.action()
        yield f"new game, {button.label}"
    dialog.rule_buttons[0].action()
    for code in ("YU1-C-ABCDEFG", "YU1-X-AAAAAAB", "YU1-C-AAAAAAAB-X" * 2):
        dialog.field.set(code)
        yield f"new game, code {code}"
    dialog.copy_code()
    yield "new game, code copied"
    record = " ".join(["YU1-C-AACRWEA", *LINE[:12], "undo"])
    for text in (record, record + " 1:1>2", record + " 9:9>9"):
        dialog.field.set(text)
        yield f"new game, record {text[-6:]}"
    dialog.copy_game()
    yield "new game, game copied"
    app.host.close(dialog)
    table.open_replay(record)
    replay = app.stack.top
    for _ in range(4):
        replay.forward()
        advance(app, 0.5)
        yield f"replay, step {replay.done}"
    replay.play_or_pause()
    advance(app, 0.1)
    yield "replay, playing"  # its button reads Pause
    app.host.close(replay)
    for report in LOSS_REPORTS:
        lost = LossDialog(
            app.host, known=Verdict.LOST, go_back=lambda count: None, hint=lambda: None
        )
        app.host.push(lost)
        yield "where lost, looking"
        for told in LOSS_PROGRESS:
            lost.job_progress(JobProgress(lost.job_id or 0, told))
            yield f"where lost, looking, {told}"
        lost.job_done(JobDone(lost.job_id or 0, report))
        yield f"where lost, {report}"
        app.host.close(lost)
    game = app.session.game
    app.session.continue_record(FACE_UP_GAME)  # still winnable, every card face up
    lost = LossDialog(app.host, known=Verdict.WON, go_back=lambda count: None, hint=lambda: None)
    app.host.push(lost)
    yield "where lost, can still be won, every card face up"
    app.host.close(lost)
    use_game(app, game)
    table.open_help()
    help_screen = app.stack.top
    yield "help"
    for page in ("help", "faq"):
        if page == "faq":
            help_screen.toggle_faq()
            yield "faq"
        pages = 0
        while help_screen.scroll < help_screen.max_scroll:  # every screenful of the page
            help_screen.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN))
            pages += 1
            yield f"{page}, scrolled {pages}"
        assert pages < 40
    help_screen.open_examples()
    examples = app.stack.top
    for index, example in enumerate(EXAMPLES):
        examples.show(index)
        for _ in example.steps:
            examples.forward()
            advance(app, 0.5)
            yield f"example {index + 1}, step {examples.done}"


@pytest.fixture(params=["platform", "bundled"])
def font(request):
    """The platform's UI font (the bundled one where none is installed), or
    the bundled font as on a machine without any: every text fits with both."""
    from yukon.ui import theme, typeface

    pygame.font.init()
    typeface.use(typeface.find() if request.param == "platform" else typeface.BUNDLED)
    theme.reset()
    yield request.param
    typeface.use(None)
    theme.reset()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_text_fits_every_scene(lang, size, font):
    app = make_app(size, lang=lang)
    use_game(app, Game.from_code("YU1-C-AACRWEA"))
    shown = 0
    for scene in scenes(app):
        shown += check(app, f"{lang} {size} {scene}")
    assert shown > 300
    app.shutdown()


@pytest.mark.parametrize("code", ["YU1-U-AAAAAAB", "YU1-A-AAAAAAB", "YU1-M-AAAAAAB"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_bar_with_another_games_name_fits_the_smallest_window(lang, code, font):
    app = make_app("800x600", code=code, lang=lang)
    app.draw()
    assert check(app, f"{lang} {code} table") > 8
    assert code in app.table.bar.info_text()  # the code itself always shows
    app.shutdown()


# The widest day numbers with the widest month names of each language.
DAILY_DATES = ["2026-09-28", "2026-11-28", "2026-03-28", "2026-02-22"]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_bar_of_the_deal_of_the_day_fits(lang, size, font):
    app = make_app(size, lang=lang, live_verdict=True)
    table = app.table
    daily = app.host.translator.gettext("Deal of the day")
    for day in DAILY_DATES:
        app.session.start_game("YU1-C-DBGSOPT", daily=day)
        for verdict in ["", *table.help.verdict_samples()]:
            table.bar.status = lambda verdict=verdict: verdict
            app.draw()
            assert check(app, f"{lang} {size} deal of the day {day}, {verdict!r}") > 8
            assert daily in table.bar.info_text()
    app.shutdown()


@pytest.mark.parametrize("lang", ["fi", "sv"])
def test_the_help_and_faq_pages_fit_their_width_whole(lang, font):
    """Scrolled out of view or not, no line of the pages is wider than the page."""
    app = make_app("800x600", lang=lang)
    app.table.open_help()
    help_screen = app.stack.top
    for _ in range(2):
        for text, rect in help_screen.page_texts:
            assert rect.right <= help_screen.view.w, (text, rect)
        help_screen.toggle_faq()
    app.shutdown()


def test_the_scenes_speak_the_language_chosen():
    app = make_app("1280x800", lang="fi")
    assert {"Uusi peli", "Peru", "Vihje", "Tilastot", "Asetukset", "Ohje"} <= texts(app)
    app.table.open_settings()
    assert {"Kaksoisnapsautus", "Sijoitusapu", "Vuorovaikutteiset säännöt"} <= texts(app)
    assert "Automaattinen sijoitus" in texts(app)
    app.shutdown()
    app = make_app("1280x800", lang="sv")
    app.table.open_new_game()
    assert {"Nytt spel", "Klassisk", "Förenklad", "Ge", "Avbryt"} <= texts(app)
    app.shutdown()


def test_the_language_choice_applies_at_once_and_is_remembered(tmp_path, monkeypatch):
    monkeypatch.setenv("YUKON_HOME", str(tmp_path))
    app = make_app("1280x800")  # --lang en
    app.table.open_settings()
    dialog = app.stack.top
    while app.session.settings.language != "sv":
        dialog.language_choice.activate()
    advance(app, 0.1)
    assert "Inställningar" in texts(app) and "Klar" in texts(app)
    assert app.table.bar.button("Ångra")  # the bar too, without a restart
    app.shutdown()
    saved = json.loads((tmp_path / "settings.json").read_text())
    assert saved["language"] == "sv"
    again = make_app("1280x800", lang="fi")  # --lang still wins for its run
    assert "Uusi peli" in texts(again)
    again.shutdown()


def test_dump_layout_lists_every_text_with_its_holder(tmp_path):
    from uikit import make_app as _make

    path = tmp_path / "layout.json"
    app = _make("1024x768", lang="sv")
    app.args.dump_layout = str(path)
    app.table.dump_layout_path = str(path)
    app.table.text_boxes = app.text_boxes
    app.table.open_help()
    app.draw()
    data = json.loads(path.read_text())
    shown = {entry["text"] for entry in data["texts"]}
    assert {"Hjälp", "Stäng", "Exempel", "Vanliga frågor", "Nytt spel"} <= shown
    for entry in data["texts"]:
        assert pygame.Rect(entry["holder"]).contains(pygame.Rect(entry["rect"]))
    app.shutdown()


@pytest.mark.parametrize("size", ["800x600", "800x1200", "1920x1080"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_example_text_fits_the_three_lines_the_page_shows(lang, size, monkeypatch):
    """The Examples page shows at most three lines of an example's text: a
    longer translation would lose its end without a word."""
    from yukon.i18n import Language, Translator
    from yukon.ui import theme

    tr = Translator(Language(lang))
    texts = {tr.gettext(example.text) for example in EXAMPLES}
    wrapped: dict[str, int] = {}
    real = theme.rich_lines

    def counting(content: str, size: int, width: int) -> tuple[str, ...]:
        lines = real(content, size, width)
        if content in texts:
            wrapped[content] = len(lines)
        return lines

    counting.cache_clear = real.cache_clear  # type: ignore[attr-defined]
    monkeypatch.setattr(theme, "rich_lines", counting)
    app = make_app(size, lang=lang)
    app.table.open_help()
    app.stack.top.open_examples()
    examples = app.stack.top
    for index in range(len(EXAMPLES)):
        examples.show(index)
        app.draw()
    app.shutdown()
    assert set(wrapped) == texts
    assert max(wrapped.values()) <= 3, {text: n for text, n in wrapped.items() if n > 3}


def dumping(tmp_path, size: str = "1024x768", **settings):
    """An app writing its layout to a file, as ``--dump-layout`` does."""
    from uikit import make_app as _make

    path = tmp_path / "layout.json"
    app = _make(size, **settings)
    app.args.dump_layout = str(path)
    app.table.dump_layout_path = str(path)
    app.table.text_boxes = app.text_boxes
    app.table.shown_scenes = app.shown_scenes
    return app, lambda: json.loads(path.read_text())


def dumped_texts(data) -> set[str]:
    return {entry["text"] for entry in data["texts"]}


def test_the_dump_follows_the_settings_page_on_show(tmp_path):
    app, read = dumping(tmp_path)
    from uikit import key

    key(app, pygame.K_F3)  # Settings, opened with the keyboard
    app.draw()
    assert read()["scenes"][-1] == {"scene": "SettingsDialog", "page": "play"}
    dialog = app.stack.top
    from yukon.ui.dialogs.settings import SettingsPage

    dialog._show_page(SettingsPage.LOOK)()
    app.draw()
    data = read()
    assert data["scenes"][-1] == {"scene": "SettingsDialog", "page": "look"}
    assert "Card back" in dumped_texts(data) and "Double click" not in dumped_texts(data)
    app.shutdown()


def test_the_dump_lists_banners_the_hint_and_a_current_clock(tmp_path):

    app, read = dumping(tmp_path)
    app.table.play(app.table.game.legal_moves()[0])  # the clock runs from the first move
    app.draw()
    assert read()["hint"] is None
    app.table.moves.explain("Nothing can be undone yet.", force=True)
    app.table.board.show_hint(app.table.game.legal_moves()[0])
    app.draw()
    data = read()
    assert "Nothing can be undone yet." in dumped_texts(data)
    assert data["hint"]["move"] == str(app.table.game.legal_moves()[0])
    advance(app, 2.05)
    app.draw()
    assert any("Time 0:02" in text for text in dumped_texts(read()))
    app.shutdown()


def test_the_dump_lists_the_copied_message(tmp_path, monkeypatch):
    from yukon.ui.dialogs import new_game

    monkeypatch.setattr(new_game, "clipboard_put", lambda text: True)
    app, read = dumping(tmp_path)
    app.table.open_new_game()
    app.stack.top.copy_code()
    app.draw()
    assert any("YU1-" in text and text != app.table.game.code for text in dumped_texts(read()))
    app.shutdown()
