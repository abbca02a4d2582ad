"""The catalogues, the language choice and the translator."""

from __future__ import annotations

import ast
import gettext
import shutil
import string
import subprocess
import sys
from pathlib import Path

import pytest

from yukon.engine import Card, Reason, Refusal, Suit
from yukon.i18n import Language, Translator, choose_language, explain, language_option
from yukon.i18n.catalogue import (
    LOCALE_DIR,
    InvalidCatalogue,
    catalogue_languages,
    compile_mo,
    parse_po,
    po_path,
)
from yukon.i18n.languages import system_language

ROOT = Path(__file__).resolve().parent.parent
TRANSLATED = ("fi", "sv")
MARKERS = {"N_": 1, "NN_": 2, "NP_": 2, "gettext": 1, "ngettext": 2, "pgettext": 2}


def entries(language: str):
    return parse_po(po_path(language).read_text(encoding="utf-8"))


def marked_messages() -> set[tuple[str | None, str, str | None]]:
    """(context, msgid, plural) of every string literal the code marks for
    the catalogue: ``N_(...)``, ``NN_(singular, plural)``, ``NP_(context,
    ...)`` and the translator's ``gettext``, ``ngettext`` and ``pgettext``
    (contexts literal too, as xgettext needs them)."""
    found = set()
    for path in (ROOT / "yukon").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if name not in MARKERS or len(node.args) < MARKERS[name]:
                continue
            texts = [arg.value if isinstance(arg, ast.Constant) else None for arg in node.args]
            if name in ("pgettext", "NP_"):
                if isinstance(texts[1], str):
                    found.add((texts[0], texts[1], None))
            elif name in ("ngettext", "NN_"):
                if isinstance(texts[0], str):
                    found.add((None, texts[0], texts[1]))
            elif isinstance(texts[0], str):
                found.add((None, texts[0], None))
    return found


def test_the_catalogues_are_english_finnish_and_swedish():
    assert catalogue_languages() == ["en", "fi", "sv"]
    assert {language.value for language in Language} == set(catalogue_languages())


@pytest.mark.parametrize("language", ["en", "fi", "sv"])
def test_each_committed_mo_is_what_its_po_compiles_to(language):
    po = po_path(language)
    assert po.with_suffix(".mo").read_bytes() == compile_mo(parse_po(po.read_text("utf-8"))), (
        "run: python -m yukon.i18n"
    )


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext is not installed")
@pytest.mark.parametrize("language", ["en", "fi", "sv"])
def test_msgfmt_checks_each_po_and_compiles_the_same_catalogue(language, tmp_path):
    po = po_path(language)
    out = tmp_path / "yukon.mo"
    result = subprocess.run(
        ["msgfmt", "-c", "--statistics", "-o", str(out), str(po)],
        capture_output=True,
        text=True,
        env={"LC_ALL": "C", "PATH": "/usr/bin:/bin"},
    )
    assert result.returncode == 0, result.stderr
    assert "untranslated" not in result.stderr and "fuzzy" not in result.stderr
    with out.open("rb") as theirs, po.with_suffix(".mo").open("rb") as ours:
        assert gettext.GNUTranslations(theirs)._catalog == gettext.GNUTranslations(ours)._catalog  # type: ignore[attr-defined]


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_marked_message_is_translated(language):
    catalogue = {(e.msgctxt, e.msgid, e.msgid_plural): e for e in entries(language) if e.msgid}
    marked = marked_messages()
    missing = sorted(str(key) for key in marked if key not in catalogue)
    assert not missing
    unused = sorted(str(key) for key in catalogue if key not in marked)
    assert not unused  # every message in the catalogue is one the game shows
    untranslated = [e.msgid for e in catalogue.values() if e.msgid and not e.translated]
    assert not untranslated


@pytest.mark.parametrize("language", TRANSLATED)
def test_translations_use_exactly_the_placeholders_of_the_english(language):
    """A translation may drop a number only in a singular form (Finnish "the
    last move" for 1); it never invents a placeholder."""
    formatter = string.Formatter()

    def names(text: str) -> set[str]:
        return {field for _, field, _, _ in formatter.parse(text) if field is not None}

    for entry in entries(language):
        if not entry.msgid:
            continue
        english = names(entry.msgid) | names(entry.msgid_plural or "")
        for i, text in enumerate(entry.msgstr):
            assert names(text) <= english, (entry.msgid, text)
            if i > 0 or entry.msgid_plural is None:
                assert names(text) == english, (entry.msgid, text)


