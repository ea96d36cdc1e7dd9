"""Typed moves: what a player types in the command box, matched against the legal actions.

A command is an action's text form ("from K", "to M", "count 2", "recycle top") or a short
plain-words form ("k", "2", "top", "end", "play wheatley", "carry blue", "no cake"). Every
legal action has a few such forms (`forms`); a command picks the one legal action that has
it. A command that fits no legal action but is one in form ("from Q") is handed to the engine
as text (`Resolution.try_text`), so its refusal comes in the engine's own words; words that
are no action at all are answered with the actions there are. Several commands separated by
commas or semicolons are played one after the other ("from K, to M, count 2").

Nothing here decides what is legal: the candidates are always `State.legal_actions()`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from cakegame import Verb

VERBS = frozenset(v.value for v in Verb)  # the first words of the engine's action texts
DIVISIONS = ("orange", "blue", "green", "purple")
ROWS = ("top", "middle", "bottom")
END_WORDS = ("end", "done", "end deploying", "finish")
MAX_LISTED = 8  # how many forms a hint names at most

_NOT_WORD = re.compile(r"[^a-z0-9 ]+")
_SPACES = re.compile(r"\s+")


def norm(text: str) -> str:
    """A command reduced to lower-case words (punctuation dropped, one space between)."""
    return _SPACES.sub(" ", _NOT_WORD.sub("", str(text).lower().replace("-", " "))).strip()


def split_commands(text: str) -> list[str]:
    """A line of commands cut at commas, semicolons and new lines (empty parts dropped),
    each without the "/" that opens the command box, typed again by habit ("/bottom")."""
    parts = (part.strip().lstrip("/").strip() for part in re.split(r"[,;\n]", str(text)))
    return [part for part in parts if part]


MOVE_WORDS = re.compile(r"^(?:move )?(?:from )?([a-z]) to ([a-z])$")
MOVE_TYPED = re.compile(r"^(?:move )?(?:from )?([a-z]) to(?: ([a-z]))?$")  # also "p to"


def move_parts(command: str) -> list[str] | None:
    """A move typed whole ("p to k", "move from P to K") as the two decisions it
    takes, ["from p", "to k"]; None for anything else. Tried only when the command is no
    action as it stands: "k to m" is a Portal shift where one is legal.

    >>> move_parts("Move P to K"), move_parts("p k")
    (['from p', 'to k'], None)
    """
    found = MOVE_WORDS.match(norm(command))
    return None if found is None else [f"from {found[1]}", f"to {found[2]}"]


def _seat_words(seat: str, names: Sequence[str]) -> list[str]:
    """Words that name a division: its colour, its seat number, its player's name."""
    out = [seat]
    if seat.isdigit() and int(seat) < len(DIVISIONS):
        i = int(seat)
        out.append(DIVISIONS[i])
        if i < len(names):
            out.append(norm(names[i]))
    return [w for w in out if w]


def forms(text: str, names: Sequence[str] = (), cards: Mapping[str, str] | None = None
          ) -> list[str]:
    """Every way of typing the action `text` (normalised; its text form first).

    >>> forms("count 2")
    ['count 2', '2']
    """
    cards = cards or {}
    words = text.split()
    verb, args = words[0], words[1:]
    out = [norm(text)]
    low = [a.lower() for a in args]

    def add(*options: str) -> None:
        for option in options:
            n = norm(option)
            if n and n not in out:
                out.append(n)

    if verb in ("from", "destroy") and len(args) == 2:
        for who in _seat_words(args[1], names):
            add(f"{low[0]} {who}", f"{verb} {low[0]} {who}")
        add(low[0], f"{verb} {low[0]}")  # enough when one division is there
    elif verb in ("from", "to", "activate", "portal", "fire", "burn") and len(args) == 1:
        add(low[0], f"{verb} {low[0]}")
        if verb == "from":
            add(f"move {low[0]}", f"move from {low[0]}")
        if verb == "to":
            add(f"move to {low[0]}")
    elif verb == "shift" and len(args) == 2:
        add(f"{low[0]} {low[1]}", f"{low[0]} to {low[1]}", f"portal {low[0]} {low[1]}",
            f"shift {low[0]} to {low[1]}")
    elif verb == "count" and args:
        add(args[0])
    elif verb == "carry" and args:
        if args[0] == "none":
            add("none", "no cake", "no", "nothing", "carry nothing")
        else:
            for who in _seat_words(args[0], names):
                add(who, f"carry {who}", f"{who} cake")
    elif verb == "bonus":
        if low == ["card"]:
            add("card", "take card", "bonus card")
        elif len(args) == 2:
            add(low[1], f"subject {low[1]}", f"free subject {low[1]}")
    elif verb == "recycle" and args:
        add(low[0], f"{low[0]} row")
    elif verb in ("subject", "cake", "cube", "turret") and args:
        if low[0] == "stay":
            add("stay", f"leave {verb}", f"{verb} stays")
        else:
            add(f"{verb} {low[0]}", f"{verb} to {low[0]}")
    elif verb == "card":
        add("card", "take card")
    elif verb == "end":
        add(*END_WORDS)
    elif verb in ("play", "gun", "discard") and args:
        name = cards.get(args[0], args[0])
        add(f"{verb} {name}")
        if verb == "play":
            add(name, f"deploy {name}", f"deploy {args[0]}")
        if verb == "gun":
            add(f"portal gun {name}", f"gun {args[0]}")
    return out


