"""What each knob and each search of the portfolio is worth, at a fixed
budget of positions (deterministic: one process, no clock).

For the deals FIRST..LAST this solves every deal with the solver as it
stands, then once per variant: ``--drop N`` leaves search N of
``knobs.PORTFOLIO`` out (``--drop all`` each in turn: its marginal
contribution), ``--set NAME=VALUE`` changes one knob of
``yukon/solver/knobs.py`` (a number, or ``()`` for an empty tuple). For
each it prints the deals won, proven lost and settled (won + lost) within
``--nodes`` positions, the positions spent over all deals, and which deals
it settles that the standard does not, and the reverse. With ``--hard N`` only the deals
the standard leaves open after N positions are run (the others are settled
so early that a knob acting later cannot change them, and they cost most of
the time); without it every deal is counted, so a variant that is slower
on easy deals shows it.

    PYTHONPATH=. python benchmarks/solver_knobs.py --first 501 --last 1000 --drop all --jobs 2
    PYTHONPATH=. python benchmarks/solver_knobs.py --set HARD_AFTER=2500 --set PROVER_BOOST=1
"""

from __future__ import annotations

import argparse
import ast
import sys
import time
from collections.abc import Sequence
from multiprocessing import Pool
from typing import NamedTuple

from yukon.engine import DEAL_COUNT, Game, Rules
from yukon.solver import knobs, solve

# A change to the solver: leave a search out, or set a knob.
Variant = tuple[str, object]


class Row(NamedTuple):
    deal: int
    verdict: str
    nodes: int


def _apply(variant: Variant | None) -> None:
    if variant is None:
        return
    name, value = variant
    if name == "drop":
        assert isinstance(value, int)
        knobs.PORTFOLIO = tuple(e for i, e in enumerate(knobs.PORTFOLIO) if i != value)
    else:
        setattr(knobs, name, value)


def _solve(task: tuple[Variant | None, int, str, int]) -> Row:
    variant, deal, rules, budget = task
    saved = dict(vars(knobs))
    try:
        _apply(variant)
        result = solve(Game.new(deal, Rules(rules)), max_seconds=None, max_nodes=budget)
    finally:
        for name, value in saved.items():
            setattr(knobs, name, value)
    return Row(deal, result.verdict.value, result.nodes)


def _setting(text: str) -> Variant:
    name, sep, value = text.partition("=")
    if not sep or not hasattr(knobs, name) or not name.isupper():
        raise argparse.ArgumentTypeError(f"{text!r} is not NAME=VALUE for a knob")
    try:
        return name, ast.literal_eval(value)
    except (ValueError, SyntaxError):
        raise argparse.ArgumentTypeError(f"{text!r}: {value!r} is not a number") from None


def _drops(text: str) -> list[int]:
    if text == "all":
        return list(range(len(knobs.PORTFOLIO)))
    try:
        drop = int(text)
    except ValueError:
        drop = -1
    if not 0 <= drop < len(knobs.PORTFOLIO):
        raise argparse.ArgumentTypeError(f"{text!r} is not 'all' or a search 0-8")
    return [drop]


def describe(variant: Variant | None) -> str:
    if variant is None:
        return "standard"
    name, value = variant
    if name == "drop":
        assert isinstance(value, int)
        entry = knobs.PORTFOLIO[value]
        return f"without {entry.kind.value} {entry.mode.name.lower()} (search {value})"
    return f"{name}={value!r}"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=501)
    parser.add_argument("--last", type=int, default=1000)
    parser.add_argument("--rules", choices=[rules.value for rules in Rules], default="C")
    parser.add_argument("--nodes", type=int, default=50_000, help="positions per deal")
    parser.add_argument("--drop", type=_drops, action="extend", default=[], help="N or all")
    parser.add_argument("--set", type=_setting, action="append", default=[], help="NAME=VALUE")
    parser.add_argument("--hard", type=int, help="only deals still open after this many")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    args = parser.parse_args(argv)
    if not 0 <= args.first <= args.last < DEAL_COUNT:
        parser.error(f"--first and --last: 0 <= FIRST <= LAST <= {DEAL_COUNT - 1}")
    variants: list[Variant | None] = [None]
    variants += [("drop", drop) for drop in args.drop] + args.set
    deals: Sequence[int] = range(args.first, args.last + 1)
    standard: dict[int, Row] = {}
    tasks: list[tuple[Variant | None, int, str, int]]
    with Pool(max(1, args.jobs)) as pool:
        if args.hard is not None:
            tasks = [(None, deal, args.rules, args.hard) for deal in deals]
            early = pool.imap_unordered(_solve, tasks, chunksize=4)
            deals = sorted(row.deal for row in early if not _settled(row))
            print(f"{len(deals)} deals open after {args.hard} positions: {deals}", flush=True)
        for variant in variants:
            started = time.perf_counter()
            tasks = [(variant, deal, args.rules, args.nodes) for deal in deals]
            rows = {row.deal: row for row in pool.imap_unordered(_solve, tasks, chunksize=4)}
            if variant is None:
                standard = rows
            counts = {v: sum(row.verdict == v for row in rows.values()) for v in ("won", "lost")}
            nodes = sum(row.nodes for row in rows.values())
            gained = sorted(d for d, r in rows.items() if _settled(r) and not _settled(standard[d]))
            dropped = sorted(
                d for d, r in rows.items() if _settled(standard[d]) and not _settled(r)
            )
            print(
                f"{describe(variant)}: won {counts['won']} lost {counts['lost']} "
                f"settled {counts['won'] + counts['lost']} of {len(rows)} within {args.nodes} "
                f"positions; {nodes} positions in all; newly settled {gained}, "
                f"newly open {dropped} ({time.perf_counter() - started:.0f}s)",
                flush=True,
            )
    return 0


def _settled(row: Row) -> bool:
    return row.verdict != "unknown"


if __name__ == "__main__":
    sys.exit(main())
