"""'Suggest a move' in the page (issue 14): the hard player's choice, shown and explained,
played by the player's own click, and counted in the game-over dialog."""

from __future__ import annotations

import json
import random
import re

import pytest
from playhelp import SAVED_GAME, click_random, open_saved, session_save, status

HINTED = "[data-action][data-hint]"
# How many suggestions the saved game has counted (saved with each one, before its notice).
HINTS_SAVED = "((JSON.parse(localStorage.getItem('cakegame.save') || '{}').ui || {}).hints || 0)"


def ask_hint(page) -> str:
    """Press "Suggest a move", wait for the suggestion; returns the action it marks."""
    page.click("#btn-hint")
    try:
        page.wait_for_selector(HINTED, timeout=60_000)
    except Exception:
        raise AssertionError(page.inner_text("#notice") + "\n" + page.report()) from None
    return page.get_attribute(HINTED, "data-action")


# Does the notice (the suggestion's sentence) cover any of the lab's visible frame?
NOTICE_OVER_LAB = """
() => {
  const n = document.getElementById('notice').getBoundingClientRect();
  const lab = document.getElementById('lab-wrap').getBoundingClientRect();
  return n.height > 0 && n.left < lab.right && lab.left < n.right
    && n.top < lab.bottom && lab.top < n.bottom;
}
"""

# Whether each zoom button under the lab is the element at its own centre (not a toast).
ZOOM_UNCOVERED = """
() => [...document.querySelectorAll('.lab-tools button')].every(b => {
  const r = b.getBoundingClientRect();
  const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return r.height > 0 && at !== null && b.contains(at);
})
"""
# How many lines of text the notice shows.
NOTICE_LINES = """
() => {
  const n = document.getElementById('notice'), style = getComputedStyle(n);
  const inner = n.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
  return Math.round(inner / parseFloat(style.lineHeight));
}
"""


def _to_a_group_move(page) -> None:
    """Play into the game a little, so a hint is about a real choice (a group move)."""
    rng = random.Random(3)
    while "Test Subjects from" not in status(page):
        buttons = page.locator("#choices [data-action]:not([disabled])")
        buttons.nth(rng.randrange(buttons.count())).click()
        page.wait_for_selector("#btn-hint:not([disabled])", timeout=60_000)


# The news' visible text and the notice: whether they overlap, and the lab's top.
NEWS_UNDER_NOTICE = """
() => {
  const n = document.getElementById('notice').getBoundingClientRect();
  const t = document.getElementById('since-text').getBoundingClientRect();
  return {over: n.height > 0 && t.height > 0 && n.top < t.bottom - 1 && t.top < n.bottom - 1,
          lab: document.getElementById('lab-wrap').getBoundingClientRect().top};
}
"""


def test_a_suggestion_leaves_the_news_lines_in_sight(page_watch):
    """1280x800, four players: a long suggestion rose over the foot of the news and hid its
    last lines (two play-testers). The news gives it room: none of its lines lies under the
    suggestion (the rest scrolls), and the lab does not move."""
    page = page_watch
    raw = session_save(4, 7, lambda ses: ses.state.turn_number >= 9
                       and ses.state.current_player == 0 and ses.state.phase == "move",
                       seats=["human", "easy", "easy", "easy"])
    open_saved(page, raw, query="?botpace=0")
    page.wait_for_selector("#btn-hint:not([disabled])")
    before = page.evaluate(NEWS_UNDER_NOTICE)
    ask_hint(page)
    seen = page.evaluate(NEWS_UNDER_NOTICE)
    assert page.inner_text("#notice").startswith("Suggested:")
    assert not seen["over"] and seen["lab"] == before["lab"], (before, seen)
    page.assert_clean()


