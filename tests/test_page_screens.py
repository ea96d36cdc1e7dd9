"""Whole games at three screen sizes, checked at every decision (issue 10); the widest
screen plays the late half of its game, from a save.

A person plays one seat against computer players. The person's choices come from the
engine's easy bot, run here under CPython on the state the page saved (so they make some
sense, and the game lasts: each of these seeds reaches turn 40), and are made the way a
player would: on the board when the board offers them (chambers, the recycled chamber's
landing places), else with the buttons. At every decision the page must show:
  - every enabled action outside the lab inside the viewport, with the page not scrolled;
  - at least one chamber the player can choose inside the lab's panel and the viewport;
  - on a phone, chambers at least 44 CSS px wide; the lab's text at least 11 px tall;
  - no sideways scroll;
  - on the desktop sizes, the lab's panel at the same height as at every other decision
    (nothing above it grows or shrinks: no layout jumps).
Late in each game (turn 40 or later) a screenshot goes to docs/screenshots/, and one of a
recycle in flight (the chamber on its way, the pieces it destroys rising away).
"""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import cakegame
import pytest
from cakegame.bots import choose
from cakegame.content import CARD_BY_ID
from playhelp import (
    MOTION_ENDED,
    SAVED_GAME,
    UNTIL,
    click_random,
    open_saved,
    session_save,
    status,
)
from ui import saves, targets

SCREENSHOTS = Path(__file__).resolve().parent.parent / "docs" / "screenshots"

# A person has something to press, or the game is over (no computer player is thinking).
WAIT_FOR_PERSON = """
() => document.getElementById('status').textContent.startsWith('Game over')
  || [...document.querySelectorAll('[data-action]:not([disabled]), [data-continue]')]
       .some(e => e.getClientRects().length > 0 && !e.closest('dialog'))
"""

# Waits until a person has something to press (or the game is over), then checks the page
# after the redraw and the lab's follow (two animation frames). Returns the status line, the
# confirm button's presence and the save as well: one call for each decision, not five.
CHECK = """
async (phone) => {
  const status = document.getElementById('status');
  if (!await (UNTIL)(WAIT_FOR_PERSON, 120000)) return {stuck: true, status: status.innerText};
  if (status.textContent.startsWith('Game over')) return {over: true, status: status.innerText};
  await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
  // The lab as a player sees it once it holds still: a chamber still flying to its new
  // edge (or sliding with its row) passes under badges and arrows drawn where it lands.
  // On a loaded machine the check came mid-flight and saw a badge over a moving letter.
  for (const a of document.getAnimations()) {
    const t = a.effect && a.effect.target;
    if (t && t.closest && t.closest('#chambers')) { try { a.finish(); } catch (e) {} }
  }
  const bad = [], arrowsCrossing = [];
  const W = innerWidth, H = innerHeight;
  if (document.documentElement.scrollWidth > W) bad.push('sideways scroll');
  if (scrollY !== 0 || scrollX !== 0) bad.push(`page scrolled to ${scrollX},${scrollY}`);
  const lab = document.getElementById('lab');
  const wrap = document.getElementById('lab-wrap').getBoundingClientRect();
  const live = [...document.querySelectorAll(
      '[data-action]:not([disabled]), [data-continue]:not([disabled])')]
    .filter(e => e.getClientRects().length > 0 && !e.closest('dialog:not([open])'));
  for (const e of live) {
    if (lab.contains(e)) continue;
    const r = e.getBoundingClientRect();
    if (r.left < 0 || r.top < 0 || r.right > W + 0.5 || r.bottom > H + 0.5) {
      bad.push(`out of view: ${e.getAttribute('data-action') || e.textContent} at ` +
               `${Math.round(r.left)},${Math.round(r.top)}-${Math.round(r.right)},${Math.round(r.bottom)}`);
    }
  }
  const onBoard = live.filter(e => lab.contains(e));
  const seen = onBoard.filter(e => {
    const r = e.getBoundingClientRect();
    const x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
    return x >= Math.max(0, wrap.left) && x <= Math.min(W, wrap.right)
        && y >= Math.max(0, wrap.top) && y <= Math.min(H, wrap.bottom);
  });
  if (onBoard.length && !seen.length) bad.push(`none of ${onBoard.length} board choices in view`);
  const scale = lab.getBoundingClientRect().width / lab.viewBox.baseVal.width;
  let narrowest = 1e9, smallest = 1e9;
  for (const g of document.querySelectorAll('#chambers > .chamber:not(.gone)')) {
    narrowest = Math.min(narrowest, g.querySelector('.hex').getBoundingClientRect().width);
  }
  for (const t of document.querySelectorAll('#chambers .chamber:not(.gone) text')) {
    smallest = Math.min(smallest, parseFloat(getComputedStyle(t).fontSize) * scale);
  }
  if (phone && narrowest < 44) bad.push(`chamber ${narrowest.toFixed(1)} px wide`);
  if (smallest < 11) bad.push(`lab text ${smallest.toFixed(1)} px`);  // at every size
  // What the board draws for the news keeps off what the chambers show: a loss badge
  // covers no chamber's letter or reward icons, an arrow's tip lies on no counters, and
  // an arrow through the Portals crosses no other chamber's letter or icons.
  const inside = (p, r) => p.x > r.left && p.x < r.right && p.y > r.top && p.y < r.bottom;
  const meet = (a, b) => a.left < b.right && b.left < a.right
    && a.top < b.bottom && b.top < a.bottom;
  const shown = [...document.querySelectorAll('#chambers > .chamber:not(.gone)')].map(g => ({
    letter: g.dataset.chamber,
    marks: [...g.querySelectorAll('.letter, .icon')].map(e => e.getBoundingClientRect()),
    counters: [...g.querySelectorAll('.tok, .cake, .count')].map(e => e.getBoundingClientRect())}));
  for (const b of document.querySelectorAll('#lab .loss circle')) {
    const r = b.getBoundingClientRect();
    for (const c of shown) {
      if (c.marks.some(m => meet(r, m))) bad.push(`loss badge over ${c.letter}'s letter or icons`);
    }
  }
  for (const a of document.querySelectorAll('#lab .move-arrow')) {
    const head = a.querySelector('.head');
    const tip = head.points.getItem(0).matrixTransform(head.getScreenCTM());
    for (const c of shown) {
      if (c.counters.some(m => inside(tip, m))) {
        bad.push(`arrow ${a.dataset.from}→${a.dataset.to}'s tip on ${c.letter}'s counters`);
      }
    }
    if (a.classList.contains('portal-move')) {
      const shaft = a.querySelector('.shaft'), n = shaft.getTotalLength(), m = shaft.getScreenCTM();
      const crossed = new Set();
      for (let k = 0; k <= 50; k++) {
        const p = shaft.getPointAtLength(n * k / 50).matrixTransform(m);
        for (const c of shown) {
          const other = c.letter !== a.dataset.from && c.letter !== a.dataset.to;
          if (other && c.marks.some(r => inside(p, r))) crossed.add(c.letter);
        }
      }
      const name = `${a.dataset.from}→${a.dataset.to}`;
      if (crossed.size) arrowsCrossing.push(`${name} over ${[...crossed]}`);
    }
  }
  // A phone shows the news strip's first line only: the player's own losses, when there
  // are any, come first and whole.
  const loss = document.querySelector('#since:not([hidden]) .loss');
  if (phone && loss) {
    const r = loss.getBoundingClientRect();
    const box = document.getElementById('since').getBoundingClientRect();
    if (r.right > box.right + 0.5 || r.top > box.top + 20) {
      bad.push(`loss news cut: ${loss.textContent}`);
    }
  }
  const top = document.getElementById('lab-wrap').getBoundingClientRect().top + scrollY;
  const choices = document.getElementById('choices').getBoundingClientRect().height;
  return {bad, narrowest, smallest, live: live.length, top, choices, arrowsCrossing,
          status: status.innerText, confirm: !!document.querySelector('[data-confirm]'),
          save: await (SAVED_GAME)()};
}
""".replace("UNTIL", UNTIL).replace("WAIT_FOR_PERSON", WAIT_FOR_PERSON.strip()) \
    .replace("SAVED_GAME", SAVED_GAME.strip())

