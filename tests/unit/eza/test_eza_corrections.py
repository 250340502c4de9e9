"""Corrections: the table is the truth (the engine's ``correct`` action; what the box holds is
conserved — rules/eat-zem-all.txt, "Components"; EZA-S1, S4, S9, H7, T9)."""

from __future__ import annotations

import pytest
from eza_support import GAME, act, deal, said, text

from tableapp.engine import HOST, RuleError


def groups(state: dict, seat: int = 1) -> dict[str, dict]:
    return {
        s["params"]["group"]["choices"][0]: s
        for s in GAME.legal_actions(state, seat)
        if s["type"] == "correct"
    }


def correct(state: dict, group: str, seat: int = 2, why: str = "miscount", **changes):
    spec = groups(state, seat)[group]["params"]
    if "value" in spec:
        params = {"group": group, "value": changes["value"], "why": why}
    else:
        current = {k: c["value"] for k, c in spec["counts"]["counts"].items()}
        changed = {f"{group}/{k}": v for k, v in changes.items()}
        assert set(changed) <= set(current), (changed, current)
        params = {"group": group, "counts": {**current, **changed}, "why": why}
    new, events = act(state, seat, "correct", **params)
    GAME.check_invariants(new)
    return new, events


def test_EZA_S4_bite_tokens_come_from_and_go_back_to_the_box():
    state = deal("house")
    kate = state["humans"]["kate"]
    assert (kate["tokens"], kate["box"]) == (10, 4)
    state, events = correct(state, "bites.kate", tile=8, **{"2": 1})
    kate = state["humans"]["kate"]
    assert (kate["tokens"], kate["box"], state["hordes"]["2"]["bites"]["kate"]) == (8, 5, 1)
    assert [e["correction"]["key"] for e in events] == ["bites.kate/tile", "bites.kate/2"]
    assert said(events[0]) == (
        "Seat 2 corrected Kate's Bite tokens on the tile: 10 → 8 (a miscount)."
    )
    counts = groups(state)["bites.kate"]["params"]["counts"]["counts"]
    tile = counts["bites.kate/tile"]
    assert tile["min"] == 1 and tile["max"] == 8 + 5  # alive: at least 1
    with pytest.raises(RuleError):
        correct(state, "bites.kate", tile=14)  # more than the box holds


def test_EZA_S9_zombies_move_between_the_reserve_and_the_board():
    state = deal("house")  # 3 Hordes: 4 on the board, 6 in reserve
    state, events = correct(state, "zombies.3", board=6, why="knocked")
    h = state["hordes"]["3"]
    assert (h["board"], h["reserve"]) == (6, 4) and len(events) == 1
    state, _ = correct(state, "zombies.3", reserve=10)
    assert (state["hordes"]["3"]["board"], state["hordes"]["3"]["reserve"]) == (0, 10)
    state, _ = correct(state, "zombies.1", crawling=2)
    assert state["hordes"]["1"]["crawling"] == 2
    counts = groups(state)["zombies.1"]["params"]["counts"]["counts"]
    assert counts["zombies.1/crawling"]["max"] == state["hordes"]["1"]["board"]


def test_EZA_S1_defense_cubes_and_tombstones_are_conserved():
    state = deal("house")
    box = state["defense_box"]
    state, _ = correct(state, "defenses.outside", **{"front-door": 1})
    assert state["defenses"]["front-door"] == 1 and state["defense_box"] == box + 2
    inside = groups(state)["defenses.inside"]["params"]["counts"]["counts"]
    assert inside["defenses.inside/door-living-bedroom"]["max"] == 2  # Kate's limit
    cemetery = deal("cemetery")
    t = dict(cemetery["tombstones"])
    cemetery, _ = correct(cemetery, "tombstones", on_board=t["on_board"] + 2)
    assert cemetery["tombstones"] == {"on_board": t["on_board"] + 2, "box": t["box"] - 2}


