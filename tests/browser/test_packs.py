"""Your own box's cards from the home screen: the built-in pack downloads as a file, a pack
file loaded when opening a table plays with its names (the table screen says "custom"), and
a broken one is refused with each problem shown."""

from __future__ import annotations

import copy
import json

import pytest

from tableapp import catalog

pytestmark = pytest.mark.browser


def test_a_pack_file_loaded_at_the_table_plays_and_a_broken_one_says_why(devices, tmp_path, shots):
    laptop = devices.laptop("packs")
    laptop.goto("/")
    laptop.wait_for_selector("#new-table")
    laptop.select_option("#game", "zombie-life")
    href = laptop.get_attribute("#new-table a[download]", "href")
    assert href == "/api/games/zombie-life/pack"
    assert laptop.request.get(href).json() == catalog.content("zombie-life")

    broken = copy.deepcopy(catalog.content("zombie-life"))
    broken["cards"]["cards"][0]["copies"] = 99
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(broken))
    laptop.set_input_files("#pack", str(path))
    laptop.click("#new-table button[type=submit]")
    laptop.wait_for_selector("#pack-problems:not([hidden]) li")
    problems = laptop.text_content("#pack-problems")
    # A JSON upload is told its place in that file and the card by its name (issue 17 k).
    assert "pack file (JSON) › cards › cards › “Crawling Hand 1” › copies" in problems
    assert "must be a whole number from 1 to 26" in problems and ".toml" not in problems
    shots(laptop, "home-pack-refused")

    mine = copy.deepcopy(catalog.content("zombie-life"))
    for card in mine["cards"]["cards"]:
        card["name"] = f"Box {card['name']}"
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(mine))
    laptop.set_input_files("#pack", str(path))
    laptop.click("#new-table button[type=submit]")
    laptop.wait_for_selector("main#app[data-screen='table'] .custom-pack")
    shots(laptop, "table-custom-pack")
