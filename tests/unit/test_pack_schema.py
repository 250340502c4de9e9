"""Each game's pack format, declared in the game's definition (``pack_format``, checked by
tableapp/content/validation.py): the built-in packs have it; a wrong type, a hidden character, a
text too long for a card or a deck too large is one line naming the file, the card and the
field, in the reader's language; the OpenAPI spec's JSON Schema of each pack is generated from
the same schemas and accepts exactly what they accept."""

from __future__ import annotations

import copy

import jsonschema
import pytest

from tableapp import catalog
from tableapp.content import builtin_folder, has_pack, pack_problems
from tableapp.content.json_schema import pack_json_schema, text_schemas
from tableapp.content.pack_faults import shape_problems
from tableapp.content.validation import (
    LIST_LENGTH,
    NAME_LENGTH,
    TEXT_LENGTH,
    WORD_LENGTH,
    pack_format,
    rows,
)
from tableapp.texts.i18n import Renderer
from tests.packsweep import mutations

#: The games with a built-in pack (a game whose rules print every component has none)
GAME_IDS = sorted(game.id for game in catalog.games() if has_pack(game.id))
EVERY_GAME = sorted(game.id for game in catalog.games())


def lines(game_id, pack, lang="en"):
    return Renderer(lang).localize(pack_problems(catalog.game(game_id), pack))


#: How a line of the game's own rules ends when they checked the rest of a pack of the wrong
#: shape (tests/unit/test_pack_errors.py)
ON_THE_REST = " (checked without the fields above)"


def shape_lines(game_id, pack):
    """The lines about the pack's shape: those before the rules' lines on the rest."""
    found = lines(game_id, pack)
    rest = [line for line in found if line.endswith(ON_THE_REST)]
    assert found[len(found) - len(rest) :] == rest  # the shape's lines come first
    return found[: len(found) - len(rest)]


def sb():
    return copy.deepcopy(catalog.content("student-bodies"))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_built_in_pack_has_its_formats_shape(game_id):
    assert shape_problems(game_id, catalog.content(game_id)) == []


def test_student_bodies_wrong_types_are_lines_not_crashes():
    # The shapes that answered 500: each is now a line naming the file, the card and the field.
    pack = sb()
    pack["main_deck"]["cards"][0]["effects"] = None
    pack["box"]["die"][0]["face"] = {}
    pack["box"]["beakers_mix"] = 1
    pack["box"]["corpses"][0]["kind"] = []
    pack["box"]["exit_reserve"] = "x"
    pack["box"]["lab_reserve"] = None
    pack["box"]["zombies"] = "x"
    pack["scenario"]["hallway"] = 1
    pack["zombie_deck"]["cards"][0]["level"] = []
    assert shape_lines("student-bodies", pack) == [
        "main_deck.toml: cards[0].effects must be a list (card: Mad Dash)",
        "zombie_deck.toml: cards[0].level must be a text (card: Shamble)",
        "scenario.toml: hallway must be a list",
        "box.toml: zombies must be a whole number",
        "box.toml: lab_reserve must be a whole number",
        "box.toml: exit_reserve must be a whole number",
        "box.toml: corpses[0].kind must be a text (card: Item found)",
        "box.toml: beakers_mix must be a list",
        "box.toml: die[0].face must be a text (card: Miss)",
    ]


@pytest.mark.parametrize(
    ("text", "en", "fr"),
    [
        (
            "Bad\x00name",
            "may not hold control or invisible formatting characters (U+0000)",
            "ne peut contenir de caractère de contrôle ou de mise en forme invisible (U+0000)",
        ),
        ("Evil\u202eeman", "(U+202E)", "(U+202E)"),
        ("Zero\u200bwidth", "(U+200B)", "(U+200B)"),
        ("Two\nlines", "(U+000A)", "(U+000A)"),
        (" Spaced", "must start with a visible character", "doit commencer par un caractère"),
        ("\u3164", "needs at least one visible character", "au moins un caractère visible"),
        ("N" * (NAME_LENGTH + 1), f"is at most {NAME_LENGTH} characters", "au plus 60 caractères"),
    ],
)
def test_a_name_follows_the_player_name_rule(text, en, fr):
    pack = sb()
    pack["main_deck"]["cards"][3]["name"] = text
    (line,) = lines("student-bodies", pack)
    assert line.startswith("main_deck.toml: cards[3].name ") and en in line
    # the card is named by the name that follows the rule (here its French one)
    assert line.endswith("(card: Billet de couloir)")
    (french,) = lines("student-bodies", pack, "fr")
    assert fr in french and french.endswith("(carte : Billet de couloir)")


def test_a_text_is_bounded_as_a_card_can_print():
    pack = sb()
    card = pack["main_deck"]["cards"][0]
    card["text"], card["text_fr"] = "E" * 250_000, "F" * 250_000
    assert lines("student-bodies", pack) == [
        f"main_deck.toml: cards[0].text is at most {TEXT_LENGTH} characters (card: Mad Dash)",
        f"main_deck.toml: cards[0].text_fr is at most {TEXT_LENGTH} characters (card: Mad Dash)",
    ]
    card["text"], card["text_fr"] = "E" * TEXT_LENGTH, "F" * TEXT_LENGTH
    assert lines("student-bodies", pack) == []


def test_ids_and_choices_are_bounded_words():
    pack = copy.deepcopy(catalog.content("zombicide"))
    pack["skills"]["skill"][0]["id"] = "s" * 41
    pack["survivors"]["survivor"][0]["blue"] = ["a\u2066b"]
    assert [line.split(" (")[0] for line in shape_lines("zombicide", pack)] == [
        "skills.toml: skill[0].id is at most 40 characters",
        "survivors.toml: survivor[0].blue[0] may not hold control or invisible formatting "
        "characters",
    ]


