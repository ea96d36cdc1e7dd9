"""Play without a mouse, under CPython: key navigation, typed commands, words for ears."""

from __future__ import annotations

import random

import cakegame
import pytest
from ui import commands, keynav, labels, speech, targets

CARDS = {c.id: c.name for c in cakegame.CARDS}
DIVS = labels.DIVISION_NAMES


def games(n_games=8, seed=0):
    """States of random games, every one."""
    for g in range(n_games):
        s = cakegame.new_game(players=2 + g % 3, seed=seed + g)
        rng = random.Random(g)
        while not s.is_over:
            yield s
            s = s.apply(rng.choice(s.legal_actions()))


def places(state):
    return {c.letter: (c.row, c.x) for c in state.chambers()}


# ---- keys -----------------------------------------------------------------------------------

def test_board_order_is_rows_from_the_top_each_from_the_left():
    p = {"A": (1, 3), "B": (0, 4), "C": (0, 2), "D": (2, 0), "E": (1, 1)}
    assert keynav.board_order(p) == ["C", "B", "E", "A", "D"]


def test_arrows_move_by_place_on_the_board():
    # Two interlocking rows: top at x 0, 2, 4; middle at x 1, 3, 5; bottom at 0, 2.
    p = {"A": (0, 0), "B": (0, 2), "C": (0, 4), "D": (1, 1), "E": (1, 3), "F": (1, 5),
         "G": (2, 0), "H": (2, 2)}
    assert keynav.step(p, "A", "ArrowRight") == "B"
    assert keynav.step(p, "B", "ArrowLeft") == "A"
    assert keynav.step(p, "C", "ArrowRight") is None  # the row's end: stay
    assert keynav.step(p, "A", "ArrowLeft") is None
    # D and E equally near: down takes the right one, up the left one, so that down and
    # then up come back (both took the left one: a keyboard play-tester went ever left).
    assert keynav.step(p, "B", "ArrowDown") == "E"
    assert keynav.step(p, "E", "ArrowUp") == "B"
    assert keynav.step(p, "D", "ArrowUp") == "A"
    assert keynav.step(p, "A", "ArrowDown") == "D"
    assert keynav.step(p, "F", "ArrowUp") == "C"
    assert keynav.step(p, "F", "ArrowDown") == "H"
    assert keynav.step(p, "G", "ArrowDown") is None
    assert keynav.step(p, "A", "ArrowUp") is None
    assert keynav.step(p, "E", "Home") == "A"
    assert keynav.step(p, "A", "End") == "H"
    assert keynav.step(p, None, "ArrowRight") == "A"
    assert keynav.step(p, "Z", "ArrowDown") == "A"  # a chamber no longer on the board
    assert keynav.step({}, "A", "ArrowRight") is None


def test_arrows_reach_every_chamber_and_come_back_in_real_labs():
    for i, s in enumerate(games(3)):
        if i % 40:
            continue
        p = places(s)
        order = keynav.board_order(p)
        # Right along each row, down at its end... reaches every chamber.
        seen = set()
        for letter in order:
            seen.add(letter)
            for key in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"):
                nxt = keynav.step(p, letter, key)
                if nxt is not None:
                    assert nxt in p
                    seen.add(nxt)
                    if key in ("ArrowLeft", "ArrowRight"):
                        back = "ArrowRight" if key == "ArrowLeft" else "ArrowLeft"
                        assert keynav.step(p, nxt, back) == letter
                    else:
                        # Down then up (or up then down) comes back, the column kept.
                        back = "ArrowUp" if key == "ArrowDown" else "ArrowDown"
                        there, column = keynav.walk(p, letter, key, None)
                        assert there == nxt
                        if abs(p[nxt][0] - p[letter][0]) == 1:
                            assert keynav.walk(p, nxt, back, column)[0] == letter, \
                                (letter, key, nxt)
        assert seen == set(p)


