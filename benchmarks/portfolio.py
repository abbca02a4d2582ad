"""What-if figures for the solver's mix of searches, without re-running it.

``solve`` lets several searches take turns (``knobs.PORTFOLIO`` in
``yukon/solver/knobs.py``). Whether a change to their shares, a new search
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
(and a narrow search may prune a little more). Nor does it know that the
focused and chained searches share their seen positions in ``solve``
(``knobs.SHARED_MODES``): for those, compare ``solve`` itself by positions.
On deals 1-500 it settles about 4 fewer of the hard deals than
``benchmarks/solver.py`` does, all near the limit; compare replays with
each other, not with that.

    PYTHONPATH=. python benchmarks/portfolio.py --first 1 --last 500 --jobs 2
    PYTHONPATH=. python benchmarks/portfolio.py --load runs.json --seconds 3

``--save FILE`` keeps the records (JSON) for ``--load``. ``--shares``,
``--hard-shares``, ``--hard-after`` and ``--boost`` replay another mix
(the numbers of ``knobs.PORTFOLIO``, ``HARD_AFTER`` and ``PROVER_BOOST``);
``--search N`` tries N random mixes near the given one and prints the best.
A mix found so fits the deals it was searched on: check it on another
range before believing it (shares fitted on 501-1000 gained -2 to +2 deals
on 1-500).

    PYTHONPATH=. python benchmarks/portfolio.py --load runs.json --hard-shares 1,1,2,6,3,3,1,4,16
    PYTHONPATH=. python benchmarks/portfolio.py --load runs.json --search 2000
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from multiprocessing import Pool
from typing import Any

from yukon.engine import Game, Rules
from yukon.solver import Verdict, knobs, solve
from yukon.solver.knobs import Kind
from yukon.solver.moves import Mode
from yukon.solver.portfolio import SEARCHES

Record = dict[str, Any]  # deal, search (index in the mix), verdict, nodes, seconds


@dataclass(frozen=True)
class Mix:
    """The numbers ``solve`` takes turns by: each search's slices per round
    while the deal is young and once it is hard, the positions after which
    it is hard, and the prover boost (see ``yukon/solver/knobs.py``)."""

    shares: tuple[int, ...]
    hard_shares: tuple[int, ...]
    hard_after: int
    boost: int

    @classmethod
    def current(cls) -> Mix:
        return cls(
            tuple(entry.share for entry in knobs.PORTFOLIO),
            tuple(entry.hard_share for entry in knobs.PORTFOLIO),
            knobs.HARD_AFTER,
            knobs.PROVER_BOOST,
        )

    def __str__(self) -> str:
        shares = ",".join(map(str, self.shares))
        hard = ",".join(map(str, self.hard_shares))
        return (
            f"--shares {shares} --hard-shares {hard} "
            f"--hard-after {self.hard_after} --boost {self.boost}"
        )


def _hard(task: tuple[int, int]) -> int | None:
    """The deal if the mix does not settle it within ``easy`` positions."""
    deal, easy = task
    result = solve(Game.new(deal, Rules.CLASSIC), max_seconds=None, max_nodes=easy)
    return deal if result.verdict is Verdict.UNKNOWN else None


def _alone(task: tuple[int, int, int]) -> Record:
    """One search of the mix, alone on one deal, up to ``cap`` positions."""
    deal, index, cap = task
    entry = knobs.PORTFOLIO[index]
    started = time.perf_counter()
    search = SEARCHES[entry.kind](Game.new(deal, Rules.CLASSIC).position(), entry.mode)
    search.begin()
    while search.verdict is None and search.nodes < cap:
        search.step(knobs.SLICE, None)
    verdict = search.verdict.value if search.verdict is not None else None
    seconds = time.perf_counter() - started
    return {
        "deal": deal,
        "search": index,
        "verdict": verdict,
        "nodes": search.nodes,
        "seconds": seconds,
    }


def proves(search: int) -> bool:
    """Whether that search of the mix running dry proves the deal lost."""
    entry = knobs.PORTFOLIO[search]
    return entry.mode is Mode.FULL and SEARCHES[entry.kind].exhaustive


def settles(search: int, verdict: str | None) -> bool:
    """Whether that search reaching that verdict ends ``solve``."""
    return verdict == Verdict.WON.value or (verdict == Verdict.LOST.value and proves(search))


def _boost_roles() -> tuple[int, int] | None:
    """Where in the portfolio the searches of the prover boost are: the one
    whose running dry triggers it, then the one it boosts (None if absent)."""
    kinds = [(entry.kind, entry.mode) for entry in knobs.PORTFOLIO]
    try:
        return kinds.index((Kind.DEPTH_FIRST, Mode.FOCUSED)), kinds.index(
            (Kind.BEST_FIRST, Mode.FULL)
        )
    except ValueError:
        return None


def _hard_turn_rank(kind: Kind) -> int:
    """Where a search of this kind takes its turn once the deal is hard."""
    first = knobs.FIRST_WHEN_HARD
    return first.index(kind) if kind in first else len(first)


def replay(
    runs: dict[int, Record], seconds: float, speed: float = 1.0, mix: Mix | None = None
) -> float | None:
    """When ``solve`` would settle the deal of ``runs`` (search index: its
    record), taking turns as ``solve`` does (with the numbers of ``mix``,
    by default the solver's own); None if not within ``seconds``. A search
    whose record ends without a verdict (the cap) goes on at the same speed,
    never settling."""
    mix = mix or Mix.current()
    pairs = zip(mix.shares, mix.hard_shares, strict=True)
    turns = [(index, share, hard) for index, (share, hard) in enumerate(pairs)]
    for index, entry in enumerate(knobs.PORTFOLIO):
        record = runs[index]
        full = entry.kind is Kind.DEPTH_FIRST and entry.mode is Mode.FULL
        root = full and record["nodes"] <= 1
        if root and record["verdict"] is not None:
            return 0.0  # settled at the start, before any turn
    used = dict.fromkeys(runs, 0)
    clock = 0.0
    total = 0
    roles = _boost_roles()
    kinds = [entry.kind for entry in knobs.PORTFOLIO]
    while turns:
        is_hard = total >= mix.hard_after
        boosted = None
        boost = mix.boost
        if roles is not None and roles[0] not in [index for index, _, _ in turns]:
            boosted = roles[1]  # the focused search ran dry (``knobs.PROVER_BOOST``)
            if runs[roles[0]]["nodes"] < knobs.EARLY_DRY:
                boost *= 2  # it ran dry early (see ``knobs.EARLY_DRY``)
        before = total
        order = turns
        if is_hard:  # the searches of ``knobs.FIRST_WHEN_HARD`` first, as in ``solve``
            order = sorted(turns, key=lambda turn: _hard_turn_rank(kinds[turn[0]]))
        dry = set()
        for index, share, hard in order:
            record = runs[index]
            quota = knobs.SLICE * (hard if is_hard else share)
            if index == boosted:
                quota *= boost
            if clock >= seconds:
                return None
            remaining = record["nodes"] - used[index]
            ends = record["verdict"] is not None and remaining <= quota
            step = remaining if ends else quota
            used[index] += step
            total += step
            clock += step * record["seconds"] / max(record["nodes"], 1) / speed
            if ends:
                if settles(index, record["verdict"]):
                    return clock if clock <= seconds else None
                dry.add(index)  # a narrow search ran dry: it leaves the turns
        if total == before:
            return None  # no search left with a share
        turns = [turn for turn in turns if turn[0] not in dry]
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
    parser.add_argument("--shares", type=_numbers, help="slices per round, a search each")
    parser.add_argument("--hard-shares", type=_numbers, help="the same once the deal is hard")
    parser.add_argument("--hard-after", type=int, help="positions after which a deal is hard")
    parser.add_argument("--boost", type=int, help="the prover boost")
    parser.add_argument("--search", type=int, default=0, help="random mixes to try near this one")
    args = parser.parse_args(argv)
    mix = Mix.current()
    mix = replace(
        mix,
        shares=args.shares or mix.shares,
        hard_shares=args.hard_shares or mix.hard_shares,
        hard_after=mix.hard_after if args.hard_after is None else args.hard_after,
        boost=mix.boost if args.boost is None else args.boost,
    )
    if len(mix.shares) != len(knobs.PORTFOLIO) or len(mix.hard_shares) != len(mix.shares):
        parser.error(f"give {len(knobs.PORTFOLIO)} shares, one for each search of the mix")
    if args.load:
        with open(args.load, encoding="utf-8") as file:
            records: list[Record] = json.load(file)["records"]
    else:
        with Pool(max(1, args.jobs)) as pool:
            tasks = [(deal, args.easy) for deal in range(args.first, args.last + 1)]
            hard = [deal for deal in pool.map(_hard, tasks) if deal is not None]
            print(f"{len(hard)} deals not settled within {args.easy} positions", file=sys.stderr)
            searches = range(len(knobs.PORTFOLIO))
            work = [(deal, index, args.cap) for deal in hard for index in searches]
            records = pool.map(_alone, work, chunksize=1)
        if args.save:
            with open(args.save, "w", encoding="utf-8") as file:
                json.dump({"version": 1, "records": records}, file)
    by_deal: dict[int, dict[int, Record]] = {}
    for record in records:
        by_deal.setdefault(record["deal"], {})[record["search"]] = record
    print(f"mix: {mix}")
    for speed in (1.0, 1.5, 2.0):
        left = unsettled(by_deal, args.seconds, speed, mix)
        print(
            f"speed x{speed}: {len(by_deal) - len(left)} of {len(by_deal)} hard deals settled "
            f"within {args.seconds} s; not settled: {left}"
        )
    if args.search:
        tried = [(len(unsettled(by_deal, args.seconds, 1.0, mix)), str(mix))]
        rng = random.Random(0)
        for _ in range(args.search):
            other = near(mix, rng)
            tried.append((len(unsettled(by_deal, args.seconds, 1.0, other)), str(other)))
        tried.sort(key=lambda pair: pair[0])
        print(f"best of {args.search} random mixes near it (settled of {len(by_deal)}):")
        for left_count, text in tried[:5]:
            print(f"  {len(by_deal) - left_count}: {text}")
    return 0


def unsettled(
    by_deal: dict[int, dict[int, Record]], seconds: float, speed: float, mix: Mix
) -> list[int]:
    """The deals the replay of ``mix`` does not settle within ``seconds``."""
    return [
        deal for deal, runs in sorted(by_deal.items()) if replay(runs, seconds, speed, mix) is None
    ]


def near(mix: Mix, rng: random.Random) -> Mix:
    """A random mix near ``mix``: each young share moved by up to one slice
    and each hard share by up to two (the searches that prove losses keep at
    least one), ``hard_after`` halved or doubled now and then, the boost
    moved by up to one."""
    proving = [index for index in range(len(knobs.PORTFOLIO)) if proves(index)]

    def moved(shares: tuple[int, ...], most: int) -> tuple[int, ...]:
        out = [max(0, share + rng.randint(-most, most)) for share in shares]
        for index in proving:
            out[index] = max(out[index], 1)
        return tuple(out)

    return replace(
        mix,
        shares=moved(mix.shares, 1),
        hard_shares=moved(mix.hard_shares, 2),
        hard_after=rng.choice((mix.hard_after // 2, mix.hard_after, mix.hard_after * 2)),
        boost=max(1, mix.boost + rng.randint(-1, 1)),
    )


def _numbers(text: str) -> tuple[int, ...]:
    """Text such as 1,2,3 as (1, 2, 3), for the share options."""
    try:
        return tuple(int(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a list of whole numbers: {text!r}") from None


if __name__ == "__main__":
    sys.exit(main())
