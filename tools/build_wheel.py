#!/usr/bin/env python3
"""Build the `cakegame` wheel (pyproject.toml, setuptools) and the page's copy of it.

    build/dist/cakegame-<version>-py3-none-any.whl    the wheel as pip builds it: what
                                                       `pip install .` installs (CPython 3.11+)
    build/cakegame-<version>-py3-none-any.whl          the same wheel plus the bytecode of the
                                                       page's Python: what the page installs
                                                       through micropip (pyscript.toml)

The standard build runs `pip wheel` on a copy of pyproject.toml and py/cakegame/ in a
temporary folder, so setuptools leaves nothing (build/lib, *.egg-info) in the tree; pip
fetches setuptools from PyPI into an isolated build environment (cached after the first
time).

The page's copy adds, beside each module, `__pycache__/<module>.cpython-314.pyc` compiled by
the page's own Python (Pyodide under Node, tests/pyodide/run.mjs) as "checked-hash" bytecode
(PEP 552): Python hashes the source next to it at import and ignores bytecode that does not
match, so only the shipped source ever runs, and imports in the page skip compiling (as
build/py.zip does for the page's UI). The wheel's RECORD lists the added files with their
hashes, so micropip installs them like any others. Other Pythons ignore a cpython-314 cache.

Both are rebuilt only when pyproject.toml, py/cakegame/ or this script changed: the page's
wheel carries a hash of them as its zip comment. Built, never committed.

Usage: python3 tools/build_wheel.py [--check] [--force] [--plain-only]
"""

from __future__ import annotations

import base64
import csv
import hashlib
import io
import os
import shutil
import subprocess
import sys
import tempfile
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNNER = ROOT / "tests" / "pyodide" / "run.mjs"
PACKAGE = "cakegame"
CACHE_TAG = "cpython-314"  # Pyodide 314's sys.implementation.cache_tag (checked at build)

# Inside Pyodide: compile every module given (copied into the working directory) and print
# a zip in base64 of the bytecode files, and of the sources too when asked. Shared with
# tools/build_pybundle.py. Arguments: the cache tag Pyodide must have, where the bytecode
# goes ("cache": __pycache__/<module>.<tag>.pyc, as a wheel installs it; "beside":
# <module>.pyc next to the source, where zipimport looks), the directory the page's Python
# will import the modules from (for tracebacks), "sources" or "bytecode", then the modules.
COMPILE = r"""
import base64, io, py_compile, sys, zipfile
from importlib.util import cache_from_source
tag, where, home, what, *names = sys.argv[1:]
assert sys.implementation.cache_tag == tag, (sys.implementation.cache_tag, tag)
out = io.BytesIO()
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
    for name in names:
        pyc = cache_from_source(name) if where == "cache" else name + "c"
        py_compile.compile(name, cfile=pyc, dfile=home + name, doraise=True,
                           invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH)
        for path in ((name, pyc) if what == "sources" else (pyc,)):
            info = zipfile.ZipInfo(path, date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            with open(path, "rb") as fh:
                z.writestr(info, fh.read())
print(base64.b64encode(out.getvalue()).decode())
"""


def version(root: Path = ROOT) -> str:
    return tomllib.loads((root / "pyproject.toml").read_text())["project"]["version"]


def wheel_name(root: Path = ROOT) -> str:
    return f"{PACKAGE}-{version(root)}-py3-none-any.whl"


def page_wheel(root: Path = ROOT) -> Path:
    """Where the page's wheel is built (pyscript.toml and index.html name it)."""
    return root / "build" / wheel_name(root)


def plain_wheel(root: Path = ROOT) -> Path:
    return root / "build" / "dist" / wheel_name(root)


def sources(root: Path = ROOT) -> list[Path]:
    """The package's source files (no caches), sorted."""
    base = root / "py" / PACKAGE
    return sorted(p for p in base.rglob("*.py") if "__pycache__" not in p.parts)


def source_hash(root: Path = ROOT) -> str:
    h = hashlib.sha256(Path(__file__).read_bytes())
    h.update((root / "pyproject.toml").read_bytes())
    for p in sources(root):
        h.update(p.relative_to(root).as_posix().encode() + b"\0" + p.read_bytes() + b"\0")
    return h.hexdigest()[:32]


def source_stamp(data: bytes) -> str:
    """The stamp of a wheel made from `data` by this script (for wheels built elsewhere)."""
    h = hashlib.sha256(Path(__file__).read_bytes())
    h.update(data)
    return h.hexdigest()[:32]


def is_fresh(root: Path = ROOT) -> bool:
    return plain_wheel(root).is_file() and zip_stamp(page_wheel(root)) == source_hash(root)


def build_plain(dest: Path, root: Path = ROOT) -> Path:
    """`pip wheel` on a clean copy of the package; returns the wheel's path in `dest`."""
    dest.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="cakegame-src-") as tmp:
        src = Path(tmp)
        shutil.copy2(root / "pyproject.toml", src / "pyproject.toml")
        for p in sources(root):
            target = src / p.relative_to(root)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(p, target)
        done = subprocess.run(
            [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet",
             "--disable-pip-version-check", "--wheel-dir", str(dest), str(src)],
            capture_output=True, text=True, timeout=600)
        if done.returncode != 0:
            sys.exit(f"build_wheel: pip wheel failed:\n{done.stderr}{done.stdout}")
    path = dest / wheel_name(root)
    if not path.is_file():
        sys.exit(f"build_wheel: pip wheel did not write {path.name}")
    return path


