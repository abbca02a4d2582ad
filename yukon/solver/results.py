"""A batch's results file: a line per deal, written as soon as the deal is
solved, so a batch killed half-way resumes where it stopped and loses
nothing it had solved.

The first line names the format, the game and the budget; then one line
per deal: its number, the verdict's letter (``w`` won, ``l`` lost, ``u``
unknown), the positions searched and the milliseconds taken::

    # yukon-results 1 C nodes=80000
    1,w,412,18
    2,l,1207,61

A line cut short by a kill (no newline yet) is dropped when the file is
opened again, and that deal is solved again. Deals may come in any order
(a cluster answers as its workers finish).

>>> import tempfile
>>> from pathlib import Path
>>> path = Path(tempfile.mkdtemp()) / "C.csv"
>>> with ResultsFile(path, "C", "nodes=80000") as results:
...     results.write(BatchRow(1, "won", 412, 0.018))
>>> ResultsFile(path, "C", "nodes=80000").rows()
{1: BatchRow(deal=1, verdict='won', nodes=412, seconds=0.018)}
"""

from __future__ import annotations

import os
from pathlib import Path
from types import TracebackType
from typing import NamedTuple, TextIO

FORMAT = "# yukon-results 1"
LETTERS = {"won": "w", "lost": "l", "unknown": "u"}
VERDICTS = {letter: verdict for verdict, letter in LETTERS.items()}


class BatchRow(NamedTuple):
    """One solved deal of a batch."""

    deal: int
    verdict: str
    nodes: int
    seconds: float


class ResultsError(ValueError):
    """A results file of another game or budget, or one that is not a
    results file at all."""


def format_row(row: BatchRow) -> str:
    """A row as its line (without the newline).

    >>> format_row(BatchRow(7, "lost", 1207, 0.0614))
    '7,l,1207,61'
    """
    return f"{row.deal},{LETTERS[row.verdict]},{row.nodes},{round(row.seconds * 1000)}"


def parse_row(line: str) -> BatchRow:
    """A line back as its row; ``ValueError`` if it is not one.

    >>> parse_row("7,l,1207,61")
    BatchRow(deal=7, verdict='lost', nodes=1207, seconds=0.061)
    """
    deal, letter, nodes, millis = line.split(",")
    if letter not in VERDICTS:
        raise ValueError(f"{letter!r} is no verdict")
    return BatchRow(int(deal), VERDICTS[letter], int(nodes), int(millis) / 1000)


class ResultsFile:
    """The results file at ``path`` for the game ``rules_letter`` at
    ``budget`` (text such as ``nodes=80000`` or ``seconds=2.0``): ``rows``
    reads what it holds; as a context manager it is open for ``write``."""

    def __init__(self, path: Path, rules_letter: str, budget: str) -> None:
        self.path = path
        self.header = f"{FORMAT} {rules_letter} {budget}"
        self._out: TextIO | None = None

    def rows(self) -> dict[int, BatchRow]:
        """The deals solved so far, by number (none if there is no file).
        Raises ``ResultsError`` for a file of another game or budget."""
        if not self.path.exists():
            return {}
        rows: dict[int, BatchRow] = {}
        with self.path.open(encoding="ascii", newline="") as lines:
            first = lines.readline()
            if first and first.rstrip("\n") != self.header:
                raise ResultsError(
                    f"{self.path} holds {first.strip()!r}, not {self.header!r}: "
                    "another game or budget"
                )
            for number, line in enumerate(lines, start=2):
                if not line.endswith("\n"):
                    break  # cut short by a kill: solved again
                try:
                    row = parse_row(line.rstrip("\n"))
                except ValueError:
                    raise ResultsError(f"{self.path}, line {number}: {line.strip()!r}") from None
                rows[row.deal] = row
        return rows

    def __enter__(self) -> ResultsFile:
        """Open for appending: a line cut short by a kill is cut off first,
        and a new file gets its header."""
        self.rows()  # the header is checked before anything is written
        if self.path.exists():
            self._drop_torn_line()
        out = self.path.open("a", encoding="ascii", newline="")
        if out.tell() == 0:
            out.write(self.header + "\n")
            out.flush()
        self._out = out
        return self

    def _drop_torn_line(self) -> None:
        with self.path.open("rb+") as raw:
            data = raw.read()
            end = data.rfind(b"\n") + 1
            if end < len(data):
                raw.truncate(end)

    def write(self, row: BatchRow) -> None:
        """Add a solved deal, at once: a kill after this loses nothing."""
        assert self._out is not None, "open the file with 'with' first"
        self._out.write(format_row(row) + "\n")
        self._out.flush()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if self._out is not None:
            self._out.flush()
            os.fsync(self._out.fileno())
            self._out.close()
            self._out = None
