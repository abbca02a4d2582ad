"""The table under the pointer and keys: synthetic events, headless, no sleeping."""

from __future__ import annotations

import pygame
import pytest
from positions import layout
from uikit import (
    advance,
    card,
    dialogs,
    drag,
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
    win,
)

from yukon.engine import FOUNDATION, Game, Move, Pile
from yukon.ui.art.palette import FACE
from yukon.ui.table.celebration import FADE_SECONDS, FLY_SECONDS
from yukon.ui.table.geometry import group_rect
from yukon.ui.table.taps import DOUBLE_TAP_WINDOW
from yukon.ui.theme import ACCENT


def texts(cards) -> list[str]:
    return [str(c) for c in cards]


# ---------------------------------------------------------------- dragging


def test_drag_a_group_onto_a_legal_column_plays_it():
    app = make_app()
    use_game(app, layout([["JC"], ["QS", "TD", "5H", "JD", "8S"]], face_down=[0, 1]))
    drag(app, grab_point(app, card("TD")), pile_point(app, 0))
    assert texts(app.table.game.tableau[0].cards) == ["JC", "TD", "5H", "JD", "8S"]
    assert app.table.game.tableau[1].face_down == 0  # the QS turned over
    assert app.table.game.move_count == 1 and app.table.game.score == 5
    for c in app.table.game.tableau[0].cards:
        assert sprite_at(app, c) == sprite_home(app, c)


def test_cards_in_the_hand_are_drawn_over_the_top_bar():
    app = make_app()
    use_game(app, layout([["JC"], ["QS", "TD", "5H", "JD", "8S"]], face_down=[0, 1]))
    start = grab_point(app, card("8S"))
    press(app, start)
    move_to(app, (start[0], 4), start)  # the card's top now lies under the bar
    app.draw()
    sprite = view(app).sprites.by_card[card("8S")]
    assert sprite.rect.top < app.table.bar.rect.bottom
    edge = (sprite.rect.right - 6, app.table.bar.rect.bottom - 3)  # plain face, in the bar
    assert app.surface.get_at(edge)[:3] == FACE
    view(app).clock_ticked()  # the clock ticks: the bar alone is redrawn
    app.draw()
    assert app.surface.get_at(edge)[:3] == FACE


def test_drag_onto_an_illegal_column_sends_the_cards_back_and_says_why():
    app = make_app()
    use_game(app, layout([["JH"], ["QS", "TD", "5H"]], face_down=[0, 1]))
    before = app.table.game.position()
    start = grab_point(app, card("TD"))
    press(app, start)
    move_to(app, pile_point(app, 0), start)
    assert view(app).dragging
    assert sprite_at(app, card("TD")) != sprite_home(app, card("TD"))  # following the pointer
    release(app, pile_point(app, 0))
    advance(app, 0.5)
    assert app.table.game.position() == before and app.table.game.move_count == 0
    for c in (card("TD"), card("5H")):
        assert sprite_at(app, c) == sprite_home(app, c)
    assert view(app).banner is not None
    assert view(app).banner_text == "The 10♦ needs a black Jack."


def test_a_refusal_ends_with_the_next_move_but_a_notice_stays():
    app = make_app()
    use_game(app, layout([["JH"], ["QS", "TD", "5H"], ["QC"]], face_down=[0, 1, 0]))
    drag(app, grab_point(app, card("TD")), pile_point(app, 0))
    assert view(app).banner_text == "The 10♦ needs a black Jack."
    drag(app, grab_point(app, card("JH")), pile_point(app, 2))  # a good move
    assert view(app).banner is None
    app.table.notify("Cannot save the game.")
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert view(app).banner_text == "Cannot save the game."


def test_a_long_notice_wraps_inside_the_window_one_notice_a_line():
    from yukon.ui import theme

    app = make_app("800x600")
    first = (
        "Your settings file was damaged; it was kept as settings.json.bad and defaults are used."
    )
    second = "Your statistics file was damaged; it was kept as stats.json.bad (♠♥♦♣)."
    size = 16
    for content in (first, second):
        assert (
            theme.rich_width(content, size) == theme.rich_text(content, size, (0, 0, 0)).get_width()
        )
    app.table.notify(first + "\n" + second)
    app.draw()
    layout = view(app).layout
    row = app.surface.get_height() - layout.margin * 2 - 2  # the frame's bottom edge
    gold = [x for x in range(app.surface.get_width()) if app.surface.get_at((x, row))[:3] == ACCENT]
    assert gold and min(gold) > 0 and max(gold) < app.surface.get_width() - 1
    lines = [theme.wrap(text, 700, lambda t: theme.rich_width(t, size)) for text in (first, second)]
    assert all(theme.rich_width(line, size) <= 700 for both in lines for line in both)
    assert theme.wrap("aaa bbb ccc", 7, len) == ["aaa bbb", "ccc"]


