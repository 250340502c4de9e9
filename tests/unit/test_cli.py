"""The command line: simulate plays real games; serve's helpers find the LAN and draw a QR."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import tableapp
from tableapp import catalog
from tableapp.cli import main, terminal_qr


def test_simulate_plays_to_the_end_and_reports_speed():
    result = CliRunner().invoke(
        main, ["simulate", "--game", "zombie-life", "--players", "4", "--games", "3", "--seed", "7"]
    )
    assert result.exit_code == 0, result.output
    match = re.search(
        r"3 games of Zombie Life \(4 players\): (\d+) actions.* ([\d.]+) games/s", result.output
    )
    assert match and int(match.group(1)) > 0 and float(match.group(2)) > 0
    assert "invariants held" in result.output


@pytest.mark.parametrize("game", catalog.games(), ids=lambda g: g.id)
def test_simulate_plays_every_game(game):
    players = str(game.players[1])
    result = CliRunner().invoke(
        main, ["simulate", "--game", game.id, "--players", players, "--games", "1"]
    )
    assert result.exit_code == 0, result.output
    assert f"of {game.name} ({players} players)" in result.output
    assert "invariants held" in result.output


def test_simulate_unknown_game_fails_clearly():
    result = CliRunner().invoke(main, ["simulate", "--game", "chess"])
    assert result.exit_code != 0
    assert "chess" in str(result.exception) or "chess" in result.output


def test_terminal_qr_is_drawn():
    drawing = terminal_qr("http://192.168.1.20:8000")
    lines = drawing.strip("\n").splitlines()
    assert len(lines) > 10 and len(set(len(line) for line in lines)) == 1


def test_bench_runs_the_checkouts_tool():
    result = CliRunner().invoke(main, ["bench", "--help"])
    assert result.exit_code == 0, result.output
    assert "--tables" in result.output and "--phones" in result.output


def test_bench_says_how_to_run_it_where_the_tool_is_missing(monkeypatch):
    monkeypatch.setitem(sys.modules, "tools.bench", None)  # as in an installed package
    result = CliRunner().invoke(main, ["bench", "--tables", "2"])
    assert result.exit_code != 0
    assert "source checkout" in result.output and "python -m tools.bench" in result.output


def test_the_load_generator_is_not_in_the_product_package():
    package = Path(tableapp.__file__).resolve().parent
    assert not (package / "bench.py").exists()
    assert (package.parent / "tools" / "bench" / "__init__.py").is_file()
    assert importlib.util.find_spec("tools.bench") is not None


def test_serve_documents_its_limits():
    result = CliRunner().invoke(main, ["serve", "--help"])
    assert result.exit_code == 0
    for word in (
        "gevent",
        "--connections",
        "TABLEAPP_STREAMS_PER_ADDRESS",
        "TABLEAPP_BODY_TIMEOUT",
    ):
        assert word in result.output
