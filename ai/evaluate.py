"""Position values: one number in [0, 1] per seat, higher is better.

A finished game is valued by its ranking (first 1, last 0). ``values`` — the one-ply greedy
baseline's evaluation — values an unfinished one by the score margin each game exposes through
``Game.scores``, squashed with a per-game scale: a margin of one ``SCALE`` is worth about three
quarters of a win. ``estimate`` — the search's evaluation — squashes the same way a per-game
estimate of the final scores that also counts what a seat holds for later (goods, projects,
partial triples, castle positions, the instant-win race), and in a solo game against a target
measures progress since the decision. Scales and weights are tuning tables, not logic.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from ai.estimates import MODULES
from ai.estimates.torres import projection as torres_projection
from rules import AUTOMA, Game

SCALE: dict[str, float] = {
    "fixer": 6.0,
    "burgundy": 12.0,
    "burgundy_cards": 12.0,
    "torres": 15.0,
    "tuscany": 8.0,
}
"""Points of margin worth about a 0.75 win expectation, per game (the greedy baseline's scales: the search's own live in ``ai.estimates``)."""


PROJECTIONS: dict[str, Callable[[Any], list[float]]] = {"torres": torres_projection}
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
    shared = game.places(state)
    for position, seat in enumerate(order):
        if seat == AUTOMA or not 0 <= seat < seats:
            continue
        # Seats sharing a place split the value of the positions they hold together (a shared win
        # of two is worth ½ each, as a draw), so the search neither seeks nor fears a tie unduly.
        tied = [i for i, place in enumerate(shared) if place == shared[position]] or [position]
        values[seat] = sum(1.0 - i / (places - 1) for i in tied) / len(tied)
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


# ---- the search's richer estimates ----------------------------------------------------------------
# ``values`` above is the score-margin evaluation of the one-ply greedy baseline (ai.greedy) and stays
# as it is. The search values positions with ``estimate``: the same kind of squashed margin, over a
# per-game estimate of the final scores (``ai.estimates``) that also counts what the game's structure
# says a seat holds for later. The benchmark (``python -m bench ai``) judges them.

ESTIMATES: dict[str, Callable[[Any], list[float]]] = {name: module.estimate for name, module in MODULES.items()}
"""Per game, the search's estimate of the final scores (else ``PROJECTIONS`` / ``Game.scores``)."""

LOST_SOLO_SHARE = 0.6
"""A lost solo game is still valued by how far it got, squeezed below an unfinished one's range."""


def raw_estimate(game: Game, state: Any) -> list[float] | None:
    """The per-game estimate of every seat's final score, or None where the game has none."""
    project = ESTIMATES.get(game.name)
    if project is None:
        return None
    try:
        return project(state)
    except (KeyError, IndexError, TypeError, ValueError):
        return None


def estimate(game: Game, state: Any, seats: int, baseline: list[float] | None = None) -> list[float]:
    """The search's value of ``state`` for each seat: the final ranking, or a squashed estimated margin.

    ``baseline`` (the estimate at the decision being searched) matters only in a solo game against
    a target, where there is no rival to measure a margin against: the value is then the progress
    made since the decision, so the search can tell one more tile from none. A finished solo game is
    a win (1) or a loss valued below every unfinished position by how far it got."""
    over = game.is_over(state)
    if seats == 1 and baseline is not None and hasattr(MODULES.get(game.name), "SOLO_SCALE"):
        if over and _solo_won(game, state):
            return [1.0]
        scores = raw_estimate(game, state) or [float(x) for x in game.scores(state)]
        value = 0.5 + 0.5 * math.tanh((scores[0] - baseline[0]) / MODULES[game.name].SOLO_SCALE)
        return [LOST_SOLO_SHARE * value] if over else [value]
    if over:
        return final_values(game, state, seats)
    scores = raw_estimate(game, state)
    if scores is None:
        return heuristic_values(game, state, seats)
    return _squash(game.name, scores, seats)


LEAD_WIDTH = 5.0
"""How much wider than ``SCALE`` the squash of a lead is (each game's ``LEAD_SHARE`` weighs it).

Why: the squashed margin is nearly flat once a seat leads by a few scales (0.955-0.971 for every
Burgundy move with a lead; 1.0 for every Torres move), so wasting workers on back-and-forth die
adjustments or ending a turn with action points left cost nothing the search could see, and the
choice among such moves was noise. A small share of a much wider squash keeps a lead's points
worth something without making the search play for points instead of the win."""


def _squash(name: str, scores: list[float], seats: int) -> list[float]:
    module = MODULES.get(name)
    scale = module.SCALE if module is not None else SCALE.get(name, 10.0)
    share = module.LEAD_SHARE if module is not None else 0.0
    out = []
    for seat in range(seats):
        if seat >= len(scores):
            out.append(0.5)
            continue
        rivals = [s for i, s in enumerate(scores) if i != seat]
        if not rivals:
            out.append(0.5 + 0.5 * math.tanh(scores[seat] / (3 * scale)))
            continue
        margin = scores[seat] - max(rivals)
        value = 0.5 + 0.5 * math.tanh(margin / scale)
        if share:
            value = (1.0 - share) * value + share * (0.5 + 0.5 * math.tanh(margin / (LEAD_WIDTH * scale)))
        out.append(value)
    return out
