"""Which two seats sit at each region, per player count (reference §2.4).

Internally a solo game has two *sides*: side 0 the human, side 1 the automa; every layout is
expressed in sides. Regions are numbered from 1.
"""

from __future__ import annotations

REGION_SIDES: dict[int, tuple[tuple[int, int], ...]] = {
    2: ((0, 1), (0, 1), (0, 1), (0, 1)),
    3: ((0, 1), (0, 1), (1, 2), (1, 2), (0, 2), (0, 2)),
    # [DECISION] the two centre regions go to the opposite pairs: @5 S1–S3, @6 S2–S4.
    4: ((0, 1), (1, 2), (2, 3), (0, 3), (0, 2), (1, 3)),
}

MARKERS_PER_REGION = 3
"""[DECISION] 3 markers on every region in every layout (3p splits 6 per pair as 3 + 3)."""

HAND_SIZE = {2: 12, 3: 12, 4: 9}
MAX_NUMBER = {2: 7, 3: 9, 4: 9}
REMOVED = {2: 4, 3: 0, 4: 0}
"""2p and solo: 4 cards leave the round unseen after the deal."""

INITIAL_PLAYS_EACH = 2
"""2p/solo: each side makes 2 initial plays before the first normal turn."""


def layout(sides: int) -> tuple[tuple[int, int], ...]:
    return REGION_SIDES[sides]
