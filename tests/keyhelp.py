"""Helpers for keyboard play in the browser tests: what can be chosen, what has focus, and
when a person's decision is drawn."""

from __future__ import annotations

import json

from playhelp import status

# What a player could choose now: enabled action elements and chambers that open a choice,
# inside the open modal dialog if there is one. Each is named by its action text, or
# "select K" for a chamber that opens a second step.
OPTIONS = """
() => {
  const modal = [...document.querySelectorAll('dialog[open]')].pop();
  const scope = modal || document;
  const sel = '[data-action]:not([disabled]), .chamber[data-select], button[data-confirm]';
  return [...scope.querySelectorAll(sel)]
    .filter(e => e.getClientRects().length > 0 && !e.closest('dialog:not([open])'))
    .map(e => e.getAttribute('data-action') ??
         (e.hasAttribute('data-confirm') ? 'confirm' : 'select ' + e.getAttribute('data-select')));
}
"""
ACTIVE = """
() => {
  const a = document.activeElement;
  const e = a && a.closest(
    '[data-action]:not([disabled]), .chamber[data-select], button[data-confirm]');
  if (!e) return null;
  return e.getAttribute('data-action') ??
    (e.hasAttribute('data-confirm') ? 'confirm' : 'select ' + e.getAttribute('data-select'));
}
"""
# A person's decision is drawn (or the game is over).
HUMAN_TURN = """
() => {
  const s = document.getElementById('status').textContent;
  if (s.startsWith('Game over')) return true;
  if (s.includes(' computer)')) return false;
  const sel = '[data-action]:not([disabled]), .chamber[data-select], button[data-confirm]';
  return document.querySelectorAll(sel).length > 0;
}
"""
READY = "document.getElementById('status').dataset.ready"


def over(page) -> bool:
    return status(page).startswith("Game over")


def press(page, key: str) -> None:
    page.keyboard.press(key)


def wait_redraw(page, before: str) -> None:
    page.wait_for_function(f"{READY} !== {json.dumps(before)}", timeout=60_000)
