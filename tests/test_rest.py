"""Sleeping at rest (``yukon.desktop.rest``): woken by the first event, on
injected time."""

from __future__ import annotations

import os

import pygame
import pytest

from yukon.desktop.rest import NAP_SECONDS, Rest, x11_connection


@pytest.fixture
def display():
    pygame.display.init()
    pygame.display.set_mode((64, 64))
    pygame.event.get()
    yield pygame
    pygame.display.quit()


class Naps:
    """An injected clock that sleeps by moving on; ``at`` posts an event
    once that much time has passed."""

    def __init__(self, at: float | None = None) -> None:
        self.now = 0.0
        self.naps: list[float] = []
        self.at = at

    def clock(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.naps.append(seconds)
        self.now += seconds
        if self.at is not None and self.now >= self.at:
            self.at = None
            pygame.event.post(pygame.event.Event(pygame.USEREVENT))


def test_with_nothing_to_watch_it_naps_the_whole_time_in_short_steps(display):
    naps = Naps()
    Rest(display, None, naps.sleep, naps.clock).wait(1.0)
    assert sum(naps.naps) == pytest.approx(1.0)
    assert max(naps.naps) <= NAP_SECONDS + 1e-9


def test_an_event_ends_the_nap_at_the_next_look(display):
    naps = Naps(at=0.3)
    Rest(display, None, naps.sleep, naps.clock).wait(1.0)
    assert 0.3 <= naps.now < 0.3 + NAP_SECONDS + 1e-9
    assert pygame.event.get(pygame.USEREVENT)


def test_an_event_already_waiting_means_no_sleep_at_all(display):
    naps = Naps()
    pygame.event.post(pygame.event.Event(pygame.USEREVENT))
    Rest(display, None, naps.sleep, naps.clock).wait(1.0)
    assert naps.naps == []


def test_a_readable_connection_wakes_it_at_once(display):
    """The window system's connection: once it holds data, the wait ends
    (the loop's ``pygame.event.get`` then reads it), not at the timeout."""
    read, write = os.pipe()
    try:
        os.write(write, b"x")
        naps = Naps()
        Rest(display, read, naps.sleep, naps.clock).wait(600.0)  # would hang the test
        assert naps.naps == []
    finally:
        os.close(read)
        os.close(write)


def test_a_connection_gone_bad_falls_back_to_naps(display):
    naps = Naps()
    Rest(display, -1, naps.sleep, naps.clock).wait(0.5)  # no such descriptor
    assert sum(naps.naps) == pytest.approx(0.5)


def test_no_x11_connection_without_x11(display):
    assert display.display.get_driver() != "x11"  # the tests' headless driver
    assert x11_connection(display) is None
