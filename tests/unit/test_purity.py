"""The engine and every game stay pure: no web framework, database, clock, global randomness
or I/O. Modules are found on disk, so games added later are checked without editing this file.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import pytest

import tableapp
from tableapp import catalog

PACKAGE_DIR = Path(tableapp.__file__).resolve().parent
ROOT = PACKAGE_DIR.parent
#: The engine, the built-in games, and every game package the catalogue found elsewhere (the
#: tests' example game)
PURE_PACKAGES = [
    "tableapp.engine",
    "tableapp.games",
    *(m.__name__ for m in catalog.modules() if not m.__name__.startswith("tableapp.")),
]

#: Top-level modules pure code must not import (``flask_*`` is matched by prefix).
FORBIDDEN_MODULES = {
    # asked for by the design
    "flask",
    "sqlalchemy",
    "marshmallow",
    "random",
    "time",
    "datetime",
    "os",
    "io",
    "socket",
    "requests",
    "threading",
    "secrets",
    "pathlib",
    "subprocess",
    # same reasons: I/O, processes, clocks or hidden randomness
    "builtins",
    "importlib",
    "uuid",
    "tempfile",
    "shutil",
    "urllib",
    "http",
    "multiprocessing",
    "asyncio",
    "sqlite3",
    "psycopg",
    "werkzeug",
}
FORBIDDEN_PREFIXES = ("flask_",)
#: Builtins pure code must not call.
FORBIDDEN_CALLS = {"open", "print", "input", "breakpoint", "__import__", "exec", "eval"}


@dataclass(frozen=True)
class Module:
    name: str  # dotted, e.g. tableapp.engine.rng
    path: Path

    @property
    def package(self) -> str:
        """The package relative imports start from."""
        if self.path.name == "__init__.py":
            return self.name
        return self.name.rpartition(".")[0]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def discover() -> list[Module]:
    found = []
    for dotted in PURE_PACKAGES:
        directory = ROOT.joinpath(*dotted.split("."))
        assert directory.is_dir(), f"{directory} is missing"
        for path in sorted(directory.rglob("*.py")):
            if "__pycache__" in path.parts:
                continue
            found.append(Module(module_name(path), path))
    return found


def resolve_relative(package: str, level: int, module: str | None) -> str:
    parts = package.split(".")
    if level - 1 > len(parts) - 1:
        raise ImportError(f"relative import beyond the top package from {package}")
    base = parts[: len(parts) - (level - 1)]
    return ".".join(base + ([module] if module else []))


def imported_names(tree: ast.AST, package: str) -> list[tuple[int, str]]:
    """Every module an ``import`` or ``from ... import`` may load, as (line, dotted name).

    ``from a import b`` yields both ``a`` and ``a.b`` (``b`` may be a submodule)."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = resolve_relative(package, node.level, node.module)
            else:
                base = node.module or ""
            out.append((node.lineno, base))
            out.extend(
                (node.lineno, f"{base}.{alias.name}") for alias in node.names if alias.name != "*"
            )
    return out


def is_forbidden(dotted: str) -> bool:
    top = dotted.split(".")[0]
    return top in FORBIDDEN_MODULES or top.startswith(FORBIDDEN_PREFIXES)


def is_impure_tableapp_module(dotted: str) -> bool:
    """Inside tableapp, pure code may only use the engine and the games (the web layer and the
    content loader import Flask, os and pathlib)."""
    parts = dotted.split(".")
    if parts[0] != "tableapp" or len(parts) == 1:
        return False
    return not any(dotted == p or dotted.startswith(p + ".") for p in PURE_PACKAGES)


def forbidden_calls(tree: ast.AST) -> list[tuple[int, str]]:
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            if node.func.id in FORBIDDEN_CALLS:
                out.append((node.lineno, node.func.id))
    return out


