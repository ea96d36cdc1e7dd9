"""The rules: the flow of the game, and the helpers that read and change the board.

The game's data is one plain dict (the JSON of a save, see `state.py`). Decisions waiting to
be made are kept on a stack of *frames*; the top frame is the decision now open and its
`seat` is who makes it. A turn pushes the frames of its steps in order; a deployed card
pushes the frames of its effects; an activation pushes the rewards and the recycle.

`options(d)` lists the legal actions of the top frame and `play(d, action)` carries one out
in place, then `settle(d)` runs everything that needs no decision (the next step, the next
turn, effects that fizzle) until a decision is open or the game is over. Only those two are
used from outside. What each kind of decision offers and does is its class in decisions.py
(the table `decisions.KINDS`); this module dispatches to it and holds what the kinds share:
reading the lab, the board changes that tell their events, the turn's steps and the end.
"""

from __future__ import annotations

from typing import Any

from . import events as ev
from . import geometry as geo
from . import rng as rngmod
from .actions import Action, IllegalActionError
from .content import (
    CAKE_PER_DIVISION,
    CARD_BY_ID,
    HAND_LIMIT,
    OPERA_CAKE,
    PANEL_LETTERS,
    PANELS,
    ROWS,
    Effect,
    Icon,
    Rule,
)

Data = dict[str, Any]
Frame = dict[str, Any]

DEPLOY, MOVE, ACTIVATE = "deploy", "move", "activate"

# Frame kinds: the keys of decisions.KINDS, where each has its class. Each is a decision of
# one seat except PUT, which needs none.
F_DEPLOY = "deploy"
F_DISCARD = "discard"
F_PORTAL = "portal"
F_SHIFT = "shift"
F_MOVE = "move"
F_CARRY = "carry"
F_BONUS = "bonus"
F_ACTIVATE = "activate"
F_REWARD = "reward"
F_TURRET_ANY = "turret_any"
F_FIRE = "fire"
F_DESTROY = "destroy"
F_RECYCLE = "recycle"
F_PUT = "put"  # a deployed card goes onto the discard pile once its effects are done

# ---------------------------------------------------------------- telling what happened


def tell(d: Data, kind: str, seat: int | None = None, chamber: int | None = None,
         to: int | None = None, count: int = 1, cause: str | None = None,
         card: str | None = None, row: str | None = None) -> None:
    """Record one consequence of the action being carried out (see events.py): chambers
    are given as panels and saved as letters; fields left at their default are not saved."""
    e: dict[str, Any] = {"k": kind}
    if seat is not None:
        e["seat"] = seat
    if chamber is not None:
        e["chamber"] = PANEL_LETTERS[chamber]
    if to is not None:
        e["to"] = PANEL_LETTERS[to]
    if count != 1:
        e["count"] = count
    if cause is not None:
        e["cause"] = cause
    if card is not None:
        e["card"] = card
    if row is not None:
        e["row"] = row
    d["events"].append(e)


def card_in_play(d: Data) -> str | None:
    """The card whose Aperture action is being carried out, if any."""
    for f in d["stack"]:
        if f["k"] == F_PUT:
            return f["card"]
    return None


# ---------------------------------------------------------------- reading the data


def letter(p: int) -> str:
    return PANEL_LETTERS[p]


def panel_of(name: str) -> int:
    """The panel index for a chamber letter; IllegalActionError if there is none."""
    if len(name) == 1 and "A" <= name.upper() <= "R":
        return ord(name.upper()) - ord("A")
    raise IllegalActionError(f"{name!r} is not a chamber (chambers are lettered A-R)")


def rule(d: Data) -> Rule | None:
    """The rule changed by the active Character (the top of the discard pile), if any."""
    return CARD_BY_ID[d["discard"][-1]].rule if d["discard"] else None


def lab(d: Data) -> geo.Layout:
    """The lab's current arrangement, with its adjacency and edges."""
    return geo.layout(d["pos"])


def lab_order(d: Data) -> tuple[int, ...]:
    """Every chamber in the lab, top row first, each row from its new edge."""
    return lab(d).order


def subjects_in_lab(d: Data) -> list[int]:
    # Panels outside the lab never hold tokens, so summing every panel is the lab's count.
    return [sum(col) for col in zip(*d["sub"])]


def cake_in_lab(d: Data) -> list[int]:
    return [sum(col) for col in zip(*d["cake"])]


def delivery_targets(d: Data) -> list[int]:
    """New-edge chambers that may receive a delivery (never the activated chamber)."""
    return [p for p in lab(d).new_edge if p != d["glados"]]


