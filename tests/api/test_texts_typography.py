"""Issue #17, defect j: the texts as players read them.

Every French catalogue string follows French typography (a no-break space before ``: ; ! ?``
and inside ``« »``); French elides "de"/"que" before a name with a vowel ("d'Owen"); an undo
names the action by what it did, never by its number; "Annuler" (Cancel) is never the undo.
The games' own catalogues are mended with ``python3 -m tools.french_typography --fix``.
"""

from __future__ import annotations

import pytest

from tableapp.texts.i18n import Renderer, read_translation_file, translation_files
from tableapp.texts.typography import fixed, problems

NBSP = "\u00a0"
FRENCH = {path.name: path for path in translation_files("fr")}


@pytest.mark.parametrize("name", sorted(FRENCH))
def test_17j_every_french_catalogue_string_has_its_no_break_spaces(name):
    faults = []
    for message in read_translation_file(FRENCH[name], "fr"):
        if not message.id:
            continue  # the header: metadata, not a text
        strings = message.string if isinstance(message.string, tuple | list) else [message.string]
        faults += [f"{message.id}: {s!r}" for text in strings for s in problems(text or "")]
    assert faults == [], f"{len(faults)} in {name} (tools/french_typography.py --fix): {faults}"


@pytest.mark.parametrize(
    ("text", "good"),
    [
        ("Emmener : {chosen}", f"Emmener{NBSP}: {{chosen}}"),
        ("Règle: EZA-H7", f"Règle{NBSP}: EZA-H7"),
        ("Vraiment ?!", f"Vraiment{NBSP}?!"),
        ("« {action} » ; fin !", f"«{NBSP}{{action}}{NBSP}»{NBSP}; fin{NBSP}!"),
        (f"Déjà{NBSP}: bon", f"Déjà{NBSP}: bon"),
        ("{a} : {b}", f"{{a}}{NBSP}: {{b}}"),
        # not prose: a placeholder's format, an address, a time, a key
        ("{n:d} à 20:30 sur https://x.org/a?b=1", "{n:d} à 20:30 sur https://x.org/a?b=1"),
        ("tableapp:tables", "tableapp:tables"),
        # the typographic apostrophe; a key quoted as code is not prose
        ("L'hôte donne la place d'Owen", "L’hôte donne la place d’Owen"),
        ("'{key}' doit montrer 'attack'", "'{key}' doit montrer 'attack'"),
    ],
)
def test_17j_typography_finds_and_mends_each_fault(text, good):
    assert fixed(text) == good
    assert problems(good) == []
    assert bool(problems(text)) == (text != good)


def test_17j_french_elides_de_and_que_before_a_vowel():
    names = {1: "Owen", 2: "Ben", 3: "Élise"}
    fr = Renderer("fr", names, strict=True)
    moved = {"msg": "seat.moved", "args": {"seat": {"seat": 1}}}
    assert fr.text(moved) == "L’hôte a donné la place d’Owen à un nouveau téléphone."
    assert "place de Ben " in fr.text({**moved, "args": {"seat": {"seat": 2}}})
    assert "place d’Élise " in fr.text({**moved, "args": {"seat": {"seat": 3}}})
    # English is untouched
    assert "Owen's seat" in Renderer("en", names, strict=True).text(moved)


def _drew(seat):
    return {"msg": "zl.drew", "args": {"seat": {"seat": seat}}}


def _undo(msg, **args):
    what = {"msg": "undo.what", "args": {"number": 14, "event": _drew(1)}}
    return {"msg": msg, "args": {"seat": {"seat": 2}, "asker": {"seat": 1}, "what": what, **args}}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_17j_an_undo_names_the_action_by_what_it_did_not_its_number(lang):
    render = Renderer(lang, {1: "Ana", 2: "Ben"}, strict=True)
    for msg in ("undo.done", "undo.pending", "undo.approved", "undo.refused", "undo.requested"):
        text = render.text(_undo(msg))
        assert "14" not in text and "Ana" in text, text
        assert ".”" not in text and f".{NBSP}»" not in text, text  # the quote ends the quote
    done = render.text(_undo("undo.done"))
    said = {
        "en": "Ben undid “Ana drew a card”.",
        "fr": f"Ben a défait «{NBSP}Ana a pioché une carte{NBSP}».",
    }
    assert done == said[lang]
    bare = render.text({"msg": "undo.what.bare", "args": {"number": 14}})
    assert "14" not in bare
    moved = render.text({"msg": "undo.refuse.moved", "args": {"number": 14}})
    assert "14" not in moved


def test_17j_french_undo_is_defaire_never_annuler():
    """ "Annuler" is the dialog's Cancel: the undo's texts say "défaire"."""
    render = Renderer("fr", {1: "Ana", 2: "Ben"}, strict=True)
    for msg in ("undo.done", "undo.pending", "undo.approved", "undo.refused", "undo.requested"):
        text = render.text(_undo(msg))
        assert "nnul" not in text and ("défai" in text or "défass" in text), text
    texts = {
        str(m.id): str(m.string) for m in read_translation_file(FRENCH["messages.po"], "fr") if m.id
    }
    undo = [t for key, t in texts.items() if key.startswith("undo.") or key == "table.help.undo"]
    assert undo and not [t for t in undo if "nnul" in t]


def test_17j_your_phone_says_you_the_others_and_the_table_say_your_name(client, tables):
    """An undo request, as its asker's phone, another phone and the table screen read it."""
    from tests.api.test_api_undo_requests import bearer, drawn_card, undo

    created, tokens = tables.started(3)
    code = created["code"]
    token, drawn, _card = drawn_card(tables, code, tokens)
    seat = drawn["view"]["me"]["seat"]
    name = f"P{seat}"
    asked = undo(client, code, token).get_json()
    mine = asked["action"]["events"][0]["text"]
    assert mine.startswith("You ask to undo “") and name not in mine.split("“")[0], mine
    assert asked["view"]["prompt"]["text"].startswith("You ask to undo"), asked["view"]["prompt"]
    other = next(t for t in tokens if t != token)
    for who in (other, None):  # another phone, the table screen
        view = tables.view(code, who)
        assert view["prompt"]["text"].startswith(f"{name} asks to undo “"), view["prompt"]
        headers = bearer(who) if who else {}
        log = client.get(f"/api/tables/{code}/log", headers=headers).get_json()["entries"]
        assert log[-1]["events"][0]["text"].startswith(f"{name} asks to undo “")
    # in French too, and a phone that reads its own log hears "Vous"
    headers = {**bearer(token), "Accept-Language": "fr"}
    log = client.get(f"/api/tables/{code}/log", headers=headers).get_json()["entries"]
    assert log[-1]["events"][0]["text"].startswith(f"Vous demandez à défaire «{NBSP}")
