"""Small DOM helpers for the page (PyScript's `document`), and safe browser storage.

Every text a player typed goes in through `textContent` (the `text=` argument), never as
markup.
"""

from __future__ import annotations

from typing import Any

from pyscript import document, window

try:  # Pyodide 0.27+ hands JS null over as `jsnull`, not None
    from pyodide.ffi import jsnull
except ImportError:  # pragma: no cover - older Pyodide
    jsnull = None

SVG_NS = "http://www.w3.org/2000/svg"


def found(value: Any) -> bool:
    """True unless `value` is JS null or undefined (e.g. `closest()` that found nothing)."""
    return value is not None and value is not jsnull


def by_id(element_id: str) -> Any:
    return document.getElementById(element_id)


def h(tag: str, text: str | None = None, cls: str | None = None, **attrs: Any) -> Any:
    """An HTML element; `attrs` become attributes (`data_action` -> `data-action`)."""
    el = document.createElement(tag)
    if cls:
        el.className = cls
    if text is not None:
        el.textContent = text
    for key, value in attrs.items():
        if value is None or value is False:
            continue
        el.setAttribute(key.rstrip("_").replace("_", "-"), "" if value is True else str(value))
    return el


def svg(tag: str, cls: str | None = None, **attrs: Any) -> Any:
    """An SVG element (pyscript.web makes HTML only)."""
    el = document.createElementNS(SVG_NS, tag)
    if cls:
        el.setAttribute("class", cls)
    for key, value in attrs.items():
        el.setAttribute(key.rstrip("_").replace("_", "-"), str(value))
    return el


def show(el: Any, visible: bool) -> None:
    el.hidden = not visible


class Store:
    """localStorage that never throws: blocked storage or a full quota only sets `problem`."""

    def __init__(self) -> None:
        self.problem: str | None = None
        try:
            self._ls = window.localStorage
            probe = "cakegame.probe"
            self._ls.setItem(probe, "1")
            self._ls.removeItem(probe)
        except Exception:
            self._ls = None
            self.problem = "this browser blocks storage here, so the game cannot be saved"

    @property
    def available(self) -> bool:
        return self._ls is not None

    def get(self, key: str) -> str | None:
        if self._ls is None:
            return None
        try:
            value = self._ls.getItem(key)
        except Exception:
            return None
        return value if isinstance(value, str) else None

    def set(self, key: str, value: str) -> bool:
        """Store `value`; False (and `problem` says why) if the browser refused."""
        if self._ls is None:
            return False
        try:
            self._ls.setItem(key, value)
        except Exception as error:
            full = "quota" in str(error).lower() or "full" in str(error).lower()
            self.problem = ("the browser's storage is full, so the game cannot be saved"
                            if full else "the browser refused to save the game")
            return False
        self.problem = None
        return True

    def remove(self, key: str) -> None:
        if self._ls is None:
            return
        try:
            self._ls.removeItem(key)
        except Exception:
            pass

    def has(self, key: str) -> bool:
        return self.get(key) is not None
