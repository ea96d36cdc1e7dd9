"""Text made safe for markup: what every piece of text the page writes as HTML or SVG goes
through (names players type included), so that it shows as text.

Not the standard library's `html.escape`: importing `html` builds its table of 2,000 named
entities, a few milliseconds of the page's start-up for nothing the page uses.
"""

from __future__ import annotations

import re

_SPECIAL = re.compile(r"[&<>\"']")


def escape(text: str) -> str:
    """`text` with the five characters markup gives a meaning as character references, for
    an element's text or a quoted attribute (the same output as `html.escape`)."""
    if not _SPECIAL.search(text):
        return text
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#x27;"))