def test_the_banner_fades_under_the_pointer_so_it_hides_no_card():
    app = make_app()
    app.table.notify("Cannot save the game.")
    app.draw()
    box = view(app).banner_box
    inside = (box.x + 6, box.centery)  # panel, no text

    def distance_from_felt() -> int:
        a, b = app.surface.get_at(inside), view(app).background.get_at(inside)
        return sum(abs(a[i] - b[i]) for i in range(3))

    solid = distance_from_felt()
    post(app, pygame.MOUSEMOTION, pos=box.center, rel=(0, 0), buttons=(0, 0, 0))
    app.draw()
    assert distance_from_felt() < solid / 3
    post(app, pygame.MOUSEMOTION, pos=(box.centerx, box.y - 40), rel=(0, 0), buttons=(0, 0, 0))
    app.draw()
    assert distance_from_felt() == solid
    post(app, pygame.MOUSEMOTION, pos=box.center, rel=(0, 0), buttons=(0, 0, 0))
    post(app, pygame.WINDOWLEAVE)  # the pointer left the window over the banner
    app.draw()
    assert distance_from_felt() == solid
    post(app, pygame.MOUSEMOTION, pos=box.midright, rel=(0, 0), buttons=(0, 0, 0))
    app.table.notify("Saved.")  # a smaller banner, away from the pointer
    app.draw()
    small = view(app).banner_box
    assert not small.collidepoint(box.midright)
    inside = (small.x + 6, small.centery)
    assert distance_from_felt() > solid / 2  # solid, not faded


def test_restart_is_armed_only_while_its_warning_shows():
    app = make_app()
    app.table.play(app.table.game.legal_moves()[0])
    app.table.restart()  # warns
    app.table.notify("Something else.")  # the warning is gone from the screen
    app.table.restart()  # so this press warns again
    assert "count as a loss" in view(app).banner_text and app.table.game.move_count == 1
    advance(app, 10.0)  # the warning times out
    app.table.restart()
    assert app.table.game.move_count == 1
    app.table.restart()  # armed and on show: restarts
    assert app.table.game.move_count == 0


def test_banner_is_silent_when_interactive_rules_is_off():
    app = make_app(interactive_rules=False)
    use_game(app, layout([["JH"], ["TD"]]))
    drag(app, grab_point(app, card("TD")), pile_point(app, 0))
    assert view(app).banner is None and app.table.game.move_count == 0


def test_banner_fades_after_a_few_seconds():
    app = make_app()
    use_game(app, layout([["JH"], ["TD"]]))
    drag(app, grab_point(app, card("TD")), pile_point(app, 0))
    assert view(app).banner is not None
    advance(app, 4.0)
    assert view(app).banner is None


def test_a_long_message_stays_until_it_can_be_read():
    """The restart warning (two sentences and a key to press) stays longer
    than a short refusal; it used to go after the same 3.5 s, often before
    it was read, and Restart was armed only while it showed."""
    app = make_app()
    app.table.play(app.table.game.legal_moves()[0])
    app.table.restart()  # warns
    warning = view(app).banner_text
    assert len(warning) > 90
    advance(app, 5.0)
    assert view(app).banner_text == warning
    app.table.restart()  # still armed: restarts
    assert app.table.game.move_count == 0
    app.table.notify("x" * 150)
    advance(app, 9.0)
    assert view(app).banner is not None
    advance(app, 3.0)
    assert view(app).banner is None


def test_group_of_more_than_20_is_refused_with_the_rule():
    from positions import ALL

    rest = [c for c in ALL if c not in ("KS", "QH")]
    app = make_app()
    use_game(app, layout([["KS"], ["QH", *rest[:20]]]))
    drag(app, grab_point(app, card("QH")), pile_point(app, 0))
    assert app.table.game.move_count == 0
    assert view(app).banner_text == "At most 20 cards can be moved at once."


def test_drop_on_the_wrong_foundation_goes_to_its_own_suit():
    app = make_app()
    use_game(app, layout([["AH"], ["5C"]]))
    drag(app, grab_point(app, card("AH")), pile_point(app, FOUNDATION + 3))  # clubs slot
    assert texts(app.table.game.foundations[1]) == ["AH"]
    home = view(app).layout.pile_rect(Pile(FOUNDATION + 1)).topleft
    assert sprite_at(app, card("AH")) == tuple(home)


def test_drag_back_from_a_foundation_onto_a_column():
    app = make_app()
    use_game(app, layout([["AS"], ["2S"], ["3H"]]))
    app.table.play(Move.parse("1:1>S"))
    app.table.play(Move.parse("2:1>S"))
    advance(app, 0.5)
    assert app.table.game.score == 20
    drag(app, pile_point(app, FOUNDATION), pile_point(app, 2))
    assert texts(app.table.game.tableau[2].cards) == ["3H", "2S"]
    assert app.table.game.score == 20


def test_placement_help_lights_up_every_legal_destination_while_dragging():
    app = make_app()
    use_game(app, layout([["9S"], ["9C"], ["8H"], ["9D"]]))
    start = grab_point(app, card("8H"))
    press(app, start)
    move_to(app, (start[0], start[1] + 200), start)
    assert sorted(view(app).highlights) == [0, 1]
    release(app, (start[0], start[1] + 200))
    assert view(app).highlights == []


