"""``tableapp simulate --game student-bodies`` for every player count, with table options."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from tableapp.cli import main


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_simulate_student_bodies_for_every_player_count(players):
    result = CliRunner().invoke(
        main,
        [
            "simulate",
            "--game",
            "student-bodies",
            "--players",
            str(players),
            "--games",
            "2",
            "--option",
            "difficulty=hard",
            "--option",
            "table_die=true",
        ],
    )
    assert result.exit_code == 0, result.output
    match = re.search(
        rf"2 games of Student Bodies \({players} players\): (\d+) actions", result.output
    )
    assert match and int(match.group(1)) > 0 and "invariants held" in result.output


def test_simulate_options_are_validated_with_their_rule():
    runner = CliRunner()
    custom = [
        "simulate",
        "--game",
        "student-bodies",
        "--games",
        "1",
        "--option",
        "difficulty=custom",
        "--option",
        "custom_level1=9",
    ]
    result = runner.invoke(main, custom)
    assert result.exit_code != 0 and "11 level cards" in result.output
    result = runner.invoke(main, ["simulate", "--game", "student-bodies", "--option", "nokey"])
    assert result.exit_code != 0 and "KEY=VALUE" in result.output
    result = runner.invoke(main, ["simulate", "--game", "student-bodies", "--option", "speed=9"])
    assert result.exit_code != 0 and "speed" in result.output


def test_SB_S4_simulate_refuses_a_custom_level_the_box_cannot_fill_without_a_traceback():
    args = ["simulate", "--game", "student-bodies", "--games", "1"]
    for pair in ("difficulty=custom", "custom_level1=0", "custom_level2=0", "custom_level3=11"):
        args += ["--option", pair]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output
    assert "cannot take 11 Level 3 cards" in result.output and "(SB-S4)" in result.output
