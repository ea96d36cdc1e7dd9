"""Replay, export/import of the whole game, share links and the guided first game, in Chromium.

Each test's browser context is a fresh profile (its own storage), so a file or a link made
in one test page and opened in another context is opened the way a friend would open it.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import cakegame
import cakegame.bots
import pytest
from playhelp import SAVED_GAME, UNTIL, click_random, open_saved, played, save_of, status
from ui import drawing, eventlog, guide, record, saves, sharelink

SCREENSHOTS = Path(__file__).resolve().parent.parent / "docs" / "screenshots"


def shot(page, name: str) -> None:
    """A picture for the README (docs/screenshots/), taken once the page has settled."""
    page.wait_for_timeout(600)  # let slides and fades finish
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))


CHAMBERS = """
() => [...document.querySelectorAll('#rv-chambers .chamber:not(.gone)')].map(g => [
  g.getAttribute('data-letter'), g.querySelector('title').textContent, g.style.transform,
  g.classList.contains('last'), g.classList.contains('new-edge'),
  g.classList.contains('old-edge')])
"""

# Everything in the site's storage but the start-up picture of the lab (a cache the page
# rewrites whenever it draws, not a game).
STORAGE = """
() => Object.fromEntries(Object.keys(localStorage).filter(k => k !== 'cakegame.picture')
                         .sort().map(k => [k, localStorage.getItem(k)]))
"""


# True once something a person could press is on screen (no computer player is thinking).
WAITING_FOR_A_PERSON = """
() => document.getElementById('status').textContent.startsWith('Game over') ||
  [...document.querySelectorAll('[data-action]:not([disabled]), [data-continue]:not([disabled])')]
    .some(e => e.getClientRects().length > 0 && !e.closest('dialog:not([open])'))
