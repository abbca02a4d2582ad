"""The terms each glossary bans never come back in a message.

Every ``yukon/locale/<lang>/glossary.md`` ends with a "banned" table whose
first column holds the terms, in backticks: the guard reads them from there,
so a term a review rules out is banned by adding one row to the glossary,
and every new string (spoken ones, notices) is checked against it."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from yukon.i18n.catalogue import LOCALE_DIR, Entry, parse_po, po_path

LANGUAGES = ("en", "fi", "sv")
_HEADING = re.compile(r"^## .*\bbanned\b", re.IGNORECASE)
_ROW = re.compile(r"^\|\s*`([^`]+)`\s*\|")


def banned_terms(glossary: str) -> list[str]:
    """The terms in the first column of the glossary's banned table."""
    terms: list[str] = []
    inside = False
    for line in glossary.splitlines():
        if line.startswith("## "):
            inside = bool(_HEADING.match(line))
        elif inside and (row := _ROW.match(line)):
            terms.append(row.group(1))
    return terms


def pattern(term: str) -> re.Pattern[str]:
    """``*``: any letters (none too), ``?``: one letter, a space: any
    spaces; a term that starts or ends with a letter matches whole words
    only (``däck`` is not in ``täcka``), case ignored."""
    body = ""
    for char in term:
        if char == "*":
            body += r"\w*"
        elif char == "?":
            body += r"\w"
        elif char == " ":
            body += r"\s+"
        else:
            body += re.escape(char)
    if term[0].isalnum():
        body = r"(?<!\w)" + body
    if term[-1].isalnum():
        body += r"(?!\w)"
    return re.compile(body, re.IGNORECASE)


def offences(entries: list[Entry], terms: list[str]) -> list[str]:
    """Every (term, msgid, translation) where a translation holds a term."""
    found = []
    patterns = [(term, pattern(term)) for term in terms]
    for entry in entries:
        if not entry.msgid:
            continue  # the header
        for text in entry.msgstr:
            found += [
                f"{term!r} in {text!r} (msgid {entry.msgid!r})"
                for term, regex in patterns
                if regex.search(text)
            ]
    return found


def glossary_terms(language: str) -> list[str]:
    return banned_terms((LOCALE_DIR / language / "glossary.md").read_text("utf-8"))


def catalogue(language: str) -> list[Entry]:
    return parse_po(po_path(language).read_text("utf-8"))


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_message_holds_a_term_its_glossary_bans(language):
    terms = glossary_terms(language)
    assert terms, f"{language}/glossary.md has no banned table"
    assert offences(catalogue(language), terms) == []


def test_the_terms_the_reviews_ruled_out_are_banned():
    examples = {
        "fi": ["Voittavaa linjaa ei löytynyt.", "Rakenna alaspäin maittain.", "7♥ 8♥:n päälle"],
        "sv": ["Ett kort läggs på kolumnens sista kort om det är en valör högre."],
        "en": ["redo the move undone last"],
    }
    for language, texts in examples.items():
        regexes = [pattern(term) for term in glossary_terms(language)]
        for text in texts:
            assert any(regex.search(text) for regex in regexes), (language, text)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_planted_banned_term_fails_the_guard(language):
    """Each term, planted in a real message (and in a plural form), is found."""
    entries = catalogue(language)
    singular = next(i for i, e in enumerate(entries) if e.msgid and not e.msgid_plural)
    plural = next(i for i, e in enumerate(entries) if e.msgid_plural)
    for term in glossary_terms(language):
        planted = term.replace("*", "").replace("?", "n")
        for index in (singular, plural):
            spoiled = list(entries)
            texts = list(spoiled[index].msgstr)
            texts[-1] = f"{texts[-1]} {planted}."
            spoiled[index] = replace(spoiled[index], msgstr=tuple(texts))
            assert len(offences(spoiled, [term])) == 1, (language, term)
        assert offences(entries, [term]) == []


def test_a_term_matches_whole_words_and_any_ending_it_allows():
    assert pattern("däck").search("ett däck") and not pattern("däck").search("täcka")
    assert pattern("voittav* linja*").search("ei voittavan  linjan")
    assert not pattern("voittav* linja*").search("voittava pino")
    assert pattern("}:?*").search("{other}:n") and not pattern("}:?*").search("{column}: ennen")
    assert pattern("♠:?*").search("8♠:aan") and not pattern("♠:?*").search("8♠: ja")


def test_the_banned_table_is_read_from_its_own_section_only():
    text = (
        "# Glossary\n\n| `not banned` | a term |\n\n## Banned terms\n\n"
        "| Banned | Say instead |\n|---|---|\n| `bad word` | good word |\n\n## Later\n\n"
        "| `also not` | x |\n"
    )
    assert banned_terms(text) == ["bad word"]


def test_every_glossary_is_beside_its_catalogue():
    for language in LANGUAGES:
        assert (LOCALE_DIR / language / "glossary.md").is_file()
        assert Path(po_path(language)).parent.parent == LOCALE_DIR / language
