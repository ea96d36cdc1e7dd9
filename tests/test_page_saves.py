"""Saves in the browser: damaged saves, blocked storage, export/import, names as text."""

from __future__ import annotations

import json
import random

import cakegame
import pytest
from keyhelp import READY
from playhelp import click_random, last_move_save, open_saved, saved_game, status
from ui import kept, saves

START = "index.html?players=2&seed=17&pass=0"

BROKEN_KEYS = """
() => Object.keys(localStorage).filter(k => k.startsWith('cakegame.save.broken.'))
        .map(k => [k, localStorage.getItem(k)])
"""


def valid_save() -> str:
    """A save made by the page's own code, in CPython (no browser start needed)."""
    state = cakegame.new_game(players=2, seed=17)
    rng = random.Random(1)
    for _ in range(15):
        state = state.apply(rng.choice(state.legal_actions()))
    return saves.encode(state, ["human", "human"], log=[[1, 0, "a line of the log"]])


def put_save(page, raw: str) -> None:
    """Store `raw` as the save of the site's origin, from the static rules page (no Python)."""
    page.goto("rules.html", wait_ready=False)
    page.evaluate("raw => localStorage.setItem('cakegame.save', raw)", raw)


def corrupt(kind: str, text: str) -> str:
    data = json.loads(text)
    if kind == "truncated":
        return text[: len(text) // 2]
    if kind == "wrong-format":
        return json.dumps({"format": "someothergame/3", "board": [1, 2]})
    if kind == "newer":
        return json.dumps({**data, "format": "cakegame-save/7"})
    if kind == "impossible-counts":
        data["game"]["supply"][0] = 40
        return json.dumps(data)
    if kind == "not-json":
        return "\x00\x01garbage{{"
    raise ValueError(kind)


@pytest.mark.parametrize("kind", ["truncated", "wrong-format", "newer", "impossible-counts",
                                  "not-json"])
def test_a_damaged_save_is_kept_aside_and_a_new_game_can_start(page_watch, kind):
    raw = corrupt(kind, valid_save())
    put_save(page_watch, raw)
    page_watch.goto("./")
    assert page_watch.locator("#message[open]").count() == 1
    text = page_watch.inner_text("#msg-text")
    assert "could not be resumed" in text and "kept aside" in text
    if kind == "newer":
        assert "newer version" in text
    kept = page_watch.evaluate(BROKEN_KEYS)
    assert [value for _, value in kept] == [raw]
    page_watch.click("#msg-ok")
    assert page_watch.locator("#newgame[open]").count() == 1
    page_watch.click("#ng-start")
    assert ":" in status(page_watch) and not status(page_watch).startswith("Game over")
    click_random(page_watch, random.Random(2))
    assert saved_game(page_watch) is not None
    assert page_watch.evaluate(BROKEN_KEYS) == kept  # never overwritten
    page_watch.assert_clean()


BLOCK_STORAGE = """
Object.defineProperty(window, 'localStorage', {
  configurable: true,
  get() { throw new DOMException('The operation is insecure.', 'SecurityError'); }
});
"""


@pytest.mark.own_context  # its init script must not outlive it
def test_blocked_storage_still_plays_and_says_it_cannot_save(page_watch):
    page_watch.context.add_init_script(BLOCK_STORAGE)
    page_watch.goto(START)
    rng = random.Random(5)
    for _ in range(40):
        assert click_random(page_watch, rng) is not None
    assert "Not saved" in page_watch.inner_text("#save-state")
    assert ":" in status(page_watch)
    page_watch.assert_clean()


FULL_STORAGE = """
(() => {
  const real = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (String(key).startsWith('cakegame.save')) {
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    }
    return real.call(this, key, value);
  };
})();
"""


@pytest.mark.own_context  # its init script must not outlive it
def test_full_storage_still_plays_and_says_so(page_watch):
    page_watch.context.add_init_script(FULL_STORAGE)
    page_watch.goto(START)
    rng = random.Random(6)
    for _ in range(20):
        assert click_random(page_watch, rng) is not None
    assert "full" in page_watch.inner_text("#save-state")
    page_watch.assert_clean()


MARKUP = "<img src=x onerror=alert(1)>"


def test_a_name_with_markup_shows_as_text(page_watch):
    dialogs = []
    page_watch.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page_watch.goto("./")
    page_watch.fill("#ng-seats .ng-seat:nth-child(1) .ng-name", MARKUP)
    page_watch.fill("#ng-seats .ng-seat:nth-child(2) .ng-name", MARKUP)
    page_watch.click("#ng-start")
    assert MARKUP in page_watch.inner_text("#players")
    assert MARKUP in status(page_watch)
    # As typed in the hand's heading too, beside its own word in capitals (as rendered).
    assert page_watch.inner_text("#hand-h .as-typed") == MARKUP
    assert page_watch.text_content("#hand-h") == "Hand of " + MARKUP
    rng = random.Random(3)
    for _ in range(30):
        click_random(page_watch, rng)
    assert page_watch.locator("main img, dialog img").count() == 0
    assert MARKUP in page_watch.inner_text("#log")
    assert not dialogs
    page_watch.assert_clean()


def test_export_then_import_resumes_the_same_game(page_watch, tmp_path):
    page_watch.goto(START)
    rng = random.Random(9)
    for _ in range(25):
        click_random(page_watch, rng)
    page_watch.keyboard.press("Escape")
    game = saved_game(page_watch)
    with page_watch.expect_download() as info:
        page_watch.click("#btn-export")
    path = tmp_path / "game.json"
    info.value.save_as(path)
    assert json.loads(path.read_text())["game"] == game
    page_watch.click("#btn-new")
    page_watch.fill("#ng-seed", "5")
    page_watch.click("#ng-start")
    page_watch.click("#ng-confirm-yes")
    assert saved_game(page_watch)["seed"] == 5
    page_watch.set_input_files("#import-file", str(path))
    page_watch.click("#import-confirm[open] #imp-yes")  # it asks before replacing a game
    page_watch.wait_for_selector("#message[open]")
    assert "imported" in page_watch.inner_text("#msg-title")
    assert saved_game(page_watch) == game
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "cakegame-save/1", "game": {"format": "cakegame/1"}}')
    page_watch.click("#msg-ok")
    page_watch.set_input_files("#import-file", str(bad))
    page_watch.wait_for_selector("#message[open]")
    assert "Import failed" in page_watch.inner_text("#msg-title")
    assert saved_game(page_watch) == game
    page_watch.assert_clean()


