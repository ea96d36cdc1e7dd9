"""The lab's window and the table's helpers in the browser (issue 10): the readable scale
and Fit, the icon legend, the log lighting up its chambers, the settings kept."""

from __future__ import annotations

import json
import random

import keyhelp
import pytest
from cakegame import CARDS
from playhelp import MOTION_ENDED, click_random, open_saved, session_save
from ui import targets

CHAMBER_WIDTHS = """
() => [...document.querySelectorAll('#chambers > .chamber:not(.gone) .hex')]
        .map(h => h.getBoundingClientRect().width)
"""


@pytest.mark.browser_context_args(viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True)
def test_phone_lab_is_readable_and_fit_shows_it_whole(page_watch):
    page = page_watch
    page.goto("index.html?players=2&seed=5&pass=0")
    # A touch screen without a mouse: "tap", not "click".
    assert page.inner_text("#choices").startswith("Tap a highlighted chamber")
    readable = min(page.evaluate(CHAMBER_WIDTHS))
    assert readable >= 44
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # A tap leaves no browser tap box over a chamber (a see-through rectangle).
    assert page.evaluate("getComputedStyle(document.querySelector('#chambers .hex'))"
                         ".webkitTapHighlightColor") == "rgba(0, 0, 0, 0)"
    wrap = "document.getElementById('lab-wrap')"
    assert page.evaluate(f"{wrap}.scrollWidth > {wrap}.clientWidth")  # it pans
    # The middle zoom button says what a press does: "Fit" the whole lab, then back to
    # the "Actual size"; its accessible name is the same words (no pressed state).
    fit = page.get_by_role("button", name="Fit", exact=True)
    assert fit.count() == 1 and fit.get_attribute("aria-pressed") is None
    where = page.evaluate(FIT_PLACE)
    fit.click()
    assert page.inner_text("#lab-fit") == "Actual size"
    assert page.evaluate(f"{wrap}.scrollWidth <= {wrap}.clientWidth + 1")  # all of it
    assert min(page.evaluate(CHAMBER_WIDTHS)) < readable - 1
    # The panel keeps its height (below), and the fitted lab stands in its middle: it hung
    # from the top over an empty band.
    above, below = page.evaluate(FIT_MARGINS)
    assert above > 8 and abs(above - below) <= 2, (above, below)
    # The button stays under the finger for the press back (it rose and moved left: a
    # play-tester's second tap missed it).
    assert page.evaluate(FIT_PLACE) == where
    page.get_by_role("button", name="Actual size", exact=True).click()
    assert page.inner_text("#lab-fit") == "Fit"
    assert page.evaluate(FIT_PLACE) == where
    assert min(page.evaluate(CHAMBER_WIDTHS)) == pytest.approx(readable, abs=0.5)
    # Zoomed in, it offers the way back too; from the keyboard as well.
    page.get_by_role("button", name="Zoom in").click()
    assert min(page.evaluate(CHAMBER_WIDTHS)) > readable + 1
    assert page.inner_text("#lab-fit") == "Actual size"
    # The zoom buttons stay under the finger, in and out: the panel grew with the lab and
    # pushed them down, and a play-tester's second tap on "+" landed on a chamber.
    assert page.evaluate(FIT_PLACE) == where
    page.get_by_role("button", name="Zoom in").click()
    assert page.evaluate(FIT_PLACE) == where
    for _ in range(4):
        page.get_by_role("button", name="Zoom out").click()
        assert page.evaluate(FIT_PLACE) == where
    page.get_by_role("button", name="Zoom in").click()
    page.focus("#lab-fit")
    page.keyboard.press("Enter")
    assert page.inner_text("#lab-fit") == "Fit"
    assert min(page.evaluate(CHAMBER_WIDTHS)) == pytest.approx(readable, abs=0.5)
    assert page.get_by_role("group", name="Zoom the lab").count() == 1
    page.assert_clean()


FIT_PLACE = """
() => { const r = document.getElementById('lab-fit').getBoundingClientRect();
        return [Math.round(r.left), Math.round(r.top + scrollY), Math.round(r.width)]; }
"""


FIT_MARGINS = """
() => { const lab = document.getElementById('lab').getBoundingClientRect();
        const wrap = document.getElementById('lab-wrap').getBoundingClientRect();
        return [lab.top - wrap.top, wrap.bottom - lab.bottom]; }
"""


FIT_SEEN = """
() => { const lab = document.getElementById('lab').getBoundingClientRect();
        const wrap = document.getElementById('lab-wrap');
        return {labBottom: lab.bottom, labWidth: lab.width,
                buttonBottom: document.getElementById('lab-fit').getBoundingClientRect().bottom,
                whole: wrap.scrollWidth <= wrap.clientWidth + 1
                       && wrap.scrollHeight <= wrap.clientHeight + 1}; }
"""


def test_fit_on_a_desktop_keeps_the_lab_and_its_buttons_on_the_screen(page_watch):
    """At 1280x800 the first turns' narrow lab already shows whole at its largest scale:
    Fit then leaves it so (it once drew it 100% wide, past the screen's foot, taking the
    zoom buttons with it); a wide lab late in the game shrinks to show whole."""
    page = page_watch
    page.goto("index.html?players=2&seed=11&pass=0")
    actual = page.evaluate(FIT_SEEN)
    page.click("#lab-fit")
    fitted = page.evaluate(FIT_SEEN)
    assert fitted["whole"] and fitted["labWidth"] <= actual["labWidth"] + 1, (actual, fitted)
    assert fitted["labBottom"] <= 800 and fitted["buttonBottom"] <= 800, fitted
    page.click("#lab-fit")
    open_saved(page, session_save(3, 5, lambda ses: ses.state.turn_number >= 40))
    wide = page.evaluate(FIT_SEEN)
    assert not wide["whole"]  # the staircase of a late lab is wider than the panel
    page.click("#lab-fit")
    fitted = page.evaluate(FIT_SEEN)
    assert fitted["whole"] and fitted["labBottom"] <= 800, fitted
    page.assert_clean()


# The legend's pictures whose drawn box is not centred in its tile, or overflows it.
LEGEND_OFF_CENTRE = """() => [...document.querySelectorAll('#legend-box svg > *')].flatMap(el => {
  const tile = el.ownerSVGElement.getBoundingClientRect(), b = el.getBoundingClientRect();
  const dx = (b.left + b.right - tile.left - tile.right) / 2;
  const dy = (b.top + b.bottom - tile.top - tile.bottom) / 2;
  const inside = b.left >= tile.left - 2 && b.right <= tile.right + 2 &&
                 b.top >= tile.top - 2 && b.bottom <= tile.bottom + 2;  // a candle's flame
  const centred = Math.abs(dx) < tile.width / 5 && Math.abs(dy) < tile.height / 5;
  return inside && centred && b.width > tile.width / 3 ? [] :
    [`${el.getAttribute('href') || el.getAttribute('class')}: ${dx.toFixed(1)},${dy.toFixed(1)}`];
})"""


# The lines each shown item of the More menu takes.
MENU_LINES = """() => Object.fromEntries([...document.querySelectorAll('.more-menu > *')]
  .filter(el => el.offsetParent !== null).map(el => {
    const r = document.createRange(); r.selectNodeContents(el);
    const tops = [...r.getClientRects()].map(x => Math.round(x.top));
    return [el.textContent.trim(), new Set(tops).size];
  }))"""


def test_legend_log_highlight_and_settings(page_watch):
    page = page_watch
    page.goto("index.html?players=2&seed=9&pass=0")
    page.click("#btn-legend")
    assert page.locator("#legend-box[open]").count() == 1
    assert page.locator("#legend-box a[href^='./rules.html']").count() == 1
    assert page.locator("#legend-box use[href='#tok-turret']").count() == 2
    # Each picture stands in the middle of its tile (a <use> of a symbol without a place
    # and a size showed only the symbol's corner).
    off = page.evaluate(LEGEND_OFF_CENTRE)
    assert off == [], off
    page.click("#legend-close")  # a way back by touch, no Escape needed
    assert page.locator("#legend-box[open]").count() == 0
    # The More menu is as wide as its words ("Imp/ort" broke over two lines on a desktop).
    page.click("#more summary")
    lines = page.evaluate(MENU_LINES)
    assert lines and all(n == 1 for n in lines.values()), lines
    page.keyboard.press("Escape")
    rng = random.Random(5)
    for _ in range(12):
        click_random(page, rng)
    entry = page.locator("#log .log-entry[data-chambers]:visible").last
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
    page.goto("index.html?players=2&seed=5&pass=0")
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


STRIP = """
() => {
  const strip = document.getElementById('table-strip');
  const scores = document.getElementById('strip-scores');
  const box = strip.getBoundingClientRect();
  return {
    shown: getComputedStyle(strip).display !== 'none' && box.height > 0,
    bottom: box.bottom,
    labTop: document.getElementById('lab-wrap').getBoundingClientRect().top,
    statusBottom: document.querySelector('.status-bar').getBoundingClientRect().bottom,
    divisions: [...scores.querySelectorAll('.strip-div')].map(d => ({
      cls: d.className, counts: [...d.querySelectorAll('.strip-n')].map(n => n.textContent)})),
    fits: scores.scrollWidth <= scores.clientWidth && strip.scrollWidth <= strip.clientWidth,
    wordsSeen: [...scores.querySelectorAll('.sr-only')]
      .some(w => w.getBoundingClientRect().width > 1),
    name: [...scores.querySelectorAll('.strip-div')].map(d => d.textContent).join(''),
    rule: document.getElementById('strip-rule').textContent,
    expanded: document.getElementById('strip-rule').getAttribute('aria-expanded'),
    ruleText: document.getElementById('strip-rule-text').hidden ? null
      : document.getElementById('strip-rule-text').textContent,
  };
}
"""


