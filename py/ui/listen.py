"""The page's event listeners.

Most of the page's controls are buttons and fields with an id, and most of their events
bubble. Giving each its own listener costs three calls across the bridge to JavaScript at
start-up (find the element, wrap the handler, add the listener), which is most of what
wiring the page costs. So a control named by its id is listened to through one listener
per kind of event on the document, which finds the controls the event passed through
(nearest first, as bubbling would reach them) and calls their handlers. Anything else (a
window, an element without an id, an event that does not bubble) gets a listener of its
own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_proxy
from pyscript import document

from .dom import by_id, found

Handler = Callable[[Any], Any]

# Events that bubble to the document from the controls named by id (the others, such as a
# dialog's "cancel", reach only their own element).
BUBBLING = frozenset({"click", "change", "input", "submit"})


class Listeners:
    """Handlers by event and control id, and the listeners that hold them."""

    def __init__(self) -> None:
        self.by_id: dict[str, dict[str, list[Handler]]] = {ev: {} for ev in BUBBLING}
        self.selector: dict[str, str] = {}  # event -> "#a,#b,...": the ids listened to
        self.proxies: list[Any] = []  # kept for as long as the page lives
        # First, so the controls' handlers run before anything else listening on the
        # document, as they did when each control had its own listener.
        for event in sorted(BUBBLING):
            self.direct(document, event, self._dispatcher(event))

    def on(self, target: Any, event: str, handler: Handler) -> None:
        """Call `handler(event)` when `event` happens on `target`: an element, the
        document, the window, or the id of an element (which need not exist yet)."""
        if isinstance(target, str):
            if event not in BUBBLING:
                target = by_id(target)
                if not found(target):
                    return
            else:
                table = self.by_id[event]
                table.setdefault(target, []).append(handler)
                self.selector[event] = ",".join(f"#{name}" for name in table)
                return
        self.direct(target, event, handler)

    def direct(self, target: Any, event: str, handler: Handler) -> None:
        """A listener of its own for `handler`."""
        proxy = create_proxy(handler)
        self.proxies.append(proxy)
        target.addEventListener(event, proxy)

    def _dispatcher(self, event: str) -> Handler:
        return lambda e: self._dispatch(event, e)

    def _dispatch(self, event: str, e: Any) -> None:
        """Call the handlers of the controls `e` passed through, nearest first."""
        selector = self.selector.get(event)
        if selector is None:
            return
        table = self.by_id[event]
        el = e.target
        if not found(el) or not hasattr(el, "closest"):
            return  # the document or the window itself
        el = el.closest(selector)
        while found(el):
            for handler in list(table.get(str(el.id), ())):
                handler(e)
                if e.cancelBubble:  # a handler stopped the event here: nothing after it runs,
                    e.stopImmediatePropagation()  # on the document either
                    return
            parent = el.parentElement
            el = parent.closest(selector) if found(parent) else None
