"""axe-core finds no critical or serious rule break in any state of the page (issue 12).

The states: the new-game screen, every kind of decision (and a chamber's second step), a
computer player's turn, the pass-the-device curtain, every dialog, game over, the rules page,
and the command box open.
"""

from __future__ import annotations

import json
import random
import re

import axehelp
import cakegame
import pytest
from keyhelp import ACTIVE, HUMAN_TURN, READY, wait_redraw
from playhelp import click_random, status


def test_axe_new_game_screen_message_and_rules_page(page_watch):
    seen: dict[str, list[dict]] = {}
    page_watch.goto("./")
    assert page_watch.locator("#newgame[open]").count() == 1
    axehelp.check(page_watch, "the new-game screen", seen)
    # A damaged save: the message dialog explains it over the new-game screen.
    page_watch.evaluate("localStorage.setItem('cakegame.save', '{broken')")
    page_watch.reload()
    page_watch.wait_ready()
    assert page_watch.locator("#message[open]").count() == 1
    axehelp.check(page_watch, "the message dialog", seen)
    page_watch.goto("rules.html", wait_ready=False)
    axehelp.check(page_watch, "the rules page", seen)
    assert not seen, "\n".join(f"{k}:\n{axehelp.describe(v)}" for k, v in seen.items())


# What a click-through needs to know at each step, in one call: the status, whether the
# curtain is up or a chamber's second step is open, and the saved game (the page saves a
# click's state in the task after its redraw).
MOMENT = """
async () => {
  await new Promise(resolve => setTimeout(resolve, 0));
  return [document.getElementById('status').textContent,
          !!document.querySelector('#curtain[open]'),
          !!document.querySelector('.chamber.selected'),
          localStorage.getItem('cakegame.save')];
}
"""


def test_axe_every_decision_curtain_and_game_over(page_watch):
    """A hot-seat game with the curtain, clicked at random to its end: axe runs at the
    first sight of every decision kind, of a chamber's second step and of the curtain."""
    seen: dict[str, list[dict]] = {}
    checked: set[str] = set()
    page_watch.goto("index.html?players=3&seed=17&pass=1")
    rng = random.Random(4)
    for _ in range(3000):
        said, curtain, selected, save = page_watch.evaluate(MOMENT)
        if said.startswith("Game over"):
            break
        if curtain:
            moment = "the curtain"
        elif selected:
            moment = "a chamber's second step"
        else:
            game = None if save is None else json.loads(save)["game"]
            moment = f"decision {game and cakegame.State.from_json(game).decision}"
        if moment not in checked:
            checked.add(moment)
            axehelp.check(page_watch, moment, seen)
        assert click_random(page_watch, rng) is not None
    assert status(page_watch).startswith("Game over")
    axehelp.check(page_watch, "game over", seen)
    page_watch.click("#go-close")
    axehelp.check(page_watch, "the lab after the game", seen)
    page_watch.click("#btn-new")
    page_watch.click("#ng-start")  # a finished game: no confirmation needed
    if page_watch.locator("#curtain[open]").count():  # empty hands: nothing to hide (issue 10)
        page_watch.click("#curtain-go")
    page_watch.click("#btn-new")
    page_watch.click("#ng-start")
    assert page_watch.locator("#ng-confirm").is_visible()
    axehelp.check(page_watch, "the new game's confirmation", seen)
    for kind in ("move", "activate", "recycle", "reward", "the curtain"):
        assert any(kind in m for m in checked), (kind, checked)
    assert not seen, "\n".join(f"{k}:\n{axehelp.describe(v)}" for k, v in seen.items())
    page_watch.assert_clean()


def test_axe_computer_turn_and_command_box(page_watch):
    seen: dict[str, list[dict]] = {}
    page_watch.goto("index.html?players=2&seed=8&seats=medium,human&first=0&botpace=4000")
    assert " computer) " in status(page_watch)
    # Its steps are not read out one by one: the status line is quiet until its turn ends.
    assert page_watch.get_attribute("#status", "aria-live") == "off"
    axehelp.check(page_watch, "a computer player's turn", seen)
    page_watch.evaluate("localStorage.clear()")
    page_watch.goto("index.html?players=2&seed=8&first=0&pass=0")
    assert page_watch.get_attribute("#status", "aria-live") == "polite"
    page_watch.keyboard.press("/")
    page_watch.wait_for_selector("#command-input", state="visible")
    page_watch.keyboard.type("fr")
    axehelp.check(page_watch, "the command box", seen)
    assert not seen, "\n".join(f"{k}:\n{axehelp.describe(v)}" for k, v in seen.items())
    page_watch.assert_clean()


