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

from ..engine.messages import M
from .builtin import add_pack_folder, builtin_folder, has_pack

__all__ = [
    "add_pack_folder",
    "builtin_folder",
    "ContentError",
    "LoadedPack",
    "fingerprint",
    "has_pack",
    "folder_error",
    "folder_problems",
    "listed",
    "load_pack",
    "pack_dir",
    "pack_problems",
    "read_pack",
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
    without a pack); a :class:`ContentError` naming each file that does not read."""
    pack, unreadable = read_pack(game_id, content_dir)
    if unreadable:
        raise ContentError("\n".join(unreadable.values()))
    return pack


def read_pack(
    game_id: str, content_dir: str | os.PathLike | None = None
) -> tuple[LoadedPack, dict[str, str]]:
    """The files of the game's pack that read (``{stem: data}``), and a line for each one that
    does not, by its stem (``{"cards": "…/cards.toml: Expected ']' … (at line 1, column
    8)"}``): every broken file is named, not just the first."""
    folder = pack_dir(game_id, content_dir)
    pack, unreadable = LoadedPack(), {}
    if folder is None or not folder.is_dir():
        return pack, unreadable  # no pack: the rules print every component
    for path in sorted(folder.glob("*.toml")):
        try:
            pack[path.stem] = tomllib.loads(path.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as error:
            unreadable[path.stem] = f"{path}: {error}"
        except UnicodeDecodeError as error:
            unreadable[path.stem] = f"{path}: not UTF-8 text (byte {error.start})"
    return pack, unreadable


def folder_problems(game, content_dir: str | os.PathLike | None = None) -> tuple[dict, list]:
    """The game's pack as the server reads it (``content_dir``, ``TABLEAPP_CONTENT_DIR`` or
    the built-in one) and every problem with it, in English, one line each naming its TOML file
    and the field: the files that do not read, then the others' problems (a file that does not
    read is not also said to be missing)."""
    from ..texts.i18n import Renderer
    from .pack_faults import place

    pack, unreadable = read_pack(game.id, content_dir)
    problems = [
        line
        for line in pack_problems(game, pack)
        if (place(line, pack) or ("",))[0] not in unreadable
    ]
    return pack, [*unreadable.values(), *Renderer("en").localize(problems)]


def folder_error(game_id: str, lines: list[str], content_dir=None) -> ContentError:
    """The error a server's pack with ``lines`` (:func:`folder_problems`) stops it with: its
    folder, how many problems, then the first :data:`MOST_LISTED` of them one a line and how
    many more."""
    from ..texts.i18n import Renderer

    shown = Renderer("en").localize(listed(lines))
    folder = pack_dir(game_id, content_dir)
    count = f"{len(lines)} problem{'s' if len(lines) != 1 else ''}"
    return ContentError(
        f"content pack of {game_id} ({folder}): {count}\n" + "\n".join(f"  {x}" for x in shown)
    )


def pack_problems(game, pack) -> list:
    """Every problem with ``pack`` for ``game``, one message each naming the file, the card and
    the field: its shape first (:mod:`.schemas`: types, text and list bounds), then the game's
    own rules for content. Where the shape is wrong, the rules check the rest of the pack (they
    only ever see the declared types): their lines about a place a shape problem names are left
    out, the others say they were checked without the fields above (a skill whose id is too
    long is not in the skill list the survivors name)."""
    from .pack_faults import (
        as_json_problem,
        place,
        same_place,
        shape_errors,
        well_shaped_part,
        where_of,
    )

    sent = not isinstance(pack, LoadedPack) and isinstance(pack, dict)  # a JSON file
    shaped = shape_errors(game.id, pack)
    if not shaped:
        problems = game.validate_content(pack)
        return [as_json_problem(p, pack) for p in problems] if sent else problems
    problems = [as_json_problem(line, pack) if sent else line for _path, line in shaped]
    part = well_shaped_part(game.id, pack, [path for path, _line in shaped])
    if part is None:
        return problems
    broken = [where_of(path) for path, _line in shaped]
    for line in game.validate_content(part):
        where = place(line, pack)
        if where is None or not any(same_place(where, b) for b in broken):
            line = as_json_problem(line, pack) if sent else line
            problems.append(M("pack.on_the_rest", problem=line))
    return problems


#: How many of a pack's problems a refusal lists: the rest are counted on one more line.
MOST_LISTED = 20


def listed(problems: list, most: int = MOST_LISTED) -> list:
    """The first ``most`` problems, then "… and N more problems" when there are more."""
    if len(problems) <= most:
        return list(problems)
    return [*problems[:most], M("pack.more", count=len(problems) - most)]


def fingerprint(pack: dict) -> str:
    """A short hash naming exactly this pack's data (recorded with each table)."""
    return hashlib.sha256(json.dumps(pack, sort_keys=True).encode()).hexdigest()[:16]
