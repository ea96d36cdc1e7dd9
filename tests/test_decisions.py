"""The table of decision kinds (cakegame.decisions.KINDS) is whole: every frame kind, verb
and card effect has its unit, and each unit's parts agree with the rest of the engine."""

from __future__ import annotations

import cakegame
from cakegame import Verb, decisions, rules, serial
from cakegame.content import CARDS, Effect
from cakegame.data import Frame
from cakegame.pending import FIELDS as PENDING_FIELDS
from cakegame.rng import Rng

KINDS = decisions.KINDS


def test_every_frame_kind_of_the_rules_has_its_unit() -> None:
    named = {v for k, v in vars(rules).items() if k.startswith("F_")}
    assert named == set(KINDS)
    assert [k for k, kind in KINDS.items() if not kind.decided] == [rules.F_PUT]
    for k, kind in KINDS.items():
        assert kind.kind == k


def test_every_verb_and_every_card_effect_belongs_to_a_kind() -> None:
    assert set(decisions.BY_VERB) == set(Verb)
    assert set(decisions.BY_EFFECT) == set(Effect)
    for card in CARDS:
        for e in card.effects:
            assert decisions.BY_EFFECT[e].decided, f"{card.id}: {e} opens no decision"


def test_a_verb_is_answered_only_by_the_kinds_that_list_it() -> None:
    """Over random games, every legal action's verb is one its open kind lists."""
    for seed in range(6):
        s = cakegame.new_game(players=2 + seed % 3, seed=seed)
        pick = Rng(seed)
        while not s.is_over:
            kind = KINDS[s.decision or ""]
            legal = s.legal_actions()
            assert {a.verb for a in legal} <= set(kind.verbs), kind.kind
            assert kind.prompt(s._d, s._d["stack"][-1])
            s = s.apply(pick.choice(legal))


def test_saved_fields_are_declared_once_and_typed_in_pending_and_data() -> None:
    assert serial.FRAME_FIELDS == {k: kind.fields for k, kind in KINDS.items()}
    typed = set(Frame.__annotations__)
    for k, kind in KINDS.items():
        for field in kind.fields:
            assert field in PENDING_FIELDS, f"{k}.{field} has no place in Pending"
            assert field in typed, f"{k}.{field} is not in data.Frame"
        if kind.decided:
            assert "seat" in kind.fields, k


def test_each_kind_builds_frames_with_exactly_its_saved_fields() -> None:
    built = [decisions.DEPLOY.frame(0), decisions.DISCARD.frame(0), decisions.SHIFT.frame(0),
             decisions.BONUS.frame(0), decisions.ACTIVATE.frame(0),
             decisions.TURRET_ANY.frame(0), decisions.FIRE.frame(0), decisions.DESTROY.frame(0),
             decisions.RECYCLE.frame(0), decisions.MOVE.new(0, own=True, bonus=True),
             decisions.CARRY.new(0, 1, 2, 3, 1, 1, False), decisions.REWARD.new(0, "S"),
             decisions.PORTAL.new(0, False), decisions.PUT.new("wheatley")]
    assert sorted(f["k"] for f in built) == sorted(KINDS)
    for f in built:
        assert list(f) == ["k", *KINDS[f["k"]].fields], f["k"]


def test_a_saved_frame_that_contradicts_the_game_is_refused_with_its_kinds_words() -> None:
    """`problem` (the kind's own check) reaches serial.load."""
    s = cakegame.new_game(players=2, seed=1)
    while s.decision != "move":
        s = s.apply(s.legal_actions()[-1])
    data = s.to_data()
    top = data["stack"][-1]
    top["dst"] = top["src"] = None
    top["who"] = 1
    try:
        cakegame.State.from_json(data)
    except ValueError as e:
        assert "source and its owner are chosen together" in str(e)
    else:
        raise AssertionError("a move with an owner but no source was accepted")


def test_chambers_off_the_old_edge_are_one_list_in_board_order() -> None:
    """`Layout.off_old_edge` is every chamber but each row's last, in board order, in every
    lab random games reach; the Portal Gun offers exactly it for its first token."""
    seen = 0
    for seed in range(4):
        s = cakegame.new_game(players=2 + seed % 3, seed=seed)
        pick = Rng(seed)
        while not s.is_over:
            lay = rules.lab(s._d)
            assert lay.off_old_edge == tuple(p for p in lay.order if p not in lay.old_edge)
            assert set(lay.off_old_edge).isdisjoint(lay.old_edge)
            if s.decision == rules.F_PORTAL and not s.pending.any and s.pending.first is None:
                offered = [a.chamber for a in s.legal_actions()]
                assert offered == [rules.letter(p) for p in lay.off_old_edge]
                seen += 1
            s = s.apply(pick.choice(s.legal_actions()))
    assert seen > 0
