"""Static component data of The Castles of Burgundy (reference ``shared/rules/burgundy.md`` §2, §6, §7).

Everything the rules look up but never change lives here, one table per fact, so a corrected
component count or board cell is a one-line edit. Geometry (adjacency, regions, layout
coordinates) is derived from the board strings once at import time.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import sqrt

COLOURS: tuple[str, ...] = ("C", "A", "S", "M", "B", "K")
"""Estate colours: castle, animal (pasture), ship (river), mine, building (city), knowledge."""

PHASES: tuple[str, ...] = ("A", "B", "C", "D", "E")
ROUNDS_PER_PHASE = 5

# ---- estate boards (§2.5): seven rows of 4, 5, 6, 7, 6, 5, 4 space codes --------------------------
ROW_LENGTHS: tuple[int, ...] = (4, 5, 6, 7, 6, 5, 4)

BOARD_ROWS: dict[str, tuple[str, ...]] = {
    "1": ("A6 C5 C4 K3", "A2 A1 C6 K5 B4", "A5 A4 B3 K1 B2 B3", "S6 S1 S2 C6 S5 S4 S1",
          "B2 B5 M4 B3 B1 A2", "B6 M1 K2 B5 B6", "M3 K4 K1 B3"),
    "2011-2": ("S6 B5 A4 C3", "A2 S1 B6 A5 B4", "A5 A4 A3 B1 K2 B3", "B6 B1 B2 B6 B5 K4 C1",
               "K2 K5 M4 K3 M1 S2", "B6 B1 M2 K5 S6", "C3 S4 S1 C3"),
    "3": ("A6 A5 A4 A3", "S2 S1 C6 S5 S4", "B5 M4 K3 K1 S2 B3", "B6 B1 K2 C6 K5 B4 B1",
          "B2 B5 K4 K3 B1 B2", "C6 A1 M2 M5 C6", "B3 A4 S1 B3"),
    "4": ("C6 A5 B4 S3", "A2 A1 B6 S5 S4", "B5 B4 B3 S1 C2 M3", "A6 A1 A2 K6 K5 M4 S1",
          "B2 C5 K4 B3 B1 B2", "B6 M1 B2 K5 K6", "S3 B4 K1 C3"),
    "5": ("A6 B5 B4 S3", "A2 A1 B6 M5 M4", "B5 C4 K3 S1 S2 S3", "B6 B1 A2 K6 C5 B4 B1",
          "K2 C5 A4 K3 S1 B2", "B6 A1 B2 C5 S6", "K3 K4 B1 M3"),
    "6": ("K6 K5 C4 S3", "K2 B1 B6 S5 B4", "A5 A4 M3 S1 B2 B3", "K6 B1 B2 C6 S5 B4 B1",
          "K2 B5 B4 M3 S1 B2", "K6 M1 A2 A5 S6", "C3 A4 A1 C3"),
    "7": ("K6 C5 C4 S3", "K2 A1 A6 A5 S4", "S5 M4 B3 B1 M2 A3", "S6 K1 B2 B6 B5 A4 B1",
          "B2 K5 B4 B3 A1 B2", "B6 S1 M2 K5 B6", "S3 C4 C1 K3"),
    "8": ("B6 B5 S4 B3", "S2 C1 K6 C5 B4", "B5 K4 M3 K1 K2 S3", "B6 A1 K2 M6 A5 K4 B1",
          "S2 A5 A4 A3 M1 B2", "B6 C1 A2 C5 S6", "B3 S4 B1 B3"),
    "9": ("B6 B5 C4 K3", "B2 B1 A6 A5 S4", "B5 B4 A3 A1 S2 S3", "C6 K1 K2 M6 S5 C4 K1",
          "S2 S5 K4 M3 B1 A2", "K6 B1 B2 B5 A6", "M3 C4 B1 B3"),
    "2019-2": ("K6 K5 K4 C3", "B2 B1 S6 A5 M4", "M5 B4 B3 S1 A2 S3", "C6 B1 S2 C6 K5 B4 S1",
               "K2 S5 B4 A3 K1 B2", "B6 B1 A2 B5 M6", "A3 A4 B1 C3"),
}
"""Board data keyed by a stable id; ``EDITION_BOARDS`` maps the printed numbers of each edition."""

EDITION_BOARDS: dict[str, dict[int, str]] = {
    "2011": {1: "1", 2: "2011-2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9"},
    "2019": {1: "1", 2: "2019-2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "2011-2"},
}
MULTI_COPY_BOARDS: dict[str, tuple[int, ...]] = {"2011": (1,), "2019": (1, 2)}
"""Printed boards the box holds four times (``boards: choose`` lets up to 4 players take them)."""

BASIC_START_SPACE = 18
SOLO_BOARD = "solo-A"

# ---- solo board side A (§2.7): four islands; river links join islands for placement only -----------
SOLO_ISLANDS: tuple[tuple[str, tuple[int, ...], tuple[tuple[int, ...], ...], tuple[float, float]], ...] = (
    # name, row offsets (axial q = column + offset), rows of space indices, layout origin (x, y)
    ("NE", (0, 0, 0), ((0, 1, 2, 3), (4, 5, 6, 7), (8, 9, 10)), (5.0, 0.0)),
    ("SE", (0, -1, -1), ((11, 12, 13, 14), (15, 16, 17, 18, 19), (20, 21, 22, 23)), (4.5, 4.0)),
    ("NW", (0, -1, -1), ((24, 25), (26, 27, 28), (29, 30)), (1.0, 0.5)),
    ("SW", (0, -1, -2), ((31, 32), (33, 34), (35, 36)), (1.0, 4.0)),
)
SOLO_ROWS: tuple[str, ...] = (
    "S6 M5 B6 B2 B4 A2 C4 K3 B6 S3 B1",  # NE 0-10
    "K5 K3 K5 A1 S1 B2 C4 A6 S1 B6 M5 B1 A2",  # SE 11-23
    "A6 B4 C2 K3 C2 M5 S1",  # NW 24-30
    "B2 S4 B5 B4 A1 K3",  # SW 31-36
)
SOLO_CODES: tuple[str, ...] = tuple(" ".join(SOLO_ROWS).split())
SOLO_RIVER_LINKS: tuple[tuple[int, int], ...] = ((0, 30), (9, 15), (9, 19), (15, 32), (30, 32))

# ---- tiles (§2.2) -----------------------------------------------------------------------------------
ANIMALS: tuple[str, ...] = ("COW", "SHE", "PIG", "HEN")
BUILDINGS: tuple[str, ...] = ("WAR", "CAR", "CHU", "MAR", "BOA", "BAN", "CIT", "WAT")
KNOWLEDGE: tuple[str, ...] = tuple(f"K{n:02d}" for n in range(1, 27))
BLACK_KNOWLEDGE: tuple[str, ...] = ("K07", "K12", "K14", "K15", "K24", "K25")
JOKER = "JOK"

NORMAL_SUPPLY: dict[str, dict[str, int]] = {
    "C": {"CAS": 14},
    "M": {"MIN": 10},
    "S": {"SHP": 20},
    "A": {f"{a}{n}": c for a in ANIMALS for n, c in ((2, 2), (3, 2), (4, 1))},
    "B": {b: 5 for b in BUILDINGS},
    "K": {k: 1 for k in KNOWLEDGE if k not in BLACK_KNOWLEDGE},
}
"""Normal-back supplies per colour, the start castles included (one per player is taken out)."""

BLACK_SUPPLY: dict[str, int] = {
    "CAS": 2, "MIN": 2, "SHP": 6,
    **{f"{a}{n}": 1 for a in ANIMALS for n in (3, 4)},
    **{b: 2 for b in BUILDINGS},
    **{k: 1 for k in BLACK_KNOWLEDGE},
}


def tile_colour(code: str) -> str:
    """The estate colour a tile needs (``JOK`` fits any colour and answers ``"*"``)."""
    if code == "CAS":
        return "C"
    if code == "MIN":
        return "M"
    if code == "SHP":
        return "S"
    if code in BUILDINGS:
        return "B"
    if code.startswith("K") and len(code) == 3 and code[1:].isdigit():
        return "K"
    if code[:3] in ANIMALS:
        return "A"
    if code == JOKER:
        return "*"
    raise KeyError(code)


ALL_TILES: tuple[str, ...] = tuple(sorted({*BLACK_SUPPLY, *(t for s in NORMAL_SUPPLY.values() for t in s)}))

# ---- game board (§2.6) ------------------------------------------------------------------------------
DEPOT_SLOTS: tuple[tuple[str, str, str, str], ...] = (
    ("B", "S", "K", "A"),
    ("K", "C", "B", "B"),
    ("A", "B", "S", "K"),
    ("S", "B", "A", "M"),
    ("M", "K", "B", "B"),
    ("B", "A", "C", "S"),
)
"""Slot colours per depot (D1..D6), slots 1-4 in canonical order."""

THREE_PLAYER_D6_SLOT3: dict[str, str] = {"A": "C", "B": "M", "C": "C", "D": "M", "E": "C"}
"""[DECISION] §9.1 #2: with 3 players D6 slot 3 holds a mine in phases B and D."""

