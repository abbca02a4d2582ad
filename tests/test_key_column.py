"""Help's key column: as wide as reads in fewest lines, never squeezing the
descriptions for one long key (``yukon.ui.dialogs.key_column``)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from yukon.text_wrap import wrap
from yukon.ui.dialogs.key_column import key_column, key_lines, stacks


def lines_at(rows, width: int, column: int, gap: int) -> int:
    """The lines ``rows`` take with the key column ``column`` wide (len as the measure)."""
    return sum(
        max(len(key_lines(key, column, len)), len(wrap(text, width - column - gap, len)))
        for key, text in rows
        if key
    )


SHORT_KEYS = [("Tap", "the last card of a column to its foundation")] * 6  # 43 long


def test_one_long_key_wraps_rather_than_squeezing_every_description():
    rows = [*SHORT_KEYS, ("Interactive rules", "on")]
    column = key_column(rows, 60, key_width=len, text_width=len, gap=2, most=20)
    assert column == len("Interactive")
    assert key_lines("Interactive rules", column, len) == ["Interactive", "rules"]
    widest = len("Interactive rules")
    assert lines_at(rows, 60, column, 2) < lines_at(rows, 60, widest, 2)


def test_a_long_key_keeps_its_line_where_that_costs_no_line():
    rows = [("Tap", "short"), ("Interactive rules", "short")]
    assert key_column(rows, 60, key_width=len, text_width=len, gap=2, most=20) == 17


def test_the_column_stays_between_the_widest_word_and_its_share_of_the_window():
    rows = [("Ctrl+Y, Ctrl+Shift+Z", "redo " * 30), ("F1", "help " * 30)]
    column = key_column(rows, 100, key_width=len, text_width=len, gap=2, most=15)
    assert len("Ctrl+Shift+Z") <= column <= 15


def test_a_key_with_a_word_wider_than_its_share_goes_above_what_it_does():
    rows = [("Vuorovaikutteiset säännöt", "oletuksena käytössä"), ("F", "siirrä")]
    column = key_column(rows, 40, key_width=len, text_width=len, gap=1, most=12)
    assert column == 12
    assert stacks("Vuorovaikutteiset säännöt", column, len)
    assert not stacks("F", column, len)


def test_a_table_without_keys_has_no_key_column():
    rows = [("", "a paragraph across the page")]
    assert key_column(rows, 40, key_width=len, text_width=len, gap=1, most=12) == 0


words = st.text(alphabet="abcdefgh+,", min_size=1, max_size=9)
phrases = st.lists(words, min_size=1, max_size=4).map(" ".join)
texts = st.lists(words, min_size=1, max_size=25).map(" ".join)


@given(
    st.lists(st.tuples(phrases, texts), min_size=1, max_size=8),
    st.integers(min_value=30, max_value=120),
    st.integers(min_value=0, max_value=3),
)
def test_no_width_in_range_takes_fewer_lines(rows, width, gap):
    most = width // 3
    column = key_column(rows, width, key_width=len, text_width=len, gap=gap, most=most)
    least = max(len(word) for key, _ in rows for word in key.split())
    if least >= most:
        assert column == most
        return
    assert least <= column <= most
    best = min(lines_at(rows, width, c, gap) for c in range(least, most + 1))
    assert lines_at(rows, width, column, gap) == best
