"""The package around the game: license, metadata, commands, the wheel's
content and the Linux desktop files."""

from __future__ import annotations

import os
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from yukon import APP_ID

ROOT = Path(__file__).resolve().parent.parent
LINUX = ROOT / "linux"
DESKTOP = LINUX / f"{APP_ID}.desktop"
METAINFO = LINUX / f"{APP_ID}.metainfo.xml"
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256)


def pyproject() -> dict:
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_the_license_is_mit_and_declared_so() -> None:
    assert (ROOT / "LICENSE").read_text().startswith("MIT License")
    project = pyproject()["project"]
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]


def test_classifiers_keywords_and_urls() -> None:
    project = pyproject()["project"]
    classifiers = project["classifiers"]
    assert "Topic :: Games/Entertainment :: Board Games" in classifiers
    assert "Topic :: Software Development :: Libraries :: pygame" in classifiers
    versions = [c.rsplit(" ", 1)[1] for c in classifiers if c.startswith("Programming Language")]
    assert {"3.10", "3.11", "3.12", "3.13"} <= set(versions)
    assert sum(c.startswith("Operating System") for c in classifiers) == 3
    assert "solitaire" in project["keywords"]
    assert all(url.startswith("https://") for url in project["urls"].values())


def test_the_game_is_a_gui_script_and_the_solver_a_console_script() -> None:
    project = pyproject()["project"]
    assert project["gui-scripts"] == {"yukon": "yukon.__main__:main"}  # signals heard first
    assert project["scripts"] == {"yukon-solve": "yukon.solver.cli:main"}
    assert "force-include" not in str(pyproject()["tool"]["hatch"])  # editable copies nothing


def test_dask_is_an_extra_that_only_the_cluster_batch_imports() -> None:
    """The [cluster] extra never reaches the game: not a dependency, left
    out of the executable, imported by one module only (when a batch is
    given a scheduler)."""
    project = pyproject()["project"]
    assert project["optional-dependencies"]["cluster"] == ["distributed>=2024.1"]
    assert not any("dask" in dep or "distributed" in dep for dep in project["dependencies"])
    spec = (ROOT / "yukon.spec").read_text(encoding="utf-8")
    for name in ("dask", "distributed", "yukon.solver.cluster"):
        assert f'    "{name}",\n' in spec
    importers = [
        path.relative_to(ROOT).as_posix()
        for path in (ROOT / "yukon").rglob("*.py")
        if any(
            line.strip().startswith(("import dask", "from dask", "import distributed"))
            or line.strip().startswith("from distributed")
            for line in path.read_text(encoding="utf-8").splitlines()
        )
    ]
    assert importers == ["yukon/solver/cluster.py"]


def test_the_wheel_check_refuses_what_the_game_does_not_use(tmp_path: Path) -> None:
    import importlib.util
    import zipfile

    spec = importlib.util.spec_from_file_location("check_wheel", ROOT / ".ci" / "check_wheel.py")
    assert spec is not None and spec.loader is not None
    check_wheel = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(check_wheel)
    problems = check_wheel.problems

    def wheel(*names: str, gui: bool = True) -> str:
        path = tmp_path / f"w{len(list(tmp_path.iterdir()))}.whl"
        section = "gui_scripts" if gui else "console_scripts"
        with zipfile.ZipFile(path, "w") as archive:
            for name in names:
                archive.writestr(name, "")
            archive.writestr(
                "yukon-0.dist-info/entry_points.txt",
                f"[console_scripts]\nyukon-solve = yukon.solver.cli:main\n\n"
                f"[{section}]\nyukon = yukon.__main__:main\n",
            )
            archive.writestr("yukon-0.dist-info/licenses/LICENSE", "MIT")
        return str(path)

    catalogues = [f"yukon/locale/{lang}/LC_MESSAGES/yukon.mo" for lang in ("en", "fi", "sv")]
    good = ("yukon/desktop/app.py", "yukon/assets/icon.png", *catalogues)
    assert problems(wheel(*good)) == []
    assert problems(wheel(*good, "yukon/locale/fi/LC_MESSAGES/yukon.po"))  # a source
    assert problems(wheel(*good[:-1])) == [f"missing: {catalogues[-1]}"]
    assert problems(wheel(*good, "yukon/assets/screenshot.png"))
    assert problems(wheel(*good, "assets/make_assets.py"))
    assert problems(wheel(*good, gui=False)) == ["yukon is not a GUI script"]


# ---------------------------------------------------------------- desktop files


def test_desktop_file_names_the_game_its_icon_and_window_class() -> None:
    entries = dict(line.split("=", 1) for line in DESKTOP.read_text().splitlines() if "=" in line)
    assert entries["Icon"] == entries["StartupWMClass"] == APP_ID
    assert entries["Exec"] == "yukon" and entries["Terminal"] == "false"
    assert "CardGame" in entries["Categories"].split(";")


def test_metainfo_has_screenshot_description_release_and_the_ids() -> None:
    import xml.etree.ElementTree as ET

    component = ET.parse(METAINFO).getroot()
    assert component.findtext("id") == APP_ID
    assert component.findtext("launchable") == DESKTOP.name
    assert component.findtext("project_license") == "MIT"
    image = component.find("screenshots/screenshot/image")
    assert image is not None and (image.text or "").endswith("/assets/screenshot.png")
    assert (ROOT / "assets" / "screenshot.png").is_file()
    from yukon import __version__

    assert component.find(f"releases/release[@version='{__version__}']") is not None
    assert len(component.findall("description/ul/li")) >= 3


