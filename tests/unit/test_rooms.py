"""The package's rooms (issue 28) and what each may import: every import points down the
table in docs/architecture.md, none up or sideways. Read from the source, imports inside
functions included; a room's own modules import each other freely."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "tableapp"

#: Each room (a package, or a module at the top) and the rooms it may import. Keep this and
#: docs/architecture.md's table the same.
MAY_IMPORT: dict[str, set[str]] = {
    "engine": set(),
    "games": {"engine"},
    "codec": set(),
    "texts": {"engine"},
    "live": {"codec"},
    "database": {"codec", "engine"},
    "content": {"engine", "games", "texts"},
    "catalog": {"content", "engine", "texts"},
    "problems": {"engine", "texts"},
    "auth": {"engine", "texts", "problems"},
    "tables": {
        "auth", "catalog", "codec", "content", "database", "engine", "live", "problems", "texts",
    },
    "verify": {"catalog", "engine", "tables"},
    "api": {
        "auth", "catalog", "codec", "content", "database", "engine", "live", "problems",
        "tables", "texts",
    },
    "server": {"codec", "database", "engine", "live", "problems", "texts"},
    "config": set(),
    # the top: the app factory, the command
    "__init__": {"api", "catalog", "config", "database", "live", "server", "texts"},
    "cli": {
        "__init__", "catalog", "config", "content", "database", "engine", "server", "tables",
        "texts", "verify",
    },
}  # fmt: skip
#: Rooms at the top are these and nothing else: a new loose module needs a room.
TOP = {"__init__", "auth", "catalog", "cli", "codec", "config", "problems"}


def room_of(module: str) -> str:
    parts = module.split(".")
    return "__init__" if len(parts) == 1 else parts[1]


def imports(path: Path):
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            if module == "tableapp":  # a module of the top, or a name of its __init__
                for a in node.names:
                    whole = (PACKAGE / a.name).is_dir() or (PACKAGE / f"{a.name}.py").is_file()
                    yield f"tableapp.{a.name}" if whole else "tableapp"
            else:
                yield module


def sources():
    for path in sorted(PACKAGE.rglob("*.py")):
        if not {"_pwa", "_migrations"} & set(path.parts):
            yield path


def test_every_import_points_down_the_rooms():
    wrong = []
    for path in sources():
        parts = path.relative_to(PACKAGE).with_suffix("").parts
        mine = parts[0] if len(parts) > 1 else parts[0]
        for module in imports(path):
            if module != "tableapp" and not module.startswith("tableapp."):
                continue
            theirs = room_of(module)
            if module == "tableapp":
                theirs = "__init__"
            if theirs != mine and theirs not in MAY_IMPORT[mine]:
                wrong.append(f"{path.relative_to(ROOT)} ({mine}) imports {module} ({theirs})")
    assert not wrong, "\n".join(wrong)


def test_the_top_holds_only_its_rooms():
    loose = {p.stem for p in PACKAGE.glob("*.py")}
    assert loose == TOP, loose ^ TOP
    rooms = {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").is_file()}
    assert rooms | TOP == set(MAY_IMPORT), (rooms | TOP) ^ set(MAY_IMPORT)


def test_no_two_modules_share_a_name_across_rooms():
    """``events.py`` beside ``api/events.py`` was the notifier and the stream route: a name
    says one thing (``__init__``, and each game's own modules, which follow their rulebooks'
    chapters, aside)."""
    seen: dict[str, list[str]] = {}
    for path in sources():
        if path.name == "__init__.py" or "games" in path.relative_to(PACKAGE).parts:
            continue
        seen.setdefault(path.stem, []).append(str(path.relative_to(PACKAGE)))
    twice = {name: paths for name, paths in seen.items() if len(paths) > 1}
    assert not twice, twice


def test_no_room_reaches_into_another_rooms_private_parts():
    """A name with a leading underscore is its room's own: another room imports only what a
    room offers."""
    reached = []
    for path in sources():
        parts = path.relative_to(PACKAGE).with_suffix("").parts
        mine = parts[0]
        package = ".".join(("tableapp", *parts[:-1]))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ImportFrom):
                continue
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            if not module.startswith("tableapp") or room_of(module) == mine:
                continue
            for alias in node.names:
                if alias.name.startswith("_"):
                    reached.append(f"{path.relative_to(ROOT)}: {module}.{alias.name}")
    assert not reached, reached