def test_a_first_visit_imports_a_finished_game_from_the_new_game_form(page_watch, tmp_path):
    """A first visit opens the New game form over everything, and More's Import lay behind
    it: a play-tester started a throwaway game to import one. The form has its own; a
    finished game imported is said to be open and over, not "now in play"."""
    from playhelp import session_save

    raw = session_save(2, 3, lambda ses: ses.state.is_over, seats=["human", "medium"])
    path = tmp_path / "finished.json"
    path.write_text(raw)
    page = page_watch
    page.goto("index.html")
    page.wait_for_selector("html[data-boot=ready] #newgame[open] #ng-import:not([disabled])")
    with page.expect_file_chooser() as chooser:
        page.click("#ng-import")
    chooser.value.set_files(str(path))
    page.wait_for_selector("#message[open]")
    assert "imported" in page.inner_text("#msg-title")
    turn = json.loads(raw)["game"]
    text = page.inner_text("#msg-text")
    assert " is open: it ended on turn " in text and "now in play" not in text, text
    assert not page.evaluate("document.getElementById('newgame').open")
    assert saved_game(page) == turn
    page.assert_clean()


def test_keyboard_reaches_the_board_and_undo(page_watch):
    page_watch.goto(START)
    first = saved_game(page_watch)
    page_watch.focus("#ch-" + page_watch.evaluate(
        "document.querySelector('.chamber[data-action]').dataset.letter") + " .hex")
    page_watch.keyboard.press("Enter")
    assert saved_game(page_watch) != first
    assert not page_watch.is_disabled("#btn-undo")
    page_watch.keyboard.press("u")
    assert saved_game(page_watch) == first
    page_watch.assert_clean()


# Click a target, then read the save, hide the page (pagehide) and read it again, all in one
# task: the click's own save has not run yet, so only the pagehide flush can have written it.
CLICK_THEN_LEAVE = """
() => {
  const read = () => localStorage.getItem('cakegame.save');
  const before = read();
  document.querySelector('.chamber[data-action]')
    .dispatchEvent(new MouseEvent('click', {bubbles: true}));
  const pending = read();
  window.dispatchEvent(new PageTransitionEvent('pagehide'));
  return [before, pending, read()];
}
"""