def test_placement_help_off_lights_nothing():
    app = make_app(placement_help=False)
    use_game(app, layout([["9S"], ["9C"], ["8H"]]))
    start = grab_point(app, card("8H"))
    press(app, start)
    move_to(app, (start[0], start[1] + 200), start)
    assert view(app).dragging and view(app).highlights == []


def test_automatic_placement_plays_the_double_tap_search_on_any_release():
    app = make_app(auto_placement=True)
    use_game(app, layout([["9S"], ["KD", "QC", "JD", "TS", "9C"], ["8H"]]))
    drag(app, grab_point(app, card("8H")), pile_point(app, 4))  # an empty column: illegal
    assert texts(app.table.game.tableau[1].cards)[-1] == "8H"
    assert view(app).banner is None  # nothing refused: the cards found a place


def test_automatic_placement_also_places_cards_released_over_their_own_column():
    """The rules: released anywhere, the app chooses the column itself."""
    app = make_app(auto_placement=True)
    use_game(app, layout([["9S"], ["KD", "QC", "JD", "TS", "9C"], ["8H"]]))
    start = grab_point(app, card("8H"))
    drag(app, start, (start[0] + 10, start[1] + 60))  # still over column 3
    assert texts(app.table.game.tableau[1].cards)[-1] == "8H"
    without = make_app(auto_placement=False)
    use_game(without, layout([["9S"], ["KD", "QC", "JD", "TS", "9C"], ["8H"]]))
    drag(without, start, (start[0] + 10, start[1] + 60))
    assert without.table.game.move_count == 0  # put back, as the player meant


def test_without_automatic_placement_a_release_in_the_open_sends_cards_back():
    app = make_app()
    use_game(app, layout([["9S"], ["KD", "QC", "JD", "TS", "9C"], ["8H"]]))
    start = grab_point(app, card("8H"))
    drag(app, start, (start[0] + 40, view(app).layout.height - 20))
    assert app.table.game.move_count == 0
    assert sprite_at(app, card("8H")) == sprite_home(app, card("8H"))


def test_escape_cancels_a_drag():
    app = make_app()
    use_game(app, layout([["9S"], ["8H"]]))
    start = grab_point(app, card("8H"))
    press(app, start)
    move_to(app, pile_point(app, 0), start)
    key(app, pygame.K_ESCAPE)
    advance(app, 0.5)
    assert not view(app).dragging
    assert sprite_at(app, card("8H")) == sprite_home(app, card("8H"))
    release(app, pile_point(app, 0))
    assert app.table.game.move_count == 0


# ---------------------------------------------------------------- taps


def test_tap_sends_the_last_card_to_its_foundation_at_once_when_double_click_is_off():
    app = make_app(double_click=False)
    use_game(app, layout([["AS"], ["5C"]]))
    tap(app, grab_point(app, card("AS")))
    assert texts(app.table.game.foundations[0]) == ["AS"]


def test_single_tap_waits_out_the_double_tap_window_when_double_click_is_on():
    app = make_app()
    use_game(app, layout([["AS"], ["5C"]]))
    tap(app, grab_point(app, card("AS")))
    advance(app, DOUBLE_TAP_WINDOW - 0.1)
    assert app.table.game.foundations[0] == ()
    advance(app, 0.2)
    assert texts(app.table.game.foundations[0]) == ["AS"]


def test_tap_on_a_card_that_cannot_go_home_plays_nothing():
    app = make_app(double_click=False)
    use_game(app, layout([["5C"], ["AS", "9D"]]))
    tap(app, grab_point(app, card("5C")))
    tap(app, grab_point(app, card("AS")))  # not the last card of its column
    assert app.table.game.move_count == 0


def test_a_refused_tap_says_why_like_a_refused_drag_with_interactive_rules_on():
    app = make_app(double_click=False)
    use_game(app, layout([["5C"], ["AS", "9D"]]))
    tap(app, grab_point(app, card("5C")))
    banner = app.table.board.banner
    assert banner is not None and "5♣" in banner.message, banner
    assert app.table.game.move_count == 0


def test_a_refused_tap_says_nothing_with_interactive_rules_off():
    app = make_app(double_click=False, interactive_rules=False)
    use_game(app, layout([["5C"], ["AS", "9D"]]))
    tap(app, grab_point(app, card("5C")))
    assert app.table.board.banner is None


def test_double_tap_sends_cards_to_the_longest_accepting_column():
    app = make_app()
    use_game(app, layout([["9S"], ["KD", "QC", "JD", "TS", "9C"], ["8H", "3C"]]))
    point = grab_point(app, card("8H"))
    tap(app, point)
    advance(app, 0.1)
    tap(app, point)
    advance(app, 0.5)
    assert texts(app.table.game.tableau[1].cards)[-2:] == ["8H", "3C"]
    assert app.table.game.move_count == 1


