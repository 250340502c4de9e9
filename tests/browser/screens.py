"""What every screen of every game must pass, at the sizes people use (a 360-px phone, a
412-px phone, a 1366×768 laptop, a 1920×1080 TV): no text overflowing its box or the screen,
no raw id or message id shown to players, no English on a French screen, tap targets of at
least 48 px. ``problems(page, ...)`` lists what a screen breaks."""

from __future__ import annotations

import re

from .language import english_on
from .play import small_targets

PHONES = {"360": {"width": 360, "height": 740}, "412": {"width": 412, "height": 915}}
TABLES = {"1366": {"width": 1366, "height": 768}, "1920": {"width": 1920, "height": 1080}}

# Text that reads like code, not like the game: snake_case keys (keep_mutation), key:value
# pairs (kitchen:1), message ids (zl.prompt.turn).
RAW = re.compile(r"\b[a-z]+_[a-z_]+\b|\b[a-z]+:[a-z0-9]+\b|\b[a-z]{2,4}\.[a-z_]+\.[a-z_.]+\b")
URL = re.compile(r"\bhttps?://\S+|/api/\S+")

# Elements whose content is wider than they are (or than the screen), text that is cut.
OVERFLOW = """() => {
  const width = document.documentElement.clientWidth;
  const out = [];
  const shown = "main *, .moment *, .toasts *, .moments *, dialog[open] *";
  for (const el of document.querySelectorAll(shown)) {
    if (el.offsetParent === null || el.closest("svg, .qr, .log-box, .hash, .url")) continue;
    const r = el.getBoundingClientRect();
    const cut = el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== "auto"
      && getComputedStyle(el).overflowX !== "scroll" && el.clientWidth > 0;
    if (r.right > width + 1 || r.left < -1 || cut) {
      const text = (el.textContent || "").trim().slice(0, 40);
      out.push(`${el.tagName.toLowerCase()}.${el.className || ""} "${text}"`);
    }
  }
  return out.slice(0, 10);
}"""


def raw_ids(page, ignore: set[str] = frozenset()) -> list[str]:
    text = URL.sub(" ", page.evaluate("() => document.body.innerText"))
    return sorted(set(RAW.findall(text)) - ignore)


def overflowing(page) -> list[str]:
    return page.evaluate(OVERFLOW)


def problems(page, where: str, *, vocabulary: set[str] | None, names: set[str]) -> list[str]:
    """Everything wrong with the screen ``page`` shows now (an empty list when fine)."""
    found = [f"{where}: overflow {o}" for o in overflowing(page)]
    found += [f"{where}: raw id {r}" for r in raw_ids(page)]
    found += [f"{where}: small tap target {s}" for s in small_targets(page)]
    if vocabulary is not None:
        found += [f"{where}: English word {w}" for w in english_on(page, vocabulary, ignore=names)]
    return found