# Click the element for `action` (the board's first, as a player looking at the board
# would), or the chamber that opens it; report what was clicked. Waits for the redraw.
CLICK = """
async ([action, chamber]) => {
  const visible = e => e.getClientRects().length > 0 && !e.closest('dialog:not([open])');
  const all = [...document.querySelectorAll('[data-action]:not([disabled])')]
    .filter(e => visible(e) && e.getAttribute('data-action') === action);
  const lab = document.getElementById('lab');
  let el = all.find(e => lab.contains(e)) || all[0];
  let how = el ? (lab.contains(el) ? 'board' : 'button') : null;
  if (!el && chamber) {
    el = document.querySelector(`#lab [data-select="${chamber}"]`);
    how = el ? 'open' : null;
  }
  if (!el) {
    const c = document.querySelector('[data-confirm]');
    if (c && visible(c)) { el = c; how = 'confirm'; }
  }
  if (!el) return null;
  let panned = false;
  if (lab.contains(el)) {
    // A player clicks a chamber once the lab holds still: a recycled chamber flies to its
    // new place for .9 s (and rows slide), and a chamber in flight is no place to click.
    // The motion is brought to its end at once (where a waiting player would see it end):
    // a whole game's flights would otherwise add a minute of waiting to the suite.
    for (const a of document.getAnimations()) {
      const t = a.effect && a.effect.target;
      if (t && t.closest && t.closest('#chambers')) { try { a.finish(); } catch (e) {} }
    }
  }
  if (lab.contains(el)) {  // out of the lab's panel: pan it, as a player drags the lab
    const w = document.getElementById('lab-wrap');
    const box = w.getBoundingClientRect(), q = el.getBoundingClientRect();
    const mid = (q.left + q.right) / 2;
    if (mid < box.left + 10 || mid > box.right - 10) {
      w.scrollLeft += mid - (box.left + box.right) / 2;
      panned = true;
    }
  }
  const r = el.getBoundingClientRect();
  const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
  const reachable = !!hit && (el.contains(hit) || hit.contains(el));
  const status = document.getElementById('status');
  const before = status.dataset.ready;
  el.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true, view: window}));
  for (let i = 0; i < 200 && status.dataset.ready === before; i++) {
    await new Promise(res => setTimeout(res, i < 5 ? 0 : 10));
  }
  return [how, reachable, panned];
}
"""

# Something on the board moves now (a chamber travelling, pieces rising away).
IN_FLIGHT = """
() => document.getAnimations().some(a => a.playState === 'running'
  && a.effect && a.effect.target && !!a.effect.target.closest('#lab'))
"""

SIZES = {
    # name: (viewport, touch, players, seed, seats, the turn it starts at: 1, or a save's)
    "desk": ({"width": 1280, "height": 800}, False, 2, 27, "human,easy", 1),
    "phone": ({"width": 390, "height": 844}, True, 4, 38, "human,easy,easy,easy", 1),
    # The same game from its 25th turn (of 42): the early turns of a game at a desktop's
    # size are the first game's; the widest screen is checked through the late ones.
    "wide": ({"width": 1920, "height": 1080}, False, 3, 9, "easy,human,easy", 25),
}


def _params():
    for name, (viewport, touch, *_rest) in SIZES.items():
        args = {"viewport": viewport, "has_touch": touch, "is_mobile": touch}
        yield pytest.param(name, marks=pytest.mark.browser_context_args(**args), id=name)


def person_choice(page, text: str | None = None) -> tuple[str, object]:
    """What the person plays now (and the state it is played in), from the saved game (read
    from the page unless given); the bot's seed is the number of actions so far, so a seed's
    game is always the same."""
    save = json.loads(text if text is not None else page.evaluate(SAVED_GAME))
    state = cakegame.State.from_json(save["game"])
    n = len(save["log"])
    return str(choose(state.view(state.current_player), "easy", seed=n * 31 + 1)), state


# Each game-over button: is it the element at its own centre (not hidden by the dialog's
# scrolling or covered)?
GAME_OVER_BUTTONS = """
() => ['go-close', 'go-review', 'go-again'].map(id => {
  const b = document.getElementById(id), r = b.getBoundingClientRect();
  const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return [id, r.height > 0 && at !== null && b.contains(at)];
})
"""


GAME_OVER_ROWS = """
() => ['go-close', 'go-review', 'go-again'].map(id => {
  const r = document.getElementById(id).getBoundingClientRect();
  return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, w: r.width};
})
"""

@pytest.mark.parametrize("size", list(_params()))
def test_a_whole_game_keeps_every_decision_in_reach(page_watch, artifacts, size):
    viewport, touch, players, seed, seats, turn = SIZES[size]
    page = page_watch
    if turn == 1:
        page.goto(f"index.html?players={players}&seed={seed}&seats={seats}&botpace=0&confirm=1&pass=0")
    else:
        raw = session_save(players, seed, lambda ses: ses.state.turn_number == turn,
                           seats=seats.split(","), as_page=True)
        open_saved(page, raw, query="?botpace=0&confirm=1")
    phone = viewport["width"] < 600
    decisions = 0
    ways: dict[str, int] = {}
    late_shot = False
    anim_shot = False
    tops: list[tuple[float, float, str]] = []  # the lab's top, the choices' height, status
    crossing: set[str] = set()  # arrows through the Portals over other chambers' marks
    for _ in range(2000):
        report = page.evaluate(CHECK, phone)
        if report.get("stuck"):
            page.screenshot(path=str(artifacts / f"stuck-{size}.png"))
            raise AssertionError(f"{size}: stuck at {report['status']!r} after {decisions} "
                                 f"decisions; {page_watch.report()}")
        if report.get("over"):
            break
        assert not report["bad"], f"{size}, {report['status']}: {report['bad']}"
        tops.append((round(report["top"], 1), round(report["choices"], 1), report["status"]))
        crossing.update(report["arrowsCrossing"])
        if report["confirm"]:
            how, reachable, panned = page.evaluate(CLICK, ["", None])
            if size == "desk" and decisions > 100 and not anim_shot \
                    and page.evaluate(IN_FLIGHT):
                # The turn's recycle, just played: the chamber is on its way, pieces leave.
                # (A third of a second on: the hand's cards have faded in by then.)
                anim_shot = True
                page.wait_for_timeout(300)
                path = artifacts / "animation-desk.png"
                page.screenshot(path=str(path))
                shutil.copyfile(path, SCREENSHOTS / "animation-desk.png")
        else:
            action, state = person_choice(page, report["save"])
            if state.turn_number >= 40 and not late_shot:
                late_shot = True
                page.evaluate(MOTION_ENDED)  # not a recycled chamber caught in mid-flight
                path = artifacts / f"late-{size}.png"
                page.screenshot(path=str(path))
                shutil.copyfile(path, SCREENSHOTS / f"late-{size}.png")
            result = page.evaluate(CLICK, [action, targets.chamber_of(action)])
            assert result is not None, f"{size}: nothing to click for {action!r}"
            how, reachable, panned = result
            if how == "open":  # a chamber that stands for several actions: now the second
                report = page.evaluate(CHECK, phone)
                assert not report["bad"], f"{size}, {report['status']}: {report['bad']}"
                result = page.evaluate(CLICK, [action, None])
                assert result is not None and result[0] != "open", action
                how, reachable, panned = result
        assert reachable, f"{size}: the {how} for the decision is covered"
        ways[how] = ways.get(how, 0) + 1
        ways["panned"] = ways.get("panned", 0) + panned
        decisions += 1
    assert status(page).startswith("Game over"), status(page)
    # The game-over dialog's buttons are in view, whatever the story chart's height.
    page.wait_for_selector("#gameover[open]")
    hidden = [b for b, seen in page.evaluate(GAME_OVER_BUTTONS) if not seen]
    page.screenshot(path=str(artifacts / f"over-{size}.png"))
    assert not hidden, f"{size}: the game-over buttons {hidden} are out of view"
    if phone:
        # Two rows of whole widths: the two ways to look back side by side, "Play again"
        # across the row under them (they once wrapped as three buttons of three widths).
        look, review, again = page.evaluate(GAME_OVER_ROWS)
        assert abs(look["top"] - review["top"]) < 1 and abs(look["w"] - review["w"]) < 1, \
            (look, review)
        assert again["top"] >= look["bottom"] and \
            abs(again["w"] - (review["right"] - look["left"])) < 1, (look, review, again)
    (artifacts / f"tops-{size}.json").write_text(json.dumps(tops))
    (artifacts / f"crossing-{size}.json").write_text(json.dumps(sorted(crossing)))
    # No layout jumps: what sits above the lab (status, strip, prompt, tray) keeps its
    # height, so the lab's panel stays where it is from one decision to the next. On a
    # phone the prompt keeps two rows: a third (a long option, several cards) may move it.
    ys = [top for top, _, _ in tops]
    usual = max(set(ys), key=ys.count)
    moved = [t for t in tops if abs(t[0] - usual) > 3]
    if not phone:
        assert not moved, f"{size}: the lab moved from {usual} px: {moved[:3]}"
    else:
        assert len(moved) <= len(tops) // 10, f"{size}: the lab moved from {usual}: {moved[:3]}"
    # The seeds were picked for games that reach turn 40 (a change in the bots may shorten
    # them: then the late screenshot is missing, and a longer seed is due).
    assert decisions > (60 if turn == 1 else 20), f"{size}: a short game ({decisions} decisions)"
    # The screenshots were taken: late in the game, and (at 1280x800) one in flight.
    assert late_shot, f"{size}: the game ended before turn 40"
    assert anim_shot or size != "desk", "no animation was in flight after a confirm"
    # The person used the board, the buttons, and the end-of-turn confirmation.
    assert ways.get("board", 0) > 10 and ways.get("confirm", 0) > 5, ways
    page.assert_clean()


