"""tools/pagesserver.py answers as GitHub Pages does: gzip for text, cache headers, 304."""

from __future__ import annotations

import gzip
import sys
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.pagesserver import MAX_AGE, PagesServer  # noqa: E402


def _get(url: str, **headers: str):
    req = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, dict(r.headers), r.read()
    except urllib.error.HTTPError as e:
        return e.code, dict(e.headers), e.read()


def test_text_is_gzipped_archives_are_not_and_etags_give_304(tmp_path):
    (tmp_path / "a.js").write_text("var x = 1;\n" * 500)
    (tmp_path / "b.whl").write_bytes(b"PK" + bytes(range(256)) * 20)
    (tmp_path / "index.html").write_text("<!doctype html><p>hi</p>")
    with PagesServer(tmp_path) as server:
        status, head, body = _get(server.url + "a.js", **{"Accept-Encoding": "gzip"})
        assert status == 200 and head["Content-Encoding"] == "gzip"
        assert gzip.decompress(body) == (tmp_path / "a.js").read_bytes()
        assert head["Cache-Control"] == f"max-age={MAX_AGE}" and head["ETag"]
        status, head2, body = _get(server.url + "a.js")
        assert "Content-Encoding" not in head2 and body == (tmp_path / "a.js").read_bytes()
        status, head, body = _get(server.url + "b.whl", **{"Accept-Encoding": "gzip"})
        assert "Content-Encoding" not in head and body == (tmp_path / "b.whl").read_bytes()
        status, _, body = _get(server.url + "a.js", **{"If-None-Match": head2["ETag"]})
        assert status == 304 and body == b""
        status, head, body = _get(server.url + "?players=2", **{"Accept-Encoding": "gzip"})
        assert status == 200 and b"hi" in gzip.decompress(body)
        assert _get(server.url + "missing.js")[0] == 404
        sent = {(p, s) for p, s, _, _ in server.sent}
        assert ("/a.js", 304) in sent and ("/missing.js", 404) in sent


def test_a_client_that_hangs_up_mid_answer_leaves_no_traceback(tmp_path, capfd):
    """A browser that stops a download (a page closed, a renderer crashed on purpose by
    the harness's tests) breaks the server's pipe: both servers stay quiet about it, and
    keep serving."""
    import socket
    import struct

    from tools.siteserver import SiteServer

    (tmp_path / "big.bin").write_bytes(bytes(range(256)) * 40_000)  # 10 MB
    (tmp_path / "small.txt").write_text("still here")
    for server_type in (SiteServer, PagesServer):
        with server_type(tmp_path) as server:
            for _ in range(3):
                with socket.create_connection(("127.0.0.1", server.port)) as sock:
                    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                    sock.sendall(b"GET /big.bin HTTP/1.1\r\nHost: x\r\n\r\n")
                    sock.recv(1024)  # the answer has started; then hang up with a reset
            status, _, body = _get(server.url + "small.txt")
            assert status == 200 and body == b"still here"
    err = capfd.readouterr().err
    assert "Traceback" not in err and "Broken pipe" not in err, err
