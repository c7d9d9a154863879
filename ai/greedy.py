"""The one-ply greedy player: the move with the best immediate value, ties broken by a seeded draw.

It sees only its seat's view. From the view it builds one full state consistent with it through
the game's sampler (``Game.sample_state``: what the view hides is drawn by a generator seeded by
the arguments), which gives exactly the seat's true legal moves. Each legal move is applied to
that state once and the result valued by ``ai.evaluate`` — the final ranking if the move ends the
game, else the seat's score margin over its best rival — so the bot takes points when it can and
never plays uniformly at random when one move is measurably better. Only when moves tie (nothing
measurable separates them) does the seeded draw decide, so equal arguments give equal moves.
"""

from __future__ import annotations

import json
import random
from typing import Any

import rules
from ai.evaluate import values
from ai.search import index, picker

LEVEL = "greedy"
"""The bot level name of this policy (next to the search levels of ``ai.levels``)."""

EPSILON = 1e-9


def choose(game: str, view: dict[str, Any], seat: int, *, seed: int = 0) -> str:
    """One legal action for ``seat`` given only ``rules.get(game).view(state, seat)``.

    Deterministic for equal arguments. ``ValueError`` when ``seat`` has no decision in ``view``.
    """
    rules_game = rules.get(game)
    rng = random.Random(f"greedy:{game}:{seat}:{seed}:{json.dumps(view, sort_keys=True)}")
    state = rules_game.sample_state(view, seat, picker(rng))
    legal = rules_game.legal_actions(state, seat) if seat in rules_game.to_act(state) else []
    if not legal:
        raise ValueError(f"seat {seat} has no legal action in this view")
    if len(legal) == 1:
        return legal[0]
    best: list[str] = []
    best_value = -1.0
    for action in legal:
        after, _ = rules_game.apply(state, seat, action)
        seats = max(seat + 1, len(rules_game.scores(after)))
        value = values(rules_game, after, seats)[seat]
        if value > best_value + EPSILON:
            best, best_value = [action], value
        elif value >= best_value - EPSILON:
            best.append(action)
    return best[index(rng, len(best))]