def test_double_tap_sends_a_king_to_an_empty_column():
    app = make_app()
    use_game(app, layout([["QD", "KS", "4H"], []], face_down=[1, 0]))
    point = grab_point(app, card("KS"))
    tap(app, point)
    tap(app, point)
    advance(app, 0.5)
    assert texts(app.table.game.tableau[1].cards) == ["KS", "4H"]
    assert app.table.game.score == 5


def test_double_tap_falls_back_to_the_foundation():
    app = make_app()
    use_game(app, layout([["AS"], ["5C"]]))
    tap(app, grab_point(app, card("AS")))
    tap(app, grab_point(app, card("AS")))
    assert texts(app.table.game.foundations[0]) == ["AS"]


def test_two_slow_taps_are_two_single_taps():
    app = make_app()
    use_game(app, layout([["9S"], ["8H", "AC"]]))
    point = grab_point(app, card("8H"))
    tap(app, point)
    advance(app, DOUBLE_TAP_WINDOW + 0.1)
    tap(app, point)
    advance(app, DOUBLE_TAP_WINDOW + 0.1)
    assert app.table.game.move_count == 0  # single taps on a covered card do nothing


# ---------------------------------------------------------------- keys, bar


def test_undo_by_ctrl_z_and_backspace():
    app = make_app(double_click=False)
    use_game(app, layout([["AS"], ["2S"]]))
    tap(app, grab_point(app, card("AS")))
    tap(app, grab_point(app, card("2S")))
    assert app.table.game.score == 20
    key(app, pygame.K_z, pygame.KMOD_LCTRL)
    assert app.table.game.score == 10
    key(app, pygame.K_BACKSPACE)
    assert app.table.game.score == 0 and app.table.game.move_count == 2
    advance(app, 0.5)
    assert sprite_at(app, card("AS")) == sprite_home(app, card("AS"))


def test_undo_button_and_nothing_to_undo_message():
    app = make_app()
    use_game(app, layout([["AS"]]))
    undo = app.table.bar.button("Undo")
    assert not undo.enabled()
    key(app, pygame.K_z, pygame.KMOD_LCTRL)
    assert view(app).banner_text == "There is nothing to undo."


def test_info_bar_shows_score_time_moves_and_code_from_the_game():
    app = make_app(code="YU1-C-AAAAAAB", double_click=False)
    table = app.table
    assert table.bar.info_text() == "Score 0    Time 0:00    Moves 0    YU1-C-AAAAAAB"
    advance(app, 3.0)
    assert table.elapsed == 0  # the clock starts at the first move
    from conftest import load_won_games

    moves = dict(load_won_games())["YU1-C-AAAAAAB"]
    for move in moves[:10]:
        table.play(move)
    advance(app, 62.05)
    game = table.game
    assert table.bar.info_text() == (
        f"Score {game.score}    Time 1:02    Moves 10    YU1-C-AAAAAAB"
    )
    app.handle_event(pygame.event.Event(pygame.WINDOWMINIMIZED))
    advance(app, 30.0)
    assert int(table.elapsed) == 62  # paused while minimised
    assert "Time 1:02" in table.bar.info_text()
    app.handle_event(pygame.event.Event(pygame.WINDOWRESTORED))
    advance(app, 1.0)
    assert int(table.elapsed) == 63
    for open_ in (table.open_help, table.open_settings, table.open_stats):
        open_()  # Help or a dialog over the table: the clock waits
        advance(app, 10.0)
        assert int(table.elapsed) == 63
        key(app, pygame.K_ESCAPE)
    advance(app, 1.0)
    assert int(table.elapsed) == 64


def test_window_title_shows_the_game_code():
    make_app(code="YU1-R-AAAAABA")
    assert pygame.display.get_caption()[0] == "Yukon — YU1-R-AAAAABA"


def test_bar_buttons_click():
    app = make_app(double_click=False)
    use_game(app, layout([["AS"]]))
    tap(app, grab_point(app, card("AS")))
    button = app.table.bar.button("Undo")
    tap(app, button.rect.center)
    assert app.table.game.foundations[0] == ()
    tap(app, app.table.bar.button("Settings").rect.center)
    assert type(dialogs(app)[-1]).__name__ == "SettingsDialog"


# ---------------------------------------------------------------- resize, win


@pytest.mark.parametrize("size", ["800x600", "1280x800", "1920x1080", "3840x2160", "1000x900"])
def test_every_card_stays_on_screen_at_any_size(size):
    from positions import ALL

    app = make_app(size=size)
    long = [c for c in ALL if c != "KS"][:24]
    use_game(app, layout([["KS", *long]], face_down=[5]))
    for game in (app.table.game, Game.new(3)):
        use_game(app, game)
        w, h = app.size
        for c, (rect, _) in view(app).layout.card_rects(game).items():
            assert rect.left >= 0 and rect.right <= w, (c, rect)
            assert view(app).layout.bar_h <= rect.top and rect.bottom <= h, (c, rect)


