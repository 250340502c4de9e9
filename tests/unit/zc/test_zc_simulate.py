"""``tableapp simulate --game zombicide``: random legal playouts to the end, with table
options given as ``--option key=value``."""

from __future__ import annotations

import re

from click.testing import CliRunner

from tableapp.cli import main


def test_simulate_plays_zombicide_to_the_end_with_options():
    result = CliRunner().invoke(
        main,
        [
            "simulate", "--game", "zombicide", "--players", "2", "--games", "3", "--seed", "5",
            "--option", "app_dice=true", "--option", "spawn_sets=all",
        ],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    match = re.search(r"3 games of Zombicide \(2 players\): (\d+) actions", result.output)
    assert match and int(match.group(1)) > 0 and "invariants held" in result.output


def test_simulate_refuses_an_option_the_game_does_not_have():
    result = CliRunner().invoke(main, ["simulate", "--game", "zombicide", "--option", "nope=1"])
    assert result.exit_code != 0 and "nope" in result.output
    result = CliRunner().invoke(main, ["simulate", "--game", "zombicide", "--option", "app_dice"])
    assert result.exit_code != 0 and "KEY=VALUE" in result.output
