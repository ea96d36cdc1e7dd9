"""Words and looks: short labels for choice buttons, and each division's colour and shape.

Colours are the Okabe-Ito palette (safe for the common colour-vision deficiencies); each
division also has its own token shape, so the board reads in greyscale too.
"""

from __future__ import annotations

from typing import Any

import cakegame
from cakegame.content import CARD_BY_ID
from cakegame.words import counted, listed

COLOURS = ("#E69F00", "#56B4E9", "#009E73", "#CC79A7")
SHAPES = ("circle", "square", "triangle", "diamond")
DIVISION_NAMES = tuple(d.name for d in cakegame.DIVISIONS)
ROW_NAMES = {"top": "Top row", "middle": "Middle row", "bottom": "Bottom row"}
REASONS = {
    "no_subjects": "{name} has no Test Subjects left in the Laboratory",
    "cake_incinerated": "{name} has had all 8 Cake Slices incinerated",
    "opera": "{name} completed the Opera Turret's Grand Finale: cake in all three rows",
    "standstill": ("the lab came to a standstill: no Test Subject or Cake Slice entered or "
                   "left it for ten full rounds"),
}


def reason_text(reason: str, name: str) -> str:
    """Why the game ended, naming the division (or divisions: "Green and Purple have", or
    the player told in the second person: "you have") whose situation ended it."""
    text = REASONS.get(reason, reason)
    if " and " in name or name == "you":
        text = text.replace("{name} has had", "{name} have had").replace("{name} has",
                                                                          "{name} have")
    return text.replace("{name}", name or "a division")


def ended_by(o: Any, names: tuple[str, ...] | list[str]) -> str:
    """Who ended the game: the division the engine names, and with it every other that has
    no Test Subjects left in the lab when that is the reason (a recycle or a card can
    empty two divisions at once)."""
    if o.seat is None:
        return ""
    seats = [o.seat]
    if o.reason.value == "no_subjects":
        seats += [s for s in range(len(o.subjects)) if s != o.seat and o.subjects[s] == 0]
    return listed([names[s] for s in sorted(seats)])


def result_note(o: Any, names: tuple[str, ...] | list[str], turn: int) -> str:
    """The rules behind a result (`o`, the engine's `Outcome`; `turn`, whose turn the game
    ended in) that surprise a newcomer. An ending by a division's last Test Subjects:
    whoever has the most Cake Slices in the lab wins, even the division that ran out (and,
    when the one that ran out won on its own turn, that it ended the game itself while
    ahead). Who had
    the most cake, and how much against the others. A tie on cake: the most Test Subjects
    in the lab break it, and a tie on both is a shared win."""
    reason, winners, cake, subjects = o.reason.value, o.winners, o.cake, o.subjects
    out = []
    if reason == "no_subjects":
        rule = "Whoever has the most Cake Slices in the lab wins, even the division that ran out"
        if o.seat is not None and o.seat in winners and o.seat == turn:
            out.append(f"{rule}: {names[o.seat]} ended the game on their own turn while "
                       "ahead in cake.")
        else:
            out.append(f"{rule}.")
    if winners and reason != "opera":
        top = cake[winners[0]]
        level = [s for s in range(len(cake)) if cake[s] == top]
        if len(level) == 1:
            w = winners[0]
            rest = listed([str(cake[s]) for s in range(len(cake)) if s != w])
            out.append(f"{names[w]} has the most Cake Slices in the lab ({top}, against "
                       f"{rest}).")
        else:
            tied = listed([names[s] for s in level])
            most = subjects[winners[0]]
            rest = listed([str(subjects[s]) for s in level if s not in winners])
            if len(winners) == 1:
                out.append(f"{tied} are level on cake ({top} each); {names[winners[0]]} has "
                           f"the most Test Subjects in the lab ({most}, against {rest}).")
            elif len(winners) == len(level):
                out.append(f"{tied} are level on cake ({top} each) and on Test Subjects in "
                           f"the lab ({most} each): a shared win.")
            else:
                out.append(f"{tied} are level on cake ({top} each); "
                           f"{listed([names[w] for w in winners])} have the most Test "
                           f"Subjects in the lab ({most} each, against {rest}): a shared "
                           "win.")
    return " ".join(out)


def winners_heading(winners: tuple[int, ...] | list[int], names: tuple[str, ...] | list[str],
                    me: int | None = None) -> str:
    """The game-over dialog's heading: "Ann wins!", "Shared win: Ann and Bo!", or, when `me`
    (the one person at the table, among computers) is among the winners, in the second
    person: "You win!", "Shared win: you and Bo!"."""
    if me in winners:
        if len(winners) == 1:
            return "You win!"
        return "Shared win: " + listed(["you"] + [names[w] for w in winners if w != me]) + "!"
    if len(winners) == 1:
        return f"{names[winners[0]]} wins!"
    return "Shared win: " + " and ".join(names[w] for w in winners) + "!"


def who_won(o: Any, names: tuple[str, ...] | list[str]) -> str:
    """An outcome's winners and their verb: "Ann wins", "Ann and Bo win"."""
    return f"{listed([names[w] for w in o.winners])} {'wins' if len(o.winners) == 1 else 'win'}"


def result_for(o: Any, names: tuple[str, ...] | list[str], seat: int) -> str:
    """An outcome said to `seat`: "you win", "you share the win with Bo", "Ann wins"."""
    if seat in o.winners:
        others = [names[w] for w in o.winners if w != seat]
        return f"you share the win with {listed(others)}" if others else "you win"
    return who_won(o, names)


