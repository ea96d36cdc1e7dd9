"""The three browser engines, started from Debian's packages and driven through one small API.

Players open the game in Chromium (and its family), Firefox and Safari (WebKit). Tests and
benchmarks reach the three through one interface, `Page`, so a player-facing test is written
once and runs in each:

  chromium  /usr/bin/chromium (Debian), Python Playwright, as tools/browser.py starts it
  firefox   /usr/bin/firefox-esr (Debian), Python Playwright over WebDriver BiDi
            (channel "moz-firefox"; Playwright's own Firefox build cannot be installed here)
  webkit    WebKitGTK's MiniBrowser through /usr/bin/WebKitWebDriver (Debian's
            webkit2gtk-driver), Selenium, in an Xvfb display this module starts

Clicks are real pointer events at a point of the element that the engine's own hit testing
sends to it (the page's targets are SVG groups: a driver's element click refuses them, a
pointer does what a player's mouse does). Never `playwright install`: it downloads browser
builds, which fails here.

    with Engines() as engines:             # engines.start("firefox") -> Engine (or raises
        engine = engines.start("webkit")   #   EngineMissing with what to install)
        page = engine.new_page(base_url, viewport=(1280, 800))
        page.goto("index.html?seed=3&pass=0")     # waits for the game's Python
        page.click("#btn-new")
"""

from __future__ import annotations

import glob
import json
import os
import subprocess
import threading
import time
from pathlib import Path
from typing import Any

from tools.browser import CHROMIUM, launch_args

ENGINES = ("chromium", "firefox", "webkit")
FIREFOX = os.environ.get("FIREFOX", "/usr/bin/firefox-esr")
WEBKIT_DRIVER = os.environ.get("WEBKIT_DRIVER", "/usr/bin/WebKitWebDriver")
XVFB = "/usr/bin/Xvfb"
# Debian package(s) that bring each engine (what `make test-deps` installs).
PACKAGES = {"chromium": "chromium", "firefox": "firefox-esr",
            "webkit": "webkit2gtk-driver xvfb"}
READY = "html[data-boot=ready], html[data-boot=error]"
# A WebAssembly engine's own fault while Pyodide starts, seen now and then in WebKitGTK on a
# loaded machine (once in a whole test run; the same page then starts on a reload). The
# page shows it and asks the player to reload; the tests reload for them, up to twice.
ENGINE_FAULTS = ("Out of bounds memory access", "memory access out of bounds")
BOOT_TIMEOUT_S = 120.0
SESSION_TIMEOUT_S = 60.0  # to start a WebKit session (MiniBrowser) under load


class EngineMissing(RuntimeError):
    """The engine's browser or driver is not installed on this machine."""


def minibrowser() -> str | None:
    """WebKitGTK's MiniBrowser, the browser WebKitWebDriver automates (path has the arch)."""
    found = sorted(glob.glob("/usr/lib/*/webkit2gtk-4.*/MiniBrowser"))
    return found[-1] if found else None


def missing(name: str) -> str | None:
    """Why `name` cannot start here (what to install), or None if it can."""
    needs = {"chromium": [CHROMIUM], "firefox": [FIREFOX],
             "webkit": [WEBKIT_DRIVER, minibrowser() or "MiniBrowser", XVFB]}[name]
    absent = [p for p in needs if not os.access(p, os.X_OK)]
    if absent:
        return (f"{name}: {', '.join(absent)} missing (`make test-deps` installs Debian's "
                f"{PACKAGES[name]})")
    return None


# ---- scripts run in the page ---------------------------------------------------------------

# Scroll `el` into view and find a point on it that the engine's hit testing gives to it (or
# to something inside it): its centre first, then a grid over its box. Returns [x, y] in
# viewport pixels, or null when nothing of it can be hit (hidden, covered, inert).
POINT_ON = """
(el) => {
  if (!el || !el.getClientRects().length) return null;
  el.scrollIntoView({block: 'nearest', inline: 'nearest'});
  const box = el.getBoundingClientRect();
  const tries = [[0.5, 0.5]];
  for (const fy of [0.3, 0.5, 0.7, 0.2, 0.8]) for (const fx of [0.3, 0.5, 0.7, 0.2, 0.8])
    tries.push([fx, fy]);
  for (const [fx, fy] of tries) {
    const x = box.x + box.width * fx, y = box.y + box.height * fy;
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
    const hit = document.elementFromPoint(x, y);
    if (hit && (hit === el || el.contains(hit))) return [x, y];
  }
  return null;
}
"""

