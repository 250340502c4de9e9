"""The phone's own words come from the catalogues (``msgctxt "phone"``: the shell's in
``phone.po``, a game screen's in its game's domain), like every server text: each id the
scripts name (``t(id)``, ``has(id)``, a template literal's matches) has its text in English and
French with the same placeholders, the catalogues hold no phone text the scripts do not name,
and no script keeps a table of texts of its own."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
from babel.messages.pofile import read_po, write_po

from tableapp import catalog
from tableapp.engine.messages import LANGUAGES
from tableapp.texts.extract import js_names, phone_calls, template_pattern
from tableapp.texts.i18n import (
    PHONE,
    TRANSLATIONS,
    phone_entries,
    phone_ids,
    phone_texts,
    read_translation_file,
    translation_files,
)
from tests.unit.test_translations_tool import copied_catalogues
from tools.translations import code_ids, game_domains, key_of, plan, po_path, report, split_key

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = [
    p
    for p in [ROOT / "pwa" / "app.js", *sorted((ROOT / "pwa" / "js").rglob("*.js"))]
    if "vendor" not in p.parts
]


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def named() -> dict[str, list[str]]:
    """``{id: where}`` of every phone text the scripts name, and the faults."""
    found: dict[str, list[str]] = {}
    for path in SCRIPTS:
        calls, faults = phone_calls(path.read_text(encoding="utf-8"), phone_ids(), path.name)
        assert not faults, faults
        for lineno, msg in calls:
            found.setdefault(msg, []).append(f"{path.name}:{lineno}")
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_text_the_phone_names_is_in_the_catalogues_in_every_language(lang):
    entries = phone_entries(lang)
    missing = {msg: where for msg, where in named().items() if not entries.get(msg)}
    assert not missing, f"{lang}: no phone text (msgctxt phone) for {missing}"


def test_the_catalogues_hold_no_phone_text_no_script_names():
    held = set().union(*(phone_entries(lang) for lang in LANGUAGES))
    unused = sorted(held - set(named()))
    assert not unused, f"phone texts no script names: {unused}"
    assert len(held) > 300  # the shell's and the four games' screens


def test_english_and_french_phone_texts_have_the_same_ids_and_placeholders():
    en, fr = phone_entries("en"), phone_entries("fr")
    assert set(en) == set(fr)
    different = [k for k in en if fields(en[k]) != fields(fr[k])]
    assert not different, f"placeholders differ: {different}"
    assert en["home.new"] != fr["home.new"] and en["zl.round"] != fr["zl.round"]


def test_each_game_screens_words_are_in_its_games_translations_in():
    """One place per game for a translator: a game screen's ids (its rule-id prefix) are in
    the game's domain, beside its server texts; the shell's in phone.po."""
    domains = game_domains()
    prefixes = domains.prefixes
    for lang in LANGUAGES:
        for path in translation_files(lang):
            ids = [m.id for m in read_translation_file(path, lang) if m.id and m.context == PHONE]
            wrong = [k for k in ids if prefixes.get(k.split(".")[0], "phone") != path.stem]
            assert not wrong, f"{lang}/{path.name} holds others' phone texts: {wrong}"
    # each game with a screen module of its own (pwa/js/games/<game id>.js) has its words
    screens = {p.stem for p in (ROOT / "pwa" / "js" / "games").glob("*.js")}
    own = [m for m in catalog.discover() if m.GAME.id in screens]
    assert own
    for module in own:
        domain = module.__name__.rpartition(".")[2]
        held = read_translation_file(
            po_path(domains.translations(domain, TRANSLATIONS), "fr", domain), "fr"
        )
        assert any(m.context == PHONE for m in held), f"{domain}: no phone texts"


def test_no_script_keeps_its_own_texts():
    for path in SCRIPTS:
        source = path.read_text(encoding="utf-8")
        assert "addStrings" not in source, path
        assert not re.search(r"^\s*(en|fr): \{", source, re.M), f"{path}: a table of texts"


def test_french_falls_back_on_english_and_both_are_served_whole():
    en, fr = phone_texts("en"), phone_texts("fr")
    assert set(en) == set(fr) == set(phone_entries("en"))
    assert fr["home.new"] == "Nouvelle table" and en["home.new"] == "New table"


def test_the_scanner_reads_ids_choices_templates_and_skips_what_is_not_a_call():
    source = "\n".join(
        [
            't("a.one", { n: 2 });',
            "t(ok ? 'a.two' : \"a.three\");",
            't(view.status === "finished" ? "a.four" : "a.five");',
            'const re = /["\']t\\("no"/g; // t("commented")',
            "/* t('also.commented') */ seen.has(\"a.set\"); has(`b.${kind}`);",
            "h('p', {}, `${t(`c.${x}.tail`)} more`);",
            'const SHAPES = { orange: "M1", "sky": 2 };',
            "const key = moved ? 'a.six' : 'a.seven'; t(key);",
        ]
    )
    names = js_names(source)
    assert [msg for _, msg in names.ids] == ["a.one", "a.two", "a.three", "a.four", "a.five"]
    assert [parts for _, parts in names.templates] == [("b.", ""), ("c.", ".tail")]
    literals = {text for _, text in names.literals}
    assert {"finished", "a.six", "a.seven", "a.set", "orange", "sky"} <= literals
    assert not literals & {"commented", "also.commented", "no"}
    assert template_pattern(("c.", ".tail")).fullmatch("c.red.tail")
    assert template_pattern(("", "")) is None  # t(`${key}`) tells nothing


def test_a_template_matching_no_text_is_a_fault_and_literals_name_known_texts():
    known = frozenset({"b.x", "b.y", "a.six", "c.z"})
    source = "t(`b.${k}`); t(`q.${k}`); const key = 'a.six'; t('new.one');"
    found, faults = phone_calls(source, known, "x.js")
    assert sorted(msg for _, msg in found) == ["a.six", "b.x", "b.y", "new.one"]
    assert faults == ["x.js:1: `q.${…}` matches no phone text of the catalogues"]


def test_an_id_a_script_names_that_no_catalogue_has_is_to_add_in_every_language():
    ids = {**code_ids(), key_of("home.brand_new", PHONE): "pwa/js/screens/home.js:1"}
    ids[key_of("zl.brand_new", PHONE)] = "pwa/js/games/zombie-life.js:1"
    assert report(plan(ids, game_domains())) == [
        "en/phone.po: home.brand_new (phone) to add",
        "en/phone.po: home.brand_new (phone) to write (empty or fuzzy)",
        "fr/phone.po: home.brand_new (phone) to add",
        "fr/phone.po: home.brand_new (phone) to write (empty or fuzzy)",
        "en/zombie_life.po: zl.brand_new (phone) to add",
        "en/zombie_life.po: zl.brand_new (phone) to write (empty or fuzzy)",
        "fr/zombie_life.po: zl.brand_new (phone) to add",
        "fr/zombie_life.po: zl.brand_new (phone) to write (empty or fuzzy)",
    ]


def test_a_phone_text_no_script_names_is_dropped_and_never_a_server_texts(tmp_path):
    translations, domains = copied_catalogues(tmp_path)
    path = po_path(domains.folders["zombie_life"], "fr", "zombie_life")
    with path.open("rb") as po:
        french = read_po(po, locale="fr")
    french.add("zl.old_label", "Vieux", context=PHONE)
    with path.open("wb") as po:
        write_po(po, french, width=100)
    # zl.round is both a server text and a phone one: dropping the phone's keeps the server's
    ids = {k: v for k, v in code_ids().items() if k != key_of("zl.round", PHONE)}
    assert "zl.round" in ids and split_key(key_of("zl.round", PHONE)) == (PHONE, "zl.round")
    assert report(plan(ids, domains, translations)) == [
        "en/zombie_life.po: zl.round (phone) no code produces, to drop",
        "fr/zombie_life.po: zl.round (phone) no code produces, to drop",
        "fr/zombie_life.po: zl.old_label (phone) no code produces, to drop",
    ]
