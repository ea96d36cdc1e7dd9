"""Test harness: a local server for the site and Playwright on Debian's Chromium.

Fixtures (see docs/architecture.md, "Test harness"):
  site            session: SiteServer serving the repository root on a free 127.0.0.1 port
                  (.url, .override(path, body, status), .clear_overrides(), .requests)
  site_url        session: its base URL, "http://127.0.0.1:PORT/"; also pytest-playwright's
                  base_url, so page.goto("./") and page.goto("index.html?seed=4&pass=0") work
  page_watch      a PageWatch on pytest-playwright's `page`: records requests, aborts any
                  that leave 127.0.0.1, collects console errors; .goto() waits for Python
  game_page       page_watch after .goto("./"): the page with Python loaded; at teardown
                  the test fails if a request left the site or the console logged an error
  page            pytest-playwright's page, but opened in one browser context that each
                  worker keeps warm (below) unless the test needs a context of its own
  artifacts       session: tests/artifacts/ (git-ignored) for screenshots
Every test that uses a browser fixture is marked `browser` automatically, so
`pytest -m "not browser"` runs the engine's tests alone. Service workers are blocked in
the default context (Playwright cannot see requests a worker answers); to test offline
behaviour, mark the test @pytest.mark.browser_context_args(service_workers="allow") and
serve it from its own SiteServer (tests/test_offline.py shows how).

A warm context: starting Pyodide is most of a page test, and most of that is compiling its
WebAssembly. Chromium compiles a module once per renderer process and reuses it while the
process holds it, so each worker keeps one context whose pages share a renderer
(`--process-per-site`) with a keeper page that holds the compiled interpreter: a page test
starts about a third quicker. Its storage (local storage, IndexedDB, caches, service
workers) is cleared before every test, so each test still starts as a first visit. A test
that changes its context (init scripts or routes for every page, offline, other context
settings) gets a fresh one: it asks for the `context` fixture, is marked
@pytest.mark.browser_context_args(...), or is marked @pytest.mark.own_context.
"""

from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Error as PlaywrightError

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools import build_pybundle  # noqa: E402
from tools.browser import CHROMIUM, launch_args  # noqa: E402
from tools.siteserver import SiteServer  # noqa: E402

BROWSER_FIXTURES = {
    "page", "context", "new_context", "browser", "browser_type", "launch_browser",
    "page_watch", "game_page", "site", "site_url", "warm_context",
}
# Console messages that are not the page's fault.
HARMLESS_CONSOLE = (
    "Service Worker registration blocked by Playwright",
)
BOOT_TIMEOUT_MS = 90_000
# Whether js/boot.js has marked the start-up's end. Waited for by polling every 20 ms: a
# wait_for_selector polls ever more slowly (at last every 500 ms) and, for a start-up of two
# seconds, answered 0.4 s after the page was ready, a sixth of a short page test.
BOOTED = "() => ['ready', 'error'].includes(document.documentElement.dataset.boot)"
# A CSS selector's first element in the state asked for, as Playwright's wait_for_selector
# judges it (visible: displayed, not visibility:hidden, a box of some size; hidden: not
# visible or not there): the element, or true, once it is so.
SELECTOR_IN_STATE = """
([selector, state]) => {
  const e = document.querySelector(selector);
  const visible = !!e && (!e.checkVisibility || e.checkVisibility())
    && getComputedStyle(e).visibility === 'visible'
    && (r => r.width > 0 && r.height > 0)(e.getBoundingClientRect());
  const now = {attached: !!e, detached: !e, visible, hidden: !visible}[state];
  return now && (e && state !== 'detached' && state !== 'hidden' ? e : true);
}
"""


# The tests that take longest (a minute or more on two workers), run first on workers
# (PYTEST_ARGS="-n 2"), so that neither is left alone with one of them at the end.
LONGEST = (
    "test_events.py::test_every_change_of_every_division",
    "test_engines.py::test_a_whole_game_by_clicks_against_a_computer_player",
    "test_events.py::test_the_events_explain_every_chamber",
    "test_page_a11y.py::test_axe_every_decision_curtain_and_game_over",
    "test_page_play.py::test_reload_at_random_moments",
    "test_wheel.py::",
)


