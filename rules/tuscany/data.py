"""Every component fact of The Castles of Tuscany, keyed by ``data_version`` (reference §2, §8).

The printed region boards, yield cards, colour-bonus values, farm types and region-card split
were not found in any source; the reference designed them as data set ``recon-1`` ([UNCERTAIN]
U1–U7). Each game stores its ``data_version``, and every rule module reads these facts through
``data(version)``, so a corrected component list is a new entry here and never alters a running
game. Fixed rule constants (not component data) live at the bottom.
"""

from __future__ import annotations

from dataclasses import dataclass

COLOURS = "KCVFWMQT"
"""Colour letters in canonical order: castle, city, village, farm, carriage, monastery, quarry, tavern."""

FARM_TYPES = ("OL", "GR", "WH", "LI")
"""Olive, grape, wheat, livestock."""

BONUS_TYPES = ("MA", "RC", "ST", "WO", "YI")
"""Square bonus tiles, sorted: +1 marble, +1 region card, +1 storage, +1 worker, +1 yield card."""

LETTERS = "ABC"
"""Region-board letters; each player gets one of each."""


@dataclass(frozen=True)
class Data:
    """One reconstructed component set."""

    version: str
    boards: dict[str, str]
    """Board id → its 10 colours in zigzag order L1 R1 L2 R2 … L5 R5 (§2.9)."""
    region_cards: dict[str, int]
    """Colour → number of region cards (§2.4)."""
    yield_cards: dict[str, tuple[tuple[str, int], ...]]
    """Yield code → its rewards, applied in order (§2.5). Kinds: green, red, marble, workers, cards, hex."""
    colour_bonus: dict[str, tuple[int, int]]
    """Colour → (side 1, side 2) green points (§2.7)."""
    player_set: dict[str, tuple[str, ...]]
    """Tile suffix (without the seat digit) → farm types; every tile of a player set, start castle excluded."""
    neutral: dict[str, tuple[str, ...]]
    """Neutral tile code → farm types (§2.3)."""
    bonus_supply: int
    """Square bonus tiles per type (§2.6)."""

    def farm_types(self, code: str) -> tuple[str, ...]:
        """The farm types printed on a tile (empty for non-farms and hex tokens)."""
        if len(code) < 3 or code[1] != "F":
            return ()
        if code[0] == "N":
            return self.neutral.get(code, ())
        return self.player_set.get(code[1:], ())

    def set_codes(self, seat: int) -> list[str]:
        """The 21 stack tiles of seat ``seat``'s player set (set number = seat + 1)."""
        return [f"{seat + 1}{suffix}" for suffix in self.player_set]


def _set() -> dict[str, tuple[str, ...]]:
    """A player set (§2.3): K1, C1–2, V1–4, F1–4 (one farm type each), W1–3, M1–3, Q1–3, T1."""
    out: dict[str, tuple[str, ...]] = {"K1": ()}
    out.update({f"C{i}": () for i in (1, 2)})
    out.update({f"V{i}": () for i in (1, 2, 3, 4)})
    out.update({f"F{i + 1}": (t,) for i, t in enumerate(FARM_TYPES)})
    for letter in "WMQ":
        out.update({f"{letter}{i}": () for i in (1, 2, 3)})
    out["T1"] = ()
    return out


def _neutral() -> dict[str, tuple[str, ...]]:
    """32 neutral tiles: four of each type; the farms each show two farm types (§2.3, U5)."""
    out: dict[str, tuple[str, ...]] = {}
    doubles = {1: ("OL", "GR"), 2: ("WH", "LI"), 3: ("OL", "WH"), 4: ("GR", "LI")}
    for letter in COLOURS:
        for i in (1, 2, 3, 4):
            out[f"N{letter}{i}"] = doubles[i] if letter == "F" else ()
    return out


def _yields() -> dict[str, tuple[tuple[str, int], ...]]:
    """The 27 yield cards of ``recon-1`` (§2.5, U3)."""
    faces: list[tuple[int, tuple[tuple[str, int], ...]]] = [
        (3, (("green", 2),)),
        (2, (("green", 3),)),
        (3, (("red", 3),)),
        (2, (("red", 5),)),
        (3, (("marble", 1),)),
        (3, (("workers", 2),)),
        (3, (("cards", 3),)),
        (3, (("hex", 1),)),
        (3, (("workers", 1), ("cards", 1))),
        (2, (("marble", 1), ("green", 1))),
    ]
    out: dict[str, tuple[tuple[str, int], ...]] = {}
    number = 1
    for copies, reward in faces:
        for _ in range(copies):
            out[f"Y{number:02d}"] = reward
            number += 1
    return out


RECON_1 = Data(
    version="recon-1",
    boards={
        "A1": "VVVFKFWMTC",
        "A2": "MCFVFVVKWT",
        "A3": "KFVFMVVVCT",
        "A4": "WWTVKVFMFC",
        "B1": "MMQKFFFWCV",
        "B2": "VFKFCFMWMQ",
        "B3": "FFCKWFMFMV",
        "B4": "MWQQKMFFVC",
        "C1": "TKQQWQWMCV",
        "C2": "VQWQCQMTWK",
        "C3": "WWKQTQQMMV",
        "C4": "CCTQQKQWVW",
    },
    region_cards={"K": 8, "C": 13, "V": 21, "F": 21, "W": 17, "M": 17, "Q": 17, "T": 8},
    yield_cards=_yields(),
    colour_bonus={
        "V": (4, 2),
        "F": (4, 2),
        "W": (3, 2),
        "M": (3, 2),
        "Q": (3, 2),
        "C": (2, 1),
        "K": (2, 1),
        "T": (2, 1),
    },
    player_set=_set(),
    neutral=_neutral(),
    bonus_supply=5,
)

DATA: dict[str, Data] = {RECON_1.version: RECON_1}
VERSIONS: tuple[str, ...] = tuple(DATA)


def data(version: str) -> Data:
    """The component data a game was created with."""
    return DATA[version]


# ---- fixed rules (not component data) ------------------------------------------------------------
DISPLAY_SLOTS = 8
STACKS = 3
STACK_SIZE = 7
HAND_START = 5
ROUNDS = 3
DRAW_BASE = 2
"""``draw`` takes 2 region cards, +1 per ``RC`` tile (§5.2 #4)."""
MONASTERY_CARDS = 3
"""A monastery draws 3 region cards; ``RC`` does not apply (§6, Q11)."""
STORAGE_BASE = 1
ST_GREEN = 2
"""Gaining a ``ST`` tile scores 2 green at once (Q12)."""
TAVERN_FULL_RED = 2
"""A hex token with no free storage space becomes 2 red (§6)."""
AREA_POINTS = {1: 1, 2: 3, 3: 6}
REFRESH_AT = 5
"""Five (or more) display tiles of one colour are set aside (§5.3)."""
CARDS_PER_RED = 3
MAX_SHIFT = 2
