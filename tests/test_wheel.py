"""The `cakegame` wheel: built by pip from pyproject.toml, installed in a fresh virtual
environment, where the engine's own tests and the command line run against it.

Slow (a venv, pip fetching setuptools into its isolated build environment): marked `slow`.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools import build_wheel  # noqa: E402

pytestmark = pytest.mark.slow

# The engine's tests: they need only cakegame (and pytest), not the page or a browser. The
# terminal game's (test_terminal.py, 12 s) run from the repository only: the installed
# game's console script is played below (test_the_console_scripts_run).
ENGINE_TESTS = ("test_rules_*.py", "test_cards.py", "test_describe.py", "test_history.py",
                "test_rulings.py", "test_serial.py")
HELPERS = ("enginehelp.py", "conformance.py")
# Matched by the patterns above but about the site, not the engine (they read tools/ or
# the site's pages).
NOT_ENGINE = {"test_rules_pictures.py", "test_rules_page.py"}


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    return build_wheel.build_plain(tmp_path_factory.mktemp("dist"))


@pytest.fixture(scope="module")
def env(tmp_path_factory, wheel) -> Path:
    """A fresh venv with the wheel installed (and this Python's pytest visible to it)."""
    where = tmp_path_factory.mktemp("venv") / "env"
    venv.EnvBuilder(with_pip=True, system_site_packages=True, clear=True).create(where)
    py = where / "bin" / "python"
    done = subprocess.run([str(py), "-m", "pip", "install", "--no-deps", "--quiet",
                           "--disable-pip-version-check", str(wheel)],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return where


def test_the_wheel_holds_the_package_and_nothing_of_the_page(wheel):
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
    assert "cakegame/__init__.py" in names and "cakegame/bots/search.py" in names
    assert "cakegame/__main__.py" in names
    assert not [n for n in names if n.startswith(("ui/", "main.py", "tests/"))]
    assert not [n for n in names if n.endswith(".pyc")]
    meta = next(n for n in names if n.endswith("dist-info/METADATA"))
    with zipfile.ZipFile(wheel) as z:
        text = z.read(meta).decode()
    assert "Name: cakegame" in text and "Requires-Python: >=3.11" in text
    assert "Requires-Dist" not in text  # standard library only


def test_the_installed_package_passes_the_engine_tests(env, tmp_path):
    py = env / "bin" / "python"
    where = subprocess.run([str(py), "-c", "import cakegame; print(cakegame.__file__)"],
                           capture_output=True, text=True, cwd=tmp_path, check=True)
    assert where.stdout.strip().startswith(str(env)), where.stdout
    # The tests alone, away from the repository (no py/ on the path, no conftest).
    tests = tmp_path / "tests"
    tests.mkdir()
    for pattern in ENGINE_TESTS + HELPERS:
        for f in (ROOT / "tests").glob(pattern):
            if f.name not in NOT_ENGINE:
                shutil.copy2(f, tests / f.name)
    (tmp_path / "pytest.ini").write_text("[pytest]\naddopts = -p no:cacheprovider\n"
                                         "markers =\n    slow: slow\n")
    done = subprocess.run([str(py), "-m", "pytest", "-q", "-x", "-p", "no:playwright",
                           str(tests)], capture_output=True, text=True, cwd=tmp_path,
                          timeout=1200)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert " passed" in done.stdout.splitlines()[-1]


def test_the_console_scripts_run(env, tmp_path):
    for args, says in ((["cakegame-bench", "--games", "1"], "4 players:"),
                       (["cakegame-tournament", "--levels", "easy,easy", "--games", "1"],
                        "1 games, 2 players"),
                       (["cakegame", "play", "--seats", "human,easy", "--seed", "2"],
                        "Input ended")):
        done = subprocess.run([str(env / "bin" / args[0]), *args[1:]], input="",
                              capture_output=True, text=True, cwd=tmp_path, timeout=300)
        assert done.returncode == 0, done.stderr
        assert says in done.stdout