SLOTS_IN_USE: dict[int, int] = {1: 2, 2: 2, 3: 3, 4: 4}
BLACK_DEPOT_SIZE: dict[int, int] = {1: 4, 2: 4, 3: 6, 4: 8}
"""[DECISION] §9.1 #3: 3 players = 6 black tiles."""

GOODS_KINDS = 6
GOODS_PER_KIND = 7
START_GOODS = 3
GOODS_STORAGE_KINDS = 3
STORAGE_SPACES = 3
START_SILVER = 1
SOLO_START_WORKERS = 2
PURCHASE_COST = 2
TRACK_POSITIONS = 7

# ---- values (§2.4, §7) ------------------------------------------------------------------------------
BONUS_VALUES: dict[int, tuple[int, int]] = {2: (5, 2), 3: (6, 3), 4: (7, 4)}
SELL_VP: dict[int, int] = {2: 2, 3: 3, 4: 4}
REGION_VP: tuple[int, ...] = (0, 1, 3, 6, 10, 15, 21, 28, 36)
PHASE_VP: dict[str, int] = {"A": 10, "B": 8, "C": 6, "D": 4, "E": 2}
WATCHTOWER_VP = 4
BOARDING_HOUSE_WORKERS = 4
BANK_SILVER = 2
SOLO_TARGET_START = 50
SOLO_TARGET_STEP = 5
SOLO_TARGET_MIN = 5