def test_any_run_of_downs_then_as_many_ups_comes_back_in_real_labs():
    """Down, down, up went R, J, H, then Q beside J (a keyboard play-tester): going back the
    way a run came retraces it, however long, while a turn of direction midway is a new
    step from the run's place."""
    for i, s in enumerate(games(3)):
        if i % 20:
            continue
        p = places(s)
        for letter in p:
            for there, back in (("ArrowDown", "ArrowUp"), ("ArrowUp", "ArrowDown")):
                here, column, path = letter, None, [letter]
                for _ in range(2):
                    nxt, column = keynav.walk(p, here, there, column)
                    if nxt is None:
                        break
                    here = nxt
                    path.append(here)
                while len(path) > 1:
                    path.pop()
                    here, column = keynav.walk(p, here, back, column)
                    assert here == path[-1], (letter, there, path)


@pytest.mark.parametrize("current,desired", [
    ("ABCDE", "ABCDE"), ("ABCDE", "EABCD"), ("ABCDE", "BCDEA"), ("ABCDE", "EDCBA"),
    ("ABCDEFG", "ABDCEGF"), ("A", "A"), ("", ""),
])
def test_reorder_moves_are_few_and_give_the_desired_order(current, desired):
    moves = keynav.reorder_moves(list(current), list(desired))
    items = list(current)
    for item, before in moves:
        items.remove(item)
        items.insert(items.index(before) if before is not None else len(items), item)
    assert items == list(desired)
    if desired in ("EABCD", "BCDEA"):
        assert len(moves) == 1  # one chamber recycled: only that one moves
    if current == desired:
        assert moves == []


def test_reorder_moves_random_orders():
    rng = random.Random(5)
    for _ in range(200):
        current = list("ABCDEFGHIJKLMNOPQR")
        desired = current[:]
        rng.shuffle(desired)
        items = current[:]
        for item, before in keynav.reorder_moves(current, desired):
            items.remove(item)
            items.insert(items.index(before) if before is not None else len(items), item)
        assert items == desired


def test_the_log_s_keys_walk_its_entries_and_hold_at_its_ends():
    # From the log itself (its newest entries in view): up and End to the newest, down and
    # Home to the oldest.
    assert keynav.list_step(None, 5, "ArrowUp") == 4
    assert keynav.list_step(None, 5, "End") == 4
    assert keynav.list_step(None, 5, "ArrowDown") == 0
    assert keynav.list_step(None, 5, "Home") == 0
    # From an entry: one older, one newer, the ends hold.
    assert keynav.list_step(3, 5, "ArrowUp") == 2
    assert keynav.list_step(3, 5, "ArrowDown") == 4
    assert keynav.list_step(0, 5, "ArrowUp") == 0
    assert keynav.list_step(4, 5, "ArrowDown") == 4
    # Other keys, and an empty log: no move.
    assert keynav.list_step(2, 5, "ArrowLeft") is None
    assert keynav.list_step(None, 0, "ArrowUp") is None


def test_focus_goes_to_the_first_legal_chamber_then_cards_then_buttons():
    order = ["C", "B", "E", "A"]
    assert keynav.focus_target(order, {"A", "E"}, ["play x"], ["end"]) == ("chamber", "E")
    assert keynav.focus_target(order, set(), ["play x", "gun x"], ["end"]) == ("action", "play x")
    assert keynav.focus_target(order, set(), [], ["recycle top"]) == ("action", "recycle top")
    assert keynav.focus_target(order, set(), [], []) is None


def test_focus_passes_over_choices_that_cost_the_player_while_another_remains():
    """A keyboard player pressing Enter at each default burnt their own Cake Slice (Cave
    Johnson's deploy step focused its chamber before "End deploying") and delivered a Test
    Subject into the Turret."""
    order = ["C", "B", "E", "A"]
    asked: list[str] = []

    def costly(what: str) -> bool:
        asked.append(what)
        return what in {"B", "E", "end"}
    assert keynav.focus_target(order, {"B", "E"}, [], ["end", "skip"], costly) \
        == ("action", "skip")
    assert asked == ["B", "E", "end", "skip"]  # in order, until one costs nothing
    assert keynav.focus_target(order, {"B", "A"}, [], ["end"], costly) == ("chamber", "A")
    # Every choice costs: the first, as before.
    assert keynav.focus_target(order, {"B", "E"}, [], ["end"], costly) == ("chamber", "B")
    assert keynav.focus_target(order, {"B", "A"}, [], ["end"], lambda w: False) \
        == ("chamber", "B")