@pytest.mark.parametrize("language", ["fi", "sv"])
def test_the_desktop_entry_speaks_finnish_and_swedish(language: str) -> None:
    entries = dict(line.split("=", 1) for line in DESKTOP.read_text().splitlines() if "=" in line)
    for key in ("Name", "GenericName", "Comment", "Keywords"):
        translated = entries.get(f"{key}[{language}]", "")
        assert translated and translated != entries[key], key
    word = {"fi": "pasianssi", "sv": "patiens"}[language]
    assert word in entries[f"Keywords[{language}]"].split(";")


@pytest.mark.parametrize("language", ["fi", "sv"])
def test_every_text_of_the_metainfo_has_a_finnish_and_a_swedish_version(language: str) -> None:
    import xml.etree.ElementTree as ET

    lang = "{http://www.w3.org/XML/1998/namespace}lang"
    component = ET.parse(METAINFO).getroot()
    for path in ("name", "summary", "description/p", "description/ul/li", ".//caption"):
        english = [e for e in component.findall(path) if lang not in e.attrib]
        translated = [e for e in component.findall(path) if e.get(lang) == language]
        assert english and len(translated) == len(english), path
        assert {(e.text or "").strip() for e in translated}.isdisjoint(
            (e.text or "").strip() for e in english
        ), path
    keywords = [e.text for e in component.findall("keywords/keyword") if e.get(lang) == language]
    assert {"fi": "pasianssi", "sv": "patiens"}[language] in keywords


@pytest.mark.parametrize("size", ICON_SIZES)
def test_the_icon_is_there_at_each_standard_size(size: int) -> None:
    png = LINUX / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
    header = png.read_bytes()[:24]
    assert header.startswith(b"\x89PNG") and struct.unpack(">II", header[16:24]) == (size, size)


@pytest.mark.skipif(not shutil.which("desktop-file-validate"), reason="desktop-file-utils")
def test_desktop_file_validates() -> None:
    result = subprocess.run(["desktop-file-validate", str(DESKTOP)], capture_output=True, text=True)
    assert result.returncode == 0 and not result.stdout.strip(), result.stdout


@pytest.mark.skipif(not shutil.which("appstreamcli"), reason="appstream")
def test_metainfo_validates() -> None:
    result = subprocess.run(
        ["appstreamcli", "validate", "--no-net", str(METAINFO)], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.skipif(sys.platform == "win32" or not shutil.which("sh"), reason="a POSIX shell")
def test_install_script_puts_the_game_in_the_menu(tmp_path: Path) -> None:
    prefix = tmp_path / "share"
    env = dict(os.environ, PREFIX=str(prefix))
    subprocess.run(["sh", str(LINUX / "install.sh"), "/opt/yukon/bin/yukon"], env=env, check=True)
    desktop = (prefix / "applications" / DESKTOP.name).read_text()
    assert "Exec=/opt/yukon/bin/yukon\n" in desktop
    assert (prefix / "metainfo" / METAINFO.name).read_bytes() == METAINFO.read_bytes()
    for size in ICON_SIZES:
        assert (
            prefix / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        ).is_file()
    refused = subprocess.run(
        ["sh", str(LINUX / "install.sh"), "/opt/two\nlines/yukon"], env=env, capture_output=True
    )
    assert refused.returncode == 1


def exec_arguments(value: str) -> list[str]:
    """The arguments an ``Exec=`` value runs, read as the desktop entry
    specification says: string escapes first, then quoting, then ``%%``."""
    text = value.replace("\\\\", "\0").replace("\\s", " ").replace("\0", "\\")
    arguments: list[str] = []
    i = 0
    while i < len(text):
        if text[i] == " ":
            i += 1
            continue
        argument = ""
        if text[i] == '"':
            i += 1
            while text[i] != '"':
                if text[i] == "\\":
                    assert text[i + 1] in '"`$\\', f"a bad escape in {value!r}"
                    i += 1
                argument += text[i]
                i += 1
            i += 1
        else:
            while i < len(text) and text[i] != " ":
                assert text[i] not in "\t\"'\\><~|&;$*?#()`", f"{value!r} needs quoting"
                argument += text[i]
                i += 1
        arguments.append(argument.replace("%%", "%"))
    return arguments


@pytest.mark.skipif(sys.platform == "win32" or not shutil.which("sh"), reason="a POSIX shell")
@pytest.mark.parametrize(
    "command",
    [
        "/opt/games & more/yukon",
        "/opt/a|b/yukon",
        "/opt/my games/yukon",
        '/opt/"quoted"/yukon',
        "/opt/it's/yukon",
        "/opt/back\\slash/yukon",
        "/opt/$HOME/`date`/yukon",
        "/opt/100%/yukon",
        "/opt/(a);b#c*d?e~f<g>h/yukon",
    ],
)
def test_install_script_quotes_any_path_for_the_desktop_entry(tmp_path: Path, command: str) -> None:
    prefix = tmp_path / "share"
    env = dict(os.environ, PREFIX=str(prefix))
    subprocess.run(["sh", str(LINUX / "install.sh"), command], env=env, check=True)
    lines = (prefix / "applications" / DESKTOP.name).read_text().splitlines()
    (line,) = [line for line in lines if line.startswith("Exec=")]
    assert exec_arguments(line.removeprefix("Exec=")) == [command]
    if shutil.which("desktop-file-validate"):
        checked = subprocess.run(
            ["desktop-file-validate", str(prefix / "applications" / DESKTOP.name)],
            capture_output=True,
            text=True,
        )
        assert checked.returncode == 0 and not checked.stdout.strip(), checked.stdout