def test_resize_keeps_every_card_on_screen_and_the_game():
    app = make_app()
    key_before = app.table.game.position()
    pygame.display.set_mode((900, 640), pygame.RESIZABLE)
    app.handle_event(pygame.event.Event(pygame.VIDEORESIZE, size=(900, 640), w=900, h=640))
    assert view(app).layout.size == (900, 640)
    assert app.table.game.position() == key_before
    for c, (rect, _) in view(app).layout.card_rects(app.table.game).items():
        assert pygame.Rect(0, 0, 900, 640).contains(rect), c
        assert sprite_at(app, c) == (rect.x, rect.y)
    assert view(app).art.width == view(app).layout.card_w


def test_full_screen_and_back_keeps_the_game():
    app = make_app()
    key_before = app.table.game.position()
    key(app, pygame.K_F11)
    assert app.fullscreen and app.table.bar.button("Window")
    key(app, pygame.K_F11)
    assert not app.fullscreen and app.size == (1280, 800)
    assert app.table.bar.button("Full screen")
    key(app, pygame.K_RETURN, pygame.KMOD_LALT)
    assert app.fullscreen
    key(app, pygame.K_RETURN, pygame.KMOD_LALT)
    assert app.table.game.position() == key_before


def test_winning_celebrates_then_shows_score_time_and_moves():
    app = make_app(double_click=False)
    win(app)
    surface = app.surface
    for _ in range(40):
        advance(app, 0.1)
        app.draw()
    assert view(app).celebration is not None
    dialog = dialogs(app)[-1]
    assert type(dialog).__name__ == "WinDialog"
    assert dialog.lines[0] == ("Score", str(app.table.game.score))
    assert surface.get_size() == app.size
    corner = (3, app.table.bar.rect.bottom + 3)  # felt the cards do not fly over
    assert surface.get_at(corner) == view(app).background.get_at(corner)  # not dimmed
    tap(app, dialog.buttons[-1].rect.center)  # New game
    assert not app.table.game.is_won and not dialogs(app)


def test_the_celebration_fades_into_the_won_table_and_stops():
    app = make_app(double_click=False)
    win(app, 30)
    assert app.table.animating and view(app).celebration.running
    advance(app, FLY_SECONDS + FADE_SECONDS)
    assert view(app).celebration is None and not app.table.animating
    key(app, pygame.K_ESCAPE)  # the win dialog
    assert not dialogs(app)
    app.draw()
    assert not app.needs_draw
    # The calm picture: bare felt where the cards flew, the four Kings home.
    h = app.size[1]
    layout = view(app).layout
    left = layout.pile_rect(Pile(FOUNDATION)).x - layout.margin
    said = [box.rect for box in app.text_boxes()]  # "Won! ...": not felt
    felt = [
        app.surface.get_at((x, y))
        for x in range(0, left, 20)
        for y in range(layout.pile_rect(Pile(0)).bottom + 10, h, 20)
        if not any(rect.collidepoint(x, y) for rect in said)
    ]
    assert all(p.g > p.r + 20 and p.g > p.b + 10 for p in felt)
    for suit in range(4):
        rect = layout.pile_rect(Pile(FOUNDATION + suit))
        assert min(app.surface.get_at((rect.x + 4, rect.centery))[:3]) > 200  # a card face
    # And a line saying how to play on, across the middle of the emptied columns.
    y = layout.top + round(layout.card_h * 1.7)
    band = [
        app.surface.get_at((x, y + dy))
        for x in range(layout.column_x[0], layout.column_x[6] + layout.card_w)
        for dy in range(-6, 7)
    ]
    assert sum(1 for p in band if min(p[:3]) > 150) > 50  # light letters on the felt


def test_the_won_table_line_waits_until_the_you_won_box_is_closed():
    app = make_app("1600x1000", double_click=False)
    win(app, 30)
    advance(app, FLY_SECONDS + FADE_SECONDS)
    layout = view(app).layout
    y = layout.top + round(layout.card_h * 1.7)
    panel = dialogs(app)[-1].panel.inflate(40, 40)  # with its shadow
    row = [
        x for x in range(layout.column_x[0], layout.column_x[6]) if not panel.left < x < panel.right
    ]

    def light_beside_the_box() -> int:
        app.draw()
        return sum(
            1 for x in row for dy in range(-6, 7) if min(app.surface.get_at((x, y + dy))[:3]) > 150
        )

    assert light_beside_the_box() == 0
    key(app, pygame.K_ESCAPE)
    assert light_beside_the_box() > 20


@pytest.mark.parametrize("cover", ["dialog", "banner"])
def test_the_celebration_starts_from_the_table_alone(cover):
    app = make_app(double_click=False)
    win(app)
    if cover == "dialog":
        app.table.open_help()  # e.g. opened by the app, not by a key that cuts the show short
    else:
        app.table.notify("A message at the bottom of the table.")
    advance(app, 0.2)
    app.draw()  # the last frame before the show: the table under the cover
    advance(app, 0.2)
    app.draw()  # the show's first frame
    assert view(app).celebration.started
    while dialogs(app):
        app.host.close(dialogs(app)[-1])
    view(app).hide_banner()  # a live message is drawn over the show, not into it
    app.draw()
    # Where no card ever lies or flies yet: the bare felt, nothing left of the cover.
    layout = view(app).layout
    left = layout.pile_rect(Pile(FOUNDATION)).x - layout.margin
    top = layout.pile_rect(Pile(0)).bottom + 10
    for x in range(0, left, 16):
        for y in range(top, app.size[1], 16):
            assert app.surface.get_at((x, y)) == view(app).background.get_at((x, y)), (x, y)


