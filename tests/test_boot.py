"""The page starts Python from the local runtime, shows its progress and its failures."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import PageWatch

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.build_wheel import wheel_name  # noqa: E402
from tools.siteserver import SiteServer  # noqa: E402


def _precached() -> set[str]:
    text = (ROOT / "sw-precache.js").read_text()
    return set(json.loads(text[text.index("{"): text.rindex("}") + 1])["files"])


def _preloads() -> list[str]:
    """The site-relative URLs that index.html's preload templates name."""
    head = (ROOT / "index.html").read_text().split("</head>")[0]
    templates = "".join(re.findall(r"<template.*?</template>", head, flags=re.S))
    return [href[2:] for href in re.findall(r'<link rel="(?:module)?preload" href="([^"]+)"',
                                             templates)]


def _head_module_preloads() -> list[str]:
    """The modules index.html's head itself preloads (outside the templates)."""
    head = (ROOT / "index.html").read_text().split("</head>")[0]
    outside = re.sub(r"<template.*?</template>", "", head, flags=re.S)
    return [href[2:] for href in re.findall(r'<link rel="modulepreload" href="([^"]+)"', outside)]


def test_page_loads_from_local_server_with_no_outside_request(game_page, site_url, artifacts):
    # game_page's teardown fails the test on a console error or a request leaving the site.
    assert game_page.is_hidden("#boot")
    stages = game_page.boot_stages()
    for a, b in zip(["Loading the page", "Starting Python", "Downloading Python",
                     "Python is running", "Starting the game", "Ready"],
                    ["Starting Python", "Downloading Python", "Python is running",
                     "Starting the game", "Ready", None]):
        assert a in stages, stages
        if b:
            assert stages.index(a) < stages.index(b), stages
    assert game_page.evaluate("document.getElementById('boot-progress').value") == 100
    # The game said so itself once its first board was live (py/main.py), rather than the
    # page waiting for the runtime's py:done after the script.
    assert game_page.evaluate("window.cakeBoot.readyBy") == "game"
    urls = [u for u in game_page.requests if u.startswith(site_url)]
    assert any(u.endswith("/runtime/pyodide/pyodide.asm.wasm") for u in urls)
    # Everything the page fetched while starting is in the service worker's precache,
    # so the same start works offline.
    precached = _precached()
    for url in urls:
        rel = "./" + url[len(site_url):].split("?")[0]
        assert rel in precached or rel == "./", f"{rel} is fetched but not precached"
    # The preloads (index.html's preload templates, asked for by js/boot.js once the early
    # screen is up) are the very responses Pyodide and micropip use: each file goes
    # over the network once, not once for the preload and again for its user.
    preloads = _preloads()
    assert len(preloads) >= 5, preloads
    for rel in preloads + _head_module_preloads():
        assert urls.count(site_url + rel) == 1, (rel, urls.count(site_url + rel))
    # No small file of the runtime waits for the one before it to arrive: every module,
    # config and lock the start fetched was named up front (a script, or a preload).
    named = set(preloads + _head_module_preloads()) | {"runtime/pyscript/core.js"}
    chained = [u[len(site_url):].split("?")[0] for u in urls]
    chained = [u for u in chained if re.search(r"\.(m?js|json|toml)$", u)
               and (u.startswith("runtime/") or u == "pyscript.toml")]
    assert len(chained) >= 10, chained
    assert [u for u in chained if u not in named] == [], chained
    game_page.screenshot(path=str(artifacts / "boot-ready.png"))


def test_progress_is_shown_while_python_loads(page_watch, artifacts):
    page = page_watch.page
    # Hold the big download back a moment to look at the page mid-load.
    release = []

    def slow(route):
        release.append(route)

    page.route("**/pyodide.asm.wasm", slow)
    page_watch.goto("./", wait_ready=False)
    page.wait_for_function("window.cakeBoot && window.cakeBoot.stage === 'Downloading Python'")
    assert page.get_attribute("html", "data-boot") == "loading"
    assert page.is_visible("#boot-progress") and page.is_visible("#boot-stage")
    value = page.evaluate("document.getElementById('boot-progress').value")
    assert 0 < value < 100
    assert "Downloading Python" in page.inner_text("#boot-stage")
    page.screenshot(path=str(artifacts / "boot-loading.png"))
    page.wait_for_timeout(50)
    while not release:
        page.wait_for_timeout(50)
    release[0].continue_()
    page_watch.wait_ready()
    page_watch.assert_clean()


