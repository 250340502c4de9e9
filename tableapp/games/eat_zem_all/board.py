"""The two board sides as the app knows them (the Eat Zem All rulebook, "Board Legends",
"Board Details", "Human Card Effects"; EZA-H7..H10, EZA-H15, EZA-E2).

House cells are ``room:number`` (numbers loop per room, EZA-H8). Cemetery path cells have ids
and sit on a grid of squares (columns A…, rows 1…) so that Odile's way to the car off the path
can be computed (EZA-H15): a square off the path is named by its square (``C1``).
"""

from __future__ import annotations

import string

from ...engine import M
from ...engine.messages import pack_names
from .effects import split_cell
from .state import State, human, in_play

COLUMNS = string.ascii_uppercase


def cell_name(state: State, cell: str) -> dict:
    """A cell as players find it on the board."""
    board = state["content"]["board"]
    if state["side"] == "house":
        room, number = split_cell(cell)
        return M("eza.cell.house", room=pack_names(board["rooms"][room]), number=number)
    if cell in board["cells"]:
        return pack_names(board["cells"][cell])
    return M("eza.cell.square", square=cell)


def humans_on(state: State, cell: str, exclude: str | None = None) -> int:
    """Humans in play on ``cell``."""
    return sum(1 for h in in_play(state) if h != exclude and human(state, h)["cell"] == cell)


# --- House -------------------------------------------------------------------------------------


def wrap_cell(cell: int, delta: int, cells: int) -> int:
    """EZA-H8: add ``delta`` and loop over the room's numbering 1..cells."""
    return (cell - 1 + delta) % cells + 1


def exit_cells(state: State) -> set[str]:
    """House cells next to a door or window leading outside (Gabriel's way out, EZA-H15)."""
    openings = state["content"]["board"]["openings"].values()
    return {c for o in openings if o["exit"] for c in o["cells"]}


# --- Cemetery squares (Odile off the path, EZA-H15) --------------------------------------------


def square_of(state: State, cell: str) -> str:
    cells = state["content"]["board"]["cells"]
    return cells[cell]["square"] if cell in cells else cell


def cell_at(state: State, square: str) -> str:
    """The path cell on ``square``, else the square itself."""
    return state["content"]["board"]["squares"].get(square, square)


def _xy(square: str) -> tuple[int, int]:
    return COLUMNS.index(square[0]), int(square[1:])


def _square(x: int, y: int) -> str:
    return f"{COLUMNS[x]}{y}"


def neighbours(state: State, square: str) -> list[str]:
    """The orthogonal neighbours of ``square`` on the board."""
    board = state["content"]["board"]
    x, y = _xy(square)
    out = []
    for dx, dy in ((-1, 0), (0, -1), (0, 1), (1, 0)):
        nx, ny = x + dx, y + dy
        if 0 <= nx < board["columns"] and 1 <= ny <= board["rows"]:
            out.append(_square(nx, ny))
    return out


def to_car(state: State, square: str) -> int:
    """Orthogonal steps from ``square`` to the nearest Car cell."""
    x, y = _xy(square)
    cars = [_xy(square_of(state, c)) for c in state["content"]["board"]["cars"]]
    return min(abs(x - cx) + abs(y - cy) for cx, cy in cars)


def direction(state: State, start: str, end: str) -> dict:
    (x0, y0), (x1, y1) = _xy(start), _xy(end)
    if x1 < x0:
        return M("eza.dir.left")
    if x1 > x0:
        return M("eza.dir.right")
    return M("eza.dir.up") if y1 < y0 else M("eza.dir.down")
