"""Which legal action each board place or button stands for.

The board knows no rules: it receives the engine's `legal_actions()` and sorts them into
chambers to click (the first chamber an action names) and buttons (everything else). A
chamber that stands for one action applies it at once; a chamber that stands for several opens
a second step: more chambers (a Portal `shift K L`) or buttons (a division, `destroy K 2`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import cakegame
from cakegame.words import listed

# Verbs whose first argument is a chamber (the place a player clicks).
CHAMBER_VERBS = frozenset({
    "from", "to", "activate", "portal", "subject", "cake", "fire", "burn", "destroy",
    "shift", "cube", "turret",
})
# Second words that are not chambers: `cube stay`, `turret stay`.
NOT_CHAMBERS = frozenset({"stay", "none", "card"})


def chamber_of(text: str) -> str | None:
    """The chamber an action's text names first, or None for a button-only action.

    >>> chamber_of("from K 2"), chamber_of("bonus subject A"), chamber_of("cube stay")
    ('K', 'A', None)
    """
    words = text.split()
    if not words:
        return None
    verb = words[0]
    if verb == "bonus":
        if len(words) == 3 and words[1] == "subject":
            return words[2]
        return None
    if verb in CHAMBER_VERBS and len(words) >= 2 and words[1] not in NOT_CHAMBERS:
        return words[1]
    return None


def second_chamber(text: str) -> str | None:
    """The second chamber of a two-chamber action (`shift K L` -> 'L'), else None."""
    words = text.split()
    if words and words[0] == "shift" and len(words) == 3:
        return words[2]
    return None


@dataclass
class Targets:
    """Legal actions sorted for the page. All lists keep the engine's order."""

    board: dict[str, list[str]] = field(default_factory=dict)  # chamber -> action texts
    buttons: list[str] = field(default_factory=list)  # actions that are not board places
    cards: dict[str, list[str]] = field(default_factory=dict)  # card id -> play/gun/discard

    def chamber_action(self, letter: str) -> str | None:
        """The one action a click on `letter` applies, or None (no action, or several)."""
        acts = self.board.get(letter, [])
        return acts[0] if len(acts) == 1 else None

    def sources_of(self, place: str) -> list[str]:
        """The chambers whose two-chamber actions (a Portal's shift) lead to `place`."""
        return sorted({letter for letter, acts in self.board.items()
                       if any(second_chamber(a) == place for a in acts)})

    def board_verbs(self) -> list[str]:
        """The verbs the board offers now, in order of first appearance."""
        seen: list[str] = []
        for acts in self.board.values():
            for a in acts:
                v = a.split()[0]
                if v not in seen:
                    seen.append(v)
        return seen


def sort_actions(texts: list[str]) -> Targets:
    """Sort action texts into board chambers, card buttons and other buttons."""
    t = Targets()
    for text in texts:
        words = text.split()
        letter = chamber_of(text)
        if letter is not None:
            t.board.setdefault(letter, []).append(text)
        elif words[0] in ("play", "gun", "discard") and len(words) == 2:
            t.cards.setdefault(words[1], []).append(text)
        else:
            t.buttons.append(text)
    return t


@dataclass
class Step:
    """The second step after clicking a chamber that stands for several actions."""

    source: str  # the chamber clicked first
    chambers: dict[str, str]  # second chamber -> action text (Portal shifts)
    buttons: list[str]  # actions to choose among with buttons


def second_step(targets: Targets, letter: str) -> Step | None:
    """What to offer once `letter` is selected; None when it stands for at most one action."""
    acts = targets.board.get(letter, [])
    if len(acts) < 2:
        return None
    chambers: dict[str, str] = {}
    buttons: list[str] = []
    for a in acts:
        second = second_chamber(a)
        if second is not None:
            chambers[second] = a
        else:
            buttons.append(a)
    return Step(letter, chambers, buttons)


def guess_text(targets: Targets, decision: str | None, letter: str) -> str | None:
    """The action text a click on a chamber that is not a target would have meant.

    Handing it to `State.apply` yields the engine's own reason why it is refused.
    """
    verbs = targets.board_verbs()
    if verbs:
        verb = verbs[0]
        if verb == "bonus":
            return f"bonus subject {letter}"
        if verb == "shift":
            return f"shift {letter} {letter}"
        return f"{verb} {letter}"
    by_decision = {
        "activate": "activate", "portal": "portal", "fire": "fire", "turret_any": "turret",
        "destroy": "destroy",
    }
    if decision in by_decision:
        return f"{by_decision[decision]} {letter}"
    return None


def ways_hint(s: Any, t: Targets, press_word: str) -> str:
    """The choices bar's opening words: the ways to decide besides its buttons, as one
    list ("Burn one of your Cake Slices in a highlighted chamber for a reward (Cave
    Johnson's Combustible Lemons, 1 choice), deploy one of your cards, or choose:");
    "" when the buttons are all there is."""
    ways = []
    if t.board:
        n = len(t.board)
        count = f"{n} choice{'s' if n != 1 else ''}"
        char = s.character
        if t.board_verbs() == ["burn"] and char is not None:
            # A Character's own option, named: the prompt alone would say "deploy".
            ways.append("burn one of your Cake Slices in a highlighted chamber for a reward "
                        f"({char.name}'s {char.character_title}, {count})")
        else:
            ways.append(f"{press_word} a highlighted chamber ({count})")
    if t.cards:
        ways.append("deploy one of your cards")
    if not ways:
        return ""
    if t.buttons:
        ways.append("choose:")
    text = ways[0] if len(ways) == 1 else ", ".join(ways[:-1]) + ", or " + ways[-1]
    return text[0].upper() + text[1:] + ("" if t.buttons else ".")


