"""Data invariants of the card game (reference §2): card counts per colour and die value."""

from __future__ import annotations

from collections import Counter

import pytest

from rules.burgundy_cards import data as D


@pytest.mark.parametrize("table", list(D.DIE_TABLES))
def test_card_counts_per_colour(table: str) -> None:
    cards = D.DIE_TABLES[table]
    assert len(cards) == 114
    assert Counter(D.colour(c) for c in cards) == D.CARDS_PER_COLOUR
    assert Counter(D.prefix(c) for c in cards if D.colour(c) == "BLD") == {t: 3 for t in D.BUILDING_TYPES}


def test_even_table_per_die_value() -> None:
    cards = D.DIE_TABLES["even"]
    per_die = Counter(cards.values())
    assert per_die == {v: 19 for v in range(1, 7)}
    for value in range(1, 7):
        colours = Counter(D.colour(c) for c, d in cards.items() if d == value)
        assert colours == {"CAS": 2, "MIN": 2, "CLO": 2, "KNO": 3, "SHI": 3, "PAS": 3, "BLD": 4}
        types = [D.prefix(c) for c, d in cards.items() if d == value and D.colour(c) == "BLD"]
        assert len(set(types)) == 4
    by_type = {t: sorted(d for c, d in cards.items() if D.prefix(c) == t) for t in D.BUILDING_TYPES}
    assert by_type == {"WAR": [1, 3, 5], "CAR": [1, 4, 6], "CHU": [1, 3, 5], "MAR": [1, 4, 6], "BOA": [2, 3, 6],
                       "BAN": [2, 4, 5], "CIT": [2, 3, 6], "WAT": [2, 4, 5]}


def test_canonical_order_and_codes_carry_the_die() -> None:
    codes = list(D.DIE_TABLES["even"])
    assert codes[:3] == ["CAS1a", "CAS1b", "MIN1a"]
    assert codes[15:19] == ["WAR1a", "CAR1a", "CHU1a", "MAR1a"]
    assert codes[-1] == "CIT6a" and codes[56] == "CIT3a"
    assert all(int(c[3]) == d for c, d in D.DIE_TABLES["even"].items())


def test_goods_animals_bonus_and_setup_tables() -> None:
    assert len(D.GOODS_CODES) == 18 and Counter(D.goods_kind(g) for g in D.GOODS_CODES) == {k: 6 for k in D.GOODS_KINDS}
    assert len(D.ANIMAL_CODES) == 20 and Counter(D.species(a) for a in D.ANIMAL_CODES) == {s: 5 for s in D.SPECIES}
    assert D.SELL_KIND == {1: "light", 2: "light", 3: "medium", 4: "medium", 5: "dark", 6: "dark"}
    assert sorted(D.ALL7_VALUE.values()) == [1, 2, 3, 4]
    for name, sets in D.ALL7_SETS.items():
        for players, stack in sets.items():
            assert list(stack) == sorted(stack, key=lambda c: -D.ALL7_VALUE[c]), name
            assert len(stack) >= players
    for rule, table in D.START_WORKERS.items():
        assert all(len(w) == n for n, w in table.items()), rule
    assert D.DISPLAY_SIZE == {1: 7, 2: 7, 3: 10, 4: 13}
    for table in D.TRIPLE_VP.values():
        assert set(table) == set(D.COLOURS) and table["CLO"] == 6


def test_goods_vp_accepts_a_number_a_kind_map_or_a_code_map() -> None:
    assert D.goods_vp("LGTa", 2) == 2 and D.goods_vp("DRKf", 3) == 3
    assert D.goods_vp("MEDb", {"light": 1, "medium": 2, "dark": 3}) == 2
    assert D.goods_vp("DRKc", {"DRKc": 4, "light": 1, "medium": 1, "dark": 1}) == 4


def test_solo_ladder() -> None:
    assert [D.solo_title(s) for s in (0, 29, 30, 35, 40, 44, 45, 80)] == [
        "squire", "squire", "knight", "baron", "count", "count", "duke", "duke"]
