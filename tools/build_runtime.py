#!/usr/bin/env python3
"""Copy the runtime the page needs from node_modules/ into runtime/ (both git-ignored).

runtime/pyscript/  every @pyscript/core dist/*.js chunk (loaded on demand) and core.css
runtime/pyodide/   the five files Pyodide fetches at start-up (checked in a browser:
                   no other request is made while the page starts), and micropip's wheel,
                   which PyScript loads to install the page's `cakegame` wheel

micropip: the npm package holds no wheels, so micropip's comes from PyPI (`pip download`,
pinned by version and sha256, kept in build/vendor/). PyPI's wheel holds only sources, which
the page would compile at every start; the served copy adds checked-hash bytecode compiled
by Pyodide, as the cakegame wheel does (tools/build_wheel.py: with_bytecode). It is thus not
the wheel Pyodide's lock describes, and Pyodide checks a package's sha256 when it loads it,
so runtime/pyodide/pyodide-lock.json is the npm one with micropip's entry rewritten to match
(file name and sha256); nothing else in it changes.

Usage: python3 tools/build_runtime.py [--check]
  --check  exit 1 if runtime/ is missing a file or differs from node_modules/.
Run `npm ci` first. Copies only what changed, deletes anything else in runtime/.
"""

from __future__ import annotations

import filecmp
import hashlib
import json
import shutil
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from sitefiles import MICROPIP_VERSION, MICROPIP_WHEEL  # noqa: E402

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
# micropip's wheel on PyPI (py3-none-any, but it declares Python 3.12+: pip downloads it for
# Pyodide's Python with --python-version).
MICROPIP_SHA256 = "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3"
VENDOR = ROOT / "build" / "vendor"
LOCK = "pyodide-lock.json"


def micropip_wheel() -> Path:
    """micropip's wheel from PyPI, downloaded once into build/vendor/ and checked."""
    path = VENDOR / Path(MICROPIP_WHEEL).name
    if not path.is_file() or _sha256(path.read_bytes()) != MICROPIP_SHA256:
        VENDOR.mkdir(parents=True, exist_ok=True)
        done = subprocess.run(
            [sys.executable, "-m", "pip", "download", f"micropip=={MICROPIP_VERSION}",
             "--no-deps", "--only-binary=:all:", "--python-version", "3.13", "--quiet",
             "--disable-pip-version-check", "--dest", str(VENDOR)],
            capture_output=True, text=True, timeout=300)
        if done.returncode != 0 or not path.is_file():
            sys.exit(f"build_runtime: could not download micropip {MICROPIP_VERSION} from "
                     f"PyPI:\n{done.stderr}")
    got = _sha256(path.read_bytes())
    if got != MICROPIP_SHA256:
        sys.exit(f"build_runtime: {path.name} has sha256 {got}, expected {MICROPIP_SHA256}")
    return path


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def lock_text(wheel: Path) -> str:
    """Pyodide's lock with micropip's entry describing `wheel` (name, version, sha256)."""
    lock = json.loads((PYODIDE_DIR / LOCK).read_text())
    entry = lock["packages"]["micropip"]
    entry["file_name"] = wheel.name
    entry["version"] = MICROPIP_VERSION
    entry["sha256"] = _sha256(wheel.read_bytes())
    return json.dumps(lock, separators=(",", ":"), sort_keys=False)


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
        if name != LOCK:
            plan[RUNTIME / "pyodide" / name] = PYODIDE_DIR / name
    return plan


def served_micropip() -> Path:
    """runtime/pyodide/'s micropip: PyPI's wheel plus Pyodide bytecode (built if stale)."""
    from build_wheel import source_stamp, with_bytecode, zip_stamp

    source = micropip_wheel()
    dest = ROOT / MICROPIP_WHEEL
    stamp = source_stamp(source.read_bytes())
    if zip_stamp(dest) == stamp:
        return dest
    return with_bytecode(source, dest, stamp, ROOT)


def main(argv: list[str]) -> int:
    check = "--check" in argv
    plan = planned()
    lock_path = RUNTIME / "pyodide" / LOCK
    stale = [d for d, s in plan.items() if not d.is_file() or not filecmp.cmp(d, s, False)]
    if check:
        micropip = ROOT / MICROPIP_WHEEL
        if not micropip.is_file():
            stale.append(micropip)
    else:
        micropip = served_micropip()
    lock = lock_text(micropip) if micropip.is_file() else ""
    if not lock_path.is_file() or lock_path.read_text() != lock:
        stale.append(lock_path)
    made = (lock_path, micropip)
    extra = [p for p in RUNTIME.rglob("*") if p.is_file() and p not in plan and p not in made]
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
        if dest == lock_path:
            dest.write_text(lock)
        else:
            shutil.copy2(plan[dest], dest)
    total = sum(d.stat().st_size for d in (*plan, *made))
    print(f"runtime/: {len(plan) + len(made)} files, {total / 1e6:.1f} MB ({len(stale)} copied, "
          f"{len(extra)} removed)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
