"""Before Python is ready (js/early.js): the new-game form to fill, the last board as a
picture, early clicks kept or refused in words. Python is held back by holding the
interpreter's download until the test lets it go."""

from __future__ import annotations

import json

import pytest
from playhelp import played, save_of

pytestmark = [pytest.mark.browser, pytest.mark.slow]

BOOT_MS = 120_000
WASM = "**/runtime/pyodide/pyodide.asm.wasm"


class Held:
    """Holds every request for the interpreter until `release()`."""

    def __init__(self, page) -> None:
        self.page = page
        self.routes: list = []
        page.route(WASM, self.hold)

    def hold(self, route) -> None:
        self.routes.append(route)

    def release(self) -> None:
        routes, self.routes = self.routes, []
        for route in routes:
            route.continue_()
        self.page.unroute(WASM, self.hold)


def _ready(page) -> None:
    page.wait_for_selector("html[data-boot=ready]", state="attached", timeout=BOOT_MS)


def test_a_new_player_fills_the_form_while_python_loads_and_the_game_starts_with_it(
        page, site_url, artifacts):
    held = Held(page)
    page.goto(site_url)
    form = page.locator("#newgame")
    form.wait_for(state="visible")
    assert page.evaluate("document.documentElement.dataset.boot") == "loading"
    assert page.evaluate("scrollY") == 0  # the form's focus does not scroll the page
    page.check("#ng-form input[name=players][value='3']")
    assert page.locator("#ng-seats .ng-seat:visible").count() == 3
    page.fill("#ng-seats .ng-seat >> nth=0 >> .ng-name", "Ann <b>")
    page.select_option("#ng-seats .ng-seat >> nth=1 >> .ng-kind", "easy")
    page.fill("#ng-seed", "4242")
    page.select_option("#ng-first", "2")
    page.screenshot(path=str(artifacts / "early-form.png"))
    page.click("#ng-start")
    start = page.locator("#ng-start")
    assert start.is_disabled() and "as soon as Python is ready" in start.inner_text()
    assert held.routes, "the interpreter was asked for (and held)"
    assert page.evaluate("document.documentElement.dataset.boot") == "loading"

    held.release()
    _ready(page)
    page.wait_for_function("!document.getElementById('newgame').open", timeout=BOOT_MS)
    save = json.loads(page.evaluate("localStorage.getItem('cakegame.save')"))
    text = json.dumps(save)
    assert '"seed": 4242' in text.replace('"seed":4242', '"seed": 4242'), text[:300]
    assert "Ann <b>" in text
    # The names show as text, and the game is for three with the seats typed.
    assert "Ann <b>" in page.locator("#players").inner_text()
    assert page.evaluate("scrollY") == 0  # the game starts at the top, tools in view
    assert "players=3" in page.url and "seed=4242" in page.url and "first=2" in page.url
    assert "seats=human%2Ceasy" in page.url or "seats=human,easy" in page.url
    assert page.locator("#ng-seats .ng-seat").count() == 4  # the page's own rows only
    assert not page.locator("#ng-early").count()
    # The form is the page's own again: opened later, it starts a game as always.
    page.click("#btn-new")
    again = page.locator("#ng-start")
    again.wait_for(state="visible")
    assert again.is_enabled() and again.inner_text() == "Start the game"
    # The link to the same game again wraps only between its settings, the name as text.
    share = page.locator("#ng-share")
    assert share.locator("wbr").count() >= 3 and share.locator("b").count() == 0
    assert share.inner_text().startswith(
        f"The same deal for anyone, at this address: {site_url}index.html?")


