"""Gestures never outlive the position they were aimed at, and nothing gets stuck."""

from __future__ import annotations

import pygame
import pytest
from positions import layout
from uikit import (
    advance,
    card,
    dialogs,
    grab_point,
    key,
    make_app,
    move_to,
    pile_point,
    post,
    press,
    release,
    sprite_at,
    sprite_home,
    tap,
    use_game,
    view,
    wait_until,
    win,
)

from yukon.engine import Rules
from yukon.ui import theme


def settled(app) -> bool:
    advance(app, 1.0)
    return all(
        sprite_at(app, c) == (rect.x, rect.y)
        for c, (rect, _) in view(app).layout.card_rects(app.table.game).items()
    )


def test_a_waiting_tap_does_not_fire_once_the_card_is_dragged():
    app = make_app()
    use_game(app, layout([["5H", "7D", "AS"], ["8C"]], face_down=[1, 0]))
    point = grab_point(app, card("AS"))
    tap(app, point)
    advance(app, 0.1)
    press(app, point)
    move_to(app, pile_point(app, 1), point)
    advance(app, 0.4)  # the tap's window ends while dragging
    assert app.table.game.foundations[0] == ()
    release(app, pile_point(app, 1))
    assert app.table.game.move_count == 0  # A♠ on 8♣ is illegal: nothing moved
    assert settled(app)


def test_keys_do_nothing_while_the_mouse_holds_cards():
    app = make_app(double_click=False)
    use_game(app, layout([["9H", "7S", "AD"], ["TS"], ["8D"]]))
    point = grab_point(app, card("7S"))
    press(app, point)
    key(app, pygame.K_f)
    key(app, pygame.K_BACKSPACE)
    move_to(app, pile_point(app, 1), point)
    release(app, pile_point(app, 1))
    assert app.table.game.move_count == 0
    assert view(app).banner_text == "The 7♠ needs a red 8."
    assert settled(app)


def test_the_win_dialog_closes_and_stays_closed():
    app = make_app(double_click=False)
    win(app, 40)
    tap(app, dialogs(app)[-1].buttons[0].rect.center)  # Close
    advance(app, 3.0)
    assert dialogs(app) == []
    key(app, pygame.K_F1)
    key(app, pygame.K_ESCAPE)
    advance(app, 1.0)
    assert dialogs(app) == []


def test_a_chosen_game_is_not_replaced_by_a_late_winnable_deal():
    app = make_app(winnable_only=True)
    app.session._ready_winnable.clear()
    app.session.start_random_game(Rules.CLASSIC)
    app.session.start_game("YU1-R-AAAAAAB")
    app.table.play(app.table.game.legal_moves()[0])
    wait_until(lambda: not app.worker.pending, 20, poll=lambda: advance(app, 0.05), every=0.02)
    advance(app, 0.1)
    assert app.table.game.code == "YU1-R-AAAAAAB"
    assert app.session.stats.for_rules("R").played == 0
    app.shutdown()


def test_a_drag_released_over_the_info_bar_goes_home():
    app = make_app(code="YU1-C-AAAAAAB")
    c = app.table.game.tableau[3].cards[-1]
    point = grab_point(app, c)
    drop = (point[0], 10)
    press(app, point)
    move_to(app, drop, point)
    release(app, drop)
    assert not view(app).dragging
    post(app, pygame.MOUSEMOTION, pos=(700, 600), rel=(0, 0), buttons=(0, 0, 0))
    assert settled(app) and app.table.game.move_count == 0


@pytest.mark.parametrize("opener", [pygame.K_F1, pygame.K_F2])
def test_opening_a_dialog_mid_drag_puts_the_cards_back(opener):
    app = make_app(code="YU1-C-AAAAAAB")
    point = grab_point(app, app.table.game.tableau[1].cards[-1])
    press(app, point)
    move_to(app, (point[0] + 80, point[1] + 80), point)
    app.table.open_help() if opener == pygame.K_F1 else app.table.open_new_game()
    release(app, (point[0] + 80, point[1] + 80))
    key(app, pygame.K_ESCAPE)
    assert not dialogs(app) and not view(app).dragging
    assert settled(app)


def test_resizing_after_a_win_shows_the_table_not_a_black_window():
    app = make_app(double_click=False)
    win(app, 10)
    pygame.display.set_mode((1000, 700), pygame.RESIZABLE)
    app.handle_event(pygame.event.Event(pygame.VIDEORESIZE, size=(1000, 700), w=1000, h=700))
    view(app).redraw()
    app.draw()
    felt = app.surface.get_at((100, 600))
    assert felt.g > 60 and felt.g > felt.r  # felt green, not black