"""


def put_save(page, raw: str) -> None:
    page.goto("rules.html", wait_ready=False)
    page.evaluate("raw => localStorage.setItem('cakegame.save', raw)", raw)


def wait_pos(page, k: int) -> None:
    page.wait_for_selector(f'#review[open][data-pos="{k}"]', state="attached")


def strip_edges(title: str) -> str:
    return title.replace("; new edge", "").replace("; old edge", "")


def board_matches(page, state: cakegame.State, changed: frozenset[str]) -> None:
    """The replay's lab shows exactly the engine's chambers of `state`, each where the board
    puts it, with the chambers the last action changed outlined."""
    shown = {row[0]: row[1:] for row in page.evaluate(CHAMBERS)}
    chambers = state.chambers()
    assert set(shown) == {c.letter for c in chambers}
    for c in chambers:
        title, transform, last, new_edge, old_edge = shown[c.letter]
        # The edges are checked by class: the tooltip's edge words are the board's to keep
        # fresh (they only follow a change of contents).
        assert strip_edges(title) == strip_edges(drawing.chamber_title(c, state.names)), c.letter
        assert (new_edge, old_edge) == (c.new_edge, c.old_edge), c.letter
        x, y = drawing.centre(c.row, c.x)
        numbers = [float(v) for v in re.findall(r"-?[0-9.]+", transform)]
        assert numbers == [round(x, 1), round(y, 1)], (c.letter, transform)
        assert last == (c.letter in changed), c.letter


def changed_by(states: list, actions: list[str], k: int) -> frozenset[str]:
    from ui.replay import Replay
    r = Replay(record.Record(2, 0, ["a", "b"]), states)
    r.record.actions = actions
    return r.changed(k)


def test_replay_steps_land_on_the_engines_prefix(page_watch):
    rec = played(2, 23, 60)
    states = rec.states()
    put_save(page_watch, save_of(rec))
    page_watch.goto("./")
    page_watch.click("#btn-review")
    wait_pos(page_watch, 60)
    board_matches(page_watch, states[60], changed_by(states, rec.actions, 60))
    page_watch.click("#rv-first")
    wait_pos(page_watch, 0)
    board_matches(page_watch, states[0], frozenset())
    assert page_watch.is_disabled("#rv-prev") and page_watch.is_disabled("#rv-first")
    for k in (1, 2, 3):
        page_watch.click("#rv-next")
        wait_pos(page_watch, k)
        board_matches(page_watch, states[k], changed_by(states, rec.actions, k))
        assert page_watch.inner_text("#rv-said") == states[k - 1].describe(rec.actions[k - 1])
    page_watch.keyboard.press("ArrowRight")
    wait_pos(page_watch, 4)
    page_watch.keyboard.press("ArrowLeft")
    page_watch.keyboard.press("ArrowLeft")
    wait_pos(page_watch, 2)
    board_matches(page_watch, states[2], changed_by(states, rec.actions, 2))
    page_watch.click('#rv-moves [data-step="37"]')
    wait_pos(page_watch, 37)
    board_matches(page_watch, states[37], changed_by(states, rec.actions, 37))
    assert page_watch.locator('#rv-moves .current[data-step="37"]').count() == 1
    # The list is one stop for Tab, the moment shown, and the focus follows the arrow keys
    # there (it stayed behind on the action it was on; hundreds of stops trapped Tab).
    assert page_watch.evaluate("[...document.querySelectorAll('#rv-moves [tabindex=\"0\"]')]"
                               ".map(e => e.dataset.step)") == ["37"]
    page_watch.keyboard.press("ArrowRight")
    wait_pos(page_watch, 38)
    assert page_watch.evaluate("document.activeElement.dataset.step") == "38"
    assert page_watch.locator("#rv-moves [tabindex='0']").count() == 1
    # In the list, down and up go a row at a time, as in any list (they jumped a turn).
    page_watch.keyboard.press("ArrowDown")
    wait_pos(page_watch, 39)
    page_watch.keyboard.press("ArrowUp")
    page_watch.keyboard.press("ArrowUp")
    wait_pos(page_watch, 37)
    assert page_watch.evaluate("document.activeElement.dataset.step") == "37"
    # R reads the lab at this moment whole (a picture to a screen reader, it told nothing).
    page_watch.keyboard.press("r")
    from ui import labels, speech
    assert page_watch.text_content("#rv-announce") == speech.lab_reading(
        states[37].chambers(), states[37].names, labels.DIVISION_NAMES)
    turns = page_watch.locator("#rv-moves .rv-turn").count()
    assert turns == len({s.turn_number for s in states[:-1]})
    # A marked moment of the story chart is a way into the game too.
    mark = page_watch.locator("#rv-chart .story-swing[data-step] circle").last
    step = int(page_watch.locator("#rv-chart .story-swing[data-step]").last
               .get_attribute("data-step"))
    assert step != 37
    mark.click()
    wait_pos(page_watch, step)
    board_matches(page_watch, states[step], changed_by(states, rec.actions, step))
    # A turn at a time: down to the next turn's start, up to this one's; a turn's head in
    # the list shows the lab as that turn began.
    from ui.replay import Replay
    starts = Replay(rec, states).turn_starts()
    page_watch.click("#rv-first")
    wait_pos(page_watch, 0)
    page_watch.keyboard.press("ArrowDown")
    wait_pos(page_watch, starts[1])
    page_watch.keyboard.press("PageDown")
    wait_pos(page_watch, starts[2])
    page_watch.keyboard.press("ArrowRight")
    page_watch.keyboard.press("ArrowUp")
    wait_pos(page_watch, starts[2])
    page_watch.locator("#rv-moves .rv-turn-jump").nth(3).click()
    wait_pos(page_watch, starts[3])
    board_matches(page_watch, states[starts[3]], changed_by(states, rec.actions, starts[3]))
    page_watch.keyboard.press("End")
    wait_pos(page_watch, 60)
    page_watch.click("#rv-close")
    assert status(page_watch).startswith("Player")  # the game itself goes on untouched
    page_watch.assert_clean()


MOVE_UNDER_HEAD = """() => {
  const list = document.getElementById('rv-moves'), box = list.getBoundingClientRect();
  const heads = [...list.querySelectorAll('.rv-turn-head')].map(h => h.getBoundingClientRect())
    .filter(r => r.top <= box.top + 2 && r.bottom > box.top);
  const below = heads.length ? Math.max(...heads.map(r => r.bottom)) : box.top;
  const cut = [...list.querySelectorAll('.rv-move')].map(e => [e.dataset.step,
    e.getBoundingClientRect()]).filter(([, r]) => r.top < below - 1 && r.bottom > below + 1);
  // A turn's heading cut by the list's top edge (the last of a turn pushing it out).
  const top = box.top + list.clientTop;
  const halfHead = [...list.querySelectorAll('.rv-turn-head')].map(h => h.getBoundingClientRect())
    .filter(r => r.top < top - 1 && r.bottom > top + 1);
  const current = list.querySelector('.current');
  const now = current ? current.getBoundingClientRect() : null;
  return {cut: cut.map(([step]) => step).concat(halfHead.map(() => 'heading')),
          current: now ? now.top >= below - 1 && now.bottom <= box.bottom + 1
                       : list.scrollTop === 0}; }"""


@pytest.mark.parametrize("size", [
    pytest.param("phone", marks=pytest.mark.browser_context_args(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True), id="phone"),
    pytest.param("desktop", id="desktop")])
def test_the_move_list_never_leaves_a_move_half_under_its_turns_heading(page_watch, size):
    """Stepping back through a replay, move by move and turn by turn: the move list comes to
    rest with every move whole below its turn's sticky heading and the current one in view
    (a play-tester read half of "116. Green moves..." under "Turn 15: Green")."""
    rec = played(2, 23, 90)
    put_save(page_watch, save_of(rec))
    page_watch.goto("./")
    page_watch.evaluate("document.getElementById('btn-review').click()")
    wait_pos(page_watch, 90)
    page_watch.wait_for_timeout(50)
    assert page_watch.evaluate(MOVE_UNDER_HEAD) == {"cut": [], "current": True}  # as it opens
    pos = 90
    for i in range(24):
        before = pos
        page_watch.keyboard.press("PageUp" if i % 6 == 5 else "ArrowLeft")
        page_watch.wait_for_selector(f'#review[open]:not([data-pos="{before}"])',
                                     state="attached")
        pos = int(page_watch.get_attribute("#review", "data-pos"))
        # The list is scrolled in the step's own task (no smooth scroll): two frames on,
        # it has been laid out and drawn as it rests.
        page_watch.evaluate("() => new Promise(r => requestAnimationFrame("
                            "() => requestAnimationFrame(r)))")
        seen = page_watch.evaluate(MOVE_UNDER_HEAD)
        assert seen == {"cut": [], "current": True}, (pos, seen)
    page_watch.keyboard.press("Home")  # the set-up: the list back at its top
    wait_pos(page_watch, 0)
    page_watch.wait_for_timeout(50)
    assert page_watch.evaluate(MOVE_UNDER_HEAD) == {"cut": [], "current": True}
    page_watch.assert_clean()


def test_continue_from_here_starts_a_new_game_and_keeps_the_original(page_watch):
    rec = played(2, 29, 50)
    raw = save_of(rec)
    put_save(page_watch, raw)
    page_watch.goto("./")
    page_watch.click("#btn-review")
    page_watch.click('#rv-moves [data-step="20"]')
    wait_pos(page_watch, 20)
    # Over a game in progress it asks first, its focus on Cancel; Cancel changes nothing.
    page_watch.click("#rv-continue")
    assert page_watch.is_visible("#rv-confirm")
    assert "in progress" in page_watch.inner_text("#rv-confirm-text")
    assert page_watch.evaluate("document.activeElement.id") == "rv-confirm-no"
    page_watch.keyboard.press("Enter")
    assert page_watch.is_hidden("#rv-confirm")
    assert page_watch.evaluate(SAVED_GAME) == raw or json.loads(page_watch.evaluate(SAVED_GAME))[
        "record"]["actions"] == rec.actions
    page_watch.click("#rv-continue")
    page_watch.click("#rv-confirm-yes")
    page_watch.wait_for_selector("#review:not([open])", state="attached")
    data = json.loads(page_watch.evaluate(SAVED_GAME))
    assert data["record"]["actions"] == rec.actions[:20]
    assert cakegame.State.from_json(data["game"]) == rec.states()[20]
    # Its log is the game's as it was written, consequences and chambers included (it had
    # kept the bare sentences).
    from ui import eventlog
    states = rec.states()
    assert data["log"] == [eventlog.log_entry(states[i], a, states[i + 1])
                           for i, a in enumerate(rec.actions[:20])]
    kept = [v for k, v in page_watch.evaluate(STORAGE).items()
            if k.startswith("cakegame.save.kept.")]
    assert len(kept) == 1  # the game as it was (the page re-saved it when it resumed it)
    # The message says where a player finds it (it named the storage key).
    told = page_watch.inner_text("#msg-text")
    assert "More, then Kept games" in told and "cakegame.save" not in told, told
    original = saves.decode(raw)
    assert saves.decode(kept[0]).state == original.state
    assert saves.decode(kept[0]).record == original.record == rec
    page_watch.assert_clean()


def test_a_game_continued_from_its_replay_keeps_the_tables_settings(page_watch):
    """A play-tester's pass-the-device game went on from its replay without the screen, the
    next hand shown at once, and its hints no longer counted."""
    rec = played(2, 29, 50)
    raw = saves.encode(rec.final(), rec.seats, record=rec,
                       ui={"pass_device": True, "revealed": None, "hints": 2})
    put_save(page_watch, raw)
    page_watch.goto("./")
    page_watch.click("#curtain [data-continue]")  # "I am ...": the hand shows
    page_watch.click("#btn-review")
    page_watch.click('#rv-moves [data-step="20"]')
    wait_pos(page_watch, 20)
    page_watch.click("#rv-continue")
    page_watch.click("#rv-confirm-yes")
    page_watch.wait_for_selector("#message[open]")
    page_watch.click("#msg-ok")
    ui = json.loads(page_watch.evaluate(SAVED_GAME))["ui"]
    assert ui["pass_device"] is True and ui["hints"] == 2, ui
    # The player to move takes the device first: the hand stays hidden until then.
    page_watch.wait_for_selector("#curtain[open]")
    assert page_watch.locator("#hand .card").count() == 0
    page_watch.assert_clean()


def test_computer_players_wait_while_the_continuing_message_is_read(page_watch):
    """Continuing from a moment where a computer player is to move: it moves once the
    player has read the message, not behind it."""
    rec = played(2, 29, 50)
    rec = record.Record(rec.players, rec.seed, rec.names, rec.first, ["human", "easy"],
                        rec.actions)
    states = rec.states()
    step = next(k for k in range(20, 50) if states[k].current_player == 1)
    put_save(page_watch, save_of(rec))
    page_watch.goto("./")
    page_watch.click("#btn-review")
    page_watch.click(f'#rv-moves [data-step="{step}"]')
    wait_pos(page_watch, step)
    page_watch.click("#rv-continue")
    page_watch.click("#rv-confirm-yes")
    page_watch.wait_for_selector("#message[open]", state="attached")
    assert "Continuing from here" in page_watch.inner_text("#msg-title")
    page_watch.wait_for_timeout(2500)  # a computer's move comes after about a second

    def played_now() -> int:
        return len(json.loads(page_watch.evaluate(SAVED_GAME))["record"]["actions"])

    assert played_now() == step
    page_watch.click("#msg-ok")
    page_watch.wait_for_function(
        "n => JSON.parse(localStorage.getItem('cakegame.save')).record.actions.length > n",
        arg=step, timeout=30_000)
    page_watch.assert_clean()


def test_export_and_import_restore_the_game_and_its_history(page_watch, fresh_profile,
                                                              tmp_path):
    page_watch.goto("index.html?players=2&seed=41&seats=human,easy&botpace=0")
    rng = random.Random(5)
    for _ in range(40):
        click_random(page_watch, rng)
    # The computer player may still be on its turn: export only once the person may act
    # again (or the game is over), so the file and the save are of the same moment.
    page_watch.wait_for_function(WAITING_FOR_A_PERSON)
    original = json.loads(page_watch.evaluate(SAVED_GAME))
    assert len(original["record"]["actions"]) >= 40
    with page_watch.expect_download() as info:
        page_watch.click("#btn-export")
    path = tmp_path / "game.json"
    info.value.save_as(path)
    exported = json.loads(path.read_text())
    assert exported["record"] == original["record"]
    # The page says where the game went (a browser may download without a word).
    assert info.value.suggested_filename in page_watch.inner_text("#notice")
    # The same file over the same moment changes nothing and keeps nothing aside (it asked
    # to replace the game and kept a needless copy).
    page_watch.set_input_files("#import-file", str(path))
    page_watch.wait_for_selector("#message[open]")
    assert page_watch.inner_text("#msg-title") == "Nothing to import"
    page_watch.click("#msg-ok")
    assert not [k for k in page_watch.evaluate(STORAGE) if k.startswith("cakegame.save.kept.")]
    page_watch.close()
    with fresh_profile() as page:
        page.goto("index.html")
        page.set_input_files("#import-file", str(path))
        page.wait_for_selector("#message[open]")
        assert "imported" in page.inner_text("#msg-title").lower()
        page.click("#msg-ok")
        imported = json.loads(page.evaluate(SAVED_GAME))
        assert imported["record"] == original["record"]
        rec = record.from_data(imported["record"])
        assert rec.final() == cakegame.State.from_json(original["game"])
        assert cakegame.State.from_json(imported["game"]) == rec.final()
        page.click("#btn-review")
        wait_pos(page, len(rec.actions))
        page.keyboard.press("Home")
        wait_pos(page, 0)
        page.assert_clean()
    page_watch.assert_clean()


def open_share(page) -> str:
    page.click("#btn-share")
    page.wait_for_selector("#share[open]")
    if page.is_visible("#sh-show"):
        page.click("#sh-show")
    assert page.evaluate("document.activeElement.id") == "sh-copy"  # not the long link
    return page.input_value("#sh-link")


LAST_COUNTS_SEEN = """
() => { const rows = document.querySelectorAll('#review .rv-row');
        const dialog = document.getElementById('review').getBoundingClientRect();
        return rows.length === 4 && document.getElementById('review').scrollTop === 0
          && rows[3].getBoundingClientRect().bottom <= Math.min(dialog.bottom, innerHeight); }
