"""Words for players: what is being asked, what an action does, why one is refused, and a
plain-text picture of the lab for tests, bug reports and error messages."""

from __future__ import annotations

from typing import Any

from . import geometry as geo
from . import rules
from .actions import Action, Verb
from .content import CARD_BY_ID, HAND_LIMIT, ICON_NAMES, PANEL_LETTERS, PANELS, ROWS, Icon

Data = dict[str, Any]


def _name(d: Data, seat: int) -> str:
    return d["names"][seat]


def _chamber(d: Data, p: int | str) -> str:
    if isinstance(p, str):
        p = rules.panel_of(p)
    pos = d["pos"][p]
    where = f" ({ROWS[pos[0]]} row)" if pos is not None else ""
    return f"chamber {PANEL_LETTERS[p]}{where}"


def _card(card: str) -> str:
    return CARD_BY_ID[card].name if card in CARD_BY_ID else card


def _subjects(n: int) -> str:
    return _counted(n, "Test Subject")


def _counted(n: int, thing: str) -> str:
    """'1 Cake Slice', '4 Test Subjects'."""
    return f"{n} {thing}{'s' if n != 1 else ''}"


PROMPTS = {
    rules.F_DEPLOY: "deploy a card, or end deploying",
    rules.F_DISCARD: f"discard down to {HAND_LIMIT} cards",
    rules.F_SHIFT: "move a Portal token",
    rules.F_CARRY: "choose the Cake Slice a moving Test Subject carries",
    rules.F_BONUS: "take a free Test Subject or an Aperture Card",
    rules.F_ACTIVATE: "choose an old-edge chamber to activate",
    rules.F_TURRET_ANY: "put the Turret in a chamber",
    rules.F_FIRE: "choose the chamber the Turret fires into",
    rules.F_DESTROY: "choose a Test Subject to destroy",
    rules.F_RECYCLE: "choose the row that receives the recycled chamber",
}

# What each icon asks for, when a card's action (not an activation) pays it: one, and more.
CARD_ICON_TASKS = {
    Icon.SUBJECT: ("deliver a Test Subject", "deliver {n} Test Subjects"),
    Icon.CAKE: ("deliver a Cake Slice", "deliver {n} Cake Slices"),
    Icon.CARD: ("take an Aperture Card", "take {n} Aperture Cards"),
    Icon.CUBE: ("place the Companion Cube", "place the Companion Cube"),
    Icon.TURRET: ("move the Turret", "move the Turret up to {n} steps"),
}


def prompt(d: Data) -> str:
    """What the seat to act must do, e.g. 'choose a chamber to move from'."""
    if d["over"] is not None or not d["stack"]:
        return "the game is over"
    f = d["stack"][-1]
    k = f["k"]
    if k == rules.F_PORTAL:
        return "place the first Portal token" if f["first"] is None else \
            "place the second Portal token"
    if k == rules.F_MOVE:
        if f["src"] is None:
            whose = "" if f["own"] else " another division's"
            return f"choose a chamber to move{whose} Test Subjects from"
        if f["dst"] is None:
            return f"choose where the Test Subjects in chamber {PANEL_LETTERS[f['src']]} go"
        return "choose how many Test Subjects move"
    if k == rules.F_REWARD:
        # Under a card being carried out (its PUT frame), the icons are that card's action.
        card = next((g["card"] for g in d["stack"] if g["k"] == rules.F_PUT), None)
        if card is not None:
            tasks = [CARD_ICON_TASKS[Icon(c)][n > 1].format(n=n)
                     for c in dict.fromkeys(f["icons"]) if (n := f["icons"].count(c))]
            return f"carry out {CARD_BY_ID[card].action_title} ({', '.join(tasks)})"
        # Counted, so a doubled icon (Surprise!, Cake Facts) reads "4 Test Subjects".
        counted = [_counted(f["icons"].count(c), ICON_NAMES[Icon(c)])
                   for c in dict.fromkeys(f["icons"])]
        return "collect rewards: " + ", ".join(counted)
    return PROMPTS[k]


