"""One place that knows which files make up the site.

Used by gen_config.py (the [files] table of pyscript.toml), gen_precache.py (the
service worker's precache list and version), stage_site.py (the GitHub Pages artifact)
and the tests. Standard library only; paths are POSIX, relative to the repository root.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Python sources under py/ that reach the page through pyscript.toml's [files].
PY_DIR = "py"
PY_SUFFIXES = (".py",)
# The page loads this one itself (<script type="py" src=...>): it is not copied into
# Pyodide's file system a second time.
MAIN_SCRIPT = "py/main.py"

# The page's Python in one archive with its bytecode (tools/build_pybundle.py, built and
# git-ignored like runtime/): pyscript.toml unpacks it, index.html preloads it.
BUNDLE = "build/py.zip"
# The rules engine is not in that archive: it reaches the page as a wheel, installed by
# micropip (pyscript.toml's packages; tools/build_wheel.py builds it from pyproject.toml).
PACKAGE_DIR = "py/cakegame/"
WHEEL_DIR = "build"
# Pyodide's memory once Python has started (tools/build_image.py, built and git-ignored):
# js/interpreter.mjs starts from it when it is near (a return visit, or a site on this
# machine).
IMAGE_GLOB = "pyodide-image-*.gz"
# micropip itself, from PyPI at set-up (tools/build_runtime.py), served beside Pyodide.
MICROPIP_VERSION = "0.11.1"
MICROPIP_WHEEL = f"runtime/pyodide/micropip-{MICROPIP_VERSION}-py3-none-any.whl"

# Top-level files of the site (those that exist are deployed and precached), besides
# every top-level *.html page.
TOP_FILES = (
    "pyscript.toml",
    "manifest.webmanifest",
    "sw.js",
    "sw-precache.js",
)
# Folders whose every file is deployed and precached (runtime/ is built from node_modules).
SITE_DIRS = ("css", "js", "assets", "runtime")
# Documentation deployed with the site; all but the Markdown sources are precached.
DOC_GLOBS = ("docs/*.html", "docs/*.md", "docs/*.png", "docs/*.svg")

IGNORED_PARTS = {"__pycache__", ".DS_Store"}


def _ok(path: Path) -> bool:
    return path.is_file() and not (IGNORED_PARTS & set(path.parts)) and not path.name.endswith(
        (".map", ".pyc")
    )


def rel(path: Path, root: Path = ROOT) -> str:
    return path.relative_to(root).as_posix()


def python_files(root: Path = ROOT) -> list[str]:
    """Every Python source under py/ (sorted), e.g. 'py/cakegame/state.py'."""
    base = root / PY_DIR
    if not base.is_dir():
        return []
    return sorted(
        rel(p, root) for p in base.rglob("*") if _ok(p) and p.suffix in PY_SUFFIXES
    )


def files_table(root: Path = ROOT) -> list[tuple[str, str]]:
    """(url, destination) pairs for pyscript.toml: ./py/a/b.py -> ./a/b.py.

    Destinations are relative to Pyodide's working directory (/home/pyodide), which is on
    sys.path, so `import ui.board` works in the page. The engine (py/cakegame/) is left out:
    the page installs it as a wheel.
    """
    out = []
    for path in python_files(root):
        if path == MAIN_SCRIPT or path.startswith(PACKAGE_DIR):
            continue
        out.append((f"./{path}", "./" + path[len(PY_DIR) + 1 :]))
    return out


def site_files(root: Path = ROOT, *, include_docs: bool = True) -> list[str]:
    """Every file of the deployed site, sorted, relative to the root."""
    found: set[str] = set()
    for name in (*TOP_FILES, BUNDLE):
        if (root / name).is_file():
            found.add(name)
    found.update(rel(p, root) for p in (root / WHEEL_DIR).glob("cakegame-*.whl") if _ok(p))
    found.update(rel(p, root) for p in (root / WHEEL_DIR).glob(IMAGE_GLOB) if _ok(p))
    found.update(rel(p, root) for p in root.glob("*.html") if _ok(p))
    for d in SITE_DIRS:
        base = root / d
        if base.is_dir():
            found.update(rel(p, root) for p in base.rglob("*") if _ok(p))
    found.update(python_files(root))
    if include_docs:
        for pattern in DOC_GLOBS:
            found.update(rel(p, root) for p in root.glob(pattern) if _ok(p))
    return sorted(found)


def precache_files(root: Path = ROOT) -> list[str]:
    """Files the service worker stores at install: the site but itself and Markdown."""
    skip = {"sw.js", "sw-precache.js"}
    return [f for f in site_files(root) if f not in skip and not f.endswith(".md")]


def content_version(files: list[str], root: Path = ROOT, extra: bytes = b"") -> str:
    """A short hash of the names and contents of `files` (plus `extra`)."""
    h = hashlib.sha256(extra)
    for name in files:
        h.update(name.encode() + b"\0")
        with open(root / name, "rb") as fh:
            h.update(hashlib.file_digest(fh, "sha256").digest())
    return h.hexdigest()[:16]
