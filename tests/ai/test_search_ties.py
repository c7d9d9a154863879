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


def test_near_ties_go_to_the_better_value() -> None:
    """Moves within visit noise of the leader are told apart by the search's values (issue 26:
    with a lead every move looked alike and the most visited one was an accident)."""
    game = rules.get("fixer")
    probe = search.Search(game, {"players": 2}, 0, random.Random(0))

    def child(visits: int, mean: float) -> search.Node:
        node = search.Node(visits=visits)
        node.total = [mean * visits, (1 - mean) * visits]
        return node

    probe.root.children = {(0, "a"): child(100, 0.60), (0, "b"): child(95, 0.70), (0, "c"): child(50, 0.95)}
    assert probe.best(["a", "b", "c"]) == "b"  # c is far fewer visits: not a near tie
    probe.root.children[(0, "b")] = child(95, 0.60)
    probe.root.priors = {"a": [0.5, 0.5], "b": [0.52, 0.48], "c": [0.9, 0.1]}
    assert probe.best(["a", "b", "c"]) == "b"  # equal means: the better one-ply value