@pytest.mark.browser_context_args(viewport={"width": 360, "height": 800}, has_touch=True,
                                  is_mobile=True)
def test_a_phone_shows_the_scores_and_the_rule_in_force_above_the_lab(page_watch):
    """In one column the Divisions panel and the active Character lie far below the lab:
    the strip under the status shows each division's Test Subjects and Cake Slices in the
    lab (four divisions on a 360 px phone, nothing cut), and the Character whose rule holds,
    whose text a tap opens in place; a tap on the scores goes to the Divisions panel."""
    from ui import saves
    page = page_watch
    raw = session_save(4, 3, lambda ses: ses.state.turn_number >= 12
                       and ses.state.character is not None
                       and ses.state.current_player == 0 and ses.state.decision == "deploy")
    state = saves.decode(raw).state
    open_saved(page, raw)
    page.wait_for_selector("#table-strip:not([hidden])")
    strip = page.evaluate(STRIP)
    assert strip["shown"] and strip["fits"], strip
    assert strip["statusBottom"] <= strip["bottom"] < strip["labTop"], strip
    assert [d["counts"] for d in strip["divisions"]] == [
        [str(n), str(c)] for n, c in zip(state.subjects_in_lab(), state.cake_in_lab())]
    assert "acting" in strip["divisions"][0]["cls"]
    assert not any("acting" in d["cls"] for d in strip["divisions"][1:])
    names = state.names
    # A screen reader hears the figures with their words; the eye sees the figures.
    subjects, cake = state.subjects_in_lab(), state.cake_in_lab()
    assert strip["name"].startswith(f"{names[0]}: {subjects[0]} Test Subject")
    assert f"; {names[3]}: {subjects[3]} Test Subject" in strip["name"]
    assert strip["name"].endswith(f"{cake[3]} Cake Slice" + ("s" if cake[3] != 1 else ""))
    assert not strip["wordsSeen"]
    char = state.character
    assert strip["rule"] == f"Rule {char.character_title}" and strip["expanded"] == "false"
    # Every Character's rule name shows whole (two lines at most) beside four divisions.
    cut = page.evaluate("""titles => titles.filter(title => {
        const rule = document.getElementById('strip-rule');
        const scores = document.getElementById('strip-scores');
        const name = rule.querySelector('.strip-rule-name'), was = name.textContent;
        name.textContent = title;
        const bad = rule.scrollHeight > rule.clientHeight + 1
          || rule.scrollWidth > rule.clientWidth + 1 || scores.scrollWidth > scores.clientWidth;
        name.textContent = was;
        return bad; })""", [c.character_title for c in CARDS])
    assert not cut, cut
    assert strip["ruleText"] is None
    page.tap("#strip-rule")
    strip = page.evaluate(STRIP)
    assert strip["expanded"] == "true" and char.character_text in strip["ruleText"], strip
    page.tap("#strip-rule")
    assert page.evaluate(STRIP)["ruleText"] is None
    page.tap("#strip-scores")
    page.wait_for_function("() => { const r = document.getElementById('players-h')"
                           ".getBoundingClientRect(); return r.top > -2 && r.top < 200; }")
    # The focus goes along (a keyboard was left on the strip, out of sight).
    assert page.evaluate("document.activeElement.id") == "players-h"
    # A desktop has the side column: no strip.
    page.set_viewport_size({"width": 1280, "height": 800})
    assert not page.evaluate(STRIP)["shown"]
    page.assert_clean()


def test_a_desktop_keeps_the_rule_in_force_in_view_atop_the_side_column(page_watch):
    """At 1280x800 a full hand fills the side column and the Character's card lies below
    its fold (a play-tester never saw Overtime's rule while holding cards): the Divisions
    panel's heading row names the rule in force, whose text its tooltip holds, and a press
    brings the card into view. No Character yet, no chip; one column shows the strip's."""
    from ui import saves
    page = page_watch
    raw = session_save(4, 2, lambda ses: ses.state.turn_number >= 12
                       and ses.state.character is not None and ses.state.decision == "deploy"
                       and ses.state.hand_size(ses.state.current_player) >= 3)
    char = saves.decode(raw).state.character
    open_saved(page, raw)
    chip = page.locator("#rule-chip")
    assert chip.is_visible() and chip.inner_text().split() == [
        "RULE", *char.character_title.split()]
    assert char.character_text in chip.get_attribute("title")
    # In view, on the heading's row, beside the heading's words and not over them.
    box = chip.bounding_box()
    head = page.evaluate("""() => { const h = document.getElementById('players-h');
        const r = document.createRange(); r.selectNodeContents(h);
        const t = r.getBoundingClientRect(), b = h.getBoundingClientRect();
        return {right: t.right, top: b.top, bottom: b.bottom}; }""")
    assert box["y"] >= 0 and box["y"] + box["height"] <= 800
    assert box["x"] > head["right"] and box["y"] < head["bottom"], (box, head)
    # Every Character's name, at a turn of three figures: beside the heading or on the row
    # under it, never over it, inside the panel, and whole (it was cut: "Safety R...").
    over = page.evaluate("""titles => {
        const chip = document.getElementById('rule-chip');
        const h = document.getElementById('players-h');
        const name = chip.querySelector('.strip-rule-name');
        const was = [name.textContent, h.textContent];
        h.textContent = 'Divisions · turn 104';
        const bad = titles.filter(title => {
          name.textContent = title;
          const r = document.createRange(); r.selectNodeContents(h);
          const t = r.getBoundingClientRect(), c = chip.getBoundingClientRect();
          const p = chip.parentElement.getBoundingClientRect();
          const cut = name.scrollWidth > name.clientWidth + 0.5;
          const beside = c.left > t.right && c.top < t.bottom;
          const under = c.top >= t.bottom && c.top < t.bottom + 30 && c.left > p.left;
          return !(beside || under) || c.right > p.right || cut;
        });
        [name.textContent, h.textContent] = was;
        return bad; }""", [c.character_title for c in CARDS])
    assert not over, over
    card_in_view = """() => {
      const card = document.getElementById('discard').getBoundingClientRect();
      const side = document.querySelector('aside.side').getBoundingClientRect();
      return card.top >= side.top - 1 && card.top + 60 <= Math.min(side.bottom, innerHeight);
    }"""
    assert not page.evaluate(card_in_view), "the card was in view already: no test"
    chip.click()
    page.wait_for_function(card_in_view)
    assert "called" in page.get_attribute("#discard", "class")
    page.set_viewport_size({"width": 800, "height": 900})
    assert not chip.is_visible()
    page.goto("index.html?players=2&seed=5&pass=0")
    assert page.locator("#rule-chip").is_hidden()  # no Character at the start
    page.assert_clean()


def test_desktop_top_bar_keeps_its_buttons(page_watch):
    page = page_watch
    page.goto("index.html?players=2&seed=5&pass=0")
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


# ---- choices out of view: the edge markers -----------------------------------------------

def _late_wide_save() -> str:
    """A save of a three-person game past turn 40, at a decision with at least 10 chambers
    to choose, in a lab that has grown wide (easy bots played every seat up to there)."""
    import cakegame
    from cakegame.bots import choose
    from ui import saves
    s = cakegame.new_game(players=3, seed=5)
    n = 0
    while True:
        assert not s.is_over and s.turn_number < 70, "no wide decision late in the game"
        chambers = {c.letter: c.x for c in s.chambers()}
        board = targets.sort_actions([str(a) for a in s.legal_actions()]).board
        xs = [chambers[k] for k in board if k in chambers]
        if s.turn_number >= 40 and len(xs) >= 10 and max(xs) - min(xs) >= 16:
            return saves.encode(s, ["human"] * 3, ui={"pass_device": False})
        s = s.apply(choose(s.view(s.current_player), "easy", seed=n * 31 + 1))
        n += 1


# After the redraw and the lab's follow: each board choice, by how much of it shows in the
# panel (a choice three quarters in view counts as in view), and the markers shown.
CHOICES_VS_MARKERS = """
async () => {
  await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
  const wrap = document.getElementById('lab-wrap');
  const box = wrap.getBoundingClientRect();
  const inner = {left: box.left + wrap.clientLeft, top: box.top + wrap.clientTop};
  inner.right = inner.left + wrap.clientWidth;
  inner.bottom = inner.top + wrap.clientHeight;
  const choices = [...document.querySelectorAll(
      '#chambers > .chamber.target, #chambers > .chamber.second, #chambers > .chamber.multi')]
    .map(g => {
      const r = g.querySelector('.hex').getBoundingClientRect();
      const seenW = Math.min(r.right, inner.right) - Math.max(r.left, inner.left);
      const seenH = Math.min(r.bottom, inner.bottom) - Math.max(r.top, inner.top);
      const x = (r.left + r.right) / 2;
      // Hidden (less than three quarters seen): by the side it is further past. Zoomed
      // in, the panel keeps its height and the lab may lie beyond its foot too.
      let side = null;
      if (seenW < r.width * 0.75 - 0.5 || seenH < r.height * 0.75 - 0.5) {
        const y = (r.top + r.bottom) / 2;
        const past = {left: inner.left + r.width / 4 - x, right: x - (inner.right - r.width / 4),
                      top: inner.top + r.height / 4 - y, bottom: y - (inner.bottom - r.height / 4)};
        side = ['left', 'right', 'top', 'bottom'].reduce((a, b) => past[b] > past[a] ? b : a);
      }
      const whole = r.left >= inner.left - 0.5 && r.right <= inner.right + 0.5
                 && r.top >= inner.top - 0.5 && r.bottom <= inner.bottom + 0.5;
      return {letter: g.dataset.letter, side, x, whole};
    });
  const markers = {};
  for (const b of document.querySelectorAll('.lab-more')) {
    if (!b.hidden && b.getClientRects().length) {
      markers[b.dataset.side] = {text: b.textContent, name: b.getAttribute('aria-label'),
                                 tag: b.tagName, type: b.type};
    }
  }
  return {choices, markers, left: wrap.scrollLeft};
}
"""

