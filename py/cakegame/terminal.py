"""The game in a terminal: the lab as text, actions typed in their text form.

    python -m cakegame play --players 3 --seats human,medium,hard

Each seat is a person at the keyboard (`human`) or a computer opponent (`easy`, `medium`,
`hard`). When a person must decide, the terminal shows the lab as that seat may see it (its
own hand, never the others' or the deck), says what must be decided and lists the choices in
their text form (`from A`, `count 2`, `play wheatley`); the player types one. A line the
engine refuses is answered with the engine's own reason and the game stays where it was.
Besides actions: `help` lists the choices with their meaning, `board` shows the lab again,
`save FILE` writes the game as a save file, `quit` stops.

`play_game` takes the reading and writing functions, so tests script a whole game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from . import bots
from .actions import IllegalActionError
from .content import CARD_BY_ID, ICON_NAMES, ROWS
from .state import Chamber, State, View

HUMAN = "human"
SEAT_KINDS = (HUMAN, *bots.LEVELS)
CELL = 12  # characters per chamber; a row is offset by half a chamber per step of x
ICON_LEGEND = ", ".join(f"{icon.value} {name}" for icon, name in ICON_NAMES.items())
TOKENS = (("G", "glados"), ("P", "portal"), ("T", "turret"), ("Q", "cube"))
TOKEN_LEGEND = "G GLaDOS, P Portal, T Turret, Q Companion Cube"


def _cell_lines(c: Chamber, players: int) -> list[str]:
    """Three lines of one chamber: letter, icons, tokens; subjects by seat; cake by seat."""
    edge = "<" if c.new_edge else (">" if c.old_edge else " ")
    icons = "".join(i.value for i in c.icons)
    tokens = "".join(t for t, name in TOKENS if getattr(c, name))
    head = f"{edge}{c.letter} {icons}"
    if tokens:
        head += " " + tokens
    subjects = "s " + ".".join(str(n) for n in c.subjects[:players])
    cake = "c " + ".".join(str(n) for n in c.cake[:players])
    return [head, subjects, cake]


def lab_text(s: State | View) -> str:
    """The lab as rows of chambers, laid out like the board (each row offset as it lies)."""
    chambers = s.chambers()
    if not chambers:
        return "(the lab is empty)"
    left = min(c.x for c in chambers)
    out: list[str] = []
    for row in range(len(ROWS)):
        cells = sorted((c for c in chambers if c.row == row), key=lambda c: c.x)
        lines = ["", "", ""]
        for c in cells:
            column = (c.x - left) * CELL // 2
            for i, text in enumerate(_cell_lines(c, s.players)):
                lines[i] = lines[i].ljust(column) + text.ljust(CELL)
        label = f"{ROWS[row]:>6} "
        out.extend((label if i == 0 else " " * len(label)) + line.rstrip()
                   for i, line in enumerate(lines))
        out.append("")
    return "\n".join(out).rstrip("\n")


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _card_text(card_id: str) -> str:
    card = CARD_BY_ID.get(card_id)
    if card is None:
        return card_id
    return f"{card_id} ({card.name}: {card.action_title}: {card.action_text})"


def table_text(s: State | View, seat: int | None) -> str:
    """The divisions' supplies, the active character, the deck, and `seat`'s own hand."""
    lines = []
    for p in range(s.players):
        you = " (you)" if p == seat else ""
        lines.append(f"  {s.names[p]}{you}: {s.supply(p)} subjects and {s.cake_supply(p)} cake "
                     f"in supply, {s.incinerated(p)} cake incinerated, "
                     f"{_plural(s.hand_size(p), 'card')} in hand")
    c = s.character
    active = f"{c.name} ({c.character_text})" if c else "none"
    lines.append(f"  Deck: {s.deck_size} cards. Active character: {active}")
    if seat is not None:
        hand = [c for c in s.hand(seat) if c is not None]
        lines.append(f"  Your hand: {'; '.join(_card_text(c) for c in hand) if hand else 'empty'}")
    return "\n".join(lines)


def legend() -> str:
    return (f"Each chamber: < new edge, > old edge, its letter and reward icons ({ICON_LEGEND}),"
            f"\ntokens ({TOKEN_LEGEND}); s subjects and c cake of each division in seat order.")


def screen(s: State | View, seat: int | None) -> str:
    """What a player sees before deciding: the lab, the table and the question."""
    parts = [f"Turn {s.turn_number}: {s.names[s.turn]}'s turn ({s.phase}).", lab_text(s),
             table_text(s, seat)]
    if not s.is_over and s.current_player is not None:
        parts.append(f"{s.names[s.current_player]} must {s.prompt()}.")
        parts.append("  choices: " + " | ".join(str(a) for a in s.legal_actions()))
    return "\n".join(parts)


def outcome_text(s: State) -> str:
    o = s.outcome
    if o is None:
        return "The game is not over."
    winners = " and ".join(s.names[w] for w in o.winners)
    cake = ", ".join(f"{s.names[p]} {n}" for p, n in enumerate(o.cake))
    return f"Game over ({o.reason.value}): {winners} won. Cake in the lab: {cake}."


def parse_seats(text: str, players: int) -> list[str]:
    """`human,medium,hard` -> one kind per seat; raises ValueError saying what is wrong."""
    seats = [w.strip().lower() for w in text.split(",") if w.strip()]
    if len(seats) != players:
        raise ValueError(f"give one seat kind for each of the {players} players, "
                         f"not {len(seats)} ({text!r})")
    for kind in seats:
        if kind not in SEAT_KINDS:
            raise ValueError(f"unknown seat kind {kind!r}: choose from {', '.join(SEAT_KINDS)}")
    return seats


def play_game(state: State, seats: Sequence[str], *, read: Callable[[str], str],
              write: Callable[[str], None], bot_seed: int = 0,
              iterations: int | None = None, budget_s: float | None = None) -> State:
    """Play from `state` to the end (or until the player quits); returns the last state.

    `read(prompt)` returns a typed line and raises EOFError when input ends (then the game
    stops where it is). Bots decide with seeds from `bot_seed` and the number of actions so
    far, so a game with the same seed, seats and typed lines is the same game.
    """
    shown_for: tuple[int, int] | None = None  # (actions so far, seat) last shown in full
    count = 0
    write(legend())
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        kind = seats[seat]
        if kind != HUMAN:
            view = state.view(seat)
            action = bots.choose(view, kind, seed=bot_seed * 7919 + count,
                                 iterations=iterations, budget_s=budget_s)
            write(f"{state.names[seat]} ({kind}): {state.describe(action)}.")
            state = state.apply(action)
            count += 1
            continue
        view = state.view(seat)
        if shown_for != (count, seat):
            write("")
            write(screen(view, seat))
            shown_for = (count, seat)
        try:
            line = read(f"{state.names[seat]}> ").strip()
        except EOFError:
            write("Input ended: the game stops here.")
            return state
        word = line.split(" ", 1)[0].lower()
        if not line:
            continue
        if word == "quit":
            write("Stopped.")
            return state
        if word == "board":
            shown_for = None
            continue
        if word == "help":
            for a in state.legal_actions():
                write(f"  {str(a):<20} {state.describe(a)}")
            continue
        if word == "save":
            write(_save(state, line[4:].strip()))
            continue
        try:
            new = state.apply(line)
        except IllegalActionError as e:
            write(f"Refused: {e}")
            continue
        write(f"{state.names[seat]}: {state.describe(line)}.")
        state = new
        count += 1
    write("")
    write(lab_text(state))
    write(outcome_text(state))
    return state


def _save(state: State, path: str) -> str:
    if not path:
        return "Say where: save FILE"
    try:
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(state.to_json())
    except OSError as e:
        return f"Could not save to {path}: {e.strerror or e}"
    return f"Saved to {path}."


def load(path: str) -> State:
    """A saved game from a file (ValueError says what is wrong with it)."""
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
    except OSError as e:
        raise ValueError(f"cannot read {path}: {e.strerror or e}") from None
    return State.from_json(text)  # a ValueError that says what is wrong
