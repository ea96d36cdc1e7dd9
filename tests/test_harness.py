"""The page tests' own harness (tests/conftest.py): what it promises the tests rely on."""

from __future__ import annotations

import pytest


def test_a_crashed_renderer_is_replaced_and_the_page_started_again(page_watch):
    """Chromium's renderer has crashed while Pyodide started on loaded machines; PageWatch
    then opens the same address again in a fresh page of the context, with its storage."""
    page = page_watch
    page.goto("./")
    page.evaluate("localStorage.setItem('harness.mark', 'kept')")
    crashed = page.page
    try:
        crashed.goto("chrome://crash")
    except Exception:
        pass  # the navigation is aborted as the renderer goes away
    page.wait_ready()
    assert page.page is not crashed
    assert page.evaluate("document.documentElement.dataset.boot") == "ready"
    assert page.evaluate("localStorage.getItem('harness.mark')") == "kept"
    assert not page.page_errors, page.report()


def test_a_start_the_wasm_engine_faulted_is_started_again(context, site_url):
    """WebKitGTK's WebAssembly engine has faulted ("Out of bounds memory access") while
    Pyodide started on a loaded machine; the engines' pages (tools/engines.py) then reload,
    and the fault is not counted as the page's error. Here the first start is made to fail
    so, the second to start as usual."""
    from tools.engines import ENGINE_FAULTS, PlaywrightPage

    context.add_init_script(f"""
      if (!sessionStorage.getItem('harness.faulted')) {{
        sessionStorage.setItem('harness.faulted', '1');
        addEventListener('DOMContentLoaded', () => {{ throw new Error({ENGINE_FAULTS[0]!r}); }});
      }}""")
    tab = PlaywrightPage("chromium", context, site_url, touch=False)
    tab.goto("index.html?players=2&seed=3&pass=0")
    assert tab.js("() => document.documentElement.dataset.boot") == "ready"
    assert tab.js("() => sessionStorage.getItem('harness.faulted')") == "1"
    assert not tab.errors()


def test_an_engines_page_whose_renderer_crashed_is_opened_again(context, site_url):
    """The engines' pages (tools/engines.py) start a crashed Chromium renderer over as
    PageWatch does: the same address in a fresh page of the context, with its storage. CI
    once lost a test to two crashes in a row while Pyodide started."""
    from tools.engines import PlaywrightPage

    tab = PlaywrightPage("chromium", context, site_url, touch=False)
    tab.goto("index.html?players=2&seed=3&pass=0")
    tab.js("() => localStorage.setItem('harness.mark', 'kept')")
    crashed = tab.page
    try:
        crashed.goto("chrome://crash")
    except Exception:
        pass  # the navigation is aborted as the renderer goes away
    tab.wait_ready()
    assert tab.page is not crashed
    assert tab.js("() => document.documentElement.dataset.boot") == "ready"
    assert tab.js("() => location.search").startswith("?players=2&seed=3")
    assert tab.js("() => localStorage.getItem('harness.mark')") == "kept"
    assert not tab.errors()


def test_a_start_that_fails_otherwise_is_not_started_again(context, site_url):
    """Only the engine's own fault is retried: any other failure of the start is the page's."""
    from tools.engines import PlaywrightPage

    context.add_init_script("""
      const starts = 1 + Number(sessionStorage.getItem('harness.starts'));
      sessionStorage.setItem('harness.starts', String(starts));
      addEventListener('DOMContentLoaded', () => { throw new Error('a fault of the page'); });""")
    tab = PlaywrightPage("chromium", context, site_url, touch=False)
    with pytest.raises(AssertionError, match="a fault of the page"):
        tab.goto("index.html?players=2&seed=3&pass=0")
    assert tab.js("() => sessionStorage.getItem('harness.starts')") == "1"


_CRASHED: list[bool] = []


def test_a_test_whose_renderer_crashes_midway_runs_once_more(page_watch):
    """A renderer crash in the middle of a test (past a page load, where PageWatch cannot
    start it over) fails that attempt alone: pytest-rerunfailures runs the test once more
    for "Target crashed" and nothing else (pyproject.toml). Here the first attempt crashes
    its renderer on purpose; the second passes."""
    page_watch.goto("./")
    if not _CRASHED:
        _CRASHED.append(True)
        try:
            page_watch.page.goto("chrome://crash")
        except Exception:
            pass
        page_watch.page.click("#status", timeout=10_000)  # raises: Target crashed
    assert page_watch.evaluate("document.documentElement.dataset.boot") == "ready"


def test_the_warm_context_starts_every_test_as_a_first_visit(warm_context, site_url):
    """The worker's warm context (tests/conftest.py) outlives its tests: what one test
    stores is gone for the next, a change that would outlive the test is refused, and the
    keeper page holds the compiled interpreter that the tests' pages reuse."""
    first = warm_context.page()
    first.goto(site_url + "rules.html")
    first.evaluate("localStorage.setItem('harness.mark', 'left over')")
    warm_context.tidy()
    assert first.is_closed() and not warm_context.keeper.is_closed()
    second = warm_context.page()
    second.goto(site_url + "rules.html")
    assert second.evaluate("localStorage.getItem('harness.mark')") is None
    with pytest.raises(RuntimeError, match="own_context"):
        second.context.add_init_script("window.leak = 1")
    assert warm_context.keeper.evaluate("window.kept instanceof WebAssembly.Module")
    warm_context.tidy()


def test_the_engines_keys_are_selenium_s_own():
    """WebKit's pages press keys through Selenium, whose names differ from Playwright's:
    "ArrowLeft" had been looked up as ARROWLEFT and typed as letters."""
    from selenium.webdriver.common.keys import Keys

    from tools.engines import selenium_key

    for key, name in (("ArrowLeft", "ARROW_LEFT"), ("ArrowRight", "ARROW_RIGHT"),
                      ("PageDown", "PAGE_DOWN"), ("Enter", "ENTER"), ("Escape", "ESCAPE")):
        assert selenium_key(key) == name and hasattr(Keys, name), key
    assert not hasattr(Keys, selenium_key("a"))  # typed as it is

