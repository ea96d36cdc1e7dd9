"""The game in the browser, played by clicks alone (issue 3)."""

from __future__ import annotations

import json
import random
import re
import shutil
from pathlib import Path

import pytest
from playhelp import (
    MOTION_ENDED,
    SAVED_GAME,
    bound_to_lose,
    click_random,
    enabled_actions,
    losing_save,
    open_saved,
    play_to_end,
    saved_game,
    session_save,
    status,
)
from ui import saves

SCREENSHOTS = Path(__file__).resolve().parent.parent / "docs" / "screenshots"


def shot(page, artifacts: Path, name: str, readme: bool = False) -> None:
    path = artifacts / f"{name}.png"
    page.screenshot(path=str(path))
    if readme:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, SCREENSHOTS / f"{name}.png")


def test_two_player_game_to_game_over_by_clicks(page_watch, artifacts):
    page_watch.goto("index.html?players=2&seed=5&pass=0")
    assert ":" in status(page_watch)
    clicks = play_to_end(page_watch, seed=2)
    assert clicks > 20
    assert status(page_watch).startswith("Game over")
    assert page_watch.locator("#gameover[open]").count() == 1
    assert "win" in page_watch.inner_text("#go-winners")
    # A screen reader opening the dialog hears who won and why with its name ("Game over,
    # dialog" alone, the winner told in a long announcement cut short by the focus move).
    from playwright.sync_api import expect
    expect(page_watch.locator("#gameover")).to_have_accessible_description(
        f'{page_watch.inner_text("#go-winners")} {page_watch.inner_text("#go-reason")}'.strip())
    # The status line's mark is the winner's colour and shape (a shared win: neutral).
    chip = page_watch.get_attribute("#status-chip", "class")
    assert chip == "chip over" if "Shared" in page_watch.inner_text("#go-winners") \
        else re.fullmatch(r"chip d([01]) shape\1", chip), chip
    assert page_watch.locator("#gameover [data-continue]").count() == 1  # play again
    assert page_watch.locator("#log li").count() > 20
    shot(page_watch, artifacts, "game-over", readme=True)
    page_watch.assert_clean()


def test_a_four_player_game_resumed_mid_game(page_watch, artifacts):
    """The README's first picture: four people at turn 23, back at the page (a whole
    four-player game is played by clicks in test_page_screens.py, on a phone)."""
    page_watch.set_viewport_size({"width": 1360, "height": 900})
    names = ["Ann", "Bo", "Cy", "Di"]
    raw = session_save(4, 5, lambda ses: ses.state.turn_number >= 23
                       and ses.state.decision == "move"
                       and ses.state.prompt().endswith("move Test Subjects from"), names=names)
    open_saved(page_watch, raw)
    said = status(page_watch)
    assert said.split(":")[0] in names and said.endswith("Test Subjects from"), said
    assert page_watch.locator("#players .division").count() == 4
    assert page_watch.inner_text("#since-text")  # what happened since that player's turn
    page_watch.evaluate(MOTION_ENDED)
    shot(page_watch, artifacts, "board-mid-game", readme=True)
    page_watch.assert_clean()


def test_reload_at_random_moments_resumes_the_same_state(page_watch):
    page_watch.goto("index.html?players=3&seed=21&pass=0")
    rng = random.Random(8)
    reloads = after = 0
    for _ in range(400):
        # Four reloads at random moments, and a few presses after the last: more of the same
        # game would test nothing new (a whole game by clicks is played above).
        if status(page_watch).startswith("Game over") or after > 5:
            break
        after += reloads == 4
        if rng.random() < 0.03 and reloads < 4:
            page_watch.keyboard.press("Escape")  # a half-made two-click choice may be dropped
            before_game = saved_game(page_watch)
            before_actions = enabled_actions(page_watch)
            before_status = status(page_watch)
            page_watch.reload()
            page_watch.wait_ready()
            assert saved_game(page_watch) == before_game
            assert enabled_actions(page_watch) == before_actions
            assert status(page_watch) == before_status
            reloads += 1
        assert click_random(page_watch, rng) is not None
    assert reloads >= 3
    page_watch.assert_clean()


