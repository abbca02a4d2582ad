"""The ``Host`` every scene is given: the scene stack, the window, the session."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from yukon.i18n import Translator
from yukon.session.game_session import GameSession
from yukon.ui.shell.scene import Scene, SceneStack
from yukon.ui.shell.window import Window
from yukon.ui.speech.speaker import Speaker


class GameHost:
    """Opens and closes scenes, switches full screen, names the window."""

    def __init__(
        self,
        session: GameSession,
        stack: SceneStack,
        window: Window,
        translator: Translator,
        audio: Callable[[], bool | None] = lambda: None,
        speaker: Speaker | None = None,
    ) -> None:
        self._speaker = speaker or Speaker(None, clock=lambda: 0.0)
        self._audio = audio  # asks the sound player whether it found a device
        self._session = session
        self._translator = translator
        self._stack = stack
        self._window = window

    @property
    def session(self) -> GameSession:
        return self._session

    @property
    def translator(self) -> Translator:
        return self._translator

    @property
    def size(self) -> tuple[int, int]:
        return self._window.size

    @property
    def density(self) -> float:
        return self._window.density

    @property
    def audio_available(self) -> bool | None:
        return self._audio()

    @property
    def speaker(self) -> Speaker:
        return self._speaker

    @property
    def fullscreen(self) -> bool:
        return self._window.fullscreen

    def toggle_fullscreen(self) -> None:
        self.set_fullscreen(not self._window.fullscreen)

    def set_fullscreen(self, on: bool) -> None:
        if self._window.set_fullscreen(on):
            self._stack.resize(self._window.size)
            self._session.update_settings(replace(self._session.settings, fullscreen=on))

    def set_title(self, code: str | None, game: str = "Yukon") -> None:
        self._window.set_title(code, game)

    def push(self, scene: Scene) -> None:
        self._stack.push(scene, self._window.size)

    def close(self, scene: Scene) -> None:
        self._stack.remove(scene)

    def covered(self, scene: Scene) -> bool:
        return self._stack.covered(scene)
