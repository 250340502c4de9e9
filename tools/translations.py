"""Updates, or checks, the gettext catalogues from the message ids in the code: one domain per
game, ``packs`` (content-pack problems), ``messages`` (the engine and the shell) and ``phone``
(the phone app's own words), each in every language: the shell's in
``tableapp/translations/<lang>/LC_MESSAGES/<domain>.po``, a game's in its own package,
``<package>/translations/<lang>/LC_MESSAGES/<package>.po``.

    python3 -m tools.translations check              # what update would change; exit 1 if any
    python3 -m tools.translations update             # add new ids, drop unused ones, new domains
    python3 -m tools.translations update --domain zombie_life
    python3 -m tools.translations update --games tests.fixtures.games --domain graveyard_dash

The ids are extracted by Babel with ``babel.cfg`` (the same as ``pybabel extract -F
babel.cfg``): the server's from the Python code (:func:`tableapp.texts.extract.extract`), the
phone's from its scripts (:func:`tableapp.texts.extract.extract_phone`: the ``t(id)`` calls,
``msgctxt "phone"``). An id's domain is its first segment's:

- a game's rule-id prefix in lower case (``zl.`` for Zombie Life, whose heading in
  ``tableapp/games/RULINGS.md`` is ``## Zombie Life (ZL)``; a game may write its heading in
  its own package's ``RULINGS.md``), and its help (``zombie_life.``): that game's package
  (``zombie_life``), the phone's ids too (a game screen's words);
- ``pack.``: ``packs``;
- anything else: ``messages``, or ``phone`` for a phone id.

Inside the tool a phone id is keyed ``phone\\x04<id>`` (gettext's own joining of a context and
an id); reports show it as ``<id> (phone)``.

Beside the ids in the code, a catalogue keeps the second-person forms (``<id>.to_you``) of the
ids it holds, and each game's translated help (``<game>.help``) outside English (English is
the package's docstring). A message is plural (``msgid_plural``, the same id) where the English
catalogue makes it plural; its other languages then get their plural forms to fill (marked
fuzzy). New entries are empty and renamed ids are never guessed (no fuzzy matching): ``check``
lists what is left to write. A new domain's files get a generated header. Files whose entries
do not change are not rewritten.
"""

from __future__ import annotations

import argparse
import io
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po, write_po

from tableapp import catalog
from tableapp.engine.messages import LANGUAGES
from tableapp.texts.i18n import PHONE, TO_YOU, TRANSLATIONS

ROOT = Path(__file__).resolve().parent.parent
BABEL_CFG = ROOT / "babel.cfg"
SOURCE = "en"  #: the language that decides which messages are plural
WIDTH = 100
TITLES = {"packs": "content-pack problems", "phone": "the phone app's own words"}
HEADER = (
    "# tableapp — {title} in {language}.\n"
    "# Message ids are stable and symbolic; placeholders are {{name}} fields (see "
    "tableapp/texts/i18n.py).\n#"
)
SHARED = {"pack": "packs"}
DEFAULT_DOMAIN = "messages"
PHONE_DOMAIN = "phone"  #: the phone's ids that are no game's
_CONTEXT = "\x04"  #: between a context and an id in a key (as in gettext's .mo files)


def key_of(msg: str, context: str | None = None) -> str:
    """The tool's key of an id in a context (``phone\\x04home.new``), the id alone without."""
    return f"{context}{_CONTEXT}{msg}" if context else msg


def split_key(key: str) -> tuple[str | None, str]:
    """``(context, id)`` of a key."""
    context, sep, msg = key.rpartition(_CONTEXT)
    return (context, msg) if sep else (None, key)


def shown(key: str) -> str:
    context, msg = split_key(key)
    return f"{msg} ({context})" if context else msg


def code_ids(root: Path = ROOT) -> dict[str, str]:
    """``{key: where it is first built}`` of every message id in the code, in extraction
    order (Babel with ``babel.cfg``), then in each game package outside ``tableapp/`` (a game
    :func:`tableapp.catalog.add_games` added); a phone id's key has its context
    (:func:`key_of`)."""
    with BABEL_CFG.open(encoding="utf-8") as cfg:
        method_map, options_map = parse_mapping_cfg(cfg, str(BABEL_CFG))
    found: dict[str, str] = {}
    for filename, lineno, message, _comments, context in extract_from_dir(
        root, method_map, options_map
    ):
        found.setdefault(key_of(message, context), f"{filename}:{lineno}")
    for folder in outside_folders():
        for message, where in folder_ids(folder).items():
            found.setdefault(message, where)
    return found


