"""The message catalogues (the server's texts; the phone's own words, ``msgctxt "phone"``, are
``tests/unit/test_phone_texts.py``'s): every message the code can produce has an English and a
French text with the same placeholders, nothing in the catalogues is unused, every game's help
exists in French, and whole games render in both languages without a missing message.

Rule ids are read from the rulings catalogues (``tableapp/games/RULINGS.md``, and a game
package's own ``RULINGS.md``: :func:`tableapp.catalog.rulings_files`): each game has its
heading there, ``## <its name> (<its prefix>)``, and each ruling its line, ``- <prefix>-<n> …``;
no prefix is written here, so a new game's ids are checked like the others'. The code read is
the package's and that of every game package outside it (the tests' example game).

Message ids are found in the code the way Babel's extractors do, from the calls to ``M``: the
first argument must be a string literal (or a conditional between two) and the arguments named
(no ``**mapping``), so no id can escape and every placeholder is checked; a plural text is only
for a message with a ``count`` (the rules of :mod:`tableapp.engine.messages`;
``tests/unit/test_translations_tool.py`` checks that ``pybabel extract`` reads the same ids).
"""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest

import tableapp
from tableapp import catalog
from tableapp.engine import Game
from tableapp.engine.playout import random_playout
from tableapp.texts.extract import calls
from tableapp.texts.i18n import (
    TO_YOU,
    Renderer,
    read_translation_file,
    translation_files,
    translations_in,
)

PACKAGE = Path(tableapp.__file__).resolve().parent
GAMES = [g for g in catalog.games() if isinstance(g, Game)]
RULINGS = catalog.rulings_text()
#: Every game package's folder outside ``tableapp/`` (its code is read like the package's)
OUTSIDE = [
    folder
    for folder in (catalog.folder(m) for m in catalog.modules())
    if not folder.is_relative_to(PACKAGE)
]
#: ``{game name: rule-id prefix}`` from the rulings' headings
PREFIXES = dict(re.findall(r"^## (.+) \(([A-Z]+)\)$", RULINGS, re.MULTILINE))
_ANY_PREFIX = "|".join(map(re.escape, PREFIXES.values()))
RULE_ID = re.compile(rf"\b(?:{_ANY_PREFIX})-[A-Z]?\d+\b")
#: Every ruling the catalogue lists, one line each
LISTED = set(re.findall(rf"^- ((?:{_ANY_PREFIX})-[A-Z]?\d+)\b", RULINGS, re.MULTILINE))
#: A string that is a rule id and nothing else (``"EZA-T6"``), whatever its prefix
RULE_LITERAL = re.compile(r"[A-Z]{2,5}-[A-Z]?\d+")


def _literal_ids(node: ast.expr) -> list[str] | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        body, orelse = _literal_ids(node.body), _literal_ids(node.orelse)
        if body is not None and orelse is not None:
            return body + orelse
    return None


def addressed_ids(texts) -> dict[str, str]:
    """``{second-person id: its message's id}``: the ``.to_you`` forms a renderer picks for
    the phone a message's subject reads it on (:data:`tableapp.texts.i18n.TO_YOU`)."""
    return {k: k.removesuffix(TO_YOU) for k in texts if k.endswith(TO_YOU)}


def used_ids() -> tuple[dict[str, set[str]], list[str]]:
    """``{id: argument names}`` of every ``M(...)`` and ``problem(...)`` call, and the calls
    whose id is not literal."""
    found: dict[str, set[str]] = {}
    dynamic: list[str] = []
    for path in _code(PACKAGE, *OUTSIDE):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            # M(id, **args), and a pack problem: problem(where, id, **args)
            position = {"M": 0, "problem": 1}.get(node.func.id)
            if position is None or len(node.args) <= position:
                continue
            ids = _literal_ids(node.args[position])
            if ids is None or any(k.arg is None for k in node.keywords):
                dynamic.append(f"{path}:{node.lineno}")
                continue
            for msg in ids:
                found.setdefault(msg, set()).update(k.arg for k in node.keywords if k.arg)
    return found, dynamic


def _code(*folders: Path) -> list[Path]:
    return [path for folder in folders for path in sorted(folder.rglob("*.py"))]


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def texts_of(lang: str, context: str | None = None) -> dict[str, tuple[str, ...]]:
    """The server's texts in ``lang`` (or, with ``context="phone"``, the phone's own words:
    ``tests/unit/test_phone_texts.py``)."""
    out: dict[str, tuple[str, ...]] = {}
    for path in translation_files(lang):
        for message in read_translation_file(path, lang):
            if message.id and message.context == context:
                key = message.id[0] if isinstance(message.id, tuple) else message.id
                assert key not in out, f"{key} is in two {lang} catalogues"
                value = message.string
                out[key] = tuple(value) if isinstance(value, tuple | list) else (value,)
    return out


def test_every_message_id_is_a_literal():
    _, dynamic = used_ids()
    assert not dynamic, f"message ids or arguments built at run time cannot be checked: {dynamic}"


