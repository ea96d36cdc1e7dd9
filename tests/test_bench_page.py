"""bench/page.py still runs (one quick pass on the hello-world page)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_bench_measures_hello_page(tmp_path, browser_type_launch_args):
    out = tmp_path / "bench.json"
    # Not over the link: the test below measures a start over it (the slower half of this).
    proc = subprocess.run(
        [sys.executable, "bench/page.py", "--runs", "1", "--clicks", "5", "--only", "hello",
         "--no-link", "--json", str(out)], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "cold start" in proc.stdout
    hello = json.loads(out.read_text())["summary"]["hello"]
    assert hello["runs"] == 1
    assert 0 < hello["cold"] < 120_000 and 0 < hello["warm"] < 120_000
    assert hello["first_contentful_paint"] is not None
    assert hello["clicks"] == 5 and hello["unchanged"] == 0
    assert hello["settled_median"] < 1000


def test_bench_measures_the_micropip_floor_over_the_link(tmp_path, browser_type_launch_args):
    out = tmp_path / "bench.json"
    proc = subprocess.run(
        [sys.executable, "bench/page.py", "--runs", "1", "--clicks", "0", "--only", "micropip",
         "--link-runs", "1", "--json", str(out)], cwd=ROOT, capture_output=True, text=True,
        timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "Over a player's link" in proc.stdout
    data = json.loads(out.read_text())
    assert data["summary"]["micropip"]["runs"] == 1
    linked = data["link"]["summary"]["micropip"]
    assert linked["runs"] == 1 and 0 < linked["cold"] < 120_000, proc.stderr[-3000:]
    # The interpreter crossed the wire compressed: far fewer bytes than its 9.6 MB.
    assert 3e6 < linked["bytes"] < 9e6
    assert linked["warm_bytes"] < 100_000  # max-age: the reload comes from the HTTP cache


def test_frame_work_is_the_busy_time_inside_each_marked_frame():
    """bench/page.py's frame_work: per frame (one `bench:frame` mark to the next), the
    length of the marking thread's top-level tasks and microtask checkpoints inside it,
    clipped to it; nested ones once; other threads and the gap after `bench:frames-end` not
    counted."""
    sys.path.insert(0, str(ROOT / "bench"))
    import page as bench_page

    def mark(ts, name="bench:frame"):
        return {"name": name, "ph": "I", "ts": ts, "pid": 1, "tid": 1,
                "cat": "blink.user_timing"}

    def task(ts, dur, tid=1):
        return {"name": "ThreadControllerImpl::RunTask", "ph": "X", "ts": ts, "dur": dur,
                "pid": 1, "tid": tid}

    events = [
        mark(0), mark(16_000), mark(32_000, "bench:frames-end"), mark(90_000), mark(106_000),
        task(1_000, 2_000),                    # frame 1: 2 ms
        task(1_500, 500),                      # nested in it: not twice
        task(15_000, 3_000),                   # 1 ms in frame 1, 2 ms in frame 2
        task(20_000, 4_000, tid=2),            # another thread: not counted
        task(40_000, 30_000),                  # between animations: not a frame
        task(95_000, 5_000),                   # frame 3: 5 ms
        dict(task(100_000, 1_000), name="BlinkScheduler_PerformMicrotaskCheckpoint"),  # +1
        dict(task(96_000, 1_000), name="BlinkScheduler_PerformMicrotaskCheckpoint"),  # inside
    ]
    assert bench_page.frame_work({"traceEvents": events}) == [3.0, 2.0, 6.0]
    assert bench_page.frame_work({"traceEvents": []}) == []


def test_a_failed_start_over_the_link_is_measured_again(capsys):
    """One start that dies (a reset connection, say) is measured once more, not lost;
    a start that keeps failing gives no run, and every failure is told."""
    sys.path.insert(0, str(ROOT / "bench"))
    import page as bench_page

    calls = []

    def flaky() -> dict:
        calls.append(1)
        if len(calls) == 1:
            raise ConnectionResetError("Connection reset by peer\nmore")
        return {"cold": 1.0}

    assert bench_page.attempts(flaky, "micropip over the link", OSError) == ({"cold": 1.0}, 1)
    assert "attempt 1, not measured: Connection reset by peer; measured again" in \
        capsys.readouterr().err

    def broken() -> dict:
        raise ConnectionResetError("gone")

    assert bench_page.attempts(broken, "game over the link", OSError, tries=2) == (None, 2)
    assert capsys.readouterr().err.count("not measured: gone") == 2


def test_the_paired_ratio_has_a_distribution_free_interval_for_its_median():
    """Each interleaved round gives one game/floor ratio; their median's interval comes from
    order statistics, so it needs no assumption about how start-ups spread."""
    sys.path.insert(0, str(ROOT / "bench"))
    import page

    # Five rounds are too few for a 95% interval (both ends outside 6.25% of the time);
    # fifteen give the 4th smallest and 4th largest (outside 3.5% of the time).
    assert page.median_interval([1.0, 1.1, 0.9, 1.2, 0.8]) is None
    assert page.median_interval([3, 1, 2, 6, 5, 4]) == (1, 6)
    assert page.median_interval(list(range(15, 0, -1))) == (4, 12)
    game = [{"cold": 110.0}, {"cold": 90.0}, {"cold": None}, {"cold": 100.0}]
    floor = [{"cold": 100.0}, {"cold": 100.0}, {"cold": 100.0}]
    assert page.paired_ratios(game, floor) == [1.1, 0.9]
    results = {"game": {"runs": game}, "micropip": {"runs": floor}, "hello": {"runs": []}}
    assert page.pair_with_floors(results, ["hello", "micropip", "game"]) == {
        "micropip": {"ratios": [1.1, 0.9], "median": 1.0, "interval": None}}
    assert page.pair_with_floors(results, ["micropip"]) == {}