# Errors the page reports after it is up (WebKit: no console access through WebDriver).
WATCH_ERRORS = """
() => {
  if (window.__engineErrors) return;
  const errors = window.__engineErrors = [];
  addEventListener('error', e => errors.push('error: ' + e.message));
  addEventListener('unhandledrejection', e => errors.push('rejection: ' + e.reason));
  const log = console.error.bind(console);
  console.error = (...args) => { errors.push('console: ' + args.join(' ')); log(...args); };
}
"""


class Page:
    """One browser tab with its own storage, in any engine. Subclasses do the driving."""

    engine: str
    base_url: str

    # -- what each engine implements -----------------------------------------------------------
    def js(self, function: str, arg: Any = None) -> Any:
        """Run a JavaScript function source, `(arg) => ...` (may be async), return its value."""
        raise NotImplementedError

    def _navigate(self, url: str) -> None:
        raise NotImplementedError

    def open_fast(self, url: str) -> None:
        """Start loading `url` and return at once (benchmarks watch the load themselves)."""
        raise NotImplementedError

    def reload(self, wait_ready: bool = True) -> None:
        raise NotImplementedError

    def click_at(self, x: float, y: float) -> None:
        """A real pointer click (move, press, release) at viewport pixels."""
        raise NotImplementedError

    def tap_at(self, x: float, y: float) -> None:
        """A finger's tap at viewport pixels (`touch_reason()` says when it cannot)."""
        raise NotImplementedError

    def type_into(self, selector: str, text: str) -> None:
        """Replace the text of an input as a player's typing does."""
        raise NotImplementedError

    def press(self, key: str) -> None:
        """Press one key ("Escape", "Enter", "u") on the focused element."""
        raise NotImplementedError

    def upload(self, selector: str, path: Path) -> None:
        """Choose `path` in a file input, as the file picker would."""
        raise NotImplementedError

    def export_text(self, selector: str) -> tuple[str, str]:
        """Click a control that downloads a file; return (file name, its text)."""
        raise NotImplementedError

    def screenshot(self, path: Path) -> None:
        raise NotImplementedError

    def set_viewport(self, width: int, height: int) -> None:
        raise NotImplementedError

    def errors(self) -> list[str]:
        """Console errors and uncaught exceptions seen so far."""
        raise NotImplementedError

    def _forget(self, text: str) -> None:
        """Drop the errors that carry `text` (an engine fault the start was retried for)."""

    def close(self) -> None:
        raise NotImplementedError

    # -- shared ---------------------------------------------------------------------------
    def goto(self, path: str = "./", wait_ready: bool = True) -> None:
        """Open `path` (relative to the site) and, by default, wait for the game's Python."""
        self._navigate(path if "://" in path else self.base_url + path.lstrip("/"))
        if wait_ready:
            self.wait_ready()

    def wait_for(self, function: str, arg: Any = None, timeout: float = 60.0,
                 what: str = "") -> Any:
        """Poll a JavaScript function until it returns something truthy; return that."""
        deadline = time.monotonic() + timeout
        while True:
            value = self.js(function, arg)
            if value:
                return value
            if time.monotonic() > deadline:
                raise TimeoutError(f"{self.engine}: gave up waiting for {what or function}")
            time.sleep(0.1)

    def wait_ready(self, timeout: float = BOOT_TIMEOUT_S) -> None:
        """Wait for <html data-boot="ready"> (js/boot.js sets it once main.py has run)."""
        faults = []
        for attempt in (1, 2, 3):
            self.wait_for(f"() => !!document.querySelector({json.dumps(READY)})",
                          timeout=timeout, what="the game to start")
            state = self.js("() => [document.documentElement.dataset.boot, "
                            "window.cakeBoot && window.cakeBoot.error]")
            fault = next((f for f in ENGINE_FAULTS if f in str(state[1])), None)
            if state[0] == "ready" or fault is None or attempt == 3:
                break
            faults.append(fault)
            self.reload(wait_ready=False)
        if state[0] != "ready":
            raise AssertionError(f"{self.engine}: the page did not start: {state[1]}")
        for fault in faults:  # (reported now: an engine may tell of it after the reload)
            self._forget(fault)
        self.js(WATCH_ERRORS)

    def point_on(self, selector: str) -> list[float] | None:
        """A point that hits the first element matching `selector`, or None."""
        return self.js(f"(s) => ({POINT_ON})(document.querySelector(s))", selector)

    def click(self, selector: str) -> None:
        """Click the element as a player's pointer would, at a point that reaches it."""
        point = self.point_on(selector)
        if point is None:
            raise AssertionError(f"{self.engine}: nothing to click at {selector!r}")
        self.click_at(*point)

    def tap(self, selector: str) -> None:
        point = self.point_on(selector)
        if point is None:
            raise AssertionError(f"{self.engine}: nothing to tap at {selector!r}")
        self.tap_at(*point)

    def text(self, selector: str) -> str:
        return self.js("(s) => { const e = document.querySelector(s); "
                       "return e ? e.textContent : null; }", selector)

    def count(self, selector: str) -> int:
        return self.js("(s) => document.querySelectorAll(s).length", selector)

    def export_from_link(self, selector: str) -> tuple[str, str]:
        """Click a control that downloads a file through an `<a download>` link; return the
        name and text the page hands to that link (the blob behind its URL). For drivers
        that cannot catch the download itself; the click still goes on as a player's does."""
        # The blob is read where it is made (the page's content security policy forbids
        # fetching blob: URLs).
        self.js("""() => {
          window.__exported = null;
          const blobs = new Map();
          const make = URL.createObjectURL;
          URL.createObjectURL = function (blob) {
            const url = make.call(URL, blob);
            blobs.set(url, blob);
            return url;
          };
          const click = HTMLAnchorElement.prototype.click;
          HTMLAnchorElement.prototype.click = function () {
            if (this.download && blobs.has(this.href)) {
              const name = this.download;
              blobs.get(this.href).text().then(t => { window.__exported = [name, t]; });
              HTMLAnchorElement.prototype.click = click;
              URL.createObjectURL = make;
            }
            return click.call(this);
          };
        }""")
        self.click(selector)
        name, text = self.wait_for("() => window.__exported", timeout=30, what="the export")
        return name, text

    def touch_reason(self) -> str | None:
        """Why this page cannot tap like a finger (None: it can)."""
        return None


