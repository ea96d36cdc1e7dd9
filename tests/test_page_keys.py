"""Whole games without a mouse (issue 12): by keys alone, by typed commands alone, and what
the live region tells of a computer player's turn."""

from __future__ import annotations

import json
import random
import statistics

import cakegame
import pytest
from keyhelp import ACTIVE, HUMAN_TURN, OPTIONS, READY, over, press, wait_redraw
from playhelp import open_saved, saved_game, session_save, status
from ui import commands, keynav, labels, speech

CARDS = {c.id: c.name for c in cakegame.CARDS}


# Tab or Shift+Tab: whichever way the wanted option lies from the focused element.
DIRECTION = """
(want) => {
  const sel = '[data-action]:not([disabled]), .chamber[data-select], button[data-confirm]';
  const name = e => e.getAttribute('data-action') ??
    (e.hasAttribute('data-confirm') ? 'confirm' : 'select ' + e.getAttribute('data-select'));
  const el = [...document.querySelectorAll(sel)].find(e => name(e) === want);
  const here = document.activeElement;
  if (!el || !here) return 'Tab';
  return here.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_PRECEDING ? 'Shift+Tab' : 'Tab';
}
"""


@pytest.mark.parametrize("seed,seats", [(23, "human,medium"), (40, "medium,human")])
def test_a_whole_game_against_medium_by_keys_alone(page_watch, artifacts, seed, seats):
    """Tab, Shift+Tab and Enter only. For each decision: the presses until focus is on one
    of its options (focus follows the game, so none are needed), and the presses to play a
    random option of it."""
    page_watch.goto(f"index.html?players=2&seed={seed}&seats={seats}&botpace=0&pass=0")
    rng = random.Random(seed)
    to_first: list[int] = []
    per_decision: list[int] = []
    forced = 0
    for _ in range(1500):
        page_watch.wait_for_function(HUMAN_TURN, timeout=120_000, polling=50)
        if over(page_watch):
            break
        presses = 0
        while page_watch.evaluate(ACTIVE) is None and presses < 12:
            press(page_watch, "Tab")
            presses += 1
        to_first.append(presses)
        options = page_watch.evaluate(OPTIONS)
        want = rng.choice(options)
        nav = 0
        key = page_watch.evaluate(DIRECTION, want)  # the way a player who sees it would go
        while page_watch.evaluate(ACTIVE) != want and nav < 80:
            press(page_watch, key)
            nav += 1
        assert page_watch.evaluate(ACTIVE) == want, (want, options)
        before = page_watch.evaluate(READY)
        press(page_watch, "Enter")
        wait_redraw(page_watch, before)
        per_decision.append(presses + nav + 1)
        if len(options) == 1:
            assert per_decision[-1] == 1, ("a forced choice takes one key", want)
            forced += 1
    assert over(page_watch)
    report = {
        "decisions": len(to_first),
        "forced single choices (one key each)": forced,
        "presses to the first option": {"median": statistics.median(to_first),
                                        "max": max(to_first),
                                        "zero": sum(1 for n in to_first if n == 0)},
        "presses to play a random option": {"median": statistics.median(per_decision),
                                            "mean": round(statistics.mean(per_decision), 2),
                                            "max": max(per_decision)},
    }
    (artifacts / f"keyboard-game-{seed}.json").write_text(json.dumps(report, indent=1))
    print("keyboard-only game:", json.dumps(report))
    assert len(to_first) > 8
    assert statistics.median(to_first) <= 2 and max(to_first) <= 4, report
    page_watch.assert_clean()


def typed_form(action: str, legal: list[str], names, rng: random.Random) -> str:
    """What a player types for `action`: its text form, or a short plain-words form that
    picks it alone."""
    short = [f for f in commands.forms(action, names, CARDS)[1:]
             if commands.resolve(f, legal, names, CARDS).action == action]
    return rng.choice(short) if short and rng.random() < 0.6 else action


def test_a_whole_game_by_typed_commands_alone(page_watch):
    page_watch.goto("index.html?players=2&seed=31&seats=medium,human&botpace=0&names=Hal,Ada")
    rng = random.Random(3)
    typed = 0
    refused = False
    for _ in range(1500):
        page_watch.wait_for_function(HUMAN_TURN, timeout=120_000, polling=50)
        if over(page_watch):
            break
        if page_watch.evaluate("document.activeElement.id") != "command-input":
            press(page_watch, "/")
            page_watch.wait_for_function("document.activeElement.id === 'command-input'")
        if page_watch.locator("button[data-confirm]").count():
            # The turn's last decision waits for its confirm (against computer players).
            before = page_watch.evaluate(READY)
            page_watch.fill("#command-input", "confirm")
            press(page_watch, "Enter")
            wait_redraw(page_watch, before)
            typed += 1
            continue
        state = cakegame.State.from_json(saved_game(page_watch))
        legal = [str(a) for a in state.legal_actions()]
        assert sorted(page_watch.eval_on_selector_all(
            "#command-list option", "os => os.map(o => o.value)")) == sorted(legal)
        if not refused and state.decision == "move" and state.pending.get("src") is None:
            # A chamber that is no choice: refused in the engine's own words.
            letter = next(c.letter for c in state.chambers() if f"from {c.letter}" not in legal)
            page_watch.fill("#command-input", letter.lower())
            press(page_watch, "Enter")
            try:
                state.apply(f"from {letter}")
                raise AssertionError("the engine should refuse it")
            except cakegame.IllegalActionError as error:
                reason = str(error)
            hint = page_watch.inner_text("#command-hint")
            assert hint == f"Not possible: {reason}", hint
            assert cakegame.State.from_json(saved_game(page_watch)) == state
            refused = True
        text = typed_form(rng.choice(legal), legal, state.names, rng)
        before = page_watch.evaluate(READY)
        page_watch.fill("#command-input", text)
        press(page_watch, "Enter")
        wait_redraw(page_watch, before)
        typed += 1
    assert over(page_watch) and refused and typed > 8
    page_watch.assert_clean()


