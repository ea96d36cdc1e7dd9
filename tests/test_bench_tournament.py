"""bench/tournament.py: a match plays, and its table says how many played and the fair share."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _tournament(*args: str) -> str:
    return subprocess.run([sys.executable, str(ROOT / "bench" / "tournament.py"), *args],
                          check=True, capture_output=True, text=True, cwd=ROOT).stdout


def test_a_four_player_match_is_tabled_as_four_players_with_its_fair_share(tmp_path):
    """The strength table called every match "2 players", a four-player one too."""
    out = tmp_path / "m.jsonl"
    _tournament("match", "--levels", "medium,easy,easy,easy", "--games", "1",
                "--processes", "1", "--out", str(out))
    row = next(line for line in _tournament("tables", str(out)).splitlines()
               if line.startswith("| medium vs easy"))
    cells = [c.strip() for c in row.strip(" |").split("|")]
    assert (cells[1], cells[2], cells[4]) == ("4", "1", "25.0%"), row
