"""Position values for truncated rollouts: one number in [0, 1] per seat, higher is better.

A finished game is valued by its ranking (first 1, last 0). An unfinished one is valued by the
score margin each game exposes through ``Game.scores``, squashed with a per-game scale: a margin
of one ``SCALE`` is worth about three quarters of a win. The scale is a tuning table, not logic.
"""

from __future__ import annotations

import math
from typing import Any

from rules import AUTOMA, Game

SCALE: dict[str, float] = {
    "fixer": 6.0,
    "burgundy": 12.0,
    "burgundy_cards": 12.0,
    "torres": 15.0,
    "tuscany": 8.0,
}
"""Points of margin worth about a 0.75 win expectation, per game (tuned by the benchmark)."""


def final_values(game: Game, state: Any, seats: int) -> list[float]:
    """Win values of a finished game from its ranking; the automa counts as a rival place."""
    order = game.ranking(state)
    places = len(order)
    values = [0.0] * seats
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
        scores = [float(x) for x in game.scores(state)]
    except (KeyError, IndexError, TypeError, ValueError):
        return [0.5] * seats
    scale = SCALE.get(game.name, 10.0)
    values = []
    for seat in range(seats):
        rivals = [s for i, s in enumerate(scores) if i != seat]
        if not rivals or seat >= len(scores):
            values.append(0.5)
            continue
        margin = (scores[seat] - max(rivals)) / scale
        values.append(0.5 + 0.5 * math.tanh(margin))
    return values


def values(game: Game, state: Any, seats: int) -> list[float]:
    """The value of ``state`` for each of ``seats`` seats."""
    if game.is_over(state):
        return final_values(game, state, seats)
    return heuristic_values(game, state, seats)
