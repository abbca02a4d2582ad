"""Speech: the speaker's order of utterances, the cards and piles in words,
and the table said step by step, in each language (recording backend)."""

from __future__ import annotations

import re
import sys
from typing import ClassVar

import pygame
import pytest
from positions import almost_won
from uikit import advance, key
from uikit import use_game as start_game

from yukon.desktop.app import App, parse_args
from yukon.engine import Card, Game, Pile, Suit
from yukon.engine.cards import CARDS
from yukon.i18n import Language, Translator
from yukon.i18n.spoken import card_name, pile_name, spoken
from yukon.ui.speech.speaker import RecordingBackend, Speaker, Urgency, speaking_seconds
from yukon.ui.speech.system_speech import NO_LIBRARY, SystemSpeech

LANGUAGES = ("fi", "sv", "en")
GLYPHS = re.compile(r"[♠♥♦♣]|\b(10|[2-9AJQK])[SHDC♠♥♦♣]\b")


def translator(code: str) -> Translator:
    return Translator(Language(code))


# ---------------------------------------------------------------- the speaker


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_a_new_step_interrupts_the_step_before_it():
    heard, clock = RecordingBackend(), Clock()
    speaker = Speaker(heard, clock)
    speaker.say("column 1")
    speaker.say("column 2")
    assert heard.spoken == ["column 1", "column 2"]
    assert heard.interrupts == [True, True]


def test_a_result_is_never_cut_by_the_next_step_and_the_newest_step_follows_it():
    heard, clock = RecordingBackend(), Clock()
    speaker = Speaker(heard, clock)
    result = "The seven of hearts to column 2. The ace of clubs turned over."
    speaker.say(result, Urgency.RESULT)
    speaker.say("column 3")
    speaker.say("column 4")
    clock.now = speaking_seconds(result) - 0.01
    speaker.update()
    assert heard.spoken == [result]  # still being said: the steps wait
    clock.now = speaking_seconds(result)
    speaker.update()
    assert heard.spoken == [result, "column 4"]  # the stale step was replaced, not queued
    assert heard.interrupts == [True, False]
    speaker.update()
    assert heard.spoken == [result, "column 4"]


def test_a_result_queues_behind_a_result_still_being_said():
    heard, clock = RecordingBackend(), Clock()
    speaker = Speaker(heard, clock)
    speaker.say("Picked up the king of spades.", Urgency.RESULT)
    speaker.say("The king of spades to column 1.", Urgency.RESULT)
    assert heard.interrupts == [True, False]
    clock.now = 60.0
    speaker.say("Undone.", Urgency.RESULT)
    assert heard.interrupts[-1] is True  # long done: nothing to wait for


def test_the_log_gets_every_utterance_as_one_utf8_line(tmp_path):
    log = tmp_path / "speech.txt"
    speaker = Speaker(RecordingBackend(), Clock(), log)
    speaker.say("sarake 1: hertta seitsemän.\n1 kortti")
    speaker.say("kolumn 2: hjärter sju.", Urgency.RESULT)
    assert log.read_bytes().decode("utf-8").splitlines() == [
        "sarake 1: hertta seitsemän. 1 kortti",
        "kolumn 2: hjärter sju.",
    ]


def test_with_speech_off_nothing_is_said_or_written(tmp_path):
    log = tmp_path / "speech.txt"
    speaker = Speaker(None, Clock(), log)
    speaker.say("column 1")
    speaker.say("won", Urgency.RESULT)
    speaker.update()
    assert not log.exists()


def test_a_missing_speech_library_is_one_notice_and_silence(monkeypatch):
    monkeypatch.setitem(sys.modules, "prism", None)  # import prism fails
    told: list[str] = []
    backend = SystemSpeech()
    backend.start()
    backend._thread.join(5)
    speaker = Speaker(backend, Clock(), on_problem=told.append)
    for _ in range(3):
        speaker.say("column 1")
        speaker.update()
    assert told == [NO_LIBRARY]


# ---------------------------------------------------------------- words


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_card_and_pile_has_its_own_name_in_words(code):
    tr = translator(code)
    names = [card_name(tr, c) for c in CARDS]
    assert len(set(names)) == 52
    piles = [pile_name(tr, pile) for pile in Pile]
    assert len(set(piles)) == 11
    for text in names + piles:
        assert not GLYPHS.search(text), text
        assert not re.search(r"\b[AJQKTSHDC]\b", text), text  # no index, no suit letter


