"""The catalogue finds the games: every package under ``tableapp/games/`` is one, exposing its
definition as ``GAME``; no list names them. They are listed by the definitions' ``order``,
then by name."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import tableapp.games
from tableapp import catalog

GAME_SOURCE = """
from tableapp.engine import Moves, define

GAME = define(
    id={id!r},
    name={name!r},
    players=(1, 2),
    setup=lambda ctx, **kw: {{"seats": kw["seats"]}},
    moves=Moves(specs=lambda state, seat: [], apply=lambda state, seat, action, ctx: None),
    {extra}
)
"""


def _package(root: Path, name: str, games: dict[str, str]) -> str:
    """A package ``name`` under ``root`` holding one sub-package per ``{folder: source}``."""
    (root / name).mkdir()
    (root / name / "__init__.py").write_text('"""Games."""\n')
    (root / name / "helpers.py").write_text("SHARED = 1\n")  # a module, not a game
    for folder, source in games.items():
        (root / name / folder).mkdir()
        (root / name / folder / "__init__.py").write_text(textwrap.dedent(source))
    return name


def _game(game_id: str, name: str, extra: str = "") -> str:
    return GAME_SOURCE.format(id=game_id, name=name, extra=extra)


def test_every_package_under_games_is_in_the_catalogue():
    here = Path(tableapp.games.__file__).parent
    folders = {p.name for p in here.iterdir() if (p / "__init__.py").is_file()}
    modules = {m.__name__.rpartition(".")[2] for m in catalog.discover()}
    assert modules == folders and len(folders) >= 4
    builtin = {m.GAME.id for m in catalog.discover()}
    added = {m.GAME.id for m in catalog.discover("tests.fixtures.games")}
    assert [g.id for g in catalog.games()] == [m.GAME.id for m in catalog.modules()]
    assert {g.id for g in catalog.games()} == builtin | added


def test_the_tests_example_game_is_in_the_catalogue_of_the_tests_only():
    # tests/conftest.py adds tests/fixtures/games (catalog.add_games); an app never does.
    assert "graveyard-dash" in {g.id for g in catalog.games()}
    assert catalog.folder(catalog.module("graveyard-dash")).name == "graveyard_dash"
    served = subprocess.run(
        [
            sys.executable,
            "-c",
            "from tableapp import catalog; print(*(g.id for g in catalog.games()))",
        ],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(tableapp.games.__file__).parents[2],
    )
    ids = {g.id for g in catalog.games()} - {"graveyard-dash"}
    assert set(served.stdout.split()) == ids


def test_games_are_added_before_the_catalogue_is_read():
    with pytest.raises(RuntimeError, match="before the catalogue is loaded"):
        catalog.add_games("tableapp.games.zombie_life")


def test_the_catalogue_lists_by_order_then_name():
    games = catalog.games()
    keys = [(g.order, g.name.casefold()) for g in games]
    assert keys == sorted(keys)
    # Zombie Life comes first (the home screen picks it by default), the rest by name.
    assert games[0].id == "zombie-life"


def test_a_new_game_is_found_by_its_folder_alone(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(tmp_path))
    package = _package(
        tmp_path,
        "found_games",
        {
            "zeta": _game("zeta-dice", "Zeta Dice"),
            "alpha": _game("alpha-cards", "Alpha Cards"),
            "first": _game("last-name", "Zzz", "order=-5,"),
        },
    )
    found = catalog.discover(package)
    assert [m.GAME.id for m in found] == ["last-name", "alpha-cards", "zeta-dice"]


def test_a_package_without_game_is_refused_by_name(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(tmp_path))
    package = _package(tmp_path, "gameless_games", {"dice": '"""No GAME here."""\n'})
    with pytest.raises(TypeError, match=r"gameless_games\.dice: a game package exposes GAME"):
        catalog.discover(package)


def test_two_packages_defining_one_id_are_refused(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(tmp_path))
    twice = {"one": _game("same", "One"), "two": _game("same", "Two")}
    package = _package(tmp_path, "twin_games", twice)
    with pytest.raises(ValueError, match="two game packages define same"):
        catalog.discover(package)