# Every save the page writes, in order (the page saves once after each action's redraw).
RECORD_SAVES = """
(() => {
  window.__saves = [];
  const set = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (key === 'cakegame.save') window.__saves.push(value);
    return set.call(this, key, value);
  };
})();
"""


def action_between(before, after) -> str:
    """The one legal action that turns `before` into `after` (the engine says which)."""
    found = [str(a) for a in before.legal_actions() if before.apply(a) == after]
    assert found, "no single action explains two consecutive saves"
    return found[0]


def test_a_move_typed_whole_plays_both_of_its_decisions(page_watch):
    """"p to k" (or "move P to K") is a move's two decisions, its start and its end, as a
    player would type it; one that cannot be played says why in the engine's words."""
    page_watch.goto("index.html?players=2&seed=11&pass=0")
    page_watch.wait_for_function(HUMAN_TURN)
    state = cakegame.State.from_json(saved_game(page_watch))
    start = next(a for a in map(str, state.legal_actions()) if a.startswith("from "))
    middle = state.apply(start)
    end = next(a for a in map(str, middle.legal_actions()) if a.startswith("to "))
    src, dst = start.split()[1], end.split()[1]
    press(page_watch, "/")
    page_watch.wait_for_function("document.activeElement.id === 'command-input'")
    before = page_watch.evaluate(READY)
    page_watch.type("#command-input", f"{src.lower()} to {dst.lower()}")
    # The hint knows the move as it is typed (it said no legal action starts like that).
    assert page_watch.inner_text("#command-hint") == f"Enter plays “{start}”, then “{end}”."
    press(page_watch, "Enter")
    wait_redraw(page_watch, before)
    assert page_watch.input_value("#command-input") == ""
    assert cakegame.State.from_json(saved_game(page_watch)) == middle.apply(end)
    # What was played is told in the engine's spelling ("from q" was echoed as typed).
    page_watch.wait_for_function("document.getElementById('command-hint').textContent"
                                 ".startsWith('Played ')")
    # The next prompt is the status line's alone (heard twice when the hint said it too).
    hint = page_watch.inner_text("#command-hint")
    assert hint.startswith(f"Played {start}, {end}.") and status(page_watch) not in hint, hint
    page_watch.assert_clean()


def test_the_command_box_answers_words_that_are_no_action_and_opens_empty(page_watch):
    """Words that are no action are answered with the actions there are (not the engine's
    "unknown action 'zz' in 'zz'"); they stay to be corrected while the box is open, and the
    box opens empty again after Escape (its old text once had new typing added to it)."""
    page_watch.goto("index.html?players=2&seed=11&pass=0")
    page_watch.wait_for_function(HUMAN_TURN)
    lab_top = "document.getElementById('lab-wrap').getBoundingClientRect().top"
    top = page_watch.evaluate(lab_top)
    press(page_watch, "/")
    page_watch.wait_for_function("document.activeElement.id === 'command-input'")
    # On a desktop the box opens in the news's room: the lab stays where it was.
    assert page_watch.evaluate(lab_top) == top
    box = page_watch.evaluate("document.getElementById('command').getBoundingClientRect().bottom")
    assert box <= page_watch.viewport_size["height"]
    page_watch.keyboard.type("zz")
    press(page_watch, "Enter")
    hint = page_watch.inner_text("#command-hint")
    assert hint.startswith("Not possible: “zz” is no action here: type one of “from "), hint
    assert page_watch.input_value("#command-input") == "zz"
    # Kept to be mended, and selected: what is typed next replaces it (it was appended).
    page_watch.keyboard.type("zy")
    assert page_watch.input_value("#command-input") == "zy"
    # Typed moves played with the box open leave the next step's buttons in view (the box
    # covers the news, not the choices): the pick and the destination, then how many.
    for _ in range(2):
        before = page_watch.evaluate(READY)
        page_watch.fill("#command-input", page_watch.eval_on_selector(
            "#command-list option", "o => o.value"))
        press(page_watch, "Enter")
        wait_redraw(page_watch, before)
    assert page_watch.evaluate("""() => {
        const buttons = [...document.querySelectorAll('#choices button[data-action]')];
        return buttons.length > 0 && buttons.every(b => {
          const r = b.getBoundingClientRect();
          return b.contains(document.elementFromPoint((r.left + r.right) / 2,
                                                      (r.top + r.bottom) / 2)); }); }""")
    press(page_watch, "Escape")
    assert page_watch.is_hidden("#command")
    # The focus goes back to the game, not to the page's body.
    assert page_watch.evaluate("document.activeElement !== document.body")
    page_watch.focus("#status")
    press(page_watch, "/")
    page_watch.wait_for_function("document.activeElement.id === 'command-input'")
    assert page_watch.input_value("#command-input") == ""
    page_watch.assert_clean()


