#!/usr/bin/env python3
"""Copy the runtime the page needs from node_modules/ into runtime/ (both git-ignored).

runtime/pyscript/  every @pyscript/core dist/*.js chunk (loaded on demand) and core.css
runtime/pyodide/   the five files Pyodide fetches at start-up (checked in a browser:
                   no other request is made while the page starts)

Usage: python3 tools/build_runtime.py [--check]
  --check  exit 1 if runtime/ is missing a file or differs from node_modules/.
Run `npm ci` first. Copies only what changed, deletes anything else in runtime/.
"""

from __future__ import annotations

import filecmp
import json
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE = ROOT / "node_modules"
RUNTIME = ROOT / "runtime"

PYSCRIPT_DIST = NODE / "@pyscript" / "core" / "dist"
PYODIDE_DIR = NODE / "pyodide"
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# What package.json pins: a mismatch means node_modules/ is stale (run npm ci).
EXPECTED = {"@pyscript/core": PYSCRIPT_DIST.parent, "pyodide": PYODIDE_DIR}


def planned() -> dict[Path, Path]:
    """destination -> source."""
    if not PYSCRIPT_DIST.is_dir() or not PYODIDE_DIR.is_dir():
        sys.exit("build_runtime: node_modules/ lacks @pyscript/core or pyodide: run `npm ci`")
    pins = json.loads((ROOT / "package.json").read_text())["dependencies"]
    for name, folder in EXPECTED.items():
        have = json.loads((folder / "package.json").read_text())["version"]
        if have != pins[name]:
            sys.exit(f"build_runtime: node_modules has {name} {have}, package.json pins "
                     f"{pins[name]}: run `npm ci`")
    plan: dict[Path, Path] = {}
    for src in sorted(PYSCRIPT_DIST.iterdir()):
        if src.suffix == ".js" or src.name == "core.css":
            plan[RUNTIME / "pyscript" / src.name] = src
    for name in PYODIDE_FILES:
        plan[RUNTIME / "pyodide" / name] = PYODIDE_DIR / name
    return plan


def main(argv: list[str]) -> int:
    check = "--check" in argv
    plan = planned()
    stale = [d for d, s in plan.items() if not d.is_file() or not filecmp.cmp(d, s, False)]
    extra = [p for p in RUNTIME.rglob("*") if p.is_file() and p not in plan]
    if check:
        for p in stale:
            print(f"runtime: missing or stale {p.relative_to(ROOT)}")
        for p in extra:
            print(f"runtime: unexpected {p.relative_to(ROOT)}")
        return 1 if stale or extra else 0
    for p in extra:
        p.unlink()
    for dest in stale:
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(plan[dest], dest)
    total = sum(d.stat().st_size for d in plan)
    print(f"runtime/: {len(plan)} files, {total / 1e6:.1f} MB ({len(stale)} copied, "
          f"{len(extra)} removed)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