def test_new_game_screen_and_phone_layout(page_watch, artifacts):
    page_watch.goto("./")
    assert page_watch.locator("#newgame[open]").count() == 1
    page_watch.check("#ng-form input[name=players][value='3']")
    page_watch.fill("#ng-seats .ng-seat:nth-child(1) .ng-name", "Chell")
    page_watch.fill("#ng-seats .ng-seat:nth-child(2) .ng-name", "Wheatley")
    shot(page_watch, artifacts, "new-game", readme=True)
    page_watch.click("#ng-start")
    assert page_watch.locator("#newgame[open]").count() == 0
    assert status(page_watch).split(":")[0] in ("Chell", "Wheatley", "Green")
    page_watch.set_viewport_size({"width": 390, "height": 844})
    rng = random.Random(3)
    for _ in range(25):
        click_random(page_watch, rng)
    page_watch.keyboard.press("Escape")
    page_watch.wait_for_timeout(600)  # let slides and fades finish
    shot(page_watch, artifacts, "phone", readme=True)
    page_watch.screenshot(path=str(artifacts / "phone-full.png"), full_page=True)
    page_watch.assert_clean()


SEAT_KINDS = ("[...document.querySelectorAll('#ng-seats .ng-seat')]"
              ".filter(r => !r.hidden).map(r => r.querySelector('.ng-kind').value)")


def test_a_seat_the_player_count_adds_plays_as_the_computer_before_it(page_watch):
    """Three players, two of them computers, then four: the fourth seat plays as the third
    (it was a person, and two people's game started unasked: a play-tester). A seat the
    player chose keeps its choice; after a person's seat, a new one is a person too."""
    page = page_watch
    page.goto("./")
    page.check("#ng-form input[name=players][value='3']")
    for seat in (1, 2):
        page.select_option(f"#ng-seats .ng-seat >> nth={seat} >> .ng-kind", "hard")
    page.check("#ng-form input[name=players][value='4']")
    assert page.evaluate(SEAT_KINDS) == ["human", "hard", "hard", "hard"]
    assert not page.is_checked("#ng-pass")  # one person: no pass-the-device screen
    # Chosen here, a seat keeps its choice when the count takes it away and back.
    page.select_option("#ng-seats .ng-seat >> nth=3 >> .ng-kind", "human")
    page.check("#ng-form input[name=players][value='2']")
    page.check("#ng-form input[name=players][value='4']")
    assert page.evaluate(SEAT_KINDS) == ["human", "hard", "hard", "human"]
    page.assert_clean()


@pytest.mark.parametrize("query", ["index.html?players=2&seed=3&pass=0"])
def test_new_game_over_a_saved_one_asks_first(page_watch, query):
    page_watch.goto(query)
    first = saved_game(page_watch)
    page_watch.click("#btn-new")
    # A new game is a new deal (the form kept the game's seed, so "New game" dealt it again).
    assert page_watch.input_value("#ng-seed") not in ("", "3")
    # The rules are a press away from the first screen (they were under More only).
    assert page_watch.get_attribute("#ng-rules", "href") == "./rules.html"
    page_watch.click("#ng-start")
    assert page_watch.locator("#ng-confirm").is_visible()
    # The confirmation is then the one way to start: no second start button beside it.
    assert not page_watch.locator("#ng-start").is_visible()
    assert not page_watch.locator("#ng-learn").is_visible()
    assert saved_game(page_watch) == first
    # It says the game in progress is kept, and keeps it ("Replace it and start" had
    # deleted a family's hot-seat game: a play-tester).
    assert "kept aside" in page_watch.inner_text("#ng-confirm")
    page_watch.fill("#ng-seed", "99")
    page_watch.click("#ng-confirm-yes")
    assert saved_game(page_watch)["seed"] == 99
    kept = page_watch.evaluate("""() => Object.keys(localStorage)
        .filter(k => k.startsWith('cakegame.save.kept.'))
        .map(k => JSON.parse(localStorage.getItem(k)).game)""")
    assert kept == [first]
    assert "kept aside in this browser" in page_watch.inner_text("#notice")
    page_watch.assert_clean()


