"""Check that the wheel carries the game and nothing else.

Usage: python .ci/check_wheel.py WHEEL

Only the package's modules, the files the game loads (yukon/assets and the
compiled catalogues) and the metadata with the license may be in it: no
screenshot, asset scripts, tests, benchmarks, desktop files or catalogue
sources. The two commands must be there: `yukon` as a
GUI script (no console window on Windows) and `yukon-solve` for the solver.
Where the build compiled the solver's hot modules (hatch_build.py), every one
of them is there with mypyc's shared library, and nothing else compiled.
"""

from __future__ import annotations

import sys
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from hatch_build import MODULES

ASSETS = {"yukon/assets/icon.png"}
# The compiled catalogues the game reads (their .po sources stay out).
CATALOGUES = {f"yukon/locale/{lang}/LC_MESSAGES/yukon.mo" for lang in ("en", "fi", "sv")}


def problems(wheel: str) -> list[str]:
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        info = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
        entry_points = archive.read(info).decode()
    found: list[str] = []
    compiled = [name for name in names if name.endswith((".so", ".pyd"))]
    for name in names:
        package = name.startswith("yukon/") and (
            name.endswith(".py") or name in ASSETS or name in CATALOGUES
        )
        if not package and ".dist-info/" not in name and name not in compiled:
            found.append(f"not part of the game: {name}")
        if "__pycache__" in name:
            found.append(f"compiled file: {name}")
    modules = sorted(
        name.split("/")[-1].split(".")[0] for name in compiled if name.startswith("yukon/solver/")
    )
    shared = [name for name in compiled if "/" not in name and "__mypyc." in name]
    whole = modules == sorted(MODULES) and len(shared) == 1
    if compiled and (not whole or len(compiled) != len(MODULES) + 1):
        found.append(f"compiled files other than the solver's: {compiled}")
    for needed in (*ASSETS, *CATALOGUES, "yukon/desktop/app.py"):
        if needed not in names:
            found.append(f"missing: {needed}")
    if not any(n.endswith(".dist-info/licenses/LICENSE") for n in names):
        found.append("missing: the LICENSE file")
    gui = entry_points.partition("[gui_scripts]")[2]
    if "yukon = yukon.__main__:main" not in gui.partition("[")[0]:
        found.append("yukon is not a GUI script")
    if "yukon-solve = yukon.solver.cli:main" not in entry_points:
        found.append("no yukon-solve command")
    return found


if __name__ == "__main__":
    found = problems(sys.argv[1])
    for problem in found:
        print(f"{sys.argv[1]}: {problem}", file=sys.stderr)
    sys.exit(1 if found else 0)
