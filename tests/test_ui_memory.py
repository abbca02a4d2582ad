"""Memory after resizes: caches keep the current size only, and what a
resize freed goes back to the system (figures: benchmarks/memory.py)."""

from __future__ import annotations

import pygame
from uikit import advance, make_app

from yukon.ui import theme
from yukon.ui.art import felt
from yukon.ui.art.felt import table_background
from yukon.ui.shadow import soft_shadow

DRAG = [(1280 + 40 * i, 800 + 25 * i) for i in range(1, 12)]


def resize(app, size: tuple[int, int]) -> None:
    pygame.display.set_mode(size, pygame.RESIZABLE)
    app.handle_event(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    app.window.present(app.draw())


def test_the_felt_cache_keeps_only_the_last_two_sizes():
    """Nine full-window felts were once kept (about 300 MB at 3840x2160)."""
    pygame.display.init()
    for size in DRAG:
        table_background(size)
    assert list(felt._BACKGROUNDS) == [(DRAG[-2], felt.FELT), (DRAG[-1], felt.FELT)]
    again = table_background(DRAG[-2])  # asked again: kept, and now the newest
    assert table_background(DRAG[-2]) is again
    assert list(felt._BACKGROUNDS)[-1] == (DRAG[-2], felt.FELT)


def test_a_resize_leaves_no_fonts_or_texts_of_the_old_sizes_behind():
    app = make_app("1280x800")
    app.table.open_help()
    app.window.present(app.draw())
    fonts, texts = theme.font.cache_info().currsize, theme.text.cache_info().currsize
    for size in DRAG:
        resize(app, size)
    resize(app, (1280, 800))
    assert theme.font.cache_info().currsize <= fonts
    assert theme.text.cache_info().currsize <= texts
    assert soft_shadow.cache_info().currsize <= 1  # Help's, at this size
    app.shutdown()


def test_memory_a_resize_freed_is_given_back_once_the_size_settles(monkeypatch):
    given: list[bool] = []
    monkeypatch.setattr("yukon.desktop.memory.give_back", lambda: given.append(True) or True)
    app = make_app("1280x800")
    for size in DRAG:  # a drag: once, after the last size
        resize(app, size)
        advance(app, 0.1)
    assert given == []
    advance(app, 1.0)
    assert given == [True]
    app.shutdown()


def test_what_old_sizes_left_in_cycles_is_freed_before_memory_goes_back(monkeypatch):
    """Pictures held in a reference cycle (a dialog's, say) waited for the
    collector's next full look, whenever that came: after a corner drag
    the game could keep a hundred megabytes of 4K pictures for a while."""
    import gc
    import weakref

    class Held:
        pass

    app = make_app("1280x800")
    resize(app, DRAG[0])
    held = Held()
    held.cycle = held  # garbage only the collector frees
    gone = weakref.ref(held)
    del held
    gc.disable()  # no chance collection meanwhile
    try:
        advance(app, 1.0)
        assert gone() is None
    finally:
        gc.enable()
    app.shutdown()
