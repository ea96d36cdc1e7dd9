#!/usr/bin/env python3
"""Render assets/icon.svg to the PNG icons of the web app manifest, in headless Chromium.

Run by hand after changing the SVG (the PNGs are committed):
    python3 tools/make_icons.py
The maskable icon puts the artwork inside the 80% safe zone on a full-bleed background.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from browser import launch  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets"
BACKGROUND = "#16222e"

PAGE = """<!doctype html><html><head><style>
html, body {{ margin: 0; background: {bg}; }}
img {{ display: block; width: {inner}px; height: {inner}px; margin: {pad}px; }}
</style></head><body><img src="data:image/svg+xml;base64,{svg}"></body></html>"""


def render(page, svg_b64: str, size: int, out: Path, *, safe_zone: float = 1.0,
           transparent: bool = True) -> None:
    inner = round(size * safe_zone)
    pad = (size - inner) // 2
    bg = "transparent" if transparent else BACKGROUND
    page.set_viewport_size({"width": size, "height": size})
    page.set_content(PAGE.format(bg=bg, inner=inner, pad=pad, svg=svg_b64))
    page.wait_for_function("document.images[0].complete")
    page.screenshot(path=str(out), omit_background=transparent,
                    clip={"x": 0, "y": 0, "width": size, "height": size})
    print(f"wrote {out.relative_to(ROOT)}")


def main() -> int:
    import base64

    from playwright.sync_api import sync_playwright

    svg_b64 = base64.b64encode((ASSETS / "icon.svg").read_bytes()).decode()
    with sync_playwright() as p:
        browser = launch(p)
        page = browser.new_page()
        render(page, svg_b64, 192, ASSETS / "icon-192.png")
        render(page, svg_b64, 512, ASSETS / "icon-512.png")
        render(page, svg_b64, 512, ASSETS / "icon-maskable-512.png", safe_zone=0.8,
               transparent=False)
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
