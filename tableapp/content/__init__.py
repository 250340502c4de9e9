"""Content packs: card lists, token mixes and board data, as TOML, validated at load.

A pack is a folder of ``*.toml`` files; the loaded pack is ``{file stem: data}``. A built-in
pack is the ``content/`` folder of its game's package (``tableapp/games/<package>/content/``,
see :mod:`.builtin`). A game whose rules print every component has no folder, hence no pack:
its content is ``{}`` (and a pack sent for it may hold no file: :func:`has_pack`).
Packs ship inside the package; ``TABLEAPP_CONTENT_DIR`` points at a folder holding corrected
copies (``<dir>/<game-id>/*.toml``), which replace the built-in pack of that game whole.

A host may also send a pack of their own box as one JSON file (the same ``{stem: data}``): its
problems then name that file and the path inside it (``pack file (JSON) › cards › cards ›
“Brute” › value``), never a ``.toml`` file it does not have, and a card by its name rather
than its place in a list (:func:`pack_problems`).
"""

from __future__ import annotations

import hashlib
import json
import os
import tomllib
from pathlib import Path

from .builtin import add_pack_folder, builtin_folder, has_pack

__all__ = [
    "add_pack_folder",
    "builtin_folder",
    "ContentError",
    "LoadedPack",
    "fingerprint",
    "has_pack",
    "load_pack",
    "pack_dir",
    "pack_problems",
]


class LoadedPack(dict):
    """A pack read from its TOML files (:func:`load_pack`): its problems name those files.
    A plain ``dict`` is a pack sent as JSON."""


class ContentError(ValueError):
    """A pack that does not load: names the file and the field."""


def pack_dir(game_id: str, content_dir: str | os.PathLike | None = None) -> Path | None:
    """The folder the game's pack is read from: its copy in ``content_dir`` (or
    ``TABLEAPP_CONTENT_DIR``) if there is one, else the built-in one (``None``: no pack)."""
    override = content_dir or os.environ.get("TABLEAPP_CONTENT_DIR")
    if override and (Path(override) / game_id).is_dir():
        return Path(override) / game_id
    return builtin_folder(game_id)


def load_pack(game_id: str, content_dir: str | os.PathLike | None = None) -> dict:
    """Read every TOML file of the game's pack into ``{stem: data}`` (``{}`` for a game
    without a pack)."""
    folder = pack_dir(game_id, content_dir)
    pack = LoadedPack()
    if folder is None or not folder.is_dir():
        return pack  # no pack: the rules print every component
    for path in sorted(folder.glob("*.toml")):
        try:
            pack[path.stem] = tomllib.loads(path.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as error:
            raise ContentError(f"{path}: {error}") from None
    return pack


def pack_problems(game, pack) -> list:
    """Every problem with ``pack`` for ``game``, one message each naming the file, the card and
    the field: its shape first (:mod:`.schemas`: types, text and list bounds), then — for a
    pack of the right shape only — the game's own rules for content."""
    from .schemas import as_json_problem, shape_problems

    problems = shape_problems(game.id, pack) or game.validate_content(pack)
    if isinstance(pack, LoadedPack) or not isinstance(pack, dict):
        return problems
    return [as_json_problem(p, pack) for p in problems]


def fingerprint(pack: dict) -> str:
    """A short hash naming exactly this pack's data (recorded with each table)."""
    return hashlib.sha256(json.dumps(pack, sort_keys=True).encode()).hexdigest()[:16]