def move_targets(d: Data, src: int) -> list[int]:
    """Where Test Subjects in `src` may move: plain adjacency, Portals and Character rules."""
    pos = d["pos"]
    layout = lab(d)
    where = layout.where
    found = set(layout.neighbours[src])
    r = rule(d)
    portals = d["portals"]
    if r is not Rule.NO_PORTALS and src in portals:
        found.add(portals[1] if portals[0] == src else portals[0])
    row, x = pos[src]
    if r is Rule.ROW_LEAP:
        found.update(where[k] for k in ((row, x - 4), (row, x + 4)) if k in where)
    if r is Rule.WRAP and row != 1:
        k = (2 - row, x)
        if k in where:
            found.add(where[k])
    found.discard(src)
    return sorted(found, key=layout.rank.__getitem__)


def activatable(d: Data) -> list[int]:
    """Old-edge chambers whose pick-up leaves the lab in one piece (all three if none do)."""
    return list(lab(d).activatable)


def majority(d: Data, p: int) -> int | None:
    """Who earns chamber `p`'s rewards under the active rules, or None."""
    counts = d["sub"][p]
    present = [s for s in range(d["players"]) if counts[s] > 0]
    if not present:
        return None
    r = rule(d)
    best = (min if r is Rule.FEWEST else max)(counts[s] for s in present)
    tied = [s for s in present if counts[s] == best]
    if len(tied) == 1:
        return tied[0]
    if r is Rule.TIES_TO_ACTIVE and d["turn"] in tied:
        return d["turn"]
    return None


def rewarded(d: Data, p: int) -> int | None:
    """The seat rewarded by activating `p`: the majority, unless the Companion Cube blocks."""
    if d["cube"] == p and rule(d) is not Rule.CUBE_HARMLESS:
        return None
    return majority(d, p)


def reward_icons(d: Data, p: int) -> str:
    """The icons that activating `p` pays, doubled where a Character says so."""
    r = rule(d)
    out = []
    for code in PANELS[p].faces[d["face"][p]]:
        twice = (r is Rule.DOUBLE_CAKE and code == Icon.CAKE.value) or (
            r is Rule.DOUBLE_SUBJECTS and code == Icon.SUBJECT.value)
        out.append(code * (2 if twice else 1))
    return "".join(out)


def can_take_card(d: Data, seat: int) -> bool:
    return len(d["hands"][seat]) < HAND_LIMIT and (bool(d["deck"]) or len(d["discard"]) > 1)


def deployable(d: Data, seat: int) -> list[str]:
    """Cards in hand that may be deployed now (not those received this turn)."""
    hand = d["hands"][seat]
    return hand[:len(hand) - d["fresh"][seat]]


def recycle_rows(d: Data) -> list[int]:
    """Rows that may receive the activated chamber."""
    p = d["glados"]
    home = d["pos"][p][0]
    after = [[q for q in row if q != p] for row in lab(d).rows]
    if not after[home]:
        return [home]
    short = [r for r in range(3) if len(after[r]) < 3]
    return short or [0, 1, 2]


def opera_winner(d: Data, seat: int) -> bool:
    """Whether `seat` meets the Opera Turret's alternative win."""
    rows_with_cake = {d["pos"][p][0] for p in lab_order(d) if d["cake"][p][seat] > 0}
    return cake_in_lab(d)[seat] >= OPERA_CAKE and len(rows_with_cake) == 3


# ---------------------------------------------------------------- the decisions open


def options(d: Data) -> list[Action]:
    """The legal actions of the open decision, in a fixed order ([] when the game is over)."""
    if d["over"] is not None or not d["stack"]:
        return []
    f = d["stack"][-1]
    return _dec.KINDS[f["k"]].options(d, f)  # each kind lists its own (decisions.py)


# ---------------------------------------------------------------- carrying out a decision


def play(d: Data, action: Action) -> list[Action]:
    """Carry out a legal `action` in place and settle; returns the options now open.
    The caller has checked legality. What the action does is its decision kind's `play`
    (decisions.py)."""
    f = d["stack"][-1]
    _dec.KINDS[f["k"]].play(d, f, action)
    check_end(d)
    return settle(d)


def effect_frames(seat: int, effects: tuple[Effect, ...]) -> list[Frame]:
    """The frames of a card's Aperture action, first effect first: each effect opens the
    decision kind that lists it (decisions.BY_EFFECT). Consecutive reward-like effects share
    one frame, so their player picks their order."""
    frames: list[Frame] = []
    for e in effects:
        _dec.BY_EFFECT[e].open_for(seat, e, frames)
    return frames