def test_a_save_still_due_is_written_when_the_page_goes_away(page_watch):
    """A click saves just after its redraw; leaving the page first saves at once."""
    page_watch.goto(START)
    before, pending, flushed = page_watch.evaluate(CLICK_THEN_LEAVE)
    assert pending == before  # the save waits for the redraw...
    assert flushed != before  # ...unless the page is hidden or closed first
    status_now = status(page_watch)
    page_watch.reload()
    page_watch.wait_ready()
    assert json.loads(flushed)["game"] == saved_game(page_watch)
    assert status(page_watch) == status_now
    page_watch.assert_clean()


def test_a_click_on_a_chamber_that_is_not_a_choice_explains_and_changes_nothing(page_watch):
    page_watch.goto(START)
    before = saved_game(page_watch)
    letter = page_watch.evaluate(
        "document.querySelector('.chamber:not([data-action]):not([data-select])')"
        ".dataset.letter")
    page_watch.evaluate(
        "l => document.getElementById('ch-' + l).dispatchEvent("
        "new MouseEvent('click', {bubbles: true}))", letter)
    assert page_watch.is_visible("#notice")
    assert page_watch.inner_text("#notice")
    assert saved_game(page_watch) == before
    page_watch.assert_clean()


def test_a_good_save_resumes_where_it_was(page_watch):
    raw = valid_save()
    put_save(page_watch, raw)
    page_watch.goto("./")
    assert page_watch.locator("dialog[open]").count() == 0
    assert saved_game(page_watch) == json.loads(raw)["game"]
    assert "a line of the log" in page_watch.inner_text("#log")
    page_watch.assert_clean()


def test_the_end_of_a_game_in_the_page_says_its_reason(page_watch):
    """A saved game one recycle from its end: Blue's last Test Subject stands in the chamber
    to be activated (tied with Orange's, so nobody is rewarded); the dialog says why."""
    from cakegame.builder import build

    lab = "A B C D E\nF G H I J\nK L M N O"
    state = build(2, lab, subjects={"A": [1, 0], "E": [1, 1]}, cake={"B": [1, 0]},
                  step="activate")
    put_save(page_watch, saves.encode(state, ["human", "human"], log=[]))
    page_watch.goto("./")
    page_watch.click('[data-action="activate E"]')
    page_watch.click('[data-action="recycle top"]')
    assert status(page_watch).startswith("Game over")
    assert page_watch.locator("#gameover[open]").count() == 1
    reason = page_watch.inner_text("#go-reason")
    assert "no Test Subjects left" in reason
    assert ("Whoever has the most Cake Slices in the lab wins, even the division that ran out."
            in reason)
    assert reason.endswith("has the most Cake Slices in the lab (1, against 0).")
    # "Look at the lab" closes the result; the choices bar offers it again, and a new game.
    page_watch.click("#go-close")
    assert page_watch.locator("#gameover[open]").count() == 0
    # The lab looked at after the game marks what the ending action touched ("recycle top"
    # names no chamber: E, recycled, is marked where it went).
    assert page_watch.eval_on_selector_all(
        "#chambers .chamber.last", "els => els.map(e => e.dataset.letter)") == ["E"]
    assert page_watch.inner_text("#choices").startswith("The game is over.")
    assert page_watch.inner_text("#hand") == "No hand to play: the game is over."
    assert page_watch.evaluate(
        "[...document.querySelectorAll('#players .seat-kind')].every(s => s.disabled)")
    page_watch.click("#over-result")
    assert page_watch.locator("#gameover[open]").count() == 1
    assert "no Test Subjects left" in page_watch.inner_text("#go-reason")
    page_watch.click("#go-close")
    ending = page_watch.text_content("#announce").strip()
    assert ending  # the ending, told
    page_watch.click("#over-again")
    assert page_watch.locator("#newgame[open]").count() == 1
    # The new game's live region tells the new game, not the old game's ending, which
    # stood there.
    before = page_watch.evaluate(READY)
    page_watch.click("#ng-start")
    page_watch.wait_for_function(f"{READY} !== {json.dumps(before)}")
    heard = page_watch.text_content("#announce")
    assert heard.startswith("A new game of 2 players, ") and ending not in heard, heard
    page_watch.assert_clean()


