"""Action's typed accessors: every legal action of random games reads back as its text."""

from __future__ import annotations

import cakegame
from cakegame import Action, Verb
from conformance import chooser


def rebuilt(a: Action) -> str:
    """The action's text, written from its accessors only."""
    v = a.verb
    words: list[str] = [v.value]
    if v is Verb.BONUS:
        words.append(a.bonus or "")
        if a.chamber:
            words.append(a.chamber)
    elif v is Verb.CARRY:
        words.append("none" if a.passes else str(a.seat))
    elif v in (Verb.CUBE, Verb.TURRET) and a.passes:
        words.append("stay")
    elif a.card is not None:
        words.append(a.card)
    elif a.count is not None:
        words.append(str(a.count))
    elif a.row is not None:
        words.append(a.row)
    elif a.chamber is not None:
        words.append(a.chamber)
        if a.to is not None:
            words.append(a.to)
        if a.seat is not None:
            words.append(str(a.seat))
    return " ".join(words)


def test_every_legal_action_reads_back_through_its_accessors():
    seen: set[Verb] = set()
    for players in (2, 3, 4):
        for seed in range(4):
            s = cakegame.new_game(players=players, seed=seed)
            pick = chooser(players, seed)
            while not s.is_over:
                legal = s.legal_actions()
                for a in legal:
                    assert rebuilt(a) == str(a), a
                    seen.add(a.verb)
                s = s.apply_unchecked(pick.choice(legal))
    assert len(seen) >= len(Verb) - 2  # the random games reach nearly every kind


def test_accessors_say_none_where_an_action_names_nothing():
    a = Action.parse("end")
    assert (a.chamber, a.to, a.seat, a.card, a.count, a.row, a.bonus, a.passes) == \
        (None, None, None, None, None, None, None, False)
    assert Action.parse("shift E C").to == "C" and Action.parse("to H").to is None
    assert Action.parse("from C 1").seat == 1 and Action.parse("from C").seat is None
    assert Action.parse("cube stay").chamber is None and Action.parse("cube stay").passes


def test_pending_is_typed_and_still_reads_as_the_dict_it_was():
    from cakegame.builder import build

    lab = "A B C D E\nF G H I J\nK L M N O"
    s = build(2, lab, subjects={"F": [2, 1], "A": [1, 1]}, cake={"F": [1, 1]}, step="move")
    p = s.pending
    assert p.kind == "move" and p.seat == 0 and p.own is True and p.src is None
    assert p["k"] == "move" and p.get("src") is None and p["bonus"] is True
    s = s.apply("from F").apply("to G").apply("count 1")
    p = s.pending
    assert p.kind == "carry" and (p.src, p.dst, p.n, p.mover, p.picks) == ("F", "G", 1, 0, ())
    assert p["picks"] == [] and dict(p)["src"] == "F"
    over = build(2, lab, subjects={"A": [1, 0]}, step="move")
    assert over.is_over and over.pending == {} and not over.pending