def test_back_to_the_game_closes_the_rules_tab_the_game_opened(page_watch):
    """The rules open in a tab of their own; their "Back to the game" closes that tab
    while the game's tab is open, instead of loading a second copy of the game (Python
    starting again for many seconds beside the first: a play-tester). Opened on its own,
    the rules page's link goes to the game as any link does."""
    page_watch.goto("index.html?players=2&seed=3&pass=0")
    page_watch.click("#btn-new")
    with page_watch.context.expect_page() as opened:
        page_watch.click("#ng-rules")
    rules = opened.value
    rules.wait_for_load_state()
    rules.wait_for_timeout(300)  # the game's tab answers on the channel
    # The rules' own links (the contents, "↑ Contents") move within the page without
    # adding to the tab's history, which would keep a script from closing it (a phone
    # play-tester followed one, and the game loaded a second time).
    for link in ("nav a[href^='#'] >> nth=2", "nav a[href^='#'] >> nth=0"):
        rules.click(link)
    assert rules.evaluate("history.length") == 1
    assert rules.evaluate("location.hash") != ""
    with rules.expect_event("close", timeout=5_000):
        rules.click("header a[data-back-to-game]")
    assert rules.is_closed() and not page_watch.page.is_closed()
    # The rules reached from another page of the tab: there is a page to go back to, and
    # the link goes to the game as any link does.
    alone = page_watch.context.new_page()
    alone.goto(page_watch.url.split("index.html")[0] + "rules.html")
    alone.goto(alone.url + "#pictures")
    alone.wait_for_timeout(300)
    with alone.expect_navigation():
        alone.click("footer a[data-back-to-game]")
    assert alone.url.endswith("/index.html")
    alone.close()
    page_watch.assert_clean()


def test_new_game_after_a_return_visit_is_set_up_like_the_game_on_the_table(page_watch):
    """A returning player's New game (the saved game resumed from a plain address, as after
    a reload or another visit) opens the form with that game's players, names and seats,
    on a new deal; it once showed the form's defaults (two people passing the device)."""
    page_watch.goto("index.html?players=3&seed=11&seats=human,medium,easy&names=Ann")
    page_watch.wait_for_function("() => localStorage.getItem('cakegame.save') !== null")
    page_watch.goto("index.html")
    assert saved_game(page_watch)["seed"] == 11  # resumed, not a new game
    page_watch.click("#btn-new")
    assert page_watch.is_checked("#ng-form input[name=players][value='3']")
    # The focus is on the count chosen: one Space on "2" changed it (a keyboard player).
    assert page_watch.evaluate("document.activeElement.matches("
                               "'#ng-form input[name=players][value=\"3\"]')")
    kinds = page_watch.eval_on_selector_all(
        "#ng-seats .ng-seat:not([hidden]) select", "els => els.map(e => e.value)")
    assert kinds == ["human", "medium", "easy"]
    assert page_watch.input_value("#ng-seats .ng-seat:nth-child(1) .ng-name") == "Ann"
    assert not page_watch.is_checked("#ng-pass")  # one person: no device to pass
    assert page_watch.input_value("#ng-seed") not in ("", "11")
    # "Who starts" names the players as they are typed (it kept the names it opened with).
    page_watch.fill("#ng-seats .ng-seat:nth-child(2) .ng-name", "Hal")
    assert page_watch.locator("#ng-first option").all_inner_texts()[1:] == ["Ann", "Hal",
                                                                          "Green"]
    page_watch.assert_clean()


def test_an_all_bot_game_plays_itself_to_game_over(page_watch):
    page_watch.goto("index.html?players=2&seed=6&seats=easy,medium&botpace=0")
    assert " computer) " in status(page_watch) or status(page_watch).startswith("Game")
    page_watch.wait_for_function(
        "document.getElementById('status').textContent.startsWith('Game over')",
        timeout=240_000, polling=500)
    assert page_watch.locator("#log li").count() > 50
    page_watch.assert_clean()


RECORD_LENGTH = """() => { const raw = localStorage.getItem('cakegame.save');
  return raw ? (JSON.parse(raw).record || {actions: []}).actions.length : 0; }"""


def test_the_page_s_computers_play_as_cpython_s_hard_at_its_playouts(page_watch):
    """hard thought for 1.5 s in the page, so the same seed gave another game on another
    machine (a play-tester's hard opened with I to B on a desktop, I to C on a phone): it
    thinks for a fixed number of playouts, and every decision of the page's computers is
    the one CPython makes with the same seed."""
    import cakegame
    from cakegame import bots
    from ui.session import bot_seed

    seats = ["hard", "medium", "hard"]
    page_watch.goto(f"index.html?players=3&seed=14&seats={','.join(seats)}&botpace=0&botcap=0")
    page_watch.wait_for_function(f"({RECORD_LENGTH})() >= 40", timeout=240_000, polling=250)
    record = json.loads(page_watch.evaluate(SAVED_GAME))["record"]
    state = cakegame.new_game(players=3, seed=14, names=record["names"],
                              first_player=record["first"])
    hard = 0
    for applied, played in enumerate(record["actions"]):
        seat = state.current_player
        want = bots.choose(state.view(seat), seats[seat], seed=bot_seed(14, applied, seat),
                           iterations=bots.PLAYOUTS[3])
        assert str(want) == played, (applied, seats[seat], played, str(want))
        hard += seats[seat] == "hard" and len(state.legal_actions()) > 1
        state = state.apply(played)
    assert hard >= 10
    page_watch.assert_clean()


