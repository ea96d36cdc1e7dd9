"""The card reference (docs/cards.md and rules.html) is generated from the engine's data."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_card_reference_is_up_to_date():
    result = subprocess.run([sys.executable, str(ROOT / "tools" / "gen_cards_doc.py"), "--check"],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_rules_page_names_every_card():
    import cakegame

    text = (ROOT / "rules.html").read_text(encoding="utf-8")
    for card in cakegame.CARDS:
        assert f'id="card-{card.id}"' in text