def losing_warning(o: Any, names: tuple[str, ...] | list[str], seat: int,
                   later: bool = False) -> str:
    """What a move that ends the game with `seat` beaten would lead to (`o`, the engine's
    `Outcome` of the game it would leave), in the second person: the page's warning before
    it is played. `later`: the end comes at the next decision, every option of which ends
    it so (`Session.loses_by`)."""
    told = [("you" if i == seat else n) for i, n in enumerate(names)]
    why = reason_text(o.reason.value, ended_by(o, told))
    winners = listed([names[w] for w in o.winners])
    verb = "wins" if len(o.winners) == 1 else "share the win"
    w = o.winners[0]
    if o.reason.value == "opera":
        score = ""
    elif o.cake[w] != o.cake[seat]:
        score = f" with {counted(o.cake[w], 'Cake Slice')} in the lab to your {o.cake[seat]}"
    else:
        score = (f", level on cake ({o.cake[w]} each) with more Test Subjects in the lab "
                 f"({o.subjects[w]} to your {o.subjects[seat]})")
    lead = ("This leaves you only choices that end the game, and you lose" if later
            else "This ends the game and you lose")
    return f"{lead}: {why}; {winners} {verb}{score}."


# A prompt's first verb, as what a computer player does ("choose ..." -> "chooses ...").
DOES = {"choose": "chooses", "take": "takes", "deploy": "deploys", "place": "places",
        "collect": "collects", "burn": "burns", "move": "moves", "carry": "carries",
        "put": "puts", "discard": "discards"}


def computer_does(name: str, level: str, prompt: str) -> str:
    """A computer's decision as what it is doing, not as an order: the prompt is written to
    the player deciding ("Blue (medium computer): choose a chamber ..." read as an
    instruction to the person watching: a play-tester). "Blue (medium computer) chooses a
    chamber to move Test Subjects from"; a prompt of another form keeps the colon."""
    first, _, rest = prompt.partition(" ")
    verb = DOES.get(first)
    who = f"{name} ({level} computer)"
    if verb is None:
        return f"{who}: {prompt}"
    rest = rest.replace(", or end ", ", or ends ").replace("your ", "its ")
    return f"{who} {verb} {rest}"


def card_name(card_id: str) -> str:
    card = CARD_BY_ID.get(card_id)
    return card.name if card else card_id


def button_label(text: str, names: tuple[str, ...] | list[str], me: int | None = None,
                 carried: bool = False, cube_in_lab: bool = True,
                 top_card: str | None = None) -> str:
    """A short label for an action's button; the full sentence goes in its tooltip. `me`,
    the seat deciding, is "Your own" where a choice names a division; `carried`, that the
    moving group already picks some Cake Slices ("Carry no more"); `cube_in_lab`, whether
    the Companion Cube has a place to stay in; `top_card`, the deck's face-up card, which
    taking a card takes ("Take an Aperture Card: P-body")."""
    words = text.split()
    verb, args = words[0], words[1:]

    def who(seat: str) -> str:
        i = int(seat) if seat.isdigit() else -1
        if not 0 <= i < len(names):
            return seat
        if i == me:
            return f"Your own ({DIVISION_NAMES[i]})"
        # A name that is its division's colour is said once ("Blue", not "Blue (Blue)").
        return names[i] if names[i] == DIVISION_NAMES[i] else f"{names[i]} ({DIVISION_NAMES[i]})"

    if verb == "count":
        n = args[0]
        return f"{n} Test Subject" + ("" if n == "1" else "s")
    if verb == "carry":
        if args[0] == "none":
            return "Carry no more Cake Slices" if carried else "Carry no Cake Slices"
        i = int(args[0]) if args[0].isdigit() else -1
        colour = DIVISION_NAMES[i] if 0 <= i < len(DIVISION_NAMES) else args[0]
        return f"Carry {'an' if colour[:1] in 'AEIOU' else 'a'} {colour} Cake Slice"
    top = CARD_BY_ID.get(top_card or "")
    taken = f": {top.name}" if top else ""
    if verb == "bonus":
        return (f"Take an Aperture Card{taken}" if args == ["card"]
                else f"Free Test Subject to {args[-1]}")
    if verb == "end":
        return "End deploying"
    if verb == "card":
        return f"Take the Aperture Card{taken}"
    if verb == "recycle":
        return ROW_NAMES.get(args[0], args[0])
    if verb in ("cube", "turret") and args == ["stay"]:
        if verb == "turret":
            return "Leave the Turret"
        return "Leave the Cube where it is" if cube_in_lab else "Leave the Cube out of the lab"
    if verb == "play":
        card = CARD_BY_ID.get(args[0])
        return f"Deploy: {card.action_title}" if card else text
    if verb == "gun":
        return "Fire the Portal Gun"
    if verb == "discard":
        return "Discard"
    if verb in ("from", "destroy") and len(args) == 2:
        return who(args[1])
    if verb == "subject":
        return f"Deliver a Test Subject to {args[0]}"
    if verb == "cake":
        return f"Deliver a Cake Slice to {args[0]}"
    if verb == "cube":
        return f"Companion Cube to {args[0]}"
    if verb == "turret":
        return f"Turret to {args[0]}"
    return text


# What a turn is, in the strip's room when nothing has happened yet (Panels.since).
TURN_OUTLINE = ("deploy cards if you hold any; move one group of your Test Subjects to a "
                "neighbouring chamber; then activate an old-edge chamber (right): whoever has "
                "most Test Subjects there collects its rewards, and it is recycled.")