def test_a_computer_thinks_while_its_pace_runs(page_watch):
    """A computer's pace is the least time between two of its moves, its thinking counted
    in it: it waited out its pace and only then thought (hard: 0.7 s, then 1.5 s), and a
    four-player round took 15-24 s (a play-tester). With a pace of 20 s, its first decision
    is thought out long before it is shown."""
    page_watch.goto("index.html?players=2&seed=8&seats=medium,human&first=0&botpace=20000")
    before = status(page_watch)
    assert " computer) " in before
    page_watch.wait_for_function("performance.getEntriesByName('bot medium').length > 0")
    assert status(page_watch) == before  # thought, not yet played
    page_watch.assert_clean()


def test_a_seat_handed_to_a_bot_and_back(page_watch):
    page_watch.goto("index.html?players=2&seed=8&botpace=0&pass=0")
    seat = page_watch.evaluate("document.querySelector('.division.acting') ? "
                               "[...document.querySelectorAll('.division')].findIndex("
                               "d => d.classList.contains('acting')) : -1")
    assert seat in (0, 1)
    kinds = page_watch.locator(".seat-kind")
    kinds.nth(seat).select_option("easy")
    # the bot plays for that seat until the turn passes to the human
    page_watch.wait_for_function(
        f"!document.querySelectorAll('.division')[{seat}].classList.contains('acting')",
        timeout=60_000)
    assert page_watch.locator("[data-action]:not([disabled])").count() > 0
    kinds.nth(seat).select_option("human")
    assert saved_seats(page_watch) == ["human", "human"]
    page_watch.assert_clean()


def saved_seats(page):
    return page.evaluate("JSON.parse(localStorage.getItem('cakegame.save')).seats")


def test_pass_the_device_screen_hides_the_hand_until_continue(page_watch):
    page_watch.goto("index.html?players=2&seed=12&pass=1")
    # Hands start empty: nothing to hide, so no screen yet (issue 10).
    assert page_watch.locator("#curtain[open]").count() == 0
    assert page_watch.locator("[data-action]:not([disabled])").count() > 0
    rng = random.Random(1)
    seen = set()
    told = 0
    deciding = status(page_watch).split(":")[0]
    for _ in range(200):
        if page_watch.locator("#curtain[open]").count():
            title = page_watch.inner_text("#curtain-title")
            seen.add(title)
            assert status(page_watch).split(":")[0] in title
            assert page_watch.locator("#hand .card").count() == 0
            assert page_watch.locator("#choices [data-action]").count() == 0
        click_random(page_watch, rng)
        now = status(page_watch).split(":")[0]
        if now != deciding and not page_watch.locator("#curtain[open]").count() \
                and not now.startswith("Game over"):
            # The other person, with nothing to hide, is still told to take the device:
            # without a word the one holding it decided for them (a play-tester).
            assert page_watch.inner_text("#notice").startswith(f"Pass the device to {now}:")
            told += 1
        deciding = now
    assert len(seen) == 2  # each player got the screen
    assert told  # and the device was handed over with nothing to hide
    page_watch.assert_clean()


RUNNING_IN_LAB = """
() => document.getElementById('lab').getAnimations({subtree: true})
        .filter(a => a.playState === 'running' && isFinite(a.effect.getComputedTiming().endTime))
        .length
"""


def test_the_lab_behind_the_pass_the_device_screen_is_settled_when_it_lifts(page_watch):
    """A recycled chamber still in flight over its row was the first thing the next player
    saw after "I am ..." (a play-tester): what moved behind the screen is shown where it
    ended."""
    page = page_watch
    page.goto("index.html?players=2&seed=12&pass=1")
    rng = random.Random(2)
    for _ in range(400):
        if page.locator("#curtain[open]").count():
            last = page.evaluate("JSON.parse(localStorage.getItem('cakegame.save')).log"
                                 ".at(-1)[2]")
            page.click("#curtain-go")
            if " recycles " in last:
                assert page.evaluate(RUNNING_IN_LAB) == 0, last
                break
            continue
        click_random(page, rng)
    else:
        raise AssertionError("no screen lifted over a recycle")
    page.assert_clean()


# Seat 2's turn (a computer, with people at seats 0 and 1) begins holding at least two cards.
FACE_DOWN_SEED = 3


