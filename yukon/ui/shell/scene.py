"""Scenes on a stack: the table at the bottom, dialogs and Help above it.

Every screen is a ``Scene``: it takes events, advances with ``update(dt)``
and draws itself. The loop owns one ``SceneStack`` and hands each event to
the top scene only; every scene keeps its clock running and is drawn
bottom to top. A scene talks to the rest of the game through a ``Host``
(open or close a scene, the window, the session), never through the
application object, so a test can hand it a stand-in.
"""

from __future__ import annotations

import enum
from typing import Protocol

import pygame

from yukon.i18n import Translator
from yukon.persistence import Settings
from yukon.session.game_session import GameSession
from yukon.ui.speech.speaker import Speaker

Rects = list[pygame.Rect] | None  # the rects a draw changed; None: the whole window


class Changed(enum.Flag):
    """What a scene must draw again: it draws no more than that."""

    NOTHING = 0
    ALL = enum.auto()  # everything it shows
    DRAG = enum.auto()  # only the dragged cards moved (the table)
    BAR = enum.auto()  # only the info bar changed (the table's clock)


class Changes:
    """What changed since a scene last drew: marked by whatever changes
    it, taken by its drawing. Every scene asks to be drawn again this one
    way (the table through its state, a dialog through ``redraw``)."""

    def __init__(self) -> None:
        self._marked = Changed.ALL  # a new scene is drawn whole

    @property
    def marked(self) -> Changed:
        """What must be drawn again (``Changed.NOTHING``: nothing)."""
        return self._marked

    def mark(self, what: Changed = Changed.ALL) -> None:
        self._marked |= what

    def take(self) -> Changed:
        """What must be drawn again, forgotten as it is drawn."""
        marked, self._marked = self._marked, Changed.NOTHING
        return marked


class Scene(Protocol):
    """A screen or dialog on the stack."""

    @property
    def animating(self) -> bool:
        """Frames must be drawn continuously (not just on change)."""
        ...

    @property
    def needs_draw(self) -> bool: ...

    def handle_event(self, event: pygame.event.Event) -> None: ...

    def update(self, dt: float) -> None: ...

    def draw(self, surface: pygame.Surface, alpha: float = 1.0) -> Rects: ...

    def redraw(self) -> None:
        """Draw the whole scene next frame (something over it changed)."""
        ...

    def resize(self, size: tuple[int, int]) -> None: ...

    def apply_settings(self, settings: Settings) -> None:
        """Settings changed: show them at once (a language, a theme...)."""
        ...

    def suspend(self) -> None:
        """Another scene takes the input: no gesture or press in progress
        here will see its end, so each ends now."""
        ...

    def lose_focus(self) -> None:
        """The window lost the focus: a press's release goes elsewhere."""
        ...

    def leave(self) -> None:
        """The pointer left: nothing may stay lit as if it were over it."""
        ...


class Host(Protocol):
    """What a scene may ask of the rest of the game."""

    @property
    def session(self) -> GameSession: ...

    @property
    def translator(self) -> Translator:
        """Every word a scene shows comes from here, in the current language."""
        ...

    @property
    def size(self) -> tuple[int, int]: ...

    @property
    def density(self) -> float:
        """The screen's pixels per point (2 on a Retina screen)."""
        ...

    @property
    def fullscreen(self) -> bool: ...

    @property
    def audio_available(self) -> bool | None:
        """Whether an audio device was found (None: not known yet)."""
        ...

    @property
    def speaker(self) -> Speaker:
        """Where what the player hears is said (silent with speech off)."""
        ...

    def toggle_fullscreen(self) -> None: ...

    def set_fullscreen(self, on: bool) -> None: ...

    def set_title(self, code: str | None, game: str = "Yukon") -> None:
        """Name the window after ``game`` (in the player's words) and ``code``."""
        ...

    def push(self, scene: Scene) -> None:
        """Show ``scene`` on top; it takes the input."""
        ...

    def close(self, scene: Scene) -> None: ...

    def covered(self, scene: Scene) -> bool:
        """Whether another scene lies over ``scene``."""
        ...


class SceneStack:
    """The scenes, bottom first; the top one takes the input."""

    def __init__(self) -> None:
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene, size: tuple[int, int]) -> None:
        for below in self.scenes:
            below.suspend()
        self.leave()  # the pointer's next motion goes to the new scene
        scene.resize(size)
        self.scenes.append(scene)
        self.redraw()

    def remove(self, scene: Scene) -> None:
        if scene in self.scenes:
            self.scenes.remove(scene)
        self.redraw()

    def covered(self, scene: Scene) -> bool:
        return scene in self.scenes and scene is not self.top

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.scenes:
            self.scenes[-1].handle_event(event)

    def update(self, dt: float) -> None:
        for scene in list(self.scenes):
            scene.update(dt)

    def draw(self, surface: pygame.Surface, alpha: float = 1.0) -> Rects:
        """Draw bottom to top. With scenes over others the whole window is
        drawn (they shade what lies below); alone, a scene draws only what
        changed."""
        if len(self.scenes) > 1:
            self.scenes[0].redraw()
        rects: Rects = None
        for i, scene in enumerate(self.scenes):
            drawn = scene.draw(surface, alpha)
            if i == 0:
                rects = drawn
        return rects if len(self.scenes) == 1 else None

    def redraw(self) -> None:
        for scene in self.scenes:
            scene.redraw()

    def resize(self, size: tuple[int, int]) -> None:
        for scene in self.scenes:
            scene.resize(size)

    def apply_settings(self, settings: Settings) -> None:
        for scene in self.scenes:
            scene.apply_settings(settings)

    def lose_focus(self) -> None:
        for scene in self.scenes:
            scene.lose_focus()

    def leave(self) -> None:
        for scene in self.scenes:
            scene.leave()

    @property
    def animating(self) -> bool:
        return any(scene.animating for scene in self.scenes)

    @property
    def needs_draw(self) -> bool:
        return any(scene.needs_draw for scene in self.scenes)