KNOWLEDGE_BUILDING_COUNT: dict[str, str] = {
    "K16": "WAR", "K17": "WAT", "K18": "CAR", "K19": "CHU",
    "K20": "MAR", "K21": "BOA", "K22": "BAN", "K23": "CIT",
}
END_KNOWLEDGE: tuple[str, ...] = tuple(f"K{n}" for n in range(15, 27))
FREE_STEP_TILES: dict[str, str] = {"K09": "building", "K10": "ship_animal", "K11": "castle_mine_knowledge"}


def free_step_kind(code: str) -> str:
    """Which of K09-K11 gives a free ±1 for placing ``code`` ("" when none can)."""
    colour = tile_colour(code)
    if colour == "B":
        return "K09"
    if colour in ("S", "A"):
        return "K10"
    if colour in ("C", "M", "K"):
        return "K11"
    return ""


# ---- geometry -----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Board:
    """One estate: codes per space plus derived geometry (all tuples indexed by space 0-36)."""

    id: str
    colour: tuple[str, ...]
    number: tuple[int, ...]
    neighbours: tuple[tuple[int, ...], ...]
    region: tuple[int, ...]
    """Region id of each space (index of the region in ``regions``)."""
    regions: tuple[tuple[int, ...], ...]
    castle_spaces: tuple[int, ...]
    colour_spaces: dict[str, tuple[int, ...]]
    coords: tuple[tuple[int, int, float, float], ...]
    """Axial q, r and layout centre x, y (pointy-top hexes one unit wide) per space."""
    rivers: tuple[tuple[int, int], ...] = ()


