"""Playing without a mouse: complete sequences with the keyboard only."""

from __future__ import annotations

import pygame
import pytest
from positions import ALL, layout
from uikit import (
    ROOT,
    advance,
    dialogs,
    key,
    make_app,
    post,
    sprite_at,
    sprite_home,
    use_game,
    view,
)

from yukon.desktop.app import App
from yukon.engine import FOUNDATION, Rules
from yukon.ui.keymap import Command, command_for, help_rows


def press_keys(app, *names: str) -> None:
    for name in names:
        key(app, getattr(pygame, f"K_{name}"))


def texts(cards) -> list[str]:
    return [str(c) for c in cards]


def cursor_pixels(app: App) -> int:
    from yukon.ui import theme

    app.draw()
    colour = pygame.Color(*theme.CURSOR)
    return pygame.mask.from_threshold(app.surface, colour, (1, 1, 1, 255)).count()


def test_the_cursor_shows_from_the_first_key_until_the_mouse_is_used():
    """Before any key it would look like a selection; once the keys are in
    use it stays, until the mouse moves or clicks."""
    app = make_app()
    assert cursor_pixels(app) == 0
    press_keys(app, "RIGHT")
    assert cursor_pixels(app) > 100
    advance(app, 1.0)
    assert cursor_pixels(app) > 100
    post(app, pygame.MOUSEMOTION, pos=(5, app.size[1] - 5), rel=(3, 0), buttons=(0, 0, 0))
    assert app.table.needs_draw and cursor_pixels(app) == 0
    press_keys(app, "SPACE")  # cards in hand
    post(app, pygame.MOUSEBUTTONDOWN, pos=(5, app.size[1] - 5), button=1)
    post(app, pygame.MOUSEBUTTONUP, pos=(5, app.size[1] - 5), button=1)
    assert cursor_pixels(app) > 100  # held cards keep their outline: where they go
    press_keys(app, "ESCAPE")
    undo = next(b for b in app.table.bar.buttons if b.label == "Undo")
    post(app, pygame.MOUSEBUTTONDOWN, pos=undo.rect.center, button=1)  # a click in the bar
    post(app, pygame.MOUSEBUTTONUP, pos=undo.rect.center, button=1)
    assert cursor_pixels(app) == 0


def test_cards_held_with_the_keyboard_float_above_the_cursor_outline():
    from yukon.ui import theme

    app = make_app()
    use_game(app, layout([["9C"], ["5H", "8H"]], face_down=[0, 0]))
    press_keys(app, "RIGHT", "SPACE", "LEFT")  # the 8H in hand, over the 9C
    advance(app, 1.0)
    app.draw()
    lead = view(app).sprites.by_card[view(app).held.cards[0]]
    inside = app.surface.subsurface(lead.rect.inflate(-8, -8))
    cyan = pygame.mask.from_threshold(inside, pygame.Color(*theme.CURSOR), (1, 1, 1, 255))
    assert cyan.count() == 0
    assert cursor_pixels(app) > 100  # the outline itself is there, under the cards


def test_arrows_walk_the_table_as_it_lies_and_wrap():
    """The foundations stand one above another right of the last column:
    Left or Right from any of them goes back to the columns."""
    app = make_app()
    cursor = view(app).cursor
    assert cursor.pile == 0
    press_keys(app, "RIGHT", "RIGHT")
    assert cursor.pile == 2
    press_keys(app, "LEFT", "LEFT", "LEFT")
    assert cursor.pile == FOUNDATION  # wrapped round to the foundations
    press_keys(app, "UP")
    assert cursor.pile == FOUNDATION + 3  # clubs, above spades round the ring
    press_keys(app, "DOWN", "DOWN")
    assert cursor.pile == FOUNDATION + 1
    press_keys(app, "LEFT")
    assert cursor.pile == 6  # from any foundation, the last column
    press_keys(app, "RIGHT")
    assert cursor.pile == FOUNDATION + 1  # back to the foundation it left
    press_keys(app, "RIGHT")
    assert cursor.pile == 0