def outside_folders() -> list[Path]:
    """The game packages outside ``tableapp/`` (babel.cfg reads only the package's code)."""
    package = ROOT / "tableapp"
    folders = [catalog.folder(module) for module in catalog.modules()]
    return [f for f in folders if not f.is_relative_to(package)]


def folder_ids(folder: Path) -> dict[str, str]:
    """``{id: where}`` of the message ids in one game package's code (the same extraction)."""
    method_map = [("**.py", "tableapp.texts.extract:extract")]
    found: dict[str, str] = {}
    for filename, lineno, message, _comments, _context in extract_from_dir(folder, method_map):
        found.setdefault(message, f"{folder.name}/{filename}:{lineno}")
    return found


@dataclass(frozen=True)
class Domains:
    """Where ids go: ``{first segment: game domain}`` and ``{game domain: its help's id}``;
    ``folders``: ``{game domain: its package's translations folder}`` (the other domains'
    catalogues are in the shell's folder, ``tableapp/translations``)."""

    prefixes: dict[str, str]
    helps: dict[str, str]
    folders: dict[str, Path] = field(default_factory=dict)

    def translations(self, domain: str, shell: Path) -> Path:
        """The folder of ``domain``'s catalogues (``shell``: the shell's)."""
        return self.folders.get(domain, shell)

    def of(self, key: str) -> str:
        """The domain of an id's ``key``."""
        context, msg = split_key(key)
        segment = msg.split(".", 1)[0]
        if context == PHONE:
            return self.prefixes.get(segment) or PHONE_DOMAIN
        return self.prefixes.get(segment) or SHARED.get(segment) or DEFAULT_DOMAIN


def game_domains(rulings: Path | None = None) -> Domains:
    """Each game's domain (its package's name), for the ids starting with its rule-id prefix
    in lower case or with its help's segment; its catalogues' folder (its package's
    ``translations``).
    ``rulings``: one file to read the headings from (default: every game's rulings)."""
    text = rulings.read_text("utf-8") if rulings is not None else catalog.rulings_text()
    headings = dict(re.findall(r"^## (.+) \(([A-Z]+)\)$", text, re.M))
    prefixes: dict[str, str] = {}
    helps: dict[str, str] = {}
    folders: dict[str, Path] = {}
    for module in catalog.modules():
        game, package = module.GAME, module.__name__.rpartition(".")[2]
        if game.name not in headings:
            raise SystemExit(f"{game.name}: no heading '## {game.name} (PREFIX)' in its rulings")
        folders[package] = catalog.folder(module) / "translations"
        helps[package] = catalog.help_id(game.id)
        for segment in (headings[game.name].lower(), helps[package].split(".")[0]):
            if prefixes.get(segment, package) != package or segment in SHARED:
                raise SystemExit(f"{package}: its ids' prefix {segment!r} is another domain's")
            prefixes[segment] = package
    return Domains(prefixes, helps, folders)


def _key(message) -> str:
    msg = message.id[0] if isinstance(message.id, tuple | list) else message.id
    return key_of(msg, message.context)


def po_path(translations: Path, lang: str, domain: str) -> Path:
    return translations / lang / "LC_MESSAGES" / f"{domain}.po"


def _read(path: Path, lang: str) -> Catalog | None:
    if not path.is_file():
        return None
    with path.open("rb") as po:
        return read_po(po, locale=lang)


def _entries(cat: Catalog | None) -> dict[str, tuple]:
    """What a catalogue says, for comparing: ``{id: (plural?, strings, fuzzy?)}``."""
    if cat is None:
        return {}
    out = {}
    for message in cat:
        if message.id:
            string = message.string
            strings = tuple(string) if isinstance(string, tuple | list) else (string,)
            out[_key(message)] = (isinstance(message.id, tuple | list), strings, message.fuzzy)
    return out


@dataclass
class Change:
    """What updating one domain's catalogue in one language does."""

    domain: str
    lang: str
    path: Path
    catalogue: Catalog
    new_file: bool
    added: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    to_write: list[str] = field(default_factory=list)  # empty or fuzzy after the update

    @property
    def changes(self) -> bool:
        return self.new_file or bool(self.added or self.removed)


