"""Events: every consequence of an action is told, in order, saved, and hidden where it must be.

The conservation test plays thousands of random games (EVENTS_GAMES sets how many, spread over
2, 3 and 4 players) and checks, for every action and every division, that the events explain
the change in its Test Subjects and Cake Slices in the Laboratory and in its incinerated cake;
a smaller set of games checks the same chamber by chamber, and the cards in hand.
"""

from __future__ import annotations

import json
import os
from collections import Counter

import cakegame
import pytest
from cakegame import Event, EventKind, State
from cakegame.builder import build
from conformance import chooser

K = EventKind
GAMES = int(os.environ.get("EVENTS_GAMES", "1200"))
CHAMBER_GAMES = int(os.environ.get("EVENTS_CHAMBER_GAMES", "60"))
LAB = """
A B C D E
F G H I J
K L M N O
"""


def totals(events: tuple[Event, ...], kind: EventKind) -> Counter[int]:
    """The counts of events of `kind`, per seat."""
    out: Counter[int] = Counter()
    for e in events:
        if e.kind is kind:
            assert e.seat is not None, e
            out[e.seat] += e.count
    return out


def check_seat_counts(before: State, after: State) -> None:
    """The hard requirement: the events explain every division's counts."""
    ev = after.events
    sub_in, sub_out = totals(ev, K.SUBJECTS_IN), totals(ev, K.SUBJECTS_DESTROYED)
    cake_in, burned = totals(ev, K.CAKE_IN), totals(ev, K.CAKE_INCINERATED)
    returned = totals(ev, K.CAKE_RETURNED)
    b_sub, a_sub = before.subjects_in_lab(), after.subjects_in_lab()
    b_cake, a_cake = before.cake_in_lab(), after.cake_in_lab()
    for s in range(before.players):
        assert a_sub[s] - b_sub[s] == sub_in[s] - sub_out[s], (s, ev)
        assert a_cake[s] - b_cake[s] == cake_in[s] - burned[s] - returned[s], (s, ev)
        assert after.incinerated(s) - before.incinerated(s) == burned[s], (s, ev)


def check_chamber_counts(before: State, after: State) -> None:
    """The same, chamber by chamber, with moves and carried cake; and the cards in hand."""
    ev = after.events
    expect_sub = {(c.letter, s): n for c in before.chambers() for s, n in enumerate(c.subjects)}
    expect_cake = {(c.letter, s): n for c in before.chambers() for s, n in enumerate(c.cake)}
    for e in ev:
        if e.kind is K.SUBJECTS_IN:
            expect_sub[e.chamber, e.seat] += e.count
        elif e.kind is K.SUBJECTS_DESTROYED:
            expect_sub[e.chamber, e.seat] -= e.count
        elif e.kind is K.MOVED:
            expect_sub[e.chamber, e.seat] -= e.count
            expect_sub[e.to, e.seat] += e.count
        elif e.kind is K.CAKE_IN:
            expect_cake[e.chamber, e.seat] += e.count
        elif e.kind in (K.CAKE_INCINERATED, K.CAKE_RETURNED):
            expect_cake[e.chamber, e.seat] -= e.count
        elif e.kind is K.CAKE_MOVED:
            expect_cake[e.chamber, e.seat] -= e.count
            expect_cake[e.to, e.seat] += e.count
    for c in after.chambers():
        for s in range(after.players):
            assert c.subjects[s] == expect_sub[c.letter, s], (c.letter, s, ev)
            assert c.cake[s] == expect_cake[c.letter, s], (c.letter, s, ev)
    taken, dropped = totals(ev, K.CARD_TAKEN), Counter[int]()
    for e in ev:
        if e.kind in (K.CARD_DEPLOYED, K.CARD_DISCARDED):
            dropped[e.seat] += 1
    for s in range(after.players):
        assert after.hand_size(s) - before.hand_size(s) == taken[s] - dropped[s], (s, ev)
    turret = [e.to for e in ev if e.kind is K.TURRET]
    if turret:
        assert next(c.letter for c in after.chambers() if c.turret) == turret[-1]
    cube = [e.to for e in ev if e.kind is K.CUBE]
    if cube:
        assert next(c.letter for c in after.chambers() if c.cube) == cube[-1]
    if any(e.kind is K.CHARACTER for e in ev):
        assert after.character is not None
        assert after.character.id == [e.card for e in ev if e.kind is K.CHARACTER][-1]
    assert any(e.kind is K.GAME_OVER for e in ev) == (after.is_over and not before.is_over)
    if after.is_over:
        assert after.outcome is not None
        assert tuple(e.seat for e in ev if e.kind is K.WON) == after.outcome.winners


def random_games(count: int, offset: int = 0):
    """(players, seed) for `count` games spread over 2, 3 and 4 players."""
    for i in range(offset, offset + count):
        yield 2 + i % 3, i // 3


@pytest.mark.slow
def test_every_change_of_every_division_is_told_by_the_events_over_thousands_of_games():
    kinds: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    actions = 0
    for players, seed in random_games(GAMES):
        s = cakegame.new_game(players=players, seed=seed)
        assert s.events == ()
        pick = chooser(players, seed)
        while not s.is_over:
            t = s.apply_unchecked(pick.choice(s.legal_actions()))
            check_seat_counts(s, t)
            kinds.update(e.kind.value for e in t.events)
            actions += 1
            s = t
        reasons[s.outcome.reason.value] += 1
    print(f"{GAMES} games, {actions} actions, endings {dict(reasons)}, events: {dict(kinds)}")
    # only the rulebook's endings, and the Opera Turret's (no standstill: docs/rules.md)
    assert set(reasons) <= {"no_subjects", "cake_incinerated", "opera"}
    # the random games reach every kind but the rare ones
    rare = {K.CAKE_RETURNED, K.CUBE, K.CARD_DISCARDED}
    assert {k.value for k in K} - set(kinds) <= {k.value for k in rare}