def test_a_tie_on_cake_at_the_end_says_how_it_was_broken(page_watch):
    """A three-player game whose last action leaves Blue and Green level on cake: the result
    says that the most Test Subjects in the lab broke the tie ("Green wins!" beside two
    slices each read as wrong)."""
    raw, last = last_move_save(3, 17)
    open_saved(page_watch, raw)
    page_watch.click(f'[data-action="{last}"]')
    page_watch.wait_for_selector("#gameover[open]")
    assert page_watch.inner_text("#go-winners") == "Green wins!"
    assert page_watch.inner_text("#go-reason").endswith(
        "Blue and Green are level on cake (2 each); Green has the most Test Subjects in the "
        "lab (3, against 0).")
    page_watch.assert_clean()


def test_a_game_kept_aside_is_listed_opened_and_deleted_from_more(page_watch):
    """The games the page kept aside are in reach: More lists them ("Kept games (2)"), in
    words (names shown as text), a damaged one without Open. Opening one plays it on and
    keeps the game on the table aside in its place; a delete asks once more."""
    from playhelp import session_save

    page = page_watch
    table = session_save(2, 5, lambda ses: ses.state.turn_number >= 3)
    names = ["<b>Ann</b>", "Bo"]
    other = cakegame.new_game(players=2, seed=9, names=names)
    for _ in range(12):
        other = other.apply(other.legal_actions()[0])
    page.goto("rules.html", wait_ready=False)
    page.evaluate("""([table, kept]) => {
        localStorage.setItem('cakegame.save', table);
        localStorage.setItem('cakegame.save.kept.1700000000000', kept);
        localStorage.setItem('cakegame.save.broken.1700000005000', '{not a save');
    }""", [table, saves.encode(other, ["human", "human"])])
    page.goto("index.html")
    page.click("#more summary")
    assert page.inner_text("#btn-kept") == "Kept games (2)"
    page.click("#btn-kept")
    page.wait_for_selector("#kept[open]")
    items = page.locator("#kept-list .kept-item")
    assert items.count() == 2
    assert items.nth(0).locator(".kept-what").inner_text().startswith("Cannot be opened: ")
    assert items.nth(0).locator('[data-do="open"]').count() == 0
    assert items.nth(1).locator(".kept-what").inner_text().startswith(
        f"<b>Ann</b> and Bo, turn {other.turn_number}, ")
    assert page.locator("#kept-list b").count() == 0  # a typed name is text, not markup
    items.nth(1).locator('[data-do="open"]').click()
    page.wait_for_selector("#message[open]")
    assert page.inner_text("#msg-title") == "Kept game opened"
    assert "More, then Kept games" in page.inner_text("#msg-text")
    page.click("#msg-ok")
    assert cakegame.State.from_json(saved_game(page)) == other
    # The game that was on the table took the opened one's place among the kept.
    page.click("#more summary")
    assert page.inner_text("#btn-kept") == "Kept games (2)"
    page.click("#btn-kept")
    page.wait_for_selector("#kept[open]")
    whats = page.locator("#kept-list .kept-what").all_inner_texts()
    table_state = saves.decode(table).state
    table_save = saves.decode(table)
    assert kept.summary(table_save) in whats
    assert f"{table_state.names[0]} and {table_state.names[1]}, turn " \
        f"{table_state.turn_number}, " in kept.summary(table_save)
    # Deleting asks once more; "Keep it" keeps it.
    broken = page.locator("#kept-list .kept-item.damaged")
    broken.locator('[data-do="delete"]').click()
    page.locator('#kept-list [data-do="keep"]').click()
    assert page.locator("#kept-list .kept-item").count() == 2
    page.locator('#kept-list .kept-item.damaged [data-do="delete"]').click()
    assert page.evaluate("document.activeElement.dataset.do") == "delete-yes"
    page.keyboard.press("Enter")
    assert page.locator("#kept-list .kept-item").count() == 1
    assert page.evaluate("localStorage.getItem('cakegame.save.broken.1700000005000')") is None
    page.click("#kept-close")
    page.assert_clean()
