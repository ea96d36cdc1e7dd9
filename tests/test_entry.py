"""py/main.py, the page's entry point, run by CPython: its importer for py.zip.

zipimport reads, inflates and unmarshals a module's code once to name its file and again
to run it; py/main.py's `Bundle` names the file without reading it. Checked here on a small
archive built like py.zip (each module's bytecode beside its source), with zipimport's
reads counted.
"""

from __future__ import annotations

import json
import py_compile
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAIN = ROOT / "py" / "main.py"

# Run in a fresh interpreter with the archive's folder as the working directory (where
# py/main.py expects py.zip). A stand-in `pyscript` lets main.py import; its main() does
# not run, as the script is not run as __main__.
PROBE = r"""
import json, runpy, sys, types, zipimport
sys.modules["pyscript"] = types.SimpleNamespace(window=None)
entry = runpy.run_path(sys.argv[1], run_name="entry")
reads = []
read = zipimport._get_data
def counted(archive, toc_entry):
    reads.append(toc_entry[0].rpartition("py.zip/")[2])
    return read(archive, toc_entry)
zipimport._get_data = counted
if sys.argv[2] == "bundle":
    sys.path_hooks.insert(0, entry["bundle_hook"])
sys.path.insert(0, entry["BUNDLE"])
import pkg.mod
print(json.dumps({"reads": reads, "file": pkg.mod.__file__, "package": pkg.__file__,
                  "loader": type(pkg.mod.__loader__).__name__, "answer": pkg.mod.ANSWER}))
"""


def _archive(folder: Path) -> Path:
    sources = {"pkg/__init__.py": "", "pkg/mod.py": "ANSWER = 42\n"}
    path = folder / "py.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, text in sources.items():
            src = folder / name
            src.parent.mkdir(exist_ok=True)
            src.write_text(text)
            py_compile.compile(str(src), cfile=str(src) + "c", dfile=name, doraise=True,
                               invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
            z.write(src, name)
            z.write(str(src) + "c", name + "c")
    return path


def _probe(folder: Path, how: str) -> dict:
    done = subprocess.run([sys.executable, "-c", PROBE, str(MAIN), how], cwd=folder,
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def test_bundle_reads_each_module_once_and_names_it_as_zipimport_does(tmp_path):
    archive = _archive(tmp_path)
    plain = _probe(tmp_path, "plain")
    bundle = _probe(tmp_path, "bundle")
    assert bundle["loader"] == "Bundle" and plain["loader"] == "zipimporter"
    assert bundle["answer"] == plain["answer"] == 42
    # zipimport alone reads each module's bytecode twice; the Bundle once.
    assert sorted(plain["reads"]) == ["pkg/__init__.pyc"] * 2 + ["pkg/mod.pyc"] * 2
    assert sorted(bundle["reads"]) == ["pkg/__init__.pyc", "pkg/mod.pyc"]
    # The same file names (tracebacks and __file__ point into the archive).
    assert bundle["file"] == plain["file"] == str(archive / "pkg" / "mod.pyc")
    assert bundle["package"] == plain["package"] == str(archive / "pkg" / "__init__.pyc")