def test_up_and_down_choose_among_face_up_cards_only():
    app = make_app(code="YU1-C-AAAAAAB")
    cursor = view(app).cursor
    press_keys(app, "RIGHT")  # column 2: one face-down card, five face up
    for _ in range(9):
        press_keys(app, "UP")
    assert cursor.depth == 5
    press_keys(app, "DOWN", "DOWN")
    assert cursor.depth == 3
    rect = view(app).cursor_rect()
    column = app.table.game.tableau[1]
    first = sprite_home(app, column.cards[-3])
    assert rect.topleft == first and rect.bottom == sprite_home(app, column.cards[-1])[1] + (
        view(app).layout.card_h
    )


def test_keyboard_group_move():
    app = make_app()
    use_game(app, layout([["JC"], ["QS", "TD", "5H", "JD", "8S"]], face_down=[0, 1]))
    press_keys(app, "RIGHT", "UP", "UP", "UP", "SPACE")
    assert view(app).held is not None and view(app).highlights == [0]
    press_keys(app, "LEFT")
    advance(app, 0.3)
    assert sprite_at(app, app.table.game.tableau[1].cards[1]) != sprite_home(
        app, app.table.game.tableau[1].cards[1]
    )  # the held cards float over column 1
    press_keys(app, "RETURN")
    advance(app, 0.5)
    assert texts(app.table.game.tableau[0].cards) == ["JC", "TD", "5H", "JD", "8S"]
    assert app.table.game.tableau[1].face_down == 0 and app.table.game.score == 5
    assert view(app).held is None and view(app).highlights == []
    for c in app.table.game.tableau[0].cards:
        assert sprite_at(app, c) == sprite_home(app, c)


def test_keyboard_foundation_move_with_f():
    app = make_app()
    use_game(app, layout([["AS"], ["AH", "2H"]]))
    press_keys(app, "f")
    assert texts(app.table.game.foundations[0]) == ["AS"]
    press_keys(app, "RIGHT", "f")
    assert view(app).banner_text == (
        "Only an Ace can start a foundation; the 2♥ needs the A♥ there first."
    )
    assert app.table.game.move_count == 1


def test_keyboard_foundation_move_by_picking_up_and_dropping_on_any_foundation():
    app = make_app()
    use_game(app, layout([["AD"]]))
    press_keys(app, "SPACE", "LEFT", "SPACE")  # dropped on the clubs foundation
    assert texts(app.table.game.foundations[2]) == ["AD"]


def test_keyboard_take_back_from_a_foundation():
    app = make_app()
    use_game(app, layout([["AS"], ["2S"], ["3H"]]))
    press_keys(app, "f", "RIGHT", "f")
    assert app.table.game.score == 20
    for _ in range(6):  # column 2 -> ... -> spades foundation
        press_keys(app, "RIGHT")
    assert view(app).cursor.pile == FOUNDATION
    press_keys(app, "SPACE")
    press_keys(app, "RIGHT", "RIGHT", "RIGHT")  # spades foundation -> column 3, round
    assert view(app).cursor.pile == 2
    press_keys(app, "SPACE")
    assert texts(app.table.game.tableau[2].cards) == ["3H", "2S"]
    assert app.table.game.score == 20


def all_sprites_home(app: App) -> bool:
    advance(app, 0.5)
    return all(sprite_at(app, c) == sprite_home(app, c) for c in view(app).sprites.by_card)


def test_keyboard_take_back_of_the_only_card_of_a_foundation() -> None:
    # The foundation is empty once the Ace is down: letting go of it must
    # not look for it there.
    app = make_app()
    use_game(app, layout([["AS"], ["2H"]]))
    press_keys(app, "f", "LEFT")  # round to the foundations
    assert view(app).cursor.pile == FOUNDATION
    press_keys(app, "SPACE", "RIGHT", "RIGHT", "SPACE")
    assert texts(app.table.game.tableau[1].cards) == ["2H", "AS"]
    assert app.table.game.foundations[0] == () and view(app).held is None
    assert all_sprites_home(app)


def test_undo_while_holding_the_only_card_of_a_foundation() -> None:
    app = make_app()
    use_game(app, layout([["AS"], ["5C"]]))
    press_keys(app, "f", "LEFT", "SPACE")
    assert view(app).held is not None
    key(app, pygame.K_z, pygame.KMOD_LCTRL)  # the Ace goes back to column 1
    assert texts(app.table.game.tableau[0].cards) == ["AS"]
    assert view(app).held is None
    assert all_sprites_home(app)