def test_a_face_down_hand_counts_the_cards_its_computer_deploys(page_watch):
    # In a computer's turn among several people its hand is shown face down: only its size.
    # That size follows each card the computer deploys (it once kept the turn's first count).
    raw = session_save(3, FACE_DOWN_SEED, lambda ses: ses.state.turn == 2
                       and ses.state.phase == "deploy" and ses.state.hand_size(2) >= 2,
                       seats=["human", "human", "easy"])
    open_saved(page_watch, raw, '{"pace": "step"}')  # each computer decision waits for a press
    sizes = []
    for _ in range(40):
        raw = page_watch.evaluate("localStorage.getItem('cakegame.save')")
        game = json.loads(raw)["game"]
        if game["turn"] != 2 or not game["stack"] or game["stack"][-1]["seat"] != 2:
            break  # the computer's turn is over, or a person decides in it
        shown = re.fullmatch(r"(\d+) cards?, face down\.", page_watch.inner_text("#hand"))
        assert shown, page_watch.inner_text("#hand")
        assert int(shown[1]) == len(game["hands"][2])
        sizes.append(len(game["hands"][2]))
        before = page_watch.get_attribute("#status", "data-ready")
        page_watch.click("#bot-step")
        page_watch.wait_for_function(  # its next decision drawn, and saved
            "([before, raw]) => document.getElementById('status').dataset.ready !== before"
            " && localStorage.getItem('cakegame.save') !== raw", arg=[before, raw])
    assert len(set(sizes)) > 1, sizes  # the computer deployed a card while we looked
    page_watch.assert_clean()


def test_a_move_that_leaves_only_losing_choices_is_warned_of(page_watch):
    """A move after which every option of the mover's next decision loses the game (a
    play-tester activated a chamber whose recycle took its last Test Subjects, unwarned):
    the page warns at that move, saying the loss comes with the next choice."""
    from ui.session import Session

    raw = session_save(3, 1, lambda ses: bool(bound_to_lose(ses)))
    ses = Session()
    ses.resume(saves.decode(raw))
    text = bound_to_lose(ses)[0]
    page = page_watch
    open_saved(page, raw)
    before = saved_game(page)
    page.locator(f'[data-action="{text}"]').first.click(force=True)
    page.wait_for_selector("#choices button.confirm-end.danger")
    bar = page.inner_text("#choices")
    assert "This leaves you only choices that end the game, and you lose: " in bar, bar
    page.click("#choices button[data-back]")
    page.wait_for_selector("#choices button.confirm-end", state="detached")
    assert saved_game(page) == before
    page.assert_clean()


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["desktop", "phone"])
def test_a_move_that_loses_the_game_waits_for_a_second_press(page_watch, artifacts, size):
    """A finished game cannot be undone, so a move that loses it (when another would not)
    says so and waits: Back leaves the game as it was, "Play it" ends it."""
    page = page_watch
    page.set_viewport_size({"width": size[0], "height": size[1]})
    open_saved(page, losing_save())
    before = saved_game(page)
    page.click('[data-action="burn M"]')
    page.wait_for_selector("#choices button.confirm-end.danger")
    assert status(page) == "Blue: this move loses the game. Play it anyway, or go back"
    bar = page.inner_text("#choices")
    assert "This ends the game and you lose: you have had all 8 Cake Slices incinerated" in bar
    assert "Orange wins" in bar
    # A screen reader on the button hears what it does (it heard only its name).
    from playwright.sync_api import expect
    expect(page.locator("#choices button.confirm-end")).to_have_accessible_description(
        page.inner_text("#choices .choice-label"))
    # A stray Enter does not end the game: the focus is on Back.
    assert page.evaluate("document.activeElement.hasAttribute('data-back')")
    shot(page, artifacts, f"losing-warning-{size[0]}")
    box = page.locator("#choices button.confirm-end").bounding_box()
    assert box["y"] + box["height"] <= size[1] and page.evaluate("scrollY") == 0
    page.click("#choices button[data-back]")
    page.wait_for_selector("#choices button.confirm-end", state="detached")
    assert saved_game(page) == before and not status(page).startswith("Game over")
    page.click('[data-action="burn M"]')
    page.click("#choices button.confirm-end")
    page.wait_for_selector("#gameover[open]")
    assert status(page).startswith("Game over")
    page.assert_clean()


def _winning_end(s) -> str | None:
    """An action of Orange's (seat 0) that ends the game with Orange the only winner."""
    if s.is_over or s.current_player != 0:
        return None
    for a in s.legal_actions():
        after = s.apply(a)
        if after.is_over and list(after.outcome.winners) == [0]:
            return str(a)
    return None


