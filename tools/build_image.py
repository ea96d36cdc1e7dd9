#!/usr/bin/env python3
"""Write build/pyodide-image-<version>.gz: Pyodide's memory once Python has started.

Starting Python inside Pyodide takes about 2 s of the page's main thread. Pyodide can keep
the memory a start leaves (`_makeSnapshot`, then `makeMemorySnapshot()`) and start again
from it (`_loadSnapshot`), which skips that work. This runs the start once, under Node,
from the served runtime (runtime/pyodide/), and writes the memory gzipped (gzip because
every browser can unpack it with DecompressionStream). js/interpreter.mjs decides when the
page uses it (see there); the service worker keeps it for every later visit.

Nothing of the game is in the picture: only Python's own start (Pyodide's packages and the
standard library modules they import). It is rebuilt only when the runtime or this tool
changes (the stamp beside it): two starts never leave quite the same bytes (the `random`
module seeds itself from the system), so a rebuild would change the service worker's
version for nothing. Built, never committed.

Usage: python3 tools/build_image.py [--check] [--force]
  --check  exit 1 if the picture is missing or stale
"""

from __future__ import annotations

import gzip
import hashlib
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNTIME = ROOT / "runtime" / "pyodide"
BUILD = ROOT / "build"
# Standard library modules the page imports that Python's own start does not: micropip's
# (it installs the game's wheel) and the game's. Imported into the picture, they cost
# nothing at start. Only modules that hold nothing of JavaScript can be in a picture.
PRELOADED = ("email", "encodings.cp437", "hashlib", "html.parser", "importlib.metadata",
             "ipaddress", "platform", "statistics", "sysconfig", "tarfile", "urllib.parse")
SOURCES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")

MAKE = """
import { loadPyodide } from %s;
import { writeFileSync } from "node:fs";
const py = await loadPyodide({ _makeSnapshot: true });
py.runPython(%s);
writeFileSync(%s, py.makeMemorySnapshot());
"""


def version() -> str:
    """Pyodide's version, as pyodide.mjs exports it (the npm package's, which
    tools/build_runtime.py copied into runtime/)."""
    package = ROOT / "node_modules" / "pyodide" / "package.json"
    return str(json.loads(package.read_text())["version"])


def image_path(build: Path = BUILD) -> Path:
    """Where the picture is: its name carries the version js/interpreter.mjs asks for."""
    return build / f"pyodide-image-{version()}.gz"


def stamp(runtime: Path = RUNTIME) -> str:
    """A hash of the runtime files the picture comes from, and of this tool."""
    h = hashlib.sha256(Path(__file__).read_bytes())
    for name in SOURCES:
        h.update(name.encode())
        h.update(hashlib.sha256((runtime / name).read_bytes()).digest())
    return h.hexdigest()


def fresh(runtime: Path = RUNTIME, build: Path = BUILD) -> bool:
    """The picture is there and was made from this runtime by this tool."""
    path = image_path(build)
    side = path.with_name(path.name + ".stamp")
    return path.is_file() and side.is_file() and side.read_text().strip() == stamp(runtime)


def make(runtime: Path = RUNTIME, build: Path = BUILD) -> Path:
    """Start Python under Node, keep its memory, write it gzipped; returns the path."""
    if not (runtime / "pyodide.mjs").is_file():
        sys.exit("build_image: runtime/pyodide is missing: run `make runtime` first")
    build.mkdir(parents=True, exist_ok=True)
    path = image_path(build)
    raw = build / "pyodide-image.raw"
    script = MAKE % (json.dumps((runtime / "pyodide.mjs").as_uri()),
                     json.dumps("import " + ", ".join(PRELOADED)), json.dumps(str(raw)))
    done = subprocess.run(["node", "--input-type=module", "-e", script], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)
    if done.returncode != 0 or not raw.is_file():
        sys.exit(f"build_image: starting Pyodide under Node failed:\n{done.stderr}{done.stdout}")
    memory = raw.read_bytes()
    raw.unlink()
    for old in build.glob("pyodide-image-*.gz*"):
        old.unlink()
    with open(path, "wb") as out, gzip.GzipFile(fileobj=out, mode="wb", mtime=0,
                                                 filename="", compresslevel=9) as z:
        z.write(memory)
    path.with_name(path.name + ".stamp").write_text(stamp(runtime) + "\n")
    print(f"{path.relative_to(ROOT)}: {len(memory) / 1e6:.1f} MB of memory, "
          f"{path.stat().st_size / 1e6:.2f} MB gzipped")
    return path


def main(argv: list[str]) -> int:
    if "--check" in argv:
        if fresh():
            return 0
        print("build_image: the picture is missing or stale: run `make build`", file=sys.stderr)
        return 1
    if "--force" in argv or not fresh():
        make()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
