"""Widening opens the best-prior move; among equal priors it draws, never taking notation order."""

from __future__ import annotations

import random

import rules
from ai import search


def probe(seed: int) -> search.Search:
    game = rules.get("torres")
    state = game.new(2)
    seat = game.to_act(state)[0]
    return search.Search(game, game.view(state, seat), seat, random.Random(seed))


def test_a_better_prior_always_wins() -> None:
    node = search.Node(priors={"a": [0.2, 0.8], "b": [0.7, 0.3], "c": [0.2, 0.8]})
    for seed in range(20):
        assert probe(seed).best_prior(node, 0, ["a", "b", "c"]) == "b"
        assert probe(seed).best_prior(node, 1, ["b", "a", "c"]) in ("a", "c")


def test_tied_priors_are_drawn_reproducibly() -> None:
    actions = [f"tower {c}{r}" for c in "abcdefgh" for r in "12"]
    node = search.Node(priors={a: [0.5, 0.5] for a in actions})
    picks = [probe(seed).best_prior(node, 0, actions) for seed in range(30)]
    assert len(set(picks)) > 5  # not always the first in notation order
    assert picks == [probe(seed).best_prior(node, 0, actions) for seed in range(30)]
