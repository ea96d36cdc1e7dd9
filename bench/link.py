"""A player's link for bench/page.py: Chromium's network emulation and a request waterfall.

    with Waterfall(page) as w:            # a CDP session on a Playwright page (Chromium)
        w.throttle(LINK)                   # e.g. 20 Mbit/s down, 5 up, 40 ms latency
        page.goto(...)
        rows = w.rows(base_url)            # one dict per request, in the order they began

Each row: `url` (relative to the site), `start` and `end` (ms since the page's own request
began), `bytes` (on the wire: headers and the body as sent, compressed or not), `status`,
`cached` (answered from the browser's cache), `type` (Document, Script, Fetch, ...) and
`by`: who asked for it, the markup of a page (`<page> (parser)`, preloads included) or the
script whose code did (the top of the initiator's stack). `by` is what a request waited on:
a script's requests cannot begin before that script arrived and ran.
"""

from __future__ import annotations

LINK = {"name": "20 Mbit/s down, 5 Mbit/s up, 40 ms", "down_mbit": 20.0, "up_mbit": 5.0,
        "latency_ms": 40.0}


# Scripts that only pass a request on (js/boot.js wraps window.fetch to watch downloads):
# the request is credited to the code that called them.
WRAPPERS = ("/js/boot.js",)


class Waterfall:
    def __init__(self, page) -> None:
        self.cdp = page.context.new_cdp_session(page)
        self._rows: dict[str, dict] = {}
        self._order: list[str] = []
        self.cdp.on("Network.requestWillBeSent", self._sent)
        self.cdp.on("Network.responseReceived", self._response)
        self.cdp.on("Network.loadingFinished", self._finished)
        self.cdp.on("Network.loadingFailed", self._failed)
        self.cdp.on("Network.requestServedFromCache", self._from_cache)
        self.cdp.send("Network.enable")

    def __enter__(self) -> Waterfall:
        return self

    def __exit__(self, *exc) -> None:
        try:
            self.cdp.detach()
        except Exception:  # the page may be closed already
            pass

    def throttle(self, link: dict) -> None:
        """Emulate the link for every request of this page (cache hits are not slowed)."""
        self.cdp.send("Network.emulateNetworkConditions", {
            "offline": False,
            "latency": link["latency_ms"],
            "downloadThroughput": link["down_mbit"] * 1e6 / 8,
            "uploadThroughput": link["up_mbit"] * 1e6 / 8,
        })

    def _sent(self, e: dict) -> None:
        rid = e["requestId"]
        if rid in self._rows:  # a redirect: keep the first start
            return
        initiator = e.get("initiator") or {}
        by = initiator.get("url") or ""
        stack = initiator.get("stack") or {}
        while not by and stack:
            frames = stack.get("callFrames") or []
            by = next((f["url"] for f in frames
                       if f.get("url") and not f["url"].endswith(WRAPPERS)), "")
            stack = stack.get("parent") or {}
        self._rows[rid] = {"url": e["request"]["url"], "t0": e["timestamp"], "t1": None,
                           "bytes": 0, "status": None, "cached": False,
                           "type": e.get("type", ""), "by": by,
                           "how": initiator.get("type", "")}
        self._order.append(rid)

    def _response(self, e: dict) -> None:
        row = self._rows.get(e["requestId"])
        if row is not None:
            row["status"] = e["response"].get("status")
            if e["response"].get("fromDiskCache") or e["response"].get("fromPrefetchCache"):
                row["cached"] = True

    def _finished(self, e: dict) -> None:
        row = self._rows.get(e["requestId"])
        if row is not None:
            row["t1"] = e["timestamp"]
            row["bytes"] = int(e.get("encodedDataLength") or 0)

    def _failed(self, e: dict) -> None:
        row = self._rows.get(e["requestId"])
        if row is not None:
            row["t1"] = e["timestamp"]
            row["status"] = "failed: " + str(e.get("errorText", ""))

    def _from_cache(self, e: dict) -> None:
        row = self._rows.get(e["requestId"])
        if row is not None:
            row["cached"] = True

    def rows(self, base: str) -> list[dict]:
        """The requests so far, relative to `base` and to the first request's start."""
        if not self._order:
            return []
        zero = self._rows[self._order[0]]["t0"]

        def rel(url: str) -> str:
            return url[len(base):] if url.startswith(base) else url

        out = []
        for rid in self._order:
            r = self._rows[rid]
            if r["url"].startswith("data:"):
                continue
            by = rel(r["by"]) if r["by"] else ""
            if r["how"] == "parser" and by:
                by += " (parser)"
            out.append({"url": rel(r["url"]), "start": (r["t0"] - zero) * 1000,
                        "end": None if r["t1"] is None else (r["t1"] - zero) * 1000,
                        "bytes": r["bytes"], "status": r["status"], "cached": r["cached"],
                        "type": r["type"], "by": by or r["how"]})
        return out


def total_bytes(rows: list[dict]) -> int:
    return sum(r["bytes"] for r in rows)


def format_rows(rows: list[dict], limit: int = 60) -> str:
    """A text waterfall: start and end (ms), bytes on the wire, the URL, who asked for it."""
    lines = [f"{'start':>7} {'end':>7} {'bytes':>10}  request  <-  asked for by"]
    for r in rows[:limit]:
        end = "-" if r["end"] is None else f"{r['end']:7.0f}"
        lines.append(f"{r['start']:7.0f} {end:>7} {r['bytes']:>10,}  {r['url']}"
                     f"{' [cache]' if r['cached'] else ''}  <-  {r['by']}")
    if len(rows) > limit:
        lines.append(f"  ... {len(rows) - limit} more")
    return "\n".join(lines)
