"""The benchmark's independent Tuscany player plays legal whole games and actually places tiles
(it is the bar the search must clear, so it must be a real player, issue 26)."""

from __future__ import annotations

import rules
from bench import ai as bench_ai
from bench.heuristics import tuscany as tuscany_rules


def test_the_rules_player_finishes_games_and_places_tiles() -> None:
    game = rules.get("tuscany")
    for seed in range(2):
        state = bench_ai.play_game("tuscany", 2, [tuscany_rules.play, bench_ai.random_policy], seed=seed)
        assert game.is_over(state)
        assert len(state["ps"][0]["cov"]) >= 8  # a start castle and many placements, not draws
        assert game.scores(state)[0] > game.scores(state)[1]
