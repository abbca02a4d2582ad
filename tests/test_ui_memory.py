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


def test_memory_a_closed_dialog_freed_is_given_back_once_nothing_moves(monkeypatch):
    given: list[bool] = []
    monkeypatch.setattr("yukon.desktop.memory.give_back", lambda: given.append(True) or True)
    app = make_app("1280x800")
    app.table.open_help()
    advance(app, 1.0)
    assert given == []
    app.host.close(app.stack.top)
    advance(app, 1.0)
    assert given == [True]
    app.shutdown()


def test_giving_back_frees_a_closed_dialog_held_in_a_reference_cycle():
    """Help's buttons call its own methods: once closed, only the cycle
    collector frees it, with its page as tall as the text (96 MB at
    3840x2160), whenever it happens to run. Giving memory back runs it."""
    import gc
    import weakref

    from yukon.desktop import memory

    app = make_app("1280x800")
    app.table.open_help()
    app.window.present(app.draw())
    help_screen = weakref.ref(app.stack.top)
    gc.disable()  # the collector must not run by chance meanwhile
    try:
        app.host.close(app.stack.top)
        advance(app, 0.1)
        assert help_screen() is not None  # closed, but held by its own cycle
        memory.give_back()
        assert help_screen() is None
    finally:
        gc.enable()
        app.shutdown()
