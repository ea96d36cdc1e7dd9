"""Bounds on untrusted JSON, checked before anything parses it.

Python's JSON parser and encoder recurse once per level of nesting. In CPython a save
nested ten thousand deep raises RecursionError, but in the browser's Python (Pyodide) deep
recursion overflows the JavaScript stack, which kills the interpreter for the rest of the
visit. So every way a save comes in (the engine's loader, the page's stored save, an
imported file) first measures the text here, with regular expressions and loops that use
no recursion and no stack, and refuses text that is too long or nested too deeply.

`check_text` works on text; `check_data` walks already-parsed data with an explicit stack
(for dicts handed to `State.from_json` by code rather than read from text).
"""

from __future__ import annotations

import re
from typing import Any

# A JSON string: a quote, then runs of ordinary characters or escapes, then a quote. The
# unrolled form needs no backtracking, so it is linear in the text's length.
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_INNERMOST = re.compile(r"\[\]|\{\}")
_CLOSING = re.compile(r"[\]}]+")


class TooBig(ValueError):
    """Text or data beyond the bounds a save can have; the message says which bound."""


def depth_of_text(text: str, limit: int) -> int | None:
    """How deeply a JSON parser could nest reading `text`, if at most `limit`; None when
    deeper than `limit`.

    Brackets inside strings do not count. Each pass removes every innermost pair of
    brackets (all of them at the deepest level), so `limit` passes settle it. Brackets
    that never pair up (damaged text) count as opening levels too: the parser goes down
    into each before it finds the damage.
    """
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    depth = 0
    while brackets:
        if depth >= limit:
            return None
        shorter = _INNERMOST.sub("", brackets)
        if len(shorter) == len(brackets):  # only brackets that never pair up are left
            unpaired = depth + len(_CLOSING.sub("", brackets))
            return unpaired if unpaired <= limit else None
        brackets = shorter
        depth += 1
    return depth


def check_text(text: str, *, max_chars: int, max_depth: int, what: str = "the save") -> None:
    """Raise TooBig unless `text` is at most `max_chars` long and nests at most `max_depth`
    deep (counting brackets that do not pair up, which the parser would go down into)."""
    if len(text) > max_chars:
        raise TooBig(f"{what} is too large ({len(text):,} characters; at most "
                     f"{max_chars:,})")
    if depth_of_text(text, max_depth) is None:
        raise TooBig(f"{what} is nested too deeply (more than {max_depth} levels)")


def check_data(data: Any, *, max_items: int, max_depth: int, what: str = "the save") -> None:
    """Raise TooBig unless `data` (dicts, lists and plain values) nests at most `max_depth`
    deep and holds at most `max_items` values in all. Walks with its own stack, so a
    structure of any depth is measured without recursion (and a cycle is cut by the
    count)."""
    todo: list[tuple[Any, int]] = [(data, 1)]
    seen = 0
    while todo:
        value, depth = todo.pop()
        seen += 1
        if seen > max_items:
            raise TooBig(f"{what} holds too many values (more than {max_items:,})")
        if isinstance(value, dict):
            children: Any = value.values()
        elif isinstance(value, (list, tuple)):
            children = value
        else:
            continue
        if depth > max_depth:
            raise TooBig(f"{what} is nested too deeply (more than {max_depth} levels)")
        todo.extend((child, depth + 1) for child in children)
