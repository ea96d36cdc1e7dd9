"""The Pyodide-under-Node runner that engine tests use to run in the page's own Python."""

from __future__ import annotations

import pytest
from pyodide_node import PyodideError, available, run_file_in_pyodide, run_in_pyodide

pytestmark = [pytest.mark.pyodide,
              pytest.mark.skipif(available() is not None, reason=str(available()))]


def test_runs_python_3_14_with_py_folder_importable():
    out = run_in_pyodide(
        "import sys, os, importlib.util\n"
        "print(sys.version_info[:2], sys.platform)\n"
        "print(os.getcwd())\n"
        "print(importlib.util.find_spec('cakegame') is not None)\n",
        timeout=120)
    lines = out.splitlines()
    assert lines[0] == "(3, 14) emscripten", out
    assert lines[1] == "/home/pyodide"
    assert lines[2] == "True", "py/cakegame should be importable as in the page"


def test_exception_fails_with_traceback():
    with pytest.raises(PyodideError) as info:
        run_in_pyodide("print('before')\nraise ValueError('checked in pyodide')", timeout=120)
    assert info.value.returncode == 1
    assert info.value.stdout == "before\n"
    assert "ValueError: checked in pyodide" in info.value.stderr


def test_file_with_arguments_and_exit_status(tmp_path):
    script = tmp_path / "prog.py"
    script.write_text("import sys\nprint(sys.argv[1:])\nsys.exit(int(sys.argv[1]))\n")
    assert run_file_in_pyodide(script, args=["0", "x"], timeout=120) == "['0', 'x']\n"
    with pytest.raises(PyodideError) as info:
        run_file_in_pyodide(script, args=["3"], timeout=120)
    assert info.value.returncode == 3