def harm_note(s: Any, texts: list[str]) -> str:
    """Where a Turret to place would destroy the deciding player's own Test Subjects, in
    the engine's counts ("The Turret destroys your own Test Subjects where it goes: 2 in
    K."): a play-tester put it in a chamber of theirs, and nothing had said so. Likewise a
    Test Subject of theirs delivered into the Turret's chamber ("The Turret destroys a Test
    Subject of yours delivered to B."): another took a free one there, unwarned."""
    hits = [f"{lost} in {text.split()[1]}" for text in texts
            if text.startswith("turret ") and (lost := turret_costs(s, text))]
    into = [text.split()[-1] for text in texts
            if not text.startswith("turret ") and turret_costs(s, text)]
    notes = []
    if hits:
        notes.append(f"The Turret destroys your own Test Subjects where it goes: {listed(hits)}.")
    if into:
        notes.append(f"The Turret destroys a Test Subject of yours delivered to "
                     f"{listed(list(dict.fromkeys(into)))}.")
    return " ".join(notes)


# The actions that put the deciding player's Test Subjects where the Turret may destroy
# them: the Turret placed, a subject delivered (a reward, a move's free one).
_INTO_TURRET = ("turret ", "subject ", "bonus subject ")


def turret_costs(s: Any, text: str) -> int:
    """How many of the deciding player's own Test Subjects the action `text` has the Turret
    destroy (placing it, or delivering a subject into its chamber; 0 for any other action),
    counted from the engine's events."""
    if not text.startswith(_INTO_TURRET) or text == "turret stay":
        return 0
    me = s.current_player
    return sum(e.count for e in outcome(s, text).events
               if e.kind is cakegame.EventKind.SUBJECTS_DESTROYED and e.seat == me)


def played_on(s: Any, text: str) -> list[Any]:
    """The engine's events of the legal action `text`, a move's destination or count played
    on with the first count (and cake) offered, theirs too: only then do its Test Subjects
    arrive, and meet the Turret."""
    me = s.current_player
    after = outcome(s, text, listed=True)
    events = list(after.events)
    if not text.startswith(("to ", "count ")):
        return events
    for _ in range(2):  # the count, then the cake carried
        if after.is_over or after.current_player != me or after.decision not in ("move",
                                                                                  "carry"):
            break
        after = after.apply_unchecked(after.legal_actions()[0])
        events.extend(after.events)
    return events


def destination_turret(s: Any, text: str) -> str:
    """At a move's destination ("to R"), whether the Turret there destroys the group (the
    engine's events, the move played on with the first count offered), in words; "" when
    it does not, or for any other action."""
    if not text.startswith("to ") or s.decision != "move":
        return ""
    letter = text.split()[1]
    if not any(c.turret for c in s.chambers() if c.letter == letter):
        return ""
    if any(e.kind is cakegame.EventKind.SUBJECTS_DESTROYED and e.chamber == letter
           for e in played_on(s, text)):
        return "the Turret there destroys the Test Subjects moved in"
    return ""


class _Outcomes:
    """The states the choices of the latest state lead to, each worked out once: a redraw
    asks what a Turret placed would cost for the choices bar's note, each chamber's button
    label and its tooltip; the session, whether a choice ends the game, and then plays it
    (`Session._result`). The state is held, so its id is never another's."""

    def __init__(self) -> None:
        self.state: Any = None
        self.after: dict[str, Any] = {}

    def __call__(self, s: Any, text: str, listed: bool = False) -> Any:
        """`s.apply(text)` (raising the engine's refusal), from the memo when `s` is the
        state asked about last; `listed`: `text` is one of `s`'s legal actions as listed,
        so the engine need not check it again."""
        if s is not self.state:
            self.state, self.after = s, {}
        after = self.after.get(text)
        if after is None:
            after = self.after[text] = (s.apply_unchecked(cakegame.Action.parse(text))
                                        if listed else s.apply(text))
        return after


outcome = _Outcomes()


def blocked_note(s: Any, texts: list[str]) -> str:
    """At an activation, why an old-edge chamber is not among the choices, in the engine's
    own words ("J cannot be activated: picking up chamber J would break the lab in two"):
    a play-tester saw J marked as on the old edge, not offered, and nothing saying why.
    Likewise the rows a recycled chamber may not go to (one row offered alone, nothing
    saying why: another play-tester)."""
    if s.decision == "recycle":
        return _rows_note(s, texts)
    if s.decision != "activate":
        return ""
    offered = set(texts)
    notes = []
    for c in s.chambers():
        text = f"activate {c.letter}"
        if not c.old_edge or text in offered:
            continue
        try:
            s.apply(text)
        except cakegame.IllegalActionError as refused:
            why = refused.reason or str(refused)
            notes.append(f"{c.letter} cannot be activated: {why}")
    return "; ".join(notes) + "." if notes else ""


def _rows_note(s: Any, texts: list[str]) -> str:
    """Why the rows left out of a recycle's choices are left out, in the engine's words:
    "Not the top row: the middle row has fewer than 3 chambers, and a recycled chamber must
    go to such a row." One sentence for all of them: the reason is the same."""
    left_out = [row for row in ("top", "middle", "bottom") if f"recycle {row}" not in texts]
    if not left_out:
        return ""
    try:
        s.apply(f"recycle {left_out[0]}")
    except cakegame.IllegalActionError as refused:
        why = refused.reason or str(refused)
        rows = " or ".join(f"the {row} row" for row in left_out)
        return f"Not {rows}: {why}."
    return ""
