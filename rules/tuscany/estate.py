"""Estate geometry (reference §2.9): three region boards side by side, turned and shifted.

A board is 2 columns × 5 rows of flat-topped hexes (``L1``…``R5``; the right column half a hex
lower). In the estate, position 1 fills columns a–b, position 2 c–d, position 3 e–f; a board
with shift k puts its row r on estate row r + k. Areas are connected same-colour spaces of one
board (Q20): they never cross a join, but neighbours do. Everything here is a pure function of
the data version and the assembly, cached because every legality check needs it.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from functools import lru_cache

from rules.tuscany.data import MAX_SHIFT, data

COLS = "abcdef"
ROWS = 5

Placement = tuple[str, bool, int]
"""One board in the estate: (board id, turned 180°, shift down in rows)."""


@dataclass(frozen=True)
class Layout:
    """The spaces of one assembled estate."""

    colour: dict[str, str]
    """Space name → colour letter."""
    area: dict[str, tuple[int, int]]
    """Space name → (board position, area index on that board)."""
    areas: dict[tuple[int, int], tuple[str, ...]]
    """Area → its spaces."""
    by_colour: dict[str, tuple[str, ...]]
    """Colour → every space of that colour."""
    neighbours: dict[str, tuple[str, ...]]
    """Space name → adjacent spaces that exist."""


def zig(side: int, row: int) -> int:
    """Zigzag index of printed space (side 0 = L, 1 = R; row 1–5): L1 R1 L2 R2 … = 0, 1, 2, 3 …"""
    return 2 * (row - 1) + side


@lru_cache(maxsize=64)
def board_areas(pattern: str) -> tuple[int, ...]:
    """Area index of each printed space (zigzag order): components of equal colour whose zigzag
    indices differ by 1 or 2, which is exactly hex adjacency on a board."""
    area = [-1] * len(pattern)
    count = 0
    for start in range(len(pattern)):
        if area[start] >= 0:
            continue
        area[start] = count
        todo = [start]
        while todo:
            z = todo.pop()
            for other in (z - 2, z - 1, z + 1, z + 2):
                if 0 <= other < len(pattern) and area[other] < 0 and pattern[other] == pattern[z]:
                    area[other] = count
                    todo.append(other)
        count += 1
    return tuple(area)


def space_name(col: int, row: int) -> str:
    return f"{COLS[col]}{row}"


def parse_space(text: str) -> tuple[int, int] | None:
    """``"d2"`` → (3, 2); None if it is not a space name at all."""
    m = re.fullmatch(r"([a-f])([1-7])", text.strip().lower())
    if not m:
        return None
    return COLS.index(m.group(1)), int(m.group(2))


def _adjacent(col: int, row: int) -> list[tuple[int, int]]:
    """§2.9 adjacency: even columns (a, c, e) sit half a hex higher than odd ones."""
    if col % 2 == 0:
        cand = [
            (col, row - 1),
            (col, row + 1),
            (col - 1, row - 1),
            (col - 1, row),
            (col + 1, row - 1),
            (col + 1, row),
        ]
    else:
        cand = [
            (col, row - 1),
            (col, row + 1),
            (col - 1, row),
            (col - 1, row + 1),
            (col + 1, row),
            (col + 1, row + 1),
        ]
    return cand


@lru_cache(maxsize=4096)
def layout(version: str, estate: tuple[Placement, ...]) -> Layout:
    """The spaces, colours, areas and neighbours of an assembled estate."""
    boards = data(version).boards
    colour: dict[str, str] = {}
    area: dict[str, tuple[int, int]] = {}
    cells: set[tuple[int, int]] = set()
    for pos, (board, turned, shift) in enumerate(estate):
        pattern = boards[board]
        areas = board_areas(pattern)
        for side in (0, 1):
            for row in range(1, ROWS + 1):
                p_side, p_row = (1 - side, ROWS + 1 - row) if turned else (side, row)
                z = zig(p_side, p_row)
                col, erow = 2 * pos + side, row + shift
                name = space_name(col, erow)
                colour[name] = pattern[z]
                area[name] = (pos, areas[z])
                cells.add((col, erow))
    areas_out: dict[tuple[int, int], list[str]] = {}
    by_colour: dict[str, list[str]] = {}
    for name in sorted(colour, key=_order):
        areas_out.setdefault(area[name], []).append(name)
        by_colour.setdefault(colour[name], []).append(name)
    neighbours: dict[str, tuple[str, ...]] = {}
    for col, row in cells:
        near = [space_name(c, r) for c, r in _adjacent(col, row) if (c, r) in cells]
        neighbours[space_name(col, row)] = tuple(sorted(near, key=_order))
    return Layout(
        colour=colour,
        area=area,
        areas={k: tuple(v) for k, v in areas_out.items()},
        by_colour={k: tuple(v) for k, v in by_colour.items()},
        neighbours=neighbours,
    )


def _order(name: str) -> tuple[int, int]:
    return COLS.index(name[0]), int(name[1:])


def fixed_estate(boards: list[str]) -> tuple[Placement, ...]:
    """``estate: fixed``: A | B | C, none turned, no shifts."""
    return tuple((b, False, 0) for b in sorted(boards))


def shifts_ok(shifts: tuple[int, ...]) -> bool:
    """At least one board unshifted and neighbours differ by at most one row (§2.9)."""
    if min(shifts) != 0 or max(shifts) > MAX_SHIFT:
        return False
    return all(abs(a - b) <= 1 for a, b in itertools.pairwise(shifts))


SHIFT_TRIPLES: tuple[tuple[int, ...], ...] = tuple(
    s for s in itertools.product(range(MAX_SHIFT + 1), repeat=3) if shifts_ok(s)
)


def board_word(board: str, turned: bool, shift: int) -> str:
    """``B1r+1``: the notation of one board in ``assemble``."""
    return board + ("r" if turned else "") + (f"+{shift}" if shift else "")


def parse_board_word(word: str) -> Placement | None:
    m = re.fullmatch(r"([abcABC][1-9])([rR]?)(?:\+([0-9]))?", word.strip())
    if not m:
        return None
    return m.group(1).upper(), bool(m.group(2)), int(m.group(3) or 0)


def assemble_moves(boards: list[str]) -> list[str]:
    """Every legal ``assemble`` command for the dealt boards (order × turns × shifts)."""
    out: list[str] = []
    for order in itertools.permutations(sorted(boards)):
        for turns in itertools.product((False, True), repeat=3):
            for shifts in SHIFT_TRIPLES:
                words = [board_word(b, t, k) for b, t, k in zip(order, turns, shifts, strict=True)]
                out.append("assemble " + " ".join(words))
    return out