def move_frame(seat: int, *, own: bool, bonus: bool) -> Frame:
    return _dec.MOVE.new(seat, own=own, bonus=bonus)


def finish_group_move(d: Data, mover: int, who: int, src: int, dst: int, n: int,
                      picks: list[int], bonus: bool) -> None:
    d["sub"][src][who] -= n
    d["sub"][dst][who] += n
    tell(d, "moved", who, src, dst, n, card_in_play(d))
    for s in picks:
        d["cake"][src][s] -= 1
        d["cake"][dst][s] += 1
    for s in sorted(set(picks)):
        tell(d, "cake_moved", s, src, dst, picks.count(s))
    turret_strikes(d, dst)
    if bonus and earns_bonus(d, n):
        d["stack"].append(_dec.BONUS.frame(mover))


def earns_bonus(d: Data, n: int) -> bool:
    r = rule(d)
    if r is Rule.NO_BONUS:
        return False
    return n <= 2 if r is Rule.BONUS_UP_TO_TWO else n == 1


def turret_strikes(d: Data, p: int) -> None:
    """The Turret destroys every subject in its chamber `p` (unless it is disarmed)."""
    if d["turret"] == p and rule(d) is not Rule.TURRET_DISARMED:
        destroy_all(d, p, ev.TURRET)


def destroy_all(d: Data, p: int, cause: str | None = None) -> None:
    """Every Test Subject in chamber `p` is destroyed (back to its supply)."""
    row = d["sub"][p]
    for s in range(d["players"]):
        if row[s]:
            tell(d, "subjects_destroyed", s, p, count=row[s], cause=cause)
            d["supply"][s] += row[s]
            row[s] = 0


def new_character(d: Data, card: str) -> None:
    """`card` has just gone on top of the discard pile: its Character rules from now on.
    A Turret armed again (Cardboard Box covered) destroys everyone in its chamber at once:
    "All Test Subjects in the same Test Chamber as the Turret token are immediately
    destroyed."""
    tell(d, "character", card=card)
    if d["turret"] is not None:
        turret_strikes(d, d["turret"])


def place_turret(d: Data, p: int, cause: str | None = None) -> None:
    tell(d, "turret", chamber=d["turret"], to=p, cause=cause)
    d["turret"] = p
    turret_strikes(d, p)


def deliver_subject(d: Data, seat: int, p: int, cause: str | None = None) -> None:
    d["supply"][seat] -= 1
    d["sub"][p][seat] += 1
    tell(d, "subjects_in", seat, p, cause=cause)
    turret_strikes(d, p)


def take_card(d: Data, seat: int, cause: str | None = None) -> None:
    """The deck's top card into `seat`'s hand; the deck is rebuilt when it runs out."""
    if not d["deck"]:
        reshuffle(d)
    card = d["deck"].pop(0)
    d["hands"][seat].append(card)
    tell(d, "card_taken", seat, card=card, cause=cause)
    d["fresh"][seat] += 1
    d["reveals"] += 1
    if not d["deck"]:
        reshuffle(d)


def reshuffle(d: Data) -> None:
    """Shuffle the discard pile, less the active Character, into a new deck."""
    pile = d["discard"][:-1]
    if not pile:
        return
    d["discard"] = d["discard"][-1:]
    d["rng"] = rngmod.pack(rngmod.shuffle(rngmod.unpack(d["rng"]), pile))
    d["deck"] = pile
    d["reveals"] += 1
    tell(d, "reshuffled", count=len(pile))


def recycle(d: Data, row: int) -> None:
    """Destroy and incinerate what is in the activated chamber, flip it, add it to `row`."""
    p = d["glados"]
    destroy_all(d, p, ev.RECYCLE)
    # The printed order: subjects are destroyed, *then* the cake is incinerated. A division
    # left without subjects ends the game at that moment, before any cake burns.
    check_end(d)
    if d["over"] is not None:
        return
    cake = d["cake"][p]
    safe = rule(d) is Rule.SAFE_CAKE
    gone = "cake_supply" if safe else "burned"
    for s in range(d["players"]):
        if cake[s]:
            tell(d, "cake_returned" if safe else "cake_incinerated", s, p, count=cake[s],
                 cause=ev.RECYCLE)
            d[gone][s] += cake[s]
            cake[s] = 0
    # A division's last Cake Slice burnt here ends the game at once too: the chamber is
    # not flipped nor moved after the end (the replay told it recycled after the game was
    # over, where a last subject destroyed had left it standing).
    check_end(d)
    if d["over"] is not None:
        return
    if rule(d) is not Rule.KEEP_FACE:
        d["face"][p] ^= 1
    after = [[q for q in r if q != p] for r in lab(d).rows]
    if after[row]:
        x = d["pos"][after[row][0]][1] - 2
    else:
        beside = after[0] if row == 1 else after[1]
        x = d["pos"][beside[0]][1] - 1
    # States share their `pos` list (see geometry.layout): replace it, never change it.
    d["pos"] = list(d["pos"])
    d["pos"][p] = [row, x]
    d["glados"] = None
    tell(d, "recycled", chamber=p, row=ROWS[row])


