"""Words for players: what is being asked, what an action does, why one is refused, and a
plain-text picture of the lab for tests, bug reports and error messages.

The words of each kind of decision (its prompt, its actions' sentences, its refusals) are
in its class in decisions.py; this module finds the kind and adds what is common."""

from __future__ import annotations

from typing import Any

from . import geometry as geo
from .actions import Action, IllegalActionError
from .content import PANEL_LETTERS, PANELS, ROWS
from .decisions import BY_VERB, KINDS
from .words import Said, card_name, chamber, name

Data = dict[str, Any]


def _name(d: Data, seat: int) -> str:
    return name(d, seat)


def prompt(d: Data) -> str:
    """What the seat to act must do, e.g. 'choose a chamber to move from': the open
    decision kind's own words (decisions.py)."""
    if d["over"] is not None or not d["stack"]:
        return "the game is over"
    f = d["stack"][-1]
    return KINDS[f["k"]].prompt(d, f)


def describe(d: Data, a: Action) -> str:
    """One sentence telling what action `a` does, said from the state before it: the words
    of the decision kind whose verb it is (decisions.BY_VERB)."""
    f = d["stack"][-1] if d["stack"] else {}
    who = _name(d, f["seat"]) if f.get("seat") is not None else "Someone"
    said = Said(who=who,
                here=chamber(d, a.chamber) if a.chamber is not None else "the chamber",
                there=chamber(d, a.to) if a.to is not None else "another chamber",
                card=card_name(a.card) if a.card is not None else "a card")
    kind = BY_VERB.get(a.verb)
    if kind is None:
        return f"{who}: {a}"
    return kind.sentence(d, f, a, said)


def refusal(d: Data, a: Action, legal: list[Action]) -> IllegalActionError:
    """Why `a` is refused now, in words a player understands: the error to raise, which
    holds the reason and the choices apart for a page to say them its own way."""
    if d["over"] is not None:
        return IllegalActionError(f"{a} is not possible: the game is over", action=str(a),
                                  reason="the game is over")
    f = d["stack"][-1]
    who = _name(d, f["seat"])
    asked = f"{who} must {prompt(d)}"
    same = [x for x in legal if x.verb is a.verb]
    if not same:
        return IllegalActionError(f"{a} is not possible now: {asked}", action=str(a),
                                  reason=asked, choices=tuple(str(x) for x in legal))
    choices = tuple(str(x) for x in same)
    options = ", ".join(choices[:6]) + (" ..." if len(choices) > 6 else "")
    try:
        why = KINDS[f["k"]].refusal(d, f, a, same, who)
    except ValueError as e:
        why = str(e)
    if why is None:
        return IllegalActionError(f"{a} is not possible now ({asked}); the choices are: "
                                  f"{options}", action=str(a), choices=choices)
    return IllegalActionError(f"{a} is not possible: {why}; the choices are: {options}",
                              action=str(a), reason=why, choices=choices)


def board_text(d: Data) -> str:
    """The game as a few lines of text: one line a row, then the divisions."""
    n = d["players"]
    lines = []
    if d["over"] is not None:
        o = d["over"]
        lines.append(f"Game over ({o['reason']}): won by "
                     + " and ".join(_name(d, s) for s in o["winners"]))
    else:
        f = d["stack"][-1]
        lines.append(f"Turn {d['turn_no']}, {_name(d, d['turn'])}'s turn ({d['phase']}); "
                     f"{_name(d, f['seat'])} must {prompt(d)}")
    for r, row in enumerate(geo.rows(d["pos"])):
        cells = []
        for p in row:
            tokens = "".join(t for t, on in (("P", p in d["portals"]), ("T", d["turret"] == p),
                                            ("Q", d["cube"] == p), ("G", d["glados"] == p)) if on)
            subj = "/".join(str(c) for c in d["sub"][p])
            cake = "/".join(str(c) for c in d["cake"][p])
            cells.append(f"{PANEL_LETTERS[p]}:{PANELS[p].faces[d['face'][p]]}"
                         f" s{subj} c{cake}{' ' + tokens if tokens else ''}")
        first_x = d["pos"][row[0]][1] if row else 0
        lines.append(f"{ROWS[r]:>6} x{first_x:+d}: " + " | ".join(cells))
    for s in range(n):
        lines.append(f"  {_name(d, s)}: supply {d['supply'][s]} subjects, "
                     f"{d['cake_supply'][s]} cake; incinerated {d['burned'][s]}; "
                     f"hand {len(d['hands'][s])}")
    top = d["discard"][-1] if d["discard"] else "none"
    lines.append(f"  deck {len(d['deck'])} (top {d['deck'][0] if d['deck'] else '-'}), "
                 f"character {top}")
    return "\n".join(lines)
