"""Offline play and new versions, through the real service worker.

Each test runs its own server (its own origin, so its own worker and caches) that it can
shut down, and a browser context that allows service workers.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from conftest import PageWatch  # noqa: E402

from tools import build_wheel, sitefiles  # noqa: E402
from tools.siteserver import SiteServer  # noqa: E402

pytestmark = [pytest.mark.browser, pytest.mark.slow,
              pytest.mark.browser_context_args(service_workers="allow")]

CONTROLLED = "navigator.serviceWorker.controller !== null"


@pytest.fixture
def own_server():
    server = SiteServer(ROOT).start()
    yield server
    server.stop()


@pytest.fixture
def sw_page(page, own_server):
    return PageWatch(page, own_server.url)


def _first_visit(watch: PageWatch) -> str:
    watch.goto("./")
    # The worker is registered once Python is up; it precaches ~15 MB, then claims the page.
    watch.wait_for_function(CONTROLLED, timeout=60_000)
    return watch.evaluate("""async () => {
        const keys = (await caches.keys()).filter(k => k.startsWith('cake-'));
        return keys.join(',');
    }""")


def test_game_starts_offline_after_one_visit(sw_page, own_server, artifacts):
    cache = _first_visit(sw_page)
    assert cache.startswith("cake-") and "," not in cache
    sw_page.assert_clean()

    own_server.stop()
    sw_page.context.set_offline(True)
    sw_page.reload()
    sw_page.wait_ready(timeout=60_000)
    assert sw_page.evaluate(CONTROLLED)
    # Every visit after the first starts Python from its picture, which the worker holds.
    assert sw_page.evaluate("document.documentElement.dataset.pythonStart") == "image"
    # The engine came through micropip, both wheels from the worker's cache.
    fetched = sw_page.evaluate("performance.getEntriesByType('resource').map(e => e.name)")
    for wheel in (f"build/{build_wheel.wheel_name()}", sitefiles.MICROPIP_WHEEL):
        assert own_server.url + wheel in fetched, wheel
        assert sw_page.evaluate(f"""async () => !!(await caches.match('./{wheel}'))""")
    # A page address with a query (a shared game) is served from the same cached page.
    sw_page.goto("index.html?players=3&seed=42&pass=0")
    sw_page.screenshot(path=str(artifacts / "offline-start.png"))
    assert not sw_page.external_requests and not sw_page.page_errors, sw_page.report()


def test_new_version_is_offered_never_forced(sw_page, own_server, artifacts):
    old_cache = _first_visit(sw_page)

    # Deploy a "new version": the precache manifest gets another version.
    text = (ROOT / "sw-precache.js").read_text()
    version = old_cache.removeprefix("cake-")
    assert version in text
    new_version = version[::-1]
    own_server.override("/sw-precache.js", text.replace(version, new_version).encode(),
                        content_type="text/javascript")

    sw_page.evaluate("window.__samePage = true")
    sw_page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
    banner = sw_page.locator("#update-banner")
    banner.wait_for(state="visible", timeout=60_000)
    assert "new version" in banner.inner_text().lower()
    # Offered, not applied: still the same page, still the old worker's cache in use.
    sw_page.wait_for_timeout(1000)
    assert sw_page.evaluate("window.__samePage === true")
    assert sw_page.evaluate("document.documentElement.dataset.boot") == "ready"
    sw_page.screenshot(path=str(artifacts / "update-offered.png"))
    # "Not now" puts it away (it lay over the lab's zoom buttons), changing nothing; the
    # next visit offers it again.
    banner.locator("#update-later").click()
    assert banner.is_hidden() and sw_page.evaluate("window.__samePage === true")
    sw_page.reload()
    sw_page.wait_ready()
    banner.wait_for(state="visible", timeout=60_000)

    # The player accepts: one reload, under the new worker, old cache gone.
    with sw_page.expect_navigation(timeout=60_000):
        banner.locator("[data-continue]").click()
    sw_page.wait_ready()
    assert sw_page.evaluate("window.__samePage === undefined")
    caches = sw_page.evaluate(
        "caches.keys().then(keys => keys.filter(k => k.startsWith('cake-')).join(','))")
    assert caches == f"cake-{new_version}"
    assert sw_page.locator("#update-banner").count() == 0 or sw_page.is_hidden("#update-banner")