def pytest_configure(config):
    """With workers (pytest-xdist), the controller brings the page's Python up to date once,
    before any worker's browser tests look at it (each worker would otherwise build it)."""
    if getattr(config.option, "numprocesses", None) and not hasattr(config, "workerinput"):
        try:
            build_pybundle.ensure()
        except SystemExit:
            pass  # the site fixture says what is wrong, in the tests that need it


def pytest_collection_modifyitems(config, items):
    for item in items:
        if BROWSER_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.browser)
    if getattr(config.option, "numprocesses", None):  # only workers gain by the order
        items.sort(key=lambda item: not any(name in item.nodeid for name in LONGEST))


# ---- the site -------------------------------------------------------------------------------

def _check_built() -> None:
    missing = [p for p in ("runtime/pyodide/pyodide.asm.wasm", "runtime/pyscript/core.js",
                           "sw-precache.js", "pyscript.toml") if not (ROOT / p).is_file()]
    if missing:
        pytest.fail(f"the site is not built ({', '.join(missing)} missing): run `make build`",
                    pytrace=False)
    # The page runs py/ from build/py.zip: rebuild it if py/ changed since, so the browser
    # tests always run the Python in the working tree.
    try:
        build_pybundle.ensure()
    except SystemExit as error:
        pytest.fail(f"build/py.zip could not be built: {error}", pytrace=False)


@pytest.fixture(scope="session")
def site():
    _check_built()
    with SiteServer(ROOT) as server:
        yield server


@pytest.fixture
def overrides(site):
    """The test's site, whose answers the test may change (`override(path, body, status)`)
    for the test's length."""
    yield site
    site.clear_overrides()


@pytest.fixture(scope="session")
def site_url(site) -> str:
    return site.url


@pytest.fixture(scope="session")
def base_url(site_url) -> str:
    return site_url


@pytest.fixture(scope="session")
def artifacts() -> Path:
    path = ROOT / "tests" / "artifacts"
    path.mkdir(parents=True, exist_ok=True)
    return path


# ---- the browser ----------------------------------------------------------------------------

@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    if not os.access(CHROMIUM, os.X_OK):
        message = f"{CHROMIUM} is missing: `make test` installs Debian's chromium"
        if os.environ.get("CI"):
            pytest.fail(message, pytrace=False)
        pytest.skip(message)
    args = launch_args()
    args["args"].append("--process-per-site")  # the warm context's pages share a renderer
    return {**browser_type_launch_args, **args,
            "headless": browser_type_launch_args.get("headless", True)}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "service_workers": "block",
            "viewport": {"width": 1280, "height": 800}}


def _crashed(error: Exception) -> bool:
    """Whether Playwright's error says the page's renderer crashed."""
    return "crashed" in str(error).lower()


