"""The README's Python examples run: every ```python block under "## The rules engine in
Python" is executed, in order, in one namespace (the asserts inside them are the checks)."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"
HEADING = "## The rules engine in Python"


def blocks() -> list[tuple[int, str]]:
    """(first line number, code) of each ```python block in the section."""
    lines = README.read_text(encoding="utf-8").splitlines()
    assert HEADING in lines, f"README.md has no section {HEADING!r}"
    start = lines.index(HEADING) + 1
    end = next((i for i in range(start, len(lines)) if re.match(r"##? ", lines[i])),
               len(lines))
    out, code, first = [], None, 0
    for i in range(start, end):
        line = lines[i]
        if code is None and line.strip() == "```python":
            code, first = [], i + 2
        elif code is not None and line.strip() == "```":
            out.append((first, "\n".join(code) + "\n"))
            code = None
        elif code is not None:
            code.append(line)
    assert code is None, "a ```python block is not closed"
    return out


def test_the_section_has_an_example_using_the_api() -> None:
    found = blocks()
    assert found, f"no ```python block under {HEADING!r}"
    text = "".join(code for _, code in found)
    for name in ("new_game", "legal_actions", "apply", "Action.parse", "describe",
                 "IllegalActionError", "to_json", "from_json", "view", "sample", "outcome"):
        assert name in text, f"the example does not show {name}"
    assert "assert" in text


def test_the_examples_run() -> None:
    namespace: dict = {"__name__": "readme_example"}
    out = io.StringIO()
    for first, code in blocks():
        # keep README line numbers in tracebacks
        compiled = compile("\n" * (first - 1) + code, str(README), "exec")
        with contextlib.redirect_stdout(out):
            exec(compiled, namespace)
    printed = out.getvalue()
    assert "unknown action 'nonsense'" in printed  # the refusal says why
    assert "saved by a newer version" in printed