def test_keyboard_illegal_drop_shows_its_reason_and_keeps_the_cards_in_hand():
    app = make_app(interactive_rules=False)  # the keyboard always says why
    use_game(app, layout([["JH"], ["TD", "4S"], ["JS"]]))
    before = app.table.game.position()
    press_keys(app, "RIGHT", "UP", "SPACE", "LEFT", "SPACE")
    advance(app, 0.5)
    assert view(app).banner_text == "The 10♦ needs a black Jack."
    assert app.table.game.position() == before and view(app).held is not None
    press_keys(app, "RIGHT", "RIGHT", "SPACE")  # another place, still in hand
    assert texts(app.table.game.tableau[2].cards) == ["JS", "TD", "4S"]
    use_game(app, layout([["JH"], ["TD", "4S"]]))
    press_keys(app, "RIGHT", "UP", "SPACE", "LEFT", "SPACE", "ESCAPE")
    advance(app, 0.5)
    assert view(app).held is None  # Esc put them back
    for c in app.table.game.tableau[1].cards:
        assert sprite_at(app, c) == sprite_home(app, c)


def test_escape_puts_held_cards_back_without_leaving_full_screen():
    app = make_app()
    use_game(app, layout([["JH"], ["TD"]]))
    app.host.set_fullscreen(True)
    press_keys(app, "RIGHT", "SPACE", "ESCAPE")
    assert view(app).held is None and app.fullscreen
    press_keys(app, "ESCAPE")  # nothing in hand: full screen still stays
    assert app.fullscreen


def test_d_does_the_double_tap_search():
    app = make_app()
    use_game(app, layout([["9S"], ["KD", "QC", "JD", "TS", "9C"], ["8H", "3C"]]))
    press_keys(app, "RIGHT", "RIGHT", "UP", "d")
    assert texts(app.table.game.tableau[1].cards)[-2:] == ["8H", "3C"]


def test_undo_with_the_keyboard_restores_the_cursor_to_a_real_card():
    app = make_app()
    use_game(app, layout([["AS"], ["9C", "2S"]], face_down=[0, 1]))
    press_keys(app, "f", "RIGHT", "f")
    assert app.table.game.score == 25
    key(app, pygame.K_z, pygame.KMOD_LCTRL)
    assert app.table.game.score == 10
    assert view(app).cursor.selection(app.table.game) == (1, 1)


def test_help_screen_opens_with_f1_lists_keys_and_scrolls():
    from yukon.ui.dialogs.help_sections import SECTIONS

    app = make_app(size="800x600")
    press_keys(app, "F1")
    screen = dialogs(app)[-1]
    assert type(screen).__name__ == "HelpScreen"
    words = " ".join(f"{a} {b}" for _, rows in SECTIONS for a, b in rows)
    for needed in ("Relaxed", "Classic", "+10", "+5", "625", "Double tap", "Esc", "F1"):
        assert needed in words
    assert screen.max_scroll > 0  # too long for 800x600: it scrolls
    from yukon.ui import theme

    def row_is_bare(y: int) -> bool:  # faded out to the panel's colour
        return all(
            app.surface.get_at((x, y))[:3] == theme.PANEL
            for x in range(screen.view.x, screen.view.right)
        )

    app.draw()
    assert row_is_bare(screen.view.bottom - 1) and not row_is_bare(screen.view.y + 8)
    press_keys(app, "END")
    assert screen.scroll == screen.max_scroll
    app.draw()
    assert row_is_bare(screen.view.y)  # the page goes on above
    press_keys(app, "ESCAPE")
    assert not dialogs(app)


def test_help_button_in_the_bar():
    app = make_app()
    from uikit import tap

    tap(app, app.table.bar.button("Help").rect.center)
    assert type(dialogs(app)[-1]).__name__ == "HelpScreen"


# ---------------------------------------------------------------- dialogs


def tab(app: App, times: int = 1, back: bool = False) -> None:
    for _ in range(times):
        key(app, pygame.K_TAB, pygame.KMOD_LSHIFT if back else 0)


