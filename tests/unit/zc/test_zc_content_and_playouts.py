"""The content pack (validated with errors naming the file and field, replaceable by the
user's own), seeded random playouts with the invariants after every step, determinism, and
what each viewer sees."""

from __future__ import annotations

import copy
import json
import shutil
from collections import Counter
from pathlib import Path

import pytest
from zc_support import PACK, words

from tableapp.content import load_pack, pack_dir
from tableapp.engine import HOST
from tableapp.engine.playout import random_playout
from tableapp.games.zombicide import GAME
from tableapp.games.zombicide import __file__ as GAME_FILE
from tests.texts import english, french


def test_the_shipped_pack_is_valid_and_says_it_is_reconstructed():
    assert GAME.validate_content(PACK) == []
    folder = pack_dir("zombicide")
    for path in folder.glob("*.toml"):
        assert "RECONSTRUCTED" in path.read_text(encoding="utf-8"), path.name
    assert (folder / "README.md").exists()
    assert len(PACK["spawn"]["card"]) == 48 and len(PACK["box"]["abomination"]) == 4
    assert [row["threshold"] for row in PACK["box"]["level"]] == [0, 7, 19, 43]


def test_issue26_the_french_texts_follow_french_typography():
    """Issue 26: every French text Zombicide shows — its catalogue (the server's and the
    phone's words, the help) and the content pack's ``*_fr`` fields — has its no-break space
    before : ; ! ? and the typographic apostrophe, never a straight one."""
    from babel.messages.pofile import read_po

    from tableapp.texts.typography import problems

    po = Path(GAME_FILE).parent / "translations" / "fr" / "LC_MESSAGES" / "zombicide.po"
    faults = []
    with po.open("rb") as handle:
        catalogue = read_po(handle, locale="fr")
    for message in catalogue:
        if not message.id:
            continue
        texts = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in texts:
            faults += [(message.id, p) for p in problems(text)]
            faults += [(message.id, "'") for _ in range(text.count("'"))]

    def walk(value, where):
        if isinstance(value, dict):
            for key, v in value.items():
                walk(v, f"{where}.{key}")
        elif isinstance(value, list):
            for i, v in enumerate(value):
                walk(v, f"{where}[{i}]")
        elif isinstance(value, str) and where.endswith("_fr"):
            faults.extend((where, p) for p in problems(value))
            faults.extend((where, "'") for _ in range(value.count("'")))

    walk(PACK, "pack")
    assert faults == []
    assert PACK["skills"]["skill"][4]["name_fr"] == "+1 dégât\u00a0: Mêlée"


def broken(edit) -> list[str]:
    """The problems with the pack once edited, as an English reader reads them."""
    pack = copy.deepcopy(PACK)
    edit(pack)
    return [english(p, sentence=False) for p in GAME.validate_content(pack)]


@pytest.mark.parametrize(
    "edit, problem",
    [
        (
            lambda p: p["spawn"]["card"][6]["yellow"].update(walker=-1),
            "spawn.toml: card[z07].yellow.walker must be a whole number from 0 to 20",
        ),
        (
            lambda p: p["spawn"]["card"][6]["orange"].update(ghoul=1),
            "spawn.toml: card[z07].orange.ghoul is not one of the box's Zombie types",
        ),
        (
            lambda p: p["spawn"]["card"][36].update(blue={"walker": 1}),
            "spawn.toml: card[z37] is an extra_activation card: it places no Zombie "
            "(no levels, no rush)",
        ),
        (
            lambda p: p["spawn"]["card"][0].pop("red"),
            "spawn.toml: card[z01].red must be a table of counts per Zombie type",
        ),
        (
            lambda p: p["survivors"]["survivor"][4].update(blue=["medic"]),
            "survivors.toml: survivor[lily].blue must hold 'slippery': children have it (ZC-2) "
            "(card: Lily)",
        ),
        (
            lambda p: p["survivors"]["survivor"][0].update(kind="robot"),
            "survivors.toml: survivor[ruth].kind must be one of adult, child (card: Ruth)",
        ),
        (
            lambda p: p["box"]["level"][2].update(threshold=5),
            "box.toml: level[orange].threshold must be above the previous level's (7) "
            "(card: Orange)",
        ),
        (
            lambda p: p["equipment"]["starter"][1].update(first_player=True),
            "equipment.toml: starter needs exactly one card with first_player = true",
        ),
        (
            lambda p: p["crates"]["card"][0].pop("name_fr"),
            "crates.toml: card[twin_revolvers].name_fr must be a non-empty string "
            "(card: Twin Revolvers)",
        ),
        (
            lambda p: p["equipment"]["card"][1].update(accuracy=7),
            "equipment.toml: card[sawed_off].accuracy must be a whole number from 2 to 6 "
            "(card: Sawed-off)",
        ),
        (lambda p: p.pop("skills"), "skills.toml: the file is missing"),
        (
            lambda p: p["spawn"]["card"][2].update(set="nope"),
            "spawn.toml: card[z03].set must be one of the box's sets",
        ),
        (
            lambda p: p["equipment"]["card"][0].update(noise="loud"),
            "equipment.toml: card[pistol].noise must be true or false (card: Pistol)",
        ),
        (
            lambda p: p["box"].update(team_size=7),
            "survivors.toml: survivor lists 6 survivors; the team needs 7",
        ),
    ],
)
def test_a_broken_pack_is_refused_naming_the_file_and_field(edit, problem):
    assert problem in broken(edit)


