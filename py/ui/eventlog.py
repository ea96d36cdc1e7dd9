"""The game log's words, from the engine's events: one entry per move, its consequences
included ("Blue recycles chamber I into the top row: 2 Blue Test Subjects destroyed, 1 Orange
Cake Slice incinerated"), and the chambers it touched (for highlighting on the board).

Pure functions of the engine's data, so they are tested under CPython. Nothing hidden is
written: a card someone takes is never named (the log is read by everyone at the table).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from cakegame.content import CARD_BY_ID
from cakegame.events import (
    BONUS,
    ENDING_WORDS,
    FIRE,
    LEMONS,
    RECYCLE,
    REWARD,
    TURRET,
    EventKind,
    short,
)
from cakegame.words import counted


def _n(count: int, thing: str) -> str:
    return f"{count} {thing}{'' if count == 1 else 's'}"


# A delivery owed with none left in the supply.
NONE_LEFT = (EventKind.SUBJECTS_NONE_LEFT, EventKind.CAKE_NONE_LEFT)

# Events that only restate the player's own choice (the log's sentence says it already).
RESTATED = frozenset((EventKind.MOVED, EventKind.CAKE_MOVED, EventKind.RECYCLED,
                      EventKind.CARD_DEPLOYED, EventKind.CARD_DISCARDED, EventKind.TURRET,
                      EventKind.CUBE, EventKind.PORTAL, EventKind.TURN, EventKind.GAME_OVER))


def _of(count: int, whose: str, thing: str) -> str:
    """'1 of your Test Subjects', "2 of Bob's Cake Slices"."""
    return f"{count} of {whose} {thing}s"


def phrase(e: Any) -> str | None:
    """The engine's short form of one consequence (`cakegame.events.short`), or None for an
    event that only restates the player's own choice (a move, a recycle, a Portal placed, a
    card deployed, a delivery)."""
    k = e.kind
    if k in RESTATED:
        return None
    if k in (EventKind.SUBJECTS_IN, EventKind.CAKE_IN) and e.cause is None:
        return None
    return short(e)


def chambers_of(text: str, events: Any) -> str:
    """The chambers an action and its events touched, as a string of letters."""
    out: list[str] = []
    for w in text.split()[1:]:
        if len(w) == 1 and w.isalpha() and w.isupper() and w not in out:
            out.append(w)
    for e in events:
        for letter in (e.chamber, e.to):
            if letter and letter not in out:
                out.append(letter)
    return "".join(out)


def log_entry(before: Any, text: str, after: Any) -> list[Any]:
    """The game log's entry for `text` played at `before` (giving `after`): its turn, the
    seat that played it, the sentence with its consequences, the chambers it touched."""
    return [before.turn_number, before.current_player, entry_text(before, text, after),
            chambers_of(text, after.events)]


# What a division can lose: its Test Subjects destroyed, its cake incinerated or sent back.
LOSSES = (EventKind.SUBJECTS_DESTROYED, EventKind.CAKE_INCINERATED, EventKind.CAKE_RETURNED)


def own_losses_text(before: Any, text: str, after: Any = None) -> str:
    """What `text` does, played at `before` (giving `after`, if known), with what it costs
    its player ("Orange recycles chamber J into the bottom row: 1 Orange Cake Slice
    incinerated")."""
    seat = before.current_player
    if after is None:
        after = before.apply(text)
    own = [p for e in after.events
           if e.kind in LOSSES and e.seat == seat and (p := phrase(e)) is not None]
    return before.describe(text) + (": " + ", ".join(own) if own else "")


def others_losses(before: Any, after: Any) -> list[str]:
    """What the action from `before` to `after` costs the other divisions, in the engine's
    short forms ("1 Green Test Subject destroyed in L")."""
    seat = before.current_player
    return [p for e in after.events
            if e.kind in LOSSES and e.seat != seat and (p := phrase(e)) is not None]


def entry_text(before: Any, text: str, after: Any) -> str:
    """The log's sentence for `text` played at `before` (giving `after`)."""
    stays = recycle_cut_short(text, after)
    said = choice_said(before, text, after)
    named = set(text.split()[1:])
    parts: list[str] = []
    # A new active Character follows the end of a card's action; it is no consequence of the
    # choice the sentence tells, so it stands apart ("...; Caroline is now the active
    # Character"), not after the colon that reads as "and so".
    apart: list[str] = []
    empty_handed = False  # a majority won with nothing left to collect: said once
    for e in after.events:
        k = e.kind
        if k is EventKind.CHARACTER:
            apart.append(short(e))
            continue
        if k in NONE_LEFT and empty_handed:
            continue
        if k in (EventKind.SUBJECTS_IN, EventKind.CAKE_IN) and e.chamber in named:
            continue  # the delivery the player chose: the sentence says it already
        if k is EventKind.CARD_TAKEN and "Aperture Card" in said:
            continue
        if k is EventKind.TURRET_FIRED and text.startswith("fire "):
            continue  # "has the Turret fire into chamber G" says it already
        if k is EventKind.WON and stays:
            parts.append(stays)
        p = phrase(e)
        if p is not None and k is EventKind.MAJORITY and after.decision != "reward" \
                and not after.is_over:
            # Won, with every reward out of reach (no supply left, a full hand): the
            # rewards were told as earned, and nothing came (a play-tester).
            p += ", but has nothing left to collect"
            empty_handed = True
        if p is not None and p not in parts:
            parts.append(p)
    return said + (": " + ", ".join(parts) if parts else "") + "".join(f"; {a}" for a in apart)


def choice_said(before: Any, text: str, after: Any) -> str:
    """The engine's sentence for the choice `text`, unless the game ended before it was
    done: a recycle cut short is told as begun ("Orange starts to recycle chamber I into the
    middle row"), which "the game ends before the recycle is done" then completes (it read
    "recycles chamber I ... so I stays in the lab", a contradiction to a play-tester). A
    group's move that waits for the cake it carries says so."""
    said = before.describe(text)
    if recycle_cut_short(text, after):
        said = said.replace(" recycles chamber ", " starts to recycle chamber ", 1)
    elif text.startswith("count ") and after.decision == "carry" and not any(
            e.kind is EventKind.MOVED for e in after.events):
        # The group waits for the cake it carries to be chosen: the replay told the move
        # a step before its lab showed it. After a semicolon: a second bracket after the
        # sentence's own "(bottom row)" read as a stutter.
        said += ("; first, the Cake Slice it may carry is chosen" if text == "count 1"
                 else "; first, the Cake Slices they carry are chosen")
    return said


def recycle_cut_short(text: str, after: Any) -> str | None:
    """When the recycle `text` ended the game by its own losses, the chamber stays where it
    was and its cake is not burnt (docs/rules.md), which the choice's sentence ("recycles
    chamber I into the middle row") does not say: the words that do ("the game ends before
    the recycle is done, so I stays in the lab and the 2 Cake Slices in I still count"), else
    None."""
    if not text.startswith("recycle ") or not after.is_over or any(
            e.kind is EventKind.RECYCLED for e in after.events):
        return None
    # The chamber being recycled: where its pieces were lost, else GLaDOS's (a last Cake
    # Slice burnt there ends the game too, with no subject lost).
    lost = [e.chamber for e in after.events
            if e.kind in (EventKind.SUBJECTS_DESTROYED, EventKind.CAKE_INCINERATED)
            and e.cause == "recycle"] or [c.letter for c in after.chambers() if c.glados]
    if not lost:
        return "the game ends before the recycle is done, so the chamber stays in the lab"
    said = f"the game ends before the recycle is done, so {lost[0]} stays in the lab"
    cake = sum(sum(c.cake) for c in after.chambers() if c.letter == lost[0])
    if cake:
        said += (f" and the {counted(cake, 'Cake Slice')} in {lost[0]} still "
                 + ("counts" if cake == 1 else "count"))
    return said


def losses(events: Any) -> dict[str, int]:
    """Test Subjects and Cake Slices lost per chamber (for the board's badges)."""
    out: dict[str, int] = {}
    for e in events:
        if e.kind in (EventKind.SUBJECTS_DESTROYED, EventKind.CAKE_INCINERATED) and e.chamber:
            out[e.chamber] = out.get(e.chamber, 0) + e.count
    return out


def loss_notes(moves: Any, me: int, names: Any) -> dict[str, str]:
    """What each board badge of `losses` stands for, per chamber, in words: "Since your
    last turn: you lost 2 Test Subjects; Orange lost 1 Cake Slice", for the chamber's
    description. `moves` as for `since_summary`; the same events as the badges' counts."""
    lost: dict[str, dict[tuple[int, str], int]] = {}
    for _actor, events in moves:
        for e in events:
            if e.kind in (EventKind.SUBJECTS_DESTROYED, EventKind.CAKE_INCINERATED) \
                    and e.chamber:
                what = ("Test Subject" if e.kind is EventKind.SUBJECTS_DESTROYED
                        else "Cake Slice")
                seat = e.seat if e.seat is not None else -1
                here = lost.setdefault(e.chamber, {})
                here[(seat, what)] = here.get((seat, what), 0) + e.count
    out: dict[str, str] = {}
    for letter, here in lost.items():
        by_seat: dict[int, list[str]] = {}
        for (seat, what), count in here.items():
            by_seat.setdefault(seat, []).append(_n(count, what))
        parts = []
        for seat in sorted(by_seat, key=lambda s: (s != me, s)):
            who = ("you" if seat == me else names[seat] if 0 <= seat < len(names)
                   else "Someone")
            parts.append(f"{who} lost {' and '.join(by_seat[seat])}")
        out[letter] = f"Since your last turn: {'; '.join(parts)}"
    return out


# ---- "since your last turn" ---------------------------------------------------------------

def _letters(chambers: list[str]) -> str:
    return ", ".join(dict.fromkeys(c for c in chambers if c))


# The parts of the news, which a desktop shows a line each: what happened to the player
# (part 0), then each other division's doings, a line each, led by its name ("who").
SINCE_PART = {"loss": 0, "you": 0, "who": 1, "move": 1, "gain": 1, "recycle": 1,
              "others": 1, "end": 1}


def _why(lost: list[tuple[str, str | None]], stayed: frozenset[str] = frozenset()) -> str:
    """The chambers where pieces were lost, with what took them, alike causes together:
    "O by the Turret; E recycled". A chamber in `stayed` began a recycle that ended the
    game, so it stands where it was (docs/rules.md): "F, whose recycle ended the game"
    ("F recycled" had said what never happened: a play-tester)."""
    causes: dict[str | None, list[str]] = {}
    for chamber, cause in lost:
        if cause == RECYCLE and chamber in stayed:
            cause = "stayed"
        causes.setdefault(cause, []).append(chamber)
    parts = []
    for cause, chambers in causes.items():
        letters = _letters(chambers)
        card = CARD_BY_ID.get(cause or "")
        took = {TURRET: " by the Turret", FIRE: " by the Turret's shot",
                RECYCLE: " recycled", "stayed": ", whose recycle ended the game"}.get(
                    cause or "", f" by {card.action_title}" if card is not None else "")
        parts.append(letters + took)
    return "; ".join(parts)


def _gains(who: str, won: list[str] | None, got: dict[tuple[str, str], int]) -> list[str]:
    """A division's gains as phrases: the chambers won with their rewards ("Cy won D: +1
    Cake Slice"), then what came some other way, with where from ("Cy: +1 card as a
    bonus"), a phrase of its own (after "Blue won O; " it read as an empty list). With no
    `who`, the line's own division: "won D: +1 Cake Slice", "took 1 card as a bonus"."""
    out = []

    def listed(source: str, sign: str) -> str:
        return ", ".join(f"{sign}{_n(n, what)}" for (what, src), n in got.items()
                         if n and src == source)

    rewards = listed("", "+")
    if won:
        out.append(f"{who} won {_letters(won)}".lstrip()
                   + (f": {rewards}" if rewards else ""))
    sources = list(dict.fromkeys(src for (_, src), n in got.items() if n and src))
    sign = "+" if who else ""
    extra = "; ".join(listed(source, sign) + source for source in sources)
    if rewards and not won:  # a chamber's rewards without its win (told in its own turn)
        extra = "; ".join(x for x in (listed("", sign), extra) if x)
    if extra:
        out.append(f"{who}: {extra}" if who else f"took {extra}")
    return out


def _source(cause: str | None) -> str:
    """Where a gain came from, as the end of its phrase: "" for a chamber's rewards (told
    under the chamber won), else " as a bonus" or " from Fact Core"."""
    if cause is None or cause == REWARD:
        return ""
    if cause == BONUS:
        return " as a bonus"
    if cause == LEMONS:
        return " for a burnt Cake Slice"
    card = CARD_BY_ID.get(cause)
    return f" from {card.name}" if card is not None else ""


@dataclasses.dataclass
class _Tally:
    """What some moves did, gathered by kind from their events (`since_summary` words it)."""

    # (seat, loss kind) -> (chamber, cause) per piece lost: how many, where and what took
    # them, for every division ("Green lost 1 Test Subject (N)" had left out Blue's
    # Neurotoxin: a play-tester).
    lost: dict[tuple[int, Any], list[tuple[str, str | None]]] = \
        dataclasses.field(default_factory=dict)
    mine: list[str] = dataclasses.field(default_factory=list)  # done to `me`'s pieces
    recycled: list[tuple[int | None, str, str | None]] = dataclasses.field(
        default_factory=list)  # (whose turn, chamber, row)
    won: dict[int, list[str]] = dataclasses.field(default_factory=dict)
    # seat -> (what, where from: "" for a chamber's rewards, else " as a bonus", " from
    # Fact Core") -> how many: a move's bonus card had read as a reward of the chamber won.
    got: dict[int, dict[tuple[str, str], int]] = dataclasses.field(default_factory=dict)
    # (mover, owner, from, to) -> [how many, Cake Slices carried]: alike moves told once
    # ("moved 1 A→Q · moved 1 A→Q" read as a repeat)
    moved: dict[tuple[int | None, int | None, str, str], list[int]] = dataclasses.field(
        default_factory=dict)
    tokens: list[str] = dataclasses.field(default_factory=list)  # the Turret, the Portals
    cube: list[str] = dataclasses.field(default_factory=list)  # the Companion Cube placed
    ended: str = ""  # the game's end, in words
    deployed: list[tuple[int | None, Any, bool]] = dataclasses.field(
        default_factory=list)  # (seat, card, fired as the Portal Gun)
    unpaid: list[str] = dataclasses.field(default_factory=list)  # my rewards not paid

    def stayed(self) -> frozenset[str]:
        """The chambers whose recycle ended the game: their losses are told, they stay."""
        if not self.ended:
            return frozenset()
        gone = {chamber for _, chamber, _ in self.recycled}
        return frozenset(chamber for pieces in self.lost.values()
                         for chamber, cause in pieces if cause == RECYCLE) - gone


def _tally(moves: Any, me: int, div: Any) -> _Tally:
    """`moves`' events gathered for `since_summary`, as seen by `me`."""
    t = _Tally()
    K = EventKind
    for actor, events in moves:
        carried: dict[tuple[str, str], int] = {}
        carriers = {(e.chamber, e.to): e.seat for e in events if e.kind is K.MOVED}
        for e in events:
            if e.kind is K.CAKE_MOVED and e.chamber and e.to:
                carried[(e.chamber, e.to)] = carried.get((e.chamber, e.to), 0) + e.count
                by = carriers.get((e.chamber, e.to), actor)
                if e.seat == me and by != me:  # my cake, taken along by someone else's
                    t.mine.append(f"{div(by)} carried {_of(e.count, 'your', 'Cake Slice')} "
                                  f"{e.chamber}→{e.to}")
        for e in events:
            k, seat = e.kind, e.seat
            if k in LOSSES and seat is not None:
                t.lost.setdefault((seat, k), []).extend([(e.chamber or "", e.cause)] * e.count)
            elif k is K.RECYCLED:
                t.recycled.append((actor, e.chamber or "", e.row))
            elif k is K.GAME_OVER:
                t.ended = "the game ended" + (
                    f": {words.format(who=div(seat))}"
                    if (words := ENDING_WORDS.get(e.cause or "")) else "")
            elif k is K.MAJORITY and seat is not None:
                t.won.setdefault(seat, []).append(e.chamber or "")
            elif k in (K.SUBJECTS_IN, K.CAKE_IN, K.CARD_TAKEN) and seat is not None:
                what = {K.SUBJECTS_IN: "Test Subject", K.CAKE_IN: "Cake Slice",
                        K.CARD_TAKEN: "card"}[k]
                gains = t.got.setdefault(seat, {})
                key = (what, _source(e.cause))
                gains[key] = gains.get(key, 0) + (1 if k is K.CARD_TAKEN else e.count)
            elif k is K.MOVED:
                cake = carried.pop((e.chamber or "", e.to or ""), 0)
                if seat == me:  # by another's card ("Cy moved 1 of your Test Subjects")
                    with_cake = f" with {_n(cake, 'Cake Slice')}" if cake else ""
                    t.mine.append(f"{div(actor)} moved {_of(e.count, 'your', 'Test Subject')}"
                                  f" {e.chamber}→{e.to}{with_cake}")
                else:
                    told = t.moved.setdefault((actor, seat, e.chamber or "", e.to or ""), [0, 0])
                    told[0] += e.count
                    told[1] += cake
            elif k is K.CARD_DEPLOYED and seat != me and e.card in CARD_BY_ID:
                t.deployed.append((seat, CARD_BY_ID[e.card], e.cause == "gun"))
            elif k is K.TURRET and e.to:
                t.tokens.append(f"Turret → {e.to}")
            elif k is K.CUBE and e.to:
                t.cube.append(f"Companion Cube → {e.to}")
            elif k is K.PORTAL and e.chamber and e.to:
                t.tokens.append(f"Portals {e.chamber}↔{e.to}")
            elif k in NONE_LEFT and seat == me:  # a reward of mine the supply could not pay
                what = "Test Subject" if k is K.SUBJECTS_NONE_LEFT else "Cake Slice"
                t.unpaid.append(f"{_n(e.count, what)} owed to you not delivered (none left)")
    return t


def since_summary(moves: Any, me: int, names: Any) -> list[tuple[str, str]]:
    """What the other seats' moves since `me` last decided did, as (kind, phrase) pairs in
    the order a player wants them:

      1. what happened to `me`: "loss" (my Test Subjects destroyed, my Cake Slices
         incinerated or sent back), "you" (my subjects moved by someone else's card, my
         gains in their turns);
      2. each other division in the order they played: a "who" (its name, leading its
         line), then what it did, cause before consequence, its name left out: "move"
         (the card deployed or the Portal Gun fired, the Test Subjects, the Turret, the
         Cube and the Portals moved), "gain" (chambers won and pieces and cards taken, its
         own and others'), "recycle" (the chambers recycled, where to), "others" (what the
         divisions other than `me` lost, a phrase each), "end" (the game's end).

    Three play-testers of four-player games read the news by player ("what did Blue do?")
    where it had been told by kind, every division's gains together, then every loss, then
    every move. `moves` is `Session.since_events(me)`: (seat that moved, its events) per
    move. Read from the engine's events only, never from the log's words."""
    K = EventKind

    def div(seat: Any) -> str:
        return names[seat] if seat is not None and 0 <= seat < len(names) else "Someone"

    every = _tally(moves, me, div)
    stayed = every.stayed()
    out: list[tuple[str, str]] = []
    # The player's own losses say what took them ("O by the Turret"): a Turret already in
    # a chamber another's card moved their subjects into had gone unsaid (a play-tester).
    for kind, said in ((K.SUBJECTS_DESTROYED, "You lost {}"),
                       (K.CAKE_INCINERATED, "{} of yours incinerated"),
                       (K.CAKE_RETURNED, "{} of yours back to supply")):
        pieces = every.lost.get((me, kind))
        if pieces:
            what = "Test Subject" if kind is K.SUBJECTS_DESTROYED else "Cake Slice"
            out.append(("loss", said.format(_n(len(pieces), what))
                        + f" ({_why(pieces, stayed)})"))
    out.extend(("you", text) for text in every.mine)
    # The player's own gains in the others' turns (rewards of a chamber another activated):
    # their count rose with nothing saying why (a play-tester).
    out.extend(("you", text) for text in _gains("You", every.won.get(me),
                                                every.got.get(me, {})))
    out.extend(("you", text) for text in every.unpaid)
    groups: dict[int | None, list[Any]] = {}
    for actor, events in moves:
        groups.setdefault(actor if actor != me else None, []).append((actor, events))
    for actor, group in groups.items():
        line = [phrase for part in _stages(group)
                for phrase in _line(_tally(part, me, div), actor, me, div)]
        if line and actor is not None:
            line.insert(0, ("who", div(actor)))
        out.extend(line)
    return out


# What ends a stage of a turn: a chamber activated (won, or won by nobody) or recycled.
_STAGE_ENDS = (EventKind.MAJORITY, EventKind.NO_MAJORITY, EventKind.RECYCLED)


def _stages(moves: list[Any]) -> list[list[Any]]:
    """A turn's moves cut where a move of Test Subjects follows an activation: each stage
    (the cards deployed, a move, what the chamber it entered gave and took) is told whole,
    and in the order played; Wheatley's extra move had been told before the chamber won and
    recycled by the first (a play-tester)."""
    out: list[list[Any]] = [[]]
    ended = False
    for move in moves:
        events = move[1]
        if ended and any(e.kind is EventKind.MOVED for e in events):
            out.append([])
            ended = False
        out[-1].append(move)
        ended = ended or any(e.kind in _STAGE_ENDS for e in events)
    return out


def _line(t: _Tally, actor: int | None, me: int, div: Any) -> list[tuple[str, str]]:
    """What a stage of `actor`'s turn did, for its line of the news (`since_summary`),
    `me`'s part left out (told first); with no `actor`, the lab's own doings."""

    def who(seat: Any) -> str:  # the line's own division goes unnamed: its name leads
        return "" if actor is not None and seat == actor else div(seat)

    def subject(seat: Any, words: str) -> str:
        return f"{who(seat)} {words}".lstrip()

    out: list[tuple[str, str]] = []
    for seat, card, gun in t.deployed:
        out.append(("move", subject(seat, f"fired the Portal Gun ({card.name})" if gun
                                    else f"deployed {card.name}: {card.action_title}")))
    # The Turret and the Portals before the moves (a card places them at the deploy step,
    # and a Turret placed there takes the subjects moved in after it), the Cube after.
    out.extend(("move", text) for text in t.tokens)
    for (mover, owner, start, end), (count, cake) in t.moved.items():
        with_cake = f" with {_n(cake, 'Cake Slice')}" if cake else ""
        path = f" {start}→{end}{with_cake}"
        if mover is not None and mover != owner:  # a card's move, told as its mover's
            whose = f"{div(owner)}'s"
            out.append(("move", subject(mover, f"moved {_of(count, whose, 'Test Subject')}"
                                               + path)))
        else:
            out.append(("move", subject(owner, f"moved {_n(count, 'Test Subject')}{path}")))
    out.extend(("move", text) for text in t.cube)
    # Each seat once: a seat that only gained (in another's turn) is in both `won` and
    # `got`, and its gains were told twice. The line's own division first.
    seats = [s for s in dict.fromkeys(list(t.won) + list(t.got)) if s != me]
    for seat in sorted(seats, key=lambda s: s != actor):
        out.extend(("gain", text) for text in _gains(who(seat), t.won.get(seat),
                                                      t.got.get(seat, {})))
    for by, chamber, row in t.recycled:
        place = f"the {row} row" if row else "a new edge"
        # "chamber I", not "I": a letter alone read as a word.
        out.append(("recycle", subject(by, f"recycled chamber {chamber} into {place}")
                    if by is not None else f"Chamber {chamber} recycled into {place}"))
    # Each division's losses in one phrase, the line's own first: after "Green lost 1 Test
    # Subject", an unnamed "lost 1 Cake Slice" was read as Green's too (a play-tester).
    stayed = t.stayed()
    losers = dict.fromkeys(seat for seat, k in t.lost
                           if seat != me and k is not EventKind.CAKE_RETURNED)
    for seat in sorted(losers, key=lambda s: s != actor):
        parts = [(t.lost.get((seat, kind)), what) for kind, what in (
            (EventKind.SUBJECTS_DESTROYED, "Test Subject"),
            (EventKind.CAKE_INCINERATED, "Cake Slice"))]
        told = [(_n(len(pieces), what), _why(pieces, stayed)) for pieces, what in parts
                if pieces]
        if len(told) == 2 and told[0][1] == told[1][1]:  # alike causes: said once
            words = f"{told[0][0]} and {told[1][0]} ({told[0][1]})"
        else:
            words = " and ".join(f"{n} ({why})" for n, why in told)
        out.append(("others", subject(seat, f"lost {words}")))
    if t.ended:
        out.append(("end", t.ended))
    return out


# ---- "this turn so far" ---------------------------------------------------------------------

_TURN_KINDS = {
    EventKind.SUBJECTS_DESTROYED: "others", EventKind.CAKE_INCINERATED: "others",
    EventKind.CAKE_RETURNED: "others", EventKind.MAJORITY: "gain",
    EventKind.SUBJECTS_IN: "gain", EventKind.CAKE_IN: "gain", EventKind.CARD_TAKEN: "gain",
    EventKind.RECYCLED: "recycle", EventKind.MOVED: "move", EventKind.CAKE_MOVED: "move",
    EventKind.TURRET: "move", EventKind.TURRET_FIRED: "move", EventKind.CUBE: "move",
    EventKind.PORTAL: "move", EventKind.CARD_DEPLOYED: "note",
    EventKind.CARD_DISCARDED: "note", EventKind.CHARACTER: "note",
    EventKind.RESHUFFLED: "note", EventKind.NO_MAJORITY: "note",
    EventKind.SUBJECTS_NONE_LEFT: "note", EventKind.CAKE_NONE_LEFT: "note",
}


def turn_summary(moves: Any, me: int) -> list[tuple[str, str]]:
    """What `me` did this turn so far, as (kind, phrase) pairs: `me`'s own losses first
    ("loss"), then everything else in the order it happened, each event in the engine's
    short form (`cakegame.events.short`), its kind as in `since_summary` ("others",
    "gain", "recycle", "move") or "note" (a card deployed or discarded, the Character, a
    reshuffle, a majority nobody won). The turn's start and the game's end are left out.

    `moves` is `Session.turn_events(me)`. Read from the engine's events only, never from
    the log's words."""
    mine: list[tuple[str, Any]] = []
    rest: list[tuple[str, Any]] = []
    for _actor, evs in moves:
        for e in evs:
            kind = _TURN_KINDS.get(e.kind)
            if kind is None:
                continue
            if e.kind in LOSSES and e.seat == me:
                _add(mine, "loss", e)
            else:
                _add(rest, kind, e)
    return [(kind, short(e)) for kind, e in mine + rest]


# Pieces arriving or lost alike (the same division, chamber and cause), told once with their
# count: two rewards of one Cake Slice each in K are "2 Orange Cake Slices into K", and
# Trivia Night's two cards "Blue takes 2 Aperture Cards" (the short form names no card).
_COUNTED = (EventKind.SUBJECTS_IN, EventKind.CAKE_IN, EventKind.SUBJECTS_DESTROYED,
            EventKind.CAKE_INCINERATED, EventKind.CAKE_RETURNED, EventKind.CARD_TAKEN)


def _add(out: list[tuple[str, Any]], kind: str, e: Any) -> None:
    if e.kind in _COUNTED:
        for i, (k, seen) in enumerate(out):
            if (seen.kind, seen.seat, seen.chamber, seen.cause) == (e.kind, e.seat, e.chamber,
                                                                     e.cause):
                out[i] = (k, dataclasses.replace(seen, count=seen.count + e.count))
                return
    out.append((kind, e))


def arrows(moves: Any) -> list[tuple[str, str, int, int]]:
    """The Test Subjects' moves among `moves` (as for `since_summary`): (from, to, owner,
    how many) each, the same path and owner added up, in the order they happened.

    A move is left out once either of its chambers has been recycled: that chamber now
    stands at another row's new edge, and an arrow to where it stands now would draw a
    move that never was (across the lab, as if through the Portals). The strip still
    tells it in words."""
    out: dict[tuple[str, str, int], int] = {}
    for _actor, events in moves:
        for e in events:
            if e.kind is EventKind.MOVED and e.chamber and e.to and e.seat is not None:
                key = (e.chamber, e.to, e.seat)
                out[key] = out.get(key, 0) + e.count
            elif e.kind is EventKind.RECYCLED and e.chamber:
                for key in [k for k in out if e.chamber in k[:2]]:
                    del out[key]
    return [(a, b, seat, n) for (a, b, seat), n in out.items()]