# ---- Playwright: Chromium and Firefox --------------------------------------------------------

class PlaywrightPage(Page):
    def __init__(self, engine: str, context: Any, base_url: str, touch: bool):
        self.engine = engine
        self.context = context
        self.base_url = base_url
        self.touch = touch
        self._errors: list[str] = []
        self._last_url = base_url
        self._open_page()

    def _open_page(self) -> None:
        """A page of the context, listened to: at the start, and in place of one whose
        renderer crashed (the context's storage and init scripts carry over)."""
        self.page = self.context.new_page()
        self.page.on("console", self._console)
        self.page.on("pageerror", lambda e: self._errors.append(str(e)))

    def _console(self, message: Any) -> None:
        if message.type == "error" and not message.text.startswith(
                "Service Worker registration blocked"):
            self._errors.append(message.text)

    def js(self, function: str, arg: Any = None) -> Any:
        return self.page.evaluate(function, arg)

    def _navigate(self, url: str) -> None:
        self._last_url = url
        self._crash_proof(lambda: self.page.goto(url, timeout=BOOT_TIMEOUT_S * 1000),
                          wait=False)

    def wait_ready(self, timeout: float = BOOT_TIMEOUT_S) -> None:
        self._crash_proof(lambda: Page.wait_ready(self, timeout), wait=True)

    def _crash_proof(self, step: Any, wait: bool) -> None:
        """Take `step` (a load, or the wait for the game's Python, as `wait` says). If
        Chromium's renderer crashes meanwhile, as it has while Pyodide started on a heavily
        loaded machine, open the same address in a fresh page of the context and take the
        step again there, up to twice. A crash later, in a test's own steps, is the test's
        (pytest-rerunfailures runs it once more)."""
        for attempt in (1, 2, 3):
            try:
                if attempt > 1:
                    self.page.goto(self._last_url, timeout=BOOT_TIMEOUT_S * 1000)
                if attempt == 1 or wait:
                    step()
                return
            except Exception as error:
                if attempt == 3 or "crashed" not in str(error).lower():
                    raise
                if self.page.url.startswith(self.base_url):
                    self._last_url = self.page.url
                self._open_page()

    def open_fast(self, url: str) -> None:
        self.page.goto(url, wait_until="commit", timeout=BOOT_TIMEOUT_S * 1000)

    def reload(self, wait_ready: bool = True) -> None:
        self.page.reload(timeout=BOOT_TIMEOUT_S * 1000)
        if wait_ready:
            self.wait_ready()

    def click_at(self, x: float, y: float) -> None:
        self.page.mouse.click(x, y)

    def tap_at(self, x: float, y: float) -> None:
        self.page.touchscreen.tap(x, y)

    def type_into(self, selector: str, text: str) -> None:
        # Select what is there and type over it, as a player does. (Playwright's fill()
        # appends to a number field in Firefox over BiDi.)
        self.page.focus(selector)
        self.page.keyboard.press("Control+A")
        self.page.keyboard.press("Delete")
        self.page.keyboard.type(text)

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)

    def upload(self, selector: str, path: Path) -> None:
        self.page.set_input_files(selector, str(path))

    def export_text(self, selector: str) -> tuple[str, str]:
        if self.engine == "firefox":
            # Playwright over BiDi reports no download for a blob: URL (data: URLs, yes).
            return self.export_from_link(selector)
        with self.page.expect_download(timeout=30_000) as info:
            self.click(selector)
        download = info.value
        return download.suggested_filename, Path(download.path()).read_text()

    def screenshot(self, path: Path) -> None:
        self.page.screenshot(path=str(path))

    def set_viewport(self, width: int, height: int) -> None:
        self.page.set_viewport_size({"width": width, "height": height})

    def set_offline(self, offline: bool) -> None:
        self.context.set_offline(offline)

    def errors(self) -> list[str]:
        return list(self._errors)

    def _forget(self, text: str) -> None:
        self._errors = [error for error in self._errors if text not in error]

    def touch_reason(self) -> str | None:
        if not self.touch:
            return "this page was opened without touch"
        if self.engine == "firefox":
            return ("Playwright over WebDriver BiDi gives Firefox no touch: the page has no "
                    "touch events and touchscreen.tap() delivers nothing")
        return None

    def close(self) -> None:
        self.context.close()