SETTLED_SCROLL = """
async () => {
  const wrap = document.getElementById('lab-wrap');
  let last = -1, still = 0;
  for (let i = 0; i < 200 && still < 5; i++) {
    await new Promise(r => requestAnimationFrame(r));
    still = wrap.scrollLeft === last ? still + 1 : 0;
    last = wrap.scrollLeft;
  }
  return last;
}
"""


def _check_markers(seen: dict) -> dict[str, list[str]]:
    """Each side's marker counts exactly the choices beyond it, and none shows elsewhere."""
    beyond: dict[str, list[str]] = {}
    for c in seen["choices"]:
        if c["side"]:
            beyond.setdefault(c["side"], []).append(c["letter"])
    assert set(seen["markers"]) == set(beyond), (seen["markers"], beyond)
    arrows = {"left": "◂", "right": "▸", "top": "▴", "bottom": "▾"}
    places = {"left": "to the left", "right": "to the right", "top": "above", "bottom": "below"}
    for side, letters in beyond.items():
        marker = seen["markers"][side]
        n = len(letters)
        arrow = arrows[side]
        assert marker["text"] == (f"{n} {arrow}" if side in ("right", "bottom")
                                  else f"{arrow} {n}")
        assert marker["name"] == (f"{n} more chamber{'s' if n != 1 else ''} to choose "
                                  f"{places[side]}")
        assert marker["tag"] == "BUTTON" and marker["type"] == "button"
    return beyond


@pytest.mark.parametrize("size", [
    pytest.param("phone", marks=pytest.mark.browser_context_args(**PHONE), id="phone"),
    pytest.param("desk", id="desk")])
def test_markers_show_the_chambers_to_choose_out_of_view(page_watch, size):
    """Late in a game the lab is wider than a phone (and than a 1280 px window's panel):
    the chambers to choose beyond the panel's edges are counted by a marker at each edge;
    pressing one (a tap, a mouse click) scrolls the nearest of them into view; the markers
    follow a pan; none shows when the whole lab does (Fit)."""
    page = page_watch
    press = page.tap if size == "phone" else page.click
    open_saved(page, _late_wide_save())
    seen = page.evaluate(CHOICES_VS_MARKERS)
    assert len(seen["choices"]) >= 10
    beyond = _check_markers(seen)
    assert "right" in beyond or "left" in beyond, seen
    in_view = [c for c in seen["choices"] if not c["side"]]
    assert in_view, "the follow after the redraw shows some chambers to choose"
    # Press each marker until that side has nothing left beyond it: each press brings the
    # nearest hidden chamber wholly into the panel.
    for side in ("right", "left"):
        for _ in range(len(seen["choices"])):
            if side not in seen["markers"]:
                break
            hidden = [c for c in seen["choices"] if c["side"] == side]
            nearest = (min if side == "right" else max)(hidden, key=lambda c: c["x"])
            before = seen["left"]
            press(f"#lab-more-{side}")
            after = page.evaluate(SETTLED_SCROLL)
            assert (after > before) if side == "right" else (after < before)
            seen = page.evaluate(CHOICES_VS_MARKERS)
            now = {c["letter"]: c for c in seen["choices"]}
            assert now[nearest["letter"]]["whole"], (side, nearest, now[nearest["letter"]])
            _check_markers(seen)
        assert side not in seen["markers"]
    # A pan by hand: the markers follow it.
    page.evaluate("document.getElementById('lab-wrap').scrollLeft = 0")
    page.evaluate(SETTLED_SCROLL)
    seen = page.evaluate(CHOICES_VS_MARKERS)
    assert "right" in _check_markers(seen) and "left" not in seen["markers"]
    # Zoomed in or out: the markers count again at the new scale.
    for button in ("#lab-in", "#lab-out", "#lab-out", "#lab-in"):
        page.click(button)
        _check_markers(page.evaluate(CHOICES_VS_MARKERS))
    page.evaluate("document.getElementById('lab-wrap').scrollLeft = 0")
    page.evaluate(SETTLED_SCROLL)
    # From the keyboard: the marker takes Enter, and the focus goes to the chamber it showed.
    page.focus("#lab-more-right")
    page.keyboard.press("Enter")
    page.evaluate(SETTLED_SCROLL)
    focused = page.evaluate("document.activeElement.closest('.chamber')?.dataset.letter")
    seen = page.evaluate(CHOICES_VS_MARKERS)
    assert focused in {c["letter"] for c in seen["choices"] if c["whole"]}, (focused, seen)
    # The whole lab in view: no markers; back to 100%: they come back.
    page.click("#lab-fit")
    seen = page.evaluate(CHOICES_VS_MARKERS)
    assert all(not c["side"] for c in seen["choices"]) and not seen["markers"], seen
    page.click("#lab-fit")
    assert _check_markers(page.evaluate(CHOICES_VS_MARKERS))
    # Play on by the buttons until a decision offers no chamber: then no marker either.
    for _ in range(6):
        assert page.evaluate(PRESS_FIRST_BUTTON), "no button to press"
        seen = page.evaluate(CHOICES_VS_MARKERS)
        _check_markers(seen)
        if not seen["choices"]:
            break
    assert not seen["choices"] and not seen["markers"], seen
    page.assert_clean()


def test_the_panel_fades_where_the_lab_goes_on_out_of_view(page_watch, artifacts):
    """A lab wider than its panel at 1280x800: the side past which some of it lies fades,
    choices or not (a chamber wholly out of view left no sign that it was there); panned to
    the other end, the fade follows; the whole lab in view (Fit), no fade."""
    page = page_watch
    open_saved(page, _late_wide_save())
    more = "document.querySelector('.lab-frame').dataset.more"
    fade = "getComputedStyle(document.querySelector('.lab-frame'), '::after').opacity"
    for left, sides in (("0", {"right"}), ("1e6", {"left"})):
        page.evaluate(f"document.getElementById('lab-wrap').scrollLeft = {left}")
        page.evaluate(SETTLED_SCROLL)
        page.wait_for_function(f"({more} || '').split(' ').includes('{sides.pop()}')")
        sides_now = set(page.evaluate(more).split())
        assert sides_now == ({"right"} if left == "0" else {"left"}), sides_now
    page.evaluate("document.getElementById('lab-wrap').scrollLeft = 0")
    page.evaluate(SETTLED_SCROLL)
    page.wait_for_function(f"({more} || '').includes('right')")
    page.wait_for_function(f"{fade} === '1'")
    page.screenshot(path=str(artifacts / "lab-fade-desk.png"))
    page.click("#lab-fit")
    page.wait_for_function(f"{more} === ''")
    page.assert_clean()


# Press the first option among the buttons (not the lab) and wait for the redraw.
PRESS_FIRST_BUTTON = """
async () => {
  const status = document.getElementById('status'), before = status.dataset.ready;
  const el = document.querySelector('#choices [data-action]:not([disabled])');
  if (!el) return false;
  el.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true, view: window}));
  for (let i = 0; i < 300 && status.dataset.ready === before; i++) {
    await new Promise(r => setTimeout(r, 10));
  }
  return true;
}
"""


def test_no_markers_when_the_lab_fits(page_watch):
    """A new game on a desktop: the lab fits its panel, every choice shows, no marker (and
    the prompt says "click", a touch screen's "tap")."""
    page = page_watch
    page.goto("index.html?players=2&seed=5&pass=0")
    assert page.inner_text("#choices").startswith("Click a highlighted chamber")
    seen = page.evaluate(CHOICES_VS_MARKERS)
    assert seen["choices"] and all(c["whole"] for c in seen["choices"])
    assert not seen["markers"]
    assert page.locator(".lab-more").count() == 4  # the markers are there, all hidden
    assert page.locator(".lab-more:not([hidden])").count() == 0
    page.assert_clean()


def _late_recycle_save() -> str:
    """A save of a three-person game from turn 30 on, at a recycle ("recycle top", ...),
    in a lab whose rows span more than a phone shows."""
    import cakegame
    from cakegame.bots import choose
    from ui import saves
    s = cakegame.new_game(players=3, seed=5)
    n = 0
    while True:
        assert not s.is_over and s.turn_number < 70, "no recycle in a wide lab"
        xs = [c.x for c in s.chambers()]
        if s.turn_number >= 30 and s.decision == "recycle" and max(xs) - min(xs) >= 16:
            return saves.encode(s, ["human"] * 3, ui={"pass_device": False})
        s = s.apply(choose(s.view(s.current_player), "easy", seed=n * 31 + 1))
        n += 1