def test_seats_added_early_play_as_the_computer_before_them_and_chosen_ones_stay(
        page, site_url):
    """A larger player count adds seats that play as the computer before them, before
    Python as after; a seat whose kind the player chose before Python keeps it when
    Python takes the form over."""
    held = Held(page)
    page.goto(site_url)
    page.locator("#newgame").wait_for(state="visible")
    page.check("#ng-form input[name=players][value='3']")
    page.select_option("#ng-seats .ng-seat >> nth=1 >> .ng-kind", "medium")
    page.select_option("#ng-seats .ng-seat >> nth=2 >> .ng-kind", "hard")
    page.check("#ng-form input[name=players][value='4']")
    kinds = "[...document.querySelectorAll('#ng-seats .ng-kind')].map(k => k.value)"
    assert page.evaluate(kinds) == ["human", "medium", "hard", "hard"]
    page.select_option("#ng-seats .ng-seat >> nth=3 >> .ng-kind", "human")
    page.click("#ng-start")
    held.release()
    _ready(page)
    page.wait_for_function("!document.getElementById('newgame').open", timeout=BOOT_MS)
    assert "players=4" in page.url
    assert "seats=human,medium,hard,human" in page.url.replace("%2C", ","), page.url


def test_the_form_s_focus_stays_where_the_player_put_it_when_python_takes_over(
        page, site_url):
    """A keyboard player part-way down the form while Python loads keeps their place: the
    page's own dialog, opened over it, had moved the focus to the player count (a keyboard
    play-tester lost it on "Who plays Blue"). Not moved, the focus goes to the count."""
    held = Held(page)
    page.goto(site_url)
    page.locator("#newgame").wait_for(state="visible")
    page.focus("#ng-seats .ng-seat >> nth=1 >> .ng-kind")
    page.keyboard.press("ArrowDown")  # a choice made by keys, the focus left on it
    chosen = page.input_value("#ng-seats .ng-seat >> nth=1 >> .ng-kind")
    held.release()
    _ready(page)
    page.wait_for_function("document.getElementById('newgame').open "
                           "&& !document.getElementById('newgame').classList.contains('early')",
                           timeout=BOOT_MS)
    assert page.evaluate("document.activeElement.classList.contains('ng-kind')"
                         " && document.activeElement.closest('.ng-seat') === "
                         "document.querySelectorAll('#ng-seats .ng-seat')[1]")
    assert page.input_value("#ng-seats .ng-seat >> nth=1 >> .ng-kind") == chosen
    # Left where the form put it, the focus goes to the player count, as it did.
    page.goto(site_url)
    _ready(page)
    page.wait_for_function("document.getElementById('newgame').open "
                           "&& !document.getElementById('newgame').classList.contains('early')",
                           timeout=BOOT_MS)
    page.wait_for_function("document.activeElement.matches('input[name=players]:checked')")


def test_a_returning_player_sees_the_last_board_before_python_and_it_matches(
        page, site_url, artifacts):
    page.goto(site_url + "index.html?players=3&seed=11&pass=0")
    _ready(page)
    page.wait_for_selector("#chambers .chamber", timeout=BOOT_MS)
    # One move, so the picture is not the opening position.
    page.locator("[data-action]:not([disabled])").first.click()
    page.wait_for_function("localStorage.getItem('cakegame.picture') !== null")
    page.evaluate("dispatchEvent(new PageTransitionEvent('pagehide'))")

    held = Held(page)
    page.goto(site_url)  # the same game, from its save
    page.wait_for_selector("#lab-placeholder.picture .chamber", state="attached")
    assert page.evaluate("document.documentElement.dataset.boot") == "loading"
    assert "playable as soon as Python" in page.locator("#status").inner_text()
    assert not page.locator("#newgame").is_visible()
    pictured = page.evaluate(CHAMBERS, "#lab-placeholder")
    assert len(pictured) == 15
    page.screenshot(path=str(artifacts / "early-board.png"))
    # A click before Python is refused in words and changes nothing.
    page.locator("#lab-placeholder .chamber").first.click(force=True)
    notice = page.locator("#notice")
    assert notice.is_visible() and "Not yet" in notice.inner_text()

    held.release()
    _ready(page)
    page.wait_for_selector("#chambers .chamber", timeout=BOOT_MS)
    assert not page.locator("#lab-placeholder").count()
    assert page.evaluate(CHAMBERS, "#chambers") == pictured


