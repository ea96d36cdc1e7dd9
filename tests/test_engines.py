"""What a player does, in each browser engine: Chromium, Firefox and WebKit (issue 15).

The same tests run in the three engines (tools/engines.py drives them through one API), with
real pointer clicks, taps and typing, never events dispatched from script: start-up and a
whole game against a computer opponent, the new-game dialog then export and import, offline
start through the service worker with a reload that resumes the same moment, and a
phone-sized page played by touch. Chromium also runs the rest of the suite
(tests/test_page_*.py), which holds a Chromium twin of each of these but the phone: in
Chromium only the phone and the first click (the harness's control) run here. The checks
share a start-up where one follows from the other: Firefox and WebKit take 5-10 s to start
the page each time.

Select one engine with `-k firefox` (or chromium, webkit). An engine that is not installed
is skipped with what to install (and fails the run under CI, where `make test` installs it).
"""

from __future__ import annotations

import json
import os
import random
import sys
from pathlib import Path

import cakegame
import pytest
from cakegame import bots
from cakegame.state import State
from ui import saves, session

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.engines import ENGINES, POINT_ON, EngineMissing, Engines, Page  # noqa: E402
from tools.siteserver import SiteServer  # noqa: E402

pytestmark = [pytest.mark.browser, pytest.mark.engines]

# Wait (in the page) until #status has been redrawn since `before`, at most `ms`.
REDRAWN = """
async ([before, ms]) => {
  const status = document.getElementById('status');
  const t0 = performance.now();
  while (status.dataset.ready === before && performance.now() - t0 < ms) {
    await new Promise(res => setTimeout(res, 10));
  }
  return status.dataset.ready !== before;
}
"""

# A point to press `el` at (POINT_ON) once it has stopped moving. First every motion with an
# end has ended (CSS transitions and the page's own animations): a recycled chamber flies for
# 900 ms across the lab, and CI's Firefox pressed it where it passed over the chamber wanted
# (the game parted at action 55, three presses after a recycle: J pressed for N). Then the
# point must be the same across two animation frames in a row: the lab follows the chambers
# to choose in the frame after a redraw, and a point read before that frame was pressed after
# it. The frame's callbacks run in the order asked, so the lab's comes first. A wait of
# 100 ms without a frame does not count as a frame (CI's loaded machine drew Firefox frames
# later than that); only a window that draws no frame for a whole second is taken as still
# without one.
STILL = """
async (el) => {
  const pointOn = POINT_ON;
  const moving = document.getAnimations().filter(
    a => a.playState === 'running' && Number.isFinite(a.effect?.getComputedTiming().endTime));
  await Promise.race([Promise.allSettled(moving.map(a => a.finished)),
                      new Promise(res => setTimeout(res, 5000))]);
  const frame = () => new Promise(res => { requestAnimationFrame(() => res(true));
                                           setTimeout(() => res(false), 100); });
  let last = pointOn(el);
  let still = 0;
  let missed = 0;
  for (let i = 0; i < 40 && last; i++) {
    const drawn = await frame();
    if (!drawn) missed++;
    const now = pointOn(el);
    const same = now && now[0] === last[0] && now[1] === last[1];
    still = same && (drawn || missed >= 10) ? still + 1 : 0;
    if (still >= 2) return now;
    last = now;
  }
  return last;
}
""".replace("POINT_ON", POINT_ON).strip()


# Pick what a player could press now (inside the open modal dialog if there is one), at a
# point the engine's hit testing gives to it; `r` chooses among them. Returns
# {point, action, ready} or null when nothing can be pressed (a computer player thinking).
PICK = """
async (r) => {
  const status = document.getElementById('status');
  const modal = [...document.querySelectorAll('dialog[open]')].pop();
  const scope = modal || document;
  const els = [...scope.querySelectorAll(
      '[data-action]:not([disabled]), [data-continue]:not([disabled])')]
    .filter(e => e.getClientRects().length > 0 && !e.closest('dialog:not([open])')
                 && !e.closest('[inert]'));
  const pointOn = STILL;
  const start = Math.floor(r * els.length);
  for (let i = 0; i < els.length; i++) {
    const el = els[(start + i) % els.length];
    const point = await pointOn(el);
    if (point) return {point, action: el.getAttribute('data-action') ?? 'continue',
                       ready: status.dataset.ready};
  }
  return null;
}
""".replace("STILL", STILL)


