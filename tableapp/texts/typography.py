"""French typography of the catalogues' texts: a no-break space before ``:`` ``;`` ``!`` ``?``
and inside ``« »``, never an ordinary space (a line may not break there) nor none at all; the
typographic apostrophe ``’`` (``l’hôte``, ``d’Owen``), never the straight ``'``.

:func:`problems` lists what is wrong with one text (tests scan every French text with it);
:func:`fixed` returns the text with each such space made a no-break one (``tools/
french_typography.py`` rewrites catalogue files with it). Placeholders (``{seat}``), web
addresses and times (``20:30``) are not sentences and are left alone.
"""

from __future__ import annotations

import re

#: The no-break spaces French typography puts before high punctuation (U+00A0, and the narrow
#: U+202F some typesetters prefer before ``; ! ?``): either is right.
NO_BREAK = "\u00a0\u202f"
HIGH = ":;!?"
#: French's apostrophe (U+2019), in elision (``l’hôte``) as in ``aujourd’hui``.
APOSTROPHE = "\u2019"

# Parts of a text that are not prose: placeholders, addresses, times and ratios, a key quoted
# as code (``'{key}'``, ``'attack'`` in a pack author's error: a name to type, not French).
_SKIP = re.compile(r"\{[^{}]*\}|\bhttps?://\S+|\b\d+:\d+\b|'[^'\s]+'")


def _masked(text: str) -> str:
    """``text`` with its non-prose parts replaced by as many neutral characters."""
    return _SKIP.sub(lambda m: "x" * len(m.group()), text)


def faults(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` of each fault: the span (an ordinary space, or nothing) where a
    no-break space belongs."""
    masked = _masked(text)
    spans = []
    for i, char in enumerate(masked):
        before = masked[i - 1] if i else ""
        after = masked[i + 1] if i + 1 < len(masked) else ""
        if char in HIGH or char == "»":
            if not before or before in HIGH + NO_BREAK + "\n(":
                continue
            if char == ":" and after and after not in " \u00a0\u202f\n":
                continue  # "tableapp:tables", a key, not prose
            spans.append((i - 1, i) if before == " " else (i, i))
        elif char == "«" and after and after not in NO_BREAK:
            spans.append((i + 1, i + 2) if after == " " else (i + 1, i + 1))
    return spans


def straight_apostrophes(text: str) -> list[int]:
    """Where ``text`` has a straight apostrophe ``'`` in its prose (placeholders, addresses
    left alone)."""
    return [i for i, char in enumerate(_masked(text)) if char == "'"]


def problems(text: str) -> list[str]:
    """Each typographic fault of a French ``text``, as a snippet around it."""
    spaces = [text[max(0, a - 12) : b + 3] for a, b in faults(text)]
    return spaces + [text[max(0, i - 12) : i + 6] for i in straight_apostrophes(text)]


def fixed(text: str) -> str:
    """``text`` with an ordinary space (or none) before high punctuation and inside ``« »``
    made a no-break space, each straight apostrophe a typographic one; a text already right is
    returned unchanged."""
    for i in straight_apostrophes(text):
        text = text[:i] + APOSTROPHE + text[i + 1 :]
    out, last = [], 0
    for a, b in faults(text):
        out += [text[last:a], "\u00a0"]
        last = b
    out.append(text[last:])
    return "".join(out)
