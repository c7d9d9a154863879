"""Position values for truncated rollouts: one number in [0, 1] per seat, higher is better.

A finished game is valued by its ranking (first 1, last 0). An unfinished one is valued by the
score margin each game exposes through ``Game.scores``, squashed with a per-game scale: a margin
of one ``SCALE`` is worth about three quarters of a win. The scale is a tuning table, not logic.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from rules import AUTOMA, Game
from rules.torres.board import castles
from rules.torres.data import PHASES as TORRES_PHASES
from rules.torres.scoring import castle_points

SCALE: dict[str, float] = {
    "fixer": 6.0,
    "burgundy": 12.0,
    "burgundy_cards": 12.0,
    "torres": 15.0,
    "tuscany": 8.0,
}
"""Points of margin worth about a 0.75 win expectation, per game (tuned by the benchmark)."""


def _torres_projection(state: Any) -> list[float]:
    """Score plus the castle points each seat would get at every phase scoring still to come.

    Torres scores only at phase ends, so the running score says little mid-phase; a knight high on a
    large castle is worth its area × level at each later scoring if it stays."""
    cs = castles(state["h"])
    scorings = TORRES_PHASES - state["phase"] + 1
    return [
        p["score"] + 0.8 * scorings * castle_points(state["h"], state["fig"], cs, seat)
        for seat, p in enumerate(state["ps"])
    ]


PROJECTIONS: dict[str, Callable[[Any], list[float]]] = {"torres": _torres_projection}
"""Per game, a better running estimate of the final scores than ``Game.scores``."""


def _solo_won(game: Game, state: Any) -> bool | None:
    """Burgundy's solo game is won against its target, not a rival: the rules record the outcome."""
    final = state.get("final") if isinstance(state, dict) else None
    solo = final.get("solo") if isinstance(final, dict) else None
    return bool(solo["won"]) if isinstance(solo, dict) and "won" in solo else None


def final_values(game: Game, state: Any, seats: int) -> list[float]:
    """Win values of a finished game from its ranking; the automa counts as a rival place."""
    order = game.ranking(state)
    places = len(order)
    values = [0.0] * seats
    won = _solo_won(game, state) if seats == 1 else None
    if won is not None:
        values[0] = 1.0 if won else 0.0
        return values
    if places <= 1:
        # Solo against the rules: a win is beating the automa or just a higher score.
        if seats == 1:
            scores = game.scores(state)
            values[0] = 1.0 if len(scores) < 2 or scores[0] > scores[1] else 0.0
        return values
    for place, seat in enumerate(order):
        if seat == AUTOMA or not 0 <= seat < seats:
            continue
        values[seat] = 1.0 - place / (places - 1)
    return values


def heuristic_values(game: Game, state: Any, seats: int) -> list[float]:
    """Values of an unfinished game from score margins (each seat against its best rival)."""
    try:
        project = PROJECTIONS.get(game.name)
        scores = project(state) if project is not None else [float(x) for x in game.scores(state)]
    except (KeyError, IndexError, TypeError, ValueError):
        return [0.5] * seats
    scale = SCALE.get(game.name, 10.0)
    values = []
    for seat in range(seats):
        rivals = [s for i, s in enumerate(scores) if i != seat]
        if seat >= len(scores):
            values.append(0.5)
            continue
        if not rivals:
            # Solo against the rules' target (Burgundy: tiles placed): more is better.
            values.append(0.5 + 0.5 * math.tanh(scores[seat] / (3 * scale)))
            continue
        margin = (scores[seat] - max(rivals)) / scale
        values.append(0.5 + 0.5 * math.tanh(margin))
    return values


def values(game: Game, state: Any, seats: int) -> list[float]:
    """The value of ``state`` for each of ``seats`` seats."""
    if game.is_over(state):
        return final_values(game, state, seats)
    return heuristic_values(game, state, seats)
