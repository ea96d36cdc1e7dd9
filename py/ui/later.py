"""Work the first board does not need, run once the browser has painted it.

Start-up ends, for the player, when the board and its choices are on screen and live;
some work at start changes nothing they see at once (focus extras, the event log's
hover links, the service worker...). `after_paint(fn)` queues such work: it runs, in the
order queued, in a task after the next animation frame (so after that frame's paint), or
at once when `flush()` is called by anything that needs it done first. Once the queue has
run, the page gets a `py:settled` performance mark (bench/pystart.py reads it).
"""

from __future__ import annotations

from collections.abc import Callable

from pyodide.ffi import create_once_callable
from pyscript import window

_queue: list[Callable[[], None]] = []
_scheduled = False
_painted = False  # the queue has run once: the first board has been painted


def after_first_paint(fn: Callable[[], None]) -> None:
    """Run `fn` now if the first board has been painted, else after its paint (queued
    behind whatever start-up already left for then, so the order of calls is kept)."""
    if _painted:
        fn()
    else:
        after_paint(fn)


def after_paint(fn: Callable[[], None]) -> None:
    """Run `fn` after the next paint (or at the next `flush()`, whichever comes first)."""
    _queue.append(fn)
    _schedule()


def settle() -> None:
    """Make sure the queue runs (and `py:settled` is marked) even if nothing was queued."""
    _schedule()


def flush() -> None:
    """Run everything queued now, in order; a failing item does not stop the others."""
    global _scheduled, _painted
    _scheduled = False
    _painted = True
    while _queue:
        fn = _queue.pop(0)
        try:
            fn()
        except Exception as error:  # one extra failing must not stop the rest
            window.console.error(f"deferred start-up work failed: {error!r}")
    window.performance.mark("py:settled")


def _schedule() -> None:
    global _scheduled
    if _scheduled:
        return
    _scheduled = True

    def frame(_t: float) -> None:
        window.setTimeout(create_once_callable(_run), 0)

    window.requestAnimationFrame(create_once_callable(frame))


def _run() -> None:
    if _scheduled:
        flush()


def replace_url(url: str) -> None:
    """Show `url` in the address bar without a new history entry (`history.replaceState`),
    after the first paint at start-up: nothing on the first board depends on it, and in
    Chromium it costs the start ~10 ms. Calls keep their order."""

    def replace() -> None:
        try:
            window.history.replaceState(None, "", url)
        except Exception:
            pass  # a sandboxed or file: page may refuse: the game goes on

    after_first_paint(replace)
