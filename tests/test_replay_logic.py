"""The whole-game record, share links, the replay model and the story chart, under CPython."""

from __future__ import annotations

import json
import random
import re
import zlib

import cakegame
import cakegame.bots
import pytest
from ui import eventlog, record, replay, saves, sharelink, story


def play(players: int, seed: int, *, names: list[str] | None = None, first: int | None = None,
         limit: int | None = None) -> record.Record:
    """A game played by easy bots (fast), as a record."""
    names = names or [f"P{i}" for i in range(players)]
    rec = record.Record(players, seed, names, first, ["easy"] * players, [])
    s = rec.start()
    while not s.is_over and (limit is None or len(rec.actions) < limit):
        seat = s.current_player
        a = str(cakegame.bots.choose(s.view(seat), "easy", seed=seed + len(rec.actions)))
        rec.actions.append(a)
        s = s.apply(a)
    return rec


@pytest.fixture(scope="module")
def game4() -> record.Record:
    return play(4, 11, names=["Ann", "<b>Bo</b>", "Cy & Di", "Ed"])


# ---- the record ---------------------------------------------------------------------------
def test_record_states_are_the_engines_prefixes(game4: record.Record) -> None:
    states = game4.states()
    assert len(states) == len(game4.actions) + 1
    assert states[-1].is_over
    for k in (0, 1, 7, len(game4.actions) // 2, len(game4.actions)):
        s = cakegame.new_game(players=4, seed=11, names=game4.names)
        for a in game4.actions[:k]:
            s = s.apply(a)
        assert states[k] == s


def test_record_keeps_an_explicit_first_player() -> None:
    rec = play(3, 5, first=2, limit=10)
    assert rec.start().current_player == 2
    again = record.from_data(json.loads(json.dumps(rec.to_data())))
    assert again == rec and again.final() == rec.final()


def test_record_round_trip_and_branch(game4: record.Record) -> None:
    again = record.from_data(json.loads(json.dumps(game4.to_data())))
    assert again == game4
    cut = game4.branch(20)
    assert cut.actions == game4.actions[:20] and len(game4.actions) > 20
    assert cut.final() == game4.states()[20]
    assert game4.branch(-5).actions == [] and game4.branch(10**6) == game4


@pytest.mark.parametrize("change, kind", [
    ({"format": "cakegame-save/1"}, "foreign"),
    ({"format": "cakegame-record/2"}, "newer"),
    ({"players": 5}, "invalid"),
    ({"players": True}, "invalid"),
    ({"seed": -1}, "invalid"),
    ({"seed": "7"}, "invalid"),
    ({"names": ["a"]}, "invalid"),
    ({"names": ["a", "x" * 33]}, "invalid"),
    ({"first": 2}, "invalid"),
    ({"seats": ["human", "genius"]}, "invalid"),
    ({"actions": "from C"}, "invalid"),
    ({"actions": [["from C"]]}, "invalid"),
    ({"actions": ["x" * 41]}, "invalid"),
])
def test_record_shape_is_checked(change: dict, kind: str) -> None:
    data = play(2, 3, limit=4).to_data() | change
    with pytest.raises(record.RecordError) as err:
        record.from_data(data)
    assert err.value.kind == kind and str(err.value)


def test_record_illegal_action_is_refused_by_number() -> None:
    rec = play(2, 3, limit=6)
    rec.actions.insert(3, "recycle top")
    with pytest.raises(record.RecordError, match="action 4"):
        rec.states()
    with pytest.raises(record.RecordError, match="does not lead"):
        record.check(play(2, 3, limit=6), play(2, 3, limit=5).final())


# ---- the save holds the record ----------------------------------------------------------
def test_save_round_trips_the_record(game4: record.Record) -> None:
    state = game4.final()
    text = saves.encode(state, game4.seats, record=game4)
    back = saves.decode(text)
    assert back.record == game4 and back.state == state
    assert record.check(back.record, back.state)[-1] == state


def test_save_with_a_damaged_record_keeps_the_game() -> None:
    rec = play(2, 9, limit=12)
    data = json.loads(saves.encode(rec.final(), rec.seats, record=rec))
    data["record"]["names"] = 7
    back = saves.decode(json.dumps(data))
    assert back.record is None and back.state == rec.final()
    assert saves.decode(saves.encode(rec.final(), rec.seats)).record is None


# ---- share links --------------------------------------------------------------------------
def test_link_round_trip(game4: record.Record) -> None:
    frag = sharelink.encode(game4)
    assert sharelink.is_share("#" + frag) and frag.startswith("replay=1.")
    assert set(frag[len("replay=1."):]) <= sharelink._ALPHABET
    back = sharelink.decode("#" + frag)
    assert back == game4
    assert back.final() == game4.final()


def test_link_of_an_empty_game_and_unicode_names() -> None:
    rec = record.Record(2, 0, ["Zoë", "李"], None, ["human", "hard"], [])
    assert sharelink.decode(sharelink.encode(rec)) == rec


@pytest.mark.parametrize("fragment, kind", [
    ("replay=2.AAAA", "newer"),
    ("replay=0.AAAA", "foreign"),
    ("replay=x.AAAA", "foreign"),
    ("replay=1", "foreign"),
    ("game=1.AAAA", "foreign"),
    ("replay=1.", "damaged"),
    ("replay=1.%%%", "damaged"),
    ("replay=1.A", "damaged"),
    ("replay=1.AAAAAAAA", "damaged"),
    ("replay=1." + "A" * 70_000, "damaged"),
])
def test_damaged_and_foreign_links_are_refused(fragment: str, kind: str) -> None:
    with pytest.raises(sharelink.LinkError) as err:
        sharelink.decode(fragment)
    assert err.value.kind == kind and str(err.value)


def _pack(text: bytes) -> str:
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = c.compress(text) + c.flush()
    import base64
    return "replay=1." + base64.urlsafe_b64encode(raw).decode().rstrip("=")


def test_every_cut_or_changed_link_is_refused_or_replays(game4: record.Record) -> None:
    frag = sharelink.encode(game4)
    for cut in range(len("replay=1.") + 1, len(frag), max(1, len(frag) // 40)):
        with pytest.raises(sharelink.LinkError):
            sharelink.decode(frag[:cut])
    body = list(frag)
    for i in range(len("replay=1."), len(frag), max(1, len(frag) // 40)):
        changed = body.copy()
        changed[i] = "A" if changed[i] != "A" else "B"
        try:
            rec = sharelink.decode("".join(changed))
        except sharelink.LinkError:
            continue
        try:  # a change that still decodes must then be refused by the engine or replay
            rec.states()
        except record.RecordError:
            pass


def test_bombs_and_deep_nesting_are_bounded() -> None:
    bomb = _pack(b'{"a":"' + b"x" * 5_000_000 + b'"}')
    assert len(bomb) < sharelink.MAX_FRAGMENT
    with pytest.raises(sharelink.LinkError, match="far more"):
        sharelink.decode(bomb)
    deep = _pack(b"[" * 50_000 + b"]" * 50_000)
    with pytest.raises(sharelink.LinkError) as err:
        sharelink.decode(deep)
    assert err.value.kind == "foreign"
    with pytest.raises(sharelink.LinkError):
        sharelink.decode(_pack(b'{"p":2,"s":1,"n":["a","b"],"f":null,"k":["human"],"a":""}'))
    with pytest.raises(sharelink.LinkError):
        sharelink.decode(_pack(b"\xff\xfe"))
    assert sharelink.depth_ok('{"a":"[[[[[[[["}') and not sharelink.depth_ok("[[[[]]]]")


# ---- the replay model ----------------------------------------------------------------------
def test_replay_steps_and_clamps(game4: record.Record) -> None:
    r = replay.Replay(game4)
    n = len(game4.actions)
    assert r.pos == n and r.state.is_over
    assert r.first() == 0 and r.prev() == 0 and r.state == game4.start()
    assert r.next() == 1 and r.current_step().action == game4.actions[0]
    assert r.last() == n and r.next() == n
    assert r.go(-3) == 0 and r.go(n + 9) == n


def test_replay_steps_a_turn_at_a_time(game4: record.Record) -> None:
    """Up and down a turn: to the board as each turn began (before its first action),
    back to the start of the turn shown, then of the one before; the game's ends clamp."""
    r = replay.Replay(game4)
    n = len(game4.actions)
    starts = r.turn_starts()
    assert starts[0] == 0 and starts[-1] == n and starts == sorted(set(starts))
    # Each start but the last is the board before a turn's first action.
    heads = [t.steps[0].number - 1 for t in r.turns()]
    assert starts[:-1] == heads
    r.first()
    seen = [r.pos]
    while r.pos < n:
        seen.append(r.next_turn())
    assert seen == starts
    r.go(heads[2] + 1)  # inside the third turn: back to its start, then to the second's
    assert r.prev_turn() == heads[2] and r.prev_turn() == heads[1]
    assert r.first() == 0 and r.prev_turn() == 0
    assert r.last() == n and r.next_turn() == n


def test_the_replay_names_the_turn_that_begins_where_a_turn_step_lands(
        game4: record.Record) -> None:
    """A turn's step lands on the lab as the next turn begins, and the heading names that
    turn (it read "Action 6 of 252, turn 1" there, one turn behind what the player asked
    for); between a turn's actions it names the action shown and its turn."""
    r = replay.Replay(game4)
    n = len(game4.actions)
    names = r.state.names
    assert r.first() == 0 and r.where() == f"Set-up, before the first action (of {n})"
    turns = r.turns()
    for before, turn in zip(turns, turns[1:]):
        k = turn.steps[0].number - 1
        r.go(k)
        seat = turn.steps[0].seat
        assert r.where() == (f"Turn {turn.number} begins ({names[seat]}), after action {k} "
                             f"of {n}"), r.where()
        r.go(k + 1)
        if k + 1 < n and r.steps()[k + 1].turn == turn.number:
            assert r.where() == f"Action {k + 1} of {n}, turn {turn.number}"
        assert before.number < turn.number
    assert r.last() == n and r.where() == f"Action {n} of {n}, turn {turns[-1].number}"


def test_a_replay_says_how_its_game_stands_at_its_end(game4: record.Record) -> None:
    """A shared link opens its replay at the set-up, which said nothing of whether the game
    was over or where it stopped (a play-tester)."""
    over = replay.Replay(game4)
    # Who won is left to the end (a shared replay is watched for it: a play-tester).
    assert over.stands() == ("The game was played to its end: Last » shows how it ended, "
                             f"on turn {over.states[-1].turn_number}.")
    part = replay.Replay(play(3, 5, names=["Ann", "Bo", "Cy"], limit=40))
    end = part.states[-1]
    assert not end.is_over
    assert part.stands() == (f"The game goes as far as turn {end.turn_number}, "
                             f"{end.names[end.current_player]} to play: Last » shows it there.")


def test_replay_turns_cover_every_action_in_order(game4: record.Record) -> None:
    r = replay.Replay(game4)
    turns = r.turns()
    flat = [s for t in turns for s in t.steps]
    assert [s.number for s in flat] == list(range(1, len(game4.actions) + 1))
    assert [s.action for s in flat] == game4.actions
    numbers = [t.number for t in turns]
    assert numbers == sorted(numbers) and len(set(numbers)) == len(numbers)
    states = r.states
    for t in turns:
        assert all(states[s.number - 1].turn_number == t.number for s in t.steps)
        assert t.seat == states[t.steps[0].number - 1].turn


def test_replay_marks_the_chambers_an_action_changed(game4: record.Record) -> None:
    r = replay.Replay(game4)
    for k, text in enumerate(game4.actions, start=1):
        if text.startswith("to "):
            changed = r.changed(k)
            assert text.split()[1] in changed
            break
    assert r.changed(0) == frozenset()
    recycles = [k for k, a in enumerate(game4.actions, 1) if a.startswith("recycle")]
    assert recycles
    for k in recycles[:5]:
        before, after = r.states[k - 1], r.states[k]
        moved = {c.letter for c in after.chambers()
                 if (c.row, c.x) != (before.chamber(c.letter).row, before.chamber(c.letter).x)}
        assert moved and moved <= r.changed(k)  # the recycled chamber is marked at its new place


def test_replay_events_say_what_changed(game4: record.Record) -> None:
    r = replay.Replay(game4)
    moved = next(k for k, a in enumerate(game4.actions, 1) if a.startswith("count"))
    said = r.events(moved)
    assert said and said == [str(e) for e in r.states[moved].events]
    assert r.events(0) == r.setup()


def test_replay_news_leaves_out_the_action_s_own_sentence(game4: record.Record) -> None:
    """The replay shows the action's sentence, then what it did: a deploy's event that
    repeats the sentence is not told a second time."""
    r = replay.Replay(game4)
    twice = [k for k in range(1, r.length + 1)
             if r.steps()[k - 1].sentence in r.events(k)]
    assert twice  # the engine's events do repeat some actions' sentences
    for k in twice:
        assert r.steps()[k - 1].sentence not in r.news(k)
        assert r.news(k) == [e for e in r.events(k) if e != r.steps()[k - 1].sentence]
    k = next(k for k in range(1, r.length + 1) if r.steps()[k - 1].sentence not in r.events(k))
    assert r.news(k) == r.events(k)
    assert r.news(0) == r.setup()


def test_a_replay_mid_game_names_only_the_cards_the_person_took(game4: record.Record) -> None:
    """A replay opened while the game goes on told every card a computer drew ("Ed takes
    Companion Cube as a bonus"), which the game hides; once the game is over, it names
    them all."""
    from cakegame.content import CARD_BY_ID
    from cakegame.events import EventKind
    states = game4.states()
    draws = [(k, e) for k in range(1, len(states)) for e in states[k].events
             if e.kind is EventKind.CARD_TAKEN]
    mine = next(k for k, e in draws if e.seat == 0)
    theirs = next(k for k, e in draws if e.seat != 0)
    cut = game4.branch(max(mine, theirs) + 1)
    cut.seats = ["human", "medium", "medium", "medium"]
    assert not cut.states()[-1].is_over
    live = replay.Replay(cut)
    for k, e in draws:
        if k <= len(cut.actions):
            name = CARD_BY_ID[e.card].name
            said = " ".join(live.events(k))
            assert (f"takes {name}" in said) == (e.seat == 0), (k, said)
    over = replay.Replay(game4)
    k, e = draws[0]
    assert f"takes {CARD_BY_ID[e.card].name}" in " ".join(over.events(k))


def test_the_set_up_says_how_the_game_began(game4: record.Record) -> None:
    """The replay's set-up tells who plays first and in what order, where each division
    stands, the Portals and the deck, from the engine's first state (its news box was
    empty there)."""
    r = replay.Replay(game4)
    s = r.states[0]
    lines = r.setup()
    names = s.names
    first = s.first_player
    assert lines[0] == (f"{names[first]} plays first, then {names[(first + 1) % 4]}, then "
                        f"{names[(first + 2) % 4]}, then {names[(first + 3) % 4]}.")
    starts = {c.letter: c.subjects[0] for c in s.chambers() if c.subjects[0]}
    assert sum(starts.values()) == s.subjects_in_lab()[0] > 0
    assert lines[1].startswith(f"Each division has {s.subjects_in_lab()[0]} Test Subjects in "
                               "the lab (")
    for letter, n in starts.items():
        assert f"{n} in {letter}" in lines[1]
    assert f"{s.supply(0)} more and {s.cake_supply(0)} Cake Slices in its supply" in lines[1]
    portals = [c.letter for c in s.chambers() if c.portal]
    assert len(portals) == 2 and lines[2] == f"The Portals stand in {portals[0]} and {portals[1]}."
    assert lines[3] == f"The deck holds {s.deck_size} Aperture Cards; no one holds a card yet."
    # A game whose first player was chosen: the order starts there.
    other = replay.Replay(play(3, 5, names=["A", "B", "C"], first=2, limit=3))
    assert other.setup()[0] == "C plays first, then A, then B."


def test_continue_from_here_leaves_the_original(game4: record.Record) -> None:
    r = replay.Replay(game4)
    before = game4.to_data()
    r.go(30)
    branch = r.continue_record()
    assert branch.actions == game4.actions[:30] and branch.final() == r.state
    branch.actions.append("end")
    assert game4.to_data() == before


# ---- the story chart ------------------------------------------------------------------------
def test_chart_has_a_line_per_division_and_panel(game4: record.Record) -> None:
    states = game4.states()
    svg = story.chart_svg(states, game4.actions, upto=40)
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    for seat in range(4):
        assert svg.count(f'class="story-line d{seat}"') == 2
    assert "story-cursor" in svg
    drawn = story.chart(states, game4.actions)  # the replay dialog draws once, moves the cursor
    assert drawn.svg(40) == svg and "story-cursor" not in drawn.svg()
    assert drawn.svg(0) != drawn.svg(len(states) - 1)
    assert "<b>" not in svg and "&lt;b&gt;" in svg or "Bo" not in svg
    pts = story.points(states)
    assert pts[0].turn == 0 and len(pts) == len({s.turn_number for s in states[:-1]}) + 1
    assert pts[-1].cake == states[-1].cake_in_lab()


def test_lines_of_divisions_with_the_same_count_stay_apart(game4: record.Record) -> None:
    """At the start no division has cake in the lab: the four cake lines begin at the same
    count, and each is still seen, its colour beside the others' (two divisions with no
    cake had drawn a single line: a play-tester)."""
    import re

    svg = story.chart_svg(game4.states(), game4.actions)
    starts = [float(m) for m in re.findall(r'class="story-line d\d" d="M[\d.]+,([\d.]+)', svg)]
    cake = sorted(starts[:4])  # the cake panel comes first, a line per division
    assert len(cake) == 4
    assert all(b - a >= 1.9 for a, b in zip(cake, cake[1:])), cake
    assert cake[-1] - cake[0] <= 3 * story.LINE_APART + 0.2  # still read as one count


def test_a_phones_chart_keeps_its_text_large_and_its_legend_under_it() -> None:
    long_names = play(4, 11, names=["Bartholomew Longname", "Wheatley Core Unit", "Cy", "Ed"])
    states = long_names.states()
    assert story.width_for(390) == story.NARROW and story.width_for(1280) == story.WIDTH
    wide = story.chart_svg(states, long_names.actions)
    narrow = story.chart_svg(states, long_names.actions, width=story.NARROW)
    # The phone's chart is drawn NARROW units wide, so its 12-unit text shrinks far less.
    box = [float(v) for v in re.search(r'viewBox="([^"]+)"', narrow)[1].split()]
    assert box[2] == story.NARROW
    legend = re.findall(r'<text class="story-legend" x="([\d.]+)" y="([\d.]+)"[^>]*>([^<]*)<',
                        narrow)
    assert [t for _, _, t in legend] == ["Bartholomew L\u2026", "Wheatley Core\u2026", "Cy", "Ed"]
    for x, y, text in legend:  # under the chart's panels, and inside its box
        assert float(y) > story.TOP + 2 * story.NARROW_PANEL_H + story.GAP
        assert float(y) <= box[3] and float(x) + story.text_width(text) <= story.NARROW
    assert len({y for _, y, _ in legend}) == 2  # four long names take two rows
    # The wide chart keeps one row above the top panel, cut the same way.
    wide_legend = re.findall(r'<text class="story-legend"[^>]*y="([\d.]+)"[^>]*>([^<]*)<', wide)
    assert {y for y, _ in wide_legend} == {str(story.TOP - 6)}
    assert "Bartholomew L\u2026" in [t for _, t in wide_legend]
    # The replay's cursor runs down both panels, in either width.
    for width in (story.WIDTH, story.NARROW):
        drawn = story.chart(states, long_names.actions, width)
        cursor = re.search(r'class="story-cursor"[^>]*y2="([\d.]+)"', drawn.svg(3))
        assert cursor and float(cursor[1]) == drawn.bottom + 2
        frames = re.findall(r'class="story-frame"[^>]*y="([\d.]+)"[^>]*height="([\d.]+)"',
                            drawn.svg())
        assert float(frames[-1][0]) + float(frames[-1][1]) == drawn.bottom


def test_a_marked_moment_takes_a_press_along_its_whole_height(game4: record.Record) -> None:
    """Each marked moment of the chart is pressed along its whole line, not only on its dot
    (10 units, about 9 px on a phone): a transparent target from the chart's top to below
    the dot, inside the mark that carries its action's number, as wide as the room to its
    neighbours allows (up to 2 x HIT_HALF): a tap between two dots goes to the nearer (a
    play-tester's tap 8 px off a dot did nothing)."""
    svg = story.chart_svg(game4.states(), game4.actions, width=story.NARROW)
    marks = re.findall(r'<g class="story-swing" data-step="(\d+)"[^>]*><rect class="story-hit" '
                       r'x="([-\d.]+)" y="([-\d.]+)" width="([\d.]+)" height="([\d.]+)"'
                       r'[^>]*/><line x1="([-\d.]+)"[^>]*/><circle cx="[-\d.]+" '
                       r'cy="([-\d.]+)" r="5"', svg)
    assert marks and len(marks) == svg.count('class="story-swing"')
    spans = []
    for _, x, y, w, h, line_x, dot_y in marks:
        left, right, mx = float(x), float(x) + float(w), float(line_x)
        assert float(y) == story.TOP and float(y) + float(h) >= float(dot_y) + 5
        assert mx - story.HIT_HALF - 0.1 <= left < mx - 5 and mx + 5 < right \
            <= mx + story.HIT_HALF + 0.1
        spans.append((mx, left, right))
    spans.sort()
    for (ax, _, a_right), (bx, b_left, _) in zip(spans, spans[1:]):
        assert a_right <= b_left + 0.1  # no overlap
        if bx - ax < 2 * story.HIT_HALF:  # close dots share the room between them
            assert abs(a_right - (ax + bx) / 2) < 0.1 and abs(b_left - (ax + bx) / 2) < 0.1


def test_swings_are_the_weightiest_moments_one_per_turn(game4: record.Record,
                                                        monkeypatch) -> None:
    """The chart marks at most MAX_SWINGS actions, one per turn at most (they would share a
    line): cards played, many Test Subjects at once, cake incinerated, the lead in cake
    changing hands; none lighter than a turn's weightiest left out."""
    states = game4.states()
    weights = {k: story.swing_weight(states[k - 1], states[k], a)
               for k, a in enumerate(game4.actions, 1)}
    full = story.swings(states, game4.actions)
    monkeypatch.setattr(story, "MAX_SWINGS", 4)
    marks = story.swings(states, game4.actions)
    assert len(full) > 4 and len(marks) == 4
    steps = [m.step for m in marks]
    assert steps == sorted(steps) and len({m.turn for m in marks}) == 4
    assert set(steps) <= {m.step for m in full}
    assert min(weights[k] for k in steps) >= max(weights[m.step] for m in full
                                                 if m.step not in steps)
    for m in full:
        text = game4.actions[m.step - 1]
        before, after = states[m.step - 1], states[m.step]
        moved = sum(abs(a - b) for a, b in zip(before.subjects_in_lab(), after.subjects_in_lab()))
        burnt = sum(after.incinerated(i) - before.incinerated(i) for i in range(4))
        lead = story._leaders(before) != story._leaders(after)
        assert text.split()[0] in ("play", "gun") or moved >= 3 or burnt >= 2 or lead
        assert m.text == before.describe(text)
        # the weightiest of its turn
        assert all(weights[k] <= weights[m.step] for k in weights
                   if weights[k] and _turn_index(states, k) == m.turn)
    # An ordinary move that changes no lead is no swing.
    plain = [k for k, a in enumerate(game4.actions, 1) if a.split()[0] in ("from", "to")
             and states[k].subjects_in_lab() == states[k - 1].subjects_in_lab()
             and story._leaders(states[k]) == story._leaders(states[k - 1])]
    assert plain and all(weights[k] == 0 for k in plain)


def _turn_index(states: list, k: int) -> int:
    """The chart's turn index of action k (1 = first), as `story.swings` counts."""
    index = 1
    for j in range(2, k + 1):
        if states[j - 1].turn_number != states[j - 2].turn_number:
            index += 1
    return index


def test_ending_names_the_last_action_and_what_it_did(game4: record.Record) -> None:
    states = game4.states()
    said = story.ending(states, game4.actions)
    # (Its last action is a recycle cut short by the game's end: told as begun.)
    first = eventlog.choice_said(states[-2], game4.actions[-1], states[-1])
    assert first.startswith(states[-2].describe(game4.actions[-1]).split(" recycles ")[0])
    assert said is not None and said.startswith(first)
    assert story.ending(states[:5], game4.actions[:4]) is None
    # Games between computer players: a game that ends with a division's last Test Subject
    # says where it was destroyed and how, and when the last choice only finished a move
    # (the cake carried), the move: "One of Blue's Test Subjects moves from Test Chamber H
    # to Test Chamber M: 1 Blue Test Subject destroyed in M by the Turret".
    endings = []
    for players, seed in ((2, 1), (2, 5), (2, 7), (4, 1), (4, 8)):
        s = cakegame.new_game(players=players, seed=seed)
        states, actions = [s], []
        while not s.is_over:
            a = cakegame.bots.choose(s.view(s.current_player), "medium", seed=len(actions))
            actions.append(str(a))
            s = s.apply(a)
            states.append(s)
        text = story.ending(states, actions)
        assert text is not None
        if actions[-1].startswith("carry "):
            assert " Test Chamber " in text.split(":")[0] and "carry" not in text, text
        else:
            said = eventlog.choice_said(states[-2], actions[-1], states[-1])
            assert text.startswith(said + ": ")
        if s.outcome.reason.value == "no_subjects":
            assert " destroyed in " in text, text
        endings.append(text)
    assert any(" by the Turret" in t and " moves from Test Chamber " in t.split(":")[0]
               for t in endings), endings


def test_an_ending_says_the_new_character_before_the_losses_it_may_cause() -> None:
    """A Portal placed with a card for the Portal Gun puts the card on the pile; when it
    covers Frankenturret's Cardboard Box the Turret is armed again and fires at once. The
    result said only "...: 4 Purple Test Subjects destroyed in M by the Turret" (a
    play-tester asked why): the new Character is said before the losses. A Character that
    comes after the losses (a card's action, then the card put down) is left out."""
    cases = [(2, 880, True), (2, 1215, True), (3, 4, False), (3, 18, False)]
    for players, seed, before in cases:
        s = cakegame.new_game(players=players, seed=seed)
        rng = random.Random(seed)
        states, actions = [s], []
        while not s.is_over:
            a = rng.choice(s.legal_actions())
            actions.append(str(a))
            s = s.apply(a)
            states.append(s)
        kinds = [e.kind.value for e in s.events]
        assert "character" in kinds, (seed, kinds)
        assert (kinds.index("character") < kinds.index("subjects_destroyed")) == before
        text = story.ending(states, actions)
        assert (" is now the active Character, " in text) == before, text
        if before:
            assert text.index("active Character") < text.index(" destroyed in "), text


def test_a_replays_recycle_cut_short_by_the_end_is_told_as_begun() -> None:
    """The replay's last step said "Green recycles chamber A into the top row", and its lab
    showed A still at the old edge (a play-tester; the result and the log said it right):
    told as begun, and why the chamber stays."""
    for seed in range(300):
        s = cakegame.new_game(players=3, seed=seed)
        rng = random.Random(seed)
        actions = []
        while not s.is_over:
            a = str(rng.choice(s.legal_actions()))
            actions.append(a)
            s = s.apply(a)
        if eventlog.recycle_cut_short(actions[-1], s):
            break
    else:
        raise AssertionError("no game ended so")
    rec = record.Record(3, seed, list(s.names), None, ["human"] * 3, actions)
    step = replay.Replay(rec).steps()[-1]
    assert " starts to recycle chamber " in step.sentence, step.sentence
    assert "the game ends before the recycle is done" in step.sentence, step.sentence


def test_a_move_waiting_for_the_cake_it_carries_says_so():
    """The group moves once the cake it carries is chosen: at the count the lab has not
    changed yet, and the replay's sentence had told the move a step early (a play-tester).
    The sentence says the carry comes first; a move with nothing to carry is told as done."""
    import cakegame
    from cakegame.bots import choose
    from ui import eventlog

    waited = done = 0
    for seed in range(6):
        s = cakegame.new_game(players=2, seed=seed)
        k = 0
        while not s.is_over and k < 600:
            a = str(choose(s.view(s.current_player), "easy", seed=k))
            after = s.apply(a)
            if a.startswith("count "):
                said = eventlog.choice_said(s, a, after)
                if after.decision == "carry":
                    # One bracket, "(middle row)": a second read as a stutter (a tester).
                    assert said.count("(") == 1 and said.endswith(
                        "; first, the Cake Slice it may carry is chosen" if a == "count 1"
                        else "; first, the Cake Slices they carry are chosen"), said
                    waited += 1
                else:
                    assert "first, the Cake Slice" not in said, said
                    done += 1
            s, k = after, k + 1
    assert waited and done
