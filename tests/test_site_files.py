"""The site's static files: generated config up to date, manifest, page head, precache."""

from __future__ import annotations

import json
import re
import struct
import subprocess
import sys
import tomllib
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools import gen_config, sitefiles  # noqa: E402


def test_pyscript_toml_is_up_to_date():
    assert (ROOT / "pyscript.toml").read_text() == gen_config.render(), (
        "pyscript.toml is out of date: run `make config` and commit it")


def test_pyscript_toml_maps_the_python_bundle_and_points_at_local_runtime():
    config = tomllib.loads((ROOT / "pyscript.toml").read_text())
    # Pyodide from runtime/, through the module that may start it from its picture.
    assert config["interpreter"] == "./js/interpreter.mjs"
    module = (ROOT / "js" / "interpreter.mjs").read_text()
    assert 'from "../runtime/pyodide/pyodide.mjs"' in module
    assert config.get("files", {}) == {f"./{sitefiles.BUNDLE}": "./py.zip"}
    from tools import build_wheel

    # The engine is the cakegame wheel, installed by micropip served from runtime/.
    assert config["packages"] == [f"./build/{build_wheel.wheel_name()}"]
    assert config["packages_cache"] == "never"
    main = (ROOT / sitefiles.MAIN_SCRIPT).read_text()
    assert 'BUNDLE = os.path.join(os.getcwd(), "py.zip")' in main
    assert "sys.path.insert(0, BUNDLE)" in main


def test_python_bundle_holds_every_module_with_checked_bytecode():
    """build/py.zip: every module of py/ (but main.py) and its bytecode, built from py/ now."""
    import zipfile

    from tools import build_pybundle

    build_pybundle.ensure()
    with zipfile.ZipFile(ROOT / sitefiles.BUNDLE) as z:
        names = set(z.namelist())
        expected = {p.removeprefix("py/") for p in sitefiles.python_files()
                    if p != sitefiles.MAIN_SCRIPT and not p.startswith(sitefiles.PACKAGE_DIR)}
        assert expected and not [n for n in names if n.startswith("cakegame/")]
        assert {n for n in names if n.endswith(".py")} == expected
        assert {n for n in names if n.endswith(".pyc")} == {n + "c" for n in expected}
        for name in expected:
            assert z.read(name) == (ROOT / "py" / name).read_bytes(), name
            flags = int.from_bytes(z.read(name + "c")[4:8], "little")
            assert flags == 0b11, f"{name}c is not checked-hash bytecode (PEP 552)"
    assert build_pybundle.is_fresh()


def _template(head: str, name: str) -> str:
    start = head.index(f'<template id="{name}">')
    return head[start:head.index("</template>", start)]


def test_index_preloads_the_interpreter_and_the_game_s_python_after_the_early_screen():
    """The big downloads are preloaded (they overlap the interpreter's start), but from
    templates, which js/boot.js copies into the head once js/early.js drew: a preload the
    parser sees would take the link from the page's styles and scripts. The interpreter's
    files come first; the game's Python (needed once the interpreter runs) after them."""
    from tools import build_wheel

    head = (ROOT / "index.html").read_text().split("</head>")[0]
    first, later = _template(head, "preloads"), _template(head, "preloads-later")
    for template, urls in (
            (first, ("runtime/pyodide/pyodide.asm.wasm", "runtime/pyodide/python_stdlib.zip")),
            (later, (sitefiles.BUNDLE, f"build/{build_wheel.wheel_name()}",
                     sitefiles.MICROPIP_WHEEL))):
        for url in urls:
            assert f'<link rel="preload" href="./{url}" as="fetch" crossorigin>' in template, url
            assert (ROOT / url).is_file(), url
    outside = re.sub(r"<template.*?</template>", "", head, flags=re.S)
    assert 'rel="preload"' not in outside
    assert "cakeBoot.preload()" in (ROOT / "js" / "early.js").read_text()
    boot = (ROOT / "js" / "boot.js").read_text()
    assert '"preloads"' in boot and '"preloads-later"' in boot