def test_EZA_H7_a_humans_cell_is_picked_by_name_and_a_full_cell_refused():
    state = deal("house")
    spec = groups(state)["cell.kate"]["params"]["value"]
    assert spec["value"] == "living:3" and "kitchen:3" in spec["choices"]
    assert said(spec["labels"][spec["choices"].index("kitchen:3")]) == "Kitchen 3"
    state, events = correct(state, "cell.kate", value="kitchen:3", why="knocked")
    assert state["humans"]["kate"]["cell"] == "kitchen:3"
    assert said(events[0]) == (
        "Seat 2 corrected Kate's cell: Living room 3 → Kitchen 3 (a piece was knocked over)."
    )
    for hid in ("harry", "nina", "odile", "eve"):
        state["humans"][hid]["cell"] = "kitchen:1"
    with pytest.raises(RuleError) as caught:
        correct(state, "cell.gabriel", value="kitchen:1")
    assert caught.value.rule == "EZA-H7"


def test_EZA_H15_odile_may_be_put_beside_the_path():
    state = deal("cemetery")
    assert "C1" in groups(state)["cell.odile"]["params"]["value"]["choices"]
    assert "C1" not in groups(state)["cell.kate"]["params"]["value"]["choices"]
    state, _ = correct(state, "cell.odile", value="C1")
    assert state["humans"]["odile"]["off_path"]


def test_EZA_T9_mutations_held_are_discarded_or_taken_from_the_pile():
    state = deal("house")
    held = list(state["mutation_cards"]["held:2"])
    state, events = correct(state, "mutations.2", gain=1, why="card")
    assert len(state["mutation_cards"]["held:2"]) == 2 and "takes" in text(events)
    state, _ = correct(state, "mutations.2", **{held[0]: 0})
    assert held[0] in state["mutation_cards"]["discard"]
    counts = groups(state)["mutations.2"]["params"]["counts"]["counts"]
    assert counts["mutations.2/gain"]["max"] == 1


def test_EZA_T11_frightened_humans_and_the_host_corrects_too():
    state = deal("house")
    assert "frightened" in groups(state, HOST)
    state, _ = correct(state, "frightened", seat=HOST, kate=1)
    assert state["humans"]["kate"]["frightened"]
    with pytest.raises(RuleError) as caught:
        correct(state, "frightened", kate=1)  # nothing changed
    assert caught.value.code == "nothing_corrected"


def test_every_correctable_count_has_its_own_key_across_groups():
    state = deal("house")
    keys = [
        k
        for spec in groups(state).values()
        for k in spec["params"].get("counts", {}).get("counts", {})
    ]
    assert len(keys) == len(set(keys))  # a stepper is named from its key alone


def test_corrections_are_small_groups_with_labels():
    state = deal("house", seats=(1, 2, 3, 4))
    for group, spec in groups(state).items():
        params = spec["params"]
        assert said(spec["label"]).startswith("Correct: "), group
        if "counts" in params:
            keys = params["counts"]["counts"]
            assert len(keys) <= 8, group
            assert all(said(k["label"]) for k in keys.values())


def _module_sizes() -> dict[str, int]:
    """The size of every container held at module level by the game's code."""
    import importlib
    import pkgutil

    import tableapp.games.eat_zem_all as package

    sizes = {}
    for info in pkgutil.iter_modules(package.__path__):
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        for attr, value in vars(module).items():
            if isinstance(value, dict | list | set | bytearray):
                sizes[f"{info.name}.{attr}"] = len(value)
    return sizes


def test_views_and_corrections_grow_nothing_at_module_level():
    """No module global is filled per request (a cache keyed by a board's id kept every board
    alive): games with their own copies of the board, viewed again and again, leave every
    module-level container as it was."""
    deal("cemetery")  # imports and any lazy setup done
    before = _module_sizes()
    for side in ("house", "cemetery", "cemetery"):
        state = deal(side, keep=False)  # a fresh copy of the pack's board
        for seat in (HOST, 1, 2, 3):
            GAME.legal_actions(state, seat)
            GAME.view(state, seat)
    assert _module_sizes() == before