def test_a_problem_names_the_card_in_the_readers_language():
    pack = copy.deepcopy(PACK)
    pack["equipment"]["card"][1].update(accuracy=7)
    (found,) = GAME.validate_content(pack)
    assert found["msg"] == "pack.named"
    assert french(found, sentence=False) == (
        "equipment.toml: card[sawed_off].accuracy doit être un nombre entier de 2 à 6 "
        "(carte : Fusil à canon scié)"
    )


def test_the_same_problem_is_listed_once():
    problems = broken(lambda p: p.pop("box"))
    assert problems.count("box.toml: the file is missing") == 1


@pytest.mark.parametrize("file", ["equipment", "crates"])
def test_ZC_14_a_deck_with_no_card_in_a_core_set_is_refused_like_the_spawn_deck(file):
    def extra_only(pack):
        for card in pack[file]["card"]:
            card["set"] = "extra"

    assert broken(extra_only) == [
        f"{file}.toml: no card belongs to a core set: a table's deck would be empty"
    ]
    spawn = broken(lambda p: [c.update(set="extra") for c in p["spawn"]["card"]])
    assert spawn == ["spawn.toml: no card belongs to a core set: a table's deck would be empty"]


def test_a_users_own_pack_replaces_the_shipped_one(tmp_path):
    mine = tmp_path / "zombicide"
    shutil.copytree(pack_dir("zombicide"), mine)
    box = (mine / "box.toml").read_text(encoding="utf-8")
    (mine / "box.toml").write_text(box.replace("threshold = 7", "threshold = 8"), encoding="utf-8")
    pack = load_pack("zombicide", tmp_path)
    assert GAME.validate_content(pack) == []
    state, _ = GAME.begin(
        content=pack, variant=None, options={}, seats=[1], rng=__import__("zc_support").rng()
    )
    assert [row["threshold"] for row in state["content"]["levels"]] == [0, 8, 19, 43]
    (mine / "spawn.toml").write_text("[[card]]\nid = 3\n", encoding="utf-8")
    problems = GAME.validate_content(load_pack("zombicide", tmp_path))
    assert "spawn.toml: card[0].id must be a non-empty ASCII string" in [
        english(p, sentence=False) for p in problems
    ]


OPTION_SETS = [
    {},
    {"app_dice": True},
    {"abomination_fest": True, "spawn_sets": "all"},
    {"app_dice": True, "equipment_sets": "all", "abomination_fest": True},
]


@pytest.mark.parametrize("players", [1, 2, 3, 6])
@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: "+".join(o) or "default")
def test_random_playouts_end_with_the_invariants_after_every_step(players, options):
    outcomes = set()
    for n in range(4):
        seed = f"zc playout {players} {sorted(options)} {n}".encode().ljust(32, b".")
        views = []

        def on_step(state, seat, action, events, views=views):
            if len(views) < 40:
                for viewer in (None, *state["seats"]):
                    views.append(json.dumps(GAME.view(state, viewer)))

        state, steps = random_playout(
            GAME,
            content=PACK,
            seats=list(range(1, players + 1)),
            seed=seed,
            options=options,
            on_step=on_step,
            max_steps=20_000,
        )
        result = GAME.result(state)
        assert result is not None and steps > 0
        outcomes.add(result["won"])
        assert result["winners"] in ([], list(range(1, players + 1)))
    assert outcomes  # both ends are seen across the suite (see below)


def test_playouts_reach_both_a_win_and_a_loss():
    outcomes = set()
    for n in range(80):
        state, _ = random_playout(
            GAME, content=PACK, seats=[1, 2], seed=f"both ends {n}".encode().ljust(32, b".")
        )
        outcomes.add(GAME.result(state)["won"])
        if outcomes == {True, False}:
            break
    assert outcomes == {True, False}


def test_a_playout_is_deterministic_for_a_seed():
    seed = b"zombicide determinism, seed 0042"
    a, n = random_playout(
        GAME, content=PACK, seats=[1, 2, 3], seed=seed, options={"app_dice": True}
    )
    b, m = random_playout(
        GAME, content=PACK, seats=[1, 2, 3], seed=seed, options={"app_dice": True}
    )
    assert n == m and a == b


