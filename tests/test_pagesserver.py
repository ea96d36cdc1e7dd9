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