def problems(source: str, package: str, filename: str = "<test>") -> list[str]:
    tree = ast.parse(source, filename)
    found = []
    for line, name in imported_names(tree, package):
        if is_forbidden(name):
            found.append(f"{filename}:{line} imports {name}")
        elif is_impure_tableapp_module(name):
            found.append(f"{filename}:{line} imports {name} (outside the engine and the games)")
    for line, name in forbidden_calls(tree):
        found.append(f"{filename}:{line} calls {name}()")
    return found


MODULES = discover()


def test_discovery_finds_the_engine_and_every_game_module():
    names = {m.name for m in MODULES}
    for expected in ("errors", "game", "piles", "playout", "registry", "rng"):
        assert f"tableapp.engine.{expected}" in names
    assert "tableapp.engine" in names and "tableapp.games" in names
    on_disk = {p for p in (PACKAGE_DIR / "games").rglob("*.py") if "__pycache__" not in p.parts}
    assert on_disk == {m.path for m in MODULES if m.name.startswith("tableapp.games")}


@pytest.mark.parametrize("module", MODULES, ids=[m.name for m in MODULES])
def test_module_is_pure(module):
    source = module.path.read_text(encoding="utf-8")
    assert problems(source, module.package, str(module.path.relative_to(ROOT))) == []


# --- the checker itself catches what it should ---------------------------------------------


@pytest.mark.parametrize(
    "source",
    [
        "import random",
        "import random as r",
        "import os.path",
        "from os import path",
        "from os.path import join",
        "import time, json",
        "from datetime import datetime",
        "import flask",
        "from flask import Flask",
        "import flask_sqlalchemy",
        "from flask_smorest import Blueprint",
        "from sqlalchemy.orm import Session",
        "import marshmallow",
        "import io",
        "import socket",
        "import requests",
        "import threading",
        "from secrets import token_bytes",
        "from pathlib import Path",
        "import subprocess",
        "def f():\n    import random\n    return random.random()",
        "try:\n    import os\nexcept ImportError:\n    pass",
        "if False:\n    from time import monotonic",
        "open('x')",
        "print('hi')",
        "def f(x):\n    return [print(y) for y in x]",
        "__import__('os')",
        "from ... import tables",
        "from ...tables import new_seed",
        "from ...content import load_pack",
        "from tableapp import tables",
        "import tableapp.api",
    ],
)
def test_checker_catches(source):
    assert problems(source, "tableapp.games.some_game") != []


@pytest.mark.parametrize(
    "source",
    [
        "import hashlib, hmac, json, copy, math",
        "from collections import Counter",
        "from __future__ import annotations",
        "from ...engine import piles",
        "from ..some_game import rules",
        "from . import cards",
        "from .rules import apply",
        "from tableapp.engine.rng import Rng",
        "import tableapp.games.other",
        "import randomness_helpers",  # a name that only starts like a forbidden one
        "import timeline",
        "x.open('a')",  # a method that happens to be called open
        "def f(print_fn):\n    print_fn('a')",
    ],
)
def test_checker_allows(source):
    assert problems(source, "tableapp.games.some_game") == []


def test_relative_imports_are_resolved():
    tree = ast.parse("from .errors import RuleError\nfrom .. import tables\nfrom ...x import y")
    names = [name for _, name in imported_names(tree, "tableapp.games.zl")]
    assert names == [
        "tableapp.games.zl.errors",
        "tableapp.games.zl.errors.RuleError",
        "tableapp.games",
        "tableapp.games.tables",
        "tableapp.x",
        "tableapp.x.y",
    ]
    # in a package's __init__, "." is the package itself
    init = Module("tableapp.engine", PACKAGE_DIR / "engine" / "__init__.py")
    rng = Module("tableapp.engine.rng", PACKAGE_DIR / "engine" / "rng.py")
    assert init.package == rng.package == "tableapp.engine"
    assert resolve_relative(init.package, 2, "tables") == "tableapp.tables"
    assert is_impure_tableapp_module("tableapp.tables")
    assert not is_impure_tableapp_module("tableapp.engine.rng")
    assert is_impure_tableapp_module("tableapp.engines_fake")
