"""Python started from a picture of its memory (js/interpreter.mjs, tools/build_image.py).

The picture makes a start quicker when its bytes are near (the service worker holds it, or
the site is on this machine); it must never stop a start: a missing or damaged picture, or
one far away over a slow link, leaves Python to start from scratch as before.
"""

from __future__ import annotations

import gzip
import random
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playhelp import click_random, saved_game  # noqa: E402

from tools import build_image, gen_config, sitefiles  # noqa: E402

START = "document.documentElement.dataset.pythonStart"


def _image() -> Path:
    return build_image.image_path()


def _near_ms() -> float:
    """js/interpreter.mjs's NEAR_MS: a page that arrived within it is on this machine."""
    module = (ROOT / "js" / "interpreter.mjs").read_text()
    return float(re.search(r"const NEAR_MS = (\d+);", module).group(1))


# ---- the build ------------------------------------------------------------------------------

def test_the_picture_is_built_fresh_and_deployed():
    image = _image()
    assert image.is_file() and build_image.fresh(), "run `make build`"
    # It is Pyodide's whole memory, gzipped: some tens of MB unpacked.
    with gzip.open(image) as unpacked:
        size = len(unpacked.read())
    assert size > 8_000_000
    rel = image.relative_to(ROOT).as_posix()
    assert rel in sitefiles.site_files()
    assert rel in sitefiles.precache_files()  # so every later visit has it near


def test_the_picture_is_stale_when_the_runtime_changes(tmp_path):
    runtime = tmp_path / "runtime"
    runtime.mkdir()
    for name in build_image.SOURCES:
        (runtime / name).write_bytes(b"x")
    build = tmp_path / "build"
    assert not build_image.fresh(runtime, build)  # no picture yet
    build.mkdir()
    picture = build_image.image_path(build)
    picture.write_bytes(b"picture")
    picture.with_name(picture.name + ".stamp").write_text(build_image.stamp(runtime) + "\n")
    assert build_image.fresh(runtime, build)
    (runtime / "pyodide.asm.wasm").write_bytes(b"y")
    assert not build_image.fresh(runtime, build)


def test_pyscript_starts_python_through_the_picture_module():
    assert 'interpreter = "./js/interpreter.mjs"' in gen_config.render()
    module = (ROOT / "js" / "interpreter.mjs").read_text()
    # The picture's name carries the runtime's version, so a picture never meets another
    # runtime.
    assert "pyodide-image-${version}.gz" in module
    assert _image().name == f"pyodide-image-{build_image.version()}.gz"


# ---- the page -------------------------------------------------------------------------------

GAME = "index.html?players=2&seed=42&pass=0"


def _plays(watch) -> None:
    """The game is live and takes clicks, as after any start."""
    rng = random.Random(7)
    before = saved_game(watch.page)
    done = [click_random(watch.page, rng) for _ in range(4)]
    assert all(done), done
    assert saved_game(watch.page) != before


PAGE_TIME = """() => { const n = performance.getEntriesByType('navigation')[0];
                      return n.responseEnd - n.requestStart; }"""


def test_a_site_on_this_machine_starts_from_the_picture(page_watch):
    page_watch.goto(GAME)
    # The page decides by how quickly it arrived itself; a machine loaded enough to take
    # NEAR_MS over a page on loopback starts from scratch, and that is all.
    near = page_watch.evaluate(PAGE_TIME) < _near_ms()
    assert page_watch.evaluate(START) == ("image" if near else "scratch")
    page_watch.assert_clean()


def test_the_page_started_from_the_picture_plays(page_watch):
    page_watch.goto(GAME + "&image=on")
    assert page_watch.evaluate(START) == "image"
    urls = page_watch.requests
    assert any(u.endswith("/" + _image().relative_to(ROOT).as_posix()) for u in urls)
    assert page_watch.evaluate("window.cakeBoot.readyBy") == "game"
    _plays(page_watch)
    page_watch.assert_clean()


def test_image_off_starts_from_scratch(page_watch):
    page_watch.goto(GAME + "&image=off")
    assert page_watch.evaluate(START) == "scratch"
    assert not any("pyodide-image" in u for u in page_watch.requests)
    page_watch.assert_clean()


def test_a_picture_the_host_unpacks_on_the_way_is_taken_as_it_comes(page_watch, overrides):
    # A host may serve the .gz with Content-Encoding: gzip, and the browser then hands the
    # page the memory itself: the page looks at the first bytes, not at the name.
    with gzip.open(_image()) as unpacked:
        overrides.override("/" + _image().relative_to(ROOT).as_posix(), unpacked.read())
    page_watch.goto(GAME + "&image=on")
    assert page_watch.evaluate(START) == "image"
    _plays(page_watch)
    page_watch.assert_clean()


@pytest.mark.parametrize("status, body", [
    (200, b"not a picture at all"),
    (200, gzip.compress(b"\0" * 4096)),
    (404, b""),
], ids=["not-gzip", "wrong-memory", "missing"])
def test_a_damaged_or_missing_picture_starts_from_scratch(page_watch, overrides, status, body):
    overrides.override("/" + _image().relative_to(ROOT).as_posix(), body, status=status)
    page_watch.goto(GAME + "&image=on")
    assert page_watch.evaluate(START) == "scratch-after-image"
    assert page_watch.evaluate("document.documentElement.dataset.boot") == "ready"
    # Said in the console for a developer, not as an error, and the game is whole.
    assert any("from scratch" in text for kind, text in page_watch.console if kind == "warning")
    # (A missing file is logged by the browser itself, as any 404 is.)
    errors = [e for e in page_watch.console_errors
              if not (status == 404 and e.startswith("Failed to load resource"))]
    assert not page_watch.page_errors and not errors, page_watch.report()
    _plays(page_watch)


@pytest.mark.own_context
def test_a_site_far_away_starts_from_scratch(page_watch):
    # A first visit over the internet: the picture's 7 MB would cost more than they save,
    # so the page does not even ask for it (the service worker brings it for next time).
    cdp = page_watch.page.context.new_cdp_session(page_watch.page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": 40, "downloadThroughput": -1, "uploadThroughput": -1})
    page_watch.goto(GAME)
    assert page_watch.evaluate(START) == "scratch"
    assert not any("pyodide-image" in u for u in page_watch.requests)
    page_watch.assert_clean()