def describe(d: Data, a: Action) -> str:
    """One sentence telling what action `a` does, said from the state before it."""
    f = d["stack"][-1] if d["stack"] else {}
    who = _name(d, f["seat"]) if f.get("seat") is not None else "Someone"
    V = Verb
    v = a.verb
    here = _chamber(d, a.chamber) if a.chamber is not None else "the chamber"
    there = _chamber(d, a.to) if a.to is not None else "another chamber"
    card = _card(a.card) if a.card is not None else "a card"
    if v is V.END:
        return f"{who} finishes deploying cards"
    if v is V.PLAY:
        c = CARD_BY_ID[a.card or ""]
        return f"{who} deploys {c.name}: {c.action_title}"
    if v is V.GUN:
        return f"{who} deploys {card} to fire the Portal Gun"
    if v is V.DISCARD:
        return f"{who} discards {card}"
    if v is V.BURN:
        return f"{who} incinerates one of their Cake Slices in {here}"
    if v is V.PORTAL:
        return f"{who} places a Portal in {here}"
    if v is V.SHIFT:
        return f"{who} moves the Portal in chamber {a.chamber} to {there}"
    if v is V.FROM:
        if a.seat is not None:
            return (f"{who} picks {_name(d, a.seat)}'s Test Subjects in "
                    f"{here}")
        return f"{who} picks their Test Subjects in {here}"
    if v is V.TO:
        return f"{who} sends them to {here}"
    if v is V.COUNT:
        owner = "" if f.get("who") == f.get("seat") else f" of {_name(d, f['who'])}'s"
        return (f"{who} moves {_subjects(a.count or 0)}{owner} from chamber "
                f"{PANEL_LETTERS[f['src']]} to {_chamber(d, f['dst'])}")
    if v is V.CARRY:
        if a.seat is None:
            return f"{who}'s moving Test Subjects carry no more Cake Slices"
        whose = "their own" if a.seat == f.get("seat") else f"{_name(d, a.seat)}'s"
        return f"{who}'s Test Subject carries one of {whose} Cake Slices"
    if v is V.BONUS:
        if a.bonus == "card":
            return f"{who} takes an Aperture Card as a bonus"
        return f"{who} takes a free Test Subject into {here}"
    if v is V.ACTIVATE:
        return f"{who} activates {here}"
    if v is V.SUBJECT:
        return f"{who} delivers a Test Subject to {here}"
    if v is V.CAKE:
        return f"{who} delivers a Cake Slice to {here}"
    if v is V.CARD:
        return f"{who} takes an Aperture Card"
    if v is V.CUBE:
        if a.passes:
            return f"{who} leaves the Companion Cube where it is"
        return f"{who} places the Companion Cube in {here}"
    if v is V.TURRET:
        if a.passes:
            return f"{who} leaves the Turret where it is"
        return f"{who} puts the Turret in {here}"
    if v is V.FIRE:
        return f"{who} has the Turret fire into {here}"
    if v is V.DESTROY:
        return (f"{who} destroys a Test Subject of {_name(d, a.seat or 0)} in "
                f"{here}")
    if v is V.RECYCLE:
        g = d["glados"]
        what = f"chamber {PANEL_LETTERS[g]}" if g is not None else "the chamber"
        return f"{who} recycles {what} into the {a.row} row"
    return f"{who}: {a}"


def why_illegal(d: Data, a: Action, legal: list[Action]) -> str:
    """Why `a` is refused now, in words a player understands."""
    if d["over"] is not None:
        return f"{a} is not possible: the game is over"
    f = d["stack"][-1]
    who = _name(d, f["seat"])
    asked = f"{who} must {prompt(d)}"
    same = [x for x in legal if x.verb is a.verb]
    if not same:
        return f"{a} is not possible now: {asked}"
    v, args = a.verb, a.args
    try:
        if v is Verb.TO and f.get("src") is not None and args:
            dst = rules.panel_of(args[0])
            if dst == f["src"]:
                return f"{a} is not possible: the Test Subjects must leave their chamber"
            if d["pos"][dst] is None:
                return f"{a} is not possible: chamber {args[0].upper()} is not in the lab"
            return (f"{a} is not possible: chamber {args[0].upper()} is not adjacent to "
                    f"chamber {PANEL_LETTERS[f['src']]}")
        if v is Verb.COUNT:
            most = len(same)
            return f"{a} is not possible: at most {_subjects(most)} can move from there"
        if v in (Verb.PLAY, Verb.GUN) and args:
            hand = d["hands"][f["seat"]]
            if args[0] in hand:
                return (f"{a} is not possible: {_card(args[0])} arrived this turn and can "
                        "be deployed from the next turn on")
            return f"{a} is not possible: {who} does not hold {args[0]}"
        if v is Verb.ACTIVATE and args:
            p = rules.panel_of(args[0])
            if p not in geo.old_edge(d["pos"]):
                return f"{a} is not possible: only chambers on the old edge can be activated"
            return (f"{a} is not possible: picking up chamber {args[0].upper()} would "
                    "break the lab in two")
    except ValueError as e:
        return f"{a} is not possible: {e}"
    options = ", ".join(str(x) for x in same[:6]) + (" ..." if len(same) > 6 else "")
    return f"{a} is not possible now ({asked}); the choices are: {options}"


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
