"""A job for the solver's worker that never ends and never asks whether to
stop: the worker is alive but shows no heartbeat, as when it is stuck in a
call that does not return. Its own module, so the spawned worker can
import it without the tests' imports."""

from __future__ import annotations

import time


class HangingJob:
    """Sleeps (in the worker) for an hour without a heartbeat."""

    def run(self, stop: object = None) -> None:
        time.sleep(3600)