SEEN = """
() => {
  const a = document.activeElement;
  const r = a.getBoundingClientRect();
  const chamber = document.querySelector('#chambers .chamber');
  return {
    sideways: document.documentElement.scrollWidth > window.innerWidth,
    inView: r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth,
    slide: getComputedStyle(chamber).transitionDuration,
  };
}
"""


def test_200_percent_zoom_reduced_motion_and_more_contrast(page_watch):
    """1280x800 at 200% zoom is a 640x400 window: no sideways scrolling, focus on each new
    decision's first option and that option in view; no slides with reduced motion; axe
    content with the high-contrast colours."""
    page_watch.set_viewport_size({"width": 640, "height": 400})
    page_watch.emulate_media(reduced_motion="reduce", contrast="more")
    page_watch.goto("index.html?players=2&seed=23&seats=human,medium&botpace=0")
    for n in range(15):
        page_watch.wait_for_function(HUMAN_TURN, timeout=120_000, polling=50)
        if status(page_watch).startswith("Game over"):
            break
        assert page_watch.evaluate(ACTIVE) is not None, n
        seen = page_watch.evaluate(SEEN)
        assert seen == {"sideways": False, "inView": True, "slide": "0s"}, (n, seen)
        if n == 3:
            axehelp.check(page_watch, "200% zoom with more contrast")
        before = page_watch.evaluate(READY)
        page_watch.keyboard.press("Enter")
        wait_redraw(page_watch, before)
    page_watch.assert_clean()


@pytest.mark.browser_context_args(viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True)
def test_the_rules_page_contents_are_fingertip_tall_and_always_in_reach(page_watch):
    """On a phone each link of the rules page's contents is at least 44 px tall (they were
    19 px), and a link at the screen's foot leads back to the contents from any section."""
    page = page_watch
    page.goto("rules.html", wait_ready=False)
    heights = page.evaluate("[...document.querySelectorAll('nav a, .to-contents')]"
                            ".map(a => a.getBoundingClientRect().height)")
    assert len(heights) > 10 and min(heights) >= 44, heights
    page.tap('nav a[href="#cards"]')
    page.wait_for_function("scrollY > 1000")
    back = page.locator(".to-contents")
    box = back.bounding_box()
    assert box["y"] + box["height"] <= 844 and box["x"] + box["width"] <= 390
    back.tap()
    page.wait_for_function("""() => { const r = document.getElementById('contents')
        .getBoundingClientRect(); return r.top >= -1 && r.top < innerHeight / 2; }""")


@pytest.mark.browser_context_args(viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True)
def test_the_rules_pictures_stay_readable_on_a_phone(page_watch):
    """Fitted to a phone's width, the worked turn's fifteen chambers were 29 px wide and
    their counts unreadable (a play-tester): each picture keeps a readable size and scrolls
    sideways in its own box, the page itself does not, and the worked turn's pictures open
    on their old edge, where the rows meet and the turn happens."""
    page = page_watch
    page.goto("rules.html", wait_ready=False)
    seen = page.evaluate("""() => [...document.querySelectorAll('.rules-figure')].map(f => {
      const hexes = [...f.querySelectorAll('.chamber .hex')].map(h => h.getBoundingClientRect());
      const box = f.getBoundingClientRect();
      const shown = hexes.filter(r => r.left >= box.left - 1 && r.right <= box.right + 1);
      const right = Math.max(...hexes.map(r => r.right));
      return {turn: f.classList.contains('turn'), width: Math.min(...hexes.map(r => r.width)),
              shown: shown.length, rightmost: shown.some(r => r.right === right)};
    })""")
    assert len(seen) == 3 and sum(f["turn"] for f in seen) == 2, seen
    assert all(f["width"] >= 60 and f["shown"] >= 3 for f in seen), seen
    assert all(f["rightmost"] for f in seen if f["turn"]), seen
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page_watch.assert_clean()


