"""``Game.places``: the finishing places behind ``ranking``, shared where the rules separate no one.

Over random whole games of every game and player count, the places agree with each game's own
account of its result (FIXER's shared first place, Tuscany's winners, the card game's places,
Burgundy's full tie-break), and a shared first place is worth the same to every seat that holds it.
"""

from __future__ import annotations

from typing import Any

import pytest

import rules
from ai.evaluate import final_values
from rules.core import shared_places
from rules.fixer import engine as fixer_engine
from tests.conformance import playout

CASES = [(name, players) for name, game in rules.GAMES.items() for players in range(game.min_players, game.max_players + 1)]


def _finished(game: rules.Game, players: int, seed: int) -> Any:
    return playout(game, players, seed=seed).state


def test_shared_places_skip_the_positions_a_tie_takes() -> None:
    assert shared_places([5, 5, 3, 3, 1]) == [1, 1, 3, 3, 5]
    assert shared_places([(0, 1), (0, 2)]) == [1, 2]
    assert shared_places([]) == []


@pytest.mark.parametrize(("name", "players"), CASES)
def test_places_agree_with_each_games_own_result(name: str, players: int) -> None:
    game = rules.get(name)
    for seed in range(12):
        state = _finished(game, players, seed)
        order, places = game.ranking(state), game.places(state)
        assert len(places) == len(order) and places[0] == 1
        assert places == shared_places(places)  # well formed: 1, 1, 3 — never 1, 2, 2 for a tie of three
        first = [seat for seat, place in zip(order, places, strict=True) if place == 1]
        if name == "burgundy":
            assert places == list(range(1, len(order) + 1))  # the turn order settles every tie
        elif name == "burgundy_cards":
            assert places == state["final"]["places"]
        elif name == "tuscany":
            assert first == state["result"]["winners"]
        elif name == "fixer":
            assert (len(first) > 1) == fixer_engine.shared_first_place(state)
        elif name == "torres":
            scores = game.scores(state)
            assert all(scores[a] == scores[b] for a in first for b in first)


def test_a_shared_first_place_is_worth_the_same_to_both() -> None:
    """The search values a shared win as a draw (½ each of two), never as a win for the lower seat."""
    game = rules.get("burgundy_cards")
    state = _finished(game, 2, 89)  # a random 2-player game that ends level on every tie-break
    assert game.places(state) == [1, 1]
    assert final_values(game, state, 2) == [0.5, 0.5]