def test_index_module_preloads_name_files_of_the_pinned_runtime():
    """The PyScript and Pyodide files index.html preloads by name (hashed by the runtime's
    build) exist in runtime/: a new runtime that renames them fails here, not silently
    with a page that fetches them twice."""
    head = (ROOT / "index.html").read_text().split("</head>")[0]
    hrefs = re.findall(r'<link rel="(?:module)?preload" href="\./([^"]+)"', head)
    modules = [h for h in hrefs if h.endswith((".js", ".mjs"))]
    assert len(modules) >= 10, modules
    for href in hrefs:
        assert (ROOT / href).is_file(), href
    assert re.search(r'<link rel="modulepreload" href="\./runtime/pyscript/core-\w+\.js">',
                     re.sub(r"<template.*?</template>", "", head, flags=re.S))
    core = (ROOT / "runtime" / "pyscript" / "core.js").read_text()
    chunk = re.search(r'from"\./(core-\w+\.js)"', core)
    assert chunk and f"runtime/pyscript/{chunk.group(1)}" in hrefs, "core.js re-exports " + (
        chunk.group(1) if chunk else "?")
    # The benchmark's floors preload the same runtime files (bench/page.py compares them
    # with the game): their names must follow the runtime too.
    for floor in ("bench/hello/index.html", "bench/hello-micropip/index.html"):
        page = ROOT / floor
        names = re.findall(r'<link rel="(?:module)?preload" href="([^"]+)"', page.read_text())
        def chain(urls: list[str]) -> list[str]:
            return sorted(u.split("/")[-1] for u in urls
                          if "runtime/" in u and u.endswith((".js", ".mjs", ".json")))
        assert chain(names) == chain(hrefs), floor
        for name in names:
            assert (page.parent / name).resolve().is_file(), (floor, name)


def test_index_scripts_are_fetched_in_parallel_and_run_in_order():
    """boot.js, rescue.js and early.js are deferred (asked for at once, not one after
    another behind each parser-blocking script) and run in document order before
    PyScript's module: boot.js first, so it hears every event of the start."""
    scripts = [a for t, a in _page().tags if t == "script" and a.get("src", "").startswith(
        "./js/")]
    assert [a["src"] for a in scripts] == ["./js/boot.js", "./js/rescue.js", "./js/early.js",
                                          "./js/tabs.js"]
    for attrs in scripts:
        assert "defer" in attrs and "async" not in attrs, attrs
    srcs = [a.get("src") for t, a in _page().tags if t == "script"]
    assert srcs.index("./js/early.js") < srcs.index("./runtime/pyscript/core.js")


def test_the_page_wheel_is_the_built_wheel_plus_checked_bytecode():
    """build/cakegame-*.whl: pip's wheel of py/cakegame, each module with Pyodide bytecode
    beside it (checked-hash), every file listed in RECORD with its hash."""
    import base64
    import csv
    import hashlib
    import io
    import zipfile

    from tools import build_pybundle, build_wheel

    build_pybundle.ensure()
    assert build_wheel.is_fresh()
    with zipfile.ZipFile(build_wheel.plain_wheel()) as z:
        plain = {n: z.read(n) for n in z.namelist()}
    with zipfile.ZipFile(build_wheel.page_wheel()) as z:
        page = {n: z.read(n) for n in z.namelist()}
    record = next(n for n in page if n.endswith(".dist-info/RECORD"))
    assert {n: d for n, d in page.items() if n != record and not n.endswith(".pyc")} == {
        n: d for n, d in plain.items() if n != record}
    sources = {n for n in page if n.endswith(".py")}
    assert {n.removeprefix("cakegame/") for n in sources} == {
        p.relative_to(ROOT / "py" / "cakegame").as_posix() for p in build_wheel.sources()}
    for name in sources:
        folder, _, module = name.rpartition("/")
        pyc = f"{folder}/__pycache__/{module[:-3]}.cpython-314.pyc"
        assert int.from_bytes(page[pyc][4:8], "little") == 0b11, pyc  # checked-hash
    rows = {r[0]: r[1] for r in csv.reader(io.StringIO(page[record].decode())) if r}
    assert set(rows) == set(page)
    for name, digest in rows.items():
        if name != record:
            want = base64.urlsafe_b64encode(hashlib.sha256(page[name]).digest()).rstrip(b"=")
            assert digest == "sha256=" + want.decode(), name


def test_served_micropip_matches_its_entry_in_pyodides_lock():
    import hashlib

    wheel = ROOT / sitefiles.MICROPIP_WHEEL
    lock = json.loads((ROOT / "runtime/pyodide/pyodide-lock.json").read_text())
    entry = lock["packages"]["micropip"]
    assert entry["file_name"] == wheel.name
    assert entry["sha256"] == hashlib.sha256(wheel.read_bytes()).hexdigest()
    npm = json.loads((ROOT / "node_modules/pyodide/pyodide-lock.json").read_text())
    del npm["packages"]["micropip"], lock["packages"]["micropip"]
    assert lock == npm  # nothing else changed


