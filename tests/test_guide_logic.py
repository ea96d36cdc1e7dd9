"""The coach of the guided first game, walked through a whole game under CPython."""

from __future__ import annotations

import json

import cakegame
import cakegame.bots
import pytest
from ui import guide, session


def learner_seed(k: int) -> int:
    """The seed the tests' stand-in learner plays action `k` with (the page test uses it)."""
    return 1000 + k


def walk() -> list[tuple[guide.Tip, cakegame.State, list[str]]]:
    """A whole guided game: the learner's seat played by an easy bot, the tips as shown."""
    s = cakegame.new_game(players=guide.PLAYERS, seed=guide.SEED, names=guide.NAMES,
                          first_player=guide.FIRST)
    seen: list[str] = []
    shown = []
    k = 0
    while not s.is_over:
        texts = [str(a) for a in s.legal_actions()]
        while (t := guide.tip(s, texts, seen)) is not None:
            seen.extend(guide.keys(t.key))
            shown.append((t, s, texts))
        seat = s.current_player
        seed = learner_seed(k) if seat == guide.FIRST else session.bot_seed(s.seed, k, seat)
        s = s.apply(cakegame.bots.choose(s.view(seat), "easy", seed=seed))
        k += 1
    return shown


@pytest.fixture(scope="module")
def shown() -> list:
    return walk()


def test_every_tip_comes_up_once_on_the_fixed_deal(shown: list) -> None:
    keys = [k for t, _, _ in shown for k in guide.keys(t.key)]
    assert sorted(keys) == sorted(guide.KEYS)
    assert guide.finished(keys) and not guide.finished(keys[:-1])
    assert keys[0] == "welcome"


def test_tips_come_only_on_the_learners_decisions(shown: list) -> None:
    for tip, s, _ in shown:
        assert s.current_player == guide.FIRST and not s.is_over
        assert tip.title and tip.text
        chambers = {c.letter for c in s.chambers()}
        assert set(tip.point) <= chambers, (tip.key, tip.point)


def test_what_the_coach_says_is_what_the_engine_does(shown: list) -> None:
    for tip, s, texts in shown:
        verbs = {t.split()[0] for t in texts}
        me = s.current_player
        if tip.key == "welcome":
            assert set(tip.point) == {c.letter for c in s.chambers() if c.subjects[me]}
        elif tip.key == "move":
            assert set(tip.point) == {t.split()[1] for t in texts if t.startswith("from")}
            for letter in tip.point:  # "a chamber next to it": every destination shares an edge
                after = s.apply(f"from {letter}")
                assert all(t.startswith("to ") for t in map(str, after.legal_actions()))
        elif tip.key == "count" and "count 1" in texts and s.rule is None:
            assert s.apply("count 1").decision == "bonus"  # one subject earns the bonus
        elif tip.key == "activate":
            assert tip.point and set(tip.point) <= {c.letter for c in s.chambers() if c.old_edge}
            for letter in tip.point:
                c = s.chamber(letter)
                after = s.apply(f"activate {letter}")
                rewarded = after.decision in ("reward", "turret_any") and \
                    after.current_player == me
                most = c.subjects[me] > max(n for i, n in enumerate(c.subjects) if i != me)
                if rewarded and s.rule is None:
                    assert most and not c.cube  # strictly most and no Cube: the rewards
                if s.rule is None and (not most or c.cube):
                    assert not rewarded
        elif tip.key == "recycle" and s.rule is None:
            glados = next(c for c in s.chambers() if c.glados)
            after = s.apply(next(t for t in texts if t.startswith("recycle")))
            for seat in range(s.players):
                assert after.supply(seat) == s.supply(seat) + glados.subjects[seat]
                assert after.incinerated(seat) == s.incinerated(seat) + glados.cake[seat]
        elif tip.key.startswith("reward-"):
            for key in guide.keys(tip.key):
                assert key.split("-")[1] in verbs, (tip.key, verbs)
        elif tip.key in ("deploy", "gun", "bonus", "carry"):
            assert {"deploy": "play"}.get(tip.key, tip.key) in verbs


def test_rewards_offered_together_are_explained_together(shown: list) -> None:
    """The fixed deal offers a Cake Slice and the Turret at once (turn 11): one tip says
    both, since the learner may collect either first and the other's would never come."""
    together = [(tip, texts) for tip, _, texts in shown if "+" in tip.key]
    assert together
    for tip, texts in together:
        parts = guide.keys(tip.key)
        assert len(parts) >= 2 and all(k in guide.KEYS for k in parts)
        assert tip.title.startswith("Rewards: ")
        singles = {k: r for k, r in guide.RULES}
        for k in parts:
            assert singles[k](_state_of(shown, tip), texts).text in tip.text


def _state_of(shown: list, tip: guide.Tip) -> cakegame.State:
    return next(s for t, s, _ in shown if t is tip)


def test_the_move_is_explained_at_its_second_step_if_the_first_went_by() -> None:
    """On the first turn the welcome is open while the learner picks a chamber; acting
    closes it, and the move is then explained at the destination, not two turns later."""
    s = cakegame.new_game(players=2, seed=guide.SEED, names=guide.NAMES,
                          first_player=guide.FIRST)
    start = next(str(a) for a in s.legal_actions() if str(a).startswith("from "))
    s = s.apply(start)
    texts = [str(a) for a in s.legal_actions()]
    tip = guide.tip(s, texts, ["welcome"])
    assert tip is not None and tip.key == "move"
    assert set(tip.point) == {t.split()[1] for t in texts if t.startswith("to ")}
    assert "now pick a chamber next to it" in tip.text


