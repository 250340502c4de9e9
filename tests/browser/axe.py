"""Accessibility checks with axe-core (vendored, test-only) run inside the app's pages."""

from __future__ import annotations

import json
from pathlib import Path

AXE = Path(__file__).parent / "vendor" / "axe-core" / "axe.min.js"
REPORT = Path(__file__).resolve().parents[2] / "artifacts" / "axe.json"
SERIOUS = ("serious", "critical")


class Axe:
    """``axe.check(page, "player")`` records that screen's serious and critical violations."""

    def __init__(self) -> None:
        self.source = AXE.read_text(encoding="utf-8")
        self.results: dict[str, list[dict]] = {}

    def check(self, page, screen: str) -> list[dict]:
        # Runtime evaluation from the test driver is not subject to the page's CSP.
        if not page.evaluate("() => typeof window.axe === 'object'"):
            page.evaluate(self.source + "\n;0")
        violations = page.evaluate(
            "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
            ".map(v => ({id: v.id, impact: v.impact, help: v.help,"
            " nodes: v.nodes.map(n => n.target.join(' ')).slice(0, 5)}))"
        )
        serious = [v for v in violations if v["impact"] in SERIOUS]
        self.results[screen] = serious
        return serious

    def save(self) -> dict[str, list[dict]]:
        REPORT.parent.mkdir(parents=True, exist_ok=True)
        REPORT.write_text(json.dumps(self.results, indent=2) + "\n")
        return {screen: found for screen, found in self.results.items() if found}