def test_a_notice_raised_during_the_celebration_is_shown():
    app = make_app(double_click=False)
    win(app)
    advance(app, 0.5)
    app.draw()
    assert view(app).celebration.started
    app.table.notify("The statistics could not be saved.")
    app.draw()
    shown = app.surface.copy()
    view(app).hide_banner()
    app.draw()
    layout = view(app).layout
    bottom = pygame.Rect(
        0, layout.height - layout.margin * 2 - layout.bar_h, layout.width, layout.bar_h
    )
    changed = [
        (x, y)
        for x in range(bottom.left, bottom.right, 4)
        for y in range(bottom.top, bottom.bottom, 4)
        if shown.get_at((x, y)) != app.surface.get_at((x, y))
    ]
    assert len(changed) > 50


def foundation_picture(app, suit: int, rank: int) -> pygame.Surface:
    """A foundation as the table draws it: felt, its empty slot, its top card."""
    table = app.table
    rect = view(app).layout.pile_rect(Pile(FOUNDATION + suit))
    picture = pygame.Surface(rect.size)
    picture.blit(view(app).background, (0, 0), rect)
    picture.blit(view(app).art.empty_foundation(suit), (0, 0))
    if rank:
        picture.blit(view(app).art.face(table.game.foundations[suit][rank - 1]), (0, 0))
    return picture


def assert_foundations_show(app, ranks: list[int]) -> None:
    """Each foundation shows the card of rank ``ranks[suit]`` (0: empty) wherever
    no card flying off it covers it now."""
    flying = [
        pygame.Rect(round(f.x), round(f.y), view(app).layout.card_w, view(app).layout.card_h)
        for f in view(app).celebration.flyers
    ]
    for suit, rank in enumerate(ranks):
        rect = view(app).layout.pile_rect(Pile(FOUNDATION + suit))
        picture = foundation_picture(app, suit, rank)
        seen = 0
        for x in range(rect.x + 2, rect.right - 2, 3):
            for y in range(rect.y + 2, rect.bottom - 2, 3):
                if any(r.collidepoint(x, y) for r in flying):
                    continue
                seen += 1
                expected = picture.get_at((x - rect.x, y - rect.y))
                assert app.surface.get_at((x, y)) == expected, (suit, rank, x, y)
        assert seen > 20, (suit, rank)


def test_cards_launched_in_the_celebration_leave_their_foundations():
    app = make_app(double_click=False)
    win(app, 13)
    celebration = view(app).celebration
    launched = 52 - len(celebration.queue)  # Kings first, the suits in turn
    assert 8 <= launched < 40
    ranks = [13 - len(range(suit, launched, 4)) for suit in range(4)]
    assert_foundations_show(app, ranks)  # the cards below the launched ones
    while celebration.queue:
        advance(app, 0.1)
        app.draw()
    assert celebration.running or celebration.flyers
    key(app, pygame.K_ESCAPE)  # the win dialog (the show goes on)
    app.draw()
    assert_foundations_show(app, [0, 0, 0, 0])  # every card gone: the empty slots


def test_a_click_or_a_key_cuts_the_celebration_short():
    app = make_app(double_click=False)
    win(app, 8)
    key(app, pygame.K_SPACE)
    advance(app, 0.5)
    assert view(app).celebration is None and not app.animating
    assert type(dialogs(app)[-1]).__name__ == "WinDialog"


def test_the_cards_of_a_won_game_cannot_be_picked_up_again():
    app = make_app(double_click=False)
    win(app)
    advance(app, 0.5)
    key(app, pygame.K_SPACE)  # cuts the show short
    advance(app, 1.0)
    key(app, pygame.K_ESCAPE)  # the win dialog
    king = pile_point(app, FOUNDATION)
    press(app, king)
    move_to(app, pile_point(app, 0), king)
    assert not view(app).dragging
    release(app, pile_point(app, 0))
    for _ in range(4):
        key(app, pygame.K_LEFT)  # the cursor onto a foundation
    key(app, pygame.K_SPACE)
    assert view(app).held is None and view(app).banner is None
    assert app.table.game.is_won and not app.table.animating


def test_partial_redraws_while_dragging_leave_no_trace():
    app = make_app(size="1024x700")
    game = app.table.game
    column = next(c for c in game.tableau if len(c.cards) - c.face_down >= 3)
    start = grab_point(app, column.cards[-3])
    app.draw()
    press(app, start)
    for i in range(1, 30):
        pos = (start[0] + i * 11, start[1] + i * 7)
        post_motion(app, pos)
        rects = app.draw()
        if i > 2:
            assert rects is not None  # only the drag area was redrawn
    partial = app.surface.copy()
    view(app).redraw()
    assert app.draw() is None
    assert pygame.image.tobytes(partial, "RGB") == pygame.image.tobytes(app.surface, "RGB")