# ---- Selenium: WebKitGTK ---------------------------------------------------------------------

# Selenium's async script: the callback comes last; errors come back as values to re-raise.
SELENIUM_CALL = """
const done = arguments[arguments.length - 1];
Promise.resolve().then(() => (%s)(arguments[0])).then(
  value => done({value: value === undefined ? null : value}),
  error => done({error: String(error && error.stack || error)}));
"""


def selenium_key(key: str) -> str:
    """The name in Selenium's `Keys` of a key named as Playwright names it: "ArrowLeft" is
    ARROW_LEFT (looked up as ARROWLEFT, it was typed as its letters, and the arrow keys did
    nothing in WebKit); a name `Keys` lacks ("a") is typed as it is."""
    return "".join(f"_{c}" if c.isupper() and i else c for i, c in enumerate(key)).upper()


class WebKitPage(Page):
    def __init__(self, driver: Any, base_url: str, viewport: tuple[int, int]):
        self.engine = "webkit"
        self.driver = driver
        self.base_url = base_url
        driver.set_script_timeout(BOOT_TIMEOUT_S)
        driver.set_page_load_timeout(BOOT_TIMEOUT_S)
        self.set_viewport(*viewport)

    def js(self, function: str, arg: Any = None) -> Any:
        result = self.driver.execute_async_script(SELENIUM_CALL % function, arg)
        if "error" in result:
            raise RuntimeError(f"webkit: script failed: {result['error']}")
        return result["value"]

    def _navigate(self, url: str) -> None:
        self.driver.get(url)

    def open_fast(self, url: str) -> None:
        # get() waits for the load event; a script's navigation returns at once.
        self.driver.execute_script("location.href = arguments[0]", url)

    def reload(self, wait_ready: bool = True) -> None:
        self.driver.refresh()
        if wait_ready:
            self.wait_ready()

    def _pointer(self, kind: str):
        from selenium.webdriver.common.actions.action_builder import ActionBuilder
        from selenium.webdriver.common.actions.pointer_input import PointerInput

        return ActionBuilder(self.driver, mouse=PointerInput(kind, kind))

    def _perform(self, kind: str, x: float, y: float) -> None:
        """One press at (x, y). WebKitWebDriver now and then answers a pointer action with
        an empty "unknown error" (seen once in a whole CI run, on a page that was idle);
        the press is tried once more after a pause, as a person would press again."""
        from selenium.common.exceptions import WebDriverException

        for attempt in (1, 2):
            actions = self._pointer(kind)
            actions.pointer_action.move_to_location(int(x), int(y))
            if kind == "mouse":
                actions.pointer_action.click()
            else:
                actions.pointer_action.pointer_down()
                actions.pointer_action.pointer_up()
            try:
                actions.perform()
                return
            except WebDriverException as e:
                if attempt == 2 or (e.msg or "").strip():
                    raise
                time.sleep(0.5)

    def click_at(self, x: float, y: float) -> None:
        self._perform("mouse", x, y)

    def tap_at(self, x: float, y: float) -> None:
        self._perform("touch", x, y)

    def type_into(self, selector: str, text: str) -> None:
        from selenium.webdriver.common.by import By

        field = self.driver.find_element(By.CSS_SELECTOR, selector)
        field.clear()
        field.send_keys(text)

    def press(self, key: str) -> None:
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.keys import Keys

        ActionChains(self.driver).send_keys(getattr(Keys, selenium_key(key), key)).perform()

    def upload(self, selector: str, path: Path) -> None:
        from selenium.webdriver.common.by import By

        self.driver.find_element(By.CSS_SELECTOR, selector).send_keys(str(path))

    def screenshot(self, path: Path) -> None:
        self.driver.save_screenshot(str(path))

    def set_viewport(self, width: int, height: int) -> None:
        # The window's size includes MiniBrowser's frame: size it so the page gets w x h,
        # measured again until it does (a first page was left at 1280x681 for 1280x800: the
        # frame measured before the first resize had taken effect).
        self.driver.set_window_size(width, height)
        for _ in range(4):
            inner = self.js("() => [innerWidth, innerHeight]")
            if inner == [width, height]:
                return
            outer = self.driver.get_window_size()
            self.driver.set_window_size(outer["width"] + width - inner[0],
                                        outer["height"] + height - inner[1])
            time.sleep(0.1)

    def export_text(self, selector: str) -> tuple[str, str]:
        return self.export_from_link(selector)  # WebKitWebDriver has no download API

    def set_offline(self, offline: bool) -> None:
        raise NotImplementedError("WebKitWebDriver cannot cut the network: stop the server")

    def errors(self) -> list[str]:
        return self.js("() => window.__engineErrors || []")

    def touch_reason(self) -> str | None:
        return ("WebKitWebDriver delivers a touch pointer as mouse events (the page has no "
                "touch), and MiniBrowser's window is at least 447 px wide")

    def close(self) -> None:
        self.driver.quit()