class PageWatch:
    """A Playwright page that records what it asks for and what it logs.

    Attributes not defined here go to the page: watch.click("#x") is page.click("#x").
    """

    def __init__(self, page, base_url: str):
        self.page = page
        self.base_url = base_url
        self.requests: list[str] = []
        self.external_requests: list[str] = []
        self.console: list[tuple[str, str]] = []
        self.console_errors: list[str] = []
        self.page_errors: list[str] = []
        self.failed_responses: list[str] = []  # "404 http://..." (4xx and 5xx)
        host = urlsplit(base_url).hostname
        self._host = host
        self.last_url = base_url  # the address `goto` opened last

        def on_route(route):
            url = route.request.url
            if urlsplit(url).hostname != host:
                self.external_requests.append(url)
                return route.abort()
            return route.continue_()

        def leaves(url: str) -> bool:
            return (urlsplit(url).scheme in ("http", "https", "ws", "wss")
                    and urlsplit(url).hostname != host)

        self._route = (leaves, on_route)
        # A context of the test's own: every page it opens is watched at the door. The warm
        # context outlives the test, so there each page gets the route instead.
        self._shared = getattr(page.context, "warm", False)
        if self._shared:
            page.route(*self._route)
        else:
            page.context.route(*self._route)
        self._listen(page)

    def _listen(self, page) -> None:
        page.on("request", lambda r: self.requests.append(r.url))
        page.on("console", self._on_console)
        page.on("pageerror", lambda e: self.page_errors.append(str(e)))
        page.on("response", lambda r: r.status >= 400 and self.failed_responses.append(
            f"{r.status} {r.url}"))

    def _on_console(self, message) -> None:
        text = message.text
        self.console.append((message.type, text))
        if message.type == "error" and not text.startswith(HARMLESS_CONSOLE):
            self.console_errors.append(text)

    def __getattr__(self, name):
        return getattr(self.page, name)

    def goto(self, path: str = "./", *, wait_ready: bool = True,
             timeout: float = BOOT_TIMEOUT_MS):
        """Open `path` (relative to the site) and, by default, wait until Python is up.

        Chromium's renderer has been seen to crash while a page loads on a heavily loaded
        machine; a crashed load is started over, up to twice, in a fresh page of the same
        context, whose storage and init scripts carry over."""
        url = self.base_url + path.lstrip("/") if "://" not in path else path
        self.last_url = url
        for attempt in (1, 2, 3):
            try:
                response = self.page.goto(url)
                break
            except PlaywrightError as error:
                if attempt == 3 or not _crashed(error):
                    raise
                self._fresh_page()
        if wait_ready:
            self.wait_ready(timeout)
        return response

    def _fresh_page(self) -> None:
        """A new page of the same context in place of one whose renderer crashed."""
        self.page = self.page.context.new_page()
        if self._shared:
            self.page.route(*self._route)
        self._listen(self.page)

    def wait_ready(self, timeout: float = BOOT_TIMEOUT_MS) -> None:
        """Wait for <html data-boot="ready"> (js/boot.js sets it when main.py has run).

        A renderer that crashes meanwhile (after a reload, say) is replaced, as `goto` does:
        the same address opened again, up to twice, in a fresh page of the same context."""
        for attempt in (1, 2, 3):
            try:
                self.page.wait_for_function(BOOTED, timeout=timeout, polling=20)
                break
            except PlaywrightError as error:
                if attempt == 3 or not _crashed(error):
                    raise
                url = self.page.url if self.page.url.startswith(self.base_url) else self.last_url
                self._fresh_page()
                self.page.goto(url)
        state = self.page.evaluate("document.documentElement.dataset.boot")
        if state != "ready":
            error = self.page.evaluate("window.cakeBoot && window.cakeBoot.error")
            raise AssertionError(f"the page did not start: {error}\n{self.report()}")
        # Then the start-up work left for after the first board's paint (py/ui/later.py:
        # its focus on the first option among others), so that tests see the page settled.
        self.page.wait_for_function("performance.getEntriesByName('py:settled').length > 0",
                                    timeout=timeout, polling=20)

    def wait_for_selector(self, selector: str, *, state: str = "visible",
                          timeout: float | None = None):
        """Playwright's wait, for the CSS selectors these tests use, polled every 20 ms: its
        own polls come ever more slowly (every 500 ms after the first 0.3 s), and tests wait
        for computer players, hints and dialogs hundreds of times."""
        if state not in ("attached", "detached", "visible", "hidden"):
            raise ValueError(f"state: attached, detached, visible or hidden, not {state!r}")
        kwargs = {} if timeout is None else {"timeout": timeout}
        return self.page.wait_for_function(SELECTOR_IN_STATE, arg=[selector, state],
                                           polling=20, **kwargs)

    def boot_stages(self) -> list[str]:
        return self.page.evaluate("window.cakeBoot.stages.map(s => s.stage)")

    def report(self) -> str:
        return "\n".join(
            [f"console errors: {self.console_errors}", f"page errors: {self.page_errors}",
             f"failed responses: {self.failed_responses}",
             f"requests leaving the site: {self.external_requests}"])

    def assert_clean(self) -> None:
        """No request left the site, no console error or failed response, no uncaught
        exception."""
        problems = (self.external_requests or self.console_errors or self.page_errors
                    or self.failed_responses)
        assert not problems, self.report()


OWN_CONTEXT_FIXTURES = {"context", "new_context", "fresh_profile"}


def _needs_own_context(request) -> bool:
    return bool(OWN_CONTEXT_FIXTURES & set(request.fixturenames)
                or request.node.get_closest_marker("browser_context_args")
                or request.node.get_closest_marker("own_context"))