def test_held_cards_stay_afloat_through_a_resize():
    app = make_app()
    use_game(app, layout([["JC"], ["TD"]]))
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_SPACE)
    key(app, pygame.K_LEFT)
    advance(app, 0.5)
    pygame.display.set_mode((1000, 700), pygame.RESIZABLE)
    app.handle_event(pygame.event.Event(pygame.VIDEORESIZE, size=(1000, 700), w=1000, h=700))
    advance(app, 0.5)
    assert view(app).held is not None
    assert sprite_at(app, card("TD")) != sprite_home(app, card("TD"))
    key(app, pygame.K_SPACE)
    assert [str(c) for c in app.table.game.tableau[0].cards] == ["JC", "TD"]


def test_a_typed_code_makes_its_rule_set_the_remembered_one():
    app = make_app()
    app.table.open_new_game()
    for ch in "YU1-R-AAAAAAB":
        post(app, pygame.TEXTINPUT, text=ch)
    key(app, pygame.K_RETURN)
    assert app.session.settings.rules == "R"


def test_copy_says_so_when_there_is_no_clipboard(monkeypatch):
    monkeypatch.setattr("yukon.ui.dialogs.new_game.clipboard_put", lambda text: False)
    app = make_app(code="YU1-C-AAAAAAB")
    app.table.open_new_game()
    dialog = dialogs(app)[-1]
    tap(app, dialog.copy_button.rect.center)
    assert dialog.copied is False
    app.draw()


def test_the_clock_pauses_under_help_or_a_dialog_and_while_minimised():
    """The clock starts at the first move and stops at the win; it waits
    while Help or a dialog covers the table and while the window is
    minimised, and goes on from there."""
    app = make_app(double_click=False)
    use_game(app, layout([["AS"], ["5C"]]))
    tap(app, grab_point(app, card("AS")))
    advance(app, 2.0)
    before = app.table.elapsed
    app.table.open_help()
    advance(app, 5.0)
    assert app.table.elapsed == pytest.approx(before, abs=0.05)
    key(app, pygame.K_ESCAPE)
    advance(app, 1.0)
    assert app.table.elapsed == pytest.approx(before + 1.0, abs=0.05)
    post(app, pygame.WINDOWMINIMIZED)
    advance(app, 5.0)
    assert app.table.elapsed == pytest.approx(before + 1.0, abs=0.05)
    post(app, pygame.WINDOWRESTORED)
    advance(app, 1.0)
    assert app.table.elapsed == pytest.approx(before + 2.0, abs=0.05)


# ---------------------------------------------------------------- bar buttons


def button_colour(app, label: str) -> tuple[int, int, int]:
    """The colour the info bar button ``label`` is drawn in (beside its text)."""
    app.draw()
    rect = app.table.bar.button(label).rect
    return tuple(app.surface.get_at((rect.x + 3, rect.centery)))[:3]


def felt_point(app) -> tuple[int, int]:
    """Bare table under the info bar: no card, pile or button."""
    return (app.table.bar.button("Undo").rect.centerx, app.size[1] - 8)


@pytest.mark.parametrize(
    "opener",
    [(pygame.K_F1, 0), (pygame.K_n, pygame.KMOD_LCTRL), (pygame.K_s, 0)],
    ids=["help", "new game", "statistics"],
)
def test_a_bar_button_pressed_when_a_dialog_opens_is_let_go_and_never_acts(opener):
    app = make_app(code="YU1-C-AAAAAAB", double_click=False)
    app.table.play(app.table.game.legal_moves()[0])
    advance(app, 0.5)
    position = app.table.game.position()
    undo = app.table.bar.button("Undo")
    press(app, undo.rect.center)
    assert button_colour(app, "Undo") == theme.BUTTON_DOWN
    key(app, *opener)  # the dialog takes the input while the button is held
    assert dialogs(app) and not undo.down
    release(app, undo.rect.center)
    key(app, pygame.K_ESCAPE)
    assert not dialogs(app)
    assert button_colour(app, "Undo") == theme.BUTTON  # drawn unpressed again
    # A later click that starts on the table and ends on the button is no click.
    press(app, felt_point(app))
    release(app, undo.rect.center)
    assert app.table.game.position() == position and app.table.game.can_undo


def resize_window(app) -> None:
    pygame.display.set_mode((1000, 700), pygame.RESIZABLE)
    post(app, pygame.VIDEORESIZE, size=(1000, 700), w=1000, h=700)