# The page once the redraw since `before` is done (REDRAWN): whether the game is over, the
# save as written (one task later: the save follows the redraw) and the redraw's stamp.
SETTLED = """
async ([before, ms]) => {
  if (before !== null) await (REDRAWN)([before, ms]);
  await new Promise(resolve => setTimeout(resolve, 0));
  const status = document.getElementById('status');
  return {over: status.textContent.startsWith('Game over'),
          save: localStorage.getItem('cakegame.save'), ready: status.dataset.ready};
}
""".replace("REDRAWN", REDRAWN.strip())

# Where a pointer presses for the action `wanted` (the engine's text of it): on its button
# or chamber, or else on the chamber that offers it among several choices (`.multi`: a
# press there opens them; it is the first chamber the action names, as `ui.targets.chamber_of`
# finds it: F of "shift F M", G of "from G 1"); null if the page shows neither now.
POINT_OF = """
async (wanted) => {
  const pointOn = STILL;
  const shown = e => e.getClientRects().length > 0 && !e.closest('dialog:not([open])')
                     && !e.closest('[inert]');
  const el = [...document.querySelectorAll('[data-action]:not([disabled])')]
    .find(e => e.getAttribute('data-action') === wanted && shown(e));
  if (el) return await pointOn(el);
  const words = wanted.split(' ');
  const letter = words[0] === 'bonus' ? words[2] : words[1];
  const chamber = [...document.querySelectorAll('.chamber.multi')]
    .find(e => e.dataset.chamber === letter && shown(e));
  return chamber ? await pointOn(chamber) : null;
}
""".replace("STILL", STILL)


# The save as the page has written it (one task later: the save follows the redraw).
SAVED = """
async () => {
  await new Promise(resolve => setTimeout(resolve, 0));
  return localStorage.getItem('cakegame.save');
}
"""

ENABLED = """
() => [...document.querySelectorAll('[data-action]:not([disabled])')]
        .map(e => e.getAttribute('data-action')).sort()
"""


# ---- fixtures ----------------------------------------------------------------------------

@pytest.fixture(scope="session")
def engines(playwright):
    with Engines(playwright) as started:
        yield started


# Chromium also runs the page suite (tests/test_page_*.py), which has a Chromium twin of
# every test below but the phone, which runs in all three engines; the first click (the
# harness's control) runs in Chromium alone, the rest in the other two.
EVERY_ENGINE = pytest.mark.parametrize("engine", ENGINES, indirect=True)
BEYOND_CHROMIUM = pytest.mark.parametrize(
    "engine", [e for e in ENGINES if e != "chromium"], indirect=True)


@pytest.fixture(scope="session")
def engine(request, engines):
    try:
        return engines.start(request.param)
    except EngineMissing as reason:
        if os.environ.get("CI"):
            pytest.fail(str(reason), pytrace=False)
        pytest.skip(str(reason))


@pytest.fixture
def tab(engine, site):
    """A fresh page (its own storage) in the engine; fails the test if the page logged an
    error. WebKit reports only errors after the game is up (WebDriver has no console)."""
    page = engine.new_page(site.url)
    # The size asked for (WebKit's first page had been 1280x681: MiniBrowser's frame was
    # measured before its first resize took effect).
    assert page.js("() => [innerWidth, innerHeight]") == [1280, 800], engine.name
    yield page
    try:
        assert not page.errors(), f"{engine.name}: {page.errors()}"
    finally:
        page.close()