def test_the_live_region_tells_a_computer_turn_from_the_engines_events(page_watch):
    page_watch.add_init_script(RECORD_SAVES)
    page_watch.goto("index.html?players=2&seed=5&seats=human,medium&first=0&botpace=200")
    rng = random.Random(9)
    checked = 0
    while checked < 3 and not over(page_watch):
        page_watch.wait_for_function(HUMAN_TURN, timeout=120_000, polling=50)
        # The person plays until the turn passes to the computer player.
        human_turn = cakegame.State.from_json(saved_game(page_watch)).turn_number
        while True:
            page_watch.wait_for_function(HUMAN_TURN, timeout=120_000, polling=50)
            state = cakegame.State.from_json(saved_game(page_watch))
            if state.is_over or state.turn_number != human_turn or state.current_player != 0:
                break
            before = page_watch.evaluate(READY)
            want = rng.choice(page_watch.evaluate(OPTIONS))
            if want == "confirm":
                page_watch.click("button[data-confirm]")
            elif want.startswith("select "):
                page_watch.click(f"#ch-{want.split()[1]}")
            else:
                page_watch.click(f"[data-action={json.dumps(want)}]:not([disabled])")
            wait_redraw(page_watch, before)
        if state.is_over:
            break
        saves: list = []
        for raw in page_watch.evaluate("window.__saves"):
            s = cakegame.State.from_json(json.loads(raw)["game"])
            if not saves or saves[-1] != s:
                saves.append(s)
        # From the person's last decision through the computer's whole turn, action by
        # action, told the way the page promises (speech.Announcer's rules).
        first = max(i for i, s in enumerate(saves) if s.turn_number == human_turn)
        chain = saves[first:]
        assert chain[-1] == state
        announcer = speech.Announcer()
        heard_expected = ""
        bot_sentences: list[str] = []
        for a, b in zip(chain, chain[1:]):
            seat = a.current_player
            got = speech.action_sentences(a, action_between(a, b), b, viewer=0)
            bot = seat == 1
            if bot:
                bot_sentences.extend(got)
            told = announcer.action(a.names[seat], bot, a.turn_number, got,
                                    owner=a.names[a.turn])
            heard_expected = told or heard_expected
            now = None if b.is_over else b.current_player
            told = announcer.flush(now, now == 1, None if now is None else b.turn_number)
            heard_expected = told or heard_expected
        heard = page_watch.inner_text("#announce").strip()
        assert heard == heard_expected.strip(), (heard, heard_expected)
        assert bot_sentences and heard.startswith(f"{state.names[1]}'s turn: ")
        for sentence in bot_sentences:
            assert speech.join([sentence]) in heard
        # The A key tells it again (a whole turn is long, and told once).
        page_watch.evaluate("document.getElementById('announce').textContent = ''")
        press(page_watch, "a")
        assert page_watch.inner_text("#announce").strip() == heard
        checked += 1
    assert checked >= 1
    page_watch.assert_clean()


FOCUSED_CHAMBER = """
() => { const g = document.activeElement && document.activeElement.closest('.chamber');
        return g ? g.dataset.letter : null; }
"""


