"""The catalogues are extracted and updated by tools, not by hand: ``pybabel extract -F
babel.cfg`` reads the ids the catalogue test reads, ``python3 -m tools.translations`` finds the
catalogues up to date, and its update gives a new game's domain its files with a generated
header, drops an id no code produces, and takes plurals from English."""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po, write_po

from tableapp.texts.i18n import PHONE, TRANSLATIONS, phone_ids
from tests.unit.test_translations import used_ids
from tools import translations
from tools.translations import (
    ROOT,
    Domains,
    code_ids,
    game_domains,
    plan,
    po_path,
    report,
    split_key,
    write,
)


def phone(ids) -> dict[str, str]:
    """``{key: id}`` of the phone's ids among a tool's keys."""
    return {k: split_key(k)[1] for k in ids if split_key(k)[0] == PHONE}


def _read(path, lang):
    with path.open("rb") as po:
        return read_po(po, locale=lang)


def copied_catalogues(tmp_path) -> tuple[Path, Domains]:
    """A copy of every catalogue: the shell's folder (``<tmp>/translations``, returned) and each
    game package's own (``<tmp>/games/<package>/translations``), with the game domains that
    point at the copies."""
    shell = tmp_path / "translations"
    shutil.copytree(TRANSLATIONS, shell)
    known = game_domains()
    folders = {}
    for domain, folder in known.folders.items():
        folders[domain] = tmp_path / "games" / domain / "translations"
        shutil.copytree(folder, folders[domain])
    return shell, dataclasses.replace(known, folders=folders)


def test_pybabel_extract_with_babel_cfg_reads_every_id_the_catalogue_test_reads(tmp_path):
    pot = tmp_path / "tableapp.pot"
    CommandLineInterface().run(
        ["pybabel", "-q", "extract", "-F", str(translations.BABEL_CFG), "-o", str(pot), str(ROOT)]
    )
    template = [m for m in _read(pot, "en") if m.id]
    server = {m.id for m in template if not m.context}
    # babel.cfg reads the package; a game package outside it (the tests' example) the same way
    outside = translations.outside_folders()
    assert "graveyard_dash" in [f.name for f in outside]
    for folder in outside:
        server |= set(translations.folder_ids(folder))
    used, _ = used_ids()
    ids = code_ids()
    assert server == set(used) == set(ids) - set(phone(ids))
    # the phone's ids, from its scripts, with their context: every phone text the catalogues
    # hold is among them (nothing unused), and they are what the tool reads
    extracted = {m.id for m in template if m.context == PHONE}
    assert extracted == set(phone(ids).values()) == phone_ids()


def test_the_catalogues_hold_every_id_in_its_domain_and_nothing_else():
    # every id where the domain rule puts it, translated, nothing unused: update changes nothing
    assert report(plan(code_ids(), game_domains())) == []


def test_a_new_games_domain_gets_its_files_with_a_generated_header(tmp_path):
    translations, known = copied_catalogues(tmp_path)
    ids = {**code_ids(), "dice.rolled": "tableapp/games/dice/__init__.py:1"}
    own = tmp_path / "games" / "dice" / "translations"  # in its package, like every game's
    domains = Domains(
        {**known.prefixes, "dice": "dice", "dice_game": "dice"},
        {**known.helps, "dice": "dice_game.help"},
        {**known.folders, "dice": own},
    )
    written = write(plan(ids, domains, translations))
    assert sorted(p.relative_to(own).as_posix() for p in written) == [
        "en/LC_MESSAGES/dice.po",
        "fr/LC_MESSAGES/dice.po",
    ]
    for lang, language, plural in [("en", "English", "nplurals=2"), ("fr", "French", "nplurals=3")]:
        text = po_path(own, lang, "dice").read_text(encoding="utf-8")
        assert text.startswith(f"# tableapp — dice texts in {language}.\n")
        assert f'"Language: {lang}\\n"' in text and f'"Plural-Forms: {plural};' in text
        assert '"Project-Id-Version: tableapp 1\\n"' in text and "#, fuzzy" not in text
        entries = {m.id: m.string for m in _read(po_path(own, lang, "dice"), lang) if m.id}
        # the help is translated, never English's (the package's docstring)
        expected = {"dice.rolled": ""} | ({"dice_game.help": ""} if lang == "fr" else {})
        assert entries == expected
    again = report(plan(ids, domains, translations))
    assert again == ["en/dice.po: dice.rolled to write (empty or fuzzy)"] + [
        f"fr/dice.po: {msg} to write (empty or fuzzy)" for msg in ("dice.rolled", "dice_game.help")
    ]


def test_an_id_no_code_produces_is_dropped_in_every_language(tmp_path):
    translations, known = copied_catalogues(tmp_path)
    ids = {k: v for k, v in code_ids().items() if k != "zl.tie"}
    changes = plan(ids, known, translations)
    assert report(changes) == [
        "en/zombie_life.po: zl.tie no code produces, to drop",
        "fr/zombie_life.po: zl.tie no code produces, to drop",
    ]
    assert [p.name for p in write(changes)] == ["zombie_life.po", "zombie_life.po"]
    for lang in ("en", "fr"):
        path = po_path(known.folders["zombie_life"], lang, "zombie_life")
        held = {m.id for m in _read(path, lang)}
        assert "zl.tie" not in held and "zl.drew" in held


def test_english_decides_a_plural_and_french_gets_its_forms_to_write(tmp_path):
    translations, known = copied_catalogues(tmp_path)
    zombie_life = known.folders["zombie_life"]
    english = _read(po_path(zombie_life, "en", "zombie_life"), "en")
    del english["zl.scores"]
    english.add(("zl.scores", "zl.scores"), ("{seat} scores {count} point", "… {count} points"))
    with po_path(zombie_life, "en", "zombie_life").open("wb") as po:
        write_po(po, english, width=100)
    changes = plan(code_ids(), known, translations)
    assert report(changes) == [
        "fr/zombie_life.po: zl.scores to add",
        "fr/zombie_life.po: zl.scores to write (empty or fuzzy)",
    ]
    write(changes)
    french = _read(po_path(zombie_life, "fr", "zombie_life"), "fr")["zl.scores"]
    assert french.id == ("zl.scores", "zl.scores") and french.fuzzy
    assert french.string[0] and french.string[1:] == ("", "")


def test_a_game_that_carries_its_catalogues_keeps_them_in_its_package():
    # Every game's domain is in its package's folder, the built-in games' and the example's;
    # the shell's folder holds only the shell's domains.
    known = game_domains()
    for module in translations.catalog.modules():
        domain = module.__name__.rpartition(".")[2]
        assert known.folders[domain] == translations.catalog.folder(module) / "translations"
    assert {p.stem for p in TRANSLATIONS.glob("*/LC_MESSAGES/*.po")} == {
        "messages",
        "packs",
        "phone",
    }
    own = translations.catalog.folder(translations.catalog.module("graveyard-dash"))
    assert known.of("gd.rolled") == "graveyard_dash"
    changes = plan(code_ids(), known, only="graveyard_dash")
    assert {c.path for c in changes} == {
        own / "translations" / lang / "LC_MESSAGES" / "graveyard_dash.po" for lang in ("en", "fr")
    }
    assert report(changes) == []