def test_settings_open_and_change_from_the_keyboard_alone():
    app = make_app()
    key(app, pygame.K_F3)
    dialog = dialogs(app)[-1]
    assert type(dialog).__name__ == "SettingsDialog"
    assert dialog.focused is dialog.boxes[0]  # opened by a key: in focus at once
    press_keys(app, "SPACE")  # Double click
    assert app.session.settings.double_click is False
    tab(app, 3)  # Automatic placement
    press_keys(app, "SPACE")
    assert app.session.settings.auto_placement is True
    tab(app)  # Show whether the game can still be won
    press_keys(app, "SPACE")
    assert app.session.settings.live_verdict is True
    tab(app)
    assert dialog.focused is dialog.language_choice
    tab(app)
    assert dialog.focused.label == "Done"
    press_keys(app, "RETURN")
    assert not dialogs(app)
    key(app, pygame.K_COMMA, pygame.KMOD_LCTRL)  # the other key for Settings
    assert type(dialogs(app)[-1]).__name__ == "SettingsDialog"


def test_a_relaxed_winnable_deal_chosen_from_the_keyboard_alone(monkeypatch):
    app = make_app()
    dealt = []
    monkeypatch.setattr(app.session, "start_random_game", dealt.append)
    key(app, pygame.K_n, pygame.KMOD_LCTRL)
    dialog = dialogs(app)[-1]
    assert dialog.focused is dialog.field  # typing goes to the code first
    tab(app, 4)  # the four games, Yukon first
    assert dialog.focused.label == "Moosehide"
    tab(app, 2)  # then Yukon's two rule options
    assert dialog.focused.label == "Relaxed"
    press_keys(app, "SPACE")
    assert dialog.shown_rules is Rules.RELAXED
    tab(app, 3)  # past Copy current code and Copy game
    assert dialog.focused is dialog.winnable_box
    press_keys(app, "RETURN")  # ticks it: Enter on an option never deals
    assert app.session.settings.winnable_only is True and not dealt
    press_keys(app, "SPACE", "SPACE")
    assert app.session.settings.winnable_only is True
    tab(app, 3)  # past Deal of the day and Cancel (no game to watch yet)
    assert dialog.focused.label == "Deal"
    press_keys(app, "SPACE")
    assert dealt == [Rules.RELAXED] and not dialogs(app)


def test_typing_a_code_reaches_the_field_wherever_the_focus_is():
    app = make_app()
    key(app, pygame.K_n, pygame.KMOD_LCTRL)
    dialog = dialogs(app)[-1]
    tab(app, 3)  # on "Copy current code"
    post(app, pygame.TEXTINPUT, text=" ")  # the Space of a key press: not typed
    assert dialog.field.value == ""
    post(app, pygame.TEXTINPUT, text="YU1-R-AAAAAAB")
    assert dialog.focused is dialog.field and dialog.field.value == "YU1-R-AAAAAAB"
    tab(app, back=True)
    assert dialog.focused.label == "Deal"  # Shift+Tab wraps round to the end
    press_keys(app, "RETURN")
    assert app.session.game.code == "YU1-R-AAAAAAB" and not dialogs(app)


def test_enter_presses_the_button_in_focus_and_the_reset_asks_first():
    app = make_app()
    key(app, pygame.K_s)
    dialog = dialogs(app)[-1]
    assert dialog.focused.label == "Close"  # opened by a key: S then Enter closes
    press_keys(app, "RETURN")
    assert not dialogs(app)
    key(app, pygame.K_s)
    dialog = dialogs(app)[-1]
    tab(app, back=True)
    assert dialog.focused.label == "Reset…"
    press_keys(app, "RETURN")
    assert dialog.confirming and dialog.focused.label == "Keep them"  # the safe answer
    press_keys(app, "SPACE")
    assert not dialog.confirming and dialogs(app)
    assert dialog.focused.label == "Close"  # the focus stays on the dialog's buttons
    press_keys(app, "SPACE")
    assert not dialogs(app)