def test_a_move_that_ends_the_game_waits_for_a_confirm_too(page_watch):
    """Every turn against a computer ends with a confirm, but the move that ended the game,
    the one move Undo cannot take back, was played at once (a play-tester). Now it waits
    too, and says so; Back leaves the game as it was."""
    page = page_watch
    raw = session_save(2, 1, lambda ses: _winning_end(ses.state) is not None,
                       seats=["human", "easy"])
    action = _winning_end(saves.decode(raw).state)
    open_saved(page, raw)
    before = saved_game(page)
    page.click(f'[data-action="{action}"]')
    page.wait_for_selector("#choices button.confirm-end")
    assert status(page) == "Orange: this move ends the game. Confirm it, or go back"
    assert page.inner_text("#choices button.confirm-end") == "Confirm: end the game"
    assert "This ends the game, which cannot be taken back" in page.inner_text("#choices")
    # Who it leaves the winner, said before it is played (a tester hesitated, unsure).
    assert "It ends the game: you win." in page.inner_text("#choices")
    from playwright.sync_api import expect
    expect(page.locator("#choices button.confirm-end")).to_have_accessible_description(
        page.text_content("#choices .choice-label"))
    page.click("#choices button[data-back]")
    page.wait_for_selector("#choices button.confirm-end", state="detached")
    assert saved_game(page) == before and not status(page).startswith("Game over")
    page.click(f'[data-action="{action}"]')
    # Confirmed from the keyboard, the result opens with the focus in it (it fell to the
    # page's body: a keyboard play-tester's next Tab went to the story chart).
    page.focus("#choices button.confirm-end")
    page.keyboard.press("Enter")
    page.wait_for_selector("#gameover[open]")
    assert status(page) == "Game over: Orange wins."
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => setTimeout(r, 100)))")
    assert page.evaluate("document.activeElement.closest('#gameover') !== null"), \
        page.evaluate("document.activeElement.outerHTML.slice(0, 80)")
    page.assert_clean()


def _bound_to_end(ses) -> bool:
    """Orange (seat 0) to choose, every choice ends the game, and nothing to take back."""
    s = ses.state
    return (not s.is_over and s.current_player == 0 and len(ses.legal_texts()) >= 2
            and ses.bound_to_end())


def test_no_confirm_when_every_choice_ends_the_game(page_watch):
    """When the game ends whatever the person picks and nothing of the turn can be taken
    back, "Confirm it, or go back" offers a way back that leads nowhere (a play-tester was
    asked it over which Cake Slice its last subject carried into the Turret): the choice
    plays at once. Seed 4, turn 58: each of the three rows Orange may recycle into ends it."""
    page = page_watch
    raw = session_save(2, 4, _bound_to_end, seats=["human", "easy"])
    s = saves.decode(raw).state
    assert s.decision == "recycle" and s.turn_number == 58
    open_saved(page, raw)
    page.click('[data-action="recycle top"]')
    page.wait_for_selector("#gameover[open]")
    assert status(page).startswith("Game over")
    assert not page.query_selector("#choices button.confirm-end")
    page.assert_clean()


def test_trivia_nights_second_card_button_names_the_card_on_top_now(page_watch):
    """Trivia Night takes two cards: the second "Take the Aperture Card" button named the
    card the first had taken (the bar was drawn again only when its actions changed)."""
    from cakegame.content import CARD_BY_ID, CARD_IDS
    from enginehelp import pos
    deck = [c for c in CARD_IDS if c != "fact"]
    s = pos(hands=[["fact"], []], deck=deck)
    open_saved(page_watch, saves.encode(s, ["human", "human"], ui={"pass_device": False}),
               '{"auto_single": false}')  # each card taken by a press
    names = []
    for text in ("play fact", "card", "card"):
        if text == "card":
            names.append(page_watch.inner_text('#choices [data-action="card"]'))
        before = page_watch.get_attribute("#status", "data-ready")
        page_watch.click(f'#choices [data-action="{text}"]')
        page_watch.wait_for_function("b => document.getElementById('status').dataset.ready"
                                     " !== b", arg=before)
    taken = [CARD_BY_ID[c].name for c in deck[:2]]
    assert [n.split(": ", 1)[-1] for n in names] == taken, (names, taken)
    page_watch.assert_clean()


