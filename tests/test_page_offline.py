"""Offline: after one visit, the saved game continues with the network cut and the server
stopped. (tests/test_offline.py proves the offline start itself; this adds the game.)"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest
from playhelp import click_random, enabled_actions, saved_game, status

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from conftest import PageWatch  # noqa: E402

from tools.siteserver import SiteServer  # noqa: E402

pytestmark = [pytest.mark.browser, pytest.mark.slow,
              pytest.mark.browser_context_args(service_workers="allow")]


@pytest.fixture
def own_server():
    server = SiteServer(ROOT).start()
    yield server
    server.stop()


def test_saved_game_continues_offline(page, own_server):
    watch = PageWatch(page, own_server.url)
    watch.goto("index.html?players=2&seed=31&pass=0")
    watch.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    rng = random.Random(4)
    for _ in range(20):
        click_random(watch, rng)
    watch.keyboard.press("Escape")
    game, actions, said = saved_game(watch), enabled_actions(watch), status(watch)

    own_server.stop()
    watch.context.set_offline(True)
    watch.reload()
    watch.wait_ready(timeout=60_000)
    assert saved_game(watch) == game
    assert enabled_actions(watch) == actions and status(watch) == said
    for _ in range(10):
        assert click_random(watch, rng) is not None
    assert saved_game(watch) != game
    assert not watch.page_errors and not watch.console_errors, watch.report()
