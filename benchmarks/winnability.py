"""The winnability table of the five games from a study's results files.

A study solves a range of deals of each game at a budget of positions
(``yukon-solve --batch FIRST..LAST --rules X --nodes N --results X.csv``),
then the deals it left undecided again at a generous budget (a second file,
``X-generous.csv``). This reads them (plain, or compressed as ``.csv.xz``),
settles what the other games' verdicts prove (``yukon.solver.dominance``),
checks that no two verdicts contradict each other, and prints the table:
per game the deals, the share decided at the first budget, the share still
undecided after the generous one, won and lost, and the share winnable
with its 95 % interval (Wilson's), which covers the undecided deals too:
from the lower end for the won alone to the upper end for the won and the
undecided together. Where only some of the undecided deals were tried
again, the table says how many and how many of them stay undecided.

    PYTHONPATH=. python benchmarks/winnability.py benchmarks/winnability
"""

from __future__ import annotations

import argparse
import lzma
import math
import sys
from collections.abc import Sequence
from pathlib import Path

from yukon.engine import Rules
from yukon.solver.dominance import contradictions, implied
from yukon.solver.results import parse_row
from yukon.solver.verdict import Verdict

Verdicts = dict[int, Verdict]


def read(path: Path) -> tuple[str, Verdicts, float]:
    """A results file's header, its verdicts by deal and its seconds in all."""
    raw = path.read_bytes()
    text = (lzma.decompress(raw) if path.suffix == ".xz" else raw).decode("ascii")
    lines = text.splitlines()
    rows = [parse_row(line) for line in lines[1:]]
    return lines[0], {row.deal: Verdict(row.verdict) for row in rows}, sum(r.seconds for r in rows)


def find(folder: Path, name: str) -> Path | None:
    for candidate in (folder / f"{name}.csv", folder / f"{name}.csv.xz"):
        if candidate.exists():
            return candidate
    return None


def wilson(hits: int, total: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson's 95 % interval for a share of ``hits`` in ``total``.

    >>> [round(x, 4) for x in wilson(50, 100)]
    [0.4038, 0.5962]
    """
    if not total:
        return 0.0, 1.0
    p = hits / total
    centre = p + z * z / (2 * total)
    spread = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total))
    scale = 1 + z * z / total
    return (centre - spread) / scale, (centre + spread) / scale


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    args = parser.parse_args(argv)
    first: dict[Rules, Verdicts] = {}
    final: dict[Rules, Verdicts] = {}
    retried: dict[Rules, Verdicts] = {}
    notes: list[str] = []
    for rules in Rules:
        path = find(args.folder, rules.value)
        if path is None:
            continue
        header, verdicts, seconds = read(path)
        first[rules] = verdicts
        final[rules] = dict(verdicts)
        notes.append(f"{rules.title}: {header}, {len(verdicts)} deals, {seconds:.0f} s solving")
        generous = find(args.folder, f"{rules.value}-generous")
        retried[rules] = {}
        if generous is not None:
            header, again, seconds = read(generous)
            notes.append(f"  again: {header}, {len(again)} deals, {seconds:.0f} s solving")
            for deal, verdict in again.items():
                if deal in verdicts and verdicts[deal] is Verdict.UNKNOWN:
                    final[rules][deal] = verdict
                    retried[rules][deal] = verdict
    deals = set.intersection(*(set(v) for v in final.values())) if final else set()
    settled = dict.fromkeys(final, 0)
    clashes = 0
    for deal in deals:
        by_game = {rules: final[rules][deal] for rules in final}
        clashes += len(contradictions(by_game))
        for rules, verdict in by_game.items():
            if verdict is Verdict.UNKNOWN:
                proved = implied(rules, by_game)
                if proved is not Verdict.UNKNOWN:
                    final[rules][deal] = proved
                    settled[rules] += 1
    print("\n".join(notes))
    print(f"contradictions between games: {clashes} (deals in every game: {len(deals)})\n")
    print(
        "| Game | Deals | Decided at the budget | Undecided after | Won | Lost | "
        "Winnable (95 % interval) |"
    )
    print("|---|---|---|---|---|---|---|")
    for rules, verdicts in final.items():
        total = len(verdicts)
        at_budget = sum(v is not Verdict.UNKNOWN for v in first[rules].values())
        won = sum(v is Verdict.WON for v in verdicts.values())
        lost = sum(v is Verdict.LOST for v in verdicts.values())
        open_ = total - won - lost
        low, _ = wilson(won, total)
        _, high = wilson(won + open_, total)
        note = f" ({settled[rules]} by another game)" if settled[rules] else ""
        undecided = total - at_budget
        again = retried[rules]
        if len(again) < undecided:  # only some of them tried again
            still = sum(v is Verdict.UNKNOWN for v in again.values())
            note += f"; {still} of {len(again)} tried again" if again else "; none tried again"
        print(
            f"| {rules.title} | {total:,} | {at_budget / total:.2%} | {open_ / total:.2%}{note} | "
            f"{won:,} | {lost:,} | {won / total:.2%}-{(won + open_) / total:.2%} "
            f"({low:.2%}-{high:.2%}) |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
