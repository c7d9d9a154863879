"""Component data of The Castles of Burgundy: The Card Game (reference ``shared/rules/burgundy_cards.md`` §2-§3, §7).

Every fact the reference tags [UNCERTAIN] lives in exactly one table here, keyed by the option that
selects it, so a verified card list or value is a data change, never a logic change:

* ``DIE_TABLES``      the die value of each of the 114 action cards (option ``die_table``; §2.3, Q1-Q2)
* ``TRIPLE_VP``       VP of a completed triple per colour (option ``triple_vp``; §2.2, Q3)
* ``GOODS_VP``        VP printed on goods cards (option ``goods_vp``: one number, per kind or per code; §2.4, Q4)
* ``ALL7_SETS``       which "All 7 types" cards are used by player count (option ``all7_set``; §2.6, Q5)
* ``START_WORKERS``   start workers by seat position (option ``start_workers``; §3.1, Q6)
* ``SOLO_LADDER``     the solo titles (§7.4) — the solo mode is ours (§3.4, Q10)
* ``ROUND_CARDS``     plain counters (Q32: a per-round bonus is unconfirmed)
"""

from __future__ import annotations

from typing import Any

COLOURS: tuple[str, ...] = ("CAS", "MIN", "CLO", "KNO", "SHI", "PAS", "BLD")
"""The seven action-card colours (castle, mine, cloister, knowledge, ship, pasture, building)."""

BUILDING_TYPES: tuple[str, ...] = ("WAR", "CAR", "CHU", "MAR", "BOA", "BAN", "CIT", "WAT")
"""Building types (3 cards each); any three buildings form a building triple."""

TYPES: tuple[str, ...] = tuple(c for c in COLOURS if c != "BLD") + BUILDING_TYPES
"""Card-code prefixes: a colour, or a building type (whose colour is ``BLD``)."""

CARDS_PER_COLOUR: dict[str, int] = {"CAS": 12, "MIN": 12, "CLO": 12, "KNO": 18, "SHI": 18, "PAS": 18, "BLD": 24}
"""Verified counts (§2.2); a data test checks every die table against them."""

# ---- die values (§2.3) [UNCERTAIN] --------------------------------------------------------------
_EVEN_BUILDINGS: dict[int, tuple[str, ...]] = {
    1: ("WAR", "CAR", "CHU", "MAR"),
    2: ("BOA", "BAN", "CIT", "WAT"),
    3: ("WAR", "CHU", "BOA", "CIT"),
    4: ("CAR", "MAR", "BAN", "WAT"),
    5: ("WAR", "CHU", "BAN", "WAT"),
    6: ("CAR", "MAR", "BOA", "CIT"),
}
_EVEN_PER_DIE: tuple[tuple[str, int], ...] = (
    ("CAS", 2), ("MIN", 2), ("CLO", 2), ("KNO", 3), ("SHI", 3), ("PAS", 3),
)


def _even_table() -> dict[str, int]:
    """The reference's even split: per die value 2/2/2/3/3/3 cards and 4 buildings (canonical order)."""
    table: dict[str, int] = {}
    for die in range(1, 7):
        for prefix, copies in _EVEN_PER_DIE:
            for copy in "abc"[:copies]:
                table[f"{prefix}{die}{copy}"] = die
        for prefix in _EVEN_BUILDINGS[die]:
            table[f"{prefix}{die}a"] = die
    return table


DIE_TABLES: dict[str, dict[str, int]] = {"even": _even_table()}
"""Option ``die_table``: card code → die value, in canonical order (dict order = §2.3 ``#``)."""

# ---- triple values (§2.2) [UNCERTAIN except CLO] -----------------------------------------------------
TRIPLE_VP: dict[str, dict[str, int]] = {
    "rarity": {"CAS": 5, "MIN": 5, "CLO": 6, "KNO": 4, "SHI": 4, "PAS": 4, "BLD": 3},
    "flat4": {"CAS": 4, "MIN": 4, "CLO": 6, "KNO": 4, "SHI": 4, "PAS": 4, "BLD": 4},
    "low": {"CAS": 4, "MIN": 4, "CLO": 6, "KNO": 3, "SHI": 3, "PAS": 3, "BLD": 2},
}
"""Option ``triple_vp``: ``rarity`` is the reference default; ``flat4`` and ``low`` are the §9 Q3 alternatives."""

# ---- goods and animals (§2.4, §2.5) ------------------------------------------------------------------
GOODS_KINDS: tuple[str, ...] = ("light", "medium", "dark")
GOODS_PREFIX: dict[str, str] = {"light": "LGT", "medium": "MED", "dark": "DRK"}
KIND_OF_PREFIX: dict[str, str] = {v: k for k, v in GOODS_PREFIX.items()}
GOODS_CODES: tuple[str, ...] = tuple(f"{GOODS_PREFIX[k]}{c}" for k in GOODS_KINDS for c in "abcdef")
SELL_KIND: dict[int, str] = {1: "light", 2: "light", 3: "medium", 4: "medium", 5: "dark", 6: "dark"}
"""Which goods a die value sells (verified)."""