def test_file_url_explains_how_to_serve(page, artifacts):
    page.goto((ROOT / "index.html").as_uri())
    page.wait_for_selector("html[data-boot=file]", state="attached")
    error = page.locator("#boot-error")
    error.wait_for(state="visible")
    text = error.inner_text()
    assert "make play" in text and "http://127.0.0.1:8000/" in text, text
    page.screenshot(path=str(artifacts / "boot-file-url.png"))


@pytest.mark.parametrize("path, status, body, expect", [
    ("/runtime/pyodide/pyodide.asm.wasm", 404, b"", "pyodide.asm.wasm (HTTP 404)"),
    ("/runtime/pyscript/core.js", 404, b"", "core.js"),
    ("/py/main.py", 200, b"raise RuntimeError('boom at start')\n", "boom at start"),
    (f"/build/{wheel_name()}", 404, b"", f"{wheel_name()} (HTTP 404)"),
], ids=["runtime-missing", "pyscript-missing", "python-error", "wheel-missing"])
def test_load_failure_is_shown_in_words(page_watch, overrides, artifacts, path, status, body,
                                         expect):
    overrides.override(path, body, status=status)
    page_watch.goto("./", wait_ready=False)
    page_watch.wait_for_selector("html[data-boot=error]", state="attached", timeout=90_000)
    error = page_watch.locator("#boot-error")
    assert error.is_visible()
    text = error.inner_text()
    assert text.startswith("The game could not start.") and expect in text, text
    assert not page_watch.external_requests
    page_watch.screenshot(path=str(artifacts / f"boot-error-{status}.png"))


def test_staged_site_works_under_a_project_subpath(page, tmp_path, artifacts):
    """What the Pages workflow uploads, served as https://<user>.github.io/<repo>/ is."""
    proc = subprocess.run([sys.executable, "tools/stage_site.py", str(tmp_path / "repo")],
                          cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    with SiteServer(tmp_path) as server:
        watch = PageWatch(page, server.url + "repo/")
        watch.goto("./")
        outside = [u for u in watch.requests if not u.startswith(server.url + "repo/")]
        assert not outside, f"requests outside the site's folder: {outside}"
        watch.assert_clean()
        watch.screenshot(path=str(artifacts / "staged-subpath.png"))


# Every listener the page adds, with what it was added to (an element's id, or its tag).
COUNT_LISTENERS = """
window.__listeners = [];
const add = EventTarget.prototype.addEventListener;
EventTarget.prototype.addEventListener = function (type, fn, options) {
  window.__listeners.push([this.id || this.nodeName || String(this), type]);
  return add.call(this, type, fn, options);
};
"""


def test_controls_are_heard_through_the_document(page_watch):
    """Wiring the page costs few listeners (each one costs Python three calls across the
    bridge at start-up): the controls named by id are heard through one listener per kind
    of event on the document, nearest control first, and still answer clicks on what they
    hold."""
    page = page_watch.page
    page.add_init_script(COUNT_LISTENERS)
    page_watch.goto("index.html?players=2&seed=7&pass=0")
    on_controls = page.evaluate(
        "window.__listeners.filter(([on, type]) => on !== '#document' && on !== '[object Window]'"
        " && ['click', 'change', 'input', 'submit'].includes(type))")
    # What is left on elements: js/early.js's own (before Python), the lab's drag guard, the
    # division rows' seat menus (no ids). Each control had one of its own before: over 60.
    assert len(on_controls) < 20, on_controls
    # A click on what a control holds (Suggest's label) reaches the control's handler.
    page.click("#btn-hint .roomy")
    page.wait_for_selector("[data-action][data-hint]", timeout=60_000)
    # A change event reaches its field's handler (a preference, kept for this browser).
    page.click("#more summary")
    page.click("#btn-prefs")
    page.wait_for_selector("#prefs[open]")
    was = page.is_checked("#pref-single")
    page.click("#pref-single")
    page.wait_for_function(
        "JSON.parse(localStorage.getItem('cakegame.prefs') || '{}').auto_single === "
        + ("true" if not was else "false"))
    page_watch.assert_clean()