def test_a_move_that_does_not_lose_is_played_at_once(page_watch):
    """The warning is for losing moves only: in the same position the other choices play."""
    page = page_watch
    open_saved(page, losing_save())
    before = page.get_attribute("#status", "data-ready")
    page.click('[data-action="play cube"]')
    page.wait_for_function("b => document.getElementById('status').dataset.ready !== b",
                           arg=before)
    assert page.locator("#choices button.confirm-end").count() == 0
    assert "loses the game" not in status(page)
    page.assert_clean()


def test_the_turns_last_choice_tells_its_consequences_before_the_confirm(page_watch):
    """Against a computer the turn's last choice waits for a confirm: its bar now says what
    the choice will do, not only the choice ("Orange recycles chamber J into the bottom
    row" had hidden that it incinerates Orange's own Cake Slice there)."""
    import cakegame
    from cakegame.events import EventKind
    from ui import eventlog

    def costly(s, a) -> bool:  # a recycle that burns Orange's cake, and costs Blue too
        events = s.apply(a).events
        return str(a).startswith("recycle") and any(
            e.kind is EventKind.CAKE_INCINERATED and e.seat == 0 for e in events) and any(
            e.kind in eventlog.LOSSES and e.seat == 1 for e in events)

    def own_cake_burnt(ses) -> bool:
        s = ses.state
        return s.current_player == 0 and any(costly(s, a) for a in s.legal_actions())

    raw = session_save(2, 12, own_cake_burnt, seats=["human", "medium"])
    s = cakegame.State.from_json(json.loads(raw)["game"])
    action = next(str(a) for a in s.legal_actions() if costly(s, a))
    page = page_watch
    open_saved(page, raw)
    page.click(f'[data-action="{action}"]')
    page.wait_for_selector("#choices button.confirm-end")
    bar = page.inner_text("#choices")
    told = eventlog.own_losses_text(s, action)
    assert told.startswith(s.describe(action) + ": ") and "Orange Cake Slice" in told \
        and "incinerated" in told, told
    assert "Blue" not in told.split(": ", 1)[1], told  # the player's own come first
    # Then, where there is room, what it costs the others (read in the log only after).
    others = eventlog.others_losses(s, s.apply(action))
    assert others and all("Blue" in x for x in others), others
    assert f"{told}. Also: {', '.join(others)}. This ends your turn." in bar, bar
    page.assert_clean()


@pytest.mark.browser_context_args(viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True)
def test_a_phone_shows_the_chamber_a_recycle_takes_while_it_waits_for_its_confirm(page_watch):
    """On a phone the lab is wider than its window: while the turn's last choice, a
    recycle, waits for its confirm, the chamber it takes away is in view (the bar said what
    it would destroy there, and the chamber was off the screen: a phone play-tester)."""
    import cakegame

    def recycling(ses) -> bool:
        s = ses.state
        return s.current_player == 0 and s.decision == "recycle" and s.turn_number > 12

    raw = session_save(2, 7, recycling, seats=["human", "medium"])
    s = cakegame.State.from_json(json.loads(raw)["game"])
    action = next(str(a) for a in s.legal_actions())
    letter = next(c.letter for c in s.chambers() if c.glados)
    page = page_watch
    open_saved(page, raw)
    page.evaluate("() => { const w = document.getElementById('lab-wrap');"
                  " w.scrollLeft = w.scrollWidth; }")  # the window away from it
    page.tap(f'[data-action="{action}"]')
    page.wait_for_selector("#choices button.confirm-end")
    page.wait_for_function("""l => { const w = document.getElementById('lab-wrap')
        .getBoundingClientRect(); const c = document.getElementById('ch-' + l)
        .getBoundingClientRect(); const x = (c.left + c.right) / 2;
        return w.left <= x && x <= w.right; }""", arg=letter)
    page.assert_clean()


def _orange_ends_turn_to_blue(ses) -> bool:
    """Orange's last decision of a turn (seat 0, a recycle), which hands it to Blue."""
    s = ses.state
    if s.is_over or s.current_player != 0 or s.decision != "recycle":
        return False
    after = s.apply(s.legal_actions()[0])
    return not after.is_over and after.current_player == 1 and after.turn == 1


