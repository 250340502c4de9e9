"""A game package that carries its catalogues may hold phone texts in them too (``msgctxt
"phone"``, for a screen module of its own): they are served to the phone like the shell's
(``/texts/<lang>.json``), read from every catalogue folder, not only ``tableapp/translations``
(the built-in games' are in their packages too).
The tests' example game needs no screen of its own, so a copy of its catalogues is given one."""

from __future__ import annotations

import json
import shutil

from tableapp import catalog
from tableapp.server.pwa import phone_texts_files
from tableapp.texts import i18n
from tableapp.texts.i18n import TRANSLATIONS, phone_entries, phone_texts, translation_folders

TEXTS = {"en": "Gate in {n}", "fr": "Grille dans {n}"}


def _with_a_phone_text(tmp_path, monkeypatch):
    """The example game's folder, its catalogues holding one phone text more (``gd.to_gate``)."""
    own = catalog.folder(catalog.module("graveyard-dash"))
    copy = tmp_path / "graveyard_dash"
    shutil.copytree(own / "translations", copy / "translations")
    for lang, text in TEXTS.items():
        po = copy / "translations" / lang / "LC_MESSAGES" / "graveyard_dash.po"
        entry = f'\nmsgctxt "phone"\nmsgid "gd.to_gate"\nmsgstr "{text}"\n'
        po.write_text(po.read_text(encoding="utf-8") + entry, encoding="utf-8")
    folders = [copy if f == own else f for f in i18n._game_folders]
    monkeypatch.setattr(i18n, "_game_folders", folders)
    assert copy / "translations" in translation_folders()
    return copy


def test_the_example_games_catalogues_are_read_for_phone_texts():
    own = catalog.folder(catalog.module("graveyard-dash")) / "translations"
    assert own in translation_folders()[1:]


def test_a_phone_text_in_a_game_packages_catalogue_is_served(tmp_path, monkeypatch):
    before = phone_texts("fr")
    assert "gd.to_gate" not in before
    _with_a_phone_text(tmp_path, monkeypatch)
    assert phone_entries("en")["gd.to_gate"] == TEXTS["en"]
    assert phone_texts("fr") == {**before, "gd.to_gate": TEXTS["fr"]}
    assert phone_texts("en")["gd.to_gate"] == TEXTS["en"]
    served = phone_texts_files()
    for lang, text in TEXTS.items():
        assert json.loads(served[f"/texts/{lang}.json"])["texts"]["gd.to_gate"] == text
    # a copy of the shell's folder in its place still reads the game's own
    shell = tmp_path / "shell"
    shutil.copytree(TRANSLATIONS, shell)
    assert phone_texts("fr", shell)["gd.to_gate"] == TEXTS["fr"]
