"""``OptionParser``: argparse that never lets an option go without its value.

Python's argparse (before 3.13) takes ``--size=--`` as the option with no
value at all: the ``--`` is dropped, the option's type never sees it and the
program gets an empty list where it expected a size. This parser refuses
such an option the way argparse refuses any bad one: a message and exit
status 2.

>>> OptionParser(prog="demo").add_argument("--size") is not None
True
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from yukon.safe_text import safe_text


class OptionParser(argparse.ArgumentParser):
    """An ``argparse.ArgumentParser`` that refuses ``--option=--``."""

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: Any = None
    ) -> tuple[argparse.Namespace, list[str]]:
        # A byte that is not UTF-8 comes in as a lone surrogate: made safe
        # here, so no option's value can fail later when shown or saved.
        given = [safe_text(text) for text in (sys.argv[1:] if args is None else args)]
        for text in given:
            if text == "--":  # what follows is positional
                break
            option, equals, value = text.partition("=")
            if option.startswith("-") and equals and value == "--":
                self.error(f"argument {option}: expected one argument")
        return super().parse_known_args(given, namespace)
