"""Component data invariants (reference §2; examples T36, T37)."""

from __future__ import annotations

from collections import Counter

import pytest

from rules.burgundy import data as D

ESTATES = [b for b in D.BOARDS if b != D.SOLO_BOARD]

REFERENCE_REGIONS = {
    "1": "C: {1,2,6} {18} · A: {0,4,5,9,10} {27} · S: {15,16,17} {19,20,21} · M: {24,29,33} · "
         "B: {25,26,31,32,36} {8,13,14} {22,23,28} {11} · K: {3,7,12} {30,34,35}",
    "9": "C: {2} {15} {20} {34} · A: {6,7,11,12} {27,32} · S: {8,13,14,19} {22,23} · M: {18,25} {33} · "
         "B: {0,1,4,5,9,10} {26,29,30,31,35,36} · K: {16,17,24} {3} {21} {28}",
    "8": "C: {5} {7} {29} {31} · A: {16,19,23,24,25,30} · S: {2} {4} {14} {22} {32} {34} · M: {11,18} {26} · "
         "B: {0,1} {3,8} {9,15} {21,27} {28,33} {35,36} · K: {6,12,13,20} {10,17}",
}


def _parse_regions(text: str) -> set[tuple[int, ...]]:
    out = set()
    for part in text.split("{")[1:]:
        out.add(tuple(sorted(int(x) for x in part.split("}")[0].split(","))))
    return out


@pytest.mark.parametrize("bid", ESTATES)
def test_board_invariants(bid: str) -> None:
    board = D.BOARDS[bid]
    counts = Counter(board.colour)
    assert counts == {"C": 4, "A": 6, "S": 6, "M": 3, "B": 12, "K": 6}
    numbers = Counter(board.number)
    assert numbers == {1: 7, 2: 6, 3: 6, 4: 6, 5: 6, 6: 6}
    cities = [r for r in board.regions if board.colour[r[0]] == "B"]
    assert 2 <= len(cities) <= 6
    assert all(1 <= len(c) <= 8 for c in cities)
    assert board.castle_spaces == board.colour_spaces["C"]
    for i, near in enumerate(board.neighbours):
        assert i not in near
        assert all(i in board.neighbours[j] for j in near)


def test_board_one_cities_and_castles() -> None:
    board = D.BOARDS["1"]
    cities = sorted(len(r) for r in board.regions if board.colour[r[0]] == "B")
    assert cities == [1, 3, 3, 5]
    assert board.castle_spaces == (1, 2, 6, 18)


@pytest.mark.parametrize("bid", sorted(REFERENCE_REGIONS))
def test_regions_match_reference(bid: str) -> None:
    assert set(D.BOARDS[bid].regions) == _parse_regions(REFERENCE_REGIONS[bid])


def test_adjacency_examples() -> None:
    nb = D.BOARDS["1"].neighbours
    assert set(nb[18]) == {11, 12, 17, 19, 24, 25}
    assert set(nb[0]) == {1, 4, 5}
    assert set(nb[21]) == {14, 20, 27}
    assert set(nb[36]) == {31, 32, 35}


def test_board_nine_castle_spaces_and_2019_numbering() -> None:
    assert D.BOARDS["9"].castle_spaces == (2, 15, 20, 34)
    assert D.board_id("2019", 10) == D.board_id("2011", 2) == "2011-2"
    assert D.board_id("2019", 2) == "2019-2"
    assert D.BOARDS["2019-2"].castle_spaces == (3, 15, 18, 36)


