"""A static server that answers the way GitHub Pages does, for measuring a player's link.

    with PagesServer(ROOT) as server:      # serves a folder on a free 127.0.0.1 port
        server.url                          # "http://127.0.0.1:40123/"
        server.sent                         # [(path, status, bytes of body sent, gzip?)]

What it copies from GitHub Pages (as its responses show): text-like files (HTML, CSS,
JavaScript, JSON, TOML, SVG, WebAssembly, Python) are sent gzip-compressed when the browser
accepts it; every response carries `Cache-Control: max-age=600`, an `ETag` and
`Last-Modified`, and a request that repeats the ETag (`If-None-Match`) gets 304 Not Modified.
Archives (zip, whl) and images go as they are. Compressed bodies are kept in memory, so a
benchmark does not time the compressing. Only GET and HEAD; bound to 127.0.0.1.
"""

from __future__ import annotations

import email.utils
import gzip
import hashlib
import http.server
import os
import threading
from pathlib import Path

from tools.siteserver import BackgroundServer, QuietServer

MAX_AGE = 600  # seconds, as GitHub Pages sends
COMPRESSED = {".html", ".css", ".js", ".mjs", ".json", ".toml", ".svg", ".wasm", ".py",
              ".txt", ".md", ".webmanifest", ".xml"}
TYPES = {".mjs": "text/javascript", ".wasm": "application/wasm", ".toml": "application/toml",
         ".webmanifest": "application/manifest+json", ".whl": "application/zip",
         ".py": "text/x-python"}


class _Handler(http.server.SimpleHTTPRequestHandler):
    server: _Server
    protocol_version = "HTTP/1.1"  # keep-alive, as a real host

    def log_message(self, format, *args):  # noqa: A002 - stdlib signature
        pass

    def _file(self) -> Path | None:
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            path = path / "index.html"
        return path if path.is_file() else None

    def _send(self, head_only: bool) -> None:
        path = self._file()
        if path is None:
            body = b"404 Not Found\n"
            self.server.note(self.path, 404, len(body), False)
            self.send_response(404)
            self.send_header("Content-Type", "text/plain")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if not head_only:
                self.wfile.write(body)
            return
        data, etag, mtime = self.server.load(path)
        gzipped = path.suffix in COMPRESSED and "gzip" in self.headers.get("Accept-Encoding", "")
        if self.headers.get("If-None-Match") == etag:
            self.server.note(self.path, 304, 0, False)
            self.send_response(304)
            self._cache_headers(etag, mtime)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        body = self.server.gzipped(path, data) if gzipped else data
        self.server.note(self.path, 200, len(body), gzipped)
        self.send_response(200)
        self.send_header("Content-Type", TYPES.get(path.suffix) or self.guess_type(str(path)))
        self._cache_headers(etag, mtime)
        if gzipped:
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if not head_only:
            self.wfile.write(body)

    def _cache_headers(self, etag: str, mtime: float) -> None:
        self.send_header("Cache-Control", f"max-age={MAX_AGE}")
        self.send_header("ETag", etag)
        self.send_header("Last-Modified", email.utils.formatdate(mtime, usegmt=True))

    def do_GET(self):  # noqa: N802 - stdlib name
        self._send(head_only=False)

    def do_HEAD(self):  # noqa: N802
        self._send(head_only=True)


class _Server(QuietServer):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.sent: list[tuple[str, int, int, bool]] = []
        self._lock = threading.Lock()
        self._files: dict[Path, tuple[float, bytes, str]] = {}
        self._gz: dict[Path, tuple[float, bytes]] = {}

    def note(self, path: str, status: int, size: int, gzipped: bool) -> None:
        """Record a response; called before it is sent, so a client that has its answer
        always finds it in `sent`."""
        with self._lock:
            self.sent.append((path, status, size, gzipped))

    def load(self, path: Path) -> tuple[bytes, str, float]:
        mtime = os.stat(path).st_mtime
        with self._lock:
            hit = self._files.get(path)
        if hit is None or hit[0] != mtime:
            data = path.read_bytes()
            hit = (mtime, data, '"' + hashlib.sha1(data).hexdigest()[:16] + '"')
            with self._lock:
                self._files[path] = hit
        return hit[1], hit[2], mtime

    def gzipped(self, path: Path, data: bytes) -> bytes:
        mtime = os.stat(path).st_mtime
        with self._lock:
            hit = self._gz.get(path)
        if hit is None or hit[0] != mtime:
            hit = (mtime, gzip.compress(data, compresslevel=6, mtime=0))
            with self._lock:
                self._gz[path] = hit
        return hit[1]


class PagesServer(BackgroundServer):
    _handler = _Handler
    _server = _Server
    _name = "pages-server"
    _httpd: _Server

    def __init__(self, root: Path | str, port: int = 0):
        super().__init__(root, port)

    @property
    def sent(self) -> list[tuple[str, int, int, bool]]:
        return self._httpd.sent

    def warm(self, paths: list[Path]) -> None:
        """Read and compress these files now, so no measured request waits for it."""
        for path in paths:
            data = self._httpd.load(path)[0]
            if path.suffix in COMPRESSED:
                self._httpd.gzipped(path, data)
