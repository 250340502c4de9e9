"""Accessibility checks with axe-core (vendored, test-only) run inside the app's pages. Each
test's results go to artifacts/axe/<test>.json, and artifacts/axe.json gathers every test's
(one entry per test: a later test never wipes an earlier one's)."""

from __future__ import annotations

import json
import re
from pathlib import Path

AXE = Path(__file__).parent / "vendor" / "axe-core" / "axe.min.js"
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"
REPORT = ARTIFACTS / "axe.json"
FOLDER = ARTIFACTS / "axe"
SERIOUS = ("serious", "critical")


class Axe:
    """``axe.check(page, "player")`` records that screen's serious and critical violations."""

    def __init__(self, test: str = "axe") -> None:
        self.source = AXE.read_text(encoding="utf-8")
        self.test = re.sub(r"[^\w.-]+", "_", test).strip("_")
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
        """Write this test's results (its own file, and its entry in the gathered report);
        returns the screens with serious or critical violations."""
        FOLDER.mkdir(parents=True, exist_ok=True)
        (FOLDER / f"{self.test}.json").write_text(json.dumps(self.results, indent=2) + "\n")
        gathered = {}
        if REPORT.is_file():
            try:
                gathered = json.loads(REPORT.read_text())
            except ValueError:
                gathered = {}  # a run cut short mid-write: start the report again
        gathered[self.test] = self.results
        REPORT.write_text(json.dumps(gathered, indent=2, sort_keys=True) + "\n")
        return {screen: found for screen, found in self.results.items() if found}