SINCE = """
() => ({
  hidden: document.getElementById('since').hidden,
  phrases: [...document.querySelectorAll('#since-text .since-p')]
    .map(e => [e.dataset.kind, e.textContent]),
  arrows: [...document.querySelectorAll('#lab .move-arrow')]
    .map(e => [e.dataset.from, e.dataset.to]),
})
"""


# Waits for a person's decision, then reads the strip as SINCE does, with the status and
# the save: one call for each decision.
SINCE_STEP = f"""
async () => {{
  const status = document.getElementById('status');
  if (!await ({UNTIL})({WAIT_FOR_PERSON.strip()}, 120000)) return {{stuck: status.innerText}};
  return {{...({SINCE.strip()})(), status: status.innerText, save: await ({SAVED_GAME.strip()})()}};
}}
"""


TURN_SO_FAR = """
() => [...document.querySelectorAll('#since-text .since-turn')]
  .map(e => [e.dataset.kind, e.textContent])
"""


@pytest.mark.browser_context_args(viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True)
def test_a_first_turn_with_no_news_says_what_a_turn_is(page_watch):
    """The first player's first turn has no news: the strip's room (an empty band of 135 px
    over a phone's lab) says what a turn is, quietly; once the person acts, what they did
    this turn takes its place."""
    from ui import labels
    page = page_watch
    page.goto("index.html?players=2&seed=5&pass=0")
    assert page.inner_text("#since-text") == "A turn: " + labels.TURN_OUTLINE
    assert page.evaluate("(t => t.scrollHeight <= t.clientHeight + 1)"
                         "(document.getElementById('since-text'))"), "the outline is cut"
    assert "quiet" in page.get_attribute("#since", "class")
    assert page.evaluate(SINCE)["phrases"] == []  # no news: the outline is none
    rng = random.Random(5)
    for _ in range(8):  # the move's steps, up to its first consequence
        click_random(page, rng)
        if not page.inner_text("#since-text").startswith("A turn: "):
            break
    assert page.inner_text("#since-text").startswith("This turn so far: ")
    page.assert_clean()


def test_since_your_last_turn_leads_with_your_losses_and_draws_the_moves(page_watch):
    """A seeded game against a computer player, played until the computer destroys some of
    the person's Test Subjects: the strip's first phrase names that loss (as the engine's
    events tell it, read back from the saved game) and the board has an arrow for each move
    of the other's turn. Once the person acts the arrows go, but the news stays all turn,
    quieter, with what the person did this turn on a line of its own under it."""
    from ui import eventlog, saves
    from ui.session import Session
    page = page_watch
    page.goto("index.html?players=2&seed=27&seats=human,easy&botpace=0")
    for _ in range(400):
        shown = page.evaluate(SINCE_STEP)
        assert "stuck" not in shown, shown
        assert not shown["status"].startswith("Game over"), "no loss in the whole game"
        ses = Session()
        ses.resume(saves.decode(shown["save"]))
        me = ses.state.current_player
        moves = ses.since_events(me)
        want = eventlog.since_summary(ses.news_events(me), me, ses.state.names)
        assert shown["phrases"] == [list(p) for p in want]
        assert sorted(shown["arrows"]) == sorted([a, b] for a, b, _, _ in eventlog.arrows(moves))
        lost = sum(e.count for _, evs in moves for e in evs
                   if e.kind.value == "subjects_destroyed" and e.seat == me)
        if lost and shown["arrows"]:
            kind, text = shown["phrases"][0]
            assert kind == "loss" and text.startswith(f"You lost {lost} Test Subject"), shown
            # The chamber under each badge says whose pieces it counts, in its description.
            tips = page.evaluate("() => Object.fromEntries([...document.querySelectorAll("
                                 "'#lab .loss')].map(g => [g.dataset.loss, document."
                                 "querySelector(`#lab .chamber[data-letter=\"${g.dataset.loss}"
                                 "\"] title`).textContent]))")
            notes = eventlog.loss_notes(moves, me, ses.state.names)
            assert set(tips) == set(notes), tips
            assert all(tips[k].endswith(". " + notes[k]) for k in tips), tips
            assert any("you lost" in tip for tip in tips.values()), tips
            # A reload tells the same (the events are rebuilt from the saved record).
            page.goto("index.html")
            page.wait_for_function(WAIT_FOR_PERSON, timeout=120_000, polling=20)
            again = page.evaluate(SINCE)
            assert again["phrases"] == shown["phrases"]
            assert sorted(again["arrows"]) == sorted(shown["arrows"])
            break
        action, _ = person_choice(page, shown["save"])
        assert page.evaluate(CLICK, [action, targets.chamber_of(action)]) is not None
    else:
        raise AssertionError("the computer never destroyed the person's Test Subjects")
    # The person acts: the arrows are gone, the news stays (quieter).
    news = shown["phrases"]
    action, _ = person_choice(page, shown["save"])
    result = page.evaluate(CLICK, [action, targets.chamber_of(action)])
    if result and result[0] == "open":
        page.evaluate(CLICK, [action, None])
    shown = page.evaluate(SINCE)
    if not shown["hidden"]:  # (unless that decision ended the person's turn)
        assert shown["arrows"] == [] and shown["phrases"] == news
        assert "quiet" in page.get_attribute("#since", "class")
    # The strip now also says what the person did this turn, from the engine's events (as
    # "since your last turn" is), read back from the saved game: checked after each of the
    # person's decisions until it has something to say (a half-made move tells nothing).
    for _ in range(12):
        page.wait_for_function(WAIT_FOR_PERSON, timeout=120_000, polling=20)
        ses = Session()
        ses.resume(saves.decode(page.evaluate(SAVED_GAME)))
        assert ses.state.current_player == me, "the person's turn ended with nothing told"
        turn = eventlog.turn_summary(ses.turn_events(me), me)
        assert page.evaluate(TURN_SO_FAR) == [[k, t] for k, t in turn]
        if turn:
            # The news here tells the person's own losses, so they still lead; what they
            # did this turn follows at once, whatever else the news holds (it had followed
            # the whole news when the news told losses, and led it otherwise: a jump).
            told = page.inner_text("#since-text")
            assert told.startswith("Since your last turn: "), told
            lines = told.split("\n·\n")  # each line's break is a "·" of its own
            assert lines[1] == "This turn so far: " + " · ".join(t for _, t in turn), told
            assert all(k in ("loss", "you") for k, _ in news[:len(lines[0].split(" · "))])
            if len(lines) > 2:
                assert lines[2].startswith("Also since your last turn: "), told
            assert [list(p) for p in page.evaluate(SINCE)["phrases"]] == news
            break
        action, _ = person_choice(page)
        result = page.evaluate(CLICK, [action, targets.chamber_of(action)])
        if result and result[0] == "open":
            page.evaluate(CLICK, [action, None])
    else:
        raise AssertionError("the strip never told what the person did this turn")
    page.assert_clean()


GAME_OVER_FIT = """
() => {
  const d = document.getElementById('gameover'), chart = document.querySelector('#go-chart svg');
  const r = chart ? chart.getBoundingClientRect() : null;
  return {scroll: d.scrollHeight, client: d.clientHeight, chart: r ? [r.width, r.height] : null,
          rows: document.querySelectorAll('#go-table tr').length,
          inView: d.getBoundingClientRect().bottom <= innerHeight};
}
"""


@pytest.mark.parametrize("players, seed", [(2, 3), (3, 4), (4, 5)])
@pytest.mark.browser_context_args(viewport={"width": 1280, "height": 800})
def test_the_game_over_dialog_fits_a_desktop_screen(page_watch, artifacts, players, seed):
    """At 1280x800 the game-over dialog shows all of itself without scrolling, its story
    chart and its table included, with two, three or four divisions."""
    from playhelp import last_move_save
    raw, action = last_move_save(players, seed)
    page = page_watch
    open_saved(page, raw)
    page.click(f'[data-action="{action}"]')
    page.wait_for_selector("#gameover[open]")
    page.wait_for_selector("#go-chart svg")
    page.screenshot(path=str(artifacts / f"over-fit-{players}.png"))
    fit = page.evaluate(GAME_OVER_FIT)
    assert fit["rows"] == players + 1 and fit["chart"] and fit["chart"][1] > 150, fit
    assert fit["scroll"] <= fit["client"] and fit["inView"], fit
    assert all(seen for _, seen in page.evaluate(GAME_OVER_BUTTONS))
    page.assert_clean()