def test_the_incinerator_names_each_division_for_a_screen_reader(page_watch):
    """The cake incinerator's counts stand beside colour chips: a screen reader heard
    "Cake incinerator: 0/8 0/8 0/8". Each count now comes with its division's name."""
    page_watch.goto("index.html?players=3&seed=5&names=Ann,Bo,Cy&pass=0")
    said = page_watch.evaluate("document.querySelector('#incinerator .burnt').textContent")
    assert said == "Ann: 0/8 burnt; Bo: 0/8 burnt; Cy: 0/8 burnt.", said
    widths = page_watch.evaluate("[...document.querySelectorAll('#incinerator .sr-only')]"
                                 ".map(e => e.getBoundingClientRect().width)")
    assert len(widths) == 6 and max(widths) <= 1, widths  # the names are for ears only
    page_watch.assert_clean()


def test_a_turret_on_the_players_own_subjects_says_so_in_the_bar_and_the_chamber(page_watch):
    """Placing the Turret where the player's own Test Subjects stand destroys them: the
    choices bar names those chambers, and each such chamber's label (screen readers, the
    tooltip), or its button when the chamber offers several choices, says what it costs (a
    play-tester did it unwarned)."""
    from playhelp import open_saved, session_save
    from ui import saves, targets

    def harmful(ses) -> bool:
        return (ses.state.current_player == 0
                and bool(targets.harm_note(ses.state, ses.legal_texts())))

    raw = session_save(2, 1, harmful)
    s = saves.decode(raw).state
    note = targets.harm_note(s, [str(a) for a in s.legal_actions()])
    open_saved(page_watch, raw)
    assert note in page_watch.inner_text("#choices")
    mine = [t.split()[1] for t in map(str, s.legal_actions())
            if t.startswith("turret ") and t != "turret stay"
            and s.chamber(t.split()[1]).subjects[0]]
    assert mine
    for letter in mine:
        label = page_watch.get_attribute(f"#ch-{letter} .hex", "aria-label")
        if re.match(r"Chamber \w: \d choices", label):  # its choices open as buttons
            # Named in the chamber's label, the Turret's with its cost; its button says so.
            assert f"Turret to {letter} (destroys {s.chamber(letter).subjects[0]} of yours)" \
                in label or label.endswith(" choices"), label
            page_watch.click(f"#ch-{letter}")
            button = f'#choices button[data-action="turret {letter}"]'
            assert page_watch.inner_text(button).startswith(
                f"Turret to {letter}: destroys {s.chamber(letter).subjects[0]} of yours")
            page_watch.keyboard.press("Escape")
        else:
            assert "Orange Test Subject" in label and "destroyed" in label, label
    page_watch.assert_clean()


def test_a_chamber_s_name_is_worked_out_for_the_game_on_the_table(page_watch):
    """A keyboard play-tester heard "Chamber G: Learner picks their Test Subjects in
    chamber G (middle row)" in the game that followed the guided one, where G lay in the top
    row: the sentence was kept for as long as the action's text stayed the same. Each
    target's name is the engine's sentence for the state on the table."""
    from ui import saves

    page = page_watch
    page.goto("index.html")
    page.wait_for_selector("html[data-boot=ready] #newgame[open]")
    page.click("#ng-learn")
    page.wait_for_selector("#newgame:not([open])", state="attached")
    page.wait_for_function(f"({HUMAN_TURN})()", timeout=60_000)
    learned = page.evaluate(TARGET_NAMES)
    assert learned and all("Learner" in name for name in learned.values()), learned
    page.evaluate("document.getElementById('btn-new').click()")
    page.wait_for_selector("#newgame[open]")
    page.fill("#ng-seed", "12")  # Ann picks first, and "from A" again, A in another row
    for n, name in enumerate(["Ann", "Bo"], 1):
        page.fill(f"#ng-seats .ng-seat:nth-child({n}) .ng-name", name)
    page.click("#ng-start")
    page.click("#ng-confirm-yes")
    page.wait_for_function(f"({HUMAN_TURN})()", timeout=60_000)
    state = saves.decode(page.evaluate("localStorage.getItem('cakegame.save')")).state
    names = page.evaluate(TARGET_NAMES)
    assert names and not any("Learner" in n for n in names.values()), (learned, names)
    for action, name in names.items():
        assert name == f"Chamber {action.split()[1]}: {state.describe(action)}", name
    page.assert_clean()


# Each target chamber's action and the name its hexagon is read by.
TARGET_NAMES = """
() => Object.fromEntries([...document.querySelectorAll('#chambers .chamber[data-action]')]
  .map(g => [g.dataset.action, g.querySelector('.hex').getAttribute('aria-label')]))
"""
