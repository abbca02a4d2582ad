"""The solver's hot modules compiled to C with mypyc, for the wheel (a build
hook of hatchling's) and for the standalone executable (``yukon.spec``).

Why: a lost deal is proven by expanding every position its provers reach,
and in Python each costs 60-280 µs. Compiled from the same typed source,
the provers expand the same positions in the same order about three times
as fast (deal 110212 of Classic, the full best-first prover alone: 15,760
positions in 0.7 s against 2.4 s), so the solver's 2 s decide more deals,
and the game's hints and verdicts come sooner. The compiled modules only
replace the ones of the same name: ``tests/test_compiled_solver.py``
checks that they give exactly the verdicts and counts of positions of the
Python ones.

Compiling needs a C compiler and mypy (mypyc is part of it). Without a
compiler the build says so and the wheel is the plain Python one, which
plays and solves the same, only slower. An editable install
(``pip install -e .``) is never compiled: its modules are the files being
edited, and a compiled copy beside them would be run instead.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path
from typing import Any

try:
    from hatchling.builders.hooks.plugin.interface import BuildHookInterface
except ImportError:  # yukon.spec and the tests use compile_solver alone
    BuildHookInterface = object  # type: ignore[assignment,misc]

ROOT = Path(__file__).resolve().parent

# The modules compiled: the searches and the proofs they ask, where a solve
# spends its time. A compiled class cannot be subclassed by a Python one, so
# the whole family of ``Search`` and of ``StuckProof`` is here; the rest of
# the solver (the portfolio, the split, the command line) runs as Python.
MODULES = (
    "board",
    "moves",
    "stuck",
    "crowded",
    "twins",
    "proofs",
    "search",
    "best_first",
    "depth_first",
    "beam",
    "stricter",
    "forced_home",
    "stubborn",
)


def compile_solver(work: Path) -> list[Path]:
    """Compile ``MODULES`` with mypyc in a copy of the package made in
    ``work``, which then holds the package with the compiled modules beside
    their sources: importable from there as it is. The compiled files, or
    an empty list (with the reason on standard error) if they could not be
    made."""
    if not sysconfig.get_config_var("CC") and not shutil.which("cc"):
        print("yukon: no C compiler, the solver stays plain Python", file=sys.stderr)
        return []
    shutil.copytree(ROOT / "yukon", work / "yukon", ignore=shutil.ignore_patterns("__pycache__"))
    sources = [f"yukon/solver/{name}.py" for name in MODULES]
    done = subprocess.run(
        [sys.executable, "-m", "mypyc", *sources],
        cwd=work,
        capture_output=True,
        text=True,
        check=False,
    )
    built = sorted(work.glob("*__mypyc*")) + [
        found for name in MODULES for found in (work / "yukon" / "solver").glob(f"{name}.*.*")
    ]
    if done.returncode or len(built) != len(MODULES) + 1:
        print(f"yukon: the solver stays plain Python: {done.stderr[-2000:]}", file=sys.stderr)
        return []
    return built


class CompiledSolverHook(BuildHookInterface):  # type: ignore[misc]
    """Puts the compiled modules into a regular (not editable) wheel, which
    is then tagged for this Python and platform."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if version == "editable":
            return
        self.work = Path(tempfile.mkdtemp(prefix="yukon-mypyc-"))
        built = compile_solver(self.work)
        for path in built:
            build_data["force_include"][str(path)] = path.relative_to(self.work).as_posix()
        if built:
            build_data["pure_python"] = False
            build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        work = getattr(self, "work", None)
        if work is not None:
            shutil.rmtree(work, ignore_errors=True)