PHONE_CHART = """
() => {
  const svg = document.querySelector('#go-chart svg'), r = svg.getBoundingClientRect();
  const texts = [...svg.querySelectorAll('text')].map(t => t.getBoundingClientRect());
  return {px: 12 * r.width / svg.viewBox.baseVal.width,
          inside: texts.every(t => t.left >= r.left - 1 && t.right <= r.right + 1
                                   && t.top >= r.top - 1 && t.bottom <= r.bottom + 1),
          legend: svg.querySelectorAll('.story-legend').length};
}
"""


@pytest.mark.browser_context_args(viewport={"width": 390, "height": 844})
def test_a_phones_game_over_chart_keeps_its_text_readable(page_watch, artifacts):
    """On a phone the story chart is drawn for its width: its text about 11 pixels high
    (a desktop's chart shrunk to fit would draw it at 6), every word inside the chart."""
    from playhelp import last_move_save
    raw, action = last_move_save(4, 5)
    page = page_watch
    open_saved(page, raw)
    page.click(f'[data-action="{action}"]')
    page.wait_for_selector("#gameover[open] #go-chart svg")
    # Its buttons stay at its foot; while more of it lies under them they cast a shadow up
    # over it (half the chart lay there, and nothing said so), and scrolled down, none.
    shadow = ("getComputedStyle(document.querySelector('#gameover > .ng-buttons'))"
              ".boxShadow")
    assert page.evaluate("document.getElementById('gameover').scrollTop") == 0
    assert "rgba(0, 0, 0, 0.8)" in page.evaluate(shadow)
    page.evaluate("document.getElementById('gameover').scrollTop = 1e6")
    page.wait_for_function(f"!{shadow}.includes('rgba(0, 0, 0, 0.8)')")
    page.screenshot(path=str(artifacts / "over-phone.png"))
    chart = page.evaluate(PHONE_CHART)
    assert chart["px"] >= 10 and chart["inside"] and chart["legend"] == 4, chart
    page.assert_clean()


def _full_hand_with_news_save() -> str:
    """A four-person game at a person's first decision of a turn, deploying with a full
    hand (three cards: the tray takes two rows) and a long story since their last turn."""
    from ui import eventlog

    def full_hand_and_news(ses) -> bool:
        s = ses.state
        me = s.current_player
        if s.turn_number < 12 or s.decision != "deploy" or s.hand_size(me) < 3 \
                or ses.turn_events(me):
            return False
        news = eventlog.since_summary(ses.since_events(me), me, s.names)
        return len(" · ".join(t for _, t in news)) > 330
    return session_save(4, 2, full_hand_and_news)


STORY_ROOM = """
() => {
  const t = document.getElementById('since-text'), W = innerWidth, H = innerHeight;
  const out = [...document.querySelectorAll('[data-action]:not([disabled]), [data-continue]')]
    .filter(e => e.getClientRects().length > 0 && !e.closest('dialog'))
    .filter(e => { const r = e.getBoundingClientRect();
                   return r.left < 0 || r.top < 0 || r.right > W || r.bottom > H; })
    .map(e => e.getAttribute('data-action') || e.textContent);
  const zoom = document.getElementById('lab-in').getBoundingClientRect();
  return {cut: t.scrollHeight > t.clientHeight + 1, text: t.textContent.length,
          cards: document.querySelectorAll('#choices .tray-card').length, out,
          zoomInView: zoom.bottom <= H, scrollY};
}
"""


@pytest.mark.browser_context_args(viewport={"width": 1280, "height": 800})
def test_the_story_since_the_last_turn_reads_whole_beside_a_full_hand(page_watch, artifacts):
    """At 1280x800, deploying with three cards in the tray (two rows of buttons) after a
    busy round of four players: "since your last turn" shows all of its story without
    scrolling, and every decision and the zoom buttons stay on the screen."""
    page = page_watch
    open_saved(page, _full_hand_with_news_save())
    page.screenshot(path=str(artifacts / "story-full-hand-desk.png"))
    room = page.evaluate(STORY_ROOM)
    assert room["cards"] == 3 and room["text"] > 330, room
    assert not room["cut"], room
    assert not room["out"] and room["zoomInView"] and room["scrollY"] == 0, room
    # Each card's "Portal Gun" button says in its tooltip what firing it does instead.
    guns = page.eval_on_selector_all('#choices .tray-card button[data-action^="gun "]',
                                     "bs => bs.map(b => b.title)")
    assert len(guns) == 3 and all(" to fire the Portal Gun: instead of the card's Aperture "
                                  "action, place both Portals in two chambers" in g
                                  for g in guns), guns
    # A screen reader hears which card each one deploys (three were "Portal Gun" alone).
    named = page.eval_on_selector_all(
        '#choices .tray-card button[data-action^="gun "]',
        "bs => bs.map(b => [b.dataset.action, b.getAttribute('aria-label')])")
    assert all(name == f"Portal Gun, deploying {CARD_BY_ID[act.split()[1]].name}"
               for act, name in named), named
    # The hand can lie below the screen's foot here, the card's text out of sight: each
    # card's deploy button says in its tooltip what the card does.
    plays = page.eval_on_selector_all('#choices .tray-card button[data-action^="play "]',
                                      "bs => bs.map(b => [b.dataset.action, b.title])")
    assert len(plays) == 3 and all(
        f": {CARD_BY_ID[act.split()[1]].action_text} Then the rule for all: " in title
        for act, title in plays), plays
    page.assert_clean()


@pytest.mark.browser_context_args(viewport={"width": 1280, "height": 800})
def test_a_desktop_shows_four_divisions_and_a_whole_card_of_the_hand(page_watch, artifacts):
    """At 1280x800, deploying with three cards while a rule is in force: the four
    divisions took 400 px and pushed the hand's first card below the screen's foot (a
    play-tester read it by hovering). Each division's figures are one line, what they
    count said once under them, and the first card lies whole on the screen; a screen
    reader still hears each label whole."""
    page = page_watch
    open_saved(page, _full_hand_under_a_rule_save())
    page.screenshot(path=str(artifacts / "hand-beside-four-divisions-desk.png"))
    seen = page.evaluate("""() => {
      const rows = [...document.querySelectorAll('#players .division')].map(d => {
        const tops = [...d.querySelectorAll('dd')]
          .map(e => Math.round(e.getBoundingClientRect().top));
        return new Set(tops).size; });
      const card = document.querySelector('#hand .card').getBoundingClientRect();
      return {rows, cardBottom: card.bottom, H: innerHeight,
              labels: [...document.querySelectorAll('#players .division:first-child dt')]
                .map(e => e.textContent),
              legend: document.querySelector('#players .stats-legend').innerText};
    }""")
    assert seen["rows"] == [1, 1, 1, 1], seen
    assert seen["cardBottom"] <= seen["H"], seen
    assert seen["labels"] == ["Subjects lab / supply", "Cake lab / supply / burnt", "Cards"]
    assert seen["legend"] == "Subjects: lab / supply · Cake: lab / supply / burnt"
    page.assert_clean()


@pytest.mark.browser_context_args(viewport={"width": 1280, "height": 800})
def test_a_desktop_keeps_each_division_s_long_name_and_seat_menu_on_one_line(page_watch):
    """Long names at 1280x800: each put its division's seat menu on a line of its own (80
    px a division where 53 do, a play-tester). The name gives way, cut, whole in its
    tooltip; the colour's word and the menu stay whole, inside the division."""
    page = page_watch
    names = ["Maximiliana Featherstonehaugh", "Bartholomew the Great", "Al", "Christopherson"]
    page.goto("index.html?players=4&seed=3&seats=human,medium,human,easy&pass=0&names="
              + ",".join(n.replace(" ", "%20") for n in names))
    page.wait_for_selector("html[data-boot=ready] #players .division")
    rows = page.evaluate("""() => [...document.querySelectorAll('#players .division')].map(d => {
      const box = d.getBoundingClientRect(), top = d.querySelector('.division-top');
      const kids = [...top.children].map(c => c.getBoundingClientRect());
      const name = d.querySelector('.pname');
      return {tops: new Set(kids.map(r => Math.round(r.top + r.height / 2))).size,
              inside: kids.every(r => r.left >= box.left && r.right <= box.right),
              title: name.title, cut: name.scrollWidth > name.clientWidth}; })""")
    assert [r["tops"] for r in rows] == [1, 1, 1, 1], rows
    assert all(r["inside"] for r in rows), rows
    assert [r["title"] for r in rows] == names
    assert rows[0]["cut"] and not rows[2]["cut"], rows
    page.assert_clean()


CARD_IN_VIEW = """
id => { const c = document.querySelector(`#hand .card[data-card="${id}"]`).getBoundingClientRect();
        const side = document.querySelector('.side').getBoundingClientRect();
        return c.top >= side.top && c.bottom <= side.bottom && c.bottom <= innerHeight; }
"""


