"""The rules page (rules.html): its contents list leads to every section, once, in order."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


class _Page(HTMLParser):
    """The contents' links (href, text) and every <h2>'s target: its section's id when it
    heads the section, else its own."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[list[str]] = []
        self.heads: list[str] = []
        self.ids: set[str] = set()
        self._nav = False
        self._section = ""
        self._label = ""  # the id of the heading that names the section
        self._link: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(str(a["id"]))
        if tag == "nav":
            self._nav = True
        elif tag == "section":
            self._section = str(a.get("id") or "")
            self._label = str(a.get("aria-labelledby") or "")
        elif tag == "a" and self._nav:
            self._link = [str(a.get("href") or ""), ""]
            self.links.append(self._link)
        elif tag == "h2":
            own = str(a.get("id") or "")
            heads_section = self._section and (not own or own == self._label)
            self.heads.append(self._section if heads_section else own)

    def handle_endtag(self, tag: str) -> None:
        if tag == "nav":
            self._nav = False
        elif tag == "a":
            self._link = None
        elif tag == "section":
            self._section = ""

    def handle_data(self, data: str) -> None:
        if self._link is not None:
            self._link[1] += data


def test_the_contents_lead_to_every_section_in_order_and_number_nothing_twice():
    """A play-tester read "6. 1. Deploy cards" (the list's number and the heading's) and
    found no way to the Test Chamber panels from the list."""
    page = _Page()
    page.feed((ROOT / "rules.html").read_text(encoding="utf-8"))
    targets = [href.removeprefix("#") for href, _ in page.links]
    assert all(t in page.ids for t in targets), targets
    headed = [h for h in page.heads if h]
    assert len(headed) == len(page.heads), "a section heading nobody can link to"
    assert targets == headed
    assert not [text for _, text in page.links if re.match(r"\s*\d", text)]