GOODS_VP: dict[int, Any] = {1: 1, 2: 2, 3: 3}
"""Option ``goods_vp`` → printed VP [UNCERTAIN]: an int for all cards, or a map by kind or by card code."""

SPECIES: tuple[str, ...] = ("CHK", "COW", "SHP", "PIG")
ANIMAL_CODES: tuple[str, ...] = tuple(f"{s}{c}" for s in SPECIES for c in "abcde")
ANIMAL_VP: dict[int, int] = {0: 0, 1: 0, 2: 1, 3: 2, 4: 4}
"""VP by number of different species (verified)."""

# ---- bonus cards (§2.6) ------------------------------------------------------------------------------------
FIRST_BONUS: dict[str, str] = {c: f"B1{c}" for c in COLOURS}
FIRST_BONUS_VP = 1
ALL7_VALUE: dict[str, int] = {"A7-4": 4, "A7-3": 3, "A7-2": 2, "A7-1": 1}
ALL7_SETS: dict[str, dict[int, tuple[str, ...]]] = {
    "low": {1: ("A7-1",), 2: ("A7-2", "A7-1"), 3: ("A7-3", "A7-2", "A7-1"), 4: ("A7-4", "A7-3", "A7-2", "A7-1")},
    "high": {1: ("A7-4",), 2: ("A7-4", "A7-3"), 3: ("A7-4", "A7-3", "A7-2"), 4: ("A7-4", "A7-3", "A7-2", "A7-1")},
    "all": {n: ("A7-4", "A7-3", "A7-2", "A7-1") for n in (1, 2, 3, 4)},
}
"""Option ``all7_set`` → the stack in use, top card first [UNCERTAIN which are removed]."""

# ---- setup numbers (§3.1) -------------------------------------------------------------------------------
DISPLAY_SIZE: dict[int, int] = {1: 7, 2: 7, 3: 10, 4: 13}
ROWS = 6
POSITIONAL: dict[int, int] = {1: 6, 2: 6, 3: 6, 4: 12}
"""How many of a round's display cards go to rows 1-6 by draw position (the rest by their die)."""

START_WORKERS: dict[str, dict[int, tuple[int, ...]]] = {
    "seed": {2: (0, 2), 3: (0, 1, 2), 4: (0, 1, 1, 2)},
    "last2": {2: (1, 2), 3: (1, 1, 2), 4: (1, 1, 1, 2)},
    "flat1": {2: (1, 1), 3: (1, 1, 1), 4: (1, 1, 1, 1)},
}
"""Option ``start_workers`` → workers by position in turn order (start player first) [DECISION Q6]."""
SOLO_START_WORKERS = 1
START_SILVER = 1
STACK_SIZE = 6
HAND_START = 2
PROJECT_LIMIT = 3
TURNS_PER_ROUND = 6
ROUND_CARDS: tuple[str, ...] = ("RA", "RB", "RC", "RD", "RE")
"""Rounds A-E; plain counters (§9 Q32)."""
SUPPLY_CARDS: dict[str, int] = {"silver": 16, "workers": 22}
"""Physical supply with ``supply_limits = cards`` (§8)."""
BUY_COST = 3
BUY_DRAW = 3
CONVERT_RATE = 3
SHIFTS: tuple[int, ...] = (1, 2, 3, -1, -2)
"""Worker shifts offered: one canonical shift per target value (§5.4, Q12)."""

# ---- solo (§3.4, §7.4) [UNCERTAIN: our own mode] --------------------------------------------------------
SOLO_LADDER: tuple[tuple[int, str], ...] = ((45, "duke"), (40, "count"), (35, "baron"), (30, "knight"), (0, "squire"))
SOLO_TARGETS: tuple[int, ...] = (40, 25, 30, 35, 45, 50)
"""Choices of ``solo_target`` (default 40; 35 suggested with ``solo_duke``)."""


# ---- card queries ------------------------------------------------------------------------------------------
def prefix(code: str) -> str:
    return code[:3]


def colour(code: str) -> str:
    """The colour of an action card: its prefix, or ``BLD`` for a building type."""
    p = code[:3]
    return "BLD" if p in BUILDING_TYPES else p


def is_action_card(code: str, table: str = "even") -> bool:
    return code in DIE_TABLES[table]


def die(code: str, table: str = "even") -> int:
    return DIE_TABLES[table][code]


def goods_kind(code: str) -> str:
    return KIND_OF_PREFIX[code[:3]]


def goods_vp(code: str, setting: Any) -> int:
    """VP of sold goods card ``code`` under ``goods_vp`` (an int, a kind map or a code map)."""
    value = GOODS_VP.get(setting, setting) if isinstance(setting, int) else setting
    if isinstance(value, int):
        return value
    if code in value:
        return int(value[code])
    return int(value[goods_kind(code)])


def species(code: str) -> str:
    return code[:3]


def solo_title(score: int) -> str:
    for threshold, title in SOLO_LADDER:
        if score >= threshold:
            return title
    return SOLO_LADDER[-1][1]
