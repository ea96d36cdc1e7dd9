#!/usr/bin/env python3
"""Write build/py.zip: the page's Python in one file, with bytecode compiled in advance.

The page used to fetch each of its ~25 modules on its own, only once Pyodide was running,
and then compile every one of them (about three quarters of the import time in Pyodide).
Now pyscript.toml writes this one archive into Pyodide's working directory as py.zip,
py/main.py puts it on sys.path (zipimport: nothing to unpack), and index.html asks for it
with `<link rel="preload">` while the interpreter downloads, so it is there when Python
starts and the imports only load bytecode.

The archive holds every .py under py/ but py/main.py (the page's own <script src>) and the
engine py/cakegame/ (which the page installs as a wheel, tools/build_wheel.py), at its path
without py/ (ui/app.py), and beside each its bytecode (state.pyc:
where zipimport looks), compiled by the page's own Python (Pyodide under Node, from
node_modules/: bytecode is specific to a Python version). The bytecode is "checked-hash"
(PEP 552): on import Python hashes the .py beside it and ignores bytecode that does not
match, so it can never run code other than the source that ships with it.

The archive's comment is a hash of the sources: `make build` (and the tests' and the
benchmark's site) rebuild it only when py/ changed. Built, never committed.

Usage: python3 tools/build_pybundle.py [--check] [--force]
  --check  exit 1 if build/py.zip is missing or older than py/
"""

from __future__ import annotations

import hashlib
import io
import os
import sys
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # tools/: sitefiles, build_wheel
import build_wheel  # noqa: E402
from build_wheel import CACHE_TAG, COMPILE, run_in_pyodide, zip_stamp  # noqa: E402
from sitefiles import BUNDLE, ROOT, files_table  # noqa: E402


def modules(root: Path = ROOT) -> list[str]:
    """The modules' paths inside the archive (and in Pyodide), e.g. 'cakegame/state.py'."""
    return [dest[2:] for _, dest in files_table(root)]


def source_hash(root: Path = ROOT) -> str:
    """A hash of every module's name and contents (and of this builder)."""
    h = hashlib.sha256(Path(__file__).read_bytes())
    h.update(Path(build_wheel.__file__).read_bytes())  # run_in_pyodide, zip_stamp
    for url, dest in files_table(root):
        h.update(dest.encode() + b"\0" + (root / url).read_bytes() + b"\0")
    return h.hexdigest()[:32]


def is_fresh(root: Path = ROOT) -> bool:
    return zip_stamp(root / BUNDLE) == source_hash(root)


def build(root: Path = ROOT) -> Path:
    """Compile py/ in Pyodide and write the archive; returns its path."""
    names = modules(root)
    # run.mjs copies py/ into Pyodide's working directory, as the page has it; each module's
    # bytecode goes beside its source in the archive, where zipimport looks for it.
    data = run_in_pyodide(COMPILE, [CACHE_TAG, "beside", "/home/pyodide/", "sources", *names],
                          "build_pybundle", root)
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        inside = set(z.namelist())
        missing = [n for n in names if n not in inside]
        if missing:
            sys.exit(f"build_pybundle: the archive lacks {missing}")
    # Rewrite with the sources' hash as the archive comment (the freshness stamp).
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            dst.writestr(info, src.read(info.filename))
        dst.comment = source_hash(root).encode()
    path = root / BUNDLE
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(f".{os.getpid()}.tmp")  # two test workers may build at once
    tmp.write_bytes(out.getvalue())
    tmp.replace(path)
    return path


def ensure(root: Path = ROOT) -> bool:
    """Build the page's Python if missing or stale: this archive and the engine's wheel
    (tools/build_wheel.py), which the page installs beside it. True if either was built."""
    built = build_wheel.ensure(root)
    if is_fresh(root):
        return built
    build(root)
    return True


def main(argv: list[str]) -> int:
    if "--check" in argv:
        if not is_fresh():
            print(f"{BUNDLE} is missing or older than py/: run `make build`")
            return 1
        return 0
    if "--force" in argv or not is_fresh():
        path = build()
        print(f"{BUNDLE}: {len(modules())} modules with bytecode, "
              f"{path.stat().st_size / 1e3:.0f} kB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