# Recycle: press the first place offered, wait for the redraw, the follow and the chamber's
# flight; then the chambers the new log entry names, and whether each is wholly in view.
RECYCLE_AND_LOOK = """
async () => {
  const status = document.getElementById('status'), before = status.dataset.ready;
  const el = document.querySelector('.choices [data-action^="recycle "]:not([disabled])');
  el.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true, view: window}));
  for (let i = 0; i < 300 && status.dataset.ready === before; i++) {
    await new Promise(r => setTimeout(r, 10));
  }
  await new Promise(r => setTimeout(r, 1200));  // the recycled chamber's flight (.9 s)
  const wrap = document.getElementById('lab-wrap'), box = wrap.getBoundingClientRect();
  const left = box.left + wrap.clientLeft, right = left + wrap.clientWidth;
  const entry = [...document.querySelectorAll('#log .log-entry[data-chambers]')].pop();
  const letters = entry ? entry.dataset.chambers : '';
  return {action: el.dataset.action, letters, seen: [...letters].map(k => {
    const r = document.querySelector(`#ch-${k} .hex`).getBoundingClientRect();
    return r.left >= left - 0.5 && r.right <= right + 0.5;
  })};
}
"""


@pytest.mark.browser_context_args(**PHONE)
def test_after_a_recycle_the_lab_follows_the_chamber_to_its_new_place(page_watch):
    """A recycle names no chamber ("recycle bottom"): the lab follows the chambers its log
    entry names, where they are after the redraw, not where the recycled one was."""
    page = page_watch
    open_saved(page, _late_recycle_save())
    # The player looks at the old edge's end of the lab (where chambers are activated).
    page.evaluate("(() => { const w = document.getElementById('lab-wrap');"
                  " w.scrollLeft = w.scrollWidth; })()")
    page.evaluate(SETTLED_SCROLL)
    seen = page.evaluate(RECYCLE_AND_LOOK)
    assert seen["letters"] and all(seen["seen"]), seen
    page.assert_clean()


def test_a_long_status_fits_its_line_on_a_desktop(page_watch):
    """At 1280x800 the status keeps one line: a long one ("Green: carry out Faithful Friend
    (place the Companion Cube, take an Aperture Card)") is set smaller and is not cut, and
    its whole text is the line's tooltip."""
    page = page_watch
    open_saved(page, _late_wide_save())
    # Measured to the fraction of a pixel: scrollWidth rounds, and hid an ellipsis once.
    status = page.evaluate("""() => { const s = document.getElementById('status');
        const range = document.createRange(); range.selectNodeContents(s);
        return {text: s.textContent, title: s.title, long: s.classList.contains('long'),
                cut: range.getBoundingClientRect().width > s.getBoundingClientRect().width,
                lines: s.getClientRects().length}; }""")
    assert len(status["text"]) > 64 and status["long"], status
    assert not status["cut"], status
    assert status["title"] == status["text"]
    page.assert_clean()


def test_a_status_cut_all_the_same_is_said_whole_in_the_choices_bar(page_watch):
    """Beside the pace menu a reward to collect in another's turn is cut: "Orange: collect
    R's rewards (Green's turn): 2 Test Subjects and 2 Cake ..." (a play-tester), with the
    rest only in the line's tooltip. Then the choices bar opens with the whole prompt; a
    status that fits leaves it out."""
    prompts = []

    def long_reward(ses) -> bool:
        s = ses.state
        prompts.append(s.prompt() if not s.is_over else "")
        return s.current_player == 0 and s.turn != 0 and len(s.prompt()) > 70
    raw = session_save(3, 2, long_reward, seats=["human", "medium", "medium"])
    page = page_watch
    open_saved(page, raw)
    page.wait_for_selector("#status[data-cut]")
    prompt = prompts[-1]
    assert page.inner_text("#choices").startswith(prompt[0].upper() + prompt[1:] + ".")
    click_random(page, random.Random(1))  # collect one: a shorter prompt may follow
    page.wait_for_function("() => document.getElementById('status').title !== "
                           f"{json.dumps('Orange: ' + prompt)}")
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => setTimeout(r)))")
    cut = page.evaluate("document.getElementById('status').hasAttribute('data-cut')")
    shown = page.evaluate("[...document.querySelectorAll('#choices .status-whole')]"
                          ".some(e => e.getClientRects().length > 0)")
    assert shown == cut
    page.assert_clean()


def test_a_computer_s_status_fits_its_line_beside_the_pace_on_a_desktop(page_watch):
    """At 1280x800 a computer player's move, beside the pace menu, keeps its whole line:
    "Blue (medium computer) chooses a chamber to move Test Subjects from" was cut as
    "... (medium computer player): choose a chamber to move Test Subj..." (a play-tester).
    It tells what the computer does, not an order ("Blue (medium computer): choose ..." read
    as one to the person watching: a play-tester)."""
    page = page_watch
    page.goto("index.html?players=4&seed=5&seats=human,medium,medium,medium&first=1")
    want = "Blue (medium computer) chooses a chamber to move Test Subjects from"
    page.wait_for_function("t => document.getElementById('status').textContent === t", arg=want,
                           timeout=60_000, polling=20)
    status = page.evaluate("""() => { const s = document.getElementById('status');
        return {cut: s.scrollWidth > s.clientWidth, widths: [s.scrollWidth, s.clientWidth],
                pace: !document.getElementById('pace-box').hidden}; }""")
    assert status["pace"] and not status["cut"], status
    # The choices bar, with no choice of the person's, says what is going on (it stood
    # empty: a band of 70-140 px above a phone's lab while a computer thought).
    assert page.inner_text("#choices") == \
        "Blue is playing: each move shows on the lab as it is made."
    page.assert_clean()


@pytest.mark.browser_context_args(viewport={"width": 1024, "height": 768})
def test_a_computer_s_status_cut_beside_the_pace_is_whole_in_the_choices_bar(page_watch):
    """At 1024x768 the pace menu leaves a computer's status one line too short ("Blue
    (medium computer): carry out Sche...", a play-tester); the choices bar then opens with
    its whole status, as a person's cut one does."""
    page = page_watch
    page.goto("index.html?players=4&seed=5&seats=human,medium,medium,medium&first=1")
    page.wait_for_selector("#status[data-cut]", timeout=60_000)
    seen = page.evaluate("""() => {
      const status = document.getElementById('status');
      const whole = [...document.querySelectorAll('#choices .status-whole')]
        .filter(e => e.getClientRects().length > 0).map(e => e.textContent);
      return {status: status.textContent, cut: status.hasAttribute('data-cut'), whole,
              pace: !document.getElementById('pace-box').hidden,
              bar: document.getElementById('choices').innerText}; }""")
    assert seen["pace"] and seen["cut"] and seen["status"].startswith("Blue (medium computer) ")
    assert seen["whole"] == [seen["status"] + "."], seen
    assert seen["bar"].endswith("Blue is playing: each move shows on the lab as it is made."), seen
    page.assert_clean()


def _recycle_with_losses_save() -> tuple[str, str, str]:
    """A three-person game from turn 30 on, at a recycle that destroys pieces in the
    recycled chamber: (the save, the action, the recycled chamber's letter)."""
    from playhelp import session_save
    from ui import saves

    def at_lossy_recycle(ses) -> bool:
        s = ses.state
        if s.turn_number < 30 or s.decision != "recycle":
            return False
        after = s.apply(s.legal_actions()[0])
        return any(e.kind.value == "subjects_destroyed" and e.cause == "recycle"
                   for e in after.events)
    raw = session_save(3, 5, at_lossy_recycle)
    s = saves.decode(raw).state
    action = str(s.legal_actions()[0])
    gone = [e.chamber for e in s.apply(action).events if e.kind.value == "recycled"]
    return raw, action, gone[0]


# Whether a press at the middle of chamber `g` as it stands now goes to it.
PRESSED_AT = """
g => {
  const box = g.querySelector('.hex').getBoundingClientRect();
  return g.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
}
"""

# Play `action` from its button; then where each loss's "−n" is going (its keyframes), where
# its chamber now stands and whether a press where it flies goes to it.
RECYCLE_FLOATS = """
async ([action, letter]) => {
  const pressedAt = PRESSED_AT;
  const status = document.getElementById('status'), before = status.dataset.ready;
  const el = document.querySelector(`.choices [data-action="${action}"]:not([disabled])`);
  el.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true, view: window}));
  for (let i = 0; i < 300 && status.dataset.ready === before; i++) {
    await new Promise(r => setTimeout(r, 10));
  }
  const xy = t => (t.match(/-?[\\d.]+/g) || []).slice(0, 2).map(Number);
  const g = document.getElementById(`ch-${letter}`);
  return {
    chamber: xy(g.style.transform),
    flight: g.getAnimations().filter(a => a.playState === 'running').map(a => {
      const frames = a.effect.getKeyframes();
      return [xy(frames[0].transform || ''), xy(frames[frames.length - 1].transform || ''),
              a.effect.getTiming().duration, Math.min(...frames.map(f => Number(f.opacity)))];
    }),
    floats: [...document.querySelectorAll('#fx > g')].map(g => {
      const frames = g.getAnimations()[0].effect.getKeyframes();
      return [xy(frames[0].transform), xy(frames[frames.length - 1].transform)];
    }),
    pressed: pressedAt(g),
    badge: document.querySelector(`#lab .loss[data-loss="${letter}"]`)?.getAttribute('class'),
    badgeOpacity: (() => { const b = document.querySelector(`#lab .loss[data-loss="${letter}"]`);
                           return b ? getComputedStyle(b).opacity : null; })(),
  };
}
""".replace("PRESSED_AT", PRESSED_AT.strip())


