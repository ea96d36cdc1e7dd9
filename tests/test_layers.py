"""Layers with one-way imports: the rules package (standard library only) <- the bots <- the UI.

The package's terminal front end (`python -m cakegame`: `__main__`, `cli`, `terminal`,
`matches`) sits beside the UI, above the bots: it may use the bots, the clock and `sys`, and
the rules never import it.

Read from the source with `ast`, so an import hidden in a function or behind a condition
counts too. The engine must run unchanged in CPython and in Pyodide: it may import nothing
but the standard library and itself, never `js`, `pyodide` or `pyscript` (those exist only in
the browser) nor a package from PyPI.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

import cakegame
import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "py" / "cakegame"
BROWSER_ONLY = {"js", "pyodide", "pyodide_js", "pyscript", "micropip"}
# Sources of randomness, time or the environment: the rules use only their seeded generator
# (its state lives in the game), so the same seed and actions replay identically anywhere.
NONDETERMINISTIC = {"random", "secrets", "uuid", "time", "datetime", "os", "sys", "threading",
                    "asyncio", "socket", "hashlib"}
# The engine's public API for the bots: the package's exports, and these modules' public names.
# `geometry` (the hexagonal lab's shape) is shared so the bots' fast model cannot disagree with
# the engine about where chambers are.
PUBLIC_MODULES = {"actions", "content", "geometry", "rng", "state"}
# The terminal front end: a layer above the bots, like the page's UI.
FRONT_END = {"__main__", "cli", "matches", "terminal"}


def modules() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts)


def bots_modules() -> list[Path]:
    return [p for p in modules() if "bots" in p.relative_to(PACKAGE).parts
            or p.stem == "bots"]


def front_end_modules() -> list[Path]:
    return [p for p in modules() if p.parent == PACKAGE and p.stem in FRONT_END]


def engine_modules() -> list[Path]:
    above = set(bots_modules()) | set(front_end_modules())
    return [p for p in modules() if p not in above]


def package_of(path: Path) -> list[str]:
    """The dotted package a module is in, e.g. ['cakegame', 'bots']."""
    return ["cakegame", *path.relative_to(PACKAGE).parts[:-1]]


def imports(path: Path, package: list[str] | None = None
            ) -> Iterator[tuple[str, tuple[str, ...], int]]:
    """(absolute module name, names imported from it, line) for every import in `path`."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    here = package if package is not None else package_of(path)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, (), node.lineno
        elif isinstance(node, ast.ImportFrom):
            names = tuple(a.name for a in node.names)
            if node.level:
                base = here[:len(here) - (node.level - 1)]
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = node.module or ""
            yield module, names, node.lineno
        elif isinstance(node, ast.Call):
            f = node.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) \
                else ""
            if name in ("__import__", "import_module"):
                arg = node.args[0] if node.args else None
                text = arg.value if isinstance(arg, ast.Constant) else "<computed>"
                yield str(text), (), node.lineno


def where(path: Path, line: int) -> str:
    return f"{path.relative_to(PACKAGE.parent.parent)}:{line}"


def test_the_package_has_modules_and_bots() -> None:
    names = {p.stem for p in engine_modules()}
    assert {"__init__", "state", "rules", "actions", "serial", "content"} <= names
    assert bots_modules(), "no bots module found in py/cakegame"
    assert {p.stem for p in front_end_modules()} == FRONT_END


def test_the_rules_package_imports_only_the_standard_library_and_itself() -> None:
    stdlib = set(sys.stdlib_module_names) | {"__future__"}
    problems = []
    for path in modules():
        for module, _, line in imports(path):
            top = module.split(".")[0]
            if top in BROWSER_ONLY:
                problems.append(f"{where(path, line)}: imports {module} (browser only)")
            elif top != "cakegame" and top not in stdlib:
                problems.append(f"{where(path, line)}: imports {module} (not standard library)")
    assert not problems, "\n".join(problems)


def test_the_rules_never_import_the_bots_or_randomness() -> None:
    problems = []
    for path in engine_modules():
        for module, names, line in imports(path):
            parts = module.split(".")
            if parts[:2] == ["cakegame", "bots"] or (module == "cakegame" and "bots" in names):
                problems.append(f"{where(path, line)}: the rules import the bots ({module})")
            if (len(parts) > 1 and parts[0] == "cakegame" and parts[1] in FRONT_END) or (
                    module == "cakegame" and FRONT_END & set(names)):
                problems.append(f"{where(path, line)}: the rules import the front end ({module})")
            if parts[0] in NONDETERMINISTIC:
                problems.append(f"{where(path, line)}: the rules import {module}")
    assert not problems, "\n".join(problems)


def test_the_bots_use_only_the_engines_public_api() -> None:
    public_top = set(cakegame.__all__)
    problems = []
    for path in bots_modules():
        for module, names, line in imports(path):
            parts = module.split(".")
            if parts[0] != "cakegame" or parts[:2] == ["cakegame", "bots"]:
                continue  # the standard library (checked above) or the bots themselves
            at = where(path, line)
            if module == "cakegame":
                hidden = [n for n in names if n not in public_top and n != "bots"]
                if hidden:
                    problems.append(f"{at}: imports {hidden} from cakegame (not exported)")
            elif len(parts) == 2 and parts[1] in PUBLIC_MODULES:
                private = [n for n in names if n.startswith("_")]
                if private:
                    problems.append(f"{at}: imports private {private} from {module}")
                if parts[1] == "state":
                    inner = [n for n in names if n not in public_top]
                    if inner:
                        problems.append(f"{at}: imports {inner} from {module} (not exported)")
            else:
                problems.append(f"{at}: imports {module}, which is not the public API")
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            # a View's or State's private data (`._d`) is the engine's business
            if isinstance(node, ast.Attribute) and node.attr == "_d":
                problems.append(f"{where(path, node.lineno)}: reads the private ._d")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("source,expected", [
    ("import js\n", "js"),
    ("from pyodide.ffi import create_proxy\n", "pyodide.ffi"),
    ("def f():\n    import pyscript\n", "pyscript"),
    ("if False:\n    from numpy import array\n", "numpy"),
    ("import importlib\nimportlib.import_module('requests')\n", "requests"),
    ("__import__('js')\n", "js"),
    ("from ..rules import options\n", "cakegame.rules"),
])
def test_the_import_reader_sees_every_kind_of_import(tmp_path, source, expected) -> None:
    """The checks above are only as good as this reader: it finds nested, conditional,
    dynamic and relative imports."""
    path = tmp_path / "probe.py"
    path.write_text(source)
    assert expected in [m for m, _, _ in imports(path, package=["cakegame", "bots"])]
