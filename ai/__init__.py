"""AI opponents: a seat's view in, one legal action out (design.md, "The AI contract").

``ai`` imports only ``rules``. It never sees a game state: it searches over full states that the
game's pure sampler (``Game.sample_state``) builds from the seat's view, so a bot knows exactly
what its seat may know.
"""

from __future__ import annotations

import json
import random
from typing import Any

import rules
from ai import greedy
from ai import search as _search
from ai.levels import DEFAULT_LEVEL, LEVELS, ceiling_for, iterations_for, seconds_for
from ai.search import Search

__all__ = ["DEFAULT_LEVEL", "LEVELS", "ceiling_for", "choose", "greedy", "has_sampler", "hints", "iterations_for", "seconds_for"]


def has_sampler(game: str) -> bool:
    """Whether ``game`` can build states from a view, which a bot seat needs."""
    return type(rules.get(game)).sample_state is not rules.Game.sample_state


def choose(
    game: str,
    view: dict[str, Any],
    seat: int,
    *,
    seconds: float | None = None,
    iterations: int | None = None,
    seed: int = 0,
) -> str:
    """One legal action for ``seat``, given only ``rules.get(game).view(state, seat)``.

    With ``iterations`` set (and ``seconds`` None) the search runs exactly that many iterations and
    the answer depends only on the arguments; with ``seconds`` only it searches for that long (1 s
    when both are None); with both it stops at whichever comes first (a level's iteration target
    under its wall-clock ceiling, ``ai.levels``).
    Raises ``ValueError`` when ``seat`` has no decision in ``view``.
    """
    started = _search.CLOCK()
    if iterations is not None and iterations < 1:
        raise ValueError("iterations must be at least 1")
    rng = random.Random(f"{game}:{seat}:{seed}:{json.dumps(view, sort_keys=True)}")
    search = Search(rules.get(game), view, seat, rng)
    legal = search.root_actions()
    if not legal:
        raise ValueError(f"seat {seat} has no legal action in this view")
    if len(legal) == 1:
        return legal[0]
    if iterations is None and seconds is None:
        seconds = LEVELS[DEFAULT_LEVEL]
    search.run(iterations, seconds, legal, started)
    return search.best(legal)


def hints(
    game: str,
    view: dict[str, Any],
    seat: int,
    *,
    seconds: float | None = None,
    iterations: int | None = None,
    seed: int = 0,
    count: int = 3,
) -> list[tuple[str, float]]:
    """The search's ``count`` best moves for ``seat`` with their estimated value in [0, 1]
    (a win expectation; in a solo game, progress against the target), best first.

    The very search a bot runs (``choose``), from the seat's view only, so a hint reveals nothing
    the player cannot see; the ranking is the bot's: most visited first, then the better mean,
    then the better one-ply prior. A move the search never tried is valued by its prior."""
    if iterations is not None and iterations < 1:
        raise ValueError("iterations must be at least 1")
    rng = random.Random(f"hint:{game}:{seat}:{seed}:{json.dumps(view, sort_keys=True)}")
    search = Search(rules.get(game), view, seat, rng)
    started = _search.CLOCK()
    legal = search.root_actions()
    if not legal:
        raise ValueError(f"seat {seat} has no legal action in this view")
    if len(legal) > 1:
        search.run(iterations, seconds if seconds is not None or iterations is not None else LEVELS[DEFAULT_LEVEL], legal, started)
    ranked = []
    for action in legal:
        child = search.root.children.get((seat, action))
        prior = search.root.priors.get(action)
        prior_value = prior[seat] if prior and seat < len(prior) else 0.5
        value = child.mean(seat) if child and child.visits else prior_value
        ranked.append((-(child.visits if child else 0), -value, -prior_value, action, value))
    ranked.sort()
    return [(action, max(0.0, min(1.0, value))) for *_, action, value in ranked[:count]]