def post_motion(app, pos):
    from uikit import post

    post(app, pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))


def test_a_touch_is_handled_once_though_it_also_arrives_as_mouse_events():
    app = make_app(double_click=False)
    use_game(app, layout([["AS"], ["2S"]]))
    x, y = grab_point(app, card("AS"))
    w, h = app.size
    finger = {"touch_id": 1, "finger_id": 0, "x": x / w, "y": y / h, "dx": 0.0, "dy": 0.0}
    from uikit import post

    post(app, pygame.FINGERDOWN, **finger)
    post(app, pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1, touch=True)
    post(app, pygame.FINGERUP, **finger)
    post(app, pygame.MOUSEBUTTONUP, pos=(x, y), button=1, touch=True)
    assert texts(app.table.game.foundations[0]) == ["AS"]
    assert app.table.game.move_count == 1


def test_the_clock_ticking_redraws_only_the_bar():
    app = make_app(double_click=False)
    use_game(app, layout([["AS"], ["5C"]]))
    tap(app, grab_point(app, card("AS")))
    advance(app, 0.5)
    app.draw()
    assert not app.table.needs_draw
    advance(app, 1.0)
    assert app.table.needs_draw
    assert app.draw() == [app.table.bar.rect]
    partial = pygame.image.tobytes(app.surface, "RGB")
    view(app).redraw()
    app.draw()
    assert partial == pygame.image.tobytes(app.surface, "RGB")


def test_hovering_outlines_what_a_press_would_pick_up_and_redraws_only_on_change():
    app = make_app()
    use_game(app, layout([["QS", "TD", "5H"], ["8C"]], face_down=[1, 0]))
    from uikit import post

    point = grab_point(app, card("TD"))
    post(app, pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(0, 0, 0))
    assert view(app).hover == (0, 2)
    app.draw()
    post(app, pygame.MOUSEMOTION, pos=(point[0] + 2, point[1]), rel=(0, 0), buttons=(0, 0, 0))
    assert not app.table.needs_draw  # same card: nothing to redraw
    face_down = grab_point(app, card("QS"))
    post(app, pygame.MOUSEMOTION, pos=face_down, rel=(0, 0), buttons=(0, 0, 0))
    assert view(app).hover is None and app.table.needs_draw


# ---------------------------------------------------------------- squeezed columns


def test_cards_squeezed_in_a_long_column_show_their_suit_beside_the_rank():
    app = make_app(code="YU1-C-AAAAAAB")
    sprites = view(app).sprites.by_card
    column = app.table.game.tableau[1]
    assert not any(sprites[c].compact for c in column.cards)  # room for the whole index
    for text in ["7:5>2", "6:5>2", "7:1>2", "4:2>1"]:  # column 2 grows to 17 cards
        app.table.play(Move.parse(text))
        if text.endswith(">2"):  # the cards on their way cover nothing yet
            assert not sprites[app.table.game.tableau[1].cards[-2]].compact
        advance(app, 1.0)
    column = app.table.game.tableau[1]
    assert len(column.cards) == 17
    covered = column.cards[column.face_down : -1]
    assert all(sprites[c].compact for c in covered)
    assert not sprites[column.cards[-1]].compact  # the last card shows whole
    app.draw()
    assert sprites[covered[0]].image is view(app).art.face(covered[0], compact=True)
    # Lifting cards off shows the card they lay on whole, at once ...
    below, lifted = column.cards[-6], column.cards[-5]
    start = grab_point(app, lifted)
    press(app, start)
    move_to(app, (start[0] + 300, start[1] + 20), start)
    assert view(app).dragging and not sprites[below].compact
    assert sprites[lifted].compact  # the hand keeps its fan as it was
    key(app, pygame.K_ESCAPE)  # ... and it is covered again once they are back
    assert not sprites[below].compact
    assert sprites[lifted].compact  # no flash of whole faces on the way back
    advance(app, 1.0)
    assert sprites[below].compact
    for _ in range(4):
        key(app, pygame.K_z, pygame.KMOD_CTRL)
        advance(app, 1.0)
    assert not any(sprite.compact for sprite in sprites.values())


def test_a_card_turning_over_is_not_scaled_every_frame(monkeypatch):
    """Card images are scaled once (per width of a turn), never every frame."""
    from yukon.ui.art.faces import TURN_STEPS

    app = make_app()
    use_game(app, layout([["9S"], ["KD", "8H"]], face_down=[0, 1]))
    calls = []
    real = pygame.transform.smoothscale
    card_size = (view(app).art.width, view(app).art.height)

    def counted(surface: pygame.Surface, *args):
        if surface.get_size() == card_size:
            calls.append(1)  # a card scaled (text is drawn scaled down too)
        return real(surface, *args)

    monkeypatch.setattr(pygame.transform, "smoothscale", counted)
    for _ in range(2):  # turned up, then down again by the undo: the same frames
        if app.table.game.move_count:
            app.table.undo()
        else:
            app.table.play(Move.parse("2:1>1"))
        for _ in range(60):
            advance(app, 1 / 120)
            app.draw()
    assert 0 < len(calls) <= 2 * TURN_STEPS