"""


def test_a_share_link_opens_as_a_replay_in_a_fresh_profile(page_watch, fresh_profile):
    rec = played(4, 24, None)
    rec.names = ["Ann", "Bo", "Cy", "Di"]  # (names do not change the game)
    put_save(page_watch, save_of(rec))
    page_watch.goto("./")
    page_watch.wait_for_selector("#gameover[open] #go-story:not([hidden])")
    assert page_watch.inner_text("#go-ending").startswith("It ended with this action: ")
    states = rec.states()
    assert eventlog.choice_said(states[-2], rec.actions[-1], states[-1]) in \
        page_watch.inner_text("#go-ending")
    assert page_watch.locator("#go-chart svg path.story-line").count() == 8
    shot(page_watch, "story-chart")
    # A marked moment of the game-over story opens the replay there.
    # Not the first mark: the dialog's own first focus, when it comes back, is the first.
    swing = page_watch.locator("#go-chart .story-swing[data-step]").nth(1)
    step = int(swing.get_attribute("data-step"))
    swing.locator("circle").click()
    wait_pos(page_watch, step)
    assert page_watch.is_hidden("#gameover")
    # At 1280x800 the counts of all four divisions show under the lab without a scroll,
    # even at the set-up, whose narrow lab is drawn tallest (the last row lay below the
    # dialog's foot).
    page_watch.keyboard.press("Home")
    wait_pos(page_watch, 0)
    assert page_watch.evaluate(LAST_COUNTS_SEEN), "the last division's counts are cut"
    # In the replay its marks are reached by the keyboard too: Enter on one goes there, and
    # the mark, drawn anew with the cursor, keeps the focus.
    marks = page_watch.locator("#rv-chart .story-swing[data-step]")
    other = marks.last
    other_step = int(other.get_attribute("data-step"))
    assert other_step != step and other.get_attribute("role") == "button"
    assert f", action {other_step}: " in other.get_attribute("aria-label")
    other.focus()
    page_watch.keyboard.press("Enter")
    wait_pos(page_watch, other_step)
    assert page_watch.evaluate("document.activeElement.dataset.step") == str(other_step)
    page_watch.click("#rv-close")
    # Closed, it goes back to the result it was opened from (it went to the lab), the focus
    # on the mark pressed; Space on one opens the replay at its action.
    page_watch.wait_for_selector("#gameover[open]")
    assert page_watch.evaluate("document.activeElement.matches('#go-chart .story-swing')")
    assert page_watch.evaluate("document.activeElement.dataset.step") == str(step)
    page_watch.keyboard.press("Shift+Tab")
    page_watch.keyboard.press("Tab")
    page_watch.keyboard.press(" ")
    wait_pos(page_watch, step)
    page_watch.click("#rv-close")
    page_watch.wait_for_selector("#gameover[open]")
    page_watch.click("#go-close")
    link = open_share(page_watch)
    assert page_watch.is_hidden("#sh-warning")  # a finished game: nothing hidden to warn of
    assert "#replay=1." in link and len(link) < 4096
    assert sharelink.decode(link.split("#", 1)[1]) == rec
    page_watch.close()
    with fresh_profile() as page:
        page.goto(link)
        wait_pos(page, 0)  # a shared game opens at its start
        assert "shared" in page.inner_text("#rv-title")
        # How it ended is left to its end (it was told here: a play-tester's spoiler).
        said = page.inner_text("#rv-said")
        assert said.startswith("The lab as the game began. The game was played to its end: "
                               "Last » shows how it ended, on turn "), said
        assert " win" not in said, said
        mid = len(rec.actions) * 3 // 5
        page.evaluate(f"document.querySelector('#rv-moves [data-step=\"{mid}\"]').click()")
        wait_pos(page, mid)
        shot(page, "replay")
        page.keyboard.press("End")
        wait_pos(page, len(rec.actions))
        # The focus stays on the steps (Next, now disabled, would drop it to the page), and
        # a finished game's last moment has nothing to continue.
        assert page.evaluate("document.activeElement.id") == "rv-prev"
        assert page.is_disabled("#rv-continue")
        final = rec.final()
        assert "Game over" in page.inner_text("#rv-said")
        assert page.inner_text("#rv-counts").count("\n") >= 4
        assert [int(x) for x in page.eval_on_selector_all(
            "#rv-counts tr.rv-row td:nth-child(3)", "els => els.map(e => e.textContent)")] \
            == list(final.cake_in_lab())
        assert page.evaluate(STORAGE).get("cakegame.save") is None  # opening saves nothing
        page.keyboard.press("Home")
        wait_pos(page, 0)
        assert page.evaluate("document.activeElement.id") == "rv-next"
        page.click("#rv-continue")  # no game on this browser's page: nothing to ask
        data = json.loads(page.evaluate(SAVED_GAME))
        assert data["record"]["actions"] == [] and data["record"]["seed"] == 24
        assert cakegame.State.from_json(data["game"]) == rec.start()
        page.assert_clean()
    page_watch.assert_clean()


def test_a_shared_game_in_a_browser_with_none_leads_on_to_a_new_game(page_watch):
    """A link opened where no game is saved: the replay shows it, the tools that need a
    game of the page's own (Export, Replay, Share) wait disabled, and closing the replay
    opens the new-game screen (it once left an empty lab, with those tools doing nothing)."""
    rec = played(2, 7, 40)
    page_watch.goto("index.html#" + sharelink.encode(rec))
    page_watch.wait_for_selector("#review[open]")
    for tool in ("#btn-export", "#btn-review", "#btn-share"):
        assert page_watch.is_disabled(tool), tool
    assert page_watch.is_enabled("#btn-new") and page_watch.is_enabled("#btn-import")
    page_watch.keyboard.press("Escape")
    page_watch.wait_for_selector("#newgame[open]")
    page_watch.click("#ng-start")
    page_watch.wait_for_selector("#newgame:not([open])", state="attached")
    for tool in ("#btn-export", "#btn-review", "#btn-share"):
        assert page_watch.is_enabled(tool), tool
    page_watch.assert_clean()


def test_sharing_a_game_in_progress_warns_first(page_watch):
    rec = played(2, 3, 30)
    put_save(page_watch, save_of(rec))
    page_watch.goto("./")
    page_watch.click("#btn-share")
    page_watch.wait_for_selector("#share[open]")
    assert page_watch.is_visible("#sh-warning") and "every hand" in page_watch.inner_text(
        "#sh-warning")
    assert page_watch.is_hidden("#sh-link-box")
    page_watch.click("#sh-show")
    link = page_watch.input_value("#sh-link")
    assert sharelink.decode(link.split("#", 1)[1]) == rec
    # The focus is on Copy, what is done next; not on the link, whose thousand characters a
    # screen reader read out.
    assert page_watch.evaluate("document.activeElement.id") == "sh-copy"
    page_watch.assert_clean()


@pytest.mark.parametrize("fragment", [
    "replay=1.AAAAAAAAAA",  # damaged
    "replay=1." + sharelink.encode(played(2, 3, 12))[len("replay=1."):-6],  # cut short
    "replay=9.AAAA",  # from a newer version
    "replay=x.AAAA",  # not ours
])
def test_a_damaged_link_is_refused_and_nothing_saved_is_touched(page_watch, fragment):
    raw = save_of(played(2, 11, 25))
    put_save(page_watch, raw)
    page_watch.evaluate("() => localStorage.setItem('other.key', 'kept')")
    before = page_watch.evaluate(STORAGE)
    page_watch.goto("index.html#" + fragment)
    page_watch.wait_for_selector("#message[open]")
    assert "link" in page_watch.inner_text("#msg-text").lower()
    assert page_watch.locator("#review[open]").count() == 0
    page_watch.click("#msg-ok")
    assert page_watch.evaluate(STORAGE) == before
    # The link leaves the address bar: a reload opens the saved game, not the refusal again.
    page_watch.wait_for_function("location.hash === ''")
    assert page_watch.evaluate("location.pathname").endswith("/index.html")
    page_watch.reload()
    page_watch.wait_ready()
    assert page_watch.locator("#message[open]").count() == 0
    assert json.loads(page_watch.evaluate(SAVED_GAME))["record"] == json.loads(raw)["record"]
    page_watch.assert_clean()


# ---- the guided first game -------------------------------------------------------------------
APPLY = """
async (text) => {
  const status = document.getElementById('status');
  const before = status.dataset.ready;
  const visible = e => e && e.getClientRects().length > 0 && !e.disabled;
  let el = [...document.querySelectorAll('[data-action]')]
    .find(e => e.getAttribute('data-action') === text && visible(e));
  if (!el) {
    const letter = text.split(' ').slice(1).find(w => /^[A-R]$/.test(w));
    const chamber = document.querySelector(`[data-select="${letter}"]`);
    if (!chamber) return 'missing';
    chamber.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true}));
    el = [...document.querySelectorAll('[data-action]')]
      .find(e => e.getAttribute('data-action') === text && visible(e));
    if (!el) return 'missing after select';
  }
  el.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true}));
  for (let i = 0; i < 200 && status.dataset.ready === before; i++) {
    await new Promise(res => setTimeout(res, 5));
  }
  // The last decision of a turn against a computer waits for a confirm (a preference).
  const confirm = [...document.querySelectorAll('[data-confirm]')].find(visible);
  if (confirm) {
    const again = status.dataset.ready;
    await new Promise(res => setTimeout(res, 20));  // a click right after a redraw is ignored
    confirm.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true}));
    for (let i = 0; i < 200 && status.dataset.ready === again; i++) {
      await new Promise(res => setTimeout(res, 5));
    }
  }
  return 'ok';
}
"""

LEARNER_TURN = """
() => {
  const s = document.getElementById('status').textContent;
  return s.startsWith('Learner:') || s.startsWith('Game over');
}
"""

# Waits for the learner's turn (or the game's end), then says what a player sees there: the
# status, the coach's tip if it speaks (and where the zoom buttons under the lab end), and
# the save. One call to the page for each of the learner's steps.
LEARNER_STEP = f"""
async () => {{
  const status = document.getElementById('status');
  if (!await ({UNTIL})({LEARNER_TURN.strip()}, 60000)) return {{stuck: status.innerText}};
  const coach = document.getElementById('coach');
  const speaks = coach.getClientRects().length > 0
    && getComputedStyle(coach).visibility !== 'hidden';
  return {{
    status: status.innerText,
    tip: speaks ? coach.dataset.tip : null,
    foot: document.getElementById('lab-fit').getBoundingClientRect().bottom,
    save: await ({SAVED_GAME.strip()})(),
  }};
}}
"""


def test_the_guide_walks_from_the_first_step_to_a_normal_game(page_watch):
    page_watch.goto("index.html?botpace=0")
    page_watch.wait_for_selector("#newgame[open]")
    page_watch.click("#ng-learn")
    tips: list[str] = []
    reloaded = False
    for _ in range(3000):
        step = page_watch.evaluate(LEARNER_STEP)
        assert "stuck" not in step, step
        if step["status"].startswith("Game over"):
            break
        if step["tip"] is not None:
            tips.append(step["tip"])
            # The tip leaves the zoom buttons under the lab on a 1280x800 screen (its box
            # had pushed them 24 px below the window's foot at the first tip, 60 at others).
            assert step["foot"] <= 800, (tips[-1], step["foot"])
            if tips[-1] == "carry":
                assert page_watch.locator("#coach-marks .coach-ring").count() >= 1
                shot(page_watch, "guide")
            assert page_watch.inner_text("#coach-text")
            page_watch.click("#coach-ok")
            continue
        data = json.loads(step["save"])
        state = cakegame.State.from_json(data["game"])
        k = len(data["record"]["actions"])
        if k >= 120 and not reloaded:  # leave the guide half-way and come back
            reloaded = True
            page_watch.goto("index.html?botpace=0")
            continue
        action = str(cakegame.bots.choose(state.view(0), "easy", seed=1000 + k))
        assert page_watch.evaluate(APPLY, action) == "ok", action
    assert status(page_watch).startswith("Game over")
    assert reloaded
    assert len(tips) == len(set(tips))  # each tip once, reload or not
    # (rewards offered together are one tip: "reward-cake+reward-turret")
    shown = [k for tip in tips for k in guide.keys(tip)]
    assert len(shown) == len(set(shown)) and set(shown) == set(guide.KEYS) | {"done"}, tips
    data = json.loads(page_watch.evaluate(SAVED_GAME))
    assert data["record"]["seed"] == guide.SEED and data["record"]["first"] == guide.FIRST
    assert data["seats"] == guide.SEATS
    page_watch.assert_clean()


RINGS_IN_VIEW = """
async () => {
  for (let i = 0; i < 3; i++) await new Promise(r => requestAnimationFrame(r));
  const wrap = document.getElementById('lab-wrap').getBoundingClientRect();
  return [...document.querySelectorAll('#coach-marks .coach-ring')].map(ring => {
    const b = ring.getBoundingClientRect(), x = (b.left + b.right) / 2,
          y = (b.top + b.bottom) / 2;
    return x >= wrap.left && x <= wrap.right && y >= wrap.top && y <= wrap.bottom;
  });
}
"""


@pytest.mark.browser_context_args(viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True)
def test_on_a_phone_the_guide_brings_the_chambers_it_talks_about_into_view(page_watch):
    """The coach's rings are in the lab's window: on a phone, where the window holds four
    or five chambers, the first turn's recycle tip once ringed a chamber off its edge (the
    lab had followed the landing places)."""
    page_watch.goto("index.html?botpace=0")
    page_watch.wait_for_selector("#newgame[open]")
    page_watch.click("#ng-learn")
    # The first tip and the whole lab under it are on the screen: no room is kept for news
    # above the prompt while the coach speaks (an empty band of 120 px pushed the lab's
    # last row off the screen).
    page_watch.wait_for_selector("#coach:not([hidden])")
    bottom = page_watch.evaluate("document.getElementById('lab-wrap').getBoundingClientRect()"
                                 ".bottom")
    assert bottom <= 844, bottom
    ringed = []
    for _ in range(60):
        page_watch.wait_for_function(LEARNER_TURN)
        if page_watch.is_visible("#coach"):
            tip = page_watch.get_attribute("#coach", "data-tip")
            seen = page_watch.evaluate(RINGS_IN_VIEW)
            assert all(seen), (tip, seen)
            ringed.append((tip, len(seen)))
            if tip == "recycle":
                break
            page_watch.click("#coach-ok")
            continue
        data = json.loads(page_watch.evaluate(SAVED_GAME))
        state = cakegame.State.from_json(data["game"])
        k = len(data["record"]["actions"])
        action = str(cakegame.bots.choose(state.view(0), "easy", seed=1000 + k))
        assert page_watch.evaluate(APPLY, action) == "ok", action
    assert ("recycle", 1) in ringed, ringed
    page_watch.assert_clean()


def test_leaving_the_guide_leaves_a_normal_game_that_stays_so(page_watch):
    page_watch.goto("index.html?botpace=0")
    page_watch.wait_for_selector("#newgame[open]")
    page_watch.click("#ng-learn")
    page_watch.wait_for_selector("#coach:not([hidden])")
    assert page_watch.get_attribute("#coach", "data-tip") == "welcome"
    assert page_watch.locator("#coach-marks .coach-ring").count() == 3  # the starting chambers
    page_watch.click("#coach-leave")
    assert page_watch.is_hidden("#coach")
    assert page_watch.locator("#coach-marks .coach-ring").count() == 0
    data = json.loads(page_watch.evaluate(SAVED_GAME))
    assert data["ui"]["guide"]["off"] is True
    page_watch.goto("index.html?botpace=0")
    click_random(page_watch, random.Random(3))
    assert page_watch.is_hidden("#coach")
    assert status(page_watch).startswith("Learner") or "Easy robot" in status(page_watch)
    page_watch.assert_clean()


@pytest.mark.slow
@pytest.mark.browser_context_args(service_workers="allow")
def test_a_share_link_opens_offline(page):
    """After one visit, a link opens with the network cut and the server stopped: the
    fragment never reaches a server, and the service worker answers the page."""
    from conftest import PageWatch

    from tools.siteserver import SiteServer

    server = SiteServer(Path(__file__).resolve().parent.parent).start()
    try:
        watch = PageWatch(page, server.url)
        watch.goto("./")
        watch.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
        rec = played(3, 6, 90)
        link = server.url + "#" + sharelink.encode(rec)
        server.stop()
        watch.context.set_offline(True)
        watch.goto("about:blank")
        watch.goto(link, timeout=60_000)
        wait_pos(watch, 0)
        assert "shared" in watch.inner_text("#rv-title")
        watch.keyboard.press("End")
        wait_pos(watch, 90)
        assert watch.inner_text("#rv-said") == rec.states()[89].describe(rec.actions[89])
        watch.click("#rv-close")
        other = played(2, 4, 30)  # a second link pasted into the same tab (no reload)
        watch.evaluate("h => { location.hash = h; }", sharelink.encode(other))
        wait_pos(watch, 0)
        # The replay's close event, a task after the close, could come after the link and
        # open the new-game form over the replay it had just shown (End then went nowhere).
        watch.wait_for_timeout(200)
        assert watch.evaluate("document.activeElement.closest('#review') !== null")
        watch.keyboard.press("End")
        wait_pos(watch, 30)
        assert not watch.page_errors and not watch.console_errors, watch.report()
    finally:
        server.stop()


@pytest.mark.browser_context_args(viewport={"width": 390, "height": 844}, has_touch=True,
                                   is_mobile=True)
def test_on_a_phone_the_replay_table_shows_every_column(page_watch):
    """A four-division game's replay on a phone: its counts table (five columns, "Cards"
    last) fits the dialog, nothing cut at its right."""
    page = page_watch
    page.goto("index.html?players=4&seed=3&seats=human,easy,easy,easy&botpace=0")
    page.wait_for_selector("[data-action]:not([disabled])")
    page.click("#more summary")
    page.click("#more-review")
    page.wait_for_selector("#review[open]")
    fits = page.evaluate("""() => { const t = document.getElementById('rv-counts');
        const box = t.parentElement.getBoundingClientRect(), r = t.getBoundingClientRect();
        const last = [...t.querySelectorAll('tr')[0].children].pop().getBoundingClientRect();
        return {table: r.right, box: box.right, last: last.right,
                header: t.querySelector('tr').textContent}; }""")
    assert "Cards" in fits["header"], fits
    assert fits["table"] <= fits["box"] + 1 and fits["last"] <= fits["box"] + 1, fits
    page.assert_clean()


@pytest.mark.browser_context_args(viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True)
def test_on_a_phone_the_replay_keeps_a_late_lab_readable(page_watch):
    """Late in a game the lab has spread wide: a phone's replay draws it at the game's own
    readable scale and pans, where it had shrunk it to chambers of half that width. The
    lab pans alone: the counts under it keep their first column in view."""
    from playhelp import session_save
    page = page_watch
    open_saved(page, session_save(3, 5, lambda ses: ses.state.turn_number >= 40))
    page.click("#more summary")
    page.click("#more-review")
    page.wait_for_selector("#review[open]")
    seen = page.evaluate(LATE_REPLAY)
    assert seen["narrowest"] >= 70 and seen["pans"], seen
    # It opens on the last action: the chambers that action changed are in the window.
    assert seen["changed"] and all(seen["changed"]), seen
    assert seen["table"] >= seen["dialog"], seen
    # Back to the start and on to the end again: the chambers slide to their places, and the
    # window goes where they are going (it had gone where the slide began).
    page.click("#rv-first")
    wait_pos(page, 0)
    page.click("#rv-last")
    page.wait_for_selector("#rv-last:disabled")
    page.wait_for_timeout(700)  # past the slides: where the chambers now are
    seen = page.evaluate(LATE_REPLAY)
    assert seen["changed"] and all(seen["changed"]), seen
    assert seen["table"] >= seen["dialog"], seen
    page.assert_clean()


@pytest.mark.browser_context_args(viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True)
def test_on_a_phone_the_replays_set_up_shows_where_the_subjects_start(page_watch):
    """At the set-up the window showed the old edge's end, and the sentence named chambers
    where the Test Subjects start out of view (a play-tester): they are in the window."""
    from playhelp import session_save
    page = page_watch
    raw = session_save(2, 7, lambda ses: ses.state.turn_number >= 20)
    open_saved(page, raw)
    page.click("#more summary")
    page.click("#more-review")
    page.wait_for_selector("#review[open]")
    page.click("#rv-first")
    wait_pos(page, 0)
    page.wait_for_timeout(1000)  # past the slides: where the chambers now are
    start = saves.decode(raw).record.states()[0]
    starts = [c.letter for c in start.chambers() if any(c.subjects)]
    seen = page.evaluate(IN_WINDOW, starts)
    assert len(starts) == 3 and all(seen), (starts, seen)
    page.assert_clean()


IN_WINDOW = """letters => {
    const frame = document.querySelector('.rv-lab-wrap').getBoundingClientRect();
    return letters.map(l => { const b = document.getElementById('rv-ch-' + l)
      .getBoundingClientRect(); return b.left >= frame.left - 1 && b.right <= frame.right + 1; });
}"""


LATE_REPLAY = """() => {
    const wrap = document.querySelector('.rv-lab-wrap'), frame = wrap.getBoundingClientRect();
    const hexes = [...document.querySelectorAll('#rv-chambers .hex')]
      .map(h => h.getBoundingClientRect().width);
    const changed = [...document.querySelectorAll('#rv-chambers .chamber.last')].map(c => {
      const b = c.getBoundingClientRect(), x = (b.left + b.right) / 2;
      return x >= frame.left && x <= frame.right; });
    return {narrowest: Math.min(...hexes), pans: wrap.scrollWidth > wrap.clientWidth, changed,
            table: document.getElementById('rv-counts').getBoundingClientRect().left,
            dialog: document.getElementById('review').getBoundingClientRect().left}; }"""


def test_looking_at_the_lab_after_the_end_puts_the_focus_on_show_the_result(page_watch):
    """The game ends while the focus is elsewhere (the toolbar's Replay): "Look at the lab"
    closes the result onto the lab with the focus on "Show the result", not back on what
    held it before (a keyboard play-tester found it there, or on the page's body)."""
    from playhelp import last_move_save

    page = page_watch
    raw, last = last_move_save(2, 7)
    open_saved(page, raw)
    page.focus("#btn-review")
    page.evaluate("a => document.querySelector(`[data-action=\"${a}\"]`).click()", last)
    page.wait_for_selector("#gameover[open]")
    page.wait_for_function("document.activeElement.id === 'go-close'")
    page.keyboard.press("Enter")
    page.wait_for_selector("#gameover:not([open])", state="attached")
    page.wait_for_function("document.activeElement.id === 'over-result'")
    page.wait_for_timeout(300)  # a redraw after the paint keeps it there
    assert page.evaluate("document.activeElement.id") == "over-result"
    page.assert_clean()


def test_replaying_a_finished_game_from_its_result_starts_at_the_set_up(page_watch):
    """"Replay the game" in the game-over dialog plays the game from its start (it opened on
    the last action, which the result had just shown), and closing the replay goes back to
    the result, focus in it (a keyboard player was left on the page's body, ten Tabs from
    Play again); the toolbar's Replay opens on the moment it is pressed at, and its Close
    leaves the result closed."""
    from playhelp import last_move_save

    page = page_watch
    raw, last = last_move_save(2, 7)
    open_saved(page, raw)
    page.click(f'[data-action="{last}"]')
    page.wait_for_selector("#gameover[open]")
    page.click("#go-review")
    page.wait_for_selector("#review[open]")
    assert page.inner_text("#rv-where").startswith("Set-up, before the first action")
    assert page.is_disabled("#rv-first") and not page.is_disabled("#rv-next")
    # The news box tells how the game began (it stood empty above the lab).
    began = page.locator("#rv-events li").all_inner_texts()
    assert len(began) == 4 and began[0].startswith("Blue plays first, then Orange"), began
    page.click("#rv-last")
    where = page.inner_text("#rv-where")
    assert where.startswith("Action ") and page.is_disabled("#rv-last"), where
    # A screen reader hears the step whole: where, what was done and what it did (it
    # heard only where), each part a sentence of its own (they ran together without their
    # full stops: "... (of 519) The lab as the game began").
    # At the last action, who won is heard once, last, after the losses that ended the
    # game (it came first there, and was told twice).
    heard = page.text_content("#rv-announce")
    said, _, won = page.inner_text("#rv-said").rstrip(".").partition(". Game over: ")
    did = page.locator("#rv-events li").all_inner_texts()
    assert won.endswith(" wins") and did[-2:] == [did[-2], won], (said, did)
    assert did[-2].startswith("The game is over"), did
    assert heard == " ".join(p.rstrip(".") + "." for p in [where, said] + did), (heard, did)
    assert heard.count(won) == 1, heard
    assert page.get_attribute("#rv-announce", "aria-live") == "polite"
    page.keyboard.press("Escape")
    page.wait_for_selector("#gameover[open]")
    # On "Replay the game" again (the dialog's own first focus was the chart's first mark).
    page.wait_for_function("document.activeElement.id === 'go-review'")
    page.keyboard.press("Escape")
    page.wait_for_selector("#gameover:not([open])", state="attached")
    # Closed onto the lab, the focus is on "Show the result", not lost on the page's body.
    page.wait_for_function("document.activeElement.id === 'over-result'")
    page.click("#btn-review")
    page.wait_for_selector("#review[open]")
    page.click("#rv-close")
    page.wait_for_selector("#review:not([open])", state="attached")
    page.wait_for_timeout(100)  # the close event's task
    assert not page.evaluate("document.getElementById('gameover').open")
    page.assert_clean()


# Where the step buttons are, and the tops of the lab and the move list (the lab pans
# sideways; on a phone the list lies under the lab and its counts, and moves with the lab's
# own height).
STEADY = """(phone) => Object.fromEntries(
    ['rv-next', 'rv-continue', 'rv-lab', 'rv-moves'].filter(id => !phone || id !== 'rv-moves')
      .map(id => {
        const r = document.getElementById(id).getBoundingClientRect();
        return [id, id === 'rv-lab' ? Math.round(r.top)
                                   : [Math.round(r.left), Math.round(r.top)]]; }))"""


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)], ids=["phone", "desk"])
def test_the_replay_holds_still_as_it_steps_and_asks_before_replacing_a_finished_game(
        page_watch, size):
    """A finished game's replay from the result, stepped with Next, Previous and Last: the
    step buttons, the lab and the move list stay where they are (on a phone Next moved up
    51 px after its first tap, which put Continue from here under the finger, and that
    replaced the finished game unasked; at 1280x800 the lab jumped by up to 95 px as the
    action's news grew and shrank). Continue from here over a finished game asks first."""
    page = page_watch
    page.set_viewport_size({"width": size[0], "height": size[1]})
    open_saved(page, save_of(played(3, 5, None)))
    page.wait_for_selector("#gameover[open]")
    page.click("#go-review")
    wait_pos(page, 0)
    # The replay's lab has ids of its own: its hexagons are described by its own titles
    # (they were described by the game's, whose ids they shared).
    assert page.evaluate("""() => {
        const ids = [...document.querySelectorAll('[id]')].map(e => e.id);
        const hexes = [...document.querySelectorAll('#rv-chambers .hex')];
        return new Set(ids).size === ids.length && hexes.length > 0 && hexes.every(h =>
          document.getElementById(h.getAttribute('aria-describedby')).closest('#rv-lab'));
        }""")
    phone = size[0] < 600
    first = page.evaluate(STEADY, phone)
    for step, pos in (("#rv-next", 1), ("#rv-next", 2), ("#rv-next", 3), ("#rv-prev", 2)):
        page.click(step)
        wait_pos(page, pos)
        assert page.evaluate(STEADY, phone) == first, (step, pos)
    page.click("#rv-last")
    page.wait_for_selector("#rv-last:disabled")
    assert page.evaluate(STEADY, phone) == first
    page.click("#rv-prev")  # the last moment has nothing to continue; the one before has
    before = page.evaluate(SAVED_GAME)
    page.click("#rv-continue")
    page.wait_for_selector("#rv-confirm:not([hidden])")
    assert "finished game" in page.inner_text("#rv-confirm-text")
    page.click("#rv-confirm-no")
    assert page.evaluate(SAVED_GAME) == before and page.is_visible("#review[open]")
    page.assert_clean()