def _record_line(name: str, data: bytes) -> list[str]:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return [name, f"sha256={digest}", str(len(data))]


def run_in_pyodide(script: str, args: list[str], who: str, root: Path = ROOT,
                   node_args: tuple[str, ...] = ()) -> bytes:
    """Run `script` (which prints a zip in base64 as its last line) in the page's Python,
    Pyodide under Node (tests/pyodide/run.mjs); returns the zip's bytes. Exits with `who`
    named on failure. Shared with tools/build_pybundle.py."""
    if not (root / "node_modules" / "pyodide" / "pyodide.mjs").is_file():
        sys.exit(f"{who}: node_modules/pyodide is missing: run `npm ci` (make runtime)")
    # Without column positions (PEP 657) the bytecode is a quarter smaller over the wire and
    # to unmarshal; tracebacks keep their files and lines, without the ^^^ under the column.
    done = subprocess.run(["node", str(RUNNER), "--env", "PYTHONNODEBUGRANGES=1", *node_args,
                           "-c", script, *args], cwd=root,
                          capture_output=True, text=True, timeout=600)
    if done.returncode != 0:
        sys.exit(f"{who}: compiling in Pyodide failed:\n{done.stderr}{done.stdout}")
    return base64.b64decode(done.stdout.strip().splitlines()[-1])


def zip_stamp(path: Path) -> str | None:
    """The comment (freshness stamp) of the zip at `path`; None if missing or unreadable."""
    if not path.is_file():
        return None
    try:
        with zipfile.ZipFile(path) as z:
            return z.comment.decode()
    except (zipfile.BadZipFile, UnicodeDecodeError):
        return None


def compile_in_pyodide(modules: dict[str, bytes], root: Path = ROOT) -> dict[str, bytes]:
    """{'cakegame/state.py': source} -> {'cakegame/__pycache__/state.cpython-314.pyc': ...}."""
    with tempfile.TemporaryDirectory(prefix="cakegame-pyc-") as tmp:
        for name, data in modules.items():
            (Path(tmp) / name).parent.mkdir(parents=True, exist_ok=True)
            (Path(tmp) / name).write_bytes(data)
        data = run_in_pyodide(COMPILE, [CACHE_TAG, "cache", "/lib/python3.14/site-packages/",
                                        "bytecode", *modules], "build_wheel", root,
                              ("--no-default-copy", "--copy", f"{tmp}=."))
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        return {n: z.read(n) for n in z.namelist()}


def with_bytecode(plain: Path, out: Path, stamp: str, root: Path = ROOT) -> Path:
    """Copy the wheel `plain` to `out` with Pyodide bytecode added and RECORD rewritten."""
    with zipfile.ZipFile(plain) as z:
        infos = z.infolist()
        files = {i.filename: z.read(i.filename) for i in infos}
    record_name = next(n for n in files if n.endswith(".dist-info/RECORD"))
    modules = {n: d for n, d in files.items() if n.endswith(".py")}
    compiled = compile_in_pyodide(modules, root)
    rows = [r for r in csv.reader(io.StringIO(files[record_name].decode())) if r]
    rows = [r for r in rows if r[0] != record_name]
    rows += [_record_line(n, d) for n, d in sorted(compiled.items())]
    rows.append([record_name, "", ""])
    record = io.StringIO()
    csv.writer(record, lineterminator="\n").writerows(rows)
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for info in infos:
            if info.filename != record_name:
                z.writestr(info, files[info.filename])
        for name, data in sorted(compiled.items()):
            z.writestr(zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0)), data,
                       compress_type=zipfile.ZIP_DEFLATED)
        z.writestr(zipfile.ZipInfo(record_name, date_time=(2020, 1, 1, 0, 0, 0)),
                   record.getvalue(), compress_type=zipfile.ZIP_DEFLATED)
        z.comment = stamp.encode()
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_suffix(f".{os.getpid()}.tmp")  # two test workers may build at once
    tmp.write_bytes(buf.getvalue())
    tmp.replace(out)
    return out


def build(root: Path = ROOT) -> Path:
    """Build both wheels; returns the page's."""
    plain = build_plain(root / "build" / "dist", root)
    return with_bytecode(plain, page_wheel(root), source_hash(root), root)


def ensure(root: Path = ROOT) -> bool:
    """Build the wheels if missing or stale; True if they were (re)built."""
    if is_fresh(root):
        return False
    build(root)
    return True


def main(argv: list[str]) -> int:
    if "--check" in argv:
        if not is_fresh():
            print(f"build/{wheel_name()} is missing or older than py/cakegame: run `make build`")
            return 1
        return 0
    if "--plain-only" in argv:
        print(build_plain(ROOT / "build" / "dist"))
        return 0
    if "--force" in argv or not is_fresh():
        path = build()
        print(f"build/{path.name}: {len(sources())} modules with bytecode, "
              f"{path.stat().st_size / 1e3:.0f} kB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