def test_the_lab_by_keys_tab_arrows_read_and_escape(page_watch):
    page_watch.goto("index.html?players=2&seed=3&names=Ann,Bo&pass=0")
    state = cakegame.State.from_json(saved_game(page_watch))
    places = {c.letter: (c.row, c.x) for c in state.chambers()}
    legal = [str(a) for a in state.legal_actions()]
    targets_in_order = [x for x in keynav.board_order(places) if f"from {x}" in legal]
    # Focus is on the first legal chamber in board order; Tab walks the others in order.
    walked = [page_watch.evaluate(FOCUSED_CHAMBER)]
    for _ in targets_in_order[1:]:
        press(page_watch, "Tab")
        walked.append(page_watch.evaluate(FOCUSED_CHAMBER))
    assert walked == targets_in_order
    # The arrows go by place on the board, over every chamber.
    # Down and then up come back (the column a run of them set out from is kept).
    here = walked[-1]
    column = None
    for key in ("ArrowRight", "ArrowUp", "ArrowLeft", "ArrowDown", "ArrowDown", "ArrowUp",
                "ArrowUp", "End", "Home", "ArrowRight"):
        press(page_watch, key)
        nxt, column = keynav.walk(places, here, key, column)
        want = nxt or here
        here = page_watch.evaluate(FOCUSED_CHAMBER)
        assert here == want, key
    # The focused chamber wears the yellow ring of every control, undimmed, whether or not
    # it is a choice (a white ring read as less marked than the blue of the choices).
    page_watch.wait_for_function("""() => { const c = document.activeElement.closest('.chamber');
      return getComputedStyle(c.querySelector('.hex')).stroke === 'rgb(255, 210, 63)'
        && getComputedStyle(c).opacity === '1'; }""")  # once its transition has run
    # r reads the focused chamber in full, in the same words as speech.chamber_reading.
    press(page_watch, "r")
    acting = (f"Enter: {state.describe('from ' + here)}" if f"from {here}" in legal else "")
    want = speech.chamber_reading(state.chamber(here), state.names, labels.DIVISION_NAMES, acting)
    assert page_watch.inner_text("#announce").strip() == want
    # Escape backs out of a half-made move: the chamber chosen to move from is taken back.
    page_watch.keyboard.press("Home")
    for _ in range(20):
        if page_watch.evaluate(ACTIVE):
            break
        press(page_watch, "Tab")
    before = page_watch.evaluate(READY)
    press(page_watch, "Enter")
    wait_redraw(page_watch, before)
    src = cakegame.State.from_json(saved_game(page_watch)).pending.get("src")
    assert src is not None
    assert page_watch.evaluate(ACTIVE).startswith("to ")  # focus on the first destination
    # The chamber picked says so (it was named "Chamber C", as any other), in the cream of
    # a chamber chosen, not the yellow ring of the focus alone.
    picked = f'#chambers .chamber[data-chamber="{src}"] .hex'
    assert page_watch.get_attribute(picked, "aria-label") == \
        f"Chamber {src}: picked, the Test Subjects move from here"
    page_watch.wait_for_function(  # once its transition has run
        f"getComputedStyle(document.querySelector('{picked}')).fill === 'rgb(255, 248, 220)'",
        timeout=5_000)
    # The prompts speak of keys as keys: a chamber is picked, not clicked.
    assert page_watch.inner_text("#choices").startswith("Pick a highlighted chamber")
    before = page_watch.evaluate(READY)
    press(page_watch, "Escape")
    wait_redraw(page_watch, before)
    assert cakegame.State.from_json(saved_game(page_watch)) == state
    assert page_watch.evaluate(ACTIVE) == f"from {targets_in_order[0]}"
    # A mouse's press brings "click" back.
    page_watch.click(f'#chambers .chamber[data-chamber="{targets_in_order[0]}"] .hex')
    page_watch.wait_for_function("() => document.querySelector('#choices').innerText"
                                 ".startsWith('Click a highlighted chamber')")
    page_watch.assert_clean()


def test_focus_lands_on_the_first_option_right_after_start(page_watch):
    """Start-up leaves the focus (and the URL's rewrite) for after the first board's paint
    (py/ui/later.py): a keyboard player still finds focus on the first option, in board
    order, with no key pressed, and the page's URL says the game's full settings."""
    page_watch.goto("index.html?players=2&seed=3&names=Ann,Bo&pass=0", wait_ready=False)
    page_watch.page.wait_for_selector("html[data-boot=ready] [data-action]:not([disabled])",
                                      timeout=120_000)
    page_watch.page.wait_for_function(f"({ACTIVE})() !== null", timeout=10_000, polling=20)
    state = cakegame.State.from_json(saved_game(page_watch))
    places = {c.letter: (c.row, c.x) for c in state.chambers()}
    legal = [str(a) for a in state.legal_actions()]
    first = next(x for x in keynav.board_order(places) if f"from {x}" in legal)
    assert page_watch.evaluate(FOCUSED_CHAMBER) == first
    # The URL asked for no seats: the rewritten one names them (params.query_of).
    page_watch.page.wait_for_function("location.search.includes('seats=')", timeout=10_000)
    assert page_watch.evaluate("location.search") == \
        "?players=2&seed=3&seats=human,human&names=Ann,Bo&pass=0"
    # U with nothing to take back says why (it did nothing and said nothing).
    press(page_watch, "u")
    page_watch.wait_for_selector("#notice:not([hidden])")
    assert page_watch.inner_text("#notice") == "Nothing to take back yet this turn."
    assert cakegame.State.from_json(saved_game(page_watch)) == state
    page_watch.assert_clean()


def test_a_chamber_of_several_choices_names_them_before_it_is_pressed(page_watch):
    """A chamber standing for several actions (a reward's Test Subject, Cake Slice or
    Turret there) says which in its name, as its buttons will ("3 choices: Deliver a Test
    Subject to E, ..."): a screen reader heard "3 choices" alone until Enter."""
    from playhelp import open_saved, session_save
    from ui import labels, saves, targets

    def several(ses) -> bool:
        s = ses.state
        if s.current_player != 0 or s.is_over:
            return False
        board = targets.sort_actions(ses.legal_texts()).board
        return any(2 <= len(a) <= 4 and all(x.split()[0] in ("subject", "cake", "turret")
                                            for x in a) for a in board.values())

    raw = session_save(2, 1, several)
    s = saves.decode(raw).state
    board = targets.sort_actions([str(a) for a in s.legal_actions()]).board
    letter, acts = next((k, a) for k, a in board.items() if 2 <= len(a) <= 4
                        and all(x.split()[0] in ("subject", "cake", "turret") for x in a))
    open_saved(page_watch, raw)
    label = page_watch.get_attribute(f"#ch-{letter} .hex", "aria-label")
    assert label.startswith(f"Chamber {letter}: {len(acts)} choices: "), label
    for act in acts:
        assert labels.button_label(act, s.names, 0) in label, (act, label)
    page_watch.assert_clean()