@pytest.mark.parametrize(
    "interrupt",
    [
        lambda app: post(app, pygame.WINDOWFOCUSLOST),
        lambda app: post(app, pygame.WINDOWMINIMIZED),
        resize_window,
        lambda app: key(app, pygame.K_F11),
        lambda app: app.session.start_game("YU1-C-AAAAAAC"),  # e.g. a winnable deal found meanwhile
        lambda app: app.table.open_win(),  # pushed by the table, not by a key
    ],
    ids=["focus lost", "minimized", "resized", "full screen", "new deal", "dialog pushed"],
)
def test_any_interruption_lets_go_of_a_pressed_bar_button(interrupt):
    app = make_app(code="YU1-C-AAAAAAB")
    stats = app.table.bar.button("Statistics")
    press(app, stats.rect.center)
    assert stats.down
    interrupt(app)
    assert not stats.down and app.table.needs_draw
    while dialogs(app):
        key(app, pygame.K_ESCAPE)
    post(app, pygame.WINDOWRESTORED)
    release(app, stats.rect.center)  # the same press, released on the button after all
    assert not dialogs(app)


def test_cards_pressed_or_dragged_when_the_window_loses_focus_go_home():
    app = make_app(double_click=False)
    use_game(app, layout([["AS"], ["9H", "5C"]]))
    point = grab_point(app, card("AS"))
    press(app, point)
    post(app, pygame.WINDOWFOCUSLOST)
    release(app, point)  # no tap: the press was let go
    assert app.table.game.move_count == 0
    start = grab_point(app, card("5C"))
    press(app, start)
    move_to(app, (start[0] + 90, start[1] + 60), start)
    post(app, pygame.WINDOWFOCUSLOST)
    assert not view(app).dragging
    post(app, pygame.MOUSEMOTION, pos=(start[0] + 20, start[1]), rel=(0, 0), buttons=(0, 0, 0))
    assert not view(app).dragging and settled(app)


def test_a_press_whose_release_was_lost_never_acts_on_a_later_release():
    app = make_app(code="YU1-C-AAAAAAB")
    stats = app.table.bar.button("Statistics")
    press(app, stats.rect.center)  # released outside the window, unseen
    press(app, felt_point(app))
    release(app, stats.rect.center)
    assert not dialogs(app) and not stats.down


def test_a_dialog_button_pressed_when_another_dialog_opens_is_let_go():
    app = make_app(code="YU1-C-AAAAAAB")
    app.table.open_stats()
    stats = dialogs(app)[-1]
    reset = stats.buttons[0]  # "Reset..."
    press(app, reset.rect.center)
    app.table.open_help()
    assert not reset.down and stats.needs_draw
    key(app, pygame.K_ESCAPE)
    assert dialogs(app) == [stats]
    release(app, reset.rect.center)
    assert not stats.confirming
    press(app, reset.rect.center)
    post(app, pygame.WINDOWFOCUSLOST)
    release(app, reset.rect.center)
    assert not stats.confirming and not reset.down


# ---------------------------------------------------------------- hover


def hover_over(app, pos: tuple[int, int]) -> None:
    post(app, pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))


def outlined(app, c) -> bool:
    """Whether the hover outline is drawn around ``c`` (the last card of its column)."""
    app.draw()
    rect, _ = view(app).layout.card_rects(app.table.game)[c]
    return tuple(app.surface.get_at((rect.x - 1, rect.centery)))[:3] == theme.HOVER


@pytest.mark.parametrize(
    "opener",
    [
        lambda app: key(app, pygame.K_F1),
        lambda app: key(app, pygame.K_n, pygame.KMOD_LCTRL),
        lambda app: key(app, pygame.K_s),
        lambda app: app.table.open_win(),  # pushed by the table, not by a key
    ],
    ids=["help", "new game", "statistics", "dialog pushed"],
)
def test_opening_a_dialog_clears_the_hover_highlights(opener):
    app = make_app(code="YU1-C-AAAAAAB")
    top = app.table.game.tableau[3].cards[-1]
    help_button = app.table.bar.button("Help")

    def card_lit() -> bool:
        return outlined(app, top)

    def button_lit() -> bool:
        return button_colour(app, "Help") == theme.BUTTON_HOVER

    for point, lit in ((grab_point(app, top), card_lit), (help_button.rect.center, button_lit)):
        hover_over(app, point)
        assert lit()
        opener(app)  # the pointer stays where it is
        assert dialogs(app) and view(app).hover is None and not help_button.hover
        while dialogs(app):
            key(app, pygame.K_ESCAPE)
        assert not outlined(app, top) and button_colour(app, "Help") == theme.BUTTON
    hover_over(app, grab_point(app, top))  # the next motion lights them again
    assert outlined(app, top)
    hover_over(app, help_button.rect.center)
    assert button_colour(app, "Help") == theme.BUTTON_HOVER