@dataclass
class Resolution:
    """What a typed command comes to: one legal action, or why not."""

    action: str | None = None  # the legal action's text form, to apply
    try_text: str | None = None  # no legal action fits: the engine explains this text's refusal
    problem: str = ""  # no action and nothing for the engine: the reason, for the player
    matches: list[str] = field(default_factory=list)  # the legal actions a vague command fits


def as_action_text(command: str) -> str:
    """A typed command in the engine's spelling: lower-case words, chamber letters in
    capitals ("from k" -> "from K")."""
    words = command.split()
    return " ".join(w.upper() if len(w) == 1 and w.isalpha() else w.lower() for w in words)


def resolve(command: str, legal: Sequence[str], names: Sequence[str] = (),
            cards: Mapping[str, str] | None = None, guess: str | None = None) -> Resolution:
    """Match one typed command against the legal action texts (in the engine's order).

    `guess` is what a bare chamber letter would have meant this decision (the page's
    `targets.guess_text`), so "k" when K is not a choice gets the engine's reason.
    """
    typed = norm(command)
    if not typed:
        return Resolution(problem="type an action, for example " + _examples(legal))
    exact = [a for a in legal if norm(a) == typed]
    if exact:
        return Resolution(action=exact[0])
    fits = [a for a in legal if typed in forms(a, names, cards)]
    if len(fits) == 1:
        return Resolution(action=fits[0])
    if len(fits) > 1:
        return Resolution(problem=f"“{command.strip()}” could be {_listing(fits)}: type one of "
                          "those", matches=fits)
    if not legal:
        return Resolution(problem="there is nothing for you to decide now")
    if len(typed) == 1 and typed.isalpha() and guess is not None:
        return Resolution(try_text=guess)
    text = as_action_text(command.strip())
    if text.split()[0] not in VERBS:
        # Not an action at all: the engine could only say "unknown action 'zz' in 'zz'".
        return Resolution(problem=f"“{command.strip()}” is no action here: type one of "
                          f"{_examples(legal)}")
    return Resolution(try_text=text)


def completions(prefix: str, legal: Sequence[str], names: Sequence[str] = (),
                cards: Mapping[str, str] | None = None) -> list[str]:
    """The legal actions (text forms, engine order) that a command starting with `prefix`
    could become; every legal action for an empty prefix."""
    typed = norm(prefix)
    if not typed:
        return list(legal)
    return [a for a in legal if any(f.startswith(typed) for f in forms(a, names, cards))]


def _listing(texts: Sequence[str]) -> str:
    shown = [f"“{t}”" for t in texts[:MAX_LISTED]]
    more = len(texts) - len(shown)
    if more > 0:
        shown.append(f"{more} more")
    if len(shown) == 1:
        return shown[0]
    return ", ".join(shown[:-1]) + " or " + shown[-1]


def _examples(legal: Sequence[str]) -> str:
    return _listing(list(legal)) if legal else "“from K”"


def hint(prefix: str, legal: Sequence[str], names: Sequence[str] = (),
         cards: Mapping[str, str] | None = None) -> str:
    """A short spoken line about what a partly typed command could become."""
    if not legal:
        return "Nothing to decide now."
    found = completions(prefix, legal, names, cards)
    move = MOVE_TYPED.match(norm(prefix)) if not found else None
    if move and completions(f"from {move[1]}", legal):
        # A move typed whole ("q to m") is its two decisions, which Enter plays in turn.
        start = as_action_text(f"from {move[1]}")
        if move[2] is None:
            return f"A move {start}: name the chamber it goes to."
        return f"Enter plays “{start}”, then “{as_action_text(f'to {move[2]}')}”."
    if not found:
        return "No legal action starts like that. Legal now: " + _listing(list(legal)) + "."
    if len(found) == 1:
        return f"Enter plays “{found[0]}”."
    return f"{len(found)} legal actions: {_listing(found)}."