def test_a_deck_holds_at_most_what_its_box_could():
    pack = sb()
    cards = pack["main_deck"]["cards"]
    pack["main_deck"]["cards"] = (cards * 5)[:83]
    assert lines("student-bodies", pack) == ["main_deck.toml: cards holds at most 82 entries"]
    zl = copy.deepcopy(catalog.content("zombie-life"))
    zl["cards"]["cards"] *= 6
    assert lines("zombie-life", zl) == ["cards.toml: cards holds at most 60 entries"]


def test_unknown_fields_are_refused_so_nothing_undeclared_is_stored():
    pack = sb()
    pack["items"]["items"][1]["blob"] = "x" * 1000
    pack["notes"] = {}
    assert lines("student-bodies", pack) == [
        "items.toml: items[1].blob is not a field of this format (card: Hockey Stick)",
        "notes.toml: is not a file of this pack",
    ]


def _validator(game_id):
    schema = {**pack_json_schema(game_id), "components": {"schemas": text_schemas()}}
    return jsonschema.Draft4Validator(schema)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_json_schema_accepts_what_the_marshmallow_schema_accepts(game_id):
    # One source of truth: for the built-in pack and every wrong type anywhere in it, the
    # OpenAPI description and the check agree on the pack's shape.
    validator = _validator(game_id)
    pack = catalog.content(game_id)
    assert validator.is_valid(pack)
    disagree = [
        (path, wrong)
        for path, wrong, changed in mutations(pack)
        if validator.is_valid(changed) != (shape_problems(game_id, changed) == [])
    ]
    assert not disagree, disagree[:10]
    for text in ("a\x00", "N" * (NAME_LENGTH + 1), " x"):
        changed = copy.deepcopy(pack)
        rows = next(
            v
            for file in changed.values()
            for v in file.values()
            if isinstance(v, list) and v and isinstance(v[0], dict) and "name" in v[0]
        )
        rows[0]["name"] = text
        assert not validator.is_valid(changed) and shape_problems(game_id, changed)


@pytest.mark.parametrize("game_id", EVERY_GAME)
def test_the_spec_says_what_a_pack_needs(client, game_id):
    # ST202: `pack: {}` was schema-valid and refused; now the spec requires each file (a game
    # without a pack: none, and `pack: {}` is its whole pack).
    spec = client.get("/api/openapi.json").get_json()
    schemas = spec["components"]["schemas"]
    create = spec["components"]["schemas"]["CreateTable"]
    ref = create["discriminator"]["mapping"][game_id]
    assert {"$ref": ref} in create["oneOf"]
    body = schemas[ref.rsplit("/", 1)[1]]
    assert body["properties"]["game"]["enum"] == [game_id]
    (pack_ref, null) = body["properties"]["pack"]["anyOf"]
    pack = schemas[pack_ref["$ref"].rsplit("/", 1)[1]]
    assert null["enum"] == [None]
    assert set(pack.get("required", ())) == set(catalog.content(game_id))
    validator = jsonschema.Draft4Validator({**pack, "components": spec["components"]})
    assert validator.is_valid({}) == (not has_pack(game_id))
    assert validator.is_valid(catalog.content(game_id))
    answer = client.post("/api/tables", json={"game": game_id, "pack": catalog.content(game_id)})
    assert answer.status_code == 201


def test_a_game_declares_its_packs_format_in_its_own_definition():
    # Every game's format is in its own package, no line in tableapp/content: the catalogue
    # takes it from its definition (define(pack_format=...)), the built-in games' as the tests'
    # example game's.
    own = [g for g in catalog.games() if has_pack(g.id)]
    assert own and set(GAME_IDS) == {g.id for g in own}
    for game in own:
        assert game.definition.pack_format, f"{game.id} declares no pack format"
        assert pack_format(game.id) == game.definition.pack_format


def _bounds(shape: dict, path: str = ""):
    for key, kind in shape.items():
        if isinstance(kind, rows):
            yield f"{path}{key}", kind.most
            yield from _bounds(kind.shape, f"{path}{key}.")
        elif isinstance(kind, dict):
            yield from _bounds(kind, f"{path}{key}.")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_each_pack_readme_states_the_bounds(game_id):
    text = " ".join((builtin_folder(game_id) / "README.md").read_text(encoding="utf-8").split())
    for number in (NAME_LENGTH, TEXT_LENGTH, WORD_LENGTH, LIST_LENGTH):
        assert str(number) in text
    for file, shape in pack_format(game_id).items():
        for path, most in _bounds(shape):
            assert f"`{path}` at most {most}" in text, (file, path)


def test_a_server_pack_of_the_wrong_shape_stops_the_app_with_its_line(tmp_path):
    # TABLEAPP_CONTENT_DIR's packs are checked the same way when the app starts: a line, not
    # a TypeError from the game's rules.
    import shutil

    from tableapp.content import ContentError

    folder = tmp_path / "student-bodies"
    shutil.copytree(builtin_folder("student-bodies"), folder)
    box = folder / "box.toml"
    box.write_text(box.read_text(encoding="utf-8").replace("\nzombies = ", '\nzombies = "x" #', 1))
    try:
        with pytest.raises(ContentError, match="box.toml: zombies must be a whole number"):
            catalog.load(str(tmp_path), force=True)
    finally:
        catalog.load(force=True)
    assert catalog.content("student-bodies") == sb()


def test_a_key_the_format_does_not_have_is_shown_safely():
    pack = sb()
    pack["box"]["k" * 100_000] = 1
    pack["evil\u202e"] = {}
    assert lines("student-bodies", pack) == [
        f"box.toml: {'k' * 40}… is not a field of this format",
        "'evil\\u202e'.toml: is not a file of this pack",
    ]
