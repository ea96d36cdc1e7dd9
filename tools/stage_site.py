#!/usr/bin/env python3
"""Copy the deployable site into a folder (default _site/), for GitHub Pages.

Only the files tools/sitefiles.py lists: pages, pyscript.toml, manifest, sw.js and the
generated sw-precache.js, css/, js/, assets/, py/, runtime/, docs pages. Run after
`make build`. Usage: python3 tools/stage_site.py [DEST]
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from sitefiles import ROOT, site_files  # noqa: E402


def main(argv: list[str]) -> int:
    dest = Path(argv[0] if argv else "_site").resolve()
    if dest == ROOT or dest in ROOT.parents:
        sys.exit("stage_site: refusing to replace the repository or a folder above it")
    files = site_files()
    for needed in ("index.html", "sw-precache.js", "runtime/pyodide/pyodide.asm.wasm"):
        if needed not in files:
            sys.exit(f"stage_site: {needed} is missing: run `make build` first")
    if dest.exists():
        shutil.rmtree(dest)
    for name in files:
        target = dest / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, target)
    # GitHub Pages: serve files as they are (no Jekyll processing of folders or names).
    (dest / ".nojekyll").write_text("")
    size = sum((ROOT / f).stat().st_size for f in files)
    print(f"staged {len(files)} files ({size / 1e6:.1f} MB) in {dest}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
