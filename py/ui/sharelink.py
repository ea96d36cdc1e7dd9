"""Share links: a whole game in a URL fragment, and back, with every input bounded.

    index.html#replay=1.<base64url of the raw-deflated game text>

The game text is compact JSON: {"p": players, "s": seed, "n": [names], "f": first or null,
"k": [seats], "a": "from C,to H,count 1,..."}; the action texts joined by commas compress
to about a fifth. The fragment never reaches a server, so a link works offline and from any
static host.

A link comes from anywhere, so reading one is bounded at every step before any parsing:
the fragment's length and alphabet, the inflated size (inflated in one bounded call, so a
"zip bomb" stops at the limit), and the JSON's nesting depth (a scan, which cannot overflow
a stack). Then the record's shape is checked (`record.from_data`) and its actions are
replayed by the engine's checked `apply` by whoever opens it.
"""

from __future__ import annotations

import binascii
import json
import zlib
from typing import Any

from cakegame import guard

from .record import Record, RecordError, from_data

PREFIX = "replay="
VERSION = "1"
MAX_FRAGMENT = 60_000  # characters after '#'; a long four-player game needs about 1,500
MAX_TEXT = 400_000  # bytes of game text after inflating
MAX_DEPTH = 3  # the game text is an object holding lists of strings
_ALPHABET = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


class LinkError(ValueError):
    """A share link that cannot be opened; `kind` is 'damaged', 'foreign' or 'newer'."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


def is_share(fragment: str) -> bool:
    """Whether a URL fragment (with or without '#') claims to be one of our share links.
    Other fragments (a page anchor) are none of our business and are left alone."""
    return isinstance(fragment, str) and fragment.lstrip("#").startswith(PREFIX)


def game_text(rec: Record) -> str:
    """The compact JSON text of a record, as a link carries it."""
    return json.dumps({"p": rec.players, "s": rec.seed, "n": rec.names, "f": rec.first,
                       "k": rec.seats, "a": ",".join(rec.actions)},
                      separators=(",", ":"), ensure_ascii=False)


def encode(rec: Record) -> str:
    """The URL fragment (without '#') that carries `rec`."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = packer.compress(game_text(rec).encode("utf-8")) + packer.flush()
    text = binascii.b2a_base64(raw, newline=False).decode("ascii")
    return PREFIX + VERSION + "." + text.replace("+", "-").replace("/", "_").rstrip("=")


def depth_ok(text: str, limit: int = MAX_DEPTH) -> bool:
    """Whether JSON text nests at most `limit` deep: the same scan as saves and imports
    (`cakegame.guard`, no recursion), so a crafted link cannot overflow the parser."""
    return guard.depth_of_text(text, limit) is not None


def decode(fragment: str) -> Record:
    """The record a share link carries; LinkError saying what is wrong otherwise.
    The record's actions are not replayed here (see `Record.states`)."""
    damaged = "the link is damaged (it was cut short or changed on the way); ask for it again"
    if not isinstance(fragment, str):
        raise LinkError("foreign", "this is not a game link of this site")
    body = fragment.lstrip("#")
    if len(body) > MAX_FRAGMENT + len(PREFIX) + 4:
        raise LinkError("damaged", "the link is far too long to be a game of this site")
    if not body.startswith(PREFIX):
        raise LinkError("foreign", "this is not a game link of this site")
    version, dot, payload = body[len(PREFIX):].partition(".")
    if not dot or not version.isdigit() or len(version) > 4:
        raise LinkError("foreign", "this is not a game link of this site")
    if version != VERSION:
        if int(version) > int(VERSION):
            raise LinkError("newer", "this link was made by a newer version of the game; "
                            "reload the page to update it, then open the link again")
        raise LinkError("foreign", "this is not a game link of this site")
    if not payload or not set(payload) <= _ALPHABET or len(payload) % 4 == 1:
        raise LinkError("damaged", damaged)
    padded = payload.replace("-", "+").replace("_", "/") + "=" * (-len(payload) % 4)
    try:
        raw = binascii.a2b_base64(padded)
    except (binascii.Error, ValueError):
        raise LinkError("damaged", damaged) from None
    inflater = zlib.decompressobj(-15)
    try:
        data = inflater.decompress(raw, MAX_TEXT + 1)
    except zlib.error:
        raise LinkError("damaged", damaged) from None
    if len(data) > MAX_TEXT or inflater.unconsumed_tail:
        raise LinkError("damaged", "the link holds far more than a game")
    if not inflater.eof:
        raise LinkError("damaged", damaged)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise LinkError("damaged", damaged) from None
    if not depth_ok(text):
        raise LinkError("foreign", "this is not a game link of this site")
    try:
        obj: Any = json.loads(text)
    except ValueError:
        raise LinkError("damaged", damaged) from None
    if not isinstance(obj, dict) or not isinstance(obj.get("a"), str):
        raise LinkError("foreign", "this is not a game link of this site")
    actions = obj["a"].split(",") if obj["a"] else []
    try:
        return from_data({"format": "cakegame-record/1", "players": obj.get("p"),
                          "seed": obj.get("s"), "names": obj.get("n"), "first": obj.get("f"),
                          "seats": obj.get("k"), "actions": actions})
    except RecordError as error:
        raise LinkError("damaged", f"the game in the link does not hold together: {error}") \
            from None