@pytest.mark.browser_context_args(viewport={"width": 1280, "height": 800})
def test_a_desktop_brings_the_card_pointed_at_in_the_tray_into_view(page_watch, artifacts):
    """At 1280x800 three cards' texts need twice the side column's height: a play-tester
    scrolled it to read the third while choosing. Pointing at a card's buttons in the tray
    (the mouse, or the keyboard's focus) brings that card whole into the column's view and
    marks it; its deploy button's tooltip also says the rule its Character brings. The focus
    the page gives a deploy step's first button after a press marks nothing (a play-tester
    saw the first card outlined at every deploy step)."""
    page = page_watch
    open_saved(page, _full_hand_under_a_rule_save())
    cards = page.eval_on_selector_all("#choices .tray-card", "cs => cs.map(c => c.dataset.card)")
    assert len(cards) == 3
    last = cards[-1]
    assert not page.evaluate(CARD_IN_VIEW, last)  # below the column's fold, as it was
    button = page.locator(f'#choices .tray-card[data-card="{last}"] button[data-action^="play "]')
    button.hover()
    page.wait_for_function(CARD_IN_VIEW, arg=last, timeout=5000)
    page.screenshot(path=str(artifacts / "hand-pointed-desk.png"))
    assert page.eval_on_selector_all("#hand .card.pointed", "cs => cs.map(c => c.dataset.card)") \
        == [last]
    assert page.evaluate("scrollY") == 0  # the page itself holds still
    card = CARD_BY_ID[last]
    assert button.get_attribute("title").endswith(
        f"{card.action_text} Then the rule for all: {card.character_title}: "
        f"{card.character_text}")
    page.mouse.move(5, 790)  # off the choices: unmarked
    page.wait_for_function("!document.querySelector('#hand .card.pointed')", timeout=5000)
    # After a mouse's press the page's own focus marks nothing (it focuses a deploy step's
    # first button: the first card was marked with nothing pointed at it).
    page.mouse.click(5, 790)
    page.focus(f'#choices .tray-card[data-card="{cards[0]}"] button[data-action^="play "]')
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => setTimeout(r, 50)))")
    assert page.eval_on_selector_all("#hand .card.pointed", "cs => cs.map(c => c.dataset.card)") \
        == []
    # The keyboard's focus does what the mouse does, the first card brought back into view.
    page.keyboard.press("Tab")
    page.wait_for_function(CARD_IN_VIEW, arg=cards[0], timeout=5000)
    assert page.eval_on_selector_all("#hand .card.pointed", "cs => cs.map(c => c.dataset.card)") \
        == [cards[0]]
    assert page.evaluate("document.activeElement.dataset.action").startswith("gun ")
    page.assert_clean()


@pytest.mark.browser_context_args(viewport={"width": 1280, "height": 800})
def test_the_side_column_starts_from_its_top_for_the_next_players_hand(page_watch, artifacts):
    """The side column kept the scroll it was given for one player's cards (pointing at a
    card scrolls it): the next player found the divisions' heading cut at its top (a
    play-tester). A new hand there starts from the top."""
    page = page_watch
    open_saved(page, _full_hand_under_a_rule_save())
    cards = page.eval_on_selector_all("#choices .tray-card", "cs => cs.map(c => c.dataset.card)")
    page.locator(f'#choices .tray-card[data-card="{cards[-1]}"] button[data-action^="play "]'
                 ).hover()
    page.wait_for_function(CARD_IN_VIEW, arg=cards[-1], timeout=5000)
    side_top = "document.querySelector('.side').scrollTop"
    assert page.evaluate(side_top) > 0
    owner = "document.querySelector('#hand-h .as-typed').textContent"
    first = page.evaluate(owner)
    rng = random.Random(3)
    for _ in range(60):
        page.mouse.move(5, 790)  # nothing pointed at: only the game moves the column
        assert click_random(page, rng) is not None
        if page.evaluate(owner) != first:
            break
    assert page.evaluate(owner) != first
    page.wait_for_function(f"{side_top} === 0", timeout=5000)
    page.screenshot(path=str(artifacts / "side-next-hand.png"))
    page.assert_clean()


TRAY_ROWS = """
() => ({cards: [...document.querySelectorAll('#choices .tray-card')].map(card =>
          new Set([...card.querySelectorAll('button')].map(b => {
            const r = b.getBoundingClientRect(); return Math.round((r.top + r.bottom) / 2);
          })).size),
        tall: [...document.querySelectorAll('#choices .tray-card button')].every(b =>
          b.getBoundingClientRect().height >= 44),
        lab: document.getElementById('lab').getBoundingClientRect().top, H: innerHeight})
"""


def _full_hand_under_a_rule_save() -> str:
    """A four-person game at a person's deploy step with three cards, a Character in force."""
    return session_save(4, 2, lambda ses: ses.state.decision == "deploy"
                        and ses.state.hand_size(ses.state.current_player) >= 3
                        and ses.state.character is not None
                        and ses.state.character.id not in ses.state.hand(
                            ses.state.current_player))


@pytest.mark.browser_context_args(viewport={"width": 360, "height": 640}, is_mobile=True,
                                  has_touch=True)
def test_a_small_phones_tray_keeps_each_card_to_one_row_and_the_lab_on_the_screen(
        page_watch, artifacts):
    """At 360x640 with three cards to deploy, each card's Portal Gun wrapped to a row of its
    own and the tray pushed the lab below the screen (a play-tester): each card is one row
    of fingertip-tall buttons under its name, and the lab starts on the screen."""
    page = page_watch
    open_saved(page, _full_hand_under_a_rule_save())
    page.screenshot(path=str(artifacts / "tray-small-phone.png"))
    rows = page.evaluate(TRAY_ROWS)
    assert rows["cards"] == [1, 1, 1] and rows["tall"], rows
    assert rows["lab"] < rows["H"] - 50, rows
    # The hand lies far below: each card says which rule it would replace, and its "?"
    # shows its text in the tray, playing nothing (a play-tester deployed a card unread).
    from ui import saves
    s = saves.decode(page.evaluate("localStorage.getItem('cakegame.save')")).state
    first = page.locator("#choices .tray-card").first
    assert f"replaces the rule {s.character.character_title}" in first.inner_text()
    ready = page.get_attribute("#status", "data-ready")
    info = first.locator(".tray-info")
    assert info.get_attribute("aria-expanded") == "false"
    assert first.locator(".tray-text").is_hidden()
    info.tap()
    assert info.get_attribute("aria-expanded") == "true"
    text = first.locator(".tray-text").inner_text()
    card = next(c for c in s.hand(s.current_player)
                if CARD_BY_ID[c].name in first.locator(".tray-name").inner_text())
    assert CARD_BY_ID[card].action_text in text and CARD_BY_ID[card].character_text in text
    assert page.get_attribute("#status", "data-ready") == ready  # nothing played
    info.tap()
    assert first.locator(".tray-text").is_hidden()
    page.assert_clean()


@pytest.mark.browser_context_args(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True)
def test_a_phone_reads_the_face_up_card_before_taking_it(page_watch):
    """"Take the Aperture Card: Wheatley" named a card whose text lay in the deck panel far
    below (a play-tester): its "?" shows the card's two sides there and then."""
    from cakegame.content import CARD_IDS
    from enginehelp import pos
    from ui import saves
    deck = [c for c in CARD_IDS if c != "fact"]
    s = pos(hands=[["fact"], []], deck=deck).apply("play fact")
    assert [str(a) for a in s.legal_actions()] == ["card"]
    open_saved(page_watch, saves.encode(s, ["human", "human"], ui={"pass_device": False}),
               '{"auto_single": false}')
    info = page_watch.locator("#choices .tray-info")
    assert info.count() == 1 and info.is_visible()
    info.tap()
    text = page_watch.inner_text(f"#card-text-{deck[0]}")
    card = CARD_BY_ID[deck[0]]
    assert card.action_text in text and card.character_text in text
    assert page_watch.inner_text('#choices [data-action="card"]').endswith(card.name)
    page_watch.assert_clean()


# The score strip's button: the width its divisions take, against the width it has.
STRIP_FITS = """
() => { const b = document.querySelector('#table-strip .strip-scores');
        return {need: b.scrollWidth, room: b.clientWidth,
                divisions: b.querySelectorAll('.strip-div').length}; }
"""


def _phone(w: int, h: int, name: str) -> object:
    return pytest.param(name, id=name, marks=pytest.mark.browser_context_args(
        viewport={"width": w, "height": h}, is_mobile=True, has_touch=True))


@pytest.mark.parametrize("size", [_phone(844, 390, "side"), _phone(390, 844, "upright"),
                                  _phone(360, 640, "small")])
