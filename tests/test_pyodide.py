"""The conformance checks inside Pyodide (the browser's Python 3.14) under Node, and the
same games ending in the same states there as in CPython (cross-runtime determinism).

One Pyodide start runs tests/conformance.py as a script: full checks at every step of three
short games (one per player count), then unchecked games over a fixed list of seeds, printing
the sha256 of every final state's JSON. The test plays the same games here in CPython and
compares. Needs node and node_modules/pyodide (`make test` installs them; in CI a missing
runtime fails instead of skipping).
"""

from __future__ import annotations

import json
import os

import pytest
from conformance import play
from pyodide_node import available, run_file_in_pyodide, run_in_pyodide

pytestmark = [
    pytest.mark.pyodide,
    pytest.mark.slow,
    pytest.mark.skipif(available() is not None and not os.environ.get("CI"),
                       reason=str(available())),
]

# Short games (107, 186 and 145 actions), fully checked inside Pyodide.
FULL_GAMES = ((2, 16), (3, 14), (4, 18))
HASH_PLAYERS = (2, 3, 4)
HASH_SEEDS = (0, 1, 2)


def test_conformance_in_pyodide_and_same_final_states_as_cpython() -> None:
    out = run_file_in_pyodide(
        "tests/conformance.py", timeout=420,
        args=["--games", ",".join(f"{p}:{s}" for p, s in FULL_GAMES), "--checks", "full",
              "--players", *map(str, HASH_PLAYERS),
              "--hash-seeds", ",".join(map(str, HASH_SEEDS))])
    result = json.loads(out.strip().splitlines()[-1])
    assert result["platform"] == "emscripten"
    assert result["python"].startswith("3.14"), result["python"]

    totals = result["totals"]
    assert totals["steps"] == sum(g["actions"] + 1 for g in result["games"].values())
    assert totals["refused"] > 0 and totals["applied"] > 0 and totals["samples"] > 0

    for players, seed in FULL_GAMES:
        there = result["games"][f"{players}p/{seed}"]
        here = play(players, seed, "none")
        assert (there["hash"], there["texts_hash"], there["actions"]) == \
            (here["hash"], here["texts_hash"], here["actions"]), f"{players}p/{seed}"
    here = {f"{p}p/{s}": play(p, s, "none")["hash"] for p in HASH_PLAYERS for s in HASH_SEEDS}
    assert result["hashes"] == here


# Inside Pyodide: every code object in the page's two archives (argv: their paths) has its
# lines but no column positions, so the bytecode is smaller over the wire and to unmarshal.
LEAN_BYTECODE = r"""
import json, marshal, sys, zipfile

def codes(code):
    yield code
    for const in code.co_consts:
        if hasattr(const, "co_positions"):
            yield from codes(const)

seen = lines = columns = 0
for archive in sys.argv[1:]:
    with zipfile.ZipFile(archive) as z:
        for name in z.namelist():
            if name.endswith(".pyc"):
                for code in codes(marshal.loads(z.read(name)[16:])):
                    seen += 1
                    for line, _end, col, _end_col in code.co_positions():
                        lines += line is not None
                        columns += col is not None
print(json.dumps({"codes": seen, "lines": lines, "columns": columns}))
"""


def test_the_page_s_bytecode_keeps_lines_and_drops_column_positions(tmp_path) -> None:
    import shutil

    from tools import build_pybundle, build_wheel

    build_pybundle.ensure()
    build_wheel.ensure()
    for path in (build_pybundle.BUNDLE, f"build/{build_wheel.wheel_name()}"):
        shutil.copy(build_wheel.ROOT / path, tmp_path)
    out = run_in_pyodide(LEAN_BYTECODE, timeout=120, copies=[(tmp_path, "archives")],
                         args=["archives/py.zip", f"archives/{build_wheel.wheel_name()}"])
    found = json.loads(out.strip().splitlines()[-1])
    assert found["codes"] > 500 and found["lines"] > 5000, found
    assert found["columns"] == 0, found