@pytest.mark.browser_context_args(viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True)
def test_on_a_phone_a_jump_from_the_move_list_shows_the_lab(page_watch):
    """On a phone the move list lies under the lab: a tap on a turn's head or an action
    there shows that moment with the dialog scrolled back to its sentence and the lab (it
    stayed on the list, the lab above the screen and only the steps in sight)."""
    page = page_watch
    put_save(page, save_of(played(2, 29, 60)))
    page.goto("./")
    page.click("#more summary")
    page.click("#more-review")
    page.wait_for_selector("#review[open]")
    for pick in (page.locator("#rv-moves .rv-turn-jump").nth(8),
                 page.locator("#rv-moves .rv-move").nth(41)):
        # A player reading the list has scrolled the dialog down to it.
        page.evaluate("document.getElementById('rv-moves').scrollIntoView({block: 'start'})")
        pick.scroll_into_view_if_needed()
        assert page.evaluate(LAB_OUT_OF_SIGHT), "the list is not below the lab here"
        pick.tap()
        wait_pos(page, int(pick.get_attribute("data-step")))
        assert not page.evaluate(LAB_OUT_OF_SIGHT)
        said = page.evaluate("document.getElementById('rv-said').getBoundingClientRect().top")
        steps = page.evaluate("document.querySelector('#review .rv-controls')"
                              ".getBoundingClientRect().bottom")
        assert steps <= said <= steps + 20, (steps, said)
    page.assert_clean()