def _costs_own(s, text: str) -> bool:
    """Whether `text` costs its player pieces of their own, a move's destination played on
    with the first count (and cake) offered, which is when its subjects meet the Turret."""
    me = s.current_player
    after = s.apply(text)
    for _ in range(3):
        if any(e.kind in (cakegame.EventKind.SUBJECTS_DESTROYED,
                          cakegame.EventKind.CAKE_INCINERATED,
                          cakegame.EventKind.CAKE_RETURNED) and e.seat == me
               for e in after.events):
            return True
        if after.is_over or after.current_player != me or after.decision not in ("move", "carry"):
            return False
        after = after.apply(after.legal_actions()[0])
    return False


@pytest.mark.parametrize("case,seeds", [("any", range(1, 40)), ("into the Turret", [1])])
def test_the_keyboard_s_first_focus_passes_over_a_choice_that_costs_the_player(
        page_watch, case, seeds):
    """A keyboard player pressed Enter at each default: it burnt their own Cake Slice (the
    first chamber in board order at Cave Johnson's deploy step), and sent a group into the
    Turret's chamber at a move's destination (which costs nothing until its count is
    chosen, and is judged played on). The focus lands on the first choice that costs them
    nothing, and still on a choice of the decision."""
    from playhelp import open_saved, session_save
    from ui import targets

    found: dict = {}

    def first_costs(ses) -> bool:
        s = ses.state
        if s.is_over or ses.seats[s.current_player] != "human":
            return False
        legal = [str(a) for a in s.legal_actions()]
        if len(legal) > 30 or case == "into the Turret" and not (
                s.decision == "move" and legal[0].startswith("to ")):
            return False
        t = targets.sort_actions(legal)
        order = keynav.board_order({c.letter: (c.row, c.x) for c in s.chambers()})
        first = keynav.focus_target(order, t.board, [a for v in t.cards.values() for a in v],
                                    t.buttons)
        if first is None or first[0] != "chamber" or len(t.board[first[1]]) != 1 \
                or not _costs_own(s, t.board[first[1]][0]):
            return False
        safe = [a for a in legal if not _costs_own(s, a)]
        # A chamber of several choices is focused as a whole ("select C") when one is safe.
        safe += [f"select {letter}" for letter, acts in t.board.items()
                 if len(acts) > 1 and any(a in safe for a in acts)]
        found.update(first=t.board[first[1]][0], safe=safe)
        return bool(safe)

    raw = None
    for seed in seeds:
        found.clear()
        try:
            raw = session_save(2, seed, first_costs, seats=["human", "medium"])
        except AssertionError:  # the game ended first: no such decision in it
            continue
        if found:
            break
    assert found, f"no decision whose first chamber costs the player ({case})"
    page = page_watch
    open_saved(page, raw)
    page.wait_for_function(f"({ACTIVE})() !== null", timeout=10_000)
    focused = page.evaluate(ACTIVE)
    assert focused != found["first"] and focused in found["safe"], (focused, found)
    page.assert_clean()


def _enter_to_the_turn_s_end(page) -> None:
    """Enter at each default focus until the turn's end is confirmed."""
    for _ in range(60):
        page.wait_for_function(HUMAN_TURN, timeout=60_000, polling=50)
        assert not over(page), "the game ended before a turn's end was confirmed"
        page.wait_for_function(f"({ACTIVE})() !== null", timeout=10_000)
        confirming = page.evaluate(ACTIVE) == "confirm"
        before = page.evaluate(READY)
        press(page, "Enter")
        wait_redraw(page, before)
        if confirming:
            return
    raise AssertionError("no turn's end to confirm")


def test_after_the_turn_s_end_is_confirmed_the_focus_waits_in_the_choices_bar(page_watch):
    """Enter on "Confirm: end my turn" took the button away with the decision, and the
    focus fell to the page: a Tab while the computer played began again at the top bar (a
    keyboard play-tester). It waits in the choices bar, which says who is playing, and the
    person's next decision takes it from there."""
    page = page_watch
    page.goto("index.html?players=2&seed=23&seats=human,medium&pass=0")
    _enter_to_the_turn_s_end(page)
    seen = page.evaluate("""() => ({id: document.activeElement.id,
        bar: document.getElementById('choices').innerText,
        status: document.getElementById('status').textContent})""")
    assert seen["id"] == "choices", seen
    assert "(medium computer)" in seen["status"] and "is playing" in seen["bar"], seen
    # The person's next decision takes the focus to its first control.
    page.wait_for_function(HUMAN_TURN, timeout=60_000, polling=50)
    page.wait_for_function(f"({ACTIVE})() !== null", timeout=10_000)
    page.assert_clean()