@pytest.fixture
def shots(artifacts, engine):
    def take(page: Page, name: str) -> None:
        page.screenshot(artifacts / f"{engine.name}-{name}.png")
    return take


# ---- playing by pointer ------------------------------------------------------------------

def status(page: Page) -> str:
    return page.text("#status")


def saved_game(page: Page) -> dict | None:
    text = page.js(SAVED)
    return None if text is None else json.loads(text)["game"]


def press_something(page: Page, rng: random.Random, tap: bool = False) -> str | None:
    """Press one thing a player could press now, by pointer (or finger); wait for the
    redraw. Returns the action (or "continue"), or None when nothing can be pressed."""
    pick = page.js(PICK, rng.random())
    if pick is None:
        return None
    (page.tap_at if tap else page.click_at)(*pick["point"])
    page.js(REDRAWN, [pick["ready"], 3000])
    return pick["action"]


def play_as_a_bot(page: Page, level: str, seat: int = 0,
                  max_presses: int = 400) -> tuple[State, list[str]]:
    """Play `seat` to the end of the game by pointer, pressing what the `level` bot chooses
    in the position the page has saved (computer players move in between). The choices
    depend on the game alone, not on the engine's layout, so every engine plays the same
    game, the one CPython plays with the same choices (`cpython_game`). Returns the game
    as the page saved it at the end, and its actions."""
    presses = waits = 0
    before = None
    while True:
        # The press's redraw, waited for long enough for a loaded machine: a save read
        # before it would ask for the same press again, which could land on the next step.
        now = page.js(SETTLED, [before, 15000])
        save = saves.decode(now["save"])
        state = save.state
        if now["over"] and state.is_over:
            return state, list(save.record.actions)
        if state.is_over or state.current_player != seat:
            waits += 1  # a computer player is thinking, or the game-over redraw is on its way
            assert waits < 600, f"{page.engine}: no move: {status(page)}"
            page.js("() => new Promise(res => setTimeout(res, 100))")
            before = None
            continue
        wanted = str(bots.choose(state.view(seat), level, seed=0))
        point = page.js(POINT_OF, wanted)
        if point is None:  # a save a moment behind the page: look again
            waits += 1
            assert waits < 600, f"{page.engine}: {wanted!r} is not on the page: {status(page)}"
            page.js("() => new Promise(res => setTimeout(res, 50))")
            before = None
            continue
        assert presses < max_presses, f"{page.engine}: no Game over: {status(page)}"
        page.click_at(*point)
        before = now["ready"]
        presses += 1


def cpython_game(players: int, seed: int, names: list[str], seats: list[str],
                 level: str, seat: int = 0) -> tuple[State, int, set[str], list[str]]:
    """The game `play_as_a_bot` plays, played by CPython alone: the page's computer
    players decide with its seed (`ui.session.bot_seed`, one per applied action).
    Returns the final state, how many decisions the scripted seat made, their verbs and
    every action of the game."""
    state = cakegame.new_game(players=players, seed=seed, names=names)
    applied = presses = 0
    verbs: set[str] = set()
    played: list[str] = []
    while not state.is_over:
        who = state.current_player
        if who == seat:
            action = bots.choose(state.view(seat), level, seed=0)
            presses += 1
            verbs.add(action.verb.value)
        else:
            action = bots.choose(state.view(who), seats[who],
                                 seed=session.bot_seed(state.seed, applied, who))
        state = state.apply(action)
        played.append(str(action))
        applied += 1
    return state, presses, verbs, played


def play(page: Page, rng: random.Random, presses: int, tap: bool = False) -> None:
    for _ in range(presses):
        assert press_something(page, rng, tap) is not None, status(page)


# ---- the tests ---------------------------------------------------------------------------