def test_losses_of_a_recycled_chamber_ride_with_it_and_leave_no_mark(page_watch, artifacts):
    """A recycle destroys the pieces in its chamber: the chamber flies to its new place, and
    the pieces' "−n" starts where the chamber was and ends over its new place (not over the
    empty place it left); once the motion is over no effect is left in the lab."""
    page = page_watch
    raw, action, letter = _recycle_with_losses_save()
    open_saved(page, raw)
    # The dashed hexagons where the chamber may go: each row's name inside its own (on one
    # line "Middle row" ran past the hexagon's sides).
    ghosts = page.evaluate("""() => [...document.querySelectorAll('#lab .ghost')].map(g => {
        const h = g.querySelector('.hex').getBoundingClientRect();
        const t = g.querySelector('text').getBoundingClientRect();
        return [g.textContent, t.left >= h.left + 2 && t.right <= h.right - 2, t.width];
    })""")
    assert len(ghosts) >= 2 and all(inside for _, inside, _w in ghosts), ghosts
    was = page.evaluate("k => (document.getElementById(`ch-${k}`).style.transform"
                        ".match(/-?[\\d.]+/g) || []).slice(0, 2).map(Number)", letter)
    seen = page.evaluate(RECYCLE_FLOATS, [action, letter])
    page.wait_for_timeout(500)  # half-way: the picture a player sees (viewed, not measured)
    page.screenshot(path=str(artifacts / "recycle-losses-desk.png"))
    x, y = seen["chamber"]
    assert seen["floats"] and (x, y) != tuple(was), seen
    # The chamber flies from its old place to its new one (it used to jump there at once:
    # a CSS transition does not run on an element just moved in the DOM), as long as the
    # losses take to ride along.
    assert len(seen["flight"]) == 1, seen
    start, end, duration, faintest = seen["flight"][0]
    assert start == pytest.approx(was, abs=0.2) and end == pytest.approx([x, y], abs=0.2)
    assert duration == 900
    # Half seen through on its way, so the chambers it crosses keep their counts in sight
    # (it hid them as the next person's decision came up: a phone play-tester).
    assert faintest == pytest.approx(0.5), seen
    for start, end in seen["floats"]:
        assert start == pytest.approx(was, abs=0.2), seen
        assert end == pytest.approx([x, y - 45], abs=0.2), seen
    # The next person's news marks the chamber's losses with a badge at its new place: not
    # shown before the chamber lands there (it stood over the empty place meanwhile).
    assert seen["badge"] == "loss arrives" and seen["badgeOpacity"] == "0", seen
    page.wait_for_function(f"getComputedStyle(document.querySelector("
                           f"'#lab .loss[data-loss=\"{letter}\"]')).opacity === '1'")
    # A press on the chambers it crosses goes to them, not to it (CI's Firefox, pressing a
    # portal's chamber as a recycled one flew over it, placed the portal in the one flying);
    # landed, it takes presses again.
    assert seen["pressed"] is False, seen
    page.wait_for_function(f"!document.getElementById('ch-{letter}').getAnimations().length")
    assert page.evaluate(f"(PRESSED_AT)(document.getElementById('ch-{letter}'))"
                         .replace("PRESSED_AT", PRESSED_AT.strip()))
    page.wait_for_function("document.querySelectorAll('#fx > *').length === 0",
                           timeout=10_000)
    page.assert_clean()


def _late_deploy_save() -> str:
    """A save of a three-person game at a deploy step (the choices are buttons: no chamber
    to follow) in a lab that has turned (`_turned`)."""
    return session_save(3, 11, lambda ses: ses.state.turn_number >= 10
                        and ses.state.decision == "deploy" and _turned(ses.state))


def _turned(s) -> bool:
    """The lab has turned: a phone's window at its far left (about four chambers of a row
    wide) holds at least four chambers fewer than the best window."""
    xs = sorted(c.x for c in s.chambers())
    at_left = sum(1 for x in xs if x <= xs[0] + 8)
    most = max(sum(1 for x in xs if a <= x <= a + 8) for a in xs)
    return most - at_left >= 4


# Each chamber of the lab, and whether its hexagon is (mostly) in the panel's window.
CHAMBERS_IN_VIEW = """
async () => {
  await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
  const wrap = document.getElementById('lab-wrap');
  const box = wrap.getBoundingClientRect();
  const left = box.left + wrap.clientLeft, right = left + wrap.clientWidth;
  const top = box.top + wrap.clientTop, bottom = top + wrap.clientHeight;
  return [...document.querySelectorAll('#chambers > .chamber')].map(g => {
    const r = g.querySelector('.hex').getBoundingClientRect();
    const w = Math.min(r.right, right) - Math.max(r.left, left);
    const h = Math.min(r.bottom, bottom) - Math.max(r.top, top);
    return {letter: g.dataset.letter, x: (r.left + r.right) / 2 - left + wrap.scrollLeft,
            seen: w >= r.width * 0.75 && h >= r.height * 0.75};
  });
}
"""


def assert_as_much_of_the_lab_as_fits(page) -> None:
    """Once the window has settled, it shows about as many chambers as any window of its
    width could: the most whose centres one could hold, less the two at its ends, which are
    half out of it."""
    page.evaluate(SETTLED_SCROLL)
    chambers = page.evaluate(CHAMBERS_IN_VIEW)
    width = page.evaluate("document.getElementById('lab-wrap').clientWidth")
    xs = sorted(c["x"] for c in chambers)
    most = max(sum(1 for x in xs if start <= x <= start + width) for start in xs)
    shown = sum(c["seen"] for c in chambers)
    assert shown >= most - 2, (shown, most, chambers)


@pytest.mark.browser_context_args(**PHONE)
def test_a_resumed_game_with_nothing_to_follow_shows_as_much_of_the_lab_as_fits(page_watch):
    """A game resumed at a deploy step names no chamber to follow: the lab's window shows as
    many chambers as it can hold, not the far left, where only the top row reaches once the
    lab has turned (a play-tester found most of the panel empty after a reload)."""
    page = page_watch
    open_saved(page, _late_deploy_save())
    assert page.inner_text("#status").endswith("deploy a card, or end deploying")
    assert_as_much_of_the_lab_as_fits(page)
    assert page.evaluate("document.getElementById('lab-wrap').scrollLeft") > 0
    page.assert_clean()


def _a_recycle_before_a_late_deploy_save() -> tuple[str, str]:
    """A three-person game at a recycle whose row choice `action` hands the next person a
    deploy step (its choices are buttons) in a lab that has turned (`_turned`)."""
    chosen: list[str] = []

    def before(ses) -> bool:
        s = ses.state
        if s.turn_number < 10 or s.decision != "recycle":
            return False
        for a in s.legal_actions():
            after = s.apply(a)
            if not after.is_over and after.decision == "deploy" and after.turn != s.turn \
                    and _turned(after):
                chosen.append(str(a))
                return True
        return False

    raw = session_save(3, 11, before)
    return raw, chosen[-1]


@pytest.mark.browser_context_args(**PHONE)
def test_a_persons_deploy_step_shows_as_much_of_the_lab_as_fits(page_watch, artifacts):
    """A person's deploy step has no chamber to choose: the window stayed on the last move's
    chambers (late in a game the new edge of one row, the other rows out of sight while the
    cards were weighed, a phone play-tester). It shows as many chambers as it can hold."""
    page = page_watch
    raw, action = _a_recycle_before_a_late_deploy_save()
    open_saved(page, raw)
    ready = page.get_attribute("#status", "data-ready")
    page.click(f'[data-action="{action}"]')
    page.wait_for_function("b => document.getElementById('status').dataset.ready !== b",
                           arg=ready)
    assert page.inner_text("#status").endswith("deploy a card, or end deploying")
    page.evaluate(MOTION_ENDED)
    assert_as_much_of_the_lab_as_fits(page)
    page.screenshot(path=str(artifacts / "deploy-step-phone.png"))
    page.assert_clean()


# Each seat menu of the new-game dialog: its width against its chosen option's words, set in
# its own font (the closed menu shows them less its arrow and padding).
SEAT_MENUS = """
(selector) =>
  [...document.querySelectorAll(selector || '#newgame .ng-seat:not([hidden]) .ng-kind')]
  .map(s => {
  const probe = document.createElement('span');
  const css = getComputedStyle(s);
  probe.style.font = css.font;
  probe.style.position = 'absolute';
  probe.style.whiteSpace = 'pre';
  probe.textContent = s.options[s.selectedIndex].text;
  document.body.append(probe);
  const words = probe.getBoundingClientRect().width;
  probe.remove();
  return {words, room: s.clientWidth - parseFloat(css.paddingLeft) - 20};
})
"""


@pytest.mark.parametrize("size", [
    pytest.param("phone", marks=pytest.mark.browser_context_args(**PHONE), id="phone"),
    pytest.param("desk", id="desk")])