def test_question_mark_lists_every_key_and_so_does_more_keys(page_watch):
    """The keys were only in tooltips and the lab's label (a keyboard play-tester pressed
    ? and F1 in vain): ? opens a window listing them, as More, then Keys, does; Escape closes
    it and the focus goes back where it was."""
    page = page_watch
    page.goto("index.html?players=2&seed=23&seats=human,medium&pass=0")
    page.wait_for_function(HUMAN_TURN, timeout=60_000, polling=50)
    page.wait_for_function(f"({ACTIVE})() !== null", timeout=10_000)
    was = page.evaluate(ACTIVE)
    press(page, "?")
    page.wait_for_selector("#keys-box[open]")
    listed = page.locator("#keys-box .keys-table th").all_inner_texts()
    for key in ("Tab", "Enter", "arrow keys", "R", "A", "U", "H", "/", "Escape", "?"):
        assert any(key in row for row in listed), (key, listed)
    assert page.evaluate("document.activeElement.id") == "keys-close"
    press(page, "Escape")
    page.wait_for_selector("#keys-box:not([open])", state="attached")
    assert page.evaluate(ACTIVE) == was  # back where it was
    page.click("#more summary")
    page.click("#btn-keys")
    page.wait_for_selector("#keys-box[open]")
    page.click("#keys-close")
    page.wait_for_selector("#keys-box:not([open])", state="attached")
    page.assert_clean()


def open_more_by_keys(page) -> None:
    """A two-player game against medium, at the person's decision, More opened by Enter."""
    page.goto("index.html?players=2&seed=23&seats=human,medium&pass=0")
    page.wait_for_function(HUMAN_TURN, timeout=60_000, polling=50)
    page.focus("#more summary")
    press(page, "Enter")
    page.wait_for_selector("#more[open]")


@pytest.mark.parametrize("button,dialog,close", [
    ("#btn-prefs", "prefs", "Escape"), ("#btn-prefs", "prefs", "#prefs-close"),
    ("#btn-keys", "keys-box", "#keys-close")])
def test_a_dialog_opened_from_the_menu_gives_the_focus_back_to_more(page_watch, button,
                                                                    dialog, close):
    """The menu closes as its dialog opens, so the focus a closing dialog gives back went to
    a hidden button, that is to the page's body, and the next Tab started again at Undo (a
    keyboard play-tester, closing Settings): it comes back to More."""
    page = page_watch
    open_more_by_keys(page)
    page.focus(button)
    press(page, "Enter")
    page.wait_for_selector(f"#{dialog}[open]")
    if close == "Escape":
        press(page, "Escape")
    else:
        page.focus(close)
        press(page, "Enter")
    page.wait_for_selector(f"#{dialog}:not([open])", state="attached")
    page.wait_for_function("document.activeElement?.matches('#more summary')", timeout=5_000)
    assert not page.evaluate("document.getElementById('more').open")
    page.assert_clean()


def test_tab_out_of_the_more_menu_closes_it(page_watch):
    """Tab past the menu's last item closes it, as a click elsewhere does (it stayed open
    over the Divisions panel: a keyboard play-tester); Tab within it keeps it open."""
    page = page_watch
    open_more_by_keys(page)
    inside = page.evaluate("() => [...document.querySelectorAll("
                           "'#more .more-menu button, #more .more-menu a')]"
                           ".filter(e => e.offsetParent !== null && !e.disabled).length")
    assert inside >= 2
    press(page, "Tab")
    assert page.evaluate("document.getElementById('more').open")
    for _ in range(inside):
        press(page, "Tab")
    page.wait_for_function("!document.getElementById('more').open", timeout=5_000)
    assert not page.evaluate("document.getElementById('more').contains(document.activeElement)")
    page.assert_clean()


def test_a_tells_again_every_computer_turn_since_the_person_s_last_decision(page_watch):
    """With three players A told again only the last computer's turn: the one before had
    gone (a screen-reader play-tester). It tells everything since the person's last
    decision."""
    page = page_watch
    page.goto("index.html?players=3&seed=23&seats=human,medium,medium&first=0&pass=0")
    _enter_to_the_turn_s_end(page)
    page.wait_for_function(HUMAN_TURN, timeout=120_000, polling=50)
    page.wait_for_function(f"({ACTIVE})() !== null", timeout=10_000)
    page.evaluate("document.getElementById('announce').textContent = ''")
    press(page, "a")
    heard = page.text_content("#announce")
    assert "Blue's turn: " in heard and "Green's turn: " in heard, heard
    assert heard.index("Blue's turn: ") < heard.index("Green's turn: "), heard
    page.assert_clean()


BLUE_MID_TURN = """
() => { const raw = localStorage.getItem('cakegame.save');
        if (!raw) return false;
        const log = JSON.parse(raw).log || [];
        const last = log[log.length - 1];
        return !!last && last[1] === 1 && / as a bonus/.test(last[2]); }
"""


def test_a_reload_in_a_computer_s_turn_still_tells_that_turn_whole(page_watch):
    """Reloaded in the middle of Blue's turn, a screen reader heard only the rest of it
    ("Blue's turn: nobody earns ...", not the move before; a keyboard play-tester): the
    turn is told as if there had been no reload, and A tells the same."""
    page = page_watch
    url = ("index.html?players=3&seed=23&seats=human,medium,medium&first=0&pass=0"
           "&botpace=400&confirm=1")

    def heard_at_the_next_turn(reload: bool) -> str:
        if reload:  # the same game again, from its start (away from the game, which
            page.goto("rules.html", wait_ready=False)  # saves as the page goes)
            page.evaluate("localStorage.clear()")
        page.goto(url)
        _enter_to_the_turn_s_end(page)
        if reload:  # after Blue's move and its bonus, before its activation
            page.wait_for_function(BLUE_MID_TURN, timeout=60_000, polling=20)
            page.reload()
        page.wait_for_function(HUMAN_TURN, timeout=120_000, polling=50)
        page.wait_for_function(f"({ACTIVE})() !== null", timeout=10_000)
        page.evaluate("document.getElementById('announce').textContent = ''")
        press(page, "a")
        return page.text_content("#announce")

    plain = heard_at_the_next_turn(False)
    assert "Blue's turn: " in plain and "Green's turn: " in plain, plain
    assert heard_at_the_next_turn(True) == plain
    page.assert_clean()


