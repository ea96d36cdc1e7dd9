"""Small DOM helpers for the page (PyScript's `document`), and safe browser storage.

Every text a player typed goes in through `textContent` (the `text=` argument of `h`), or
escaped by `markup` (which escapes every text and attribute value it is given): never as
raw markup.

Each call from Python into the DOM crosses Pyodide's foreign-function bridge, which costs
far more than the DOM work itself (about 10-30 µs a call here). So the page looks each
element up once (`by_id` keeps what it found), writes only what changed (`Texts`), and
builds a list of new elements as one string of escaped markup inserted with one call.
"""

from __future__ import annotations

from typing import Any

from pyodide.ffi import create_proxy, to_js
from pyscript import document, window

from .escape import escape
from .slot import Unreadable  # the browser threw when asked for a stored value

try:  # Pyodide 0.27+ hands JS null over as `jsnull`, not None
    from pyodide.ffi import jsnull
except ImportError:  # pragma: no cover - older Pyodide
    jsnull = None

SVG_NS = "http://www.w3.org/2000/svg"


def found(value: Any) -> bool:
    """True unless `value` is JS null or undefined (e.g. `closest()` that found nothing)."""
    return value is not None and value is not jsnull


def js_object(value: dict[str, Any] | list[Any]) -> Any:
    """A JS object (or array) from a Python dict (or list): an options argument such as
    `focus({preventScroll: true})`, an event's init, an animation's keyframes."""
    return to_js(value, dict_converter=window.Object.fromEntries)


def nothing_focused() -> bool:
    """The focus is nowhere in particular: on the page's body (where it falls when the
    element that had it goes away), on nothing, or still in a dialog just closed (where it
    is at the dialog's close event, before it falls to the body). (Compared by tag: each
    read of `document.activeElement` is a new proxy, so `is document.body` is never true.)"""
    active = document.activeElement
    if not found(active) or str(getattr(active, "tagName", "")).lower() == "body":
        return True
    return hasattr(active, "closest") and found(active.closest("dialog:not([open])"))


_BY_ID: dict[str, Any] = {}


def by_id(element_id: str) -> Any:
    """The element with this id, looked up once: the page's elements with an id are never
    replaced (their contents are), so the proxy stays valid."""
    el = _BY_ID.get(element_id)
    if el is None:
        el = document.getElementById(element_id)
        if found(el):
            _BY_ID[element_id] = el
    return el


def attr_name(key: str) -> str:
    """An attribute's name from a Python keyword: `data_action` -> `data-action`, and a
    trailing underscore dropped (`for_` -> `for`)."""
    return key.rstrip("_").replace("_", "-")


def esc(text: Any) -> str:
    """`text` made safe for markup, inside an element or a quoted attribute."""
    return escape(str(text))


def markup(tag: str, text: str | None = None, cls: str | None = None, inner: str = "",
           **attrs: Any) -> str:
    """An HTML element as markup, like `h` (`data_action=` -> `data-action`): every text and
    attribute value is escaped; `inner` is markup already made safe (by this function)."""
    parts = [f"<{tag}"]
    if cls:
        parts.append(f' class="{esc(cls)}"')
    for key, value in attrs.items():
        if value is None or value is False:
            continue
        name = attr_name(key)
        parts.append(f" {name}" if value is True else f' {name}="{esc(value)}"')
    parts.append(">")
    if text is not None:
        parts.append(esc(text))
    parts.append(inner)
    parts.append(f"</{tag}>")
    return "".join(parts)


class Texts:
    """Writes to elements that skip what is already there: a click changes a few texts and
    classes of many, and an unchanged write still costs a bridge call and a DOM mutation."""

    def __init__(self) -> None:
        self._seen: dict[tuple[str, str], Any] = {}

    def seen(self, element_id: str, what: str) -> Any:
        """What was last written to the element's `what` ("text", "class", a property's
        name) through these writes, or None."""
        return self._seen.get((element_id, what))

    def text(self, element_id: str, value: str) -> None:
        """Set the element's textContent, unless it already holds `value`."""
        if self._seen.get((element_id, "text")) != value:
            by_id(element_id).textContent = value
            self._seen[(element_id, "text")] = value

    def cls(self, element_id: str, value: str) -> None:
        """Set the element's className, unless it already is `value`."""
        if self._seen.get((element_id, "class")) != value:
            by_id(element_id).className = value
            self._seen[(element_id, "class")] = value

    def prop(self, element_id: str, name: str, value: Any) -> None:
        """Set a property (`hidden`, `disabled`), unless it already has `value`."""
        if self._seen.get((element_id, name)) != value:
            setattr(by_id(element_id), name, value)
            self._seen[(element_id, name)] = value

    def attr(self, element_id: str, name: str, value: str) -> None:
        """Set an attribute (`aria-disabled`), unless it already has `value`: ARIA's
        reflected properties are not in every browser this page runs in."""
        if self._seen.get((element_id, "@" + name)) != value:
            by_id(element_id).setAttribute(name, value)
            self._seen[(element_id, "@" + name)] = value

    def forget(self, element_id: str) -> None:
        """The element was changed some other way: the next write goes through."""
        for key in [k for k in self._seen if k[0] == element_id]:
            del self._seen[key]


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
        el.setAttribute(attr_name(key), "" if value is True else str(value))
    return el