def test_pasting_a_code_reaches_the_field_wherever_the_focus_is(monkeypatch):
    monkeypatch.setattr("yukon.ui.widgets.clipboard_get", lambda: "YU1-R-AAAAAAB")
    app = make_app()
    key(app, pygame.K_n, pygame.KMOD_LCTRL)
    dialog = dialogs(app)[-1]
    tab(app, 2)
    key(app, pygame.K_v, pygame.KMOD_LCTRL)
    assert dialog.focused is dialog.field and dialog.field.value == "YU1-R-AAAAAAB"
    tab(app)
    key(app, pygame.K_BACKSPACE)
    assert dialog.field.value == "YU1-R-AAAAAA"


def test_the_focus_ring_shows_only_once_tab_is_used():
    from yukon.ui import theme

    app = make_app()
    app.table.open_settings()

    def ring_pixels() -> int:
        app.draw()
        colour = pygame.Color(*theme.FOCUS)
        return pygame.mask.from_threshold(app.surface, colour, (1, 1, 1, 255)).count()

    assert ring_pixels() == 0
    tab(app)
    assert ring_pixels() > 100


def test_f5_restarts_the_deal_as_the_button_does():
    app = make_app()
    press_keys(app, "F5")
    assert view(app).banner is None  # nothing played yet: nothing to restart
    game = app.table.game
    move = game.legal_moves()[0]
    app.table.play(move)
    press_keys(app, "F5")  # the unfinished game would count as lost: it asks
    assert app.table.game.move_count == 1 and "F5" in view(app).banner_text
    press_keys(app, "F5")
    assert app.table.game.move_count == 0 and app.table.game.code == game.code


@pytest.mark.parametrize("code", ["YU1-C-AAAAAAB", "YU1-R-AAAAAAB", "YU1-M-AAAAAAB"])
def test_f2_deals_a_new_game_of_the_same_game_at_once_and_ctrl_n_opens_new_game(code):
    app = make_app(code=code)
    rules = app.table.game.rules
    press_keys(app, "F2")  # nothing played yet: nothing lost, no question
    assert not dialogs(app) and app.table.game.code != code
    assert app.table.game.rules is rules and app.table.game.move_count == 0
    assert app.session.settings.rules == rules.value  # New game offers it next
    dealt = app.table.game.code
    app.table.play(app.table.game.legal_moves()[0])
    press_keys(app, "F2")  # the unfinished game would count as lost: it asks
    assert app.table.game.code == dealt and "F2" in view(app).banner_text
    assert "count as a loss" in view(app).banner_text
    press_keys(app, "F2")
    assert app.table.game.code != dealt and app.table.game.rules is rules
    key(app, pygame.K_n, pygame.KMOD_LCTRL)
    assert type(dialogs(app)[-1]).__name__ == "NewGameDialog"
    assert command_for(pygame.K_F2, 0) is Command.NEW_DEAL
    assert command_for(pygame.K_n, pygame.KMOD_LCTRL) is Command.NEW_GAME
    app.shutdown()


def test_help_and_the_readme_name_the_same_keys_for_a_new_deal_and_new_game():
    rows = dict(help_rows())
    assert rows["F2"] == "a new deal at once, of the same game and rule set"
    assert rows["Ctrl+N"].startswith("New game")
    readme = (ROOT / "README.md").read_text("utf-8")
    assert "F2 deals a new game at once" in readme and "Ctrl+N opens New game" in readme


def test_an_arrow_held_down_steps_on_by_itself_until_released():
    app = make_app()
    cursor = view(app).cursor
    post(app, pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0)
    assert cursor.pile == 1
    advance(app, 0.3)
    assert cursor.pile == 1  # a tap is one step
    advance(app, 0.2)  # 0.5 s held: the repeat has begun
    assert cursor.pile in (3, 4)
    post(app, pygame.KEYUP, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0)
    pile = cursor.pile
    advance(app, 1.0)
    assert cursor.pile == pile
    post(app, pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0)
    advance(app, 1.0)  # Space held picks up once, never puts down by itself
    assert cursor.held is not None


def test_a_dialog_ends_an_arrow_repeat_whose_release_it_takes():
    app = make_app()
    post(app, pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0)
    app.table.open_help()
    post(app, pygame.KEYUP, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0)  # to Help
    app.host.close(dialogs(app)[-1])
    advance(app, 1.0)
    assert view(app).cursor.pile == 1