def test_the_keyboard_s_first_focus_at_a_recycle_is_the_row_with_fewest_chambers(page_watch):
    """Enter at each recycle sent every chamber to the first row offered, the top, which
    grew to nine chambers, wider than the screen (a keyboard play-tester): the focus starts
    on the row that holds fewest."""
    from playhelp import open_saved, session_save

    rows = ("top", "middle", "bottom")

    def sizes(s) -> list[int]:
        held = [0, 0, 0]
        for c in s.chambers():
            held[c.row] += 1
        return held

    def at_a_lopsided_recycle(ses) -> bool:
        s = ses.state
        if s.is_over or ses.seats[s.current_player] != "human" or s.decision != "recycle":
            return False
        offered = [str(a) for a in s.legal_actions()]
        held = sizes(s)
        fewest = min(held[rows.index(a.split()[1])] for a in offered)
        return held[rows.index(offered[0].split()[1])] > fewest

    raw = session_save(2, 2, at_a_lopsided_recycle, seats=["human", "medium"])
    page = page_watch
    open_saved(page, raw)
    page.wait_for_function(f"({ACTIVE})() !== null", timeout=10_000)
    from ui import saves
    s = saves.decode(raw).state
    held = sizes(s)
    focused = page.evaluate(ACTIVE)
    assert focused.startswith("recycle "), focused
    assert held[rows.index(focused.split()[1])] == min(
        held[rows.index(str(a).split()[1])] for a in s.legal_actions()), (focused, held)
    page.assert_clean()


def test_a_new_game_is_told_to_a_screen_reader(page_watch):
    """Start the game put only the first prompt in a live region: nothing said a new game
    had begun, nor who played (a keyboard play-tester)."""
    page = page_watch
    page.goto("index.html")
    page.wait_for_selector("html[data-boot=ready] #newgame[open]")
    for n, name in enumerate(["Ann", "Bo"], 1):
        page.fill(f"#ng-seats .ng-seat:nth-child({n}) .ng-name", name)
    page.fill("#ng-seed", "12")
    # Enter in a name starts the game, as in any form (the form has no submit button).
    page.focus("#ng-seats .ng-seat:nth-child(2) .ng-name")
    press(page, "Enter")
    page.wait_for_selector("#newgame:not([open])", state="attached")
    assert saved_game(page)["seed"] == 12
    heard = page.text_content("#announce")
    assert heard in ("A new game of 2 players, Ann and Bo: Ann plays first.",
                     "A new game of 2 players, Ann and Bo: Bo plays first."), heard
    page.assert_clean()


TWO_FRAMES = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"
FOCUSED_IN_VIEW = """
() => { const g = document.activeElement && document.activeElement.closest('.chamber');
        if (!g) return null;
        const r = g.querySelector('.hex').getBoundingClientRect();
        const w = document.getElementById('lab-wrap').getBoundingClientRect();
        return [g.dataset.letter, r.left >= w.left - 1 && r.right <= w.right + 1
                && r.top >= w.top - 1 && r.bottom <= w.bottom + 1]; }
"""


def test_on_a_phone_the_chamber_the_keys_focus_comes_into_the_lab_s_window(page_watch):
    """A phone's window onto the lab shows a few chambers: the chamber the keys focus (the
    decision's default, an arrow's, Home's or End's) is brought into it, so Enter never
    plays a chamber out of sight (a keyboard play-tester: End focused a chamber past the
    window's edge, and a default choice sat out of view)."""
    page_watch.set_viewport_size({"width": 390, "height": 844})
    page_watch.goto("index.html?players=3&seed=5&pass=0")
    wide = page_watch.evaluate("() => { const w = document.getElementById('lab-wrap');"
                               " return w.scrollWidth > w.clientWidth + 1; }")
    assert wide  # the lab is wider than its window on a phone: the test means something
    seen = set()
    for key in ("End", "Home", "End", "ArrowLeft", "ArrowUp", "ArrowLeft", "ArrowDown",
                "Home", "ArrowRight", "ArrowRight", "ArrowDown"):
        press(page_watch, key)
        page_watch.evaluate(TWO_FRAMES)  # the window moves at the next frame
        letter, inside = page_watch.evaluate(FOCUSED_IN_VIEW)
        assert inside, (key, letter)
        seen.add(letter)
    assert len(seen) >= 4
    page_watch.assert_clean()