def test_the_new_game_seat_menus_keep_their_words(page_watch, size):
    """Four seats of "Medium computer": each closed menu shows its words whole (a desktop
    cut them to "Medium compu", a phone once to "Medium co")."""
    page = page_watch
    page.goto("index.html")
    page.wait_for_selector("#newgame[open]")
    page.check('input[name=players][value="4"]')
    for i in range(4):
        page.select_option(f"#ng-seats .ng-seat >> nth={i} >> .ng-kind", "medium")
    menus = page.evaluate(SEAT_MENUS)
    assert len(menus) == 4
    assert all(m["words"] <= m["room"] for m in menus), menus
    page.assert_clean()


def test_the_divisions_panel_gives_a_long_name_the_room_the_seat_menu_need_not_take(page_watch):
    """At 1280x800, computers in three seats: each seat menu shows its level whole
    ("Medium", under a "Computer" heading when open) and a name of ten letters is not cut
    ("Medium computer" in the closed menu had cut "Alexandria" to "Alexa…": a
    play-tester)."""
    page = page_watch
    page.goto("index.html?players=4&seats=human,medium,hard,easy&seed=3&botpace=0&pass=0"
              "&names=Alexandria,Maximilian,Bartholomew%20Jones,Wu")
    page.wait_for_selector("html[data-boot=ready]")
    menus = page.evaluate(SEAT_MENUS, "#players .seat-kind")
    assert len(menus) == 4 and all(m["words"] <= m["room"] for m in menus), menus
    assert page.evaluate("[...document.querySelectorAll('#players .seat-kind')]"
                         ".map(s => s.options[s.selectedIndex].text)") == [
        "Human", "Medium", "Hard", "Easy"]
    assert page.evaluate("[...document.querySelectorAll('#players optgroup')]"
                         ".map(g => g.label + ':' + g.children.length)") == ["Computer:3"] * 4
    cut = page.evaluate("[...document.querySelectorAll('#players .pname')]"
                        ".filter(n => n.scrollWidth > n.clientWidth + 1).map(n => n.title)")
    assert "Alexandria" not in cut and "Maximilian" not in cut, cut
    page.assert_clean()


@pytest.mark.browser_context_args(**PHONE)
def test_on_a_phone_the_computers_pace_is_in_settings(page_watch):
    """A phone gives the status its whole line: the pace menu, which squeezed it into four
    or five lines beside it, is in Settings there, and a pace chosen there acts at once
    (step by step: the "Next move" button stands beside the status)."""
    page = page_watch
    page.goto("index.html?players=3&seed=4&seats=medium,human,hard")
    page.wait_for_selector("#pace-box:not([hidden])", state="attached")
    assert not page.locator("#pace").is_visible()
    page.click("summary")  # More
    page.click("#btn-prefs")
    assert page.input_value("#pref-pace") == "normal"
    menu = page.evaluate(SEAT_MENUS, "#pref-pace")
    assert menu[0]["words"] <= menu[0]["room"], menu
    page.select_option("#pref-pace", "step")
    page.click("#prefs-close")
    assert json.loads(page.evaluate("localStorage.getItem('cakegame.prefs')"))["pace"] == "step"
    assert page.input_value("#pace") == "step"  # the desktop's menu says the same
    # "Next move" has a row of its own in the status bar, which keeps its height from one
    # computer move to the next (beside it the status took five lines), and the choices
    # bar says what it is for.
    heights = set()
    for _ in range(4):
        page.wait_for_selector("#bot-step:not([hidden])", timeout=60_000)
        step = page.locator("#bot-step").bounding_box()
        bar = page.locator(".status-bar").bounding_box()
        assert step and bar and bar["y"] <= step["y"]
        assert step["y"] + step["height"] <= bar["y"] + bar["height"]
        assert page.evaluate(STATUS_LINES)[1] <= 3
        assert "press Next move for each of its moves" in page.inner_text("#choices")
        heights.add(round(bar["height"]))
        page.click("#bot-step")
    assert len(heights) == 1, heights
    page.click("summary")
    page.click("#btn-prefs")
    assert page.input_value("#pref-pace") == "step"
    page.select_option("#pref-pace", "fast")
    page.click("#prefs-close")
    page.wait_for_selector("#bot-step", state="hidden")
    page.assert_clean()


LOG_LINES = """
() => [...document.querySelectorAll('#log .log-entry')].map(e => [
  e.textContent, e.classList.contains('log-step'), e.getClientRects().length > 0])
"""


def test_a_move_is_one_line_of_the_log(page_watch):
    """A group's move is one line once it is whole ("moves 2 Test Subjects from chamber H to
    chamber O"): its first steps ("picks their Test Subjects in H", "sends them to O") show
    only while the move is under way (the log once took three lines for every move)."""
    from playhelp import session_save

    page = page_watch
    # Stopped just after a move's first step: that step is the log's last line.
    raw = session_save(2, 9, lambda ses: len(ses.log) > 30 and ses.actions
                       and ses.actions[-1].startswith("from "))
    open_saved(page, raw)
    lines = page.evaluate(LOG_LINES)
    texts = [text for text, _, _ in lines]
    steps = [(text, shown) for text, step, shown in lines if step]
    assert any(" picks " in t for t, _ in steps) and any(" sends " in t for t, _ in steps)
    # Every step is hidden, but the last line (the move under way).
    assert [shown for _, shown in steps[:-1]] == [False] * (len(steps) - 1), steps
    assert steps[-1][1] and texts[-1] == steps[-1][0], (steps[-1], texts[-1])
    # What stays in view tells every move whole.
    whole = [t for t, step, shown in lines if shown and " moves " in t]
    assert len(whole) >= (len(steps) - 1) // 2, (whole, steps)
    page.assert_clean()


STATUS_LINES = """
() => {
  const s = document.getElementById('status');
  return [s.textContent, Math.round(s.getBoundingClientRect().height
                                    / parseFloat(getComputedStyle(s).lineHeight))];
}
"""


@pytest.mark.browser_context_args(**PHONE)
def test_on_a_phone_a_long_prompt_takes_the_status_s_whole_line(page_watch):
    """A phone's status has its line to itself, and keeps one height in a game with
    computers: "Orange: collect B's rewards: 2 Test Subjects and the Turret (only 1 Test
    Subject left)" took five lines beside the pace menu, which pushed the lab down; now
    three, in the bar's own height, as a short one."""
    from playhelp import session_save

    page = page_watch
    raw = session_save(2, 1, lambda ses: not ses.state.is_over
                       and ses.state.current_player == 0
                       and len(f"{ses.state.names[0]}: {ses.state.prompt()}") >= 78,
                       seats=["human", "medium"])
    open_saved(page, raw)
    assert page.locator("#pace-box:not([hidden])").count() == 1
    text, lines = page.evaluate(STATUS_LINES)
    assert len(text) >= 78 and lines <= 3, (text, lines)
    shape = """() => [document.querySelector('.status-bar').getBoundingClientRect().height,
                      document.getElementById('status').getBoundingClientRect().width,
                      document.querySelector('.status-bar').clientWidth]"""
    tall, wide, bar = page.evaluate(shape)
    assert wide > 0.8 * bar, (wide, bar)
    page.evaluate("document.getElementById('status').textContent = 'Orange: end your turn'")
    assert page.evaluate(STATUS_LINES)[1] == 1
    assert abs(page.evaluate(shape)[0] - tall) < 0.5  # to a fraction of a pixel
    page.assert_clean()


# Every control a player can see now (outside closed dialogs and the lab's SVG) that is
# smaller than a fingertip: [id or text, width, height] in CSS pixels. A radio button or a
# check box is hit through its label: the label is measured.
SMALL_TARGETS = """
() => [...document.querySelectorAll(
    'button, select, input:not([type=hidden]), a[href], summary, [data-continue]')]
  .filter(e => e.getClientRects().length > 0 && !e.closest('dialog:not([open])')
               && !e.closest('svg') && getComputedStyle(e).visibility !== 'hidden')
  .map(e => e.matches('[type=radio], [type=checkbox]') && e.closest('label')
            ? e.closest('label') : e)
  .map(e => { const r = e.getBoundingClientRect();
              return [e.id || e.textContent.trim().slice(0, 24), Math.round(r.width),
                      Math.round(r.height)]; })
  .filter(([, w, h]) => h < 44 || w < 44)
"""


@pytest.mark.browser_context_args(**PHONE)
def test_phone_controls_are_a_fingertip_tall(page_watch):
    """On a touch screen every control is at least 44 CSS pixels tall and wide (the top
    bar, More's menu, the zoom buttons, the seat selectors, the new-game form), so a
    finger hits it the first time."""
    page = page_watch
    page.goto("index.html?players=3&seed=11&seats=human,medium,hard&botpace=0")
    assert page.evaluate("matchMedia('(pointer: coarse)').matches")
    assert page.evaluate(SMALL_TARGETS) == []
    page.tap("#more summary")
    assert page.evaluate(SMALL_TARGETS) == []
    page.tap("#more-new")
    page.wait_for_selector("#newgame[open]")
    assert page.evaluate(SMALL_TARGETS) == []
    page.keyboard.press("Escape")
    page.wait_for_selector("#newgame:not([open])", state="attached")
    # The replay's list of moves, the legend's link to the rules, the typed-move box.
    for opener, dialog, closer in (("#more-review", "#review[open]", "#rv-close"),
                                   ("#more-legend", "#legend-box[open]", "#legend-close"),
                                   ("#btn-command", "#command:not([hidden])", None)):
        page.tap("#more summary")
        page.tap(opener)
        page.wait_for_selector(dialog)
        assert page.evaluate(SMALL_TARGETS) == [], opener
        if closer:
            page.tap(closer)
    page.assert_clean()