LAB_OUT_OF_SIGHT = """() => { const lab = document.getElementById('rv-lab').getBoundingClientRect();
  const steps = document.querySelector('#review .rv-controls').getBoundingClientRect();
  return lab.bottom < steps.bottom + lab.height / 2; }"""


@pytest.mark.browser_context_args(viewport={"width": 1280, "height": 800})
def test_the_replay_says_when_an_action_did_more_than_its_four_lines_show(page_watch, artifacts):
    """The last action of a four-player game did seven things: the list showed four lines,
    and who won lay below them with nothing to say so (a play-tester). Its foot says "more
    below" while some lies there, and not once scrolled to its end."""
    from playhelp import session_save

    page = page_watch
    names = ["Maximiliana Featherstonehaugh", "Bartholomew the Great", "Al", "Purple"]
    open_saved(page, session_save(4, 5, lambda ses: ses.state.is_over,
                                  seats=["human", "easy", "hard", "medium"], names=names))
    page.wait_for_selector("#gameover[open]")
    page.click("#go-review")
    page.wait_for_selector("#review[open]")
    page.click("#rv-last")
    page.wait_for_function("document.getElementById('rv-next').disabled")
    more = """() => { const b = document.getElementById('rv-events');
      return {more: b.hasAttribute('data-more'), over: b.scrollHeight > b.clientHeight + 1,
              mark: getComputedStyle(b, '::after').content}; }"""
    seen = page.evaluate(more)
    page.screenshot(path=str(artifacts / "replay-more-below.png"))
    assert seen["over"] and seen["more"] and "more below" in seen["mark"], seen
    page.evaluate("document.getElementById('rv-events').scrollTop = 1e6")
    page.wait_for_function("!document.getElementById('rv-events').hasAttribute('data-more')")
    page.click("#rv-first")
    seen = page.evaluate(more)
    assert seen["more"] == seen["over"], seen
    page.assert_clean()