def test_a_phones_score_strip_shows_all_four_divisions_beside_the_rule(page_watch, size):
    """On its side a phone's column is as narrow as upright, but the scores were sized by
    the screen's width: the fourth division's cake was cut off beside a rule in force (a
    phone play-tester). Every division's figures show, upright and on its side."""
    open_saved(page_watch, _full_hand_under_a_rule_save())
    assert page_watch.is_visible("#table-strip .strip-rule")
    fits = page_watch.evaluate(STRIP_FITS)
    assert fits["divisions"] == 4 and fits["need"] <= fits["room"], fits
    page_watch.assert_clean()


@pytest.mark.browser_context_args(viewport={"width": 844, "height": 390}, is_mobile=True,
                                  has_touch=True)
def test_a_phone_on_its_side_keeps_each_tray_card_to_one_row(page_watch):
    """On its side a phone's column is as narrow as upright: a card took two or three rows
    (127 px) there. Each is one row of buttons under its name."""
    open_saved(page_watch, _full_hand_under_a_rule_save())
    rows = page_watch.evaluate(TRAY_ROWS)
    assert rows["cards"] == [1, 1, 1] and rows["tall"], rows
    page_watch.assert_clean()


def _news_and_a_one_line_prompt_save() -> str:
    """A four-person game at a person's first decision of a turn (choose a chamber to move
    from: a one-line prompt, no buttons) after a busy round: news to tell."""
    from ui import eventlog

    def news_to_tell(ses) -> bool:
        s = ses.state
        me = s.current_player
        if s.turn_number < 10 or s.decision != "move" or ses.turn_events(me):
            return False
        if any(not str(a).startswith("from ") for a in s.legal_actions()):
            return False
        news = eventlog.since_summary(ses.since_events(me), me, s.names)
        return len(" · ".join(t for _, t in news)) > 200
    return session_save(4, 2, news_to_tell)


EMPTY_ABOVE_THE_LAB = """
() => {
  const box = q => document.querySelector(q).getBoundingClientRect();
  // Under the status, the one-column strip of scores and the rule in force (always there).
  const status = box('#table-strip'), news = box('#since-text'), lab = box('#lab-wrap');
  const parts = [...document.querySelectorAll('#choices > *')].map(e => e.getBoundingClientRect())
    .filter(r => r.height > 0);
  const said = parts.reduce((h, r) => h + r.height, 0);
  return {empty: lab.top - status.bottom - news.height - said, newsLines:
          Math.round(news.height / parseFloat(getComputedStyle(document.getElementById(
            'since-text')).lineHeight)), labTop: lab.top, parts: parts.length};
}
"""


@pytest.mark.browser_context_args(viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True)
def test_a_phone_keeps_no_empty_band_above_the_lab(page_watch, artifacts):
    """On a phone, a one-line prompt ("click a highlighted chamber") after a busy round: the
    room kept above the lab for taller prompts shows the news, several lines of it, rather
    than an empty band (it was about 145 px: the news cut to one line, then nothing)."""
    page = page_watch
    open_saved(page, _news_and_a_one_line_prompt_save())
    page.screenshot(path=str(artifacts / "phone-news-one-line-prompt.png"))
    seen = page.evaluate(EMPTY_ABOVE_THE_LAB)
    assert seen["parts"] == 1, seen  # the prompt's line alone
    assert seen["newsLines"] >= 3, seen
    assert seen["empty"] < 60, seen
    page.assert_clean()


NEWS_REACH = """
() => { // the height over which a tap at the news strip's middle reaches it
  const since = document.getElementById('since'), r = since.getBoundingClientRect();
  const x = (r.left + r.right) / 2;
  let top = null, bottom = null;
  for (let y = r.top - 20; y <= r.bottom + 20; y += 0.5) {
    const hit = document.elementFromPoint(x, y);
    if (hit && hit.closest('#since')) { if (top === null) top = y; bottom = y; }
  }
  return {reach: top === null ? 0 : bottom - top + 0.5, height: r.height};
}
"""


@pytest.mark.browser_context_args(viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True)
def test_a_phones_news_cut_to_one_line_is_a_fingertip_tall(page_watch):
    """At a deploy step with cards in the tray the news has one line of room, 30 px: a
    fingertip's tap at it missed (a play-tester). Its tap reaches into the gaps around it,
    44 px in all, and a tap just above it opens it."""
    from ui import eventlog

    def deploy_with_news(ses) -> bool:
        s = ses.state
        me = s.current_player
        return (s.turn_number >= 8 and s.phase == "deploy" and len(s.hand(me)) >= 1
                and not ses.turn_events(me)
                and bool(eventlog.since_summary(ses.since_events(me), me, s.names)))
    page = page_watch
    open_saved(page, session_save(3, 4, deploy_with_news))
    seen = page.evaluate(NEWS_REACH)
    assert seen["height"] < 44, seen  # one line of room
    assert seen["reach"] >= 44, seen
    box = page.locator("#since").bounding_box()
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] - 6)
    assert "open" in page.get_attribute("#since", "class")
    page.assert_clean()


NEWS_HEIGHT = """
() => { const r = document.getElementById('since-text').getBoundingClientRect();
        return Math.round(r.height); }
"""


@pytest.mark.browser_context_args(viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True)
def test_a_phones_news_opens_with_a_tap_and_closes_with_another(page_watch, artifacts):
    """On a phone the news shows what its room holds; a tap opens the whole of it over what
    lies below, a second tap on it closes it (a touch screen's hover sticks after a tap, so
    the first design stayed open until a tap elsewhere), and so does a tap elsewhere."""
    open_saved(page_watch, _news_and_a_one_line_prompt_save())
    _news_opens_with_a_tap(page_watch, artifacts / "phone-news-open.png")


@pytest.mark.browser_context_args(viewport={"width": 820, "height": 1180}, has_touch=True,
                                  is_mobile=True)
def test_a_tablets_news_has_lines_to_spare(page_watch, artifacts):
    """A tablet upright shows the news as a phone does, in the room the choices leave, with
    room for several lines under a short prompt (it was one line, cut, whatever the room)."""
    page = page_watch
    open_saved(page, _news_and_a_one_line_prompt_save())
    page.screenshot(path=str(artifacts / "tablet-news.png"))
    seen = page.evaluate(EMPTY_ABOVE_THE_LAB)
    assert seen["newsLines"] >= 3, seen
    # All of it fits: no "▾" to say there is more (it was there whenever there was news).
    page.wait_for_timeout(100)  # the measure after the paint
    assert not page.evaluate(NEWS_CUT) and page.evaluate(NEWS_MARK) == "none"
    page.assert_clean()


@pytest.mark.browser_context_args(viewport={"width": 844, "height": 390}, has_touch=True,
                                  is_mobile=True)
def test_the_news_of_a_phone_on_its_side_opens_with_a_tap(page_watch, artifacts):
    """A phone on its side cuts the news as an upright one does, and a tap opens and
    closes it the same way."""
    open_saved(page_watch, _news_and_a_one_line_prompt_save())
    _news_opens_with_a_tap(page_watch, artifacts / "landscape-news-open.png")


def _news_opens_with_a_tap(page, shot) -> None:
    """A tap opens the whole news over what lies below, a second tap on it closes it, and
    so does a tap elsewhere; the lab does not move."""
    cut = page.evaluate(NEWS_HEIGHT)
    lab = page.evaluate(LAB_TOP)
    page.wait_for_function(NEWS_CUT)  # there is more, and the "▾" says so
    assert page.evaluate(NEWS_MARK) == '"▾"'
    page.tap("#since")
    page.wait_for_function(f"document.getElementById('since-text')"
                           f".getBoundingClientRect().height > {cut + 10}")
    page.screenshot(path=str(shot))
    assert page.evaluate(LAB_TOP) == lab
    # Open, each division's turn starts a line, as on a desktop (run together with "·",
    # they read as one paragraph: a phone play-tester).
    phrases = page.evaluate(NEWS_LINES)
    assert sum(p["kind"] == "who" for p in phrases) >= 2, phrases
    assert all(p["starts"] for p in phrases if p["kind"] == "who"), phrases
    page.tap("#since")
    page.wait_for_function(f"document.getElementById('since-text')"
                           f".getBoundingClientRect().height <= {cut + 1}")
    page.tap("#since")
    page.wait_for_function("document.getElementById('since').classList.contains('open')")
    page.tap("#status")
    page.wait_for_function(f"document.getElementById('since-text')"
                           f".getBoundingClientRect().height <= {cut + 1}")
    page.assert_clean()


LAB_TOP = "() => Math.round(document.getElementById('lab-wrap').getBoundingClientRect().top)"