def test_a_hint_is_shown_explained_played_and_counted(page_watch, artifacts):
    page_watch.goto("index.html?players=2&seed=11&seats=human,easy&botpace=0")
    page_watch.wait_for_selector("#btn-hint:not([disabled])")
    _to_a_group_move(page_watch)
    action = ask_hint(page_watch)
    notice = page_watch.inner_text("#notice")
    assert notice.startswith("Suggested:"), notice
    assert "The plan:" in notice and "activate" in notice, notice
    letter = action.split()[1]
    assert page_watch.locator(f'#chambers .chamber[data-letter="{letter}"][data-hint]').count() == 1
    page_watch.screenshot(path=str(artifacts / "hint.png"))
    assert not page_watch.evaluate(NOTICE_OVER_LAB), "the suggestion covers the lab"
    log_before = page_watch.locator("#log li").count()
    page_watch.click(HINTED)  # play it
    page_watch.wait_for_function(f"document.querySelectorAll('#log li').length > {log_before}")
    assert action.startswith("from ")
    # The plan goes on by itself: its next step is suggested at once, the one the sentence
    # told (a second search had sent the group elsewhere), and is not another hint asked.
    dst = re.search(r"The plan: move \d+ Test Subjects? from [A-R] to ([A-R])", notice).group(1)
    page_watch.wait_for_selector(f'[data-action="to {dst}"][data-hint]')
    assert re.match(f"Suggested, as the plan goes on: send (them|it) to chamber {dst}",
                    page_watch.inner_text("#notice")), page_watch.inner_text("#notice")
    # The step alone: the plan was told when asked for (read out whole again at each step,
    # 250 characters a step, to a screen-reader play-tester).
    assert "The plan:" not in page_watch.inner_text("#notice"), page_watch.inner_text("#notice")
    assert page_watch.locator("#chambers .chamber[data-hint]").count() >= 1
    assert page_watch.evaluate(HINTS_SAVED) == 1
    log_before = page_watch.locator("#log li").count()
    page_watch.click(HINTED)
    page_watch.wait_for_function(f"document.querySelectorAll('#log li').length > {log_before}")
    ask_hint(page_watch)  # a second hint, for what the plan does not say (or its next step)
    # The count is kept with the game: a reload does not forget it.
    page_watch.goto("index.html?botpace=0")  # the saved game, its computers at once
    page_watch.wait_for_selector("html[data-boot=ready]", state="attached", timeout=90_000)
    assert page_watch.locator("#log li").count() > log_before  # the same game, resumed
    # An easy bot finishes the game for the player.
    page_watch.locator(".seat-kind").nth(0).select_option("easy")
    page_watch.wait_for_function(
        "document.getElementById('status').textContent.startsWith('Game over')",
        timeout=240_000, polling=500)
    assert "2 hints were asked for" in page_watch.inner_text("#go-hints")
    assert page_watch.locator("#btn-hint[disabled]").count() == 1
    page_watch.assert_clean()


def test_no_hint_while_a_turn_ending_choice_waits_for_its_confirmation(page_watch):
    """The turn's last choice is made and waits for "end my turn": the hint has nothing
    left to suggest, so its button is off until the player goes back."""
    page_watch.goto("index.html?players=2&seed=11&seats=human,easy&botpace=0&confirm=1")
    rng = random.Random(5)
    for _ in range(60):
        page_watch.wait_for_selector("[data-confirm], #btn-hint:not([disabled])",
                                     timeout=60_000)
        if page_watch.locator("[data-confirm]").count():
            break
        click_random(page_watch, rng)
    assert page_watch.locator("[data-confirm]").count(), "no end-of-turn confirmation came"
    assert page_watch.locator("#btn-hint[disabled]").count() == 1
    # Its tooltip says why it is off (a play-tester saw it go grey with no reason given).
    assert page_watch.get_attribute("#btn-hint", "title") == \
        "Your choice is made: confirm it, or take it back"
    # The status line says what is awaited (it still asked for the choice just made).
    assert page_watch.inner_text("#status").endswith(
        ": confirm the end of your turn, or go back")
    page_watch.keyboard.press("Escape")  # back to the choice
    page_watch.wait_for_selector("#btn-hint:not([disabled])")
    assert page_watch.get_attribute("#btn-hint", "title").endswith("what it would do now (H)")
    assert page_watch.locator("[data-confirm]").count() == 0
    assert "confirm the end" not in page_watch.inner_text("#status")
    page_watch.assert_clean()


