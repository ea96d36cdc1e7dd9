"""'Suggest a move' in the page (issue 14): the hard player's choice, shown and explained,
played by the player's own click, and counted in the game-over dialog."""

from __future__ import annotations

import random

import pytest
from playhelp import click_random, status

HINTED = "[data-action][data-hint]"


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


def test_a_hint_is_shown_explained_played_and_counted(page_watch, artifacts):
    page_watch.goto("index.html?players=2&seed=11&seats=human,easy&botpace=0")
    page_watch.wait_for_selector("#btn-hint:not([disabled])")
    # Play into the game a little, so the hint is about a real choice (a group move).
    rng = random.Random(3)
    while "Test Subjects from" not in status(page_watch):
        buttons = page_watch.locator("#choices [data-action]:not([disabled])")
        buttons.nth(rng.randrange(buttons.count())).click()
        page_watch.wait_for_selector("#btn-hint:not([disabled])", timeout=60_000)
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
    assert page_watch.locator("[data-hint]").count() == 0  # the marks go with the decision
    ask_hint(page_watch)  # a second hint, for the next part of the same move
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
    page_watch.keyboard.press("Escape")  # back to the choice
    page_watch.wait_for_selector("#btn-hint:not([disabled])")
    assert page_watch.locator("[data-confirm]").count() == 0
    page_watch.assert_clean()


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
    page_watch.assert_clean()