PORTAL_ARROWS = """
() => [...document.querySelectorAll('#lab .move-arrow.portal-move')].map(a => {
  const shaft = a.querySelector('.shaft'), legs = [...a.querySelectorAll('.leg')];
  const n = shaft.getTotalLength(), at = (p, l) => p.getPointAtLength(l);
  const ends = legs.map(l => [at(l, 0), at(l, l.getTotalLength())]);
  const near = (p, q) => Math.hypot(p.x - q.x, p.y - q.y) < 1.5;
  return {name: `${a.dataset.from}→${a.dataset.to}`, shaft: n,
          faint: +getComputedStyle(shaft).opacity,
          legs: legs.map(l => [l.getTotalLength(), +getComputedStyle(l).opacity,
                               getComputedStyle(l).strokeDasharray]),
          fromTail: ends.length === 2 && near(ends[0][0], at(shaft, 0)),
          toHead: ends.length === 2 && near(ends[1][1], at(shaft, n))};
})
"""


@pytest.mark.browser_context_args(viewport={"width": 1280, "height": 800})
def test_an_arrow_through_the_portals_is_strong_at_its_ends_and_faint_between(page_watch):
    """A move through the Portals crosses the lab: its arrow is drawn strong (solid, full
    opacity) for its first and last stretch, out of the chamber left and into the one
    entered, and faint between them, over the chambers it passes."""
    page = page_watch
    open_saved(page, _portal_move_save())
    arrows = page.evaluate(PORTAL_ARROWS)
    assert arrows, "no move through the Portals in this position"
    for a in arrows:
        assert a["faint"] <= 0.5 and a["fromTail"] and a["toHead"], a
        assert len(a["legs"]) == 2 and a["shaft"] > 3 * 30, a
        for length, opacity, dashes in a["legs"]:
            assert 30 < length < 40 and opacity == 1 and dashes == "none", a
    page.assert_clean()


def _portal_move_save() -> str:
    """A four-person game at a person's turn whose news has a move through the Portals
    (between chambers that are not neighbours, neither recycled since)."""
    from ui import eventlog

    def through_portals(ses) -> bool:
        s = ses.state
        me = s.current_player
        if s.turn_number < 6 or ses.turn_events(me):
            return False
        at = {c.letter: (c.row, c.x) for c in s.chambers()}
        for a, b, _, _ in eventlog.arrows(ses.since_events(me)):
            (ra, xa), (rb, xb) = at[a], at[b]
            if not ((ra == rb and abs(xa - xb) == 2) or (abs(ra - rb) == 1 and abs(xa - xb) == 1)):
                return True
        return False
    return session_save(4, 2, through_portals)


def _busy_round_save() -> str:
    """A four-person game at the start of a turn whose news has all of its parts: what
    happened to the player, and a line for each of the three others' turns."""
    from ui import eventlog
    from ui.eventlog import SINCE_PART

    def busy(ses) -> bool:
        s = ses.state
        if s.turn_number < 8 or s.decision not in ("move", "deploy"):
            return False
        me = s.current_player
        news = eventlog.since_summary(ses.since_events(me), me, s.names)
        return any(SINCE_PART[k] == 0 for k, _ in news) and \
            sum(k == "who" for k, _ in news) == 3

    return session_save(4, 1, busy)


# Each phrase of the news: its part and whether it starts a line of the strip.
NEWS_LINES = """
() => {
  const box = document.getElementById('since-text');
  const left = box.getBoundingClientRect().left + parseFloat(getComputedStyle(box).paddingLeft);
  return [...box.querySelectorAll('.since-p')].map(p => ({kind: p.dataset.kind,
    starts: Math.abs(p.getClientRects()[0].left - left) < 2}));
}
"""


def test_a_desktop_tells_each_part_of_a_busy_round_on_a_line_of_its_own(page_watch, artifacts):
    """Four players' news ran as one wall of "·"-separated phrases (a play-tester): on a
    desktop what happened to the player is a line, and each other division's turn starts
    a line, led by its name (three play-testers read the news by player)."""
    from ui.eventlog import SINCE_PART

    page = page_watch
    open_saved(page, _busy_round_save())
    page.screenshot(path=str(artifacts / "desk-news-lines.png"))
    phrases = page.evaluate(NEWS_LINES)
    assert len(phrases) >= 5, phrases
    box = page.evaluate(NEWS_BOX)
    if box["whole"] <= box["shown"] + 1:  # it all fits: nothing says "more"
        assert box["moreOpacity"] == 0, box
    assert sum(p["kind"] == "who" for p in phrases) == 3, phrases
    for before, now in zip(phrases, phrases[1:]):
        if now["kind"] == "who" or SINCE_PART[now["kind"]] != SINCE_PART[before["kind"]]:
            assert now["starts"], phrases
    page.assert_clean()


NEWS_BOX = """
() => {
  const t = document.getElementById('since-text');
  return {shown: t.clientHeight, whole: t.scrollHeight,
          line: parseFloat(getComputedStyle(t).lineHeight),
          more: getComputedStyle(t, '::after').content,
          moreOpacity: parseFloat(getComputedStyle(t, '::after').opacity)};
}
"""


@pytest.mark.browser_context_args(viewport={"width": 1280, "height": 800})
def test_a_desktop_news_longer_than_its_room_shows_whole_lines(page_watch, artifacts):
    """Four players at 1280x800 with three cards to deploy, turn 24: the news needs more
    lines than the room under the choices. The box shows whole lines and scrolls for the
    rest; the line after the last whole one peeked out half-cut at its foot."""
    page = page_watch
    open_saved(page, session_save(4, 2, lambda ses: ses.state.turn_number >= 24
                                  and ses.state.current_player == 0))
    page.screenshot(path=str(artifacts / "desk-news-whole-lines.png"))
    box = page.evaluate(NEWS_BOX)
    assert box["whole"] > box["shown"] + box["line"] / 2, box  # it does need to scroll
    lines = box["shown"] / box["line"]
    assert lines >= 2 and abs(lines - round(lines)) < 0.05, box
    # Its foot says there is more (a play-tester saw the cut text and no way on), and a
    # click shows it all over the lab; another click puts it back.
    assert "more" in box["more"] and box["moreOpacity"] == 1, box
    page.click("#since")
    opened = page.evaluate(NEWS_BOX)
    assert opened["shown"] >= opened["whole"] - 1 and opened["more"] == "none", opened
    page.screenshot(path=str(artifacts / "desk-news-opened.png"))
    page.click("#since")
    assert page.evaluate(NEWS_BOX)["shown"] == box["shown"]
    # Scrolled to its end, the mark has nothing more to announce; the page's own measure
    # (what Firefox, without scroll-driven animations, shows the mark by) says so too.
    page.wait_for_function(NEWS_CUT)  # measured again once the box closed
    page.evaluate("document.getElementById('since-text').scrollTop = 1e6")
    page.wait_for_function("parseFloat(getComputedStyle(document.getElementById("
                           "'since-text'), '::after').opacity) < 0.1", timeout=5000)
    page.wait_for_function(f"!({NEWS_CUT})()")
    # The keyboard reaches the news once and reads it whole there, as a click shows it; its
    # scrolling text was a second Tab stop of its own.
    page.evaluate("[...document.querySelectorAll('#choices [data-action]')].pop().focus()")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "since"
    focused = page.evaluate(NEWS_BOX)
    page.screenshot(path=str(artifacts / "desk-news-focused.png"))
    assert focused["shown"] >= focused["whole"] - 1 and focused["more"] == "none", focused
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "lab-out"
    page.assert_clean()


NEWS_CUT = "() => document.getElementById('since').hasAttribute('data-cut')"
NEWS_MARK = "() => getComputedStyle(document.getElementById('since'), '::after').content"


@pytest.mark.browser_context_args(viewport={"width": 1280, "height": 800})
def test_a_desktop_shows_the_hand_under_four_divisions(page_watch):
    """Four players at 1280x800, a deploy step with two cards: the hand stands right under
    the divisions, in view (the deck and the active Character pushed it below the window's
    foot); the side column scrolls by itself, so the last card's words are read while the
    choices, Deploy among them, stay where they are (a play-tester could not do both)."""

    def deploying(ses) -> bool:
        s = ses.state
        return s.turn_number > 6 and s.decision == "deploy" and len(s.hand(s.current_player)) >= 2

    page = page_watch
    open_saved(page, session_save(4, 2, deploying))
    seen = page.evaluate("""() => {
      const top = id => document.getElementById(id).getBoundingClientRect().top;
      const card = document.querySelector('#hand > *');
      return {hand: top('hand-h'), card: card ? card.getBoundingClientRect().top : null,
              divisions: document.querySelector('.players-panel').getBoundingClientRect().bottom,
              deck: top('deck'), height: innerHeight}; }""")
    assert seen["divisions"] < seen["hand"] < seen["deck"], seen
    assert seen["card"] is not None and seen["card"] + 60 < seen["height"], seen
    # Its foot fades while more lies below (so it is seen to scroll), and not at its end.
    fade = "() => getComputedStyle(document.querySelector('.side')).maskImage"
    assert "calc(100% - 48px)" in page.evaluate(fade)
    after = page.evaluate("""async () => {
      const side = document.querySelector('.side');
      side.scrollTop = side.scrollHeight;
      await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
      const cards = [...document.querySelectorAll('#hand > *')];
      const last = cards[cards.length - 1].getBoundingClientRect();
      const deploy = document.querySelector('#choices [data-action^="play "]')
        .getBoundingClientRect();
      return {cards: cards.length, last: [last.top, last.bottom], pageY: scrollY,
              deploy: [deploy.top, deploy.bottom], height: innerHeight,
              scrolled: side.scrollTop}; }""")
    assert after["cards"] >= 2 and after["scrolled"] > 0 and after["pageY"] == 0, after
    assert 0 <= after["last"][0] and after["last"][1] <= after["height"], after
    assert 0 <= after["deploy"][0] and after["deploy"][1] <= after["height"], after
    assert "calc(100% - 48px)" not in page.evaluate(fade)
    page.assert_clean()