def test_plural_forms_follow_each_language():
    for language in ("fi", "sv"):
        tr = Translator(Language(language))
        one = tr.ngettext(
            "{count} card cannot be moved at once.", "{count} cards cannot be moved at once.", 1
        )
        many = tr.ngettext(
            "{count} card cannot be moved at once.", "{count} cards cannot be moved at once.", 21
        )
        header = entries(language)[0].msgstr[0]
        assert "Plural-Forms: nplurals=2; plural=(n != 1);" in header
        assert one.format(count=1) and many.format(count=21).startswith("21")
    fi = Translator(Language.FINNISH)
    assert (
        fi.ngettext(
            "Column {column} has only {count} card.", "Column {column} has only {count} cards.", 1
        ).format(column=2, count=1)
        == "Sarakkeessa 2 on vain 1 kortti."
    )


def test_a_po_reader_names_the_line_it_cannot_follow():
    with pytest.raises(InvalidCatalogue, match="line 2"):
        parse_po('msgid "a"\nmsgtxt "b"\n')
    with pytest.raises(InvalidCatalogue, match="line 1"):
        parse_po("msgid a\n")


def test_fuzzy_and_untranslated_messages_stay_english():
    text = (
        'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        '#, fuzzy\nmsgid "Undo"\nmsgstr "Peru"\n\nmsgid "Hint"\nmsgstr ""\n\n'
        'msgctxt "x"\nmsgid "Deal"\nmsgstr "Jaa"\n'
    )
    import io

    catalogue = gettext.GNUTranslations(io.BytesIO(compile_mo(parse_po(text))))
    assert catalogue.gettext("Undo") == "Undo" and catalogue.gettext("Hint") == "Hint"
    assert catalogue.pgettext("x", "Deal") == "Jaa" and catalogue.gettext("Deal") == "Deal"


# ------------------------------------------------------------ choosing


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({"LANG": "fi_FI.UTF-8"}, Language.FINNISH),
        ({"LANG": "sv_SE.UTF-8"}, Language.SWEDISH),
        ({"LANG": "sv_FI.UTF-8"}, Language.SWEDISH),
        ({"LANG": "de_DE.UTF-8"}, Language.ENGLISH),
        ({"LC_MESSAGES": "fi_FI", "LANG": "sv_SE"}, Language.FINNISH),
        ({"LC_ALL": "sv_SE", "LC_MESSAGES": "fi_FI"}, Language.SWEDISH),
        ({"LANGUAGE": "de:fi:sv", "LC_ALL": "sv_SE"}, Language.FINNISH),
        ({"LANGUAGE": "de", "LANG": "fi_FI"}, Language.ENGLISH),
        ({"LC_ALL": "C", "LANG": "fi_FI"}, Language.ENGLISH),
        ({"LANG": "C.UTF-8"}, Language.ENGLISH),
        ({"LANGUAGE": "", "LANG": "fi"}, Language.FINNISH),
        ({"LANG": "fi_FI@euro"}, Language.FINNISH),
    ],
)
def test_the_system_language_comes_from_the_environment_as_gettext_reads_it(environ, expected):
    assert system_language(environ, platform="linux") is expected


def test_without_locale_variables_the_platform_ui_language_is_asked():
    assert system_language({}, "win32", lambda: ["fi_FI"]) is Language.FINNISH
    assert system_language({}, "darwin", lambda: ["de-DE", "sv-SE", "en-US"]) is Language.SWEDISH
    assert system_language({}, "darwin", lambda: ["de-DE"]) is Language.ENGLISH
    assert system_language({}, "linux") is Language.ENGLISH

    def broken() -> list[str]:
        raise OSError("no answer")

    assert system_language({}, "darwin", broken) is Language.ENGLISH
    # A locale variable wins over the platform's UI language.
    assert system_language({"LANG": "sv_SE"}, "win32", lambda: ["fi_FI"]) is Language.SWEDISH


def test_lang_option_overrides_the_saved_choice_which_overrides_the_system():
    system = lambda: Language.SWEDISH  # noqa: E731
    assert choose_language(None, None, system) is Language.SWEDISH
    assert choose_language(None, "fi", system) is Language.FINNISH
    assert choose_language(Language.ENGLISH, "fi", system) is Language.ENGLISH
    assert language_option("fi") is Language.FINNISH
    assert language_option("SV") is Language.SWEDISH
    assert language_option("klingon") is Language.ENGLISH  # no error


@pytest.mark.parametrize("language", list(Language))
def test_the_win_screen_names_score_time_and_moves_as_the_info_bar_does(language):
    # The win screen's labels are the info bar's words, not Help's headings.
    tr = Translator(language)
    bar = tr.gettext("Score {score}    Time {time}    Moves {moves}    {code}")
    for word in ("Score", "Time", "Moves"):
        assert f"{tr.gettext(word)} {{" in bar, (language, word)