def test_every_decision_has_a_first_control_to_focus():
    for s in games(6):
        t = targets.sort_actions([str(a) for a in s.legal_actions()])
        order = keynav.board_order(places(s))
        cards = [a for acts in t.cards.values() for a in acts]
        got = keynav.focus_target(order, t.board, cards, t.buttons)
        assert got is not None, s.prompt()
        if got[0] == "chamber":
            assert got[1] in t.board


# ---- typed commands -------------------------------------------------------------------------

def test_every_legal_action_is_reached_by_its_text_form_and_its_short_form():
    for s in games(6, seed=30):
        legal = [str(a) for a in s.legal_actions()]
        for a in legal:
            assert commands.resolve(a, legal, s.names, CARDS).action == a
            assert commands.resolve(a.upper(), legal, s.names, CARDS).action == a
            short = commands.forms(a, s.names, CARDS)[-1]
            r = commands.resolve(short, legal, s.names, CARDS)
            # A short form picks this action, or says which legal actions it could mean.
            assert r.action == a or (a in r.matches and r.problem), (a, short, r)


def test_plain_words():
    legal = ["from F", "from H", "from D"]
    assert commands.resolve("h", legal).action == "from H"
    assert commands.resolve("  Move  H ", legal).action == "from H"
    legal = ["count 1", "count 2", "count 3"]
    assert commands.resolve("2", legal).action == "count 2"
    rows = ["recycle top", "recycle middle"]
    assert commands.resolve("recycle top", rows).action == "recycle top"
    assert commands.resolve("middle", rows).action == "recycle middle"
    assert commands.resolve("done", ["play wheatley", "end"], (), CARDS).action == "end"
    assert commands.resolve("wheatley", ["play wheatley", "gun wheatley", "end"], (),
                            CARDS).action == "play wheatley"
    assert commands.resolve("deploy Party Escort Bot", ["play escort", "end"], (),
                            CARDS).action == "play escort"
    names = ("Ann", "Bo")
    legal = ["carry 1", "carry none"]
    assert commands.resolve("blue", legal, names).action == "carry 1"
    assert commands.resolve("carry Bo", legal, names).action == "carry 1"
    assert commands.resolve("no cake", legal, names).action == "carry none"
    legal = ["shift K L", "shift K M"]
    assert commands.resolve("k to m", legal).action == "shift K M"
    legal = ["destroy K 0", "destroy K 1"]
    assert commands.resolve("k ann", legal, names).action == "destroy K 0"
    r = commands.resolve("k", legal, names)
    assert r.action is None and set(r.matches) == set(legal) and "could be" in r.problem


def test_commands_that_fit_nothing_go_to_the_engine_for_its_reason():
    s = cakegame.new_game(players=2, seed=3)
    legal = [str(a) for a in s.legal_actions()]
    for typed in ("from Q", "q", "to B", "count 9"):
        t = targets.sort_actions(legal)
        r = commands.resolve(typed, legal, s.names, CARDS,
                             guess=targets.guess_text(t, s.decision, typed.upper()))
        assert r.action is None and r.try_text, typed
        with pytest.raises(cakegame.IllegalActionError) as refused:
            s.apply(r.try_text)
        assert str(refused.value)  # the engine's own words
    # Words that are no action at all get the actions there are, not the engine's parse.
    for typed in ("fly away", "zz"):
        r = commands.resolve(typed, legal, s.names, CARDS)
        assert r.action is None and r.try_text is None, typed
        assert r.problem.startswith(f"“{typed}” is no action here: type one of “"), r.problem
    assert commands.resolve("", legal).problem.startswith("type an action")
    assert commands.resolve("from K", []).problem == "there is nothing for you to decide now"


def test_completion_and_hint():
    legal = ["from F", "from H", "from D"]
    assert commands.completions("", legal) == legal
    assert commands.completions("fr", legal) == legal
    assert commands.completions("from h", legal) == ["from H"]
    assert commands.completions("x", legal) == []
    assert commands.hint("from h", legal) == "Enter plays “from H”."
    assert commands.hint("fr", legal).startswith("3 legal actions")
    assert commands.hint("zz", legal).startswith("No legal action starts like that")
    assert commands.split_commands("from K, to M; count 2") == ["from K", "to M", "count 2"]
    assert commands.split_commands("/bottom, / confirm;/") == ["bottom", "confirm"]
    # A move typed whole, as its two decisions (tried when it is no action as it stands).
    assert commands.move_parts("p to k") == commands.move_parts("Move from P to K.") == [
        "from p", "to k"]
    assert commands.move_parts("p k") is commands.move_parts("to k") is None
    # ... and the hint says so while it is typed (it said no legal action starts so).
    assert commands.hint("h to m", legal) == "Enter plays “from H”, then “to M”."
    assert commands.hint("move from d to", legal) == "A move from D: name the chamber it goes to."
    assert commands.hint("k to m", legal).startswith("No legal action starts like that")


