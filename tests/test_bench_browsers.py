"""bench/browsers.py still runs (one quick pass in Chromium; the other engines work alike)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_bench_measures_both_pages_in_one_engine(tmp_path, browser_type_launch_args):
    out = tmp_path / "browsers.json"
    proc = subprocess.run(
        [sys.executable, "bench/page.py", "--engines", "chromium", "--runs", "1",
         "--json", str(out)], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "| chromium |" in proc.stdout and "game/hello" in proc.stdout
    chromium = json.loads(out.read_text())["results"]["chromium"]
    assert len(chromium["hello"]) == 1 and len(chromium["game"]) == 1
    assert chromium["hello"][0] > 0 and chromium["game"][0] > 0
    assert chromium["version"]
