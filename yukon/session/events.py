"""What happens in a game, as typed events anyone can listen to.

The session and the table announce each change once; the table follows
the session's, and a future sound player or accessibility reader only has
to subscribe.

>>> heard = []
>>> events = Events()
>>> events.subscribe(heard.append)
>>> events.emit(Event(Happening.UNDONE))
>>> heard
[Event(kind=<Happening.UNDONE: 'undone'>, message='')]
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import NamedTuple


class Happening(enum.Enum):
    """Kinds of event, in the words a player would use."""

    DEALT = "dealt"  # a new game (or the same deal again) is on the table
    MOVED = "moved"  # a move was played (cards went from one pile to another)
    TURNED_OVER = "turned over"  # the move uncovered a face-down card
    TO_FOUNDATION = "to foundation"  # the move put a card on a foundation
    UNDONE = "undone"
    WON = "won"
    PICKED_UP = "picked up"  # cards lifted by the pointer or the keyboard
    REFUSED = "refused"  # a move the rules forbid (``message`` says why)
    SEARCHING = "searching"  # a winnable deal is being looked for
    SETTINGS_CHANGED = "settings changed"
    NOTICE = "notice"  # something the player must read (``message``)


class Event(NamedTuple):
    """Something that happened, for the listeners (a named tuple: made as
    the game starts in a fraction of a data class's time)."""

    kind: Happening
    message: str = ""


Listener = Callable[[Event], None]


class Events:
    """A list of listeners, called in the order they subscribed."""

    def __init__(self) -> None:
        self._listeners: list[Listener] = []

    def subscribe(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def unsubscribe(self, listener: Listener) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    def emit(self, event: Event) -> None:
        for listener in list(self._listeners):
            listener(event)
