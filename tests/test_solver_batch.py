"""Batches of deals: the results file a study writes as it goes (and resumes
from after a kill), and the same batch on a local Dask cluster."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from yukon.solver import SolveResult, Verdict, cli
from yukon.solver import deal as one_deal
from yukon.solver.cli import main, run_batch, solve_deals
from yukon.solver.results import BatchRow, ResultsError, ResultsFile, format_row

ROOT = Path(__file__).resolve().parent.parent
# A budget of positions: the same verdicts and counts on any machine.
NODES = 3000


def _verdicts(rows: dict[int, BatchRow] | list[BatchRow]) -> dict[int, tuple[str, int]]:
    values = rows.values() if isinstance(rows, dict) else rows
    return {row.deal: (row.verdict, row.nodes) for row in values}


def test_a_batch_writes_each_verdict_and_skips_the_deals_its_file_holds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "C.csv"
    fresh = _verdicts(list(solve_deals(range(1, 7), "C", None, nodes=NODES)))
    with ResultsFile(path, "C", f"nodes={NODES}") as results:
        for deal in (1, 2, 3):
            results.write(BatchRow(deal, *fresh[deal], 0.01))
    with path.open("a") as out:
        out.write("4,w,1")  # a line cut short by a kill
    solved: list[int] = []
    solve_deal = cli.solve_deal

    def counted(task: one_deal.Task) -> BatchRow:
        solved.append(task[0])
        return solve_deal(task)

    monkeypatch.setattr(cli, "solve_deal", counted)
    tally = run_batch(1, 6, "C", None, nodes=NODES, results=path, progress=False)
    assert solved == [4, 5, 6]
    assert tally.deals == 6
    assert _verdicts(ResultsFile(path, "C", f"nodes={NODES}").rows()) == fresh
    lines = path.read_text().splitlines()
    assert lines[0] == f"# yukon-results 1 C nodes={NODES}"
    assert len(lines) == 7


def test_a_killed_batch_resumes_where_it_stopped_and_loses_nothing(tmp_path: Path) -> None:
    """The command is killed (SIGKILL: no clean-up) after a few deals, then
    run again: every deal once, with the verdicts of a run never killed."""
    path = tmp_path / "C.csv"
    budget = "nodes=1000"
    command = [
        *(sys.executable, "-m", "yukon.solver", "--batch", "1..200", "--rules", "C"),
        *("--nodes", "1000", "--results", str(path)),
    ]
    env = {"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}
    with subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT, env=env
    ) as batch:
        assert batch.stderr is not None
        for _ in range(5):
            assert batch.stderr.readline().startswith(f"{_ + 1}/200 deal ")
        batch.kill()
    killed = ResultsFile(path, "C", budget).rows()
    assert 5 <= len(killed) < 200
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, env=env, check=True)
    assert done.stderr.splitlines()[0].startswith(f"{len(killed) + 1}/200 deal ")
    rows = ResultsFile(path, "C", budget).rows()
    fresh = list(solve_deals(range(1, 201), "C", None, nodes=1000))
    assert _verdicts(rows) == _verdicts(fresh)
    assert len(path.read_text().splitlines()) == 201  # the header, each deal once
    assert "Classic 1..200: 200 deals" in done.stdout


def test_a_results_file_of_another_budget_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "C.csv"
    path.write_text("# yukon-results 1 C nodes=50\n" + format_row(BatchRow(1, "won", 9, 0)) + "\n")
    with pytest.raises(ResultsError, match="another game or budget"):
        ResultsFile(path, "C", "nodes=60").rows()
    assert main(["--batch", "1..2", "--nodes", "60", "--results", str(path)]) == 2
    assert "another game or budget" in capsys.readouterr().err
    assert path.read_text().count("\n") == 2  # left as it was


@pytest.mark.parametrize(
    "args",
    [
        ["YU1-C-AAAAAAB", "--nodes", "100"],
        ["YU1-C-AAAAAAB", "--results", "x.csv"],
        ["YU1-C-AAAAAAB", "--scheduler", "tcp://127.0.0.1:1"],
        ["--batch", "1..2", "--nodes", "0"],
    ],
)
def test_batch_options_are_refused_where_they_do_not_belong(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        main(args)
    assert capsys.readouterr().err


def test_a_local_dask_cluster_gives_the_verdicts_of_the_local_run(tmp_path: Path) -> None:
    """The [cluster] extra (.ci/run installs it): the batch handed to a
    LocalCluster's workers over TCP on the loopback gives each deal the
    verdict and count of positions of the local run (a fixed budget)."""
    distributed = pytest.importorskip(
        "distributed", reason='Dask is the [cluster] extra: pip install -e ".[cluster]"'
    )
    deals = range(13, 25)
    local = _verdicts(list(solve_deals(deals, "C", None, nodes=NODES)))
    path = tmp_path / "C.csv"
    with distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=False,
        protocol="tcp",
        host="127.0.0.1",
        dashboard_address=None,
    ) as cluster:
        address = cluster.scheduler_address
        assert address.startswith("tcp://127.0.0.1:")
        remote = list(solve_deals(deals, "C", None, nodes=NODES, scheduler=address))
        tally = run_batch(
            13, 24, "C", None, nodes=NODES, results=path, scheduler=address, progress=False
        )
    assert _verdicts(remote) == local
    assert sorted(row.deal for row in remote) == list(deals)
    assert _verdicts(ResultsFile(path, "C", f"nodes={NODES}").rows()) == local
    assert tally.deals == 12
    assert {verdict for verdict, _ in local.values()} == {"won", "lost", "unknown"}


def test_a_batch_counts_no_win_whose_line_does_not_win(monkeypatch: pytest.MonkeyPatch) -> None:
    assert one_deal.solve_deal((1, "C", None, 20_000, 1)).verdict == "won"  # its line replays

    def short_line(*args: object, **kwargs: object) -> SolveResult:
        return SolveResult(Verdict.WON, [], 1, 0.0)

    monkeypatch.setattr(one_deal, "solve", short_line)
    with pytest.raises(AssertionError, match="deal 1: the winning line does not win"):
        one_deal.solve_deal((1, "C", None, 20_000, 1))


def _run_python(code: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """``code`` in a fresh interpreter; a hang fails the test instead of the run."""
    env = {"PYTHONPATH": os.pathsep.join((str(ROOT), str(tmp_path))), "PATH": "/usr/bin:/bin"}
    run = [sys.executable, "-c", code]
    return subprocess.run(run, capture_output=True, text=True, cwd=tmp_path, env=env, timeout=60)


def test_a_batch_in_processes_stopped_early_ends_every_time(tmp_path: Path) -> None:
    """A batch closed after its first row, a hundred times over: with
    ``multiprocessing.Pool`` this hung now and then for good (its
    ``terminate`` with tasks still queued), about once in a hundred."""
    code = """
