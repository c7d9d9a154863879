"""Evaluations that know each game (issue 26), on hand-built positions."""

from __future__ import annotations

import copy
from typing import Any

import ai
import rules
from ai.evaluate import estimate
from rules.tuscany.state import colour_of, lay
from tests.ai.positions import positions

TUSCANY = rules.get("tuscany")


def settle(game: rules.Game, state: Any) -> Any:
    """Resolve chance steps with their first outcome (a reproducible continuation)."""
    while game.to_act(state) == [rules.CHANCE]:
        state, _ = game.apply(state, rules.CHANCE, game.chance_outcomes(state)[0][0])
    return state


def three_area_nearly_done() -> tuple[Any, int, str]:
    """A Tuscany main action where the seat to act holds a village tile and two workers, and two
    of the three spaces of a village area of its estate are covered: (state, seat, the space)."""
    for state in positions(TUSCANY, 2, seed=5, every=1):
        if state["phase"] != "play" or state["turn"] is None or state["turn"]["stage"] != "main":
            continue
        seat = TUSCANY.to_act(state)[0]
        if "draw" not in TUSCANY.legal_actions(state, seat):
            continue
        p = state["ps"][seat]
        layout = lay(state, seat)
        for spaces in layout.areas.values():
            colour = layout.colour[spaces[0]]
            if len(spaces) != 3 or colour != "V" or any(sp in p["cov"] for sp in spaces):
                continue
            tiles = [code for code in p["pool"] if colour_of(code) == "V"]
            if len(tiles) < 3 or len(p["store"]) >= 1:
                continue
            built = copy.deepcopy(state)
            q = built["ps"][seat]
            for sp, code in zip(spaces[:2], tiles[:2], strict=True):
                q["cov"][sp] = code
                q["pool"].remove(code)
                q["stacks"][-1] -= 1
            q["pool"].remove(tiles[2])
            q["stacks"][-1] -= 1
            q["store"] = [tiles[2]]
            q["workers"] = 2
            return built, seat, spaces[2]
    raise AssertionError("no position with an empty village area of three")


def test_tuscany_prefers_completing_a_three_area_over_drawing() -> None:
    state, seat, space = three_area_nearly_done()
    tile = state["ps"][seat]["store"][0]
    place = f"place {tile}@{space} using wk+wk"
    legal = TUSCANY.legal_actions(state, seat)
    assert place in legal and "draw" in legal
    placed = settle(TUSCANY, TUSCANY.apply(state, seat, place)[0])
    drawn = settle(TUSCANY, TUSCANY.apply(state, seat, "draw")[0])
    assert estimate(TUSCANY, placed, 2)[seat] > estimate(TUSCANY, drawn, 2)[seat] + 0.05
    # and the search, with a fixed budget, places rather than draws
    chosen = ai.choose("tuscany", TUSCANY.view(state, seat), seat, iterations=150, seed=1)
    assert chosen.startswith("place "), chosen


def test_tuscany_values_green_by_the_scorings_still_to_come() -> None:
    state, seat, _ = three_area_nearly_done()
    richer = copy.deepcopy(state)
    richer["ps"][seat]["green"] += 3
    assert estimate(TUSCANY, richer, 2)[seat] > estimate(TUSCANY, state, 2)[seat]


def first_position(name: str, wanted: Any) -> tuple[Any, int]:
    """The first position of a seeded random game where ``wanted(state, seat, legal)`` holds."""
    game = rules.get(name)
    for state in positions(game, 2, seed=3, every=1):
        acting = game.to_act(state)
        if acting and acting != [rules.CHANCE] and wanted(state, acting[0], game.legal_actions(state, acting[0])):
            return state, acting[0]
    raise AssertionError(f"no such {name} position")


def test_torres_ending_a_turn_with_points_left_loses_even_far_ahead() -> None:
    """Every move once looked worth 1.0 to a leader, so "end" tied with five scoring actions."""
    game = rules.get("torres")
    state, seat = first_position("torres", lambda s, seat, legal: s["stage"] == "turn" and s["t"]["ap"] >= 3
                                 and {"end", "score"} <= set(legal))
    state = copy.deepcopy(state)
    state["ps"][seat]["score"] += 60  # far ahead: the squashed margin is flat here
    after_score = estimate(game, game.apply(state, seat, "score")[0], 2)[seat]
    after_end = estimate(game, game.apply(state, seat, "end")[0], 2)[seat]
    assert after_score - after_end > 0.002
    chosen = ai.choose("torres", game.view(state, seat), seat, iterations=120, seed=2)
    assert chosen != "end"


def test_burgundy_a_pointless_die_adjustment_loses_even_far_ahead() -> None:
    game = rules.get("burgundy")
    state, seat = first_position("burgundy", lambda s, seat, legal: any(a.startswith("adjust") for a in legal))
    state = copy.deepcopy(state)
    state["pl"][seat]["vp"] += 60
    state["pl"][seat]["workers"] = 4
    adjust = next(a for a in game.legal_actions(state, seat) if a.startswith("adjust"))
    adjusted, _ = game.apply(state, seat, adjust)
    # the die changed and a worker is gone: with nothing gained for it, the leader sees the loss
    # (it was 5e-6 on the flat squash, far below any search's noise; the one-ply priors that break
    # the search's near-ties see it exactly, ``test_near_ties_go_to_the_better_value``)
    assert estimate(game, state, 2)[seat] - estimate(game, adjusted, 2)[seat] > 2e-4
