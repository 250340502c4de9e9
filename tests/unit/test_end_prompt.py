"""Once a game is over every phone's prompt says who won, why and what comes next, in the
reader's language (the winner's own phone in the second person): never "Nothing to do"."""

from __future__ import annotations

import hashlib

import pytest

from tableapp import catalog
from tableapp.engine.end import end_prompt
from tableapp.engine.playout import random_playout
from tableapp.texts.i18n import Renderer

NAMES = {1: "Ana", 2: "Ben", 3: "Cléo"}


def text(prompt: dict, lang: str = "en", you: int | None = None) -> str:
    return Renderer(lang, NAMES, you=you, strict=True).text(prompt)


def test_one_winner_is_named_and_reads_you_on_their_phone():
    prompt = end_prompt({"winners": [2], "standings": [{"seat": 2, "score": 7}]})
    assert prompt["waiting_for"] == []
    assert text(prompt).startswith("Game over: Ben won. Best score: 7 points.")
    assert text(prompt, you=2).startswith("Game over: you won!")
    assert text(prompt, you=1).startswith("Game over: Ben won.")
    assert text(prompt, "fr", you=2).startswith("Partie terminée\u00a0: vous avez gagné\u202f!")
    assert "play again" in text(prompt)
    assert "rejouer" in text(prompt, "fr")


def test_several_winners_no_winner_and_a_team_each_say_so_with_the_games_reason():
    many = end_prompt({"winners": [1, 3], "standings": [{"seat": 1, "score": 3}]})
    assert text(many).startswith("Game over: Ana and Cléo won.")
    assert text(many, "fr").startswith("Partie terminée\u00a0: Ana et Cléo ont gagné.")
    nobody = end_prompt({"winners": [], "standings": [{"seat": 1, "score": 0}]})
    assert text(nobody).startswith("Game over: nobody won. No player met a winning condition.")
    reason = {"msg": "zc.end.won", "args": {}}
    team = end_prompt({"winners": [1, 2], "won": True, "reason": reason})
    assert text(team).startswith("Game over, the team won: every objective is done.")
    died = {"msg": "zc.end.died", "args": {"survivor": "Nadia"}}
    lost = end_prompt({"winners": [], "won": False, "reason": died})
    assert text(lost, "fr").startswith("Partie terminée, l’équipe a perdu\u00a0:")


@pytest.mark.parametrize("game_id", [g.id for g in catalog.games()])
def test_every_games_finished_state_prompts_the_end_not_nothing_to_do(game_id):
    game = catalog.game(game_id)
    low = max(game.players[0], 2)
    seed = hashlib.sha256(f"end-prompt/{game_id}".encode()).digest()
    state, _ = random_playout(
        game,
        content=catalog.content(game_id),
        seats=list(range(1, low + 1)),
        seed=seed,
        variant=next(iter(game.variants)),
    )
    result = game.result(state)
    prompt = game.prompt(state)
    assert prompt == end_prompt(result)
    assert prompt["msg"].startswith("engine.over.")
    for lang in ("en", "fr"):
        words = text(prompt, lang)
        assert "{" not in words and words.endswith("."), words
        for seat in result["winners"]:
            if "won" not in result:  # a team is not named seat by seat
                assert NAMES[seat] in words or len(result["winners"]) == 1, words