# ---- words for ears -------------------------------------------------------------------------

def test_lab_reading_tells_every_chamber_row_by_row_from_the_new_edge():
    s = cakegame.new_game(players=3, seed=4, names=["Ann", "Blue", "Cy"])
    said = speech.lab_reading(s.chambers(), s.names, labels.DIVISION_NAMES)
    rows = said.split(". ")
    assert [r.split(",")[0] for r in rows] == ["Top row", "Middle row", "Bottom row"]
    for row in range(3):
        letters = [c.letter for c in sorted((c for c in s.chambers() if c.row == row),
                                            key=lambda c: c.x)]
        told = [part.split(",")[0] for part in rows[row].split(": ", 1)[1].split("; ")]
        assert told == letters
    start = next(c for c in s.chambers() if c.subjects[0])
    assert f"{start.letter}, Ann (Orange): {start.subjects[0]} Test Subject" in said
    assert said.count("empty") == sum(1 for c in s.chambers() if not speech.chamber_contents(
        c, s.names, labels.DIVISION_NAMES))


def test_chamber_reading_says_what_is_drawn_then_what_acting_does():
    s = cakegame.new_game(players=2, seed=3, names=["Ann", "Bo"])
    for c in s.chambers():
        reading = speech.chamber_reading(c, s.names, DIVS, "Enter: Ann moves")
        assert reading.startswith(f"Chamber {c.letter}, ") and "Rewards: " in reading
        for seat, n in enumerate(c.subjects):
            if n:
                assert f"{speech.who(seat, s.names, DIVS)}: {n} Test Subject" in reading
        assert ("new edge" in reading) == c.new_edge and ("old edge" in reading) == c.old_edge
        assert reading.endswith("Enter: Ann moves.")
        assert speech.chamber_reading(c, s.names, DIVS).endswith("Not a choice now.")
    assert speech.who(1, ("Ann", "Bo"), DIVS) == "Bo (Blue)"
    assert speech.who(1, ("Orange", "Blue"), DIVS) == "Blue"


def test_action_sentences_come_from_the_engines_events():
    s = cakegame.new_game(players=2, seed=3)
    a = str(s.legal_actions()[0])
    after = s.apply(a)
    while not after.events:  # the first actions only choose; play on to one with events
        s, a = after, str(after.legal_actions()[0])
        after = s.apply(a)
    got = speech.action_sentences(s, a, after, viewer=s.current_player)
    assert got and got == [str(e) for e in after.events]


def test_a_card_taken_is_named_only_to_the_seat_that_took_it():
    """A screen reader heard a computer's draw named ("Purple takes Companion Cube as a
    bonus"): the card was hidden everywhere else, and it sounded like the token. Now the
    card is named to its taker alone, as the engine's views name it."""
    from cakegame.content import CARD_BY_ID
    from cakegame.events import EventKind
    for seed in range(1, 40):
        s = cakegame.new_game(players=3, seed=seed)
        rng = random.Random(seed)
        while not s.is_over:
            a = str(rng.choice(s.legal_actions()))
            after = s.apply(a)
            taken = [e for e in after.events if e.kind is EventKind.CARD_TAKEN and e.card]
            if taken:
                break
            s = after
        if taken:
            break
    taker, card = taken[0].seat, CARD_BY_ID[taken[0].card].name
    assert f"takes {card}" in " ".join(speech.action_sentences(s, a, after, viewer=taker))
    for viewer in ((taker + 1) % 3, None):
        said = " ".join(speech.action_sentences(s, a, after, viewer=viewer))
        assert f"takes {card}" not in said and "takes an Aperture Card" in said, said