from yukon.engine import DEAL_COUNT
from yukon.solver.cli import solve_deals
for _ in range(100):
    rows = solve_deals(iter(range(DEAL_COUNT)), "R", 1.0, 2)
    next(rows)
    rows.close()
print("closed")
"""
    done = _run_python(code, tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "closed\n"


def test_a_worker_that_dies_ends_the_batch_with_one_line_and_keeps_the_verdicts(
    tmp_path: Path,
) -> None:
    """A worker killed mid-deal (out of memory, say) once left the batch
    waiting for its row forever; now the command says so and stops, and
    the results file keeps every verdict before it, ready to resume."""
    # In a module of its own, so that any start method finds it in a worker.
    (tmp_path / "dying.py").write_text(
        "import os\n"
        "from yukon.solver.deal import solve_deal\n"
        "def dying(task):\n"
        "    if task[0] == 5:\n"
        "        os._exit(9)\n"
        "    return solve_deal(task)\n"
    )
    code = """
import sys
from yukon.solver import cli
import dying
cli.solve_deal = dying.dying
sys.exit(cli.main(["--batch", "1..8", "--rules", "R", "--nodes", "500", "--jobs", "2",
                   "--results", "R.csv"]))
"""
    done = _run_python(code, tmp_path)
    assert done.returncode == 1
    assert done.stderr.splitlines()[-1] == (
        "yukon-solve: a worker process ended without a verdict; the verdicts so far are in R.csv"
    )
    # The deals other workers were on when it died fail with it.
    kept = ResultsFile(tmp_path / "R.csv", "R", "nodes=500").rows()
    assert set(kept) == set(range(1, len(kept) + 1)) and 1 <= len(kept) < 5
    resumed = _run_python(code.replace("cli.solve_deal = dying.dying", ""), tmp_path)
    assert resumed.returncode == 0, resumed.stderr
    assert set(ResultsFile(tmp_path / "R.csv", "R", "nodes=500").rows()) == set(range(1, 9))
