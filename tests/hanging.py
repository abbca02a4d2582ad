"""A job for the solver's worker that never ends and never asks whether to
stop: the worker is alive but shows no heartbeat, as when it is stuck in a
call that does not return. Its own module, so the spawned worker can
import it without the tests' imports."""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class HangingJob:
    """Creates the file ``started`` (so a test knows the worker is inside
    the job, past its last heartbeat), then sleeps for an hour."""

    started: str

    def run(self, stop: object = None) -> None:
        Path(self.started).touch()
        time.sleep(3600)
