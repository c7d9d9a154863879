"""The search's estimates: in range, consistent with the final result, and sensitive to what they count."""

from __future__ import annotations

import copy

import pytest

import ai
import rules
from ai.evaluate import ESTIMATES, estimate, raw_estimate, values
from tests.ai.positions import positions

PLAYABLE = [name for name in rules.GAMES if ai.has_sampler(name)]


@pytest.mark.parametrize("name", PLAYABLE)
def test_estimates_are_values_in_range_and_finals_are_rankings(name: str) -> None:
    game = rules.get(name)
    players = 2
    seen = 0
    for state in positions(game, players, seed=2, every=7):
        out = estimate(game, state, players)
        assert len(out) == players and all(0.0 <= v <= 1.0 for v in out)
        if game.is_over(state):
            assert out == values(game, state, players)
        seen += 1
    assert seen > 3


@pytest.mark.parametrize("name", sorted(ESTIMATES))
def test_every_estimate_gives_a_number_per_seat(name: str) -> None:
    game = rules.get(name)
    for state in positions(game, 2, seed=4, every=11):
        raw = raw_estimate(game, state)
        assert raw is not None and len(raw) >= 2


def _midgame(name: str, players: int) -> dict:
    game = rules.get(name)
    states = [s for s in positions(game, players, seed=5, every=1) if not game.is_over(s)]
    return states[len(states) // 2]


def test_burgundy_counts_goods_silver_and_storage() -> None:
    game = rules.get("burgundy")
    state = _midgame("burgundy", 2)
    base = raw_estimate(game, state)
    for change in ("goods", "silver", "store"):
        richer = copy.deepcopy(state)
        pl = richer["pl"][0]
        if change == "goods":
            pl["goods"][0] += 2
        elif change == "silver":
            pl["silver"] += 2
        else:
            pl["store"] = [*pl["store"][:2], "CAS"]
        after = raw_estimate(game, richer)
        assert after is not None and base is not None
        assert after[1] == base[1], change
        if change != "store" or len(state["pl"][0]["store"]) < 3:
            assert after[0] > base[0], change
    more = copy.deepcopy(state)
    more["pl"][0]["goods"][0] += 3
    assert estimate(game, more, 2)[0] > estimate(game, state, 2)[0]


def test_card_game_counts_projects_and_partial_triples() -> None:
    game = rules.get("burgundy_cards")
    state = _midgame("burgundy_cards", 2)
    base = raw_estimate(game, state)
    richer = copy.deepcopy(state)
    richer["pl"][1]["proj"] = [*richer["pl"][1]["proj"][:2], "CAS3a"]
    richer["pl"][1]["silver"] += 3
    after = raw_estimate(game, richer)
    assert base is not None and after is not None
    assert after[1] > base[1] and after[0] == base[0]


def test_fixer_values_the_instant_win_race() -> None:
    game = rules.get("fixer")
    state = next(s for s in positions(game, 2, seed=1) if s["regions"] and s["stage"] != "initial")
    near = copy.deepcopy(state)
    near["regions"][0]["marks"] = [["black"] * 3, []]
    near["regions"][1]["marks"] = [["black"] * 2, []]
    near["regions"][1]["left"] = 1
    assert raw_estimate(game, near)[0] > raw_estimate(game, state)[0]


def test_solo_burgundy_measures_progress_from_the_decision() -> None:
    game = rules.get("burgundy")
    state = _midgame("burgundy", 1)
    baseline = raw_estimate(game, state)
    assert baseline is not None
    assert estimate(game, state, 1, baseline) == [0.5]
    placed = copy.deepcopy(state)
    spot = placed["pl"][0]["est"].index(None)
    placed["pl"][0]["est"][spot] = "CAS"
    assert estimate(game, placed, 1, baseline)[0] > 0.5