# ---------------------------------------------------------------- the flow of the game


def settle(d: Data) -> list[Action]:
    """Run everything that needs no decision, until a decision is open or the game is over.
    Returns the open decision's options ([] when the game is over)."""
    while d["over"] is None:
        stack = d["stack"]
        over_limit = [s for s in range(d["players"]) if len(d["hands"][s]) > HAND_LIMIT]
        if over_limit and not (stack and stack[-1]["k"] == F_DISCARD):
            stack.append(_dec.DISCARD.frame(over_limit[0]))
            continue
        if not stack:
            advance(d)
            continue
        f = stack[-1]
        kind = _dec.KINDS[f["k"]]
        if not kind.decided:
            kind.resolve(d, f)
            continue
        opts = kind.options(d, f)
        if not opts:
            stack.pop()
            kind.lapse(d, f)
            continue
        return opts
    return []


def step_order(d: Data) -> tuple[str, str, str]:
    if rule(d) is Rule.ACTIVATE_FIRST:
        return (DEPLOY, ACTIVATE, MOVE)
    return (DEPLOY, MOVE, ACTIVATE)


def advance(d: Data) -> None:
    """The current step is over: start the next one, or end the turn."""
    if d["phase"] is not None:
        d["done"].append(d["phase"])
        d["phase"] = None
    remaining = [s for s in step_order(d) if s not in d["done"]]
    if not remaining:
        end_turn(d)
        return
    step = remaining[0]
    d["phase"] = step
    seat = d["turn"]
    if step == DEPLOY:
        d["stack"].append(_dec.DEPLOY.frame(seat))
    elif step == MOVE:
        for _ in range(2 if rule(d) is Rule.TWO_MOVES else 1):
            d["stack"].append(move_frame(seat, own=True, bonus=True))
    else:
        d["stack"].append(_dec.ACTIVATE.frame(seat))


def end_turn(d: Data) -> None:
    seat = d["turn"]
    if rule(d) is Rule.OPERA and opera_winner(d, seat):
        finish(d, "opera", seat, winners=[seat])
        return
    d["fresh"] = [0] * d["players"]
    d["done"] = []
    d["turn"] = (seat + 1) % d["players"]
    d["turn_no"] += 1
    tell(d, "turn", d["turn"], count=d["turn_no"])


def check_end(d: Data) -> None:
    """End the game at once if a division has no subjects in the lab or no cake left to burn."""
    if d["over"] is not None:
        return
    for s, count in enumerate(subjects_in_lab(d)):
        if count == 0:
            finish(d, "no_subjects", s)
            return
    for s, count in enumerate(d["burned"]):
        if count >= CAKE_PER_DIVISION:
            finish(d, "cake_incinerated", s)
            return


def leaders(d: Data) -> list[int]:
    """The divisions that win if the game ends now: the most Cake Slices in the lab, then
    the most Test Subjects there (a tie after that is a shared win)."""
    cake = cake_in_lab(d)
    subjects = subjects_in_lab(d)
    top = max(cake)
    tied = [s for s in range(d["players"]) if cake[s] == top]
    most = max(subjects[s] for s in tied)
    return [s for s in tied if subjects[s] == most]


def finish(d: Data, reason: str, seat: int | None, winners: list[int] | None = None) -> None:
    cake = cake_in_lab(d)
    subjects = subjects_in_lab(d)
    if winners is None:
        winners = leaders(d)
    d["over"] = {"winners": winners, "reason": reason, "seat": seat,
                 "cake": cake, "subjects": subjects}
    # A card whose action was cut short by the end still goes onto the discard pile.
    for f in d["stack"]:
        if f["k"] == F_PUT:
            d["discard"].append(f["card"])
            tell(d, "character", card=f["card"])
    tell(d, "game_over", seat, cause=reason)
    for s in winners:
        tell(d, "won", s)
    d["stack"] = []
    d["phase"] = None


# The decision kinds (decisions.py) use the helpers above; imported last, as they are.
from . import decisions as _dec  # noqa: E402