def plan(
    ids: dict[str, str],
    where: Domains,
    translations: Path = TRANSLATIONS,
    languages: tuple[str, ...] = LANGUAGES,
    only: str | None = None,
) -> list[Change]:
    """The update of every domain's catalogue in every language (nothing written)."""
    domains = {where.of(msg) for msg in ids} | set(where.helps)
    for lang in languages:
        for folder in {translations, *where.folders.values()}:
            domains |= {p.stem for p in (folder / lang / "LC_MESSAGES").glob("*.po")}
    changes = []
    for domain in sorted(domains):
        if only is not None and domain != only:
            continue
        wanted = [msg for msg in ids if where.of(msg) == domain]
        folder = where.translations(domain, translations)
        existing = {lang: _read(po_path(folder, lang, domain), lang) for lang in languages}
        english = _entries(existing.get(SOURCE))
        held = set().union(*(_entries(cat) for cat in existing.values()))
        addressed = sorted(k for k in held if k.endswith(TO_YOU) and k[: -len(TO_YOU)] in ids)
        helps = [where.helps[domain]] if domain in where.helps else []
        for lang in languages:
            keep = set(wanted) | set(addressed) | (set(helps) if lang != SOURCE else set())
            old = existing[lang]
            order = [k for k in _entries(old) if k in keep]
            order += [k for k in [*wanted, *addressed, *helps] if k in keep and k not in order]
            template = Catalog(locale=lang, domain=domain)
            for key in order:
                plural = english.get(key, (False,))[0]
                context, msg = split_key(key)
                template.add((msg, msg) if plural else msg, context=context)
            before = _entries(old)
            cat = old or Catalog(
                locale=lang,
                domain=domain,
                project="tableapp",
                version="1",
                header_comment=HEADER.format(
                    title=TITLES.get(domain, f"{domain} texts"),
                    language=Locale.parse(lang).english_name,
                ),
                fuzzy=False,
            )
            cat.update(template, no_fuzzy_matching=True, update_creation_date=old is None)
            after = _entries(cat)
            changes.append(
                Change(
                    domain,
                    lang,
                    po_path(folder, lang, domain),
                    cat,
                    new_file=old is None,
                    added=[k for k in after if k not in before or after[k][0] != before[k][0]],
                    removed=[k for k in before if k not in after],
                    to_write=[k for k, (_, text, fuzzy) in after.items() if fuzzy or not all(text)],
                )
            )
    return changes


def render(cat: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, cat, width=WIDTH, no_location=True, ignore_obsolete=True)
    return out.getvalue()


def write(changes: list[Change]) -> list[Path]:
    """Write the catalogues that change; the paths written."""
    written = []
    for change in changes:
        if change.changes:
            change.path.parent.mkdir(parents=True, exist_ok=True)
            change.path.write_bytes(render(change.catalogue))
            written.append(change.path)
    return written


def report(changes: list[Change]) -> list[str]:
    lines = []
    for c in changes:
        where = f"{c.lang}/{c.domain}.po"
        if c.new_file:
            lines.append(f"{where}: a new catalogue")
        lines += [f"{where}: {shown(k)} to add" for k in c.added]
        lines += [f"{where}: {shown(k)} no code produces, to drop" for k in c.removed]
        lines += [f"{where}: {shown(k)} to write (empty or fuzzy)" for k in c.to_write]
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("check", "update"))
    parser.add_argument(
        "--domain", help="only this domain (a game's package, messages, packs, phone)"
    )
    parser.add_argument(
        "--games",
        action="append",
        default=[],
        metavar="PACKAGE",
        help="also the games in this package (the tests' example: tests.fixtures.games)",
    )
    args = parser.parse_args(argv)
    for package in args.games:
        catalog.add_games(package)
    changes = plan(code_ids(), game_domains(), only=args.domain)
    lines = report(changes)
    if args.command == "update":
        for path in write(changes):
            print(f"wrote {path.relative_to(ROOT)}")
        lines = [line for line in lines if line.endswith("(empty or fuzzy)")]
    print("\n".join(lines) if lines else "the catalogues hold every id the code uses, no other")
    return 1 if lines else 0


if __name__ == "__main__":
    sys.exit(main())
