"""Every game's built-in pack, each path (every leaf and every container) replaced by a wrong
type (null, {}, [], 1, "x", true), posted to open a table: the answer is a table (201) or a
422 ``bad_pack`` — never a 500. A value of the wrong type is a line naming the file and the
field; one of the right type may break a rule elsewhere (a box of 1 Bite token cannot supply
the Humans), and the lines say where.

Each path is posted with one of the wrong values, the next path with the next one, so every
wrong type reaches every kind of field through HTTP; every path with *every* wrong value is
checked against the format without HTTP (``tests/unit/test_pack_schema.py``)."""

from __future__ import annotations

import re

import pytest

from tableapp import catalog
from tableapp.content import has_pack
from tests.packsweep import mutations, paths, value_at

#: The games with a built-in pack to break (a game whose rules print every component has none)
GAME_IDS = sorted(game.id for game in catalog.games() if has_pack(game.id))


def _one_per_path(every):
    """Of the mutations of each path, the one in turn (the path's index, modulo how many)."""
    by_path: dict[tuple, list] = {}
    for mutation in every:
        by_path.setdefault(mutation[0], []).append(mutation)
    for index, options in enumerate(by_path.values()):
        yield options[index % len(options)]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_wrong_type_anywhere_in_a_pack_is_a_bad_pack_line(client, game_id):
    failures, posted = [], 0
    builtin = catalog.content(game_id)
    for path, wrong, pack in _one_per_path(mutations(builtin)):
        posted += 1
        response = client.post("/api/tables", json={"game": game_id, "pack": pack})
        body = response.get_json(silent=True) or {}
        if response.status_code == 201:
            continue
        lines = (body.get("errors") or {}).get("pack") or []
        # A pack sent as JSON: its lines name that file and the path in it (no .toml file).
        file = f"pack file (JSON) › {path[0]}"
        field = path[-1] if isinstance(path[-1], str) else file
        readable = [
            line for line in lines if line.startswith("pack file (JSON) › ") and "{" not in line
        ]
        assert not [line for line in lines if re.match(r"\S+\.toml:", line)], lines
        if type(wrong) is type(value_at(builtin, path)):
            named = readable
        else:
            named = [line for line in readable if file in line and field in line]
        if response.status_code != 422 or body.get("code") != "bad_pack" or not named:
            failures.append((".".join(map(str, path)), wrong, response.status_code, lines[:2]))
    assert posted == len(list(paths(builtin))) > 0  # every path, once
    assert not failures, f"{len(failures)} of {posted}: {failures[:10]}"