IN_VIEW = """(wrap) => { const w = wrap.getBoundingClientRect();
  return [...wrap.querySelectorAll('.chamber .hex')].filter(h => {
    const r = h.getBoundingClientRect();
    return r.width > 0 && r.left >= w.left - 1 && r.right <= w.right + 1; }).length; }"""


@pytest.mark.browser_context_args(viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True)
def test_a_replay_opened_at_an_action_on_no_chamber_shows_as_much_of_the_lab_as_fits(
        page_watch):
    """From a log entry that names no chamber (a deploy step ended), the replay's lab opened
    at its far left, late in a game the top row alone over an empty band (a phone
    play-tester): it opens on as many chambers as its window holds."""
    from playhelp import session_save
    raw = session_save(4, 3, lambda ses: ses.state.turn_number >= 16 and ses.human_to_act())
    open_saved(page_watch, raw)
    entry = page_watch.locator("#log .log-entry[data-step]:not([data-chambers])").last
    entry.scroll_into_view_if_needed()
    entry.tap()
    page_watch.wait_for_selector("#review[open]")
    page_watch.wait_for_timeout(1000)  # the chambers' slides to their places
    wrap = page_watch.locator("#review .rv-lab-wrap")
    room = wrap.evaluate("w => w.scrollWidth - w.clientWidth")
    assert room > 50  # a window onto part of the lab
    shown = wrap.evaluate(IN_VIEW)
    for at in (0, room / 3, room / 2, 2 * room / 3, room):
        wrap.evaluate("(w, at) => { w.scrollLeft = at; }", at)
        assert wrap.evaluate(IN_VIEW) <= shown, at
    page_watch.assert_clean()


