"""Helpers for the page tests: play by clicks alone, the way a player (or a player's tool) can.

The page promises: every element that applies an action carries `data-action` (enabled only
when legal), everything else a player must press to go on carries `data-continue`, and
`#status[data-ready]` counts up after each redraw. `click_random` picks among what a person
could press right now (inside an open modal dialog if there is one) and waits for the redraw.
"""

from __future__ import annotations

import json
import random

PICK_AND_CLICK = """
async (r) => {
  const modal = [...document.querySelectorAll('dialog[open]')].pop();
  const scope = modal || document;
  const els = [...scope.querySelectorAll(
      '[data-action]:not([disabled]), [data-continue]:not([disabled])')]
    .filter(e => e.getClientRects().length > 0 && !e.closest('dialog:not([open])'));
  if (!els.length) return null;
  const el = els[Math.floor(r * els.length)];
  const status = document.getElementById('status');
  const before = status.dataset.ready;
  const action = el.getAttribute('data-action') ?? 'continue';
  const t0 = performance.now();
  el.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true, view: window}));
  const ms = performance.now() - t0;
  for (let i = 0; i < 100 && status.dataset.ready === before; i++) {
    await new Promise(res => setTimeout(res, i < 5 ? 0 : 10));
  }
  return [action, status.textContent, ms];
}
"""

ENABLED_ACTIONS = """
() => [...document.querySelectorAll('[data-action]:not([disabled])')]
        .map(e => e.getAttribute('data-action')).sort()
"""

# Parsed in Python, not in JS: the engine's generator state is a 64-bit integer, which a
# JavaScript number would round. The page saves a click's state in the task right after the
# click's redraw (docs/ui.md, "Saves"): wait one task (timers of equal delay run in order),
# so the save is read as it stands once the page has saved.
SAVED_GAME = """
async () => {
  await new Promise(resolve => setTimeout(resolve, 0));
  return localStorage.getItem('cakegame.save');
}
"""

# Wait in the page until `ready()` is true, looking every 20 ms; false once `ms` have gone by.
# Steps that wait and then read the page in the same call are built on it.
UNTIL = """
async (ready, ms) => {
  const start = performance.now();
  while (!ready()) {
    if (performance.now() - start > ms) return false;
    await new Promise(r => setTimeout(r, 20));
  }
  return true;
}
""".strip()

# Wait until every animation that ends has ended (a recycled chamber's flight, the losses
# riding with it); the ones that go on for ever (a highlight's pulse) are left running, and
# so are those that follow a scroll rather than the clock (the side column's fading foot:
# it ends only when scrolled to its end).
MOTION_ENDED = """
() => Promise.all(document.getAnimations()
  .filter(a => a.timeline === document.timeline)
  .filter(a => a.effect && a.effect.getComputedTiming().endTime !== Infinity)
  .map(a => a.finished.catch(() => null)))
"""


def click_random(page, rng: random.Random):
    """Click one thing a player could press now; returns (action or 'continue', status)."""
    return page.evaluate(PICK_AND_CLICK, rng.random())


def open_saved(page, raw: str, prefs: str | None = None, query: str = "") -> None:
    """Open the game's page (with `query`, such as "?botpace=0") on the save `raw` (and the
    settings `prefs`, JSON, if given): put in localStorage from another page of the site
    first (rules.html, which runs no game), so the game reads them as it starts."""
    page.goto("rules.html", wait_ready=False)
    page.evaluate("s => localStorage.setItem('cakegame.save', s)", raw)
    if prefs is not None:
        page.evaluate("p => localStorage.setItem('cakegame.prefs', p)", prefs)
    page.goto("index.html" + query)


def status(page) -> str:
    return page.inner_text("#status")


def saved_game(page) -> dict | None:
    text = page.evaluate(SAVED_GAME)
    return None if text is None else json.loads(text)["game"]


def enabled_actions(page) -> list[str]:
    return page.evaluate(ENABLED_ACTIONS)


