"""A second process for ``solve``: forking a copy, and its report through a pipe.

On a hard deal the searches take turns on one core while another sits idle.
Forking copies every search exactly as it stands (nothing is rebuilt), so
the copy can go on with some of them while the original goes on with the
rest, each at twice its share of the time (see ``yukon.solver.split``).
The copy reports only a decisive answer (won, with its line, or proven
lost) through a pipe, as one line of JSON, and exits; the original kills
it as soon as ``solve`` returns, and it gives up by itself if the
original is killed first.

Only where ``os.fork`` is safe to use from a plain process (Linux) and the
process may run on two cores or more; elsewhere ``solve`` keeps to one.
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import signal
import sys
import time
import warnings
from collections.abc import Callable
from typing import NamedTuple, NoReturn

_Line = list[tuple[int, int, int]]


class Report(NamedTuple):
    """What the helper found: ``verdict`` ("won" or "lost"), the line of a
    win and the positions its copy of the searches counted in all."""

    verdict: str
    line: _Line
    nodes: int

    def encode(self) -> bytes:
        """One line of JSON.

        >>> Report.decode(Report("won", [(0, 1, 7)], 12).encode())
        Report(verdict='won', line=[(0, 1, 7)], nodes=12)
        """
        data = {"verdict": self.verdict, "line": self.line, "nodes": self.nodes}
        return json.dumps(data).encode() + b"\n"

    @staticmethod
    def decode(data: bytes) -> Report | None:
        """The report in ``data``, or None if there is none (the helper
        ended without an answer) or it is cut short."""
        try:
            fields = json.loads(data)
            line = [(int(s), int(c), int(d)) for s, c, d in fields["line"]]
            report = Report(str(fields["verdict"]), line, int(fields["nodes"]))
        except (ValueError, KeyError, TypeError):
            return None
        return report if report.verdict in ("won", "lost") else None


def cores() -> int:
    """How many cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def available() -> bool:
    """Whether ``solve`` can use a helper here: fork is safe and a second
    core is there."""
    return sys.platform.startswith("linux") and hasattr(os, "fork") and cores() >= 2


class Helper:
    """The original's handle on a forked copy: ``poll`` and ``wait`` read
    its report, ``close`` ends it. Made by ``fork``."""

    def __init__(self, pid: int, reader: int) -> None:
        self.pid = pid
        self.reader = reader
        self.report: Report | None = None
        # Whether the copy has ended (reported or not): nothing more to read.
        self.done = False
        # ``poll``, not ``select``: a process with a thousand files open
        # (fonts, say) may get a descriptor past ``select``'s limit.
        self._waiting = select.poll()
        self._waiting.register(reader, select.POLLIN)

    def poll(self, timeout: float = 0.0) -> Report | None:
        """The report, if the copy has sent it within ``timeout`` seconds."""
        if self.done:
            return self.report
        if self._waiting.poll(round(max(timeout, 0.0) * 1000)):
            chunks = []
            while chunk := os.read(self.reader, 65536):  # the copy writes once, then exits
                chunks.append(chunk)
            self.report = Report.decode(b"".join(chunks))
            self.done = True
        return self.report

    def wait(self, deadline: float | None) -> Report | None:
        """Block until the copy reports or ends, or until ``deadline``."""
        while not self.done:
            left = None if deadline is None else deadline - time.perf_counter()
            if left is not None and left <= 0:
                break
            self.poll(1.0 if left is None else min(left, 1.0))
        return self.report

    def close(self) -> None:
        """End the copy (if it still runs) and reap it."""
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.pid, signal.SIGKILL)
        with contextlib.suppress(ChildProcessError):
            os.waitpid(self.pid, 0)
        os.close(self.reader)


class Copy(NamedTuple):
    """The copy's side of a fork: the pipe's write end (for ``send``) and
    the original's process id (for ``orphaned``)."""

    writer: int
    original: int


def fork() -> Helper | Copy | None:
    """Fork: the original gets a ``Helper``, the copy a ``Copy``; None if
    the system refused (no copy: go on alone)."""
    original = os.getpid()
    try:
        reader, writer = os.pipe()
    except OSError:
        return None
    try:
        with warnings.catch_warnings():
            # Python 3.12+ warns when a process with threads forks (the game's
            # worker has its queues' feeder threads): the copy runs only the
            # search and takes none of their locks.
            warnings.simplefilter("ignore", DeprecationWarning)
            pid = os.fork()
    except OSError:
        os.close(reader)
        os.close(writer)
        return None
    if pid == 0:
        os.close(reader)
        return Copy(writer, original)
    os.close(writer)
    return Helper(pid, reader)


def orphaned(original: int) -> Callable[[], bool]:
    """In the copy: a test of whether the ``original`` has ended (killed
    with its own process, say): then nobody waits for the answer. The
    original's id comes from before the fork: read in the copy, it may
    already be that of the process that adopted it."""
    return lambda: os.getppid() != original


def send(writer: int, report: Report | None) -> NoReturn:
    """In the copy: send the report (None: nothing found) and exit at once,
    running none of the original's exit handlers."""
    try:
        data = b"" if report is None else report.encode()
        while data:
            data = data[os.write(writer, data) :]
    finally:
        os._exit(0)