def test_every_viewer_sees_the_same_public_table_and_never_a_draw_pile():
    from zc_support import ready

    state = ready()
    views = {viewer: GAME.view(state, viewer) for viewer in (None, HOST, 1, 2)}
    assert views[1]["me"] == 1 and views[None]["me"] is None and views[HOST]["me"] is None
    assert {json.dumps({**v, "me": None}, sort_keys=True) for v in views.values()} == {
        json.dumps({**views[None], "me": None}, sort_keys=True)
    }
    for deck in ("spawn_deck", "equipment", "crates"):
        for card in state[deck]["draw"]:
            assert f'"{card}"' not in json.dumps(views[1])
    french = words(views[1], "fr")
    assert french["danger"]["name"] == "Bleu"
    assert french["survivors"][0]["inventory"][0]["label"] == "Main gauche"


def test_the_help_names_every_ruling_in_both_languages():
    from tableapp import catalog

    english = catalog.help_text("zombicide", "en")
    french = catalog.help_text("zombicide", "fr")
    for n in range(1, 18):
        assert f"ZC-{n}" in english and f"ZC-{n}" in french, n
    assert french.startswith("Zombicide\u00a0: de 1 à 6 joueurs")


def test_every_ruling_has_a_test_named_after_it():
    names = " ".join(p.read_text(encoding="utf-8") for p in Path(__file__).parent.glob("test_*.py"))
    for n in range(1, 18):
        assert f"def test_ZC_{n}_" in names or f"_ZC_{n}_" in names, f"ZC-{n} has no test"


def test_validation_answers_with_problems_whatever_a_field_holds():
    garbage = [None, 3, "x", [], {}, [1], {"a": 1}, True, -1]
    checked = 0
    for file, data in PACK.items():
        for key, rows in data.items():
            for value in garbage:
                pack = copy.deepcopy(PACK)
                pack[file][key] = value
                problems = [english(p, sentence=False) for p in GAME.validate_content(pack)]
                assert all(".toml" in p for p in problems), problems
                checked += 1
            if not isinstance(rows, list):
                continue
            for field in rows[0]:
                for value in garbage:
                    pack = copy.deepcopy(PACK)
                    pack[file][key][0][field] = value
                    problems = [english(p, sentence=False) for p in GAME.validate_content(pack)]
                    assert all(".toml" in p for p in problems), problems
                    checked += 1
    assert checked > 300


#: A player who fights more and takes objectives less than a uniform random one, so long games
#: with spawns, doors, attacks and friendly fire are played too (the invariants after each step).
LEANINGS = {
    "take_objective": 0.03, "discard": 0.02, "release_survivor": 0.2,
    "wounds": 0.1, "cancel_attack": 0.1, "end_turn": 0.4, "trade": 0.3, "split": 0.2,
    "move_card": 0.3, "play_first": 0.3,
    "ranged": 5, "melee": 5, "attack": 5, "search": 2, "open_door": 2,
}  # fmt: skip


def leaning_playout(seed: bytes, players: int, options: dict) -> tuple[dict, Counter]:
    from tableapp.engine import Rng
    from tableapp.engine.playout import actors, playable, random_params

    state, _ = GAME.begin(
        content=PACK, variant=None, options=options, seats=list(range(1, players + 1)),
        rng=Rng(seed, 0),
    )  # fmt: skip
    chooser = Rng(b"leaning player" + seed, 0)
    played: Counter = Counter()
    for step in range(1, 8000):
        if GAME.result(state) is not None:
            return state, played
        seat = chooser.choice(actors(GAME, state))
        specs = playable(GAME, state, seat)
        weights = [LEANINGS.get(s["type"], 1) for s in specs]
        pick = chooser.below(10_000) / 10_000 * sum(weights)
        index = 0
        while pick > weights[index] and index < len(specs) - 1:
            pick -= weights[index]
            index += 1
        spec = specs[index]
        action = {"type": spec["type"], "params": random_params(spec, chooser)}
        state, _ = GAME.apply(state, seat, action, Rng(seed, step))
        GAME.check_invariants(state)
        played[action["type"]] += 1
    raise AssertionError("no end after 8000 steps")


def test_long_fighting_playouts_keep_every_invariant():
    played: Counter = Counter()
    rounds = []
    for n in range(16):
        seed = f"leaning playout {n}".encode().ljust(32, b".")
        options = {"app_dice": n % 2 == 0, "abomination_fest": n % 4 == 0}
        state, kinds = leaning_playout(seed, 2 + n % 3, options)
        played += kinds
        rounds.append(state["round"])
    assert max(rounds) >= 5
    for kind in ("attack", "friendly_fire", "allocate", "board_done", "open_door", "trade",
                 "keep", "leave", "search", "open_crate", "no_attack", "move_card",
                 "play_first"):  # fmt: skip
        assert played[kind], f"no {kind} in the long playouts"
