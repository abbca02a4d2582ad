"""The chrome's typeface: the platform's UI font in two weights, found
through pygame's font lookup, or the bundled font where there is none."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from yukon.ui import theme, typeface


@pytest.fixture(autouse=True)
def fonts():
    pygame.font.init()
    yield
    typeface.use(None)
    theme.reset()


def test_without_a_platform_font_the_bundled_one_draws(monkeypatch):
    monkeypatch.setattr(pygame.font, "match_font", lambda *args, **kwargs: None)
    assert typeface.find() == typeface.BUNDLED
    typeface.use(typeface.find())
    theme.reset()
    assert isinstance(theme.font(18), theme.SmoothFont)
    assert theme.text("Settings", 18, theme.TEXT).get_height() > 0


def test_a_lookup_that_fails_falls_back_to_the_bundled_font(monkeypatch):
    def broken(*args, **kwargs):
        raise OSError("fc-list: not found")

    monkeypatch.setattr(pygame.font, "match_font", broken)
    assert typeface.find() == typeface.BUNDLED


def test_a_platform_font_gives_a_regular_and_a_bold_weight():
    found = typeface.find()
    if found.bundled:
        pytest.skip("no platform UI font installed here")
    assert found.regular != found.bold
    typeface.use(found)
    theme.reset()
    regular, bold = theme.font(40), theme.font(40, bold=True)
    assert not isinstance(regular, theme.SmoothFont)
    # Bold is heavier: the same word is wider.
    assert bold.size("Settings")[0] > regular.size("Settings")[0]


@pytest.mark.parametrize("name", ["platform", "bundled"])
def test_both_typefaces_are_about_the_same_size(name):
    """A found font is scaled to the bundled font's capitals, so layouts
    made for one suit the other."""
    typeface.use(typeface.find() if name == "platform" else typeface.BUNDLED)
    theme.reset()
    height = theme.font(30).get_linesize()
    typeface.use(typeface.BUNDLED)
    theme.reset()
    assert 0.8 <= height / theme.font(30).get_linesize() <= 1.3


def test_a_condensed_cut_is_taken_at_its_regular_width(tmp_path):
    condensed = tmp_path / "DejaVuSansCondensed.ttf"
    wide = tmp_path / "DejaVuSans.ttf"
    condensed.write_bytes(b"")
    assert typeface._uncondensed(str(condensed)) == str(condensed)  # no regular cut beside it
    wide.write_bytes(b"")
    assert typeface._uncondensed(str(condensed)) == str(wide)


def test_a_lookup_started_early_gives_what_a_lookup_at_first_use_gives():
    typeface.use(None)
    typeface.look_up_soon()  # as the app does before opening its window
    early = typeface.current()
    typeface.use(None)
    assert early == typeface.current() == typeface.find()


# ------------------------------------------------------------ the kept answer


@pytest.fixture
def fresh_lookup():
    """The module as a new run finds it: nothing chosen, nothing kept yet."""
    typeface.use(None)
    typeface._kept_done.clear()
    typeface._checks.clear()
    yield
    typeface.wait_for_check(10)
    typeface.use(None)
    typeface._kept_done.clear()
    typeface._checks.clear()


def fonts_copied(tmp_path):
    """Two font files of our own, to change and remove (the bundled font)."""
    bundled = pygame.font.get_default_font()
    source = Path(pygame.__file__).with_name(bundled)
    regular, bold = tmp_path / "Regular.ttf", tmp_path / "Bold.ttf"
    regular.write_bytes(source.read_bytes())
    bold.write_bytes(source.read_bytes())
    return str(regular), str(bold)


def looked_up_and_kept(tmp_path, monkeypatch):
    """A run that looks the font up (our copies) and keeps the answer: the
    files, and the typeface chosen."""
    paths = fonts_copied(tmp_path)
    monkeypatch.setattr(typeface, "_look_up", lambda: paths)
    typeface.look_up_soon()
    chosen = typeface.current()
    typeface.keep_choice()
    return paths, chosen


def next_start():
    """The module as the next run finds it, its font chosen (the kept one,
    if it holds)."""
    typeface.use(None)
    typeface._kept_done.clear()
    typeface.look_up_soon()
    return typeface.current()


def test_the_next_start_takes_the_kept_answer_without_a_lookup(tmp_path, monkeypatch, fresh_lookup):
    paths, chosen = looked_up_and_kept(tmp_path, monkeypatch)
    assert (chosen.regular, chosen.bold) == paths
    assert typeface.check_kept() is None  # looked up this run: nothing to check

    def no_lookup():
        raise AssertionError("looked up again")

    monkeypatch.setattr(typeface, "_look_up", no_lookup)
    assert next_start() == chosen


def test_a_kept_answer_whose_files_changed_is_looked_up_again(tmp_path, monkeypatch, fresh_lookup):
    paths, _ = looked_up_and_kept(tmp_path, monkeypatch)
    assert typeface._kept() is not None
    with open(paths[1], "ab") as bold:
        bold.write(b"\0")  # the font was updated
    assert typeface._kept() is None
    Path(paths[1]).unlink()  # or removed
    assert typeface._kept() is None


def test_a_kept_answer_is_checked_after_the_start_and_forgotten_if_wrong(
    tmp_path, monkeypatch, fresh_lookup
):
    looked_up_and_kept(tmp_path, monkeypatch)
    next_start()  # the kept answer
    monkeypatch.setattr(typeface, "_look_up", lambda: None)  # its font was uninstalled meanwhile
    typeface.keep_choice()  # kept already: nothing written
    assert typeface.check_kept() is not None
    typeface.wait_for_check(10)
    assert typeface._kept() is None  # the next start looks up afresh


def test_a_kept_answer_that_still_holds_is_kept(tmp_path, monkeypatch, fresh_lookup):
    _, kept = looked_up_and_kept(tmp_path, monkeypatch)
    next_start()
    assert typeface.check_kept() is not None
    typeface.wait_for_check(10)
    assert typeface._kept() == kept


@pytest.mark.parametrize(
    "content", [b"", b"{", b"[]", b'{"format": "other", "version": 1, "payload": {}}', b"\xff" * 99]
)
def test_a_damaged_kept_answer_means_a_lookup(tmp_path, monkeypatch, fresh_lookup, content):
    from yukon.persistence.paths import cache_dir

    cache_dir().mkdir(parents=True, exist_ok=True)
    (cache_dir() / typeface.KEPT_NAME).write_bytes(content)
    paths = fonts_copied(tmp_path)
    monkeypatch.setattr(typeface, "_look_up", lambda: paths)
    typeface.look_up_soon()
    assert (typeface.current().regular, typeface.current().bold) == paths


def test_the_games_end_waits_for_the_kept_answers_check(tmp_path, monkeypatch, fresh_lookup):
    """A check still running as the interpreter ends could take the process
    down (it runs fontconfig's listing): the end waits for it."""
    import threading

    from uikit import make_app

    paths, _ = looked_up_and_kept(tmp_path, monkeypatch)
    next_start()  # the kept answer
    go = threading.Event()
    monkeypatch.setattr(typeface, "_look_up", lambda: go.wait(10) and paths)
    app = make_app(code="YU1-C-AAAAAAB")
    typeface.keep_choice()  # as after the first frame
    typeface.check_kept()
    (check,) = typeface._checks
    typeface.wait_for_check(0.01)
    assert check.is_alive()  # fontconfig still listing
    waited: list[float] = []
    wait = typeface.wait_for_check
    monkeypatch.setattr(
        typeface, "wait_for_check", lambda s: waited.append(s) or go.set() or wait(s)
    )
    app.shutdown()
    assert waited and not check.is_alive()
