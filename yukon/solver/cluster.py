"""A batch on a Dask cluster (the ``[cluster]`` extra): ``yukon-solve --batch
... --scheduler tcp://host:8786`` hands the deals to the scheduler's
workers instead of this machine's processes.

Only the command line imports this module, and only when given a
scheduler: the game, its executable and a batch without one never load
Dask. Each worker needs Yukon installed (the same version: the deals are
solved by its ``yukon.solver.deal.solve_deal``), each of its threads solves
one deal at a time in one process (no fork inside a worker).
"""

from __future__ import annotations

from collections.abc import Iterator

from yukon.solver.deal import Task, solve_deal
from yukon.solver.results import BatchRow


def solve_on_cluster(tasks: Iterator[Task], scheduler: str) -> Iterator[BatchRow]:
    """Solve ``tasks`` on the workers of the Dask scheduler at ``scheduler``,
    yielding each row as soon as a worker answers (in no fixed order). Lazy:
    only twice as many deals as the cluster has threads are handed out
    ahead, so any range starts at once in constant memory."""
    try:
        from distributed import Client, as_completed
    except ImportError:  # pragma: no cover - depends on the installation
        raise SystemExit(
            'yukon-solve: --scheduler needs Dask: pip install "yukon[cluster]"'
        ) from None
    with Client(scheduler) as client:
        threads = sum(client.nthreads().values()) or 1
        running = as_completed()
        for _ in range(2 * threads):
            task = next(tasks, None)
            if task is None:
                break
            running.add(client.submit(solve_deal, task, pure=False))
        for future in running:
            row: BatchRow = future.result()
            yield row
            task = next(tasks, None)
            if task is not None:
                running.add(client.submit(solve_deal, task, pure=False))