# ---- starting the engines ------------------------------------------------------------------

class Engine:
    """A started engine: new_page() opens a tab with fresh storage and caches."""

    def __init__(self, name: str, version: str, new_page):
        self.name = name
        self.version = version
        self._new_page = new_page
        self.closers: list = []

    def new_page(self, base_url: str, viewport: tuple[int, int] = (1280, 800),
                 touch: bool = False, service_workers: bool = False) -> Page:
        """A tab with its own storage. `service_workers=False` keeps the offline worker out
        where the engine can (Playwright: its routes cannot see what a worker answers);
        `touch=True` makes a phone-like page that taps."""
        return self._new_page(base_url, viewport, touch, service_workers)

    def close(self) -> None:
        for close in reversed(self.closers):
            try:
                close()
            except Exception:  # noqa: BLE001 - closing what may already be gone
                pass
        self.closers.clear()


class Engines:
    """Starts engines on demand and stops them (and Xvfb) at the end.

    `playwright` may be a running sync Playwright (pytest-playwright's session fixture);
    otherwise one is started when Chromium or Firefox is first asked for."""

    def __init__(self, playwright: Any = None):
        self._playwright = playwright
        self._own_playwright = None
        self._xvfb: subprocess.Popen | None = None
        self._display: str | None = None
        self.started: dict[str, Engine] = {}

    def __enter__(self) -> Engines:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        for engine in self.started.values():
            engine.close()
        self.started.clear()
        if self._own_playwright is not None:
            self._own_playwright.stop()
            self._own_playwright = None
        if self._xvfb is not None:
            self._xvfb.terminate()
            self._xvfb.wait(10)
            self._xvfb = None

    def start(self, name: str) -> Engine:
        if name in self.started:
            return self.started[name]
        reason = missing(name)
        if reason:
            raise EngineMissing(reason)
        engine = {"chromium": self._chromium, "firefox": self._firefox,
                  "webkit": self._webkit}[name]()
        self.started[name] = engine
        return engine

    # -- Playwright ------------------------------------------------------------------------
    def _pw(self):
        if self._playwright is None:
            from playwright.sync_api import sync_playwright

            self._own_playwright = sync_playwright().start()
            self._playwright = self._own_playwright
        return self._playwright

    def _playwright_engine(self, name: str, browser: Any) -> Engine:
        def new_page(base_url, viewport, touch, service_workers):
            options: dict[str, Any] = {
                "viewport": {"width": viewport[0], "height": viewport[1]},
                "service_workers": "allow" if service_workers else "block",
                "accept_downloads": True}
            if touch:
                options["has_touch"] = True
                if name == "chromium":  # Firefox has no mobile emulation
                    options["is_mobile"] = True
            return PlaywrightPage(name, browser.new_context(**options), base_url, touch)

        engine = Engine(name, browser.version, new_page)
        engine.closers.append(browser.close)
        return engine

    def _chromium(self) -> Engine:
        return self._playwright_engine("chromium", self._pw().chromium.launch(**launch_args()))

    def _firefox(self) -> Engine:
        browser = self._pw().firefox.launch(channel="moz-firefox", executable_path=FIREFOX,
                                            headless=True)
        return self._playwright_engine("firefox", browser)

    # -- Selenium and WebKitGTK ------------------------------------------------------------
    def _x_display(self) -> str:
        """An Xvfb display of our own (WebKitGTK draws into a real X window)."""
        if self._display is None:
            read, write = os.pipe()
            self._xvfb = subprocess.Popen(
                [XVFB, "-displayfd", str(write), "-screen", "0", "1920x1200x24",
                 "-nolisten", "tcp"], pass_fds=(write,), stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL)
            os.close(write)
            with os.fdopen(read) as pipe:
                number = pipe.readline().strip()
            if not number:
                raise EngineMissing("webkit: Xvfb did not start")
            self._display = ":" + number
        return self._display

    def _webkit(self) -> Engine:
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        env = {**os.environ, "DISPLAY": self._x_display()}
        env.pop("WAYLAND_DISPLAY", None)
        binary = minibrowser()

        def attempt():
            options = Options()
            options.binary_location = binary
            options.add_argument("--automation")
            service = Service(executable_path=WEBKIT_DRIVER, env=env)
            box: list = []

            def run():
                try:
                    box.append(webdriver.WebKitGTK(options=options, service=service))
                except Exception as error:  # noqa: BLE001 - handed to the caller
                    box.append(error)

            thread = threading.Thread(target=run, daemon=True)
            thread.start()
            thread.join(SESSION_TIMEOUT_S)
            if not box:  # seen under heavy load: the driver waits forever for MiniBrowser
                if service.process is not None:
                    service.process.kill()
                thread.join(10)
                raise TimeoutError("WebKitWebDriver did not open MiniBrowser")
            if isinstance(box[0], Exception):
                raise box[0]
            return box[0]

        def session():
            """A new WebDriver session (MiniBrowser); one retry if the first one hangs."""
            try:
                return attempt()
            except TimeoutError:
                return attempt()

        probe = session()
        version = probe.capabilities.get("browserVersion", "?")
        probe.quit()

        def new_page(base_url, viewport, touch, service_workers):
            # A WebDriver session per page: each has fresh storage, as a new context does.
            return WebKitPage(session(), base_url, viewport)

        return Engine("webkit", f"WebKitGTK {version}", new_page)