def test_after_a_first_decision_what_the_player_did_leads_the_news(page_watch):
    """Four players, turn 20 or later, the person has moved and has more to decide: the strip
    starts with "This turn so far" (a short box cut it off when it came last) and keeps the
    news of the others' moves, quieter, under it (the news told no loss of the person's)."""
    from ui import eventlog
    from ui.session import Session

    def acted_after_news(ses: Session) -> bool:
        st = ses.state
        if st.turn_number < 20 or st.current_player != 0 or not ses.acted_this_turn(0):
            return False
        news = eventlog.since_summary(ses.news_events(0), 0, st.names)
        return (bool(eventlog.turn_summary(ses.turn_events(0), 0)) and len(news) >= 3
                and not any(kind == "loss" for kind, _ in news))

    page = page_watch
    raw = session_save(4, 5, acted_after_news, seats=["human", "medium", "medium", "medium"])
    open_saved(page, raw)
    told = page.inner_text("#since-text")
    assert told.startswith("This turn so far: "), told
    assert "\nSince your last turn: " in told, told
    assert "quiet" in page.get_attribute("#since", "class")
    page.assert_clean()


def test_a_person_deciding_in_anothers_turn_reads_their_own_choices_by_that_turn(page_watch):
    """Four people: Green chooses in Orange's turn (a reward, a carry) after a first choice
    there. The strip leads what Green chose with "Your choices in Orange's turn" ("Orange's
    turn so far" over Green's choices read as Orange's doings, and "This turn so far" as
    Green's own turn: play-testers)."""
    from ui import eventlog
    from ui.session import Session

    def choosing_in_anothers_turn(ses: Session) -> bool:
        st = ses.state
        me = st.current_player
        return (st.turn_number >= 6 and me != st.turn and not st.is_over
                and bool(eventlog.turn_summary(ses.turn_events(me), me)))

    page = page_watch
    raw = session_save(4, 3, choosing_in_anothers_turn)
    open_saved(page, raw, query="?pass=0")
    ses = Session()
    ses.resume(saves.decode(raw))
    st = ses.state
    told = page.inner_text("#since-text")
    lead = f"Your choices in {st.names[st.turn]}'s turn: "
    assert lead in told, told
    turn = eventlog.turn_summary(ses.turn_events(st.current_player), st.current_player)
    assert page.evaluate(TURN_SO_FAR) == [[k, t] for k, t in turn]
    page.assert_clean()


def test_while_computers_play_the_news_keeps_their_turns_already_over(page_watch):
    """Four players, one person: while the third computer of the round plays, the strip
    tells the person what the two before it did since the person's turn (it showed only
    the turn being played, over an empty band, until the person's own turn)."""
    from ui import eventlog
    from ui.session import Session

    def watching(ses: Session) -> bool:
        st = ses.state
        return (st.turn_number >= 6 and st.current_player == 3 and st.turn == 3
                and not ses.turn_events(3)
                and len(eventlog.since_summary(ses.waiting_news(0), 0, st.names)) >= 3)

    page = page_watch
    raw = session_save(4, 5, watching, seats=["human", "medium", "medium", "medium"])
    open_saved(page, raw, query="?botpace=5000")  # the computer waits out its pace
    ses = Session()
    ses.resume(saves.decode(raw))
    news = eventlog.since_summary(ses.waiting_news(0), 0, ses.state.names)
    told = page.inner_text("#since-text")
    assert told.startswith("Since your last turn: "), told
    for _, phrase in news:
        assert phrase in told, (phrase, told)
    # A screen reader hears the phrases apart: the dots between them are hidden from it,
    # not the spaces (hidden whole, they ran together: "a bonusBlue recycled").
    heard = " ".join(page.locator("#since-text").aria_snapshot().split())
    for (_, one), (_, two) in zip(news, news[1:]):
        assert f"{one} {two}" in heard, (one, two, heard)
    assert "·" not in heard, heard
    assert " computer) " in status(page)
    page.assert_clean()


def test_after_a_computer_ends_the_game_the_news_tells_its_last_turns(page_watch, artifacts):
    """Against a computer that ends the game on its own turn: under the result the strip
    tells, as at any turn, what happened since the person's last turn (it stood empty, and
    the player could not follow how the game had ended), with the lab's marks of it."""
    page = page_watch
    open_saved(page, session_save(2, 3, lambda ses: ses.state.is_over,
                                  seats=["human", "medium"]))
    page.wait_for_selector("#gameover[open]")
    page.click("#go-close")
    page.wait_for_selector("#gameover:not([open])", state="attached")
    page.screenshot(path=str(artifacts / "news-after-the-end.png"))
    news = page.inner_text("#since-text")
    assert news.startswith("Since your last turn: "), news
    assert len(news) > len("Since your last turn: ") + 10, news
    page.assert_clean()


@pytest.mark.browser_context_args(viewport={"width": 1280, "height": 800})
def test_the_divisions_say_when_the_end_is_near_and_who_would_win(page_watch, artifacts):
    """A four-player game in which a division has two Test Subjects in the lab or fewer:
    under the divisions, the sentence of `endwatch.watch` (which could end the game, who
    would win if it did), that division's count marked; on a phone, the strip marks the
    same counts (a play-tester lost a game they thought far from over)."""
    from ui import endwatch

    def close(ses) -> bool:
        s = ses.state
        return s.turn_number > 4 and endwatch.watch(s) is not None

    page = page_watch
    raw = session_save(4, 3, close)
    open_saved(page, raw)
    from ui import saves
    s = saves.decode(raw).state
    near = endwatch.watch(s)
    assert page.inner_text("#end-watch") == near.text
    seen = page.evaluate("""() => [...document.querySelectorAll('#players .division')].map(d =>
      [d.classList.contains('few-left'), getComputedStyle(d.querySelector('dd')).color])""")
    assert [few for few, _ in seen] == [i in near.low for i in range(4)], seen
    assert len({colour for few, colour in seen if few} & {colour for few, colour in seen
                                                           if not few}) == 0, seen
    page.screenshot(path=str(artifacts / "end-watch-desktop.png"))
    page.set_viewport_size({"width": 390, "height": 844})
    marked = page.evaluate("""() => [...document.querySelectorAll('#strip-scores .strip-div')]
      .map(d => d.querySelector('.strip-n').classList.contains('few-left'))""")
    assert marked == [i in near.low for i in range(4)], marked
    page.screenshot(path=str(artifacts / "end-watch-phone.png"))
    page.assert_clean()


@pytest.mark.browser_context_args(viewport={"width": 1280, "height": 800})
def test_a_desktop_s_result_shows_every_division_s_row_above_its_buttons(page_watch):
    """Four players with long names at 1280x800: the long words of the ending pushed the
    table's last row, the winner's, under the buttons (a play-tester scrolled the dialog to
    find who had won). The table stands under the story chart, in a column of its own."""
    names = ["Maximiliana Featherstonehaugh", "Bartholomew the Great", "Al", "Purple"]
    page = page_watch
    open_saved(page, session_save(4, 5, lambda ses: ses.state.is_over,
                                  seats=["human", "easy", "hard", "medium"], names=names))
    page.wait_for_selector("#gameover[open]")
    seen = page.evaluate("""() => {
      const rows = [...document.querySelectorAll('#go-table tr')]
        .map(r => r.getBoundingClientRect());
      const buttons = document.querySelector('#gameover > .ng-buttons').getBoundingClientRect();
      const chart = document.getElementById('go-story').getBoundingClientRect();
      const table = document.getElementById('go-table').getBoundingClientRect();
      return {last: rows[rows.length - 1].bottom, buttons: buttons.top, rows: rows.length,
              under: table.top >= chart.bottom - 1, side: table.left >= chart.left - 1}; }""")
    assert seen["rows"] == 5 and seen["last"] <= seen["buttons"], seen
    assert seen["under"] and seen["side"], seen
    page.assert_clean()