def test_each_language_is_named_in_itself():
    assert [language.native_name for language in Language] == ["English", "Suomi", "Svenska"]


# ------------------------------------------------------------ the translator


def test_switching_language_tells_every_listener_once():
    tr = Translator(Language.ENGLISH)
    heard: list[Language] = []
    stop = tr.subscribe(heard.append)
    assert tr.gettext("New game") == "New game"
    tr.set_language(Language.FINNISH)
    assert tr.gettext("New game") == "Uusi peli"
    tr.set_language(Language.FINNISH)  # no change, no news
    tr.set_language(Language.SWEDISH)
    assert tr.gettext("New game") == "Nytt spel"
    stop()
    tr.set_language(Language.ENGLISH)
    assert heard == [Language.FINNISH, Language.SWEDISH]
    assert tr.gettext("New game") == "New game"


def test_a_missing_catalogue_falls_back_to_english(tmp_path):
    tr = Translator(Language.FINNISH, locale_dir=tmp_path)
    assert tr.gettext("Undo") == "Undo"


def test_the_finnish_and_swedish_terms_of_the_reference_texts():
    fi, sv = Translator(Language.FINNISH), Translator(Language.SWEDISH)
    terms = {
        "Classic": ("Klassinen", "Klassisk"),
        "Relaxed": ("Helpotettu", "Förenklad"),
        "Double click": ("Kaksoisnapsautus", "Dubbelklick"),
        "Placement help": ("Sijoitusapu", "Placeringshjälp"),
        "Interactive rules": ("Vuorovaikutteiset säännöt", "Interaktiva regler"),
        "Automatic placement": ("Automaattinen sijoitus", "Automatisk placering"),
        "New game": ("Uusi peli", "Nytt spel"),
    }
    for english, (finnish, swedish) in terms.items():
        assert (fi.gettext(english), sv.gettext(english)) == (finnish, swedish)
    assert "kotipino" in fi.gettext("The spades foundation is empty.")
    assert "sarakkeeseen" in fi.gettext("Only a King can be moved to an empty column.")
    assert "Pelikoodi" in fi.gettext("Game code or copied game (optional, e.g. YU1-C-AAAAAAB)")
    assert "grundhög" in sv.gettext("Only one card at a time can go to a foundation.")
    assert "kolumn" in sv.gettext("Only a King can be moved to an empty column.")


# ------------------------------------------------------------ the engine's reasons

KD, FOUR_D, SEVEN_C, TWO_S = (Card.parse(t) for t in ("KD", "4D", "7C", "2S"))
ONE_OF_EACH = [
    Refusal(Reason.GAME_WON),
    Refusal(Reason.FOUNDATION_EMPTY, suit=Suit.HEARTS),
    Refusal(Reason.COLUMN_EMPTY, column=3),
    Refusal(Reason.COLUMN_SHORT, column=3, number=2),
    Refusal(Reason.FACE_DOWN),
    Refusal(Reason.GROUP_TOO_BIG, number=20),
    Refusal(Reason.KING_ONLY, card=FOUR_D),
    Refusal(Reason.KING_TO_EMPTY, card=KD),
    Refusal(Reason.NEEDS_RANK, card=SEVEN_C, rank=8),
    Refusal(Reason.NEEDS_RANK, card=FOUR_D, rank=5),
    Refusal(Reason.NEEDS_COLOUR, card=FOUR_D, rank=5),
    Refusal(Reason.NEEDS_COLOUR, card=SEVEN_C, rank=8),
    Refusal(Reason.NEEDS_COLOUR, card=Card.parse("JC"), rank=12),
    Refusal(Reason.NEEDS_SUIT, card=SEVEN_C, other=Card.parse("8C")),
    Refusal(Reason.NEEDS_EITHER, card=SEVEN_C, other=Card.parse("8C"), second=Card.parse("6C")),
    Refusal(Reason.NEEDS_OTHER_SUIT, card=SEVEN_C, rank=8),
    Refusal(Reason.NEEDS_OTHER_SUIT, card=FOUR_D, rank=5),
    Refusal(Reason.WRONG_FOUNDATION, card=FOUR_D, suit=Suit.DIAMONDS),
    Refusal(Reason.ALREADY_HOME, card=TWO_S),
    Refusal(Reason.ACE_FIRST, card=TWO_S, other=Card.parse("AS")),
    Refusal(Reason.FOLLOWS, card=FOUR_D, other=Card.parse("3D")),
    Refusal(Reason.ONE_TO_FOUNDATION),
    Refusal(Reason.TOO_MANY, number=21),
    Refusal(Reason.UNDO_LIMIT, number=100),
    Refusal(Reason.NOTHING_TO_UNDO),
    Refusal(Reason.NOTHING_TO_REDO),
]


