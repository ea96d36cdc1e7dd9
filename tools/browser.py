"""How we start Debian's Chromium under Playwright (tests, benchmarks, icon rendering).

Never `playwright install`: it downloads browsers, which fails here. The background
networking flags keep Chromium from calling home on a closed network.
"""

from __future__ import annotations

import os

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def launch_args(headless: bool = True) -> dict:
    """Keyword arguments for playwright's browser_type.launch()."""
    return {"executable_path": CHROMIUM, "args": list(CHROMIUM_ARGS), "headless": headless}


def launch(playwright, headless: bool = True):
    return playwright.chromium.launch(**launch_args(headless))