def test_the_h_key_asks_and_the_suggestion_takes_the_focus(page_watch):
    """A keyboard player presses H: the suggestion comes and takes the focus (it stayed on
    the button, which the player had to Tab back from), so Enter plays it."""
    page = page_watch
    page.goto("index.html?players=2&seed=11&seats=human,easy&botpace=0")
    page.wait_for_selector("#btn-hint:not([disabled])")
    for _ in range(2):
        before = page.locator("#log li").count()
        page.keyboard.press("h")
        page.wait_for_selector(HINTED, timeout=60_000)
        action = page.get_attribute(HINTED, "data-action")
        focused = page.evaluate("""() => { const a = document.activeElement;
            const el = a.closest('[data-action]') || a.closest('.chamber');
            return el && (el.getAttribute('data-action') || el.getAttribute('data-letter')); }""")
        letter = action.split()[1] if len(action.split()) > 1 else ""
        assert focused in (action, letter), (focused, action)
        page.keyboard.press("Enter")
        page.wait_for_function(f"document.querySelectorAll('#log li').length > {before}"
                               " || document.querySelector('[data-confirm]') !== null")
        page.wait_for_selector("#btn-hint:not([disabled]), [data-confirm]")
        if page.locator("[data-confirm]").count():
            break
    page.assert_clean()


# The choices the prompt offers on the screen: how many, and how many of them are not the
# element at their own centre (a notice lies over them).
CHOICES_COVERED = """
() => {
  const shown = [...document.querySelectorAll('#choices [data-action]')].filter(b => {
    const r = b.getBoundingClientRect();
    return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight; });
  const covered = shown.filter(b => {
    const r = b.getBoundingClientRect();
    const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return at === null || !b.contains(at); });
  return [shown.length, covered.map(b => b.getAttribute('data-action'))];
}
"""


@pytest.mark.browser_context_args(viewport={"width": 844, "height": 390}, has_touch=True,
                                   is_mobile=True)
def test_on_a_phone_on_its_side_the_suggestion_leaves_the_choices_free(page_watch):
    """844x390: the suggestion's toast lies at the foot of the lab's column. Across the whole
    screen it covered the choices at the foot of the other column, the very button it
    marked, and took their taps (a play-tester, at 11 decisions in 12 turns)."""
    page = page_watch
    # A deploy step with cards in hand: its buttons stand at the foot of the right column.
    raw = session_save(2, 5, lambda ses: ses.state.turn_number >= 6 and ses.state.phase == "deploy"
                       and ses.state.current_player == 0 and ses.state.hand_size(0) >= 2,
                       seats=["human", "hard"])
    open_saved(page, raw, query="?botpace=0")
    page.wait_for_selector("#btn-hint:not([disabled])")
    page.tap("#btn-hint")
    page.wait_for_selector(HINTED, timeout=60_000)
    assert page.inner_text("#notice").startswith("Suggested:")
    shown, covered = page.evaluate(CHOICES_COVERED)
    assert shown >= 2 and not covered, (shown, covered)
    page.assert_clean()


@pytest.mark.browser_context_args(viewport={"width": 390, "height": 844}, has_touch=True,
                                   is_mobile=True)