LANDSCAPE = {"viewport": {"width": 844, "height": 390}, "has_touch": True, "is_mobile": True}

# What a player sees without scrolling: the lab's panel whole, the status, and which of the
# choices (buttons and highlighted chambers) lie wholly on the screen.
IN_SIGHT = """
() => {
  const inside = e => { const b = e.getBoundingClientRect();
    return b.top >= 0 && b.left >= 0 && b.bottom <= innerHeight && b.right <= innerWidth; };
  const acts = [...document.querySelectorAll('[data-action]:not([disabled])')]
    .filter(e => e.getClientRects().length > 0 && !e.closest('dialog'));
  return {lab: inside(document.querySelector('.lab-wrap')),
          status: inside(document.getElementById('status')),
          acts: acts.length, seen: acts.filter(inside).length};
}
"""


@pytest.mark.browser_context_args(**LANDSCAPE)
def test_a_phone_on_its_side_shows_the_lab_beside_the_status_and_the_choices(page_watch):
    """844x390: the one column left the lab's top row alone on screen under the status and
    the choices (a play-tester scrolled at almost every decision, and a decision taken in
    the lab put the next one above the screen). The lab has the left column now, the rest
    the right: the lab, the status and all 15 choices of an activation are in sight."""
    page = page_watch
    raw = session_save(2, 3, lambda ses: ses.state.turn_number >= 12
                       and ses.state.current_player == 0 and ses.state.phase != "deploy",
                       seats=["human", "medium"])
    open_saved(page, raw)
    seen = page.evaluate(IN_SIGHT)
    assert seen["acts"] >= 10 and seen == {**seen, "lab": True, "status": True,
                                          "seen": seen["acts"]}, seen
    # The lab keeps its place when the column beside it scrolls (to the hand, the log).
    # The lab and the status keep their places when the column beside the lab scrolls (to
    # a card of the hand, the log): the prompt went off the screen for the rest of a game.
    lab = page.locator(".lab-wrap").bounding_box()
    page.mouse.wheel(0, 600)
    page.wait_for_function("scrollY > 0")
    seen = page.evaluate(IN_SIGHT)
    assert seen["lab"] and seen["status"], (lab, seen)
    page.assert_clean()


TRAY = """
() => ({hint: [...document.querySelectorAll('#choices > .choice-label.hint')]
          .some(e => e.getClientRects().length > 0),
        buttons: [...document.querySelectorAll('#choices .tray-card .act')].map(b => {
          const r = b.getBoundingClientRect();
          return {top: Math.round(r.top), height: Math.round(r.height)};
        }),
        scrollY})
"""


@pytest.mark.browser_context_args(**LANDSCAPE)
def test_a_phone_on_its_side_brings_a_second_card_of_the_tray_into_sight(page_watch):
    """844x390, a deploy step with two cards: the hint line above the tray ("Deploy one of
    your cards, or choose:", which the status says) and a card's button on two lines
    ("Deploy: Corporate Bonus") had put the second card's buttons wholly below the screen
    (their top at 420 px). The hint gives way, each button keeps one line, and the second
    card's top edge is in sight."""
    page = page_watch

    def two_cards(ses) -> bool:
        s = ses.state
        return (s.turn_number >= 8 and s.decision == "deploy" and s.current_player == s.turn
                and len(s.hand(s.current_player)) == 2)
    open_saved(page, session_save(4, 3, two_cards))
    seen = page.evaluate(TRAY)
    assert not seen["hint"], seen
    assert len(seen["buttons"]) >= 4 and seen["scrollY"] == 0, seen
    assert all(b["height"] <= 46 for b in seen["buttons"]), seen
    assert max(b["top"] for b in seen["buttons"]) < 390, seen
    page.assert_clean()


COLUMN = """
() => ['since', 'choices', 'status-bar'].map(id => {
  const e = id === 'status-bar' ? document.querySelector('.status-bar')
                                : document.getElementById(id);
  const r = e.getBoundingClientRect();
  return [Math.round(r.left), Math.round(r.right)];
})
"""


@pytest.mark.browser_context_args(**LANDSCAPE)
def test_a_phone_on_its_side_keeps_the_news_and_choices_in_line_with_the_status(page_watch):
    """The news and the choices shifted sideways and shrank between decisions (by up to
    106 px: a play-tester), put in an empty second column of the prompt area's grid. They
    keep the status bar's edges at every decision."""
    page = page_watch
    page.goto("index.html?players=2&seed=5&pass=0")
    rng = random.Random(3)
    for _ in range(25):
        since, choices, bar = page.evaluate(COLUMN)
        assert since == choices == bar, (since, choices, bar)
        click_random(page, rng)
    page.assert_clean()


@pytest.mark.browser_context_args(**LANDSCAPE)
def test_a_short_screen_keeps_a_dialog_s_buttons_in_sight(page_watch):
    """At 844x390 "Start the game" lay below the new-game dialog's foot, with nothing to say
    the dialog scrolled (a play-tester)."""
    page = page_watch
    page.goto("index.html")
    page.wait_for_selector("#newgame[open]")
    for button in ("#ng-start", "#ng-learn"):
        box = page.locator(button).bounding_box()
        assert box and box["y"] + box["height"] <= 390, (button, box)
    page.click("#ng-start")
    page.wait_for_selector("#newgame", state="hidden")
    page.assert_clean()


def test_a_quick_second_click_on_a_chamber_selects_no_text(page_watch):
    """The lab is a board: a double click on a chamber (a choice offered twice running, as
    WebKit's play-tester met) left its letter selected, highlighted like text."""
    page = page_watch
    page.goto("index.html?players=2&seed=7&pass=0")
    page.locator("#lab .chamber:not(.target) text.letter").first.dblclick()
    assert page.evaluate("getSelection().toString()") == ""
    page.assert_clean()


def test_a_landing_place_is_pressed_by_the_keyboard_and_shows_its_focus(page_watch):
    """The dashed hexagons where a recycled chamber may land are in the Tab order as
    buttons: Enter presses one as a click does (the keys reached them and did nothing), and
    the focused one wears the chambers' yellow focus ring (its fill alone changed,
    faintly)."""
    page = page_watch
    raw, action, _letter = _recycle_with_losses_save()
    open_saved(page, raw)
    ghost = f'#lab .ghost[data-action="{action}"]'
    page.focus(ghost)
    page.keyboard.press("Tab")
    page.keyboard.press("Shift+Tab")  # reached by the keys, so it shows the keyboard's focus
    assert page.evaluate("s => document.activeElement.matches(s)", ghost)
    ring = page.evaluate("s => getComputedStyle(document.querySelector(s)).stroke",
                         f"{ghost} .hex")
    assert ring == "rgb(255, 210, 63)", ring
    before = page.evaluate("document.getElementById('status').dataset.ready")
    page.keyboard.press("Enter")
    page.wait_for_function(f"document.getElementById('status').dataset.ready !== '{before}'")
    assert page.locator("#lab .ghost").count() == 0
    page.assert_clean()


@pytest.mark.browser_context_args(**PHONE)
def test_the_icons_open_at_their_top_on_a_phone(page_watch):
    """More, then Icons, on a phone: the dialog opens at its title, the focus on Close (it
    went to the rules link at the foot, so the dialog opened scrolled past its first
    entries)."""
    page = page_watch
    page.goto("index.html?players=2&seed=5&pass=0")
    page.tap("#more summary")
    page.tap("#more [data-for='btn-legend']")
    page.wait_for_selector("#legend-box[open]")
    page.wait_for_function("document.activeElement.id === 'legend-close'")
    assert page.evaluate("document.getElementById('legend-box').scrollTop") == 0
    top = page.evaluate("document.getElementById('legend-title').getBoundingClientRect().top")
    assert 0 <= top < 100, top
    page.assert_clean()


def test_a_recycle_that_ends_the_game_draws_no_landing_places(page_watch):
    """A recycle whose losses end the game leaves the chamber where it is, so there is no
    place for it to land: the rows are buttons only (each row's dashed place was drawn over
    the chamber itself, one over another)."""
    from playhelp import open_saved, session_save
    from ui import saves

    def ends(ses) -> bool:
        s = ses.state
        return (s.current_player == 0 and s.decision == "recycle"
                and all(s.apply(a).is_over for a in s.legal_actions()))

    raw = session_save(2, 1, ends)
    s = saves.decode(raw).state
    page = page_watch
    open_saved(page, raw)
    assert page.locator("#lab .ghost").count() == 0
    for a in s.legal_actions():
        assert page.locator(f'#choices button[data-action="{a}"]').count() == 1, a
    page.assert_clean()


GIST = """
() => [...document.querySelectorAll('#chambers > .chamber:not(.gone)')].map(g => {
  const letter = g.querySelector('.gist-letter').getBoundingClientRect();
  const hold = g.querySelector('.gist-hold');
  return [g.dataset.letter, letter.height,
          hold ? (hold.classList.contains('tie') ? 'tie'
                  : +[...hold.classList].find(c => /^d\\d$/.test(c)).slice(1)) : null,
          !!g.querySelector('.gist .turret-tok'),
          [...g.querySelectorAll('.gist .gist-portal')].filter(e => e.getClientRects().length)
            .map(e => +[...e.classList].find(c => /^p\\d$/.test(c)).slice(1)),
          [...g.querySelectorAll('.count, .letter, .tok:not(.gist .tok)')]
            .some(e => e.getClientRects().length > 0)];
})
"""