@pytest.mark.parametrize("engine", ["chromium"], indirect=True)
def test_starts_and_takes_a_first_click(tab, shots):
    tab.goto("index.html?players=2&seed=7&pass=0")
    assert ":" in status(tab)
    first = saved_game(tab)
    actions = tab.js(ENABLED)
    assert actions and all(a.startswith("from ") for a in actions)
    before = tab.js("() => document.getElementById('status').dataset.ready")
    tab.click(".chamber[data-action]:not([disabled])")
    assert tab.js(REDRAWN, [before, 5000])
    assert saved_game(tab) != first
    assert "go" in status(tab)  # the next step of the move
    shots(tab, "first-click")


# The whole game below: Chell plays as medium would against an easy GLaDOS. Seed 140 makes
# a game of 8 turns and 36 presses that carries cake and uses cards, the Turret (it fires),
# and the Portal Gun (in WebKit, whose driver takes a round trip per call, a random
# player's 260 presses took 85-150 s; seed 30's game of 80 presses, 50 s).
WHOLE_GAME = dict(players=2, seed=140, names=["Chell", "GLaDOS"], seats=["human", "easy"],
                  level="medium")
WHOLE_GAME_URL = "index.html?players=2&seed=140&seats=human,easy&botpace=0&names=Chell,GLaDOS"
# What the scripted player does in that game, each kind at least once.
WHOLE_GAME_VERBS = {"from", "to", "count", "carry", "bonus", "activate", "subject", "cake",
                    "card", "recycle", "play", "gun", "portal", "turret", "fire", "end"}


@BEYOND_CHROMIUM
def test_a_whole_game_by_clicks_against_a_computer_player(tab, shots):
    # Python started from its picture (js/interpreter.mjs), which this engine must take as
    # Chromium does: the game below is then played on it.
    tab.goto(WHOLE_GAME_URL + "&image=on")
    assert tab.js("() => document.documentElement.dataset.pythonStart") == "image"
    # Started: the status names whose turn it is (GLaDOS, the computer, moves first). Each
    # press is then checked by the game being CPython's, press for press (Chromium also has
    # a test of the first click alone, the harness's control).
    started = status(tab)  # read once: the computer may move between two reads
    assert started.split(":")[0] == "Chell" or started.startswith("GLaDOS (easy computer) "), \
        started
    final, actions = play_as_a_bot(tab, WHOLE_GAME["level"])
    expected, presses, verbs, played = cpython_game(**WHOLE_GAME)
    parted = next((i for i, (a, b) in enumerate(zip(actions, played)) if a != b), None)
    assert final == expected, (  # the same game as in CPython, press for press
        f"the page played {actions[parted - 3:parted + 1]} where CPython played "
        f"{played[parted - 3:parted + 1]} (action {parted})" if parted is not None
        else f"{len(actions)} actions against CPython's {len(played)}")
    assert presses > 30 and verbs >= WHOLE_GAME_VERBS, (presses, verbs)
    assert tab.count("#gameover[open]") == 1
    assert "win" in tab.text("#go-winners")
    assert tab.count("#log li") > 20
    shots(tab, "game-over")