def test_step_by_step_next_move_keeps_the_focus_and_each_move_is_told(page_watch):
    """At the step-by-step pace, Enter on "Next move" plays one computer move, tells it,
    and leaves the focus on "Next move" for the next one (it went with each move, and a
    step cost two Shift+Tabs and an Enter, told nothing: a keyboard play-tester)."""
    raw = session_save(2, 5, lambda ses: ses.state.turn == 1 and ses.state.phase == "deploy",
                       seats=["human", "medium"])
    open_saved(page_watch, raw, '{"pace": "step"}')
    page_watch.wait_for_function("document.activeElement.id === 'bot-step'", timeout=10_000)
    # h in a computer's turn answers in words (it was silent).
    press(page_watch, "h")
    page_watch.wait_for_function("document.getElementById('announce').innerText === "
                                 "'No suggestion now: a computer player decides now.'")
    told = []
    for _ in range(3):
        game = json.loads(page_watch.evaluate("localStorage.getItem('cakegame.save')"))
        if game["game"]["turn"] != 1:
            break
        before = page_watch.evaluate(READY)
        said = page_watch.inner_text("#announce")
        press(page_watch, "Enter")
        wait_redraw(page_watch, before)
        page_watch.wait_for_function(
            "said => document.getElementById('announce').innerText !== said", arg=said,
            timeout=10_000)
        told.append(page_watch.inner_text("#announce"))
        if json.loads(page_watch.evaluate("localStorage.getItem('cakegame.save')")
                      )["game"]["turn"] == 1:
            page_watch.wait_for_function("document.activeElement.id === 'bot-step'",
                                         timeout=10_000)
    assert told and all(t.startswith("Blue") for t in told), told
    page_watch.assert_clean()


def test_the_game_log_by_keys_walks_its_entries_and_replays_from_one(page_watch):
    """The log is one Tab stop; the up and down keys walk its entries, each lighting its
    chambers up, and Enter replays the game from the one focused (a keyboard play-tester
    could open the replay only from its button)."""
    raw = session_save(2, 7, lambda ses: ses.state.turn_number >= 4 and ses.human_to_act())
    open_saved(page_watch, raw)
    page_watch.focus(".log-scroll")
    press(page_watch, "ArrowUp")
    newest = page_watch.evaluate("() => { const e = document.activeElement;"
                                 " return e.matches('#log .log-entry') ? e.dataset.step : null; }")
    entries = page_watch.locator("#log .log-entry")
    assert newest == entries.last.get_attribute("data-step")
    press(page_watch, "ArrowUp")
    press(page_watch, "ArrowUp")
    step = page_watch.evaluate("document.activeElement.dataset.step")
    assert int(step) == int(newest) - 2
    lit = page_watch.evaluate("document.activeElement.dataset.chambers || ''")
    if lit:  # its chambers are lit up, as a hover lights them
        page_watch.wait_for_selector(f'#chambers .chamber[data-letter="{lit[0]}"].flash',
                                     state="attached", timeout=5_000)
    press(page_watch, "Enter")
    page_watch.wait_for_selector("#review[open]")
    assert page_watch.inner_text("#rv-where").startswith(f"Action {step} ")
    page_watch.assert_clean()


def test_escape_in_the_panels_brings_the_focus_back_to_the_decision(page_watch):
    """On a phone the strip's scores lead the focus to the Divisions panel, far below the
    choices; Escape there brings it back to the decision's first option (it took eleven
    Shift+Tabs: a keyboard play-tester), as it does from the game log."""
    page_watch.set_viewport_size({"width": 390, "height": 844})
    page_watch.goto("index.html?players=3&seed=5&pass=0")
    first = page_watch.evaluate(ACTIVE)
    assert first
    page_watch.focus("#strip-scores")
    press(page_watch, "Enter")
    page_watch.wait_for_function("document.activeElement.id === 'players-h'")
    press(page_watch, "Escape")
    page_watch.wait_for_function(f"({ACTIVE})() === {json.dumps(first)}", timeout=5_000)
    page_watch.focus(".log-scroll")
    press(page_watch, "Escape")
    page_watch.wait_for_function(f"({ACTIVE})() === {json.dumps(first)}", timeout=5_000)
    assert page_watch.evaluate("scrollY") < 200  # the choices are in view again
    page_watch.assert_clean()


@pytest.mark.browser_context_args(viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True)
def test_a_touch_screen_shows_no_focus_ring_until_a_key_is_pressed(page_watch):
    """The page gives a decision's first option the focus; on a touch screen that drew
    the keyboard's yellow ring for a player who never pressed a key, and the chamber next
    to the one picked looked picked (a phone play-tester). A key brings the ring back."""
    page_watch.goto("index.html?players=3&seed=5&pass=0")
    ring = """() => { const a = document.activeElement, g = a && a.closest('.chamber');
        return g ? getComputedStyle(g.querySelector('.hex')).stroke : null; }"""
    page_watch.wait_for_function("document.activeElement.closest('.chamber') !== null")
    assert page_watch.evaluate("document.documentElement.hasAttribute('data-touch')")
    assert page_watch.evaluate(ring) != "rgb(255, 210, 63)"
    press(page_watch, "ArrowRight")
    assert not page_watch.evaluate("document.documentElement.hasAttribute('data-touch')")
    page_watch.wait_for_function(f"({ring})() === 'rgb(255, 210, 63)'", timeout=5_000)
    page_watch.tap("#lab-wrap .chamber:not(.target) .hex >> nth=0", force=True)
    page_watch.wait_for_function("document.documentElement.hasAttribute('data-touch')")
    page_watch.assert_clean()

