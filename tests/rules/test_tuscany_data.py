"""Component invariants per ``data_version`` (reference §2), re-derived from the data tables."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from rules.tuscany import GAME
from rules.tuscany.data import COLOURS, DATA, FARM_TYPES
from rules.tuscany.estate import board_areas, fixed_estate, layout

SUPPLY_4P = {"K": 8, "C": 12, "V": 20, "F": 20, "W": 16, "M": 16, "Q": 16, "T": 8}
STANDARD = {"V": 5, "F": 5, "W": 4, "M": 4, "Q": 4, "C": 3, "T": 2, "K": 3}
AREAS_RECON_1 = {
    "A1": "V:L1 R1 L2; F:R2 R3; K:L3; W:L4; M:R4; T:L5; C:R5",
    "C1": "T:L1; K:R1; Q:L2 R2 R3; W:L3 L4; M:R4; C:L5; V:R5",
    "B4": "M:L1; W:R1; Q:L2 R2; K:L3; M:R3; F:L4 R4; V:L5; C:R5",
}


@pytest.mark.parametrize("version", list(DATA))
def test_tile_counts(version: str) -> None:
    d = DATA[version]
    per_set = Counter(code[0] for code in d.player_set)
    assert sum(per_set.values()) == 21
    assert per_set == Counter({"K": 1, "C": 2, "V": 4, "F": 4, "W": 3, "M": 3, "Q": 3, "T": 1})
    neutral = Counter(code[1] for code in d.neutral)
    assert len(d.neutral) == 32 and all(neutral[c] == 4 for c in COLOURS)
    total = {c: 4 * per_set[c] + neutral[c] for c in COLOURS}
    assert total == SUPPLY_4P
    for seat in range(4):
        assert len(set(d.set_codes(seat))) == 21


@pytest.mark.parametrize("version", list(DATA))
def test_farm_types(version: str) -> None:
    d = DATA[version]
    counts: Counter[str] = Counter()
    for seat in range(4):
        for code in d.set_codes(seat):
            counts.update(d.farm_types(code))
    for code in d.neutral:
        counts.update(d.farm_types(code))
    assert counts == Counter({t: 6 for t in FARM_TYPES})
    assert d.farm_types("1V1") == () and d.farm_types("hex") == ()


@pytest.mark.parametrize("version", list(DATA))
def test_cards(version: str) -> None:
    d = DATA[version]
    assert sum(d.region_cards.values()) == 122 and set(d.region_cards) == set(COLOURS)
    assert len(d.yield_cards) == 27
    points = [c for c, r in d.yield_cards.items() if r[0][0] in ("green", "red")]
    assert len(points) == 10
    assert d.bonus_supply == 5
    assert all(a >= b >= 1 and a <= 4 for a, b in d.colour_bonus.values())


@pytest.mark.parametrize("version", list(DATA))
def test_boards(version: str) -> None:
    d = DATA[version]
    assert sorted(d.boards) == [f"{x}{i}" for x in "ABC" for i in range(1, 5)]
    for board, pattern in d.boards.items():
        assert len(pattern) == 10 and set(pattern) <= set(COLOURS), board
        assert pattern.count("K") == 1, board
        sizes = Counter(board_areas(pattern))
        assert max(sizes.values()) <= 3, board
    for letter in "ABC":  # the four boards of a letter are 4 × the base mix
        mix = Counter("".join(p for b, p in d.boards.items() if b[0] == letter))
        assert all(k % 4 == 0 for k in mix.values())


def _area_text(board: str, pattern: str) -> str:
    names = [f"{'LR'[z % 2]}{z // 2 + 1}" for z in range(10)]
    areas = board_areas(pattern)
    parts = []
    for a in sorted(set(areas), key=areas.index):
        members = [names[z] for z in range(10) if areas[z] == a]
        parts.append(f"{pattern[areas.index(a)]}:{' '.join(members)}")
    return "; ".join(parts)


def test_area_lists_match_reference() -> None:
    d = DATA["recon-1"]
    for board, text in AREAS_RECON_1.items():
        assert _area_text(board, d.boards[board]) == text


@pytest.mark.parametrize("version", list(DATA))
def test_every_estate_is_balanced(version: str) -> None:
    d = DATA[version]
    by_letter = {x: [b for b in d.boards if b[0] == x] for x in "ABC"}
    points = []
    for combo in itertools.product(by_letter["A"], by_letter["B"], by_letter["C"]):
        lay = layout(version, fixed_estate(list(combo)))
        assert len(lay.colour) == 30
        count = Counter(lay.colour.values())
        assert count["K"] == 3 and count["T"] == 2
        assert all(abs(count[c] - STANDARD[c]) <= 1 for c in COLOURS), combo
        points.append(sum({1: 1, 2: 3, 3: 6}[len(a)] for a in lay.areas.values()))
    assert len(points) == 64 and min(points) >= 38 and max(points) <= 43


def test_data_version_is_stored_with_the_game() -> None:
    s = GAME.new(2)
    assert s["v"] == "recon-1"
    assert GAME.view(s, None)["data_version"] == "recon-1"
    assert GAME.loads(GAME.dumps(s))["v"] == "recon-1"