def test_a_tip_waits_for_its_step() -> None:
    s = cakegame.new_game(players=2, seed=guide.SEED, names=guide.NAMES,
                          first_player=guide.FIRST)
    texts = [str(a) for a in s.legal_actions()]
    assert guide.tip(s, texts, []).key == "welcome"
    assert guide.tip(s, texts, ["welcome"]).key == "move"
    assert guide.tip(s, texts, list(guide.KEYS)) is None
    other = cakegame.new_game(players=2, seed=guide.SEED, first_player=1)
    assert guide.tip(other, [str(a) for a in other.legal_actions()], []) is None


def test_seen_tips_from_a_save_are_cleaned() -> None:
    assert guide.clean_seen(["move", "bogus", 3, "welcome"]) == ["welcome", "move"]
    assert guide.clean_seen("move") == [] and guide.clean_seen(None) == []


def test_the_coach_keeps_its_place_in_the_games_ui() -> None:
    s = cakegame.new_game(players=2, seed=guide.SEED, names=guide.NAMES,
                          first_player=guide.FIRST)
    texts = [str(a) for a in s.legal_actions()]
    ui = {"guide": guide.new_guide()}
    first = guide.next_tip(ui, s, texts)
    assert first.key == "welcome" and ui["guide"]["seen"] == ["welcome"]
    assert guide.next_tip(ui, s, texts).key == "welcome"  # open until closed
    guide.acted(ui)
    assert guide.next_tip(ui, s, texts).key == "move"
    saved = json.loads(json.dumps(ui))  # what the save keeps
    assert guide.next_tip(saved, s, texts) == guide.next_tip(ui, s, texts)
    guide.leave(ui)
    assert not guide.active(ui) and guide.next_tip(ui, s, texts) is None
    assert guide.next_tip({}, s, texts) is None


def test_a_damaged_guide_in_a_save_says_nothing_odd() -> None:
    s = cakegame.new_game(players=2, seed=guide.SEED, names=guide.NAMES,
                          first_player=guide.FIRST)
    texts = [str(a) for a in s.legal_actions()]
    for g in ({"seen": 5, "open": 7}, {"open": {"title": 1}}, {"open": {"title": "t", "text":
                                                                        "x", "point": "AB"}}):
        tip = guide.next_tip({"guide": g}, s, texts)
        assert tip is not None and tip.key == "welcome"


def test_the_coach_says_when_the_guide_is_done() -> None:
    s = cakegame.new_game(players=2, seed=guide.SEED, names=guide.NAMES,
                          first_player=guide.FIRST)
    ui = {"guide": {"seen": list(guide.KEYS), "open": None, "off": False}}
    assert guide.next_tip(ui, s, [str(a) for a in s.legal_actions()]) is guide.DONE
    guide.acted(ui)
    assert guide.next_tip(ui, s, [str(a) for a in s.legal_actions()]) is None


def test_the_turrets_tip_says_what_the_decision_offers() -> None:
    """A card's Turret (Hostile Takeover) goes to any chamber off the old edge and cannot
    stay; the coach had given the reward's words (next door, or leave it), which the board
    contradicted (a play-tester)."""
    from enginehelp import pos
    s = pos(hands=[["anger"], []]).apply("play anger")
    texts = [str(a) for a in s.legal_actions()]
    assert s.decision == "turret_any" and "turret stay" not in texts
    card = guide.tip(s, texts, set(guide.KEYS) - {"reward-turret"})
    assert card is not None and "cannot stay" in card.text and "leave it" not in card.text
    assert set(card.point) == {t.split()[1] for t in texts}
    reward = next(t for t, st, _ in walk() if "reward-turret" in guide.keys(t.key)
                  and st.decision == "reward")
    assert "leave it" in reward.text and "cannot stay" not in reward.text


def test_the_first_character_in_force_is_explained_with_its_rule(shown: list) -> None:
    """Under Underdog Protocol the fewest Test Subjects earn a chamber's rewards, which
    undoes the activation tip's "strictly more": a learner met it with nothing said. The
    first Character in force is told, with its rule, at the learner's next decision."""
    [(tip, s, _)] = [x for x in shown if x[0].key == "character"]
    card = s.character
    assert card is not None
    assert card.character_title in tip.text and card.character_text in tip.text
    earlier = [x for x in shown if x[1].turn_number < s.turn_number]
    assert all(x[1].character is None or x[0].key == "character" for x in earlier)


def test_a_cards_action_paying_a_card_is_not_told_as_a_chambers_icon() -> None:
    """Faithful Friend places the Cube and takes a card: the coach told "An Aperture Card
    icon gives you the deck's top card" there (a play-tester). A card's action opens the
    Cube's tip, whose words fit either, and leaves the icons' tips to an activation."""
    from cakegame.content import CARD_IDS
    from enginehelp import pos

    s = pos(hands=[["cube"], []], deck=[c for c in CARD_IDS if c != "cube"])
    s = s.apply("play cube")
    assert s.decision == "reward" and s.phase == "deploy"
    texts = [str(a) for a in s.legal_actions()]
    assert s.pending.icons == "qa"  # the Cube, then a card
    shown = guide.tip(s, texts, [k for k in guide.KEYS
                                 if k not in ("reward-cube", "reward-card")])
    assert shown is not None and guide.keys(shown.key) == ["reward-cube"], shown
