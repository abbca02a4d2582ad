"""Help and Where was it lost fit every window, not just the two sizes of
test_ui_fit: their layouts follow rules with thresholds (how wide the key
column is, when a key wraps, how tall a dialog grows), so sizes are swept
from 640 to 3840 wide, wide and tall, in every language.

A window under the layout's minimum is laid out at that minimum and shown
scaled (``Letterbox``), so that is the size checked for it.
"""

from __future__ import annotations

import pygame
import pytest
from test_loss_analysis import FACE_UP_GAME, LOST_GAME
from test_ui_fit import LANGUAGES, LOSS_PROGRESS, LOSS_REPORTS, check_boxes
from uikit import make_app

from yukon.jobs.hints import JobDone, JobProgress
from yukon.solver import Verdict
from yukon.ui.art.palette import text_inks
from yukon.ui.dialogs import help_page
from yukon.ui.dialogs.where_lost import LossDialog
from yukon.ui.shell.letterbox import Letterbox
from yukon.ui.text_boxes import RecordingSurface, TextBox

SWEEP = sorted(
    {(width, width * 9 // 16) for width in range(640, 3841, 320)}  # wide screens
    | {(width, width * 3 // 4) for width in range(800, 2881, 320)}  # older ones
    | {(800, 1280), (1080, 1920), (1200, 1920), (2560, 700), (3840, 1000)}  # tall, flat
)


def laid_out(size: tuple[int, int]) -> tuple[int, int]:
    box = Letterbox.for_window(size)
    return size if box is None else box.canvas


def drawn(dialog, size: tuple[int, int]) -> list[TextBox]:
    """Every text ``dialog`` draws in a window of ``size``."""
    surface = RecordingSurface(size)
    dialog.redraw()
    dialog.draw(surface, 1.0)
    return surface.texts


def words(texts) -> list[str]:
    return " ".join(texts).split()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_help_page_reads_whole_at_every_window_size(lang):
    """Every word of Help on its page, in order, no line over another or out
    of the page; the keys in a column of at most a third of the page, the
    descriptions in one column beside it; what shows fits the window."""
    app = make_app("800x600", lang=lang)
    app.table.open_help()
    screen = app.stack.top
    said = words(text for heading, rows in screen.sections() for text in (heading, *sum(rows, ())))
    for size in SWEEP:
        canvas = laid_out(size)
        screen.resize(canvas)
        where = f"{lang} {size}"
        page = pygame.Rect(0, 0, screen.view.w, screen.scroller.page.height)
        texts = screen.page_texts
        assert words(text for text, _ in texts) == said, where
        for text, rect in texts:
            assert page.contains(rect), (where, text, rect)
        by_top = sorted(texts, key=lambda item: item[1].y)
        for i, (text, rect) in enumerate(by_top):
            for other, other_rect in by_top[i + 1 :]:
                if other_rect.y >= rect.bottom:
                    break
                assert not rect.colliderect(other_rect), (where, text, other)
        beside = {rect.x for _, rect in texts if rect.x > 0}
        assert len(beside) == 1, (where, beside)  # one column of descriptions
        assert beside.pop() <= screen.view.w // 3 + screen.unit, where
        assert check_boxes(drawn(screen, canvas), canvas, f"help {where}") > 10
    app.shutdown()


def test_a_key_with_a_word_too_wide_for_the_column_goes_above_what_it_does():
    pygame.font.init()
    key, does = "Näppäimistöoikotiepikanäppäin", "what it does, said at some length on the page"
    sections = [("Keys", [(key, does), ("F", "the other key")])]
    page = help_page.typeset(sections, 600, 15, inks=text_inks(four_colour=False, dark=False))
    texts = dict(page.texts)
    assert texts[key].width > 600 // 3  # wider than a key column may be
    first = next(rect for text, rect in page.texts if text != key and does.startswith(text))
    assert first.top >= texts[key].bottom  # under the key
    assert first.x == texts["the other key"].x > 0  # in the column of descriptions
    rects = [rect for _, rect in page.texts]
    assert all(not a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1 :])


def widest_key(rows, width, *, key_width, most, **measures) -> int:
    """The column as wide as the widest key (up to ``most``), as it once was."""
    return min(max((key_width(key) for key, _ in rows if key), default=0), most)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_key_column_takes_fewer_lines_than_the_widest_key_would(lang, monkeypatch):
    """One long key no longer squeezes every description: in Finnish at
    800x600 the page is shorter for it, and nowhere longer."""
    app = make_app("800x600", lang=lang)
    app.table.open_help()
    screen = app.stack.top
    for size in [(800, 600), (1920, 1080), (3840, 2160)]:
        screen.resize(size)
        height = screen.scroller.page.height
        with monkeypatch.context() as patch:
            patch.setattr(help_page, "key_column", widest_key)
            screen.resize(size)
            widest = screen.scroller.page.height
        assert height <= widest, (lang, size)
        if (lang, size) == ("fi", (800, 600)):
            assert height < widest
    app.shutdown()


def loss_dialogs(app):
    """The dialog looking, told how far it is, then with each answer; and
    for a game still winnable with every card face up."""
    for report in LOSS_REPORTS:
        dialog = LossDialog(
            app.host, known=Verdict.LOST, go_back=lambda count: None, hint=lambda: None
        )
        app.host.push(dialog)
        yield "looking", dialog
        for told in LOSS_PROGRESS:
            dialog.job_progress(JobProgress(dialog.job_id or 0, told))
            yield f"looking, {told}", dialog
        dialog.job_done(JobDone(dialog.job_id or 0, report))
        yield str(report), dialog
        app.host.close(dialog)
    app.session.continue_record(FACE_UP_GAME)
    dialog = LossDialog(app.host, known=Verdict.WON, go_back=lambda count: None, hint=lambda: None)
    app.host.push(dialog)
    yield "can still be won, every card face up", dialog
    app.host.close(dialog)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_where_lost_shows_all_it_says_at_every_window_size(lang):
    """Every line shows whole, wrapped, in the panel; the progress bar
    under the text, clear of it and of the buttons; the panel no taller
    than what it says needs, and still while the search goes on."""
    app = make_app("800x600", lang=lang)
    app.session.continue_record(LOST_GAME)
    looking: dict[tuple[int, int], pygame.Rect] = {}
    for name, dialog in loss_dialogs(app):
        for size in SWEEP:
            canvas = laid_out(size)
            dialog.resize(canvas)
            where = f"{lang} {size} {name}"
            boxes = drawn(dialog, canvas)
            check_boxes(boxes, canvas, where)
            scroller = dialog.scroller
            assert dialog.panel.contains(scroller.view), where
            assert scroller.max_scroll == 0, where  # these answers always fit whole
            shown = [box.text for box in boxes if scroller.view.contains(box.rect)]
            assert words(shown) == words(dialog.lines()), where
            below = dialog.panel.bottom - scroller.view.bottom
            bar = dialog.progress_bar()
            if name.startswith("looking"):
                assert bar is not None, where
                assert looking.setdefault(canvas, dialog.panel) == dialog.panel, where
                assert scroller.view.bottom <= bar.top and dialog.panel.contains(bar), where
                assert all(bar.bottom <= button.rect.top for button in dialog.buttons), where
                assert not any(bar.colliderect(box.rect) for box in boxes), where
                below -= bar.bottom - scroller.view.bottom
            else:
                assert bar is None, where
            # Under it all, no more room than the buttons take and a line.
            assert below <= round(dialog.unit * 3.2) + dialog.unit, where
    app.shutdown()


def test_where_lost_scrolls_a_text_taller_than_the_window(monkeypatch):
    """Never cut: a text the panel cannot hold scrolls, every line of it
    coming into view, by the wheel or the keys."""
    monkeypatch.setattr(
        LossDialog, "lines", lambda self: [f"Line {i} of a long answer" for i in range(40)]
    )
    app = make_app("800x600")
    dialog = LossDialog(app.host, known=Verdict.LOST, go_back=lambda count: None)
    app.host.push(dialog)
    scroller = dialog.scroller
    assert scroller.max_scroll > 0 and dialog.panel.bottom <= 600
    seen: set[str] = set()
    while True:
        boxes = drawn(dialog, app.size)
        check_boxes(boxes, app.size, f"scrolled {scroller.scroll}")
        seen |= {box.text for box in boxes if scroller.view.contains(box.rect)}
        if scroller.scroll == scroller.max_scroll:
            break
        dialog.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0))
    assert seen >= set(dialog.lines())
    dialog.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=3))
    assert 0 < scroller.scroll < scroller.max_scroll
    app.shutdown()
