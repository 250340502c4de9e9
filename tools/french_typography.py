"""Lists, or fixes in place, the French typography faults of the catalogues (a no-break space
before ``: ; ! ?`` and inside ``« »``, the typographic apostrophe, see
:mod:`tableapp.texts.typography`): the ``msgstr`` texts of
``tableapp/translations/fr/LC_MESSAGES/*.po`` (the shell's) and of each game package's own
(``tableapp/games/<package>/translations/fr/LC_MESSAGES/*.po``), the server's and the phone
app's own words
(``msgctxt "phone"``) alike. Only the faulty strings are rewritten, line by line, so a diff
shows just them.

    python3 -m tools.french_typography            # list the faults, exit 1 if any
    python3 -m tools.french_typography --fix      # rewrite the files
    python3 -m tools.french_typography --fix FILE…  # only these files (any French .po, such
                                                    # as the tests' example game's)
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from babel.messages.pofile import unescape

from tableapp.texts.i18n import translation_files
from tableapp.texts.typography import APOSTROPHE, faults, problems, straight_apostrophes

ROOT = Path(__file__).resolve().parent.parent
PO_FILES = translation_files("fr")

_PO_STRING = re.compile(r'^(msgstr(?:\[\d+\])?\s+)?"(.*)"\s*$')


def _po_escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")


def _fix_po_block(lines: list[str]) -> list[str]:
    """One ``msgstr`` (its first line and continuation lines) fixed, keeping its line layout:
    each fault is mended in the line that holds it (an insertion goes after the character
    before it)."""
    parts = [_PO_STRING.match(line) for line in lines]
    pieces = [list(unescape(f'"{m.group(2)}"')) for m in parts]
    where = [(n, k) for n, piece in enumerate(pieces) for k in range(len(piece))]
    for i in straight_apostrophes("".join("".join(p) for p in pieces)):
        n, k = where[i]
        pieces[n][k] = APOSTROPHE
    for a, b in reversed(faults("".join("".join(p) for p in pieces))):
        if b > a:  # an ordinary space becomes a no-break one
            n, k = where[a]
            pieces[n][k] = "\u00a0"
        elif a == 0:
            pieces[0].insert(0, "\u00a0")
        else:
            n, k = where[a - 1]
            pieces[n].insert(k + 1, "\u00a0")
    return [
        f'{m.group(1) or ""}"{_po_escape("".join(piece))}"' + ("\n" if line.endswith("\n") else "")
        for line, m, piece in zip(lines, parts, pieces, strict=True)
    ]


def _is_header(lines: list[str], i: int) -> bool:
    """Whether the ``msgstr`` at line ``i`` is the catalogue's header (after ``msgid ""``
    with no continuation: the metadata, not a text)."""
    return i > 0 and lines[i - 1].strip() == 'msgid ""'


def fix_po(path: Path) -> list[str]:
    """Rewrites ``path``'s faulty ``msgstr`` texts; returns what was wrong."""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    out, found, i = [], [], 0
    while i < len(lines):
        if not lines[i].startswith("msgstr") or _is_header(lines, i):
            out.append(lines[i])
            i += 1
            continue
        end = i + 1
        while end < len(lines) and lines[end].startswith('"'):
            end += 1
        block = lines[i:end]
        whole = "".join(unescape(f'"{_PO_STRING.match(line).group(2)}"') for line in block)
        found += problems(whole)
        out += _fix_po_block(block)
        i = end
    path.write_text("".join(out), encoding="utf-8")
    return found


def main(argv: list[str]) -> int:
    fix = "--fix" in argv
    chosen = [Path(a).resolve() for a in argv if a != "--fix"]
    total = 0
    named = [p for p in chosen if p.suffix == ".po" and p not in PO_FILES]
    for path in PO_FILES + named:
        if chosen and path not in chosen:
            continue
        before = path.read_text(encoding="utf-8")
        found = fix_po(path)
        if not fix:
            path.write_text(before, encoding="utf-8")
        for snippet in found:
            print(f"{path.relative_to(ROOT)}: {snippet!r}")
        total += len(found)
    print(f"{total} fault(s){' fixed' if fix and total else ''}")
    return 1 if total and not fix else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
