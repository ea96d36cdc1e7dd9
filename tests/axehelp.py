"""axe-core in the browser tests: the accessibility rule checker, pinned in package.json.

`npm ci` installs it in node_modules/ (a dev dependency: never deployed, never served to
players). The tests evaluate its script in the page under test through the browser's
debugging protocol, which the page's Content-Security-Policy does not govern (an inline
`<script>` would be refused, as the policy means it to be), so the site server never sees a
request for it; then they run every rule,
experimental ones included (`label-content-name-mismatch` is one).
"""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
BAD = ("critical", "serious")

RUN = """
async () => {
  // Colours are judged as they settle, not halfway through a fade-in.
  for (const a of document.getAnimations()) { try { a.finish(); } catch (e) {} }
  const experimental = axe.getRules(['experimental']).map(r => r.ruleId);
  const rules = Object.fromEntries(experimental.map(id => [id, {enabled: true}]));
  const result = await axe.run(document, {rules, resultTypes: ['violations']});
  return result.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map(n => n.target.join(' ') + ': ' + (n.failureSummary || ''))}));
}
"""


def axe_source() -> str:
    if not AXE.is_file():
        pytest.fail("node_modules/axe-core is missing: run `make build` (npm ci)", pytrace=False)
    return AXE.read_text(encoding="utf-8")


def violations(page, impacts: tuple[str, ...] = BAD) -> list[dict]:
    """The rule breaks axe finds in the page as it is now, of the given impacts."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(axe_source())
    found = page.evaluate(RUN)
    return [v for v in found if v["impact"] in impacts]


def describe(found: list[dict]) -> str:
    lines = []
    for v in found:
        lines.append(f"{v['impact']} {v['id']}: {v['help']}")
        lines.extend(f"    {n}" for n in v["nodes"][:4])
    return "\n".join(lines)


def check(page, state: str, seen: dict[str, list[dict]] | None = None) -> None:
    """Assert axe finds no critical or serious violation now (`state` names the moment);
    with `seen`, record them there instead, so one test can list every state's at once."""
    found = violations(page)
    if seen is not None:
        if found:
            seen[state] = found
        return
    assert not found, f"axe in {state}:\n{describe(found)}"
