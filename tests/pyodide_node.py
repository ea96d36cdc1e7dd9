"""Run Python inside Pyodide (the page's Python 3.14) under Node, from pytest.

    from pyodide_node import run_in_pyodide, run_file_in_pyodide

    out = run_in_pyodide("import cakegame; print(cakegame.new_game(players=2, seed=1))")
    out = run_file_in_pyodide("tests/conformance_run.py", args=["--seeds", "50"])

py/ is copied into Pyodide's working directory as the page's pyscript.toml maps it
(py/cakegame/x.py -> cakegame/x.py), so `import cakegame` works. Each call starts a fresh
Pyodide (about 3-5 s). A Python exception or a non-zero sys.exit() raises PyodideError
with the output; a hang raises PyodideError after `timeout` seconds. Needs node and
node_modules/pyodide (`make build` or `npm ci`); tests that use it should carry
`@pytest.mark.pyodide`.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNNER = ROOT / "tests" / "pyodide" / "run.mjs"


class PyodideError(AssertionError):
    """The Python run inside Pyodide failed: .returncode, .stdout, .stderr."""

    def __init__(self, message: str, returncode: int | None, stdout: str, stderr: str):
        super().__init__(f"{message}\n--- stdout ---\n{stdout}\n--- stderr ---\n{stderr}")
        self.returncode, self.stdout, self.stderr = returncode, stdout, stderr


def available() -> str | None:
    """None if Pyodide under Node can run here, else the reason it cannot."""
    if shutil.which("node") is None:
        return "node is not installed"
    if not (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").is_file():
        return "node_modules/pyodide is missing: run `npm ci` (make build does)"
    return None


def _run(cmd_tail: list[str], stdin: str | None, timeout: float,
         copies: Sequence[tuple[str | os.PathLike, str]]) -> str:
    reason = available()
    if reason:
        raise PyodideError(reason, None, "", "")
    cmd = ["node", str(RUNNER)]
    for host, dest in copies:
        cmd += ["--copy", f"{host}={dest}"]
    cmd += cmd_tail
    try:
        proc = subprocess.run(cmd, input=stdin, capture_output=True, text=True,
                              timeout=timeout, cwd=ROOT)
    except subprocess.TimeoutExpired as stop:
        out = stop.stdout.decode() if isinstance(stop.stdout, bytes) else (stop.stdout or "")
        err = stop.stderr.decode() if isinstance(stop.stderr, bytes) else (stop.stderr or "")
        raise PyodideError(f"Pyodide run timed out after {timeout} s", None, out, err) from None
    if proc.returncode != 0:
        raise PyodideError(f"Pyodide run failed with exit status {proc.returncode}",
                           proc.returncode, proc.stdout, proc.stderr)
    return proc.stdout


def run_in_pyodide(code: str, timeout: float = 300, args: Sequence[str] = (),
                   copies: Sequence[tuple[str | os.PathLike, str]] = ()) -> str:
    """Run `code` as __main__ in Pyodide; return what it printed to stdout."""
    return _run(["-", *args], code, timeout, copies)


def run_file_in_pyodide(path: str | os.PathLike, args: Sequence[str] = (),
                        timeout: float = 600,
                        copies: Sequence[tuple[str | os.PathLike, str]] = ()) -> str:
    """Run a host Python file as __main__ in Pyodide; return its stdout.

    `copies` adds host folders to Pyodide's file system, e.g. [("tests", "tests")].
    """
    return _run([str(Path(path).resolve()), *args], None, timeout, copies)