def test_gen_config_check_mode_reports_staleness(tmp_path, monkeypatch):
    stale = tmp_path / "pyscript.toml"
    stale.write_text("# old\n")
    monkeypatch.setattr(gen_config, "CONFIG", stale)
    assert gen_config.main(["--check"]) == 1
    stale.write_text(gen_config.render())
    assert gen_config.main(["--check"]) == 0


def _png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()[:24]
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    return struct.unpack(">II", data[16:24])


def test_manifest_is_valid_and_its_icons_exist():
    manifest = json.loads((ROOT / "manifest.webmanifest").read_text())
    for key in ("name", "short_name", "start_url", "scope", "display", "icons",
                "background_color", "theme_color"):
        assert manifest.get(key), key
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    assert manifest["display"] in ("standalone", "fullscreen", "minimal-ui")
    sizes = set()
    for icon in manifest["icons"]:
        assert icon["src"].startswith("./"), icon
        path = ROOT / icon["src"]
        assert path.is_file(), icon["src"]
        if icon["type"] == "image/png":
            w, h = _png_size(path)
            assert icon["sizes"] == f"{w}x{h}", icon
            sizes.add(w)
    assert {192, 512} <= sizes, "installable apps need 192 and 512 px PNG icons"
    assert any("maskable" in icon.get("purpose", "") for icon in manifest["icons"])


class _Head(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags: list[tuple[str, dict]] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag, attrs):
        attrs = {k: (v or "") for k, v in attrs}
        self.tags.append((tag, attrs))
        if "id" in attrs:
            self.ids.add(attrs["id"])


def _page(name: str = "index.html") -> _Head:
    parser = _Head()
    parser.feed((ROOT / name).read_text())
    return parser


def test_index_head_has_the_runtime_essentials():
    tags = _page().tags
    def find(tag, **want):
        return [a for t, a in tags if t == tag and all(a.get(k) == v for k, v in want.items())]
    assert find("meta", charset="utf-8")
    assert find("meta", name="viewport")
    assert find("meta", name="theme-color")
    assert find("link", rel="icon"), "without an icon every load logs a favicon 404"
    assert find("link", rel="manifest", href="./manifest.webmanifest")
    assert find("link", rel="stylesheet", href="./runtime/pyscript/core.css")
    scripts = [a for t, a in tags if t == "script"]
    srcs = [a.get("src") for a in scripts]
    assert "./js/boot.js" in srcs and "./runtime/pyscript/core.js" in srcs
    assert srcs.index("./js/boot.js") < srcs.index("./runtime/pyscript/core.js"), (
        "boot.js must run before PyScript to see its events")
    assert find("script", type="module", src="./runtime/pyscript/core.js")
    assert find("script", type="py", src="./py/main.py", config="./pyscript.toml")


def test_index_seat_rows_match_the_divisions_and_the_seat_kinds():
    """The new-game form's seat rows are index.html's own (js/early.js fills them before
    Python, py/ui/newgame.py after): one per division, named as the engine names it, each
    offering every seat kind, names as long as a save may hold."""
    import cakegame
    from ui import params, saves

    page = (ROOT / "index.html").read_text()
    box = page[page.index('<div id="ng-seats"'):]
    rows = re.findall(r'<div class="ng-seat d(\d)">(.*?)</div>', box)
    assert [int(seat) for seat, _ in rows] == [0, 1, 2, 3]
    for (seat, row), division in zip(rows, cakegame.DIVISIONS, strict=True):
        assert f'<span class="ng-div">{division.name}</span>' in row
        assert f'data-field="name{seat}"' in row and f'data-field="kind{seat}"' in row
        assert f'maxlength="{params.MAX_NAME}"' in row
        assert re.findall(r'<option value="(\w+)">', row) == list(saves.SEAT_KINDS)


def test_index_has_the_boot_hook_ids():
    assert {"boot", "boot-progress", "boot-stage", "boot-error"} <= _page().ids


@pytest.mark.parametrize("page", sorted(p.name for p in ROOT.glob("*.html")))
def test_every_url_in_pages_is_relative(page):
    for tag, attrs in _page(page).tags:
        for key in ("src", "href", "config", "action"):
            url = attrs.get(key, "")
            if url and not url.startswith(("#", "data:", "mailto:")):
                assert not re.match(r"^(/|[a-z]+:)", url), (
                    f"{page}: <{tag} {key}={url!r}> must be relative (GitHub Pages serves "
                    "the site under /<repo>/, and nothing may leave the site)")