ROW_START: tuple[int, ...] = tuple(sum(ROW_LENGTHS[:r]) for r in range(7))
_ROW_Q_OFFSET: tuple[int, ...] = (0, -1, -2, -3, -3, -3, -3)
_AXIAL_STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
HEX_ROW_HEIGHT = sqrt(3) / 2
HEX_HALF_HEIGHT = 1 / sqrt(3)
"""Half the height of a pointy-top hex one unit wide: the top margin of the layout."""


def _regions(colour: list[str], adjacency: list[set[int]]) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    region = [-1] * len(colour)
    groups: list[tuple[int, ...]] = []
    for start in range(len(colour)):
        if region[start] >= 0:
            continue
        rid = len(groups)
        todo, seen = [start], {start}
        while todo:
            cell = todo.pop()
            for nxt in adjacency[cell]:
                if nxt not in seen and colour[nxt] == colour[start]:
                    seen.add(nxt)
                    todo.append(nxt)
        for cell in seen:
            region[cell] = rid
        groups.append(tuple(sorted(seen)))
    return tuple(region), tuple(groups)


def _finish(bid: str, codes: list[str], coords: list[tuple[int, int, float, float]],
            same_island: list[set[int]], rivers: tuple[tuple[int, int], ...]) -> Board:
    colour = [c[0] for c in codes]
    number = [int(c[1]) for c in codes]
    region, groups = _regions(colour, same_island)
    full = [set(s) for s in same_island]
    for a, b in rivers:
        full[a].add(b)
        full[b].add(a)
    return Board(
        id=bid,
        colour=tuple(colour),
        number=tuple(number),
        neighbours=tuple(tuple(sorted(s)) for s in full),
        region=region,
        regions=groups,
        castle_spaces=tuple(i for i, c in enumerate(colour) if c == "C"),
        colour_spaces={k: tuple(i for i, c in enumerate(colour) if c == k) for k in COLOURS},
        coords=tuple(coords),
        rivers=rivers,
    )


def _axial_adjacency(axial: dict[tuple[int, int], int], size: int) -> list[set[int]]:
    adjacency: list[set[int]] = [set() for _ in range(size)]
    for (q, r), i in axial.items():
        for dq, dr in _AXIAL_STEPS:
            j = axial.get((q + dq, r + dr))
            if j is not None:
                adjacency[i].add(j)
    return adjacency


def _build_estate(bid: str) -> Board:
    codes = " ".join(BOARD_ROWS[bid]).split()
    axial: dict[tuple[int, int], int] = {}
    coords: list[tuple[int, int, float, float]] = []
    for r, length in enumerate(ROW_LENGTHS):
        for c in range(length):
            q, ar = c + _ROW_Q_OFFSET[r], r - 3
            axial[(q, ar)] = ROW_START[r] + c
            x = c + (7 - length) / 2 + 0.5
            coords.append((q, ar, round(x, 3), round(r * HEX_ROW_HEIGHT + HEX_HALF_HEIGHT, 3)))
    return _finish(bid, codes, coords, _axial_adjacency(axial, 37), ())


def _build_solo() -> Board:
    coords: list[tuple[int, int, float, float]] = [(0, 0, 0.0, 0.0)] * 37
    adjacency: list[set[int]] = [set() for _ in range(37)]
    for _name, offsets, rows, (ox, oy) in SOLO_ISLANDS:
        axial: dict[tuple[int, int], int] = {}
        for r, row in enumerate(rows):
            for c, i in enumerate(row):
                q = c + offsets[r]
                axial[(q, r)] = i
                x = ox + q + r / 2 + 0.5
                coords[i] = (q, r, round(x, 3), round(oy + r * HEX_ROW_HEIGHT + HEX_HALF_HEIGHT, 3))
        for i, near in enumerate(_axial_adjacency(axial, 37)):
            adjacency[i] |= near
    return _finish(SOLO_BOARD, list(SOLO_CODES), coords, adjacency, SOLO_RIVER_LINKS)


BOARDS: dict[str, Board] = {bid: _build_estate(bid) for bid in BOARD_ROWS}
BOARDS[SOLO_BOARD] = _build_solo()


def board_id(edition: str, number: int) -> str:
    """The data id of printed board ``number`` in ``edition``."""
    return EDITION_BOARDS[edition][number]