def test_what_is_said_aloud_is_what_the_one_person_at_the_table_may_know():
    """Whose knowledge bounds what is said: the one person playing computers; with several
    people at one screen the room hears it all, so no one's."""
    assert speech.person(["human", "medium", "hard"]) == 0
    assert speech.person(["medium", "human", "hard"]) == 1
    assert speech.person(["human", "human", "hard"]) is None
    assert speech.person(["easy", "medium"]) is None


def test_the_same_sentence_told_again_at_once_is_told_once_with_how_often():
    """A computer's turn of 1,300 characters told "One of Blue's Test Subjects enters the
    Laboratory in Test Chamber G as a reward." twice over (a screen-reader play-tester)."""
    enters = "One of Blue's Test Subjects enters the Laboratory in Test Chamber G as a reward"
    assert speech.join([enters, enters, "Blue activates G", enters]) == (
        f"{enters}, twice. Blue activates G. {enters}.")
    assert speech.join(["x happens."] * 3 + ["", "done!"]) == "X happens, 3 times. Done!"
    assert speech.join(["a", "b"]) == "A. B."


def test_announcer_tells_a_person_at_once_and_a_computer_per_turn():
    an = speech.Announcer()
    assert an.action("Ann", False, 1, ["Ann moved 2 Test Subjects from K to M"]) == \
        "Ann moved 2 Test Subjects from K to M."
    assert an.action("Bo", True, 2, ["Bo moved 1 Test Subject from A to B"]) is None
    assert an.flush(1, True, 2) is None  # still Bo's turn
    assert an.action("Bo", True, 2, ["turret: 1 Orange subject destroyed"]) is None
    told = an.flush(0, False, 3)
    assert told == ("Bo's turn: Bo moved 1 Test Subject from A to B. "
                    "Turret: 1 Orange subject destroyed.")
    assert an.flush(0, False, 3) is None
    # Two computer players in a row: the first is told when the second starts.
    assert an.action("Bo", True, 4, ["x"]) is None
    assert an.action("Cy", True, 5, ["y"]) == "Bo's turn: X."
    assert an.flush(None, False, None) == "Cy's turn: Y."
    # A computer deciding in another player's turn (a card that makes it choose) is told
    # as such (it was "Cy's turn: ...", in Ann's turn).
    assert an.action("Cy", True, 6, ["z"], owner="Ann") is None
    assert an.flush(0, False, 6) == "In Ann's turn, Cy: Z."
    assert an.action("Cy", True, 7, ["w"], owner="Cy") is None
    assert an.flush(None, False, None) == "Cy's turn: W."
    # Another computer collecting rewards in Bo's turn is told inside Bo's turn, one
    # message (it was three, each "Bo's turn:", one of them "no change.").
    assert an.action("Bo", True, 8, ["Bo activates K"], owner="Bo") is None
    assert an.flush(2, True, 8) is None  # Cy decides now, in Bo's turn
    assert an.action("Cy", True, 8, ["Cy delivers a Test Subject"], owner="Bo") is None
    assert an.flush(1, True, 8) is None
    assert an.action("Bo", True, 8, [], owner="Bo") is None
    assert an.flush(0, False, 9) == ("Bo's turn: Bo activates K. "
                                     "Cy delivers a Test Subject.")
    # Actions that changed nothing told are not told at all.
    assert an.action("Bo", True, 10, [], owner="Bo") is None
    assert an.flush(0, False, 11) is None


def test_a_shared_win_is_told_in_one_sentence():
    """The engine tells one `won` event per winner; a screen reader hears a shared win as
    the result says it, not "Orange wins. Blue wins." (heard as two results)."""
    from enginehelp import pos, run
    before = run(pos(3, subjects={"E": [1, 1, 1], "A": [2, 2, 0]}, cake={"B": [2, 2, 1]},
                     step="activate"), "activate E")
    after = before.apply("recycle top")
    assert after.outcome.winners == (0, 1)
    said = speech.action_sentences(before, "recycle top", after, viewer=0)
    assert said[-1] == "Orange and Blue share the win"
    assert not any(s.endswith(" wins") for s in said), said
    one = run(pos(3, subjects={"E": [1, 1, 1], "A": [1, 1, 0]},
                  cake={"B": [2, 3, 0], "C": [2, 0, 0]}, step="activate"), "activate E")
    done = one.apply("recycle top")
    assert done.outcome.winners == (0,)
    assert speech.action_sentences(one, "recycle top", done, viewer=0)[-1] == "Orange wins"