def test_on_a_phone_the_suggestion_leaves_the_lab_in_view(page_watch, artifacts):
    page_watch.goto("index.html?players=3&seed=11&seats=human,easy,easy&botpace=0")
    page_watch.wait_for_selector("#btn-hint:not([disabled])")
    page_watch.tap("#btn-hint")
    page_watch.wait_for_selector(HINTED, timeout=60_000)
    assert page_watch.inner_text("#notice").startswith("Suggested:")
    page_watch.screenshot(path=str(artifacts / "hint-phone.png"))
    assert not page_watch.evaluate(NOTICE_OVER_LAB), "the suggestion covers the lab"
    # Its first three lines, marked as cut: the zoom buttons under the lab stay in reach
    # (nine lines had covered them until tapped away).
    assert page_watch.get_attribute("#notice", "data-cut") is not None
    assert page_watch.evaluate(ZOOM_UNCOVERED), "the suggestion covers the zoom buttons"
    said = page_watch.inner_text("#notice")
    lines = page_watch.evaluate(NOTICE_LINES)
    assert lines <= 3, lines
    # A tap opens the rest (over the lab of a page scrolled or a taller prompt, a tap had
    # gone through to the chamber under it: "not a choice now"); the next puts it away.
    ready = page_watch.get_attribute("#status", "data-ready")
    for _ in range(2):
        box = page_watch.locator("#notice").bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        assert page_watch.evaluate(f"document.elementFromPoint({x}, {y}).closest('#notice')"
                                   " !== null")
        page_watch.touchscreen.tap(x, y)
        if page_watch.get_attribute("#notice", "class") == "notice open":
            assert page_watch.inner_text("#notice") == said
            assert page_watch.evaluate(NOTICE_LINES) > 3  # the whole suggestion
            page_watch.screenshot(path=str(artifacts / "hint-phone-open.png"))
    page_watch.wait_for_selector("#notice", state="hidden")
    assert page_watch.get_attribute("#status", "data-ready") == ready  # nothing played
    page_watch.assert_clean()



# Is the suggested chamber wholly inside the lab's panel, once the panel has settled?
HINTED_IN_VIEW = """
async () => {
  let last = -1;
  for (let i = 0; i < 60; i++) {  // a smooth scroll takes some frames
    await new Promise(r => requestAnimationFrame(r));
    const now = document.getElementById('lab-wrap').scrollLeft;
    if (now === last) break;
    last = now;
  }
  const wrap = document.getElementById('lab-wrap').getBoundingClientRect();
  const hex = document.querySelector('#chambers .chamber[data-hint=""] .hex');
  const r = hex.getBoundingClientRect();
  return r.left >= wrap.left - 1 && r.right <= wrap.right + 1;
}
"""


@pytest.mark.browser_context_args(viewport={"width": 390, "height": 844}, has_touch=True,
                                   is_mobile=True)
def test_on_a_phone_the_suggested_chamber_is_brought_into_view(page_watch):
    """Late in a game the lab is wider than a phone: the chamber a suggestion marks is
    scrolled into view, wherever it lies."""
    from test_page_lab import _late_wide_save

    page_watch.goto("rules.html", wait_ready=False)
    page_watch.evaluate("s => localStorage.setItem('cakegame.save', s)", _late_wide_save())
    page_watch.goto("index.html?botpace=0")
    page_watch.wait_for_selector("#btn-hint:not([disabled])")
    shown = 0
    for _ in range(4):  # a few decisions, so some suggestion lies beyond the first view
        page_watch.tap("#btn-hint")
        page_watch.wait_for_selector(HINTED, timeout=60_000)
        if page_watch.locator('#chambers .chamber[data-hint=""]').count():
            shown += 1
            assert page_watch.evaluate(HINTED_IN_VIEW), page_watch.inner_text("#notice")
        page_watch.click(HINTED)  # play it, and ask again at the next decision
        page_watch.wait_for_selector("#btn-hint:not([disabled])", timeout=60_000)
    assert shown
    page_watch.assert_clean()


