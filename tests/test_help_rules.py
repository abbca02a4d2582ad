"""Help states every rule and feature of the app's own rules text, in its
order, in every language (the topics: tests/data/app_rules.json)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from uikit import make_app

from yukon.i18n import Language, Translator
from yukon.texts.faq import FAQ

TOPICS = json.loads((Path(__file__).parent / "data" / "app_rules.json").read_text("utf-8"))[
    "topics"
]
LANGUAGES = ["en", "fi", "sv"]


def help_rows(lang: str) -> list[str]:
    """Every row of the Help page as the player reads it (key and text), in order."""
    app = make_app("1280x800", lang=lang)
    app.table.open_help()
    sections = app.stack.top.sections()
    app.shutdown()
    return [f"{left} {right}".strip() for _, rows in sections for left, right in rows]


def facts(topic: dict, lang: str) -> list[str]:
    tr = Translator(Language(lang))
    return [
        *topic.get("all", []),
        *(tr.gettext(term) for term in topic.get("terms", [])),
        *topic.get(lang, []),
    ]


def where(rows: list[str], wanted: list[str], start: int) -> int | None:
    """The first row from ``start`` on that holds every one of ``wanted``."""
    for i in range(start, len(rows)):
        text = rows[i].casefold()
        if all(fact.casefold() in text for fact in wanted):
            return i
    return None


def test_every_topic_names_its_facts_in_every_language():
    assert len(TOPICS) >= 30
    for topic in TOPICS:
        for lang in LANGUAGES:
            assert facts(topic, lang), (topic["topic"], lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_help_states_every_rule_of_the_apps_text_in_its_order(lang):
    rows = help_rows(lang)
    at = 0
    for topic in TOPICS:
        found = where(rows, facts(topic, lang), at)
        assert found is not None, (
            f"{lang}: Help does not state {topic['topic']!r} ({facts(topic, lang)}) "
            f"after row {at}: {rows[at] if at < len(rows) else ''!r}"
        )
        at = found


def test_a_rule_left_out_or_out_of_order_is_caught():
    rows = help_rows("en")
    placement = next(i for i, row in enumerate(rows) if row.startswith("Placement help"))
    without = rows[:placement] + rows[placement + 1 :]
    topic = next(t for t in TOPICS if t["topic"].startswith("Placement help"))
    assert where(rows, facts(topic, "en"), 0) == placement
    assert where(without, facts(topic, "en"), 0) is None
    deal = next(t for t in TOPICS if t["topic"].startswith("the deal: 7 columns"))
    assert where(rows, facts(deal, "en"), placement) is None  # the deal comes first


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_help_never_lets_a_group_go_to_a_foundation(lang):
    """Only a single top card may go to a foundation (RULES.md)."""
    tr = Translator(Language(lang))
    drag = next(row for row in help_rows(lang) if row.startswith(tr.gettext("Drag") + " "))
    single = {"en": "a single top card", "fi": "yksittäisen viimeisen kortin", "sv": "ett ensamt"}
    assert single[lang] in drag


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_faq_gives_undo_its_limit_of_100_moves(lang):
    tr = Translator(Language(lang))
    answer = dict(FAQ)["Why is a game never declared lost?"]
    text = tr.gettext(answer)
    assert "100" in text
    assert not {"always", "aina", "alltid"} & set(text.casefold().replace(",", " ").split())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_help_says_what_the_best_score_counts(lang):
    """Statistics' best score counts each card once: Help says so by the scoring."""
    best = Translator(Language(lang)).gettext("Best score")
    rows = help_rows(lang)
    said = [row for row in rows if row.startswith(best + " ")]
    assert len(said) == 1 and "625" in said[0]
    assert rows.index(said[0]) > next(i for i, row in enumerate(rows) if row.startswith("625"))