@BEYOND_CHROMIUM
def test_the_new_game_dialog_then_export_and_import(tab, shots, tmp_path):
    """A game started from the dialog, with names typed, is exported, replaced by another
    game and imported back."""
    tab.goto("./")
    # A real modal dialog (showModal), not the fallback attribute: the page behind is inert.
    assert tab.js("() => document.getElementById('newgame').matches('[open]:modal')")
    tab.click("#ng-form input[name=players][value='3']")
    assert tab.js("() => [...document.querySelectorAll('#ng-seats .ng-seat')]"
                  ".filter(row => row.getClientRects().length).length") == 3
    tab.type_into("#ng-seats .ng-seat:nth-child(1) .ng-name", "Chell")
    tab.type_into("#ng-seats .ng-seat:nth-child(2) .ng-name", "Wheatley <b>")
    tab.type_into("#ng-seed", "17")
    shots(tab, "new-game")
    tab.click("#ng-start")
    tab.wait_for("() => !document.querySelector('#newgame[open]')", what="the dialog to close")
    assert status(tab).split(":")[0] in ("Chell", "Wheatley <b>", "Green")
    assert "Wheatley <b>" in tab.text("#players")  # typed text stays text
    assert saved_game(tab)["players"] == 3

    play(tab, random.Random(9), 8)
    tab.press("Escape")
    game = saved_game(tab)
    name, text = tab.export_text("#btn-export")
    assert name.startswith("cakegame-seed17") and name.endswith(".json")
    assert json.loads(text)["game"] == game
    path = tmp_path / name
    path.write_text(text)

    # Over a game in progress the dialog asks before replacing it; Escape closes it and
    # the game goes on unchanged.
    tab.click("#btn-new")
    tab.click("#ng-start")
    assert tab.js("() => !document.getElementById('ng-confirm').hidden")
    assert saved_game(tab) == game
    tab.press("Escape")
    tab.wait_for("() => !document.querySelector('#newgame[open]')", what="Escape to close")
    assert saved_game(tab) == game
    tab.click("#btn-new")
    tab.type_into("#ng-seed", "5")
    tab.click("#ng-start")
    tab.click("#ng-confirm-yes")
    tab.wait_for("() => !document.querySelector('#newgame[open]')", what="the dialog to close")
    assert saved_game(tab)["seed"] == 5

    tab.upload("#import-file", path)
    tab.wait_for("() => document.querySelector('#import-confirm[open]')",
                 what="the question before replacing the game")
    tab.click("#import-confirm[open] #imp-yes")
    tab.wait_for("() => document.querySelector('#message[open]')", what="the import message")
    assert "imported" in tab.text("#msg-title")
    assert saved_game(tab) == game
    tab.click("#msg-ok")
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "cakegame-save/1", "game": {"format": "cakegame/1"}}')
    tab.upload("#import-file", bad)
    tab.wait_for("() => document.querySelector('#message[open]')", what="the failure message")
    assert "Import failed" in tab.text("#msg-title")
    assert saved_game(tab) == game


@BEYOND_CHROMIUM
def test_the_game_starts_offline_after_one_visit(engine, shots):
    with SiteServer(ROOT) as server:  # an origin of its own: its own worker and caches
        page = engine.new_page(server.url, service_workers=True)
        try:
            page.goto("index.html?players=2&seed=31&pass=0")
            page.wait_for("() => navigator.serviceWorker.controller !== null", timeout=90,
                          what="the service worker to take over")
            rng = random.Random(4)
            play(page, rng, 10)
            page.press("Escape")  # a half-made two-click choice is not saved
            game, actions, said = saved_game(page), page.js(ENABLED), status(page)
            server.stop()
            if engine.name != "webkit":  # WebKitWebDriver cannot cut the network
                page.set_offline(True)
            # The reload resumes the same moment: the game, what can be pressed, the status.
            page.reload()
            assert saved_game(page) == game and status(page) == said
            assert page.js(ENABLED) == actions
            play(page, rng, 3)
            assert saved_game(page) != game
            shots(page, "offline")
        finally:
            page.close()


@EVERY_ENGINE
def test_a_phone_played_by_touch(engine, site, shots):
    page = engine.new_page(site.url, viewport=(390, 844), touch=True)
    try:
        reason = page.touch_reason()
        if reason:
            pytest.skip(f"{engine.name}: {reason}")
        page.goto("index.html?players=2&seed=3&pass=0")
        assert page.js("() => [innerWidth, innerHeight]") == [390, 844]
        # Nothing sticks out sideways: the page scrolls only up and down.
        assert page.js("() => document.documentElement.scrollWidth <= innerWidth")
        rng = random.Random(5)
        game = saved_game(page)
        play(page, rng, 12, tap=True)
        assert saved_game(page) != game
        page.press("Escape")
        page.js("() => new Promise(res => setTimeout(res, 600))")  # slides and fades end
        shots(page, "phone")
        assert not page.errors(), page.errors()
    finally:
        page.close()