def play_to_end(page, seed: int, max_clicks: int = 6000, on_click=None) -> int:
    """Click at random until `#status` says "Game over"; returns the number of clicks. For
    games of people only: the status is read as each click's redraw left it."""
    rng = random.Random(seed)
    said = status(page)
    for n in range(max_clicks):
        if said.startswith("Game over"):
            return n
        result = click_random(page, rng)
        assert result is not None, f"nothing to press after {n} clicks: {status(page)}"
        said = result[1]  # the status as the click's redraw left it
        if on_click is not None:
            on_click(n, result)
    raise AssertionError(f"no Game over after {max_clicks} clicks: {status(page)}")


def session_save(players: int, seed: int, stop, seats: list[str] | None = None,
                 limit: int = 3000, names: list[str] | None = None,
                 as_page: bool = False) -> str:
    """The page's save of a game played under CPython by the easy bot (seed n*31+1 at the
    n-th action, like the page tests' person) until `stop(session)` is true: the same text
    the page writes, with its log and its record, so the page resumes it with "since your
    last turn" and the replays as they would be. Raises if the game ends first.

    With `as_page`, the seats of computer players play as the page's own do (their level,
    with the seed the page gives them), so the save is a moment of the very game the page
    plays from the same settings with the page tests' person in the other seats."""
    import cakegame
    from cakegame.bots import choose
    from ui.record import Record
    from ui.session import Session

    seats = seats or ["human"] * players
    names = names or list(cakegame.new_game(players=players, seed=seed).names)
    record = Record(players=players, seed=seed, names=names, seats=list(seats))
    ses = Session()
    ses.start(record.start(), list(seats), False, record=record)
    for n in range(limit):
        if stop(ses):
            return ses.save_text()
        s = ses.state
        assert not s.is_over, f"the game ended before the position asked for ({n} actions)"
        seat = s.current_player
        if as_page and seats[seat] != "human":
            ses.apply(str(choose(s.view(seat), seats[seat], seed=ses.bot_seed())))
        else:
            ses.apply(str(choose(s.view(seat), "easy", seed=n * 31 + 1)))
    raise AssertionError(f"no such position in {limit} actions")


def bound_to_lose(ses) -> list[str]:
    """The choices now that do not end the game but leave the same seat a decision whose
    every option ends it with that seat beaten."""
    s = ses.state
    out = []
    for text in ses.legal_texts():
        after = ses.would_leave(text)
        if after is None or after.is_over or after.current_player != s.current_player:
            continue
        ends = [after.apply(a) for a in after.legal_actions()]
        if all(e.is_over and s.current_player not in e.outcome.winners for e in ends):
            out.append(text)
    return out


def losing_save() -> str:
    """Two people, seed 2, turn 55: Blue has had 7 Cake Slices incinerated and may burn the
    one left in M (Combustible Lemons), which would end the game with Orange ahead; none of
    its other five choices loses."""
    return session_save(2, 2, lambda ses: ses.state.turn_number == 55
                        and "burn M" in ses.legal_texts())


def last_move_save(players: int, seed: int) -> tuple[str, str]:
    """The save of a game (all seats people) one action before its end, with its log and
    record, and that last action: played in the page, it opens the game-over dialog with
    the whole game's story."""
    import cakegame
    from cakegame.bots import choose

    s = cakegame.new_game(players=players, seed=seed)
    played: list[str] = []
    while not s.is_over:
        action = str(choose(s.view(s.current_player), "easy", seed=len(played) * 31 + 1))
        played.append(action)
        s = s.apply(action)
    raw = session_save(players, seed, lambda ses: len(ses.log) == len(played) - 1)
    return raw, played[-1]


def played(players: int, seed: int, n: int | None):
    """A game played by easy bots in CPython: the first `n` actions (all when None), as the
    page records it (`ui.record.Record`)."""
    import cakegame.bots
    from ui import record

    rec = record.Record(players, seed, [f"Player {i + 1}" for i in range(players)], None,
                        ["human"] * players, [])
    s = rec.start()
    while not s.is_over and (n is None or len(rec.actions) < n):
        a = str(cakegame.bots.choose(s.view(s.current_player), "easy", seed=len(rec.actions)))
        rec.actions.append(a)
        s = s.apply(a)
    return rec


def save_of(rec) -> str:
    """The page's save of a recorded game, at its end."""
    from ui import saves

    return saves.encode(rec.final(), rec.seats, record=rec)