def test_a_suggestion_on_a_chamber_of_several_choices_is_played_by_enter_enter(page_watch):
    """A reward to deliver where each new-edge chamber offers two (a Test Subject or the
    Turret): H focuses the suggested chamber, Enter opens its choices with the focus on the
    one suggested, and Enter plays that one (it played the first listed, another)."""
    from ui import saves, targets

    page = page_watch
    open_saved(page, _several_choices_in_each_chamber(2))
    page.wait_for_selector("#btn-hint:not([disabled])")
    before = len(saves.decode(page.evaluate(SAVED_GAME)).record.actions)
    page.keyboard.press("h")
    page.wait_for_selector('#chambers .chamber[data-hint=""]', timeout=60_000)
    letter = page.get_attribute('#chambers .chamber[data-hint=""]', "data-letter")
    assert page.evaluate("document.activeElement.closest('.chamber')?.dataset.letter") == letter
    page.keyboard.press("Enter")  # its two choices open, the suggested one focused
    page.wait_for_function("document.activeElement.matches('button[data-action][data-hint]')")
    action = page.evaluate("document.activeElement.getAttribute('data-action')")
    assert targets.chamber_of(action) == letter
    page.keyboard.press("Enter")
    page.wait_for_function("() => { const t = localStorage.getItem('cakegame.save');"
                           f" return t && JSON.parse(t).record.actions.length > {before}; }}")
    played = saves.decode(page.evaluate(SAVED_GAME)).record.actions[before]
    assert played == action, (played, action)
    page.assert_clean()


def test_a_suggestion_asked_in_a_half_made_choice_elsewhere_can_be_played(page_watch):
    """A chamber picked (its two choices open), then H: the suggestion may be in another
    chamber. The half-made choice is set aside, so the suggested chamber is a choice again
    and Enter, Enter plays the suggestion (the focus went to a chamber that was no choice,
    and nothing said why)."""
    from ui import saves

    page = page_watch
    open_saved(page, _several_choices_in_each_chamber(3))
    page.wait_for_selector("#btn-hint:not([disabled])")
    page.keyboard.press("h")
    page.wait_for_selector('#chambers .chamber[data-hint=""]', timeout=60_000)
    first = page.get_attribute('#chambers .chamber[data-hint=""]', "data-letter")
    other = page.evaluate("l => [...document.querySelectorAll('#chambers .chamber[data-select]')]"
                          ".map(c => c.dataset.letter).find(x => x !== l)", first)
    page.click(f'#chambers .chamber[data-letter="{other}"]')  # its choices open
    page.wait_for_selector(f'#chambers .chamber.selected[data-letter="{other}"]')
    before = len(saves.decode(page.evaluate(SAVED_GAME)).record.actions)
    page.evaluate("document.getElementById('announce').textContent = ''")
    page.keyboard.press("h")  # the same decision: the suggestion told again, not counted
    page.wait_for_function("document.getElementById('announce').textContent"
                           ".startsWith('Suggested')", timeout=60_000)
    assert page.evaluate(HINTS_SAVED) == 1
    letter = page.get_attribute('#chambers .chamber[data-hint=""]', "data-letter")
    if letter != other:
        assert page.inner_text("#notice").startswith("Your half-made choice is set aside."), \
            page.inner_text("#notice")
        assert page.locator("#chambers .chamber.selected").count() == 0
        page.keyboard.press("Enter")  # the suggested chamber's choices open
    page.wait_for_function("document.activeElement.matches('button[data-action][data-hint]')")
    action = page.evaluate("document.activeElement.getAttribute('data-action')")
    page.keyboard.press("Enter")
    page.wait_for_function("() => { const t = localStorage.getItem('cakegame.save');"
                           f" return t && JSON.parse(t).record.actions.length > {before}; }}")
    assert saves.decode(page.evaluate(SAVED_GAME)).record.actions[before] == action
    page.assert_clean()


def _several_choices_in_each_chamber(chambers: int) -> str:
    """A two-person game at the first decision of seat 0 offered in at least `chambers`
    chambers, each standing for two or more actions, with nothing else to choose (a reward
    to deliver: a Test Subject or the Turret)."""
    from ui import targets

    def wanted(ses) -> bool:
        st = ses.state
        if st.current_player != 0 or st.is_over:
            return False
        t = targets.sort_actions(ses.legal_texts())
        return (len(t.board) >= chambers and all(len(a) >= 2 for a in t.board.values())
                and not t.buttons and not t.cards)

    return session_save(2, 1, wanted)


