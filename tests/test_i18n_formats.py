"""Numbers, percentages, durations and quotes as each language writes them,
and the texts made in code that show them."""

from __future__ import annotations

import pytest
from uikit import make_app

from yukon.engine import InvalidGameCode, parse_code
from yukon.i18n import Language, Translator, code_problem
from yukon.i18n.formats import (
    format_decimal,
    format_duration,
    format_number,
    format_percent,
    quote,
)

FI, SV, EN = (Translator(Language(code)) for code in ("fi", "sv", "en"))
NBSP = "\u00a0"


def test_finnish_and_swedish_write_a_decimal_comma_and_english_a_point():
    assert format_decimal(FI, 1.5) == format_decimal(SV, 1.5) == "1,5"
    assert format_decimal(EN, 1.5) == "1.5"
    assert format_decimal(FI, 2.25, places=2) == "2,25"


def test_a_percentage_has_a_no_break_space_before_the_sign_in_fi_and_sv_only():
    assert format_percent(FI, 0.53) == format_percent(SV, 0.53) == f"53{NBSP}%"
    assert format_percent(EN, 0.53) == "53%"
    assert format_percent(EN, 1.0) == "100%" and format_percent(FI, 0.0) == f"0{NBSP}%"


def test_thousands_are_grouped_as_each_language_groups_them():
    assert format_number(EN, 1234567) == "1,234,567"
    assert format_number(FI, 1234567) == format_number(SV, 1234567) == f"1{NBSP}234{NBSP}567"
    assert format_number(FI, 999) == "999"


@pytest.mark.parametrize(
    ("seconds", "text"),
    [
        (0, "0 s"),
        (45, "45 s"),
        (60, "1 min"),
        (105, "1 min 45 s"),
        (105.4, "1 min 45 s"),
        (3600, "1 h"),
        (5400, "1 h 30 min"),
        (5430, "1 h 30 min"),  # seconds are left out from an hour up
    ],
)
def test_durations_are_whole_units_never_decimal_minutes(seconds, text):
    for tr in (FI, SV, EN):
        assert format_duration(tr, seconds) == text


def test_quotes_are_typographic_in_each_language():
    assert quote(EN, "YU1-X") == "“YU1-X”"
    assert quote(FI, "YU1-X") == quote(SV, "YU1-X") == "”YU1-X”"
    assert quote(EN, "'") == "“'”"  # the same marks whatever the text holds


@pytest.mark.parametrize(
    ("typed", "language", "expected", "char"),
    [
        ("YU1-X-AAAAAAB", Language.ENGLISH, "“YU1-X-AAAAAAB” is not a game code:", "no game “X”,"),
        ("YU1-X-AAAAAAB", Language.FINNISH, "”YU1-X-AAAAAAB” ei ole pelikoodi:", "peliä ”X” ei"),
        ("YU1-C-AAA'AAB", Language.SWEDISH, "”YU1-C-AAA'AAB” är ingen spelkod:", "inte ”'”."),
        ("YU1-C-AAA'AAB", Language.ENGLISH, "“YU1-C-AAA'AAB” is not a game code:", "not “'”."),
    ],
)
def test_a_bad_game_code_is_quoted_in_the_languages_own_marks(typed, language, expected, char):
    with pytest.raises(InvalidGameCode) as caught:
        parse_code(typed)
    said = code_problem(Translator(language), caught.value)
    assert said.startswith(expected), said
    assert char in said, said
    assert "'YU1" not in said and '"' not in said  # no Python repr() quotes


def test_the_engines_own_english_message_still_names_the_code():
    with pytest.raises(InvalidGameCode, match="'YU1-X-AAAAAAB'"):
        parse_code("YU1-X-AAAAAAB")


@pytest.mark.parametrize(
    ("lang", "shown"), [("en", "70%"), ("fi", f"70{NBSP}%"), ("sv", f"70{NBSP}%")]
)
def test_the_volume_choices_write_percentages_as_the_statistics_do(lang, shown):
    app = make_app("1280x800", lang=lang)
    app.table.open_settings()
    dialog = app.stack.top
    volume = dialog.pages[dialog.PAGES[2]][1]  # under Sound, over Speech
    labels = [label() if callable(label) else label for _, label in volume.options]
    assert shown in labels
    assert all(label.endswith("%") for label in labels)
    app.shutdown()


def test_a_no_break_space_never_breaks_a_wrapped_line():
    from yukon.ui import theme

    text = f"so: 520{NBSP}+{NBSP}105{NBSP}={NBSP}625 points"
    lines = theme.wrap(text, 12, len)
    assert f"520{NBSP}+{NBSP}105{NBSP}={NBSP}625" in lines
    assert theme.wrap("one two\nthree", 100, len) == ["one two three"]


@pytest.mark.parametrize(
    ("lang", "percent", "times"),
    [
        ("en", "100%", "1 min 30 s"),
        ("fi", f"100{NBSP}%", "1 min 30 s"),
        ("sv", f"50{NBSP}%", "5 min"),
    ],
)
def test_the_statistics_charts_label_in_the_players_language(lang, percent, times):
    app = make_app("1280x800", lang=lang)
    stats = app.session.stats
    for i in range(12):
        stats.record_win("C", 625, 105.0 + 15 * i, 100 + i)
        stats.record_loss("C")
    app.table.open_stats()
    shown = {box.text for box in app.text_boxes()}
    app.shutdown()
    assert percent in shown and times in shown, sorted(shown)
    assert not {
        text for text in shown if text.endswith("m") and text[:-1].replace(".", "").isdigit()
    }
