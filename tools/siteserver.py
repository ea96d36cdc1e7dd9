"""A static server for the site, in a background thread, for tests and benchmarks.

    with SiteServer() as server:          # serves the repository root on a free port
        server.url                        # "http://127.0.0.1:40123/"
        server.override("/sw-precache.js", b"...")   # answer one path with other bytes
        server.override("/runtime/pyodide/pyodide.asm.wasm", status=404)
        server.clear_overrides()
        server.requests                   # every path asked for, in order

Same MIME types as `python3 -m http.server` (which `make play` uses), plus no caching
headers of its own. Bound to 127.0.0.1 only.
"""

from __future__ import annotations

import functools
import http.server
import sys
import threading
from pathlib import Path
from typing import Self

ROOT = Path(__file__).resolve().parent.parent


class _Handler(http.server.SimpleHTTPRequestHandler):
    server: _Server

    def log_message(self, format, *args):  # noqa: A002 - stdlib signature
        pass

    def _override(self):
        path = self.path.split("?", 1)[0]
        self.server.requests.append(self.path)
        return self.server.overrides.get(path)

    def do_GET(self):  # noqa: N802 - stdlib name
        ov = self._override()
        if ov is None:
            return super().do_GET()
        status, body, ctype = ov
        self.send_response(status)
        self.send_header("Content-Type", ctype or self.guess_type(self.path.split("?")[0]))
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_HEAD(self):  # noqa: N802
        ov = self._override()
        if ov is None:
            return super().do_HEAD()
        self.send_response(ov[0])
        self.end_headers()


class QuietServer(http.server.ThreadingHTTPServer):
    """A threading server that says nothing when a browser hangs up mid-answer (a page
    closed or navigated away, a renderer crashed on purpose): that is no fault of the
    server's, and its traceback in the suite's output read as one."""

    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request, client_address) -> None:
        if isinstance(sys.exc_info()[1], ConnectionError):  # a broken pipe, a reset
            return
        super().handle_error(request, client_address)


class _Server(QuietServer):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.overrides: dict[str, tuple[int, bytes, str | None]] = {}
        self.requests: list[str] = []


class BackgroundServer:
    """A `ThreadingHTTPServer` serving `root` on 127.0.0.1 from a daemon thread; the
    lifecycle shared by SiteServer and tools/pagesserver.py's PagesServer."""

    _handler: type[http.server.SimpleHTTPRequestHandler]
    _server: type[http.server.ThreadingHTTPServer]
    _name = "server"

    def __init__(self, root: Path | str = ROOT, port: int = 0):
        handler = functools.partial(self._handler, directory=str(root))
        self._httpd = self._server(("127.0.0.1", port), handler)
        self.port = self._httpd.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}/"
        self._thread: threading.Thread | None = None

    def start(self) -> Self:
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True,
                                        name=f"{self._name}-{self.port}")
        self._thread.start()
        return self

    def stop(self) -> None:
        """Shut the server down and close its port (connections are then refused)."""
        if self._thread:
            self._httpd.shutdown()
            self._thread.join(5)
            self._thread = None
        self._httpd.server_close()

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


class SiteServer(BackgroundServer):
    _handler = _Handler
    _server = _Server
    _name = "site-server"
    _httpd: _Server

    @property
    def requests(self) -> list[str]:
        return self._httpd.requests

    def override(self, path: str, body: bytes = b"", status: int = 200,
                  content_type: str | None = None) -> None:
        """Answer GET `path` (e.g. "/sw-precache.js") with `body` and `status`."""
        self._httpd.overrides["/" + path.lstrip("/")] = (status, body, content_type)

    def clear_overrides(self) -> None:
        self._httpd.overrides.clear()