def test_a_suggestion_that_ends_the_game_says_so(page_watch):
    """Every choice left ends the game (the last recycle of a game, say): the suggestion
    tells how it ends, as the confirm bar would only after the choice was made (a Neurotoxin
    was suggested with no word that it ended the game: a play-tester)."""

    def every_choice_ends_it(ses) -> bool:
        st = ses.state
        acts = st.legal_actions()
        return (st.current_player == 0 and len(acts) > 1
                and all(st.apply(a).is_over for a in acts))

    page = page_watch
    open_saved(page, session_save(2, 1, every_choice_ends_it))
    page.wait_for_selector("#btn-hint:not([disabled])")
    ask_hint(page)
    notice = page.inner_text("#notice")
    assert re.search(r"This ends the game (at once, and you (win|share the win)|and you lose: )",
                     notice), notice
    page.assert_clean()


def test_a_plan_followed_is_suggested_to_its_activation(page_watch):
    """A player follows the suggestion step by step, asking again at a decision the plan
    does not make (the bonus of a single Test Subject's move): the plan goes on after it, to
    the activation its first sentence told (a second search there had dropped it)."""
    page = page_watch
    page.goto("index.html?players=3&seed=9&seats=human,easy,easy&botpace=0")
    page.wait_for_selector("#btn-hint:not([disabled])")
    said = [ask_hint(page) and page.inner_text("#notice")]
    plan = re.search(r"The plan: (move \d+ Test Subjects? from [A-R] to [A-R])"
                     r"(?:, then activate ([A-R]))?", said[0])
    assert plan is not None, said[0]
    played = []
    for _ in range(8):
        action = page.get_attribute(HINTED, "data-action")
        played.append(action)
        n = page.locator("#log li").count()
        page.click(HINTED)
        page.wait_for_function(f"document.querySelectorAll('#log li').length > {n}")
        if action.startswith("activate") or "Orange:" not in page.inner_text("#status"):
            break
        if not page.locator(HINTED).count():
            ask_hint(page)  # a decision the plan does not make
        said.append(page.inner_text("#notice"))
    goes_on = [s for s in said if s.startswith("Suggested, as the plan goes on: ")]
    assert goes_on, said
    # Each step alone: the plan was told when asked for (and the activation below is the
    # one it told).
    assert not any("The plan:" in s for s in goes_on), said
    if plan.group(2):
        assert f"activate {plan.group(2)}" in played, (said, played)
        assert any(s.startswith(f"Suggested, as the plan goes on: activate chamber "
                                f"{plan.group(2)}") for s in said), said
    page.assert_clean()


def test_a_plan_followed_from_the_keyboard_keeps_the_focus_on_its_next_step(page_watch):
    """From the keyboard: H, then Enter on the suggestion; the plan's next step ("send them
    to chamber B") is shown, and the focus is on it, not on the first chamber in board order
    (a keyboard play-tester pressed Enter there). H at that decision is a hint asked; H
    again tells the same suggestion again, aloud, and is not counted as another hint (the
    game-over said 246 hints)."""
    page = page_watch
    page.goto("index.html?players=2&seed=11&seats=human,easy&botpace=0&pass=0")
    page.wait_for_selector("#btn-hint:not([disabled])")
    _to_a_group_move(page)
    page.keyboard.press("h")
    page.wait_for_selector(HINTED, timeout=60_000)
    first = page.get_attribute(HINTED, "data-action")
    focused = "() => { const g = document.activeElement.closest('[data-action]');" \
              " return g ? g.getAttribute('data-action') : null; }"
    page.wait_for_function(f"({focused})() === {json.dumps(first)}", timeout=5000)
    page.keyboard.press("Enter")
    page.wait_for_selector('[data-action^="to "][data-hint]', timeout=10_000)
    step = page.get_attribute('[data-action^="to "][data-hint]', "data-action")
    page.wait_for_function(f"({focused})() === {json.dumps(step)}", timeout=5000)
    assert page.evaluate(HINTS_SAVED) == 1  # the plan went on by itself: no hint asked
    for _ in range(2):  # asked at this decision (a hint), then again (the same one)
        page.evaluate("document.getElementById('announce').textContent = ''")
        page.keyboard.press("h")
        page.wait_for_function("document.getElementById('announce').textContent"
                               ".startsWith('Suggested, as the plan goes on')", timeout=5000)
        assert page.evaluate(HINTS_SAVED) == 2
    page.assert_clean()