def test_a_finished_game_s_picture_is_not_called_playable(page, site_url):
    """The last board of a finished game, shown before Python, says the game is finished:
    "playable as soon as Python starts" was read of one (a play-tester)."""
    page.goto(site_url + "rules.html")
    page.evaluate("raw => localStorage.setItem('cakegame.save', raw)", save_of(played(2, 3, None)))
    page.goto(site_url + "index.html")
    _ready(page)
    page.wait_for_function("localStorage.getItem('cakegame.picture') !== null "
                           "&& JSON.parse(localStorage.getItem('cakegame.picture')).over")
    held = Held(page)
    page.goto(site_url)
    page.wait_for_selector("#lab-placeholder.picture .chamber", state="attached")
    words = page.locator("#status").inner_text()
    assert "finished game" in words and "playable" not in words, words
    held.release()
    _ready(page)


LAB_TOP = "document.getElementById('lab-wrap').getBoundingClientRect().top"


@pytest.mark.browser_context_args(viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True)
def test_on_a_phone_the_returning_board_does_not_move_when_python_takes_over(page, site_url):
    """A phone draws the scores strip over the lab: the picture keeps it too, and the
    progress rides at the screen's foot, so the lab stands where Python then draws it (it
    jumped up by 91 px: the progress box and a three-line status stood above it), and the
    strip's figures are those Python draws."""
    page.goto(site_url + "index.html?players=3&seed=11&pass=0")
    _ready(page)
    page.locator("[data-action]:not([disabled])").first.click()
    page.wait_for_function("localStorage.getItem('cakegame.picture') !== null "
                           "&& JSON.parse(localStorage.getItem('cakegame.picture')).strip")
    page.evaluate("dispatchEvent(new PageTransitionEvent('pagehide'))")
    drawn = page.inner_text("#strip-scores")
    held = Held(page)
    page.goto(site_url)
    page.wait_for_selector("#lab-placeholder.picture .chamber", state="attached")
    assert page.evaluate("document.documentElement.dataset.boot") == "loading"
    assert page.is_visible("#table-strip")
    assert page.locator("#strip-scores .strip-div").count() == 3
    assert page.inner_text("#strip-scores") == drawn
    top = page.evaluate(LAB_TOP)
    held.release()
    _ready(page)
    page.wait_for_selector("#chambers .chamber", timeout=BOOT_MS)
    assert page.evaluate(LAB_TOP) == top
    assert page.inner_text("#strip-scores") == drawn


def test_a_damaged_picture_is_not_shown_and_breaks_nothing(page, site_url):
    page.goto(site_url + "index.html?players=2&seed=3&pass=0")
    _ready(page)
    page.evaluate("""localStorage.setItem('cakegame.picture',
        JSON.stringify({box: '0 0 10 10', markup: '<g class="chamber"><script>window.bad=1'
        + '</' + 'script><rect onclick="window.bad=2" width="5" height="5"/></g>'}))""")
    held = Held(page)
    page.goto(site_url)
    page.wait_for_selector("#lab-placeholder.picture .chamber", state="attached")
    assert page.evaluate("document.querySelector('#lab-placeholder script') === null")
    assert page.evaluate("document.querySelector('#lab-placeholder [onclick]') === null")
    page.evaluate("localStorage.setItem('cakegame.picture', '{not json')")
    page.reload()
    page.wait_for_selector("#lab-placeholder", state="attached")
    assert not page.locator("#lab-placeholder.picture").count()
    held.release()
    _ready(page)
    assert page.evaluate("window.bad === undefined")


# Each chamber of a layer: its id, place and what is drawn inside (not its classes: marks
# and fades may differ between a picture and a live board).
CHAMBERS = """
sel => [...document.querySelectorAll(sel + ' .chamber')].map(g => [
  g.id, g.getAttribute('style') || '', g.querySelector('.content').innerHTML,
  g.querySelector('title').textContent]).sort()
"""
