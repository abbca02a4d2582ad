"""What-if figures for the solver's mix of searches, without re-running it.

``solve`` lets several searches take turns (``_PORTFOLIO`` in
``yukon/solver/search.py``). Whether a change to their shares, a new search
or a faster one would settle more deals within 2 s is slow to measure with
``benchmarks/solver.py``, and its answer moves by a few deals from run to
run. Each search alone is deterministic, though: this runs every search of
the mix alone on the deals that are not settled within the first
``--easy`` positions, records how many positions each needed (and at what
speed), then replays ``solve``'s turns on those records.

It prints how many of those deals the mix settles within ``--seconds``, as
it stands and as if every search were 1.5 or 2 times faster. The replay is
close, not exact, and errs on the slow side: in ``solve`` the searches
share their quick loss proofs, so each pays for fewer of them than alone
(and a narrow search may prune a little more). On deals 1-500 it settles
about 4 fewer of the hard deals than ``benchmarks/solver.py`` does, all
near the limit; compare replays with each other, not with that.

    PYTHONPATH=. python benchmarks/portfolio.py --first 1 --last 500 --jobs 2
    PYTHONPATH=. python benchmarks/portfolio.py --load runs.json --seconds 3

``--save FILE`` keeps the records (JSON) for ``--load``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from multiprocessing import Pool
from typing import Any

from yukon.engine import Game, Rules
from yukon.solver import Verdict, solve
from yukon.solver import search as solver

Record = dict[str, Any]  # deal, search (index in the mix), verdict, nodes, seconds


def _hard(task: tuple[int, int]) -> int | None:
    """The deal if the mix does not settle it within ``easy`` positions."""
    deal, easy = task
    result = solve(Game.new(deal, Rules.CLASSIC), max_seconds=None, max_nodes=easy)
    return deal if result.verdict is Verdict.UNKNOWN else None


def _alone(task: tuple[int, int, int]) -> Record:
    """One search of the mix, alone on one deal, up to ``cap`` positions."""
    deal, index, cap = task
    kind, mode, _, _ = solver._PORTFOLIO[index]
    started = time.perf_counter()
    search = kind(Game.new(deal, Rules.CLASSIC), mode)
    search.begin()
    while search.verdict is None and search.nodes < cap:
        search.step(solver._SLICE, None)
    verdict = search.verdict.value if search.verdict is not None else None
    seconds = time.perf_counter() - started
    return {
        "deal": deal,
        "search": index,
        "verdict": verdict,
        "nodes": search.nodes,
        "seconds": seconds,
    }


def settles(search: int, verdict: str | None) -> bool:
    """Whether that search reaching that verdict ends ``solve``."""
    kind, mode, _, _ = solver._PORTFOLIO[search]
    return verdict == Verdict.WON.value or (
        verdict == Verdict.LOST.value and mode is solver.Mode.FULL and kind.exhaustive
    )


def replay(runs: dict[int, Record], seconds: float, speed: float = 1.0) -> float | None:
    """When ``solve`` would settle the deal of ``runs`` (search index: its
    record), taking turns as ``solve`` does; None if not within ``seconds``.
    A search whose record ends without a verdict (the cap) goes on at the
    same speed, never settling."""
    turns = [(index, share, hard) for index, (_, _, share, hard) in enumerate(solver._PORTFOLIO)]
    for index, (kind, mode, _, _) in enumerate(solver._PORTFOLIO):
        record = runs[index]
        root = kind is solver._Search and mode is solver.Mode.FULL and record["nodes"] <= 1
        if root and record["verdict"] is not None:
            return 0.0  # settled at the start, before any turn
    used = dict.fromkeys(runs, 0)
    clock = 0.0
    total = 0
    roles = solver._boost_roles(solver._PORTFOLIO)
    while turns:
        is_hard = total >= solver._HARD_AFTER
        boosted = None
        if roles is not None and roles[0] not in [index for index, _, _ in turns]:
            boosted = roles[1]  # the focused search ran dry (see ``_PROVER_BOOST``)
        before = total
        still = []
        for index, share, hard in turns:
            record = runs[index]
            quota = solver._SLICE * (hard if is_hard else share)
            if index == boosted:
                quota *= solver._PROVER_BOOST
            if clock >= seconds:
                return None
            remaining = record["nodes"] - used[index]
            ends = record["verdict"] is not None and remaining <= quota
            step = remaining if ends else quota
            used[index] += step
            total += step
            clock += step * record["seconds"] / max(record["nodes"], 1) / speed
            if not ends:
                still.append((index, share, hard))
            elif settles(index, record["verdict"]):
                return clock if clock <= seconds else None
            # otherwise a narrow search ran dry: it leaves the turns
        if total == before:
            return None  # no search left with a share
        turns = still
    return None


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--last", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=2.0, help="limit per deal")
    parser.add_argument("--easy", type=int, default=3000, help="positions that settle easy deals")
    parser.add_argument("--cap", type=int, default=60000, help="positions per search alone")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--save", help="write the records to this JSON file")
    parser.add_argument("--load", help="read records from this JSON file instead of running")
    args = parser.parse_args(argv)
    if args.load:
        with open(args.load, encoding="utf-8") as file:
            records: list[Record] = json.load(file)["records"]
    else:
        with Pool(max(1, args.jobs)) as pool:
            tasks = [(deal, args.easy) for deal in range(args.first, args.last + 1)]
            hard = [deal for deal in pool.map(_hard, tasks) if deal is not None]
            print(f"{len(hard)} deals not settled within {args.easy} positions", file=sys.stderr)
            searches = range(len(solver._PORTFOLIO))
            work = [(deal, index, args.cap) for deal in hard for index in searches]
            records = pool.map(_alone, work, chunksize=1)
        if args.save:
            with open(args.save, "w", encoding="utf-8") as file:
                json.dump({"version": 1, "records": records}, file)
    by_deal: dict[int, dict[int, Record]] = {}
    for record in records:
        by_deal.setdefault(record["deal"], {})[record["search"]] = record
    for speed in (1.0, 1.5, 2.0):
        times = {deal: replay(runs, args.seconds, speed) for deal, runs in sorted(by_deal.items())}
        left = [deal for deal, settled in times.items() if settled is None]
        print(
            f"speed x{speed}: {len(times) - len(left)} of {len(times)} hard deals settled "
            f"within {args.seconds} s; not settled: {left}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
