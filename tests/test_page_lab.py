"""The lab's window and the table's helpers in the browser (issue 10): the readable scale
and Fit, the icon legend, the log lighting up its chambers, the settings kept."""

from __future__ import annotations

import json
import random

import pytest
from playhelp import click_random

CHAMBER_WIDTHS = """
() => [...document.querySelectorAll('#chambers > .chamber:not(.gone) .hex')]
        .map(h => h.getBoundingClientRect().width)
"""


@pytest.mark.browser_context_args(viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True)
def test_phone_lab_is_readable_and_fit_shows_it_whole(page_watch):
    page = page_watch
    page.goto("index.html?players=2&seed=5")
    readable = min(page.evaluate(CHAMBER_WIDTHS))
    assert readable >= 44
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    wrap = "document.getElementById('lab-wrap')"
    assert page.evaluate(f"{wrap}.scrollWidth > {wrap}.clientWidth")  # it pans
    page.click("#lab-fit")
    assert page.inner_text("#lab-fit") == "100%"
    assert page.evaluate(f"{wrap}.scrollWidth <= {wrap}.clientWidth + 1")  # all of it
    assert min(page.evaluate(CHAMBER_WIDTHS)) < readable - 1
    page.click("#lab-fit")
    assert min(page.evaluate(CHAMBER_WIDTHS)) == pytest.approx(readable, abs=0.5)
    page.assert_clean()


def test_legend_log_highlight_and_settings(page_watch):
    page = page_watch
    page.goto("index.html?players=2&seed=9")
    page.click("#btn-legend")
    assert page.locator("#legend-box[open]").count() == 1
    assert page.locator("#legend-box a[href^='./rules.html']").count() == 1
    assert page.locator("#legend-box use[href='#tok-turret']").count() == 2
    page.click("#legend-close")  # a way back by touch, no Escape needed
    assert page.locator("#legend-box[open]").count() == 0
    rng = random.Random(5)
    for _ in range(12):
        click_random(page, rng)
    entry = page.locator("#log .log-entry[data-chambers]").last
    letters = entry.get_attribute("data-chambers")
    entry.hover()
    lit = page.evaluate("[...document.querySelectorAll('#chambers .chamber.flash')]"
                        ".map(g => g.dataset.chamber).sort().join('')")
    assert lit == "".join(sorted(letters))
    page.mouse.move(5, 5)
    assert page.locator("#chambers .chamber.flash").count() == 0
    page.click("#more summary")
    page.click("#btn-prefs")
    assert page.locator("#prefs[open]").count() == 1
    page.check("#pref-single")
    page.uncheck("#pref-confirm")
    page.click("#prefs-close")
    prefs = json.loads(page.evaluate("localStorage.getItem('cakegame.prefs')"))
    assert prefs["auto_single"] is True and prefs["confirm_end"] is False
    page.assert_clean()
