"""rules.html's pictures are drawn by the board's own code from real positions (generated)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_rules_pictures_are_up_to_date() -> None:
    result = subprocess.run([sys.executable, str(ROOT / "tools" / "gen_rules_pictures.py"),
                             "--check"], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_rules_page_uses_the_games_own_symbols() -> None:
    rules = (ROOT / "rules.html").read_text(encoding="utf-8")
    index = (ROOT / "index.html").read_text(encoding="utf-8")
    defs = re.search(r"<defs>.*?</defs>", index, re.S).group(0)
    assert defs in rules
    for symbol in ("i-s", "i-c", "i-a", "i-q", "i-t", "tok-0", "tok-1", "tok-2", "tok-3"):
        assert f'href="#{symbol}"' in rules
    assert rules.count('class="rules-lab"') == 3  # the labelled lab, before and after a turn
    for words in ("Top row", "Middle row", "Bottom row", "old edge", "new edge"):
        assert words in rules
    steps = re.search(r'<ol class="rules-steps">(.*?)</ol>', rules, re.S).group(1)
    for verb in ("deploy", "move", "activate"):
        assert f'<span class="rules-step">{verb}</span>' in steps
