"""No import cycle anywhere in the package, a game's modules included (those of a game package
the catalogue finds outside it too: the tests' example game): every ``import`` and ``from …
import`` is read from the source (those inside functions too, where a cycle hides), and the
modules that import each other, directly or around a loop, are named."""

from __future__ import annotations

import ast
from pathlib import Path

from tableapp import catalog

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "tableapp"
#: The game packages the catalogue found outside the package (``tests/fixtures/games/…``)
OUTSIDE = [catalog.folder(m) for m in catalog.modules() if not m.__name__.startswith("tableapp.")]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def is_module(name: str) -> bool:
    where = ROOT.joinpath(*name.split("."))
    return where.with_suffix(".py").is_file() or (where / "__init__.py").is_file()


def imported(path: Path) -> set[str]:
    """The modules ``path`` imports: ``from . import feast`` is the module ``feast``, ``from
    .state import State`` the module ``state`` (its package is already loading); those outside
    the walked ones are dropped by :func:`graph`."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join([*base, *([node.module] if node.module else [])])
            else:
                target = node.module or ""
            for alias in node.names:
                inner = f"{target}.{alias.name}"
                out.add(inner if is_module(inner) else target)
    out.discard(name)
    return out


def graph() -> dict[str, set[str]]:
    """``{module: the walked modules it imports}`` for the package and the games outside it."""
    files = [*PACKAGE.rglob("*.py"), *(p for folder in OUTSIDE for p in folder.rglob("*.py"))]
    modules = {module_name(p): p for p in files}
    return {name: imported(path) & modules.keys() for name, path in modules.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def test_the_walker_sees_a_cycle_even_inside_a_function():
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(edges) == [["a", "b", "c"]]
    assert "tableapp.games.eat_zem_all.state" in graph()["tableapp.games.eat_zem_all.feast"]


def test_the_walk_takes_in_the_games_outside_the_package():
    # the example game's modules, their imports of each other and of the package's
    edges = graph()
    assert OUTSIDE, "no game package outside tableapp to walk"
    for folder in OUTSIDE:
        package = module_name(folder / "__init__.py")
        own = {n for n in edges if n == package or n.startswith(package + ".")}
        assert len(own) == len(list(folder.rglob("*.py")))
        among = {w for v in own for w in edges[v] if w in own}
        assert among and any(w.startswith("tableapp.") for v in own for w in edges[v])


def test_no_module_of_the_package_imports_itself_around_a_loop():
    edges = graph()
    assert len(edges) > 50 and any(n.startswith("tableapp.games.") for n in edges)
    assert cycles(edges) == []