@pytest.mark.browser_context_args(**PHONE)
def test_a_late_lab_fitted_on_a_phone_shows_each_chamber_s_gist(page_watch, artifacts):
    """A four-player lab twelve chambers wide, fitted on a phone, drew its chambers about
    24 px wide with their 15-unit counts unreadable (a play-tester). Drawn so small, each
    chamber shows its gist: its letter, large, and who holds its majority (the engine's
    counts: strictly most Test Subjects there). The lab is then a map: a tap on a chamber
    that is no choice shows it at the readable size."""
    from ui import drawing

    kept = {}

    def wide(ses) -> bool:
        st = ses.state
        xs = [c.x for c in st.chambers()]
        kept["state"] = st
        return (max(xs) - min(xs)) / 2 + 1 >= 12 and st.decision == "move" \
            and st.current_player == 0

    page = page_watch
    open_saved(page, session_save(4, 26, wide))
    page.wait_for_selector("#chambers .chamber.target")
    assert page.locator("#lab-wrap.gist").count() == 0  # readable: the contents
    page.click("#lab-fit")
    page.wait_for_selector("#lab-wrap.gist")
    page.screenshot(path=str(artifacts / "phone-late-fit.png"))
    shown = page.evaluate(GIST)
    state = kept["state"]
    want = {c.letter: drawing.holder(c.subjects) if drawing.holder(c.subjects) is not None
            else ("tie" if max(c.subjects) else None) for c in state.chambers()}
    # A tie is told apart from an empty chamber (they looked alike: a play-tester), and the
    # Turret is in sight.
    assert {letter: hold for letter, _h, hold, _t, _p, _d in shown} == want
    assert {None, "tie"} <= set(want.values()) and any(type(h) is int for h in want.values())
    assert {letter: turret for letter, _h, _s, turret, _p, _d in shown} == {
        c.letter: c.turret for c in state.chambers()}
    # So are the Portals, each in its colour (the map had shown none).
    portals = {letter: p for letter, _h, _s, _t, p, _d in shown if p}
    assert len(portals) == 2 and sorted(p for ps in portals.values() for p in ps) == [0, 1]
    assert set(portals) == {c.letter for c in state.chambers() if c.portal}
    assert all(h >= 11 for _l, h, _s, _t, _p, _d in shown), shown  # letters a glance reads
    assert not any(detail for *_, detail in shown)  # the unreadable counts are not drawn
    # A tap on a chamber that is no choice: the readable size, with it in view.
    other = page.evaluate("[...document.querySelectorAll('#chambers > .chamber:not(.gone)"
                          ":not(.target):not(.multi):not(.second)')].map(g => g.dataset.letter)"
                          ".slice(-1)[0]")
    box = page.locator(f'#chambers .chamber[data-letter="{other}"] .hex').bounding_box()
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_selector("#lab-wrap:not(.gist):not(.fit)")
    assert page.inner_text("#lab-fit") == "Fit"
    page.wait_for_function("""l => { const w = document.getElementById('lab-wrap')
        .getBoundingClientRect(), c = document.querySelector(
        `#chambers .chamber[data-letter="${l}"] .hex`).getBoundingClientRect();
        return c.left >= w.left - 1 && c.right <= w.right + 1; }""", arg=other)
    assert "not a choice" not in page.inner_text("#notice")
    page.assert_clean()


@pytest.mark.browser_context_args(**PHONE)
def test_on_a_phone_a_tap_on_a_greyed_out_undo_says_why(page_watch):
    """Nothing to take back: Undo is greyed out (and says so to a screen reader), and a tap
    on it says why in the notice; a touch screen shows no tooltip, and a disabled button had
    ignored the tap (a play-tester)."""
    page = page_watch
    page.goto("index.html?players=2&seed=3&seats=human,easy&botpace=0")
    page.wait_for_selector("#chambers .chamber.target")
    assert page.get_attribute("#btn-undo", "aria-disabled") == "true"
    assert page.evaluate("getComputedStyle(document.getElementById('btn-undo')).opacity") \
        == "0.45"
    page.tap("#btn-undo", force=True)
    assert page.inner_text("#notice") == "Nothing to take back yet this turn."
    page.tap("#chambers .chamber.target .hex")  # a decision: now there is one to take back
    page.wait_for_selector('#btn-undo[aria-disabled="false"]')
    page.tap("#btn-undo")
    assert page.inner_text("#notice").startswith("Undone: ")
    page.assert_clean()


def test_the_first_portal_placed_shows_where_it_went(page_watch):
    """The Portal Gun places both Portals anew, one at a time: while the second is placed
    the first is drawn where it went, and the old pair, both moving, no more (the first had
    shown only as an outline beside the old pair: a play-tester)."""
    from playhelp import session_save

    kept = {}

    def placing(ses) -> bool:
        s = ses.state
        kept["state"] = s
        return (s.decision == "portal" and s.pending.get("first") is not None
                and s.current_player == 0 and any(c.portal for c in s.chambers()))

    page = page_watch
    open_saved(page, session_save(2, 3, placing))
    page.wait_for_selector("#chambers .chamber.target")
    s = kept["state"]
    first = s.pending["first"]
    drawn = page.evaluate("""() => [...document.querySelectorAll('#chambers > .chamber')]
        .filter(g => g.querySelector('.content > .portal')).map(g => g.dataset.letter)""")
    assert drawn == [first], (drawn, first, [c.letter for c in s.chambers() if c.portal])
    page.assert_clean()


@pytest.mark.browser_context_args(viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True)
def test_a_lab_window_moved_by_hand_stays_through_the_computers_turns(page_watch):
    """On a phone the lab's window follows each computer move, unless the player has moved
    it by hand since their turn: then it stays until their own next decision (a play-tester
    studying the lab through a round of three computers was pulled back at each move)."""
    raw = session_save(4, 9, lambda ses: ses.state.turn == 1 and ses.state.phase == "deploy",
                       seats=["human", "medium", "medium", "medium"])
    open_saved(page_watch, raw, query="?botpace=700")
    wide = page_watch.evaluate("() => { const w = document.getElementById('lab-wrap');"
                               " return w.scrollWidth - w.clientWidth; }")
    assert wide > 100  # a window onto part of the lab: it could be moved
    page_watch.evaluate("""(to) => { const w = document.getElementById('lab-wrap');
        w.dispatchEvent(new PointerEvent('pointerdown', {pointerType: 'touch', bubbles: true}));
        w.dispatchEvent(new PointerEvent('pointerup', {pointerType: 'touch', bubbles: true}));
        w.scrollLeft = to; window.__lefts = [];
        w.addEventListener('scroll', () => window.__lefts.push([w.scrollLeft,
          document.getElementById('status').textContent.includes(' computer)')])); }""",
                        wide)
    page_watch.wait_for_function(keyhelp.HUMAN_TURN, timeout=120_000, polling=100)
    lefts = page_watch.evaluate("window.__lefts")
    while_they_play = [x for x, computer in lefts if computer]
    assert all(abs(x - wide) <= 1 for x in while_they_play), lefts
    game = json.loads(page_watch.evaluate("localStorage.getItem('cakegame.save')"))["game"]
    assert game["turn"] == 0  # three computer turns went by
    page_watch.assert_clean()


def test_the_wheel_over_a_lab_with_nothing_more_to_show_scrolls_the_page(page_watch):
    """1280x800, the whole lab in its panel: the wheel over it scrolls the page down to the
    game log (held in the panel, the log could be reached only from beside the lab: a
    play-tester)."""
    page = page_watch
    page.goto("index.html?players=2&seed=7&pass=0")
    assert page.evaluate("""() => { const w = document.getElementById('lab-wrap');
        return w.scrollWidth <= w.clientWidth && w.scrollHeight <= w.clientHeight; }""")
    box = page.locator("#lab-wrap").bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.wheel(0, 300)
    page.wait_for_function("scrollY > 0", timeout=5000)
    page.assert_clean()


@pytest.mark.browser_context_args(**LANDSCAPE)
def test_a_phone_on_its_side_reaches_every_item_of_more_in_its_menu(page_watch):
    """844x390: the More menu was taller than the screen, and its last items (Keys,
    Settings, Rules) were reached by scrolling the page behind it (a play-tester). It ends
    on the screen and scrolls itself to its last item."""
    page = page_watch
    page.goto("index.html?players=2&seed=5&pass=0")
    page.tap("#more summary")
    menu = ".more-menu"
    page.wait_for_selector(menu)
    bottom = page.evaluate(f"document.querySelector('{menu}').getBoundingClientRect().bottom")
    assert bottom <= 390, bottom
    last = page.evaluate(f"""() => {{
        const items = [...document.querySelectorAll('{menu} > *')]
          .filter(e => e.getClientRects().length);
        const item = items.at(-1);
        item.scrollIntoView({{block: 'nearest'}});
        const r = item.getBoundingClientRect();
        return [item.textContent.trim(), r.bottom <= innerHeight, scrollY];
    }}""")
    assert last[1] and last[2] == 0, last  # the menu scrolled, not the page
    page.assert_clean()
