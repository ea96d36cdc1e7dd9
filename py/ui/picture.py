"""A picture of the last redraw of the lab, kept for the next visit (js/early.js shows it).

A returning player waits a few seconds for Python; until then js/early.js draws the lab as
it was when they left, from this picture, marked as not live yet. The picture is the lab's
markup as drawn (the `#chambers` layer and the SVG's viewBox, and the scores strip that a
phone shows over the lab, so the lab does not move when Python takes over), written to
localStorage just after a redraw, in the same deferred slot as the save (and on leaving the
page), so it shows the state the save resumes. It is only ever shown, never read back as game
facts.
"""

from __future__ import annotations

import json

from .dom import Deferred, Store, by_id

KEY = "cakegame.picture"  # js/early.js reads it
MAX_CHARS = 400_000  # a picture larger than this is not worth the storage


class Picture(Deferred):
    """Keeps `#lab`'s last redraw in localStorage, once the browser has run the redraw
    (`soon`, next task; `flush` on leaving the page)."""

    def __init__(self) -> None:
        super().__init__()
        self.store = Store()
        self.over = False  # the game drawn is over (the next visit's words say so)

    def now(self) -> None:
        super().now()
        lab, layer = by_id("lab"), by_id("chambers")
        markup = str(layer.innerHTML)
        if len(markup) > MAX_CHARS:
            return
        picture: dict[str, object] = {"box": str(lab.getAttribute("viewBox") or ""),
                                      "markup": markup, "over": self.over}
        if not by_id("table-strip").hidden:  # a phone's strip over the lab, drawn as well
            picture["strip"] = {"scores": str(by_id("strip-scores").innerHTML),
                                "rule": str(by_id("strip-rule").innerHTML)}
        self.store.set(KEY, json.dumps(picture))