def test_the_id_rules_catch_what_they_forbid():
    source = "\n".join(
        [
            'M(f"zl.{kind}")',  # an f-string id
            "M(msg, seat=1)",  # a variable id
            'M("zl.drew", **args)',  # hidden arguments
            'M("zl.a" if x else "zl.b", seat=1)',  # a choice of two literals: fine
        ]
    )
    found, faults = calls(source, "example.py")
    assert [f.split(":")[1] for f in faults] == ["1", "2", "3"]
    assert [(c.ids, c.args) for c in found] == [(("zl.a", "zl.b"), {"seat"})]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_plural_texts_only_for_messages_with_a_count(lang):
    used, _ = used_ids()
    plural = {k for k, forms in texts_of(lang).items() if len(forms) > 1}
    addressed = addressed_ids(texts_of(lang))
    wrong = sorted(k for k in plural if "count" not in used.get(addressed.get(k, k), ()))
    assert not wrong, f"{lang}: plural texts for messages without a count: {wrong}"
    assert plural, "no plural at all: the check checks nothing"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_message_has_a_text_with_its_placeholders(lang):
    used, _ = used_ids()
    texts = texts_of(lang)
    missing = sorted(set(used) - set(texts))
    assert not missing, f"{lang}: no text for {missing}"
    empty = sorted(k for k in used if not all(texts[k]))
    assert not empty, f"{lang}: empty texts for {empty}"
    for msg, args in used.items():
        for form in texts[msg]:
            unknown = fields(form) - args
            assert not unknown, f"{lang} {msg}: placeholders {unknown} are not arguments {args}"
    # A second-person form is its message's, with the same arguments and a subject (``seat``).
    for second, msg in addressed_ids(texts).items():
        assert msg in used and "seat" in used[msg], f"{lang} {second}: {msg} has no seat"
        for form in texts[second]:
            unknown = fields(form) - used[msg]
            assert not unknown, f"{lang} {second}: placeholders {unknown} are not arguments"


def test_english_and_french_say_the_same_things():
    en, fr = texts_of("en"), texts_of("fr")
    help_ids = {catalog.help_id(g.id) for g in catalog.games()}
    assert set(en) == set(fr) - help_ids, "the catalogues hold different ids"
    for msg in en:
        assert {frozenset(fields(f)) for f in en[msg]} == {frozenset(fields(f)) for f in fr[msg]}, (
            f"{msg}: English and French use different placeholders"
        )


def test_nothing_in_the_catalogues_is_unused():
    used, _ = used_ids()
    help_ids = {catalog.help_id(g.id) for g in catalog.games()}
    en = texts_of("en")
    addressed = {k for k, msg in addressed_ids(en).items() if msg in used}
    unused = sorted(set(en) - set(used) - help_ids - addressed)
    assert not unused, f"catalogue entries no code produces: {unused}"


def test_every_game_has_its_rulings_heading_and_its_help_names_its_rulings():
    assert set(PREFIXES) == {g.name for g in GAMES}, "a game without its heading in RULINGS.md"
    assert len(set(PREFIXES.values())) == len(PREFIXES), "two games share a rule-id prefix"
    for game in GAMES:
        prefix = PREFIXES[game.name]
        own = {rule for rule in LISTED if rule.startswith(f"{prefix}-")}
        assert own, f"RULINGS.md lists no ruling {prefix}-… of {game.name}"
        named = set(RULE_ID.findall(catalog.help_text(game.id, "en")))
        assert named & own, f"{game.id}'s help names none of its rulings"
        assert named <= LISTED, f"{game.id}'s help names unlisted rulings {named - LISTED}"


def test_every_rule_id_the_code_names_is_a_listed_ruling():
    """Refusals (``RuleError(code, "SB-T1", …)``), constants and comments alike: an id with a
    prefix no heading has, or one RULINGS.md does not list, is a typo or a missing ruling."""
    literals: dict[str, list[str]] = {}
    for path in _code(PACKAGE / "games", *OUTSIDE):
        text = path.read_text(encoding="utf-8")
        where = str(path)
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                if RULE_LITERAL.fullmatch(node.value):
                    literals.setdefault(node.value, []).append(f"{where}:{node.lineno}")
        for rule in RULE_ID.findall(text):
            literals.setdefault(rule, []).append(where)
    assert literals, "no rule id found: the pattern is wrong"
    unlisted = {rule: places for rule, places in literals.items() if rule not in LISTED}
    assert not unlisted, f"rule ids RULINGS.md does not list: {unlisted}"


def test_every_game_has_its_help_in_french_naming_the_same_rulings():
    for game in GAMES:
        english = catalog.help_text(game.id, "en")
        french = catalog.help_text(game.id, "fr")
        assert french != english, f"{game.id} has no French help"
        assert set(RULE_ID.findall(french)) == set(RULE_ID.findall(english)), game.id


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_whole_games_render_in_both_languages(game):
    names = {s: f"P{s}" for s in range(1, 9)}
    renderers = [Renderer("en", names, strict=True), Renderer("fr", names, strict=True)]
    counter = {"steps": 0}

    def render_all(state, seat, action, events):
        counter["steps"] += 1
        if counter["steps"] % 5:
            return
        for renderer in renderers:
            renderer.localize(events)
            renderer.localize(game.prompt(state))
            for viewer in (None, *state["seats"]):
                renderer.localize(game.view(state, viewer))
                if viewer is not None:
                    renderer.localize(game.legal_actions(state, viewer))

    for variant in game.variants:
        state, _ = random_playout(
            game,
            content=catalog.content(game.id),
            seats=list(range(1, game.players[1] + 1)),
            seed=f"catalogue/{game.id}/{variant}".encode().ljust(32, b"."),
            variant=variant,
            on_step=render_all,
        )
        for renderer in renderers:
            renderer.localize(game.result(state))
    assert counter["steps"] > 5


def test_french_is_french():
    assert translations_in("fr").texts["zl.drew"] != translations_in("en").texts["zl.drew"]
