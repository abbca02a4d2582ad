"""Checks for values read from JSON: exact types, finite, within sane bounds.

JSON gives ``True`` where a number is expected, ``1e308`` or ``10**400``
where a count is expected; each check rejects such values by raising
``CorruptFile`` with the field's name, so a file is either understood or
set aside, never half-trusted.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from yukon.persistence.store import CorruptFile

# About 31 years: more than any real game or total, less than anything absurd.
MAX_SECONDS = 1e9
MAX_COUNT = 10**9

_MISSING = object()


def field(data: dict[str, Any], name: str) -> Any:
    value = data.get(name, _MISSING)
    if value is _MISSING:
        raise CorruptFile(f"{name!r} is missing")
    return value


def others(data: dict[str, Any], known: Iterable[str]) -> dict[str, Any]:
    """The fields of an object inside a file that this version does not read
    (a newer version's), to be written back unchanged with it.

    >>> others({"played": 1, "median": 2.5}, ["played"])
    {'median': 2.5}
    """
    skip = set(known)
    return {key: value for key, value in data.items() if key not in skip}


def count(value: Any, name: str, low: int = 0, high: int = MAX_COUNT) -> int:
    """A whole number in ``low..high`` (booleans are not numbers here)."""
    if type(value) is not int or not low <= value <= high:
        raise CorruptFile(f"{name!r} is {_short(value)}, not a whole number {low}-{high}")
    return value


def optional_count(value: Any, name: str, low: int = 0, high: int = MAX_COUNT) -> int | None:
    return None if value is None else count(value, name, low, high)


def seconds(value: Any, name: str) -> float:
    """A finite, non-negative duration (JSON ints are accepted)."""
    if type(value) not in (int, float) or not 0 <= value <= MAX_SECONDS or not math.isfinite(value):
        raise CorruptFile(f"{name!r} is {_short(value)}, not a duration in seconds")
    return float(value)


def optional_seconds(value: Any, name: str) -> float | None:
    return None if value is None else seconds(value, name)


def flag(value: Any, name: str) -> bool:
    if type(value) is not bool:
        raise CorruptFile(f"{name!r} is {_short(value)}, not true or false")
    return value


def text(value: Any, name: str, max_length: int = 100) -> str:
    if type(value) is not str or len(value) > max_length:
        raise CorruptFile(f"{name!r} is {_short(value)}, not a short text")
    return value


def _short(value: Any) -> str:
    shown = repr(value) if not isinstance(value, int) or abs(value) < 10**20 else "a huge number"
    return shown if len(shown) <= 40 else shown[:37] + "..."
