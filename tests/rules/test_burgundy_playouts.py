"""Busy seeded playouts (placing and answering effects) over every player count and option, with
state invariants checked after every step. (Speed is measured by `python -m bench`, not asserted here.)"""

from __future__ import annotations

import random

import pytest

from rules import IllegalAction
from rules.burgundy import GAME
from rules.burgundy.data import BOARDS, tile_colour
from rules.burgundy.notation import fmt, parse
from tests.conformance import option_variants
from tests.rules.test_burgundy_support import busy_playout

CASES = [(n, opts) for n in range(1, 5) for opts in option_variants(GAME, n)]


def invariants(state: dict) -> None:
    solo = state["solo"] is not None
    for pl in state["pl"]:
        assert len(pl["store"]) <= 3
        assert pl["silver"] >= 0 and pl["workers"] >= 0
        assert all(c >= 0 for c in pl["goods"])
        if not solo:
            assert sum(1 for c in pl["goods"] if c) <= 3
        if pl["board"]:
            board = BOARDS[pl["board"]]
            for i, tile in enumerate(pl["est"]):
                if tile is not None and tile != "JOK":
                    assert tile_colour(tile) == board.colour[i], (tile, i)
    taken = [b for pl in state["pl"] for b in pl["bonus"]]
    assert len(taken) == len(set(taken))
    assert sum(state["gpool"]) >= 0


@pytest.mark.parametrize("case", CASES, ids=[f"{n}p-{o}" for n, o in CASES])
def test_busy_playouts_keep_invariants(case: tuple) -> None:
    players, opts = case
    for seed in range(2):
        log = busy_playout(players, seed, opts)
        state = GAME.new(players, opts)
        for seat, action in log:
            state, _ = GAME.apply(state, seat, action)
            invariants(state)
        assert GAME.is_over(state)
        final = state["final"]
        for row in final["rows"]:
            if players > 1:
                assert row["total"] == sum(row[k] for k in ("in_game", "knowledge", "goods", "silver", "workers"))
        if players > 1:
            assert max(r["total"] for r in final["rows"]) > 60  # busy play scores


def _random_action(rng: random.Random) -> str:
    tiles = ["CAS", "MIN", "SHP", "COW3", "HEN2", "WAR", "CIT", "K05", "K12", "JOK"]
    d, v, i, t, u = rng.randint(1, 6), rng.randint(1, 6), rng.randint(0, 36), rng.choice(tiles), rng.choice(tiles)
    drop = rng.choice(["", f" drop {u}"])
    return rng.choice([
        "pass", "skip", f"adjust {d}>{v}", f"take {d}:{t}{drop}", f"take {d}>{v}:{t}{drop}",
        f"place {d}:{t}@{i}", f"place {d}>{v}:{t}@{i}", f"sell {d}", f"workers {d}", "workers",
        f"buy {t}{drop}", f"buy {d}:{t}{drop}", f"vp {d}", f"choose D{d}", f"choose D{d}+D{v} G{v}",
        f"choose G{d}", f"choose {d}:{t}{drop}", f"choose {t}@{i}", f"swap {t} 1123{d}{drop}",
        f"board {d}", f"castle @{i}", f"roll {d}", f"draw {t}", f"goods G{d}", f"deal {d}",
    ])


@pytest.mark.parametrize("players", [1, 2, 4])
def test_well_formed_moves_are_either_legal_or_refused_with_a_reason(players: int) -> None:
    rng = random.Random(players)
    state = GAME.new(players)
    for seat, action in busy_playout(players, seed=8)[:400]:
        acting = GAME.to_act(state)
        probe_seat = acting[0] if acting else 0
        legal = set(GAME.legal_actions(state, probe_seat))
        for _ in range(15):
            probe = _random_action(rng)
            try:
                GAME.apply(state, probe_seat, probe)
            except IllegalAction as err:
                assert err.key and err.reason and GAME.reason_text(err, "zh-TW")
                if err.key != "garbage":  # e.g. "choose D3+D3" does not parse at all
                    assert fmt(parse(probe)) not in legal
            else:
                assert fmt(parse(probe)) in legal
        state, _ = GAME.apply(state, seat, action)