@pytest.mark.browser_context_args(viewport={"width": 1024, "height": 768})
def test_a_suggestion_never_covers_the_choices_at_a_deploy_step_with_three_cards(page_watch):
    """At 1024x768 with three cards in the tray, the suggestion's box, rising over the room
    the choices leave, covered the second and third cards' buttons, the suggested one among
    them (a play-tester). It then lies over the lab's top instead."""
    page = page_watch
    open_saved(page, session_save(2, 3, lambda ses: ses.state.decision == "deploy"
                                  and ses.state.hand_size(ses.state.current_player) >= 3))
    assert page.locator("#choices .tray-card").count() >= 3
    ask_hint(page)
    covered = page.evaluate("""() => {
      const n = document.getElementById('notice').getBoundingClientRect();
      return [...document.querySelectorAll('#choices button')].filter(b => {
        const r = b.getBoundingClientRect();
        return r.height > 0 && r.left < n.right && n.left < r.right
          && r.top < n.bottom && n.top < r.bottom; }).map(b => b.textContent); }""")
    assert page.is_visible("#notice") and covered == [], covered
    page.assert_clean()


def test_a_suggested_portal_gun_goes_on_to_where_the_portals_go(page_watch):
    """Told to fire the Portal Gun, a play-tester was told nothing of where the Portals go:
    the card's own choices are suggested at once once the card is played, as hard's trial
    games played them, without being asked (or counted). Seed 1, turn 10: hard fires the
    Gun with "Aperture Adventure" there (checked under CPython with the page's playouts)."""
    from cakegame import bots
    from ui import saves

    def at_turn_ten(ses) -> bool:
        s = ses.state
        return s.turn_number == 10 and s.current_player == 0 and s.decision == "deploy"

    raw = session_save(2, 1, at_turn_ten, seats=["human", "easy"])
    s = saves.decode(raw).state
    seed = (s.seed * 1_000_003 + s.turn_number * 7919 + 17) % (2**31)
    assert str(bots.choose(s.view(0), "hard", seed=seed,
                           iterations=bots.PLAYOUTS[2])) == "gun adventure"
    page = page_watch
    open_saved(page, raw, query="?botcap=0")
    page.wait_for_selector("#btn-hint:not([disabled])")
    assert ask_hint(page) == "gun adventure"
    page.click(HINTED)
    page.wait_for_function("document.getElementById('notice').textContent"
                           ".startsWith(\"Suggested, as the card's action goes on: \")",
                           timeout=60_000)
    page.wait_for_selector(HINTED)
    placed = page.get_attribute(HINTED, "data-action")
    assert placed.startswith("portal "), placed
    assert page.evaluate(HINTS_SAVED) == 1
    n = page.locator("#log li").count()
    page.click(HINTED)  # the first Portal; the second is suggested in turn
    page.wait_for_function(f"document.querySelectorAll('#log li').length > {n}")
    page.wait_for_function("document.getElementById('notice').textContent"
                           ".startsWith(\"Suggested, as the card's action goes on: \")"
                           f" && document.querySelector('{HINTED}') !== null"
                           f" && document.querySelector('{HINTED}')"
                           f".getAttribute('data-action') !== {json.dumps(placed)}",
                           timeout=60_000)
    assert page.evaluate(HINTS_SAVED) == 1
    page.assert_clean()