def svg(tag: str, cls: str | None = None, **attrs: Any) -> Any:
    """An SVG element (pyscript.web makes HTML only)."""
    el = document.createElementNS(SVG_NS, tag)
    if cls:
        el.setAttribute("class", cls)
    for key, value in attrs.items():
        el.setAttribute(attr_name(key), str(value))
    return el


def show(el: Any, visible: bool) -> None:
    el.hidden = not visible


class Deferred:
    """Work a click asks for that may wait until the browser has run the click's redraw.

    `soon` runs `now` in the next task (`setTimeout(0)`, before any later input or page
    script); several calls before it runs make one run. `flush` runs a pending one at once
    (the page is being left). `due` is True while a run is pending; `now` clears it.
    """

    def __init__(self) -> None:
        self.due = False
        self._proxy = create_proxy(self.flush)

    def soon(self) -> None:
        if self.due:
            return
        self.due = True
        window.setTimeout(self._proxy, 0)

    def flush(self, *_: Any) -> None:
        """Run a pending `soon` now (no-op if none is pending)."""
        if self.due:
            self.now()

    def now(self) -> None:
        self.due = False


class Store:
    """localStorage that never throws: blocked storage or a full quota only sets `problem`.

    Full storage can still be read (the start-up probe write fails, the saved game is
    intact), so only storage that cannot even be reached counts as unavailable. `read`
    tells a value that cannot be read (`Unreadable`) from no value at all, so a save that
    is there but unreadable is never taken for "no save" and written over.
    """

    def __init__(self) -> None:
        self.problem: str | None = None
        try:
            self._ls = window.localStorage
        except Exception:
            self._ls = None
        if self._ls is None or not found(self._ls):
            self._ls = None
            self.problem = "this browser blocks storage here, so the game cannot be saved"
            return
        try:
            probe = "cakegame.probe"
            self._ls.setItem(probe, "1")
            self._ls.removeItem(probe)
        except Exception as error:
            self.problem = self._why(error)

    @staticmethod
    def _why(error: Exception) -> str:
        full = "quota" in str(error).lower() or "full" in str(error).lower()
        return ("the browser's storage is full, so the game cannot be saved"
                if full else "the browser refused to save the game")

    @property
    def available(self) -> bool:
        return self._ls is not None

    def read(self, key: str) -> str | None:
        """The stored text, None if there is none; raises Unreadable if the browser threw."""
        if self._ls is None:
            return None
        try:
            value = self._ls.getItem(key)
        except Exception as error:
            raise Unreadable(str(error)) from None
        return value if isinstance(value, str) else None

    def get(self, key: str) -> str | None:
        try:
            return self.read(key)
        except Unreadable:
            return None

    def set(self, key: str, value: str) -> bool:
        """Store `value`; False (and `problem` says why) if the browser refused."""
        if self._ls is None:
            return False
        try:
            self._ls.setItem(key, value)
        except Exception as error:
            self.problem = self._why(error)
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

    def keys(self) -> list[str]:
        """Every key stored by this site ([] if the browser will not say)."""
        if self._ls is None:
            return []
        try:
            return [str(self._ls.key(i)) for i in range(int(self._ls.length))]
        except Exception:
            return []

    def items(self) -> list[tuple[str, str | None]]:
        """Every stored (key, text) of this site; a text that cannot be read is None."""
        return [(key, self.get(key)) for key in self.keys()]


def download(name: str, text: str) -> None:
    """Offer `text` as a file called `name` (a JSON save), the way a link with `download`
    does."""
    from pyodide.ffi import to_js

    blob = window.Blob.new(to_js([text]), to_js({"type": "application/json"},
                                                dict_converter=window.Object.fromEntries))
    url = window.URL.createObjectURL(blob)
    link = h("a", None, None, href=url, download=name)
    document.body.append(link)
    link.click()
    link.remove()
    window.setTimeout(create_proxy(lambda: window.URL.revokeObjectURL(url)), 1000)
