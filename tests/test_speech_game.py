"""A whole game won by ear: every decision is taken from what was spoken.

The player here never looks at the engine: it asks for a hint (H) and hears
it, hears the table (T) to find the cards the hint names, walks the cursor
until it hears the card, picks it up and puts it down where the hint said,
and goes on until it hears that the game is won. The hints come from the
solver's real process, so the words are those a player hears.
"""

from __future__ import annotations

import dataclasses
import re

import pygame
from uikit import STEP, key, wait_for

from yukon.desktop.app import App, parse_args
from yukon.persistence.settings import AnimationSpeed
from yukon.ui.speech.speaker import RecordingBackend

HINTS = [
    (re.compile(r"Hint: put the (.+?) on its foundation\."), "home"),
    (re.compile(r"Hint: take the (.+?) back onto the (.+?)\."), "onto"),
    (re.compile(r"Hint: move the (.+?) and the cards on it onto the (.+?)\."), "onto"),
    (re.compile(r"Hint: move the (.+?) onto the (.+?)\."), "onto"),
    (re.compile(r"Hint: take the (.+?) back to the empty column (\d)\."), "empty"),
    (re.compile(r"Hint: move the (.+?) and the cards on it to the empty column (\d)\."), "empty"),
    (re.compile(r"Hint: move the (.+?) to the empty column (\d)\."), "empty"),
]
DIGITS = [getattr(pygame, f"K_{n}") for n in range(1, 8)]


class Ear:
    """The player: keys in, words out."""

    def __init__(self, app: App, heard: RecordingBackend) -> None:
        self.app, self.heard = app, heard

    def press(self, code: int, mod: int = 0) -> str:
        """A key, then the time to hear everything it caused; what was said last."""
        before = len(self.heard.spoken)
        key(self.app, code, mod)
        self.listen()
        assert len(self.heard.spoken) > before, "the key said nothing"
        return self.heard.spoken[-1]

    def listen(self) -> None:
        """Time passes for the listener: the speaker finishes what it says."""
        self.app.speech_time += 60.0
        self.app.update(STEP)

    def hint(self) -> str:
        before = len(self.heard.spoken)
        key(self.app, pygame.K_h)

        def answered() -> bool:
            self.listen()
            return any(text.startswith("Hint:") for text in self.heard.spoken[before:])

        wait_for(self.app, answered, 60.0)
        return next(t for t in self.heard.spoken[before:] if t.startswith("Hint:"))

    def table(self) -> list[list[str]]:
        """The face-up cards of each column, bottom first, as T says them."""
        said = self.press(pygame.K_t)
        columns: list[list[str]] = []
        for number, text in re.findall(r"Column (\d): (.*?)(?= Column \d:|$)", said):
            assert int(number) == len(columns) + 1
            face_up = re.search(r"Face up: (.*)\.$", text)
            columns.append(face_up.group(1).split(", ") if face_up else [])
        assert len(columns) == 7, said
        return columns

    def walk_to(self, card: str) -> None:
        """The cursor onto ``card``, wherever it is heard to lie."""
        for number, cards in enumerate(self.table()):
            if card in cards:
                said = self.press(DIGITS[number])
                for _ in range(len(cards) - 1 - cards.index(card)):
                    said = self.press(pygame.K_UP)
                assert said.startswith(f"Column {number + 1}: {card}."), said
                return
        said = self.press(pygame.K_1)
        said = self.press(pygame.K_LEFT)  # the foundations
        for _ in range(4):
            if said.endswith(f": {card}."):
                return
            said = self.press(pygame.K_DOWN)
        raise AssertionError(f"nobody said where the {card} is")

    def column_of(self, top: str) -> int:
        for number, cards in enumerate(self.table()):
            if cards and cards[-1] == top:
                return number
        raise AssertionError(f"no column is heard to end with the {top}")

    def play_hint(self, hint: str) -> str:
        """Do what the hint says; what the move was heard to do."""
        matches = [(pattern.match(hint), kind) for pattern, kind in HINTS]
        found, kind = next(((m, k) for m, k in matches if m), (None, ""))
        assert found is not None, f"a hint the player cannot follow: {hint}"
        card, where = found.group(1), found.groups()[-1]
        self.walk_to(card)
        assert self.press(pygame.K_SPACE).startswith(f"Picked up the {card}")
        if kind == "home":
            self.press(pygame.K_1)
            self.press(pygame.K_LEFT)
        elif kind == "onto":
            self.press(DIGITS[self.column_of(where)])
        else:
            self.press(DIGITS[int(where) - 1])
        before = len(self.heard.spoken)
        self.press(pygame.K_SPACE)
        result = self.heard.spoken[before]  # then perhaps the win's dialog
        assert result.startswith(f"The {card}"), result  # a move, not a refusal
        return result


def test_a_whole_game_is_won_by_ear():
    app = App(parse_args(["--size", "1280x800", "--lang", "en", "--code", "YU1-C-AAAAAAB"]))
    settings = app.session.settings
    app.session.update_settings(dataclasses.replace(settings, animation=AnimationSpeed.OFF))
    heard = RecordingBackend()
    app.speaker.backend = heard
    ear = Ear(app, heard)
    try:
        ear.listen()
        assert heard.spoken[0].startswith("Yukon. T says the table")
        for _ in range(300):
            result = ear.play_hint(ear.hint())
            if "You won!" in result:
                break
        else:
            raise AssertionError("300 moves and no win was heard")
        assert "You won! Score" in result
    finally:
        app.shutdown()