def test_every_reason_is_covered_here():
    assert {refusal.reason for refusal in ONE_OF_EACH} == set(Reason)


@pytest.mark.parametrize("refusal", ONE_OF_EACH, ids=lambda r: str(r))
def test_every_refusal_reads_in_english_as_the_engine_says_it(refusal):
    assert explain(Translator(Language.ENGLISH), refusal) == str(refusal)


@pytest.mark.parametrize("language", [Language.FINNISH, Language.SWEDISH])
@pytest.mark.parametrize("refusal", ONE_OF_EACH, ids=lambda r: str(r))
def test_every_refusal_is_translated_with_its_cards(refusal, language):
    text = explain(Translator(language), refusal)
    assert text != str(refusal) and "{" not in text
    for card in (refusal.card, refusal.other, refusal.second):
        if card is not None and card.label in refusal:
            assert card.label in text


def test_the_needed_rank_bends_as_each_language_needs():
    refusal = Refusal(Reason.NEEDS_COLOUR, card=Card.parse("JC"), rank=12)
    assert str(refusal) == "The J♣ needs a red Queen."
    assert (
        explain(Translator(Language.FINNISH), refusal)
        == "J♣ sopii vain punaisen kuningattaren päälle."
    )
    assert explain(Translator(Language.SWEDISH), refusal) == "J♣ måste läggas på en röd dam."
    relaxed = Refusal(Reason.NEEDS_RANK, card=SEVEN_C, rank=8)
    assert explain(Translator(Language.ENGLISH), relaxed) == "The 7♣ needs an 8."


def test_a_plain_message_is_shown_as_it_is():
    assert explain(Translator(Language.FINNISH), "Cannot save.") == "Cannot save."


def test_refusals_survive_pickling_with_their_reason():
    import pickle

    refusal = Refusal(Reason.NEEDS_COLOUR, card=FOUR_D, rank=5)
    copy = pickle.loads(pickle.dumps(refusal))
    assert copy == refusal and copy.reason is Reason.NEEDS_COLOUR and copy.card is FOUR_D


def test_the_translation_modules_never_import_pygame():
    code = (
        "import sys, yukon.i18n, yukon.texts.examples, yukon.texts.faq;"
        " print('pygame' in sys.modules)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert result.stdout.strip() == "False", result.stderr


def test_locale_files_are_where_gettext_looks():
    assert LOCALE_DIR == ROOT / "yukon" / "locale"
    for language in TRANSLATED:
        assert gettext.find("yukon", str(LOCALE_DIR), [language]) is not None


# ------------------------------------------------------------ notices about files


def test_notices_about_damaged_files_read_in_each_language(tmp_path):
    from yukon.i18n import say
    from yukon.persistence import Store, load_settings

    (tmp_path / "settings.json").write_text("{not json", encoding="utf-8")
    store = Store(tmp_path)
    load_settings(store)
    (notice,) = store.take_notices()
    assert str(notice) == (
        "Your settings file was damaged. It was kept as settings.json.bad. "
        "The default settings are used."
    )
    assert say(Translator(Language.FINNISH), notice) == (
        "Asetustiedostosi oli vioittunut. Se säilytettiin nimellä settings.json.bad. "
        "Käytetään oletusasetuksia."
    )


def test_a_partly_bad_settings_file_names_the_settings_in_the_players_language(tmp_path):
    from yukon.i18n import say
    from yukon.persistence import Store, load_settings

    text = '{"version": 1, "double_click": "yes", "language": "xx"}'
    (tmp_path / "settings.json").write_text(text, encoding="utf-8")
    store = Store(tmp_path)
    settings = load_settings(store)
    assert settings.double_click is True and settings.language is None
    (notice,) = store.take_notices()
    assert "Double click, language" in notice
    assert "Dubbelklick, språk" in say(Translator(Language.SWEDISH), notice)


def test_the_lang_option_takes_any_value_and_unknown_ones_mean_english():
    from yukon.desktop.cli import parse_args

    assert parse_args(["--lang", "fi"]).lang is Language.FINNISH
    assert parse_args(["--lang", "sv_SE"]).lang is Language.SWEDISH
    assert parse_args(["--lang", "xx"]).lang is Language.ENGLISH
    assert parse_args([]).lang is None  # the saved choice or the system's