def test_precache_lists_page_python_and_runtime():
    from tools import gen_precache

    text, data = gen_precache.render()
    files = data["files"]
    assert files[:2] == ["./", "./index.html"] or {"./", "./index.html"} <= set(files)
    for needed in ("./pyscript.toml", "./manifest.webmanifest", "./js/boot.js",
                   "./runtime/pyscript/core.js", "./runtime/pyscript/core.css",
                   "./runtime/pyodide/pyodide.mjs", "./runtime/pyodide/pyodide.asm.mjs",
                   "./runtime/pyodide/pyodide.asm.wasm", "./runtime/pyodide/python_stdlib.zip",
                   "./runtime/pyodide/pyodide-lock.json", "./assets/icon-192.png"):
        assert needed in files, needed
    for py in sitefiles.python_files():
        assert f"./{py}" in files, py
    assert f"./{sitefiles.BUNDLE}" in files
    assert f"./{sitefiles.MICROPIP_WHEEL}" in files
    assert any(f.startswith("./build/cakegame-") and f.endswith(".whl") for f in files)
    assert not any(f.endswith(".map") for f in files)
    assert "./sw.js" not in files
    for url in files[1:]:
        assert (ROOT / url).is_file(), url
    assert 10e6 < data["bytes"] < 25e6
    assert re.fullmatch(r"[0-9a-f]{16}", data["version"])
    assert text.startswith("// GENERATED")


def test_built_precache_lists_only_existing_files():
    """One missing file makes the worker's install fail: no offline play at all."""
    text = (ROOT / "sw-precache.js").read_text()
    data = json.loads(text[text.index("{"): text.rindex("}") + 1])
    missing = [u for u in data["files"][1:] if not (ROOT / u).is_file()]
    assert not missing, f"sw-precache.js is stale (run `make build`): {missing}"


def test_precache_version_changes_with_content(tmp_path):
    a = tmp_path / "a.txt"
    a.write_text("one")
    v1 = sitefiles.content_version(["a.txt"], tmp_path)
    a.write_text("two")
    assert sitefiles.content_version(["a.txt"], tmp_path) != v1


def test_runtime_matches_the_pinned_npm_packages():
    pins = json.loads((ROOT / "package.json").read_text())["dependencies"]
    assert pins["@pyscript/core"] == "0.7.31"
    assert re.fullmatch(r"314\.\d+\.\d+", pins["pyodide"])
    lock = json.loads((ROOT / "package-lock.json").read_text())["packages"]
    assert lock["node_modules/@pyscript/core"]["version"] == pins["@pyscript/core"]
    assert lock["node_modules/pyodide"]["version"] == pins["pyodide"]
    proc = subprocess.run([sys.executable, "tools/build_runtime.py", "--check"], cwd=ROOT,
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_staged_site_is_complete(tmp_path):
    dest = tmp_path / "site"
    proc = subprocess.run([sys.executable, "tools/stage_site.py", str(dest)], cwd=ROOT,
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    for name in ("index.html", "pyscript.toml", "sw.js", "sw-precache.js",
                 "manifest.webmanifest", "js/boot.js", ".nojekyll",
                 "runtime/pyodide/pyodide.asm.wasm", "py/main.py"):
        assert (dest / name).is_file(), name
    assert not (dest / "node_modules").exists() and not (dest / "tests").exists()
    assert not (dest / "package.json").exists()


def test_the_icons_dialog_explains_every_mark_the_board_draws():
    """A play-tester took the gold outlines of the chambers changed since their last turn for
    something to press: the Icons dialog names each mark drawn around or over the chambers,
    with a picture drawn by the same colours the lab uses."""
    html = (ROOT / "index.html").read_text()
    start = html.index('id="legend-box"')
    legend = html[start:html.index("</dialog>", start)]
    for picture, words in (("lg-target", "you can choose now"),
                           ("lg-changed", "changed since your last turn"),
                           ('class="loss"', "lost there since your last turn"),
                           ("lg-arrow", "moved since your last turn"),
                           ("lg-edge-new", "the new edge"),
                           ("lg-edge-old", "the old edge")):
        item = next((li for li in legend.split("<li>") if picture in li), "")
        assert words in item, (picture, words)
    css = (ROOT / "css" / "game.css").read_text()
    changed = re.search(r"\.chamber\.changed[^{]*\{[^}]*stroke: (#[0-9a-f]+)", css)
    assert changed and re.search(r"\.lg-hex\.lg-changed \{[^}]*stroke: " + changed[1], css)
