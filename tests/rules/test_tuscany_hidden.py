"""Property: no view shows another player's hand, an unrevealed choice, or any stack or deck order.

For many positions from random playouts, we change everything a seat may not know — the other
hands (same size), every stack's contents and order (the owner's included), the region deck's
composition, the yield and neutral stacks, and the other players' pending secret choices — and
check that the seat's view does not change at all.
"""

from __future__ import annotations

import json
import random

import pytest

from rules import CHANCE
from rules.tuscany import GAME
from rules.tuscany.data import COLOURS
from rules.tuscany.state import copy
from table.chance import resolve


def disguise(s: dict, seat: int | None, rng: random.Random) -> dict:
    t = copy(s)
    for j, p in enumerate(t["ps"]):
        if j != seat:
            total = sum(p["hand"].values())
            p["hand"] = {c: 0 for c in COLOURS}
            for _ in range(total):
                p["hand"][rng.choice(COLOURS)] += 1
            if not all(q["estate"] is not None for q in t["ps"]) and p["estate"] is not None:
                p["estate"] = [[b, not turned, 0] for b, turned, _ in reversed(p["estate"])]
            if not all(q["start"] is not None for q in t["ps"]) and p["start"] is not None:
                p["start"] = "z9"
        rng.shuffle(p["pool"])  # a stack's order is unknown even to its owner
    deck_total = sum(t["deck"].values())
    t["deck"] = {c: 0 for c in COLOURS}
    for _ in range(deck_total):
        t["deck"][rng.choice(COLOURS)] += 1
    rng.shuffle(t["neutral"])
    rng.shuffle(t["ydeck"])
    return t


def positions(players: int, seed: int, every: int = 7) -> list[dict]:
    rng = random.Random(seed)
    s = GAME.new(players, {"estate": "free"})
    out = []
    step = 0
    while not GAME.is_over(s):
        acting = GAME.to_act(s)
        if acting == [CHANCE]:
            s, _ = GAME.apply(s, CHANCE, resolve(seed, step, GAME.chance_outcomes(s)))
        else:
            seat = rng.choice(acting)
            s, _ = GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
        if step % every == 0 or len(acting) > 1:
            out.append(s)
        step += 1
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_views_ignore_hidden_information(players: int) -> None:
    rng = random.Random(players)
    for s in positions(players, seed=players):
        for seat in [None, *range(players)]:
            view = GAME.view(s, seat)
            other = GAME.view(disguise(s, seat, rng), seat)
            assert json.dumps(view, sort_keys=True) == json.dumps(other, sort_keys=True)


def test_own_hand_only_in_own_view() -> None:
    s = positions(3, seed=11)[-1]
    assert "me" not in GAME.view(s, None)
    for seat in range(3):
        view = GAME.view(s, seat)
        assert view["me"]["hand"] == s["ps"][seat]["hand"]
        text = json.dumps(view)
        assert "pool" not in text and '"hand":' in text
        assert all("hand" not in seat_view for seat_view in view["seats"])
