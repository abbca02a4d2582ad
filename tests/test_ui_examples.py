"""The Examples page: reached from Help, stepped with buttons and arrows, replayed."""

from __future__ import annotations

import pygame
import pytest
from uikit import advance, make_app

from yukon.texts.examples import EXAMPLES
from yukon.ui.dialogs.examples import REFUSAL_SECONDS, STEP_SECONDS, ExamplesScene


def key(app, k: int) -> None:
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))
    app.handle_event(pygame.event.Event(pygame.KEYUP, key=k, mod=0))


def open_examples(app) -> ExamplesScene:
    key(app, pygame.K_F1)
    key(app, pygame.K_e)
    page = app.stack.top
    assert isinstance(page, ExamplesScene)
    return page


def test_help_opens_the_examples_from_the_keyboard_and_esc_goes_back_to_help():
    app = make_app()
    page = open_examples(app)
    assert page.index == 0 and page.done == 0
    key(app, pygame.K_ESCAPE)
    assert type(app.stack.top).__name__ == "HelpScreen"
    app.shutdown()


def test_arrows_step_through_every_example_and_back():
    app = make_app()
    page = open_examples(app)
    total = sum(len(example.steps) for example in EXAMPLES)
    seen = set()
    for _ in range(total + len(EXAMPLES)):
        key(app, pygame.K_RIGHT)
        advance(app, 0.4)  # the cards move with the game's animations
        seen.add((page.index, page.done))
    assert page.index == len(EXAMPLES) - 1 and page.done == len(page.example.steps)
    assert not page.next_button.enabled()  # the end
    assert len(seen) == total + len(EXAMPLES) - 1
    for _ in range(total + len(EXAMPLES)):
        key(app, pygame.K_LEFT)
    assert (page.index, page.done) == (0, 0) and not page.back_button.enabled()
    app.shutdown()


def test_a_step_moves_the_cards_and_back_puts_them_back():
    app = make_app()
    page = open_examples(app)
    page.forward()
    page.forward()  # 10♦ 5♥ J♦ 8♠ onto the J♠
    assert page.table.sprites.animating
    advance(app, 1.0)
    assert [card.label for card in page.game.tableau[0].cards] == ["J♠", "10♦", "5♥", "J♦", "8♠"]
    page.back()
    assert len(page.game.tableau[0].cards) == 1 and page.done == 1
    app.shutdown()


def test_a_refused_step_shows_the_rule_in_the_players_language():
    app = make_app(lang="fi")
    page = open_examples(app)
    index = next(
        i for i, e in enumerate(EXAMPLES) if e.title == "An empty column takes only a King"
    )
    key(app, pygame.K_DOWN)  # the next example
    assert page.index == 1
    page.show(index)
    page.forward()
    page.forward()
    assert page.refusal == "Tyhjään sarakkeeseen voi siirtää vain kuninkaan."
    app.draw()
    assert page.refusal in {box.text for box in app.text_boxes()}
    app.shutdown()


def test_playing_stops_at_the_examples_end_and_waits_longer_after_a_refusal():
    """A refusal's sentence is read with the step's caption: the next step
    waits ``REFUSAL_SECONDS`` after it, ``STEP_SECONDS`` after a move."""
    app = make_app()
    page = open_examples(app)
    page.show(
        next(i for i, e in enumerate(EXAMPLES) if e.title == "An empty column takes only a King")
    )
    key(app, pygame.K_r)
    advance(app, STEP_SECONDS * 0.6 + 0.05)
    assert page.done == 1 and not page.refusal
    advance(app, STEP_SECONDS)
    assert page.done == 2 and page.refusal  # the drag is refused
    advance(app, REFUSAL_SECONDS - 0.2)
    assert page.done == 2
    advance(app, 0.3)
    assert page.done == 3 and not page.playing  # the end of the example: the page rests
    assert page.index == next(
        i for i, e in enumerate(EXAMPLES) if e.title == "An empty column takes only a King"
    )
    app.shutdown()


@pytest.mark.parametrize("size", ["800x600", "1920x1080", "3840x2160"])
def test_the_small_table_shows_every_index_whole_like_the_main_table(size):
    """Example 7's 21-card column read Q as "O" and J as "I": the small
    table shrinks its cards for a long column, and a column's covered cards
    share one index style, each showing that index whole."""
    app = make_app(size)
    page = open_examples(app)
    for index in range(len(EXAMPLES)):
        page.show(index)
        for _ in range(len(page.example.steps) + 1):
            layout, art = page.table.layout, page.table.art
            assert (art.width, art.height) == (layout.card_w, layout.card_h)
            rects = layout.card_rects(page.game)
            for column in page.game.tableau:
                covered = column.cards[column.face_down : -1]
                styles = {page.table.sprites.by_card[card].compact for card in covered}
                assert len(styles) <= 1, (index, page.done)
                need = art.compact_height if styles == {True} else art.index_bottom
                for card, above in zip(covered, column.cards[column.face_down + 1 :], strict=True):
                    assert rects[above][0].y - rects[card][0].y >= need, (index, str(card))
            page.forward()
            page.update(1.0)  # the cards land
    app.shutdown()


@pytest.mark.parametrize("lang", ["en", "fi", "sv"])
@pytest.mark.parametrize("size", ["800x600", "1000x600", "1280x800", "1920x1080", "3840x2160"])
def test_every_examples_text_fits_the_three_lines_kept_for_it(lang, size):
    """The page keeps three lines under an example's title and draws no
    more: a text that wrapped to a fourth line would lose its end."""
    from yukon.ui import theme

    app = make_app(size, lang=lang)
    page = open_examples(app)
    boxes: list[pygame.Rect] = []
    draw_text = page.draw_text
    page.draw_text = lambda surface, box: boxes.append(box.copy()) or draw_text(surface, box)
    label = round(page.unit * theme.LABEL)
    for example in EXAMPLES:
        page.draw(pygame.display.get_surface())
        lines = theme.rich_lines(page.tr.gettext(example.text), label, boxes[-1].w)
        assert len(lines) <= 3, (example.title, lines)