# ---------------------------------------------------------------- animation speed


@pytest.mark.parametrize("speed, frames", [("normal", 20), ("fast", 9), ("off", 0)])
def test_animation_speed_sets_how_long_cards_travel(speed, frames):
    from uikit import STEP

    app = make_app(code="YU1-C-AAAAAAB", animation=speed)
    app.table.play(Move.parse("7:5>2"))
    count = 0
    board = view(app)
    while board.sprites.animating:
        app.update(STEP)
        count += 1
    assert abs(count - frames) <= 2, count
    rects = board.layout.card_rects(board.game)
    for each, sprite in board.sprites.by_card.items():
        assert (sprite.x, sprite.y) == rects[each][0].topleft


def test_with_animations_off_the_win_is_a_still_picture():
    from uikit import dialogs, win

    app = make_app(animation="off")
    win(app)
    app.update(1 / 120)
    assert view(app).celebration is None and not app.table.animating
    assert type(dialogs(app)[-1]).__name__ == "WinDialog"  # the result at once


def test_the_banner_covers_no_face_up_card_and_fades_under_dragged_cards():
    """A long column ends at the bottom centre: the banner goes elsewhere."""
    from test_ui_legibility import long_column_game
    from uikit import press

    app = make_app()
    use_game(app, long_column_game())
    app.table.notify("Cannot save the game: the disk is full.")
    app.draw()
    board = view(app)
    box = board.banner_box
    for rect in board.banner_busy():
        assert not box.colliderect(rect)
    # Dragging cards over it fades it (and it comes back after).
    game = board.game
    lead = game.tableau[0].cards[-1]
    start = grab_point(app, lead)
    press(app, start)
    target = box.center
    move_to(app, target, start)
    assert board.dragging and board.banner_faded and app.table.needs_draw
    key(app, pygame.K_ESCAPE)
    post(app, pygame.MOUSEMOTION, pos=(box.centerx, box.y - 30), rel=(0, -30), buttons=(0, 0, 0))
    assert not board.banner_faded


def test_the_hint_outlines_its_target_and_leaves_the_card_readable():
    app = make_app()
    use_game(app, layout([["9S"], ["TH"]]))
    board = app.table.board
    target = group_rect(board.layout, board.sprites, [card("TH")])
    app.draw()
    screen = pygame.display.get_surface()
    face = [screen.get_at((x, target.centery)) for x in range(target.left + 2, target.right - 2)]
    board.show_hint(Move.parse("1:1>2"))
    app.draw()
    # No fill over the card, gold just outside its edge.
    assert [
        screen.get_at((x, target.centery)) for x in range(target.left + 2, target.right - 2)
    ] == face
    assert screen.get_at((target.left - 2, target.centery))[:3] == ACCENT


def outgrowing_game() -> Game:
    """Column 1 is one card short of shrinking the table at 1280x800: the
    2♥ from column 2 makes it outgrow the window."""
    from positions import ALL

    run = ["KS", "QH", "JS", "TH", "9S", "8H", "7S", "6H", "5S", "4H", "3S"]
    under = [c for c in ALL if c not in run and c != "2H"][:26]
    return layout([[*under, *run], ["2H"]], face_down=[26, 0])


@pytest.mark.parametrize("animation", ["normal", "off"])
def test_the_table_shrinks_and_grows_back_smoothly_when_a_column_outgrows_it(animation):
    app = make_app("1280x800", animation=animation)
    use_game(app, outgrowing_game())
    board = app.table.board
    before = (board.art.width, board.art.height)
    app.table.play(Move.parse("2:1>1"))
    after = (board.art.width, board.art.height)
    assert after[0] < before[0]  # the table shrank for the long column
    if animation == "off":
        assert board.sprites.shown_size() == after  # at once
        return
    assert board.sprites.shown_size() == before  # not a jump: from the old size
    advance(app, 0.06)
    app.draw()
    width, height = board.sprites.shown_size()
    assert after[0] <= width <= before[0] and after[0] != before[0]
    assert app.table.board.sprites.by_card[card("KS")].image.get_height() == height
    advance(app, 0.3)
    assert board.sprites.shown_size() == after and not board.sprites.animating
    app.table.undo()  # and back: the cards grow again, as smoothly
    assert (board.art.width, board.art.height) == before
    assert board.sprites.shown_size() == after
    advance(app, 0.3)
    assert board.sprites.shown_size() == before


def test_the_table_state_refuses_a_write_from_outside():
    app = make_app()
    field = "hint"  # the very write other modules must not make
    with pytest.raises(AttributeError):
        setattr(app.table.board, field, None)
    assert view(app).hint is None