# The boxes of a chart's legend as the browser draws them: each name's text and each
# swatch (the 3-unit line before it), in the chart's own units.
LEGEND_BOXES = """
svg => {
  const box = document.createElement('div');
  box.innerHTML = svg;
  document.body.append(box);
  const chart = box.querySelector('svg');
  const boxes = [...chart.querySelectorAll('.story-legend, line[stroke-width="3"]')]
    .map(e => { const b = e.getBBox();
                return [e.tagName, b.x, b.y, b.x + b.width, b.y + b.height]; });
  box.remove();
  return boxes;
}
"""


def test_a_chart_s_legend_keeps_long_wide_names_apart(page_watch):
    """Names of wide letters ("Wwww…") ran into the next name of the game-over chart's
    legend, counted at 7 units a letter (a play-tester): no two of its names or swatches
    overlap, in the wide chart or a phone's."""
    from ui import story
    rec = played(4, 5, 40)
    rec.names = ["Maximilian Augustus", "Bartholomew-Jones", "Cy", "W" * 20]
    states = rec.states()
    page_watch.goto("./")
    for width in (story.WIDTH, story.NARROW):
        boxes = page_watch.evaluate(LEGEND_BOXES, story.chart_svg(states, rec.actions, width=width))
        texts = [b for b in boxes if b[0] == "text"]
        assert len(texts) == 4, boxes
        for i, a in enumerate(boxes):
            for b in boxes[i + 1:]:
                apart = a[3] <= b[1] or b[3] <= a[1] or a[4] <= b[2] or b[4] <= a[2]
                assert apart, (width, a, b)
    page_watch.assert_clean()