def test_the_card_names_are_the_players_words():
    seven = Card(7, Suit.HEARTS)
    assert card_name(translator("en"), seven) == "seven of hearts"
    assert card_name(translator("fi"), seven) == "hertta seitsemän"
    assert card_name(translator("sv"), seven) == "hjärter sju"
    assert card_name(translator("fi"), Card(12, Suit.SPADES)) == "pata kuningatar"
    assert card_name(translator("sv"), Card(11, Suit.CLUBS)) == "klöver knekt"
    assert card_name(translator("en"), Card(1, Suit.DIAMONDS)) == "ace of diamonds"
    assert pile_name(translator("fi"), Pile.HEARTS) == "hertan kotipino"
    assert pile_name(translator("sv"), Pile.COLUMN_3) == "kolumn 3"


def test_text_as_shown_is_spoken_with_its_cards_in_words():
    fi = translator("fi")
    assert spoken(fi, "10♦ sopii vain mustan jätkän päälle.") == (
        "ruutu kymmenen sopii vain mustan jätkän päälle."
    )
    assert (
        spoken(fi, "K♥ sopii vain A♠:n päälle.") == "hertta kuningas sopii vain pata ässän päälle."
    )
    assert spoken(translator("en"), "Hint: move the 9♣ onto the 10♥.") == (
        "Hint: move the nine of clubs onto the ten of hearts."
    )
    assert spoken(translator("sv"), "Moves 21–30") == "Moves 21–30"  # numbers stay numbers


# ---------------------------------------------------------------- the table said


def speaking_app(code: str = "YU1-C-AAAAAAB", lang: str = "en") -> tuple[App, RecordingBackend]:
    app = App(parse_args(["--size", "1280x800", "--lang", lang, "--code", code]))
    heard = RecordingBackend()
    app.speaker.backend = heard
    return app, heard


def use_game(app: App, game: Game) -> None:
    """Play ``game``, once "New game" has been said (a step waits for it)."""
    start_game(app, game)
    advance(app, 10.0)


def last(heard: RecordingBackend) -> str:
    return heard.spoken[-1]


