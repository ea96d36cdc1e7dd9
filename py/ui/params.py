"""New-game settings: from the URL query (`?players=3&seed=42&seats=...&names=...`) and the
new-game form, checked and filled with defaults.

Shared links must never break the page: anything unreadable falls back to its default.
A link's `pass=1` or `pass=0` sets the pass-the-device screen; without it the screen is
on when two or more people play, as the form ticks it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import saves
from .saves import DEFAULT_NAMES, MAX_NAME, SEAT_KINDS

__all__ = ["DEFAULT_NAMES", "MAX_NAME", "Settings", "address_of", "clean_name", "parse_query",
           "query_of"]
MAX_SEED = 2**31 - 1


@dataclass
class Settings:
    """Everything the new-game screen chooses."""

    players: int = 2
    seed: int = 1
    names: list[str] = field(default_factory=lambda: list(DEFAULT_NAMES))
    seats: list[str] = field(default_factory=lambda: ["human"] * 4)
    first: int | None = None  # None: drawn from the seed
    pass_device: bool = False
    from_url: bool = False  # the query named a game: with no save, start it at once
    bot_pace_ms: int | None = None  # ?botpace=0: bots play at once (tests, demos)
    confirm: bool = False  # with ?botpace=, &confirm=1 keeps the end-of-turn confirmation
    bot_cap_ms: int | None = None  # ?botcap=0: hard's time cap lifted (tests), else its ms

    def game_names(self) -> list[str]:
        return saves.distinct_names([clean_name(n, i)
                                     for i, n in enumerate(self.names[: self.players])])

    def game_seats(self) -> list[str]:
        return list(self.seats[: self.players])

    def humans(self) -> int:
        """How many people play at this screen."""
        return self.game_seats().count("human")


def clean_name(name: object, seat: int) -> str:
    """A player's name as typed, trimmed and shortened; the division's name if empty."""
    return saves.clean_name(str(name or ""), seat)


def unquote(text: str) -> str:
    """Decode a query value ('+' and %XX escapes, UTF-8); bad escapes are kept as typed.

    Written here because importing urllib.parse costs a fifth of a second in the browser.
    """
    text = text.replace("+", " ")
    if "%" not in text:
        return text
    out = bytearray()
    i = 0
    while i < len(text):
        ch = text[i]
        pair = text[i + 1:i + 3]
        if ch == "%" and len(pair) == 2 and all(c in "0123456789abcdefABCDEF" for c in pair):
            out.append(int(pair, 16))
            i += 3
        else:
            out += ch.encode("utf-8")
            i += 1
    return out.decode("utf-8", errors="replace")


def parse_qs(query: str) -> dict[str, list[str]]:
    """A query string as {key: [values]}, like urllib.parse.parse_qs(keep_blank_values)."""
    out: dict[str, list[str]] = {}
    for part in query.split("&"):
        if not part:
            continue
        key, _, value = part.partition("=")
        out.setdefault(unquote(key), []).append(unquote(value))
    return out


def parse_query(query: str, seed: int) -> Settings:
    """Settings from a URL query string (with or without '?'); `seed` is the default seed."""
    q = parse_qs(query.lstrip("?"))
    s = Settings(seed=seed)

    def one(key: str) -> str | None:
        values = q.get(key)
        return values[-1] if values else None

    players = one("players")
    if players is not None and players.strip().isdigit() and 2 <= int(players) <= 4:
        s.players = int(players)
        s.from_url = True
    raw_seed = one("seed")
    if raw_seed is not None and raw_seed.strip().isdigit():
        s.seed = int(raw_seed) % (MAX_SEED + 1)
        s.from_url = True
    seats = one("seats")
    if seats:
        kinds = [k.strip().lower() for k in seats.split(",")]
        for i, k in enumerate(kinds[:4]):
            if k in SEAT_KINDS:
                s.seats[i] = k
        s.from_url = True
        if players is None and 2 <= len(kinds) <= 4:
            s.players = len(kinds)
    names = one("names")
    if names:
        for i, n in enumerate(names.split(",")[:4]):
            s.names[i] = clean_name(n, i)
    first = one("first")
    if first is not None and first.strip().isdigit() and int(first) < s.players:
        s.first = int(first)
    passing = one("pass")
    if passing is not None:
        s.pass_device = passing.strip().lower() in ("1", "on", "yes", "true")
    elif s.from_url:  # as the new-game form ticks it: on for two or more people
        s.pass_device = s.humans() >= 2
    confirm = one("confirm")
    if confirm is not None:
        s.confirm = confirm.strip().lower() in ("1", "on", "yes", "true")
    pace = one("botpace")
    if pace is not None and pace.strip().isdigit():
        s.bot_pace_ms = min(int(pace), 5000)
    cap = one("botcap")
    if cap is not None and cap.strip().isdigit():
        s.bot_cap_ms = min(int(cap), 60_000)
    return s


def quote(text: str) -> str:
    """A query value: letters, digits and -._~ as they are, everything else %XX (UTF-8)."""
    safe = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~"
    return "".join(ch if ch in safe else "".join(f"%{b:02X}" for b in ch.encode("utf-8"))
                   for ch in text)


def query_of(s: Settings) -> str:
    """The query string that sets up the same game (for sharing): every setting and the
    names (names that cannot hold a comma lose it)."""
    parts = [f"players={s.players}", f"seed={s.seed}",
             "seats=" + ",".join(s.game_seats()),
             "names=" + ",".join(quote(n.replace(",", " ")) for n in s.game_names())]
    if s.first is not None:
        parts.append(f"first={s.first}")
    if s.pass_device or s.humans() >= 2:  # a link without it: on for two or more people
        parts.append(f"pass={int(s.pass_device)}")
    return "?" + "&".join(parts)


def address_of(s: Settings) -> str:
    """The address bar's query for the game being played: the shared link's settings, and
    the pace of the computers a link asked for (`botpace`, `confirm`, `botcap`), so that a
    reload keeps it (a demo at a slow pace went back to the normal one)."""
    query = query_of(s)
    if s.bot_pace_ms is not None:
        query += f"&botpace={s.bot_pace_ms}"
        if s.confirm:
            query += "&confirm=1"
    if s.bot_cap_ms is not None:
        query += f"&botcap={s.bot_cap_ms}"
    return query