class WarmContext:
    """One browser context per worker, with a keeper page that holds Pyodide's compiled
    WebAssembly so that every page of the context starts without compiling it again."""

    KEEPER = ("url => WebAssembly.compileStreaming(fetch(url))"
              ".then(module => { window.kept = module; return true; })")

    def __init__(self, browser, args: dict, site_url: str):
        self.context = browser.new_context(**args)
        self.context.warm = True  # PageWatch routes each page of it, not the whole context
        for name in self.CHANGES:
            setattr(self.context, name, self._refuse(name))
        self.site_url = site_url
        self.origin = site_url.rstrip("/")
        self.keeper = None
        self._keep()

    # What would outlive the test that did it: such a test needs a context of its own.
    CHANGES = ("add_init_script", "route", "route_from_har", "set_offline", "expose_binding",
               "expose_function", "grant_permissions", "set_extra_http_headers",
               "set_geolocation", "add_cookies")

    @staticmethod
    def _refuse(name: str):
        def refused(*args, **kwargs):
            raise RuntimeError(f"context.{name}() would outlive this test in the worker's warm "
                               "context: mark the test @pytest.mark.own_context")
        return refused

    def _keep(self) -> None:
        """(Re)open the keeper page: at the start, and after its renderer crashed (a test's
        crash takes the keeper with it, since the pages share a process)."""
        self.crashed = False
        self.keeper = self.context.new_page()
        self.keeper.on("crash", lambda _page: setattr(self, "crashed", True))
        self.keeper.goto(self.site_url + "css/game.css")
        self.keeper.evaluate(self.KEEPER, self.site_url + "runtime/pyodide/pyodide.asm.wasm")

    def page(self):
        """A new page that starts as a first visit would: no storage from earlier tests."""
        if self.crashed or self.keeper.is_closed():
            if not self.keeper.is_closed():
                self.keeper.close()
            self._keep()
        cdp = self.context.new_cdp_session(self.keeper)
        try:
            cdp.send("Storage.clearDataForOrigin",
                     {"origin": self.origin, "storageTypes": "all"})
        finally:
            cdp.detach()
        # A page closed by the last test saved the game as it went (`pagehide`); the
        # renderer hands localStorage writes to the browser in batches, so that save could
        # land after the clear above and the next test would resume it (CI saw the new-game
        # screen replaced by a game once). The keeper shares the pages' renderer: clearing
        # from it comes after any such write.
        left = self.keeper.evaluate("() => { localStorage.clear(); return localStorage.length; }")
        assert left == 0, "the site's storage could not be cleared"
        opened = self.context.new_page()
        # As in a fresh context, nothing comes from an earlier test's HTTP cache (a test
        # that serves other bytes at an address must get them): a route turns it off.
        opened.route(lambda url: False, lambda route: route.continue_())
        return opened

    def tidy(self) -> None:
        """Close every page the test opened; the keeper stays."""
        for page in self.context.pages:
            if page is not self.keeper:
                page.close()


@pytest.fixture(scope="session")
def warm_context(browser, browser_context_args, site_url):
    warm = WarmContext(browser, browser_context_args, site_url)
    yield warm
    warm.context.close()


@pytest.fixture
def page(request):
    """The test's page: in the worker's warm context, or in a context of its own when the
    test needs one (see the module's docstring)."""
    if _needs_own_context(request):
        yield request.getfixturevalue("context").new_page()
        return
    warm = request.getfixturevalue("warm_context")
    opened = warm.page()
    try:
        yield opened
    finally:
        warm.tidy()


@pytest.fixture
def page_watch(page, site_url) -> PageWatch:
    return PageWatch(page, site_url)


@pytest.fixture
def fresh_profile(browser, browser_context_args, site_url):
    """Open a browser that has never seen the site: `with fresh_profile() as watch:` gives a
    PageWatch on a page of a new context (its own storage and cache), closed afterwards.

    Its goto() and wait_ready() start a crashed renderer over as page_watch's do. Close the
    test's first page before, when it is done with: two interpreters at once in one browser
    double the work of a loaded machine, where renderers have been seen to crash."""
    @contextmanager
    def opened():
        context = browser.new_context(**browser_context_args)  # as the test's own page
        try:
            yield PageWatch(context.new_page(), site_url)
        finally:
            context.close()
    return opened


@pytest.fixture
def game_page(page_watch) -> PageWatch:
    page_watch.goto("./")
    yield page_watch
    page_watch.assert_clean()
