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


def test_hards_variants_play_and_base_is_the_tournaments_own_game(tmp_path):
    """bench/variants.py (docs/balance.md, "What holds hard back as one of four"): `base`
    plays the tournament's very game, so the variants pair with it game by game, and
    `oracle` (the true hidden cards) and `deployfull` play a game through."""
    import json

    def game(path: Path) -> dict:
        r = json.loads(path.read_text().splitlines()[0])
        assert "error" not in r, r["error"]
        return {k: r[k] for k in ("seed", "rotation", "winners", "actions", "turns", "cake")}

    common = ["match", "--levels", "hard,medium", "--games", "1", "--iterations", "4",
              "--processes", "1", "--out"]
    _tournament(*common, str(tmp_path / "t.jsonl"))
    games = {}
    for variant in ("base", "oracle", "deployfull"):
        out = tmp_path / f"{variant}.jsonl"
        subprocess.run([sys.executable, str(ROOT / "bench" / "variants.py"), variant, *common,
                        str(out)], check=True, capture_output=True, text=True, cwd=ROOT)
        games[variant] = game(out)
    assert games["base"] == game(tmp_path / "t.jsonl")