SOLO_NEIGHBOURS = {
    0: {1, 4, 30}, 1: {0, 2, 4, 5}, 2: {1, 3, 5, 6}, 3: {2, 6, 7}, 4: {0, 1, 5, 8}, 5: {1, 2, 4, 6, 8, 9},
    6: {2, 3, 5, 7, 9, 10}, 7: {3, 6, 10}, 8: {4, 5, 9}, 9: {5, 6, 8, 10, 15, 19}, 10: {6, 7, 9},
    11: {12, 15, 16}, 12: {11, 13, 16, 17}, 13: {12, 14, 17, 18}, 14: {13, 18, 19}, 15: {11, 16, 20, 9, 32},
    16: {11, 12, 15, 17, 20, 21}, 17: {12, 13, 16, 18, 21, 22}, 18: {13, 14, 17, 19, 22, 23}, 19: {14, 18, 23, 9},
    20: {15, 16, 21}, 21: {16, 17, 20, 22}, 22: {17, 18, 21, 23}, 23: {18, 19, 22}, 24: {25, 26, 27},
    25: {24, 27, 28}, 26: {24, 27, 29}, 27: {24, 25, 26, 28, 29, 30}, 28: {25, 27, 30}, 29: {26, 27, 30},
    30: {27, 28, 29, 0, 32}, 31: {32, 33, 34}, 32: {31, 34, 15, 30}, 33: {31, 34, 35, 36},
    34: {31, 32, 33, 36}, 35: {33, 36}, 36: {33, 34, 35},
}


def test_solo_board_matches_reference() -> None:
    board = D.BOARDS[D.SOLO_BOARD]
    for i, near in SOLO_NEIGHBOURS.items():
        assert set(board.neighbours[i]) == near, i
    multi = {r for r in board.regions if len(r) > 1}
    assert multi == {(2, 3), (4, 8), (16, 20), (31, 33, 34), (11, 12, 13), (14, 18, 23)}
    assert board.castle_spaces == (6, 17, 26, 28)
    assert Counter(board.colour) == {"B": 12, "S": 6, "A": 6, "K": 6, "C": 4, "M": 3}
    assert Counter(board.number) == {1: 7, 2: 7, 3: 5, 4: 6, 5: 6, 6: 6}
    for i in range(37):
        for j in range(i + 1, 37):
            xi, yi = board.coords[i][2:]
            xj, yj = board.coords[j][2:]
            assert (xi - xj) ** 2 + (yi - yj) ** 2 > 0.9, (i, j)


def test_layout_coordinates_touch_exactly_for_neighbours() -> None:
    board = D.BOARDS["1"]
    for i in range(37):
        for j in range(37):
            if i == j:
                continue
            xi, yi = board.coords[i][2:]
            xj, yj = board.coords[j][2:]
            close = abs(((xi - xj) ** 2 + (yi - yj) ** 2) ** 0.5 - 1) < 0.01
            assert close == (j in board.neighbours[i]), (i, j)


def test_tile_supply_totals() -> None:
    normal = sum(sum(s.values()) for s in D.NORMAL_SUPPLY.values())
    black = sum(D.BLACK_SUPPLY.values())
    assert (normal, black, normal + black) == (124, 40, 164)
    assert sum(D.NORMAL_SUPPLY["K"].values()) == 20
    assert {k for k in D.BLACK_SUPPLY if k.startswith("K")} == set(D.BLACK_KNOWLEDGE)
    for animal in D.ANIMALS:
        total = {n: D.NORMAL_SUPPLY["A"].get(f"{animal}{n}", 0) + D.BLACK_SUPPLY.get(f"{animal}{n}", 0)
                 for n in (2, 3, 4)}
        assert total == {2: 2, 3: 3, 4: 2}
    for building in D.BUILDINGS:
        assert D.NORMAL_SUPPLY["B"][building] + D.BLACK_SUPPLY[building] == 7


def test_depot_plan_uses_the_supplies_exactly_with_four_players() -> None:
    per_phase = Counter(c for slots in D.DEPOT_SLOTS for c in slots)
    assert per_phase == {"B": 8, "S": 4, "K": 4, "A": 4, "C": 2, "M": 2}
    assert D.BLACK_DEPOT_SIZE[4] * 5 == sum(D.BLACK_SUPPLY.values())
    for colour, need in per_phase.items():
        start_castles = 4 if colour == "C" else 0
        assert need * 5 + start_castles == sum(D.NORMAL_SUPPLY[colour].values()), colour