def test_home_end_and_number_keys_jump():
    app = make_app(code="YU1-C-AAAAAAB")
    cursor = view(app).cursor
    key(app, pygame.K_4)
    assert (cursor.pile, cursor.depth) == (3, 1)
    key(app, pygame.K_HOME)
    assert cursor.depth == cursor.face_up(app.table.game) > 1  # every face-up card
    key(app, pygame.K_END)
    assert cursor.depth == 1
    key(app, pygame.K_KP7, pygame.KMOD_NUM)
    assert cursor.pile == 6
    key(app, pygame.K_KP4)  # Num Lock off: the keypad's arrows
    assert cursor.pile == 5
    key(app, pygame.K_KP5)  # ... and its middle key does nothing
    assert cursor.pile == 5
    key(app, pygame.K_3, pygame.KMOD_RALT)  # AltGr+3 types, it does not jump
    assert cursor.pile == 5
    key(app, pygame.K_KP6)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_END)
    assert cursor.pile == FOUNDATION + 3


def test_the_cursor_goes_to_the_cards_an_undo_puts_back():
    app = make_app()
    use_game(app, layout([["JS"], ["TD", "4S"]]))
    press_keys(app, "RIGHT", "UP", "SPACE", "LEFT", "SPACE")  # 10♦ 4♠ onto the J♠
    assert texts(app.table.game.tableau[0].cards) == ["JS", "TD", "4S"]
    key(app, pygame.K_z, pygame.KMOD_LCTRL)
    cursor = view(app).cursor
    assert (cursor.pile, cursor.depth) == (1, 2)
    press_keys(app, "SPACE")
    assert texts(view(app).held.cards) == ["TD", "4S"]


def test_more_than_twenty_cards_are_refused_at_the_pick_up():
    app = make_app()
    group = [c for c in ALL if c not in ("KS", "QH")][:21]
    use_game(app, layout([["KS"], ["QH", *group]]))
    press_keys(app, "RIGHT", "HOME", "SPACE")  # all 22 face-up cards
    assert view(app).held is None
    assert view(app).banner_text == "At most 20 cards can be moved at once."
    press_keys(app, "DOWN", "DOWN", "SPACE")  # 20: fine
    assert len(view(app).held.cards) == 20


def test_another_key_ends_an_arrow_repeat_but_a_move_does_not():
    app = make_app()
    cursor = view(app).cursor
    post(app, pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0)
    advance(app, 0.5)
    key(app, pygame.K_1)
    advance(app, 0.5)
    assert cursor.pile == 0  # the 1 ended the repeat
    post(app, pygame.KEYUP, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0)
    post(app, pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0)
    advance(app, 0.4)
    app.table.play(app.table.game.legal_moves()[0])  # a move, made otherwise
    pile = cursor.pile
    advance(app, 0.3)
    assert cursor.pile != pile  # the arrow, still held, goes on


def test_a_refusal_at_the_pick_up_goes_once_cards_are_in_hand():
    app = make_app()
    group = [c for c in ALL if c not in ("KS", "QH")][:21]
    use_game(app, layout([["KS"], ["QH", *group]]))
    press_keys(app, "RIGHT", "HOME", "SPACE")
    assert view(app).banner is not None
    press_keys(app, "DOWN", "DOWN", "SPACE")
    assert view(app).held is not None and view(app).banner is None


def test_keys_that_wait_for_empty_hands_say_so():
    app = make_app()
    use_game(app, layout([["9S"], ["8H"]]))
    press_keys(app, "RIGHT", "SPACE")
    key(app, pygame.K_h)
    assert view(app).banner_text == "Put the cards down first (Space), or back (Esc)."
    assert view(app).held is not None and not dialogs(app)


def test_down_held_in_help_scrolls_on_until_released():
    app = make_app("800x600")
    key(app, pygame.K_F1)
    screen = dialogs(app)[-1]
    post(app, pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="", scancode=0)
    one_step = screen.scroll
    assert one_step > 0
    advance(app, 0.6)
    assert screen.scroll > 2 * one_step
    post(app, pygame.KEYUP, key=pygame.K_DOWN, mod=0, unicode="", scancode=0)
    scrolled = screen.scroll
    advance(app, 0.6)
    assert screen.scroll == scrolled
