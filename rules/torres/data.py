"""Every Torres fact the engine relies on, in one place (rules reference §2, §3, §7, §8, §9).

Facts the reference marks [UNCERTAIN] or [DECISION] live here as named constants so that a
corrected fact is a one-line change and no rule module carries a stray literal.
"""

from __future__ import annotations

FILES = "abcdefgh"
SIZE = 8
SQUARES = SIZE * SIZE

COLOURS: tuple[str, ...] = ("blue", "green", "orange", "black")
"""Seat 1..4 colours in seat order (§2.2)."""

START_SQUARES: tuple[str, ...] = ("a4", "c3", "c6", "d8", "e1", "f3", "f6", "h5")
"""[UNCERTAIN U1] The 8 printed start squares (basic game)."""

KNIGHTS_PER_PLAYER = 6
TOTAL_BLOCKS = 92
START_CASTLES = 8
AP_PER_TURN = 5
MAX_DRAWS_PER_TURN = 2
REVEAL_COUNT = 3
"""`card draw` with own decks looks at the top 3 (§5.6)."""
STACK_CAP = 3
"""A stack never holds more than 3 blocks (§5.5)."""
MIN_CASTLES_AFTER_SHIFT = 6
MASTER_SPACING = 3
"""[DECISION D21] Manhattan distance between player-placed start castles."""

COST = {"knight": 2, "move": 1, "tower": 1, "draw": 1, "score": 1}
"""AP cost of each AP action (§5.2); card plays cost nothing (D25)."""

KING_BONUS = {1: 5, 2: 10, 3: 15}
"""King's bonus by phase: a knight on the King's castle at level exactly = phase (§7.3)."""

# Stacks per phase, keyed by player count, then by the `ph3_split` option for 3 players (§2.5, U2).
STACKS: dict[int, dict[str, tuple[tuple[int, ...], ...]]] = {
    2: {"": ((3, 3, 3, 3), (3, 3, 3, 3), (3, 3, 3, 3))},
    3: {
        "3322": ((3, 3, 2, 2), (3, 3, 2), (3, 3, 2)),
        "3331": ((3, 3, 3, 1), (3, 3, 2), (3, 3, 2)),
    },
    4: {"": ((2, 2, 2, 2), (2, 2, 2), (2, 2, 2))},
}
PH3_SPLITS: tuple[str, ...] = ("3322", "3331")
PHASES = 3

CARDS: tuple[str, ...] = ("AP6", "AP7", "UP2", "OVER", "DIAG", "DOOR", "RELOC", "UNDER", "EXTRA", "SHIFT")
"""The 10 action card types A01..A10 (§2.3); each colour owns one of each."""
CARD_ARGS: dict[str, str] = {
    "AP6": "",
    "AP7": "",
    "UP2": "path",
    "OVER": "path",
    "DIAG": "path",
    "DOOR": "path",
    "RELOC": "path",
    "UNDER": "under",
    "EXTRA": "square",
    "SHIFT": "path",
}
"""Argument shape of `card play <SHORT> [args]`: none, `A-B`, `Q [r<n>]` or `X`."""
AP_CARD_BONUS = {"AP6": 1, "AP7": 2}
"""[DECISION D25] AP6 / AP7 raise this turn's AP total to 6 / 7, i.e. add 1 / 2."""

SHARED_COPIES = 4
"""[DECISION D2] The shared pool holds all 40 cards (4 of each type) at every player count."""

MASTER_CARDS: tuple[str, ...] = ("DIFF", "SAME", "ROW", "SQUARE", "BORDER", "CASTLES", "DIAGS", "NEIGH")
"""Master cards MC1..MC8 (§2.4)."""
MASTER_ALL_SIX: dict[str, int] = {"DIFF": 40, "SAME": 50, "ROW": 50, "NEIGH": 40}
"""Phase-3 cards that need all 6 knights on the board (D22), with their points."""
MASTER_SQUARE_POINTS = 50
MASTER_PER_KNIGHT: dict[int, int] = {1: 2, 2: 5, 3: 10}
"""BORDER / DIAGS: points per knight and for a unique leader, by phase."""
MASTER_CASTLES: dict[int, tuple[int, int]] = {1: (4, 5), 2: (5, 15), 3: (6, 30)}
"""CASTLES: (exact castle count, points) by phase."""
MASTER_PHASES: dict[str, tuple[int, ...]] = {
    "DIFF": (3,),
    "SAME": (3,),
    "ROW": (3,),
    "SQUARE": (3,),
    "BORDER": (1, 2, 3),
    "CASTLES": (1, 2, 3),
    "DIAGS": (1, 2, 3),
    "NEIGH": (3,),
}

EMPTY = -1
KING = 9
"""Figure codes on a square: -1 nobody, 0..3 a seat's knight, 9 the King."""


def square_name(sq: int) -> str:
    return f"{FILES[sq % SIZE]}{sq // SIZE + 1}"


def parse_square(text: str) -> int | None:
    """`c4` → index (file + 8 × rank); None for anything else."""
    if len(text) != 2 or text[0] not in FILES or text[1] not in "12345678":
        return None
    return FILES.index(text[0]) + SIZE * (int(text[1]) - 1)


def stacks_for(players: int, split: str) -> tuple[tuple[int, ...], ...]:
    table = STACKS[players]
    return table.get(split) or next(iter(table.values()))


def rounds_for(players: int, split: str, phase: int) -> int:
    return len(stacks_for(players, split)[phase - 1])


BORDER_SQUARES: frozenset[int] = frozenset(
    sq for sq in range(SQUARES) if sq % SIZE in (0, SIZE - 1) or sq // SIZE in (0, SIZE - 1)
)
DIAGONAL_SQUARES: frozenset[int] = frozenset(
    sq for sq in range(SQUARES) if sq % SIZE == sq // SIZE or sq % SIZE + sq // SIZE == SIZE - 1
)


def _neighbours(sq: int, deltas: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    x, y = sq % SIZE, sq // SIZE
    out = []
    for dx, dy in deltas:
        nx, ny = x + dx, y + dy
        if 0 <= nx < SIZE and 0 <= ny < SIZE:
            out.append(nx + SIZE * ny)
    return tuple(out)


ORTHO: tuple[tuple[int, ...], ...] = tuple(
    _neighbours(sq, ((-1, 0), (1, 0), (0, -1), (0, 1))) for sq in range(SQUARES)
)
DIAGONAL: tuple[tuple[int, ...], ...] = tuple(
    _neighbours(sq, ((-1, -1), (1, -1), (-1, 1), (1, 1))) for sq in range(SQUARES)
)
