"""The page tests' own harness (tests/conftest.py): what it promises the tests rely on."""

from __future__ import annotations


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
