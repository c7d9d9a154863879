"""Many seeded random games for every count and option, with conservation checked at every step.

Every hex tile is in exactly one place (a stack pool, the neutral stack, the display, a storage,
an estate, set aside or boxed); the 122 region cards and 27 yield cards are all accounted for;
square bonus tiles are conserved; stack sizes match the pools; the game always ends after round 3.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rules import CHANCE
from rules.tuscany import GAME
from rules.tuscany.data import BONUS_TYPES, data
from table.chance import resolve

CASES = [
    (players, opts)
    for players in (2, 3, 4)
    for opts in (
        {},
        {"estate": "fixed"},
        {"boards": "preset"},
        {"round_end": "equal_turns"},
        {"final_tiles": "storage_and_stacks"},
        {"start_player": "host"},
    )
]


def conserved(s: dict) -> None:
    d = data(s["v"])
    everything = Counter(c for seat in range(s["n"]) for c in d.set_codes(seat)) + Counter(list(d.neutral))
    where: Counter[str] = Counter(s["neutral"]) + Counter(c for c in s["display"] if c)
    where += Counter(s["aside"]) + Counter(s["box"])
    where += Counter(
        t[2] for t in s["tasks"] if t[0] == "place" and t[2] != "hex"
    )  # a castle's tile in flight
    for p in s["ps"]:
        assert len(p["pool"]) == sum(p["stacks"])
        where += Counter(p["pool"]) + Counter(i for i in p["store"] if i != "hex")
        where += Counter(c for c in p["cov"].values() if c != "hex" and not c.endswith("S"))
        assert len(p["store"]) <= 1 + p["bonus"]["ST"]
        assert min(p["marble"], p["workers"], p["green"], p["red"], *p["hand"].values()) >= 0
    assert where == everything
    cards = (
        sum(s["deck"].values()) + sum(s["discard"].values()) + sum(sum(p["hand"].values()) for p in s["ps"])
    )
    assert cards == sum(d.region_cards.values())
    assert sorted(s["ydeck"] + s["ydiscard"]) == sorted(d.yield_cards)
    for tile in BONUS_TYPES:
        assert s["supply"][tile] + sum(p["bonus"][tile] for p in s["ps"]) == d.bonus_supply


@pytest.mark.parametrize(
    "case", CASES, ids=[f"{p}p-{','.join(f'{k}={v}' for k, v in o.items()) or 'default'}" for p, o in CASES]
)
def test_many_seeded_games_end_and_conserve_everything(case: tuple) -> None:
    players, opts = case
    for seed in range(8):
        rng = random.Random(seed)
        s = GAME.new(players, opts)
        step = 0
        while not GAME.is_over(s):
            acting = GAME.to_act(s)
            if acting == [CHANCE]:
                seat, action = CHANCE, resolve(seed, step, GAME.chance_outcomes(s))
            else:
                seat = rng.choice(acting)
                action = rng.choice(GAME.legal_actions(s, seat))
            s, _ = GAME.apply(s, seat, action)
            if step % 5 == 0:
                conserved(s)
            step += 1
            assert step < 20_000
        conserved(s)
        assert s["round"] == 3 and s["result"]["ranking"] == GAME.ranking(s)
        assert sorted(GAME.ranking(s)) == list(range(players))
