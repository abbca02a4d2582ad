"""The Examples page's examples are what the engine does, and the FAQ is complete."""

from __future__ import annotations

import pytest

from yukon.engine import Card, Game, Move, Reason, Rules
from yukon.i18n import Language, Translator, explain
from yukon.texts.examples import DEAL, EXAMPLES, LINE, Gesture
from yukon.texts.faq import FAQ


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda example: example.title)
def test_each_example_is_a_legal_line_and_refuses_what_it_explains(example):
    game = example.start()
    for step in example.steps:
        move, refusal = step.perform(game)
        assert move == step.result
        if step.refused is None:
            assert refusal is None
            game.play(move)
        else:
            assert refusal is not None and refusal.reason is step.refused
            # The banner's explanation is the catalogue's, in every language.
            for language in Language:
                assert explain(Translator(language), refusal)


def test_the_examples_deal_moves_the_group_of_the_finnish_rules_text_as_move_2():
    game = Game.from_code(DEAL)
    game.play(Move.parse(LINE[0]))
    played = game.play(Move.parse(LINE[1]))
    assert [card.label for card in played.cards] == ["10♦", "5♥", "J♦", "8♠"]
    assert game.tableau[0].cards[0] == Card.parse("JS")


def test_the_examples_line_is_legal_from_the_deal():
    game = Game.from_code(DEAL)
    for text in LINE:
        move = Move.parse(text)
        assert move in game.legal_moves(), text
        game.play(move)


def test_the_examples_show_what_the_issue_lists():
    def played(example):
        game, results = example.start(), []
        for step in example.steps:
            move, refusal = step.perform(game)
            results.append((step, move, refusal, game.play(move) if move else None))
        return results

    steps = [result for example in EXAMPLES for result in played(example)]
    # A flip worth 5, a tap home, a drop on the wrong foundation, a take-back
    # re-placed for 10 again, the empty column's refusal, the 20-card limit,
    # the double tap's two choices, Classic against Relaxed.
    assert any(p and p.flipped and p.points == 5 for *_, p in steps)
    assert any(s.gesture is Gesture.TAP and p.points == 10 for s, _, _, p in steps if p)
    assert any(s.target is not None and m and s.target != m.dst for s, m, _, _ in steps)
    assert any(m and m.src >= 7 for _, m, _, _ in steps)
    refused = {r.reason for _, _, r, _ in steps if r}
    assert refused == {
        Reason.KING_ONLY,
        Reason.GROUP_TOO_BIG,
        Reason.NEEDS_COLOUR,
        Reason.NEEDS_SUIT,
        Reason.NEEDS_EITHER,
        Reason.NEEDS_OTHER_SUIT,
    }
    double_taps = [(s, m) for s, m, _, _ in steps if s.gesture is Gesture.DOUBLE_TAP]
    assert len(double_taps) == 2
    rules = {example.start().rules for example in EXAMPLES}
    assert rules == set(Rules)  # every game and rule set shows its build rule


def test_a_double_tap_prefers_the_longest_column():
    example = next(e for e in EXAMPLES if any(s.gesture is Gesture.DOUBLE_TAP for s in e.steps))
    game = example.start()
    step = example.steps[0]
    move, _ = step.perform(game)
    assert move is not None
    others = [d for d in game.destinations(step.src, step.count) if d < 7 and d != move.dst]
    assert others and all(
        len(game.tableau[d].cards) < len(game.tableau[move.dst].cards) for d in others
    )


@pytest.mark.parametrize("language", [Language.FINNISH, Language.SWEDISH])
def test_examples_and_faq_read_in_each_language(language):
    tr = Translator(language)
    for example in EXAMPLES:
        assert tr.gettext(example.title) != example.title
        assert tr.gettext(example.text) != example.text
    for question, answer in FAQ:
        assert tr.gettext(question) != question and tr.gettext(answer) != answer
    where = tr.gettext(FAQ[-1][1]).format(folder="/home/x/.local/share/yukon")
    assert "/home/x/.local/share/yukon" in where


def test_the_faq_answers_the_issues_questions():
    questions = " ".join(question for question, _ in FAQ)
    for subject in (
        "game code",
        "C and R",
        "never declared lost",
        "625",
        "Winnable",
        "hint",
        "files",
    ):
        assert subject in questions