@pytest.mark.parametrize("asked", [True, False])
def test_with_a_computer_at_the_table_a_turn_handed_to_a_person_waits_when_asked(
        page_watch, asked):
    """Two people and a computer at one screen: the setting "between people, ask before a
    turn ends" was left out whenever a computer sat at the table, so Orange's turn, handed
    to Blue, ended unasked (a play-tester). It waits when asked for, and not otherwise."""
    page = page_watch
    raw = session_save(3, 6, _orange_ends_turn_to_blue, seats=["human", "human", "easy"])
    open_saved(page, raw, json.dumps({"confirm_people": asked, "confirm_end": True}))
    action = str(saves.decode(raw).state.legal_actions()[0])
    page.click(f'#choices [data-action="{action}"]')
    if asked:
        page.wait_for_selector("[data-confirm]")
        assert status(page).endswith(": confirm the end of your turn, or go back")
        page.click("[data-confirm]")
    page.wait_for_function("document.getElementById('status').textContent.startsWith('Blue')")
    assert not page.locator("[data-confirm]").count()
    page.assert_clean()


def press_chamber(page, letter: str) -> str:
    """Press chamber `letter` by mouse, at its middle, brought into the lab's view first;
    returns what the notice then says."""
    page.evaluate(f"document.getElementById('ch-{letter}').scrollIntoView("
                  "{block: 'nearest', inline: 'nearest'})")
    box = page.locator(f'#chambers .chamber[data-letter="{letter}"] .hex').bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    return page.inner_text("#notice")


def test_a_chamber_that_is_no_choice_says_why(page_watch):
    """A newcomer clicked a chamber without their Test Subjects at the move and read
    "Chamber M: from M is not possible now (...); the choices are: ...": not why. The
    engine's reason is told, of the chamber pressed."""
    page = page_watch
    page.goto("index.html?players=2&seed=3&seats=human,easy&botpace=0")
    page.wait_for_selector("#chambers .chamber.target")
    assert "move Test Subjects from" in page.inner_text("#status")
    empty = page.evaluate("""() => [...document.querySelectorAll(
        '#chambers > .chamber:not(.target):not(.gone)')].map(g => g.dataset.letter)""")
    letter = empty[0]
    said = press_chamber(page, letter)
    assert said == (f"Chamber {letter} is not a choice now: Orange has no Test Subjects in "
                    f"chamber {letter} to move."), said
    page.assert_clean()


def test_a_portal_s_new_place_pressed_first_says_which_portal_to_pick(page_watch):
    """Moving a Portal token takes two presses on the lab: the Portal, then its new place.
    A player following a suggestion pressed the new place first and read "with the buttons
    above the lab", where there were none: the notice says which Portal to pick first."""
    page = page_watch
    raw = session_save(2, 1, lambda ses: ses.state.current_player == 0 and any(
        t.startswith("shift ") for t in ses.legal_texts()), seats=["human", "human"])
    open_saved(page, raw, query="?pass=0")
    page.wait_for_selector("#chambers .chamber.multi, #chambers .chamber.target")
    shifts = [str(a) for a in saves.decode(raw).state.legal_actions()
              if str(a).startswith("shift ")]
    places = {t.split()[2] for t in shifts} - {t.split()[1] for t in shifts}
    assert places, shifts
    letter = sorted(places)[0]
    froms = sorted({t.split()[1] for t in shifts if t.split()[2] == letter})
    said = press_chamber(page, letter)
    assert said == (f"Chamber {letter} is not a choice yet: first pick the Portal to move "
                    f"(chamber {' or '.join(froms)}), then {letter}."), said
    page.assert_clean()


def test_between_people_the_end_of_a_turn_waits_for_a_confirm_when_asked(page_watch):
    """Hot-seat: a tap that ends the turn hands the device on, and cannot be taken back (a
    play-tester's mis-tap on a phone). Settings can ask for the confirm that games against
    computers have: the turn then waits, and stays undoable until it is confirmed."""
    page = page_watch
    page.goto("index.html?players=2&seed=3&pass=0")
    page.wait_for_selector("#chambers .chamber.target")
    page.click("#more summary")
    page.click("#btn-prefs")
    assert not page.is_checked("#pref-confirm-people")  # asked for: it costs a tap a turn
    page.check("#pref-confirm-people")
    page.click("#prefs-close")
    assert json.loads(page.evaluate("localStorage.getItem('cakegame.prefs')"))[
        "confirm_people"] is True
    rng = random.Random(4)
    for _ in range(40):
        if page.locator("[data-confirm]").count():
            break
        assert page.inner_text("#status").startswith("Orange"), "the turn ended unconfirmed"
        click_random(page, rng)
    assert page.locator("[data-confirm]").count(), "no confirm came"
    assert page.inner_text("#status").endswith(": confirm the end of your turn, or go back")
    page.click("[data-confirm]")
    page.wait_for_function("document.getElementById('status').textContent.startsWith('Blue')")
    page.assert_clean()