CURSOR = {
    "en": "Column 2: {card}. 1 card face up from it. 1 card face down.",
    "fi": "Sarake 2: {card}. 1 kortti kuvapuoli ylöspäin tästä alkaen. 1 piilokortti.",
    "sv": "Kolumn 2: {card}. 1 uppvänt kort härifrån. 1 nedvänt kort.",
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_cursor_says_the_pile_the_card_and_the_counts(lang):
    app, heard = speaking_app(lang=lang)
    game = app.table.game
    key(app, pygame.K_RIGHT)
    top = game.tableau[1].cards[-1]
    assert last(heard) == CURSOR[lang].format(card=card_name(translator(lang), top))
    for _ in range(4):
        key(app, pygame.K_UP)  # column 2 has 5 face up: the fourth from the end
    column = game.tableau[1]
    words = last(heard)
    assert card_name(translator(lang), column.cards[-5]) in words
    assert "5" in words
    app.shutdown()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_empty_column_and_a_foundation_say_so(lang):
    app, heard = speaking_app(lang=lang)
    use_game(app, almost_won())
    key(app, pygame.K_2)
    empty = {"en": "Column 2: empty.", "fi": "Sarake 2: tyhjä.", "sv": "Kolumn 2: tom."}
    assert last(heard) == empty[lang]
    key(app, pygame.K_7)
    key(app, pygame.K_RIGHT)  # the foundations, spades first
    tr = translator(lang)
    said = f"{pile_name(tr, Pile.SPADES)}: {card_name(tr, Card(12, Suit.SPADES))}."
    assert last(heard) == said[0].upper() + said[1:]
    app.shutdown()


WIN = {
    "en": ["Picked up the king of spades.", "The king of spades to its foundation."],
    "fi": ["Nostit kortin pata kuningas.", "Pata kuningas kotipinoonsa."],
    "sv": ["Du tog upp spader kung.", "Spader kung till sin grundhög."],
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_picking_up_putting_down_and_the_win_are_said(lang):
    app, heard = speaking_app(lang=lang)
    use_game(app, almost_won())
    key(app, pygame.K_1)
    key(app, pygame.K_SPACE)
    assert last(heard) == WIN[lang][0]
    key(app, pygame.K_LEFT)  # the foundations
    key(app, pygame.K_SPACE)
    result = last(heard)
    assert result.startswith(WIN[lang][1])
    assert {"en": "You won!", "fi": "Voitit!", "sv": "Du vann!"}[lang] in result
    app.shutdown()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_refusal_is_said_with_the_engines_reason_in_words(lang):
    app, heard = speaking_app(lang=lang)
    use_game(
        app, Game.from_layout([["KS"], ["QS"], [], [], [], [], []], foundations=[11, 13, 13, 13])
    )
    key(app, pygame.K_2)
    key(app, pygame.K_SPACE)
    key(app, pygame.K_LEFT)
    key(app, pygame.K_SPACE)  # the Q♠ on the K♠: same colour
    words = last(heard)
    assert not GLYPHS.search(words), words
    assert card_name(translator(lang), Card(12, Suit.SPADES)) in words
    key(app, pygame.K_ESCAPE)
    assert (
        last(heard)
        == {"en": "Put back.", "fi": "Palautettu paikalleen.", "sv": "Lagt tillbaka."}[lang]
    )
    app.shutdown()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_undo_and_redo_say_what_they_did(lang):
    app, heard = speaking_app(lang=lang)
    columns = [["KS"], ["QH"], ["KH"], [], [], [], []]
    use_game(app, Game.from_layout(columns, foundations=[12, 11, 13, 13]))
    key(app, pygame.K_2)
    key(app, pygame.K_SPACE)
    key(app, pygame.K_LEFT)
    key(app, pygame.K_SPACE)
    tr = translator(lang)
    queen = card_name(tr, Card(12, Suit.HEARTS))
    capital = queen[0].upper() + queen[1:]
    moved = {"en": f"The {queen} to column 1.", "fi": f"{capital} sarakkeeseen 1."}
    moved["sv"] = f"{capital} till kolumn 1."
    assert last(heard) == moved[lang]
    advance(app, 5.0)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    undone = {
        "en": f"Undone: the {queen} back to column 2.",
        "fi": f"Peruttu: {queen} takaisin sarakkeeseen 2.",
        "sv": f"Ångrat: {queen} tillbaka till kolumn 2.",
    }
    assert last(heard) == undone[lang]
    key(app, pygame.K_y, pygame.KMOD_CTRL)
    redone = {"en": "Redone: ", "fi": "Tehty uudelleen: ", "sv": "Gjort om: "}
    assert last(heard) == redone[lang] + moved[lang]
    app.shutdown()


def test_a_turned_over_card_and_the_points_are_said():
    app, heard = speaking_app()
    columns = [["QS", "KH"], [], ["KS"], [], [], [], []]
    game = Game.from_layout(columns, face_down=[1, 0, 0, 0, 0, 0, 0], foundations=[11, 12, 13, 13])
    use_game(app, game)
    key(app, pygame.K_1)
    key(app, pygame.K_SPACE)
    key(app, pygame.K_2)
    key(app, pygame.K_SPACE)
    words = last(heard)
    assert words.startswith("The king of hearts to column 2. The queen of spades turned over.")
    assert "5 points" in words
    app.shutdown()


# ---------------------------------------------------------------- on request

ASKED = {
    "en": (
        "Column 1: Face up: king of spades. Column 2: 1 card face down. Face up: "
        "queen of hearts, jack of clubs. Column 3: empty.",
        "Spades foundation: queen of spades. Hearts foundation: jack of hearts.",
        "Score 0, time 1 minute 5 seconds, 0 moves.",
    ),
    "fi": (
        "Sarake 1: Kuvapuoli ylöspäin: pata kuningas. Sarake 2: 1 piilokortti. Kuvapuoli "
        "ylöspäin: hertta kuningatar, risti jätkä. Sarake 3: tyhjä.",
        "Padan kotipino: pata kuningatar. Hertan kotipino: hertta jätkä.",
        "Pisteet 0, aika 1 minuutti 5 sekuntia, siirtoja 0.",
    ),
    "sv": (
        "Kolumn 1: Uppvända: spader kung. Kolumn 2: 1 nedvänt kort. Uppvända: "
        "hjärter dam, klöver knekt. Kolumn 3: tom.",
        "Grundhögen för spader: spader dam. Grundhögen för hjärter: hjärter knekt.",
        "0 poäng, tid 1 minut 5 sekunder, 0 drag.",
    ),
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_table_foundations_and_score_are_said_on_request(lang):
    app, heard = speaking_app(lang=lang)
    columns = [["KS"], ["KC", "QH", "JC"], [], ["KH"], ["QC"], [], []]
    game = Game.from_layout(columns, [0, 1, 0, 0, 0, 0, 0], foundations=[12, 11, 13, 10])
    use_game(app, game)
    app.session.elapsed = 65.0
    key(app, pygame.K_t)
    table, foundations, info = ASKED[lang]
    assert last(heard).startswith(table)
    advance(app, 30.0)
    key(app, pygame.K_g)
    assert last(heard).startswith(foundations)
    advance(app, 30.0)
    key(app, pygame.K_i)
    assert last(heard) == info
    advance(app, 30.0)
    key(app, pygame.K_r)
    assert last(heard) == info  # said again
    app.shutdown()


def test_the_game_code_is_spelled_and_a_deal_is_named():
    app, heard = speaking_app(code="YU1-C-AAAAAAB", lang="fi")
    key(app, pygame.K_c)
    assert last(heard) == "Pelikoodi: Y U 1, C, A A A A A A B."
    app.session.start_game("YU1-C-AAAAAAC")
    assert last(heard) == "Uusi peli: Yukon."
    app.shutdown()


# ---------------------------------------------------------------- the setting


def test_speech_is_automatic_at_first_and_kept_with_the_settings(tmp_path):
    from yukon.persistence import Settings
    from yukon.persistence.settings import SpeechMode

    assert Settings().speech is SpeechMode.AUTOMATIC
    data = Settings(speech=SpeechMode.OFF).to_json()
    assert data["speech"] == "off"
    assert Settings.from_json(data)[0].speech is SpeechMode.OFF
    settings, bad = Settings.from_json({**data, "speech": "loud"})
    assert settings.speech is SpeechMode.AUTOMATIC and bad == ["speech"]


def test_automatic_says_nothing_until_a_screen_reader_is_found(tmp_path):
    log = tmp_path / "speech.txt"
    heard, clock = RecordingBackend(), Clock()
    heard.readers_only, heard.live = True, None
    speaker = Speaker(heard, clock, log)
    speaker.say("column 1")
    heard.live = False  # none runs
    speaker.say("column 2")
    assert heard.spoken == [] and not log.exists()
    heard.live = True
    speaker.say("column 3")
    assert heard.spoken == ["column 3"]


class FakeSystemSpeech(RecordingBackend):
    made: ClassVar[list[FakeSystemSpeech]] = []

    def __init__(self, *, readers_only: bool = False) -> None:
        super().__init__()
        self.readers_only = readers_only
        self.closed = False
        FakeSystemSpeech.made.append(self)

    def close(self) -> None:
        self.closed = True


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_speech_setting_turns_speech_off_on_and_automatic_at_once(monkeypatch, lang):
    import dataclasses

    from yukon.persistence.settings import SpeechMode
    from yukon.ui.dialogs.settings import SettingsDialog, SettingsPage

    monkeypatch.setattr("yukon.ui.speech.system_speech.SystemSpeech", FakeSystemSpeech)
    FakeSystemSpeech.made = []
    app = App(parse_args(["--size", "1280x800", "--lang", lang]))
    first = FakeSystemSpeech.made[-1]
    assert first.readers_only and first.language == lang  # Automatic, in the game's language
    app.table.open_settings()
    dialog = app.stack.top
    assert isinstance(dialog, SettingsDialog)
    dialog.page = SettingsPage.SOUND
    speech = dialog.controls[-1]
    names = {"en": "Speech", "fi": "Puhe", "sv": "Tal"}
    assert speech.label == names[lang]
    speech.set(SpeechMode.OFF.value)
    assert first.closed and app.speaker.backend is None
    speech.set(SpeechMode.ON.value)
    on = FakeSystemSpeech.made[-1]
    assert app.speaker.backend is on and not on.readers_only
    settings = app.session.settings
    app.session.update_settings(
        dataclasses.replace(settings, language="sv" if lang != "sv" else "fi")
    )
    assert on.language == ("sv" if lang != "sv" else "fi")  # speech follows the game's language
    app.shutdown()


def test_the_speech_option_holds_over_the_setting_for_the_run(monkeypatch):
    monkeypatch.setattr("yukon.ui.speech.system_speech.SystemSpeech", FakeSystemSpeech)
    FakeSystemSpeech.made = []
    app = App(parse_args(["--size", "1280x800", "--speech", "off"]))
    assert app.speaker.backend is None and FakeSystemSpeech.made == []
    app.shutdown()
    app = App(parse_args(["--size", "1280x800", "--speech", "on"]))
    assert FakeSystemSpeech.made[-1].readers_only is False
    app.shutdown()


# ---------------------------------------------------------------- dialogs

SETTINGS_WORDS = {
    "en": ("Settings", "Double click: ticked.", "Placement help: ticked.", "Placement help: not"),
    "fi": ("Asetukset", "Kaksoisnapsautus: valittu.", "Sijoitusapu: valittu.", "Sijoitusapu: ei"),
    "sv": (
        "Inställningar",
        "Dubbelklick: ikryssad.",
        "Placeringshjälp: ikryssad.",
        "Placeringshjälp: inte",
    ),
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_dialog_says_its_title_its_focus_and_each_change(lang):
    app, heard = speaking_app(lang=lang)
    advance(app, 10.0)
    key(app, pygame.K_F3)  # opened with a key: its first option in focus
    advance(app, 0.1)
    title, first, second, unticked = SETTINGS_WORDS[lang]
    assert last(heard).startswith(title) and first in last(heard)
    key(app, pygame.K_TAB)
    advance(app, 0.1)
    assert last(heard).startswith(second)
    key(app, pygame.K_SPACE)
    advance(app, 0.1)
    assert last(heard).startswith(unticked)
    app.shutdown()


def test_the_code_fields_characters_are_said_as_typed():
    app, heard = speaking_app(lang="sv")
    advance(app, 10.0)
    key(app, pygame.K_n, pygame.KMOD_LCTRL)
    advance(app, 0.1)
    assert "Textfält, tomt." in last(heard)  # the code field has the focus
    said = []
    for char in "YU1-":
        app.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=char))
        advance(app, 0.01)
        said.append(last(heard))
    assert said == ["Y", "U", "1", "-"]
    app.shutdown()


def test_a_greyed_control_says_so():
    from yukon.ui.dialogs.narration import control_words
    from yukon.ui.widgets import Button, Choice

    tr = translator("fi")
    button = Button("Peru", lambda: None, enabled=lambda: False)
    assert control_words(tr, button) == "Peru, painike. Ei käytettävissä."
    choice = Choice("Äänenvoimakkuus", [("1", "10 %"), ("2", "30 %")], lambda: "2", print)
    assert control_words(tr, choice) == "Äänenvoimakkuus: 30 %, 2/2."


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_hint_is_said_with_its_cards_in_words(lang):
    from yukon.engine import Move

    app, heard = speaking_app(lang=lang)
    columns = [["KS"], ["QH"], ["KH"], [], [], [], []]
    use_game(app, Game.from_layout(columns, foundations=[12, 11, 13, 13]))
    app.table.help.show_hint(Move.parse("2:1>1"))
    words = last(heard)
    assert not GLYPHS.search(words), words
    tr = translator(lang)
    assert card_name(tr, Card(12, Suit.HEARTS)) in words
    assert card_name(tr, Card(13, Suit.SPADES)) in words
    app.shutdown()


def test_with_speech_off_the_game_writes_no_log(tmp_path):
    log = tmp_path / "speech.txt"
    argv = ["--size", "1280x800", "--speech", "off", "--speech-log", str(log)]
    app = App(parse_args(argv))
    advance(app, 1.0)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_t)
    advance(app, 1.0)
    assert app.speaker.backend is None and not log.exists()
    app.shutdown()


def test_ls_answer_is_said_when_it_comes():
    from uikit import wait_for

    from yukon.engine import Move

    app, heard = speaking_app()
    app.table.play(Move.parse("7:5>2"))  # the first move of a known winning line
    advance(app, 10.0)
    key(app, pygame.K_l)

    def answered() -> bool:
        app.speech_time += 1.0
        return any("This game can still be won" in text for text in heard.spoken)

    wait_for(app, answered, 60.0)
    words = next(text for text in heard.spoken if "This game can still be won" in text)
    assert "press H for a hint" in words and not GLYPHS.search(words)
    app.shutdown()


def test_a_missing_speech_library_is_one_translated_notice_and_the_game_plays_on(monkeypatch):
    from uikit import view

    monkeypatch.setitem(sys.modules, "prism", None)  # import prism fails
    app = App(parse_args(["--size", "1280x800", "--lang", "fi", "--speech", "on"]))
    app.update(1 / 120)  # the first update starts the speech thread
    app.speaker.backend._thread.join(5)
    advance(app, 0.1)
    notice = "Puhe on päällä, mutta puhekirjastoa ei ole asennettu: peli jatkuu ilman puhetta."
    assert view(app).banner_text == notice
    key(app, pygame.K_2)
    key(app, pygame.K_SPACE)  # the game plays on
    assert view(app).held is not None
    view(app).hide_banner()
    advance(app, 30.0)
    assert view(app).banner_text != notice  # told once, not again
    app.shutdown()


def test_a_backend_that_gave_up_keeps_nothing(monkeypatch):
    monkeypatch.setitem(sys.modules, "prism", None)
    backend = SystemSpeech()
    backend.start()
    backend._thread.join(5)
    for _ in range(100):
        backend.speak("column 1", interrupt=False)
    assert backend.live is False and backend._queue == []
