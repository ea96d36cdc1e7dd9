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


PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}

# The top bar's controls a player sees now: their rows (rounded tops) and the bar's height.
TOP_BAR = """
() => {
  const bar = document.querySelector('header.topbar');
  const shown = [...bar.querySelectorAll('button, summary, a, .save-state')]
    .filter(e => e.getClientRects().length > 0 && !e.closest('.more-menu'));
  const tall = Math.max(...shown.filter(e => e.matches('button, summary'))
                                .map(e => e.getBoundingClientRect().height));
  return {ids: shown.map(e => e.id || e.textContent.trim()),
          rows: [...new Set(shown.map(e => {  // by the middle: a text and a button align so
            const r = e.getBoundingClientRect();
            return Math.round((r.top + r.bottom) / 16);
          }))],
          height: bar.getBoundingClientRect().height, button: tall,
          scroll: document.documentElement.scrollWidth};
}
"""


@pytest.mark.browser_context_args(**PHONE)
def test_phone_top_bar_is_one_row_and_more_holds_the_rest(page_watch):
    """On a phone the top bar is one row of buttons (Undo, Suggest, More); what it leaves
    out is in More, reachable by touch and by keys."""
    page = page_watch
    page.goto("index.html?players=2&seed=5")
    bar = page.evaluate(TOP_BAR)
    assert "btn-undo" in bar["ids"] and "btn-hint" in bar["ids"], bar
    hidden = {"btn-new", "btn-export", "btn-review", "btn-share", "btn-legend"}
    assert not hidden & set(bar["ids"]), bar
    assert len(bar["rows"]) == 1, bar  # one row
    assert bar["height"] <= bar["button"] + 24, bar  # one button row and the bar's padding
    assert bar["scroll"] <= 390
    # By touch: More, then Icons, opens the legend.
    page.tap("#more summary")
    for stand_in in ("#more-new", "#more-export", "#more-review", "#more-share",
                     "#more-legend", "#btn-prefs"):
        assert page.locator(stand_in).is_visible() and page.locator(stand_in).is_enabled()
    page.tap("#more-legend")
    assert page.locator("#legend-box[open]").count() == 1
    assert page.locator("#more[open]").count() == 0
    page.tap("#legend-close")
    # By keys: focus More, Enter opens it, Tab reaches Replay, Enter opens the replay.
    page.focus("#more summary")
    page.keyboard.press("Enter")
    assert page.locator("#more[open]").count() == 1
    for _ in range(3):
        page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "more-review"
    page.keyboard.press("Enter")
    assert page.locator("#review[open]").count() == 1
    page.click("#rv-close")
    # Escape closes the menu and leaves the focus on it.
    page.focus("#more summary")
    page.keyboard.press("Enter")
    page.keyboard.press("Escape")
    assert page.locator("#more[open]").count() == 0
    # The narrowest phones and a small tablet: still one row, nothing sticks out.
    for width in (320, 760):
        page.set_viewport_size({"width": width, "height": 800})
        bar = page.evaluate(TOP_BAR)
        assert len(bar["rows"]) == 1 and bar["scroll"] <= width, (width, bar)
    page.assert_clean()


def test_desktop_top_bar_keeps_its_buttons(page_watch):
    page = page_watch
    page.goto("index.html?players=2&seed=5")
    bar = page.evaluate(TOP_BAR)
    for el_id in ("btn-undo", "btn-hint", "btn-new", "btn-export", "btn-review", "btn-share",
                  "btn-legend"):
        assert el_id in bar["ids"], bar
    assert len(bar["rows"]) == 1, bar
    page.click("#more summary")
    assert not page.locator("#more-export").is_visible()  # no stand-ins on a wide screen
    assert page.locator("#btn-prefs").is_visible()
    page.assert_clean()


def _one_option_save(auto: bool) -> tuple[str, str]:
    """A save of a two-person game at a step with one option ("count 1"), and the prefs."""
    import cakegame
    from ui import saves
    s = cakegame.new_game(players=2, seed=1)
    rng = random.Random(1)
    while len(s.legal_actions()) > 1:
        s = s.apply(rng.choice(s.legal_actions()))
    assert [str(a) for a in s.legal_actions()] == ["count 1"]
    return (saves.encode(s, ["human", "human"], ui={"pass_device": False}),
            json.dumps({"auto_single": auto, "confirm_end": True, "pace": "normal"}))


LOG_LENGTH = """
async () => {
  await new Promise(r => setTimeout(r, 0));
  return JSON.parse(localStorage.getItem('cakegame.save')).log.length;
}
"""


@pytest.mark.parametrize("auto", [True, False], ids=["on", "off"])
def test_a_single_option_is_taken_by_itself_only_when_asked(page_watch, auto):
    """Settings: "Take a decision with only one option by itself". On: "how many: [1]" goes
    by without a click. Off: the page waits for the click."""
    page = page_watch
    save, prefs = _one_option_save(auto)
    page.goto("rules.html", wait_ready=False)
    page.evaluate("([s, p]) => { localStorage.setItem('cakegame.save', s); "
                  "localStorage.setItem('cakegame.prefs', p); }", [save, prefs])
    page.add_init_script("""
      window.__notices = [];
      new MutationObserver(() => {
        const box = document.getElementById('notice');
        if (box && box.textContent) window.__notices.push(box.textContent);
      }).observe(document, {subtree: true, childList: true, characterData: true});
    """)
    page.goto("index.html")
    if auto:
        page.wait_for_function("() => JSON.parse(localStorage.getItem('cakegame.save'))"
                               ".log.length === 1", timeout=10_000)
        assert page.locator("[data-action='count 1']").count() == 0
        assert any("taken by itself" in n for n in page.evaluate("window.__notices"))
    else:
        # The page decides when it draws the decision whether to take it by itself, and
        # says so at once in #notice; drawn (goto waits for it), it has said nothing.
        assert "by itself" not in page.inner_text("#notice")
        assert page.evaluate(LOG_LENGTH) == 0
        button = page.locator("[data-action='count 1']:not([disabled])")
        assert button.count() == 1 and button.is_visible()
        button.click()
        page.wait_for_function("() => JSON.parse(localStorage.getItem('cakegame.save'))"
                               ".log.length === 1", timeout=10_000)
    page.assert_clean()
