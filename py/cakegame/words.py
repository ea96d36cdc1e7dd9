"""Small pieces of players' words shared by describe.py, decisions.py and the page: a
division's name, a chamber with its row, a card's name, a counted thing ("4 Test Subjects"),
a chamber's rewards ("2 Test Subjects and a Cake Slice")."""

from __future__ import annotations

from typing import Any, NamedTuple

from .content import CARD_BY_ID, ICON_NAMES, PANEL_LETTERS, ROWS, Icon

Data = dict[str, Any]


class Said(NamedTuple):
    """The words `describe` has ready for an action's sentence: who decides, the chamber
    and the destination it names, and its card (each with a stand-in when it names none)."""

    who: str
    here: str
    there: str
    card: str


def name(d: Data, seat: int) -> str:
    return d["names"][seat]


def chamber(d: Data, p: int | str) -> str:
    """'chamber K (middle row)'; `p` is a panel or a letter (ValueError if not a chamber)."""
    if isinstance(p, str):
        p = panel_of(p)
    pos = d["pos"][p]
    where = f" ({ROWS[pos[0]]} row)" if pos is not None else ""
    return f"chamber {PANEL_LETTERS[p]}{where}"


def panel_of(letter: str) -> int:
    from .rules import panel_of as of
    return of(letter)


def card_name(card: str) -> str:
    return CARD_BY_ID[card].name if card in CARD_BY_ID else card


def listed(words: list[str] | tuple[str, ...]) -> str:
    """'A', 'A and B', 'A, B and C' ('' for none)."""
    if len(words) < 2:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def counted(n: int, thing: str) -> str:
    """'1 Cake Slice', '4 Test Subjects'."""
    return f"{n} {thing}{'s' if n != 1 else ''}"


def subjects(n: int) -> str:
    return counted(n, "Test Subject")


def rewards(codes: str | list[str]) -> str:
    """Reward icons (their one-letter codes) in words, alike ones counted: "2 Test Subjects
    and a Cake Slice", "an Aperture Card", "the Turret" (there is only one), "nothing". The
    order is the panel's."""
    codes = list(codes)
    words = []
    for code in dict.fromkeys(codes):
        icon = Icon(code)
        thing = ICON_NAMES[icon]
        n = codes.count(code)
        if icon in (Icon.CUBE, Icon.TURRET):
            words.append("the " + thing)
        elif n > 1:
            words.append(counted(n, thing))
        else:
            words.append(("an " if thing[0] in "AEIOU" else "a ") + thing)
    return listed(words) or "nothing"