@pytest.mark.slow
def test_the_events_explain_every_chamber_and_hand_and_survive_saves_and_views():
    for players, seed in random_games(CHAMBER_GAMES, offset=GAMES):
        s = cakegame.new_game(players=players, seed=seed)
        pick = chooser(players, seed)
        while not s.is_over:
            t = s.apply(pick.choice(s.legal_actions()))
            check_chamber_counts(s, t)
            back = State.from_json(t.to_json())
            assert back.events == t.events and back == t
            for e in t.events:
                assert str(e) and str(e) == str(Event.from_data(e.to_data(), t.names))
                if e.kind is K.CARD_TAKEN:
                    for seat in range(players):
                        seen = [x for x in t.view(seat).events if x.kind is K.CARD_TAKEN]
                        assert all((x.card is not None) == (x.seat == seat) for x in seen)
            s = t


def test_a_new_game_and_a_built_position_have_told_nothing():
    assert cakegame.new_game(players=2, seed=1).events == ()
    assert build(2, LAB, subjects={"A": (1, 1)}).events == ()


def test_a_turret_kills_and_its_sentence_names_the_cause():
    s = build(2, LAB, subjects={"A": (1, 2), "C": (1, 0)}, turret="B",
              names=["Ann", "Bo"], step="move", turn=1)
    s = s.apply("from A").apply("to B").apply("count 2")
    moved, killed, *_ = s.events
    assert moved == Event(K.MOVED, 1, "A", "B", 2)
    assert killed == Event(K.SUBJECTS_DESTROYED, 1, "B", count=2, cause="turret")
    assert str(killed) == "2 of Bo's Test Subjects are destroyed in Test Chamber B by the Turret"
    assert Event(K.SUBJECTS_DESTROYED, 1, "K", count=2, cause="turret").__str__() == \
        "2 of Blue's Test Subjects are destroyed in Test Chamber K by the Turret"


def test_under_underdog_protocol_the_rewarded_division_is_told_as_having_the_fewest():
    """GLaDOS: Underdog Protocol rewards the fewest Test Subjects in the chamber: the
    events do not call that a majority."""
    import random

    from cakegame.content import Rule
    from cakegame.events import sentence, short

    told = []
    for seed in range(400):
        s = cakegame.new_game(players=3, seed=seed)
        rng = random.Random(seed)
        while not s.is_over and not told:
            before = s
            s = s.apply(rng.choice(s.legal_actions()))
            for e in s.events:
                if e.kind is K.MAJORITY:
                    assert (e.cause == "fewest") == (before.rule is Rule.FEWEST), (seed, e)
                    if e.cause == "fewest":
                        told.append(e)
        if told:
            break
    assert told, "no chamber rewarded under Underdog Protocol in 400 games"
    e = told[0]
    assert "majority" not in sentence(e) and "majority" not in short(e)
    assert sentence(e).endswith(f"has the fewest Test Subjects in Test Chamber {e.chamber} "
                                "and earns its rewards")
    assert short(e).endswith(f"wins {e.chamber} with the fewest Test Subjects")


def test_every_event_kind_has_a_sentence_and_a_short_form():
    """`events.WORDS` words each kind twice, once each: the sentence names the player and
    "Test Chamber K", the short form the division's pieces and the letter; a short form
    never names a card taken (the page's log is read by everyone at the table)."""
    from cakegame import events
    assert set(events.WORDS) == set(EventKind)
    for kind in EventKind:
        e = Event(kind, 1, "K", "L", 2, cause=None, card="wheatley", row="top", name="Bo")
        long, short = events.sentence(e), events.short(e)
        assert long and short, kind
        assert long == str(e)
        assert "Test Chamber" not in short, kind
        # A short form follows the choice's sentence and a colon in the log: it holds none
        # of its own ("activates chamber C: nobody earns C's rewards: it holds ...").
        assert kind is K.TURN or ": " not in short, (kind, short)  # a turn starts a line
    taken = Event(K.CARD_TAKEN, 0, card="wheatley", cause="bonus", name="Ann")
    assert events.short(taken) == "Ann takes an Aperture Card"
    assert "Wheatley" in str(taken)
    destroyed = Event(K.SUBJECTS_DESTROYED, 1, "B", count=2, cause="turret", name="Bo")
    assert events.short(destroyed) == "2 Blue Test Subjects destroyed in B by the Turret"
    assert events.short(Event(K.CAKE_INCINERATED, 0, "C")) == "1 Orange Cake Slice incinerated"


def test_events_are_saved_and_a_save_without_them_still_loads():
    s = cakegame.new_game(players=3, seed=4)
    while not s.events:
        s = s.apply(s.legal_actions()[-1])
    data = json.loads(s.to_json())
    assert data["events"] == [e.to_data() for e in s.events]
    del data["events"]
    assert State.from_json(data).events == ()


@pytest.mark.parametrize("bad", [
    "not a list", [5], [{"k": "nothing"}], [{"k": "moved", "seat": 7}],
    [{"k": "moved", "chamber": "Z"}], [{"k": "moved", "count": -1}],
    [{"k": "card_taken", "card": "nosuchcard"}], [{"k": "moved", "extra": 1}],
    [{"k": "recycled", "row": "sideways"}], [{"k": "turret", "cause": "magic"}],
    [{"k": "moved", "seat": None}],
])
def test_damaged_events_in_a_save_are_refused_saying_so(bad):
    data = json.loads(cakegame.new_game(players=2, seed=0).to_json())
    data["events"] = bad
    with pytest.raises(ValueError, match="events"):
        State.from_json(data)