def test_the_pointer_leaving_the_window_clears_the_hover_highlights():
    app = make_app(code="YU1-C-AAAAAAB")
    top = app.table.game.tableau[3].cards[-1]
    hover_over(app, grab_point(app, top))
    assert outlined(app, top)
    post(app, pygame.WINDOWLEAVE)
    assert app.needs_draw and not outlined(app, top)
    hover_over(app, grab_point(app, top))
    assert outlined(app, top)
    hover_over(app, app.table.bar.button("Help").rect.center)
    assert button_colour(app, "Help") == theme.BUTTON_HOVER
    post(app, pygame.WINDOWLEAVE)
    assert app.needs_draw and button_colour(app, "Help") == theme.BUTTON
    hover_over(app, app.table.bar.button("Help").rect.center)
    assert button_colour(app, "Help") == theme.BUTTON_HOVER


def test_the_pointer_leaving_the_window_clears_a_dialog_button_hover():
    app = make_app(code="YU1-C-AAAAAAB")
    app.table.open_stats()
    stats = dialogs(app)[-1]
    close = stats.buttons[-1]
    hover_over(app, close.rect.center)
    assert close.hover
    app.draw()
    post(app, pygame.WINDOWLEAVE)
    assert not close.hover and stats.needs_draw
    hover_over(app, close.rect.center)
    assert close.hover


def test_a_bar_button_lights_up_when_the_pointer_comes_from_bare_felt():
    app = make_app(code="YU1-C-AAAAAAB")
    hover_over(app, felt_point(app))
    assert button_colour(app, "Help") == theme.BUTTON
    hover_over(app, app.table.bar.button("Help").rect.center)
    assert button_colour(app, "Help") == theme.BUTTON_HOVER
    hover_over(app, felt_point(app))
    assert button_colour(app, "Help") == theme.BUTTON


def test_escape_during_a_second_press_cancels_the_double_tap():
    app = make_app(double_click=True)
    use_game(app, layout([["9S"], ["8H"], ["KD", "QC", "JD", "TS", "9C"]]))
    point = grab_point(app, card("8H"))
    tap(app, point)
    press(app, point)
    key(app, pygame.K_ESCAPE)
    release(app, point)
    advance(app, 1.0)
    assert app.table.game.move_count == 0


def test_the_mouse_cannot_lift_more_than_twenty_cards_and_says_why():
    from positions import ALL

    app = make_app()
    group = [c for c in ALL if c not in ("KS", "QH")][:21]
    use_game(app, layout([["KS"], ["QH", *group]]))
    start = grab_point(app, card("QH"))
    post(app, pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
    assert view(app).hover is None  # no outline: nothing a press could lift
    press(app, start)
    move_to(app, (start[0] + 300, start[1]), start)
    assert not view(app).dragging
    assert view(app).banner_text == "At most 20 cards can be moved at once."
    release(app, (start[0] + 300, start[1]))
    assert app.table.game.move_count == 0


def test_only_a_key_that_steers_the_cursor_shows_it():
    """A mouse player's shortcuts (Ctrl+Z, Ctrl+Y, a lone Ctrl) light no
    keyboard outline on a card; an arrow does, and a shortcut then keeps it."""
    app = make_app(code="YU1-C-AAAAAAB")
    board = app.table.board
    top = app.table.game.tableau[3].cards[-1]
    hover_over(app, grab_point(app, top))
    key(app, pygame.K_LCTRL, pygame.KMOD_LCTRL)
    key(app, pygame.K_z, pygame.KMOD_LCTRL)
    key(app, pygame.K_y, pygame.KMOD_LCTRL)
    assert not board.cursor_shown and outlined(app, top)
    key(app, pygame.K_RIGHT)
    assert board.cursor_shown
    key(app, pygame.K_z, pygame.KMOD_LCTRL)
    assert board.cursor_shown


def test_the_hover_outline_and_the_keyboard_cursor_are_never_lit_together():
    app = make_app(code="YU1-C-AAAAAAB")
    board = app.table.board
    top = app.table.game.tableau[3].cards[-1]
    hover_over(app, grab_point(app, top))
    assert outlined(app, top)
    key(app, pygame.K_RIGHT)  # the keyboard takes over: its cursor alone is lit
    assert board.cursor_shown and board.hover is None and not outlined(app, top)
    key(app, pygame.K_4)
    key(app, pygame.K_SPACE)  # cards held with the keyboard: the cursor stays lit
    assert board.cursor.held is not None
    other = app.table.game.tableau[5].cards[-1]
    hover_over(app, grab_point(app, other))
    assert not outlined(app, other)
