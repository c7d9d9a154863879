"""Random positions of whole games, and the check that a sampled state matches its view."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from ai.search import picker, weighted
from rules import CHANCE, Game


def positions(game: Game, players: int, seed: int, every: int = 1, options: dict[str, Any] | None = None) -> Iterator[Any]:
    """Every ``every``-th state of one seeded random game to its end (the end included)."""
    rng = random.Random(f"positions:{game.name}:{players}:{seed}")
    state = game.new(players, options)
    step = 0
    while True:
        acting = game.to_act(state)
        if step % every == 0 or not acting:
            yield state
        if not acting:
            return
        step += 1
        if acting == [CHANCE]:
            state, _ = game.apply(state, CHANCE, weighted(rng, game.chance_outcomes(state)))
            continue
        seat = acting[int(rng.random() * len(acting))]
        legal = game.legal_actions(state, seat)
        state, _ = game.apply(state, seat, legal[int(rng.random() * len(legal))])


def seats_of(game: Game, state: Any, players: int) -> list[int]:
    return list(range(players))


def check_sample(game: Game, state: Any, seat: int, seed: int) -> Any:
    """Sample from ``seat``'s view and assert the sample shows that seat the same game."""
    view = game.view(state, seat)
    sample = game.sample_state(view, seat, picker(random.Random(seed)))
    assert game.view(sample, seat) == view, f"{game.name}: sampled view differs"
    assert game.to_act(sample) == game.to_act(state)
    if seat in game.to_act(state):
        assert game.legal_actions(sample, seat) == game.legal_actions(state, seat)
    assert game.loads(game.dumps(sample)) == sample
    return sample
