"""The benchmark's independent Castles of Burgundy player plays legal whole games, beats random play
and plays like a sensible human: it fills its estate, uses its dice instead of hoarding workers, and
places a tile when a die fits (it is the bar the search must clear, so it must be a real player,
issue 26)."""

from __future__ import annotations

import random
import time
from collections import Counter

import rules
from ai.search import weighted
from bench import ai as bench_ai
from bench.heuristics import burgundy as burgundy_rules
from rules.core import CHANCE

GAME = rules.get("burgundy")


def _moves(seed: int, seats: list[bench_ai.Policy]) -> tuple[object, list[Counter[str]]]:
    """A whole seeded game and each seat's count of move verbs."""
    rng = random.Random(f"test-heuristic-burgundy:{seed}")
    state = GAME.new(2)
    verbs: list[Counter[str]] = [Counter(), Counter()]
    step = 0
    while GAME.to_act(state):
        seat = GAME.to_act(state)[0]
        step += 1
        if seat == CHANCE:
            state, _ = GAME.apply(state, CHANCE, weighted(rng, GAME.chance_outcomes(state)))
            continue
        action = seats[seat]("burgundy", GAME.view(state, seat), seat, seed * 1000 + step)
        verbs[seat][action.split()[0]] += 1
        state, _ = GAME.apply(state, seat, action)
    return state, verbs


def test_the_rules_player_finishes_games_and_beats_random() -> None:
    for seed in range(2):
        seats = [burgundy_rules.play, bench_ai.random_policy]
        if seed % 2:
            seats.reverse()
        state, verbs = _moves(seed, seats)
        me = seed % 2
        assert GAME.is_over(state)
        assert GAME.scores(state)[me] > GAME.scores(state)[1 - me] + 40
        filled = sum(1 for t in state["pl"][me]["est"] if t is not None)
        assert filled >= 20  # a sensible player fills most of the estate
        assert verbs[me]["place"] >= 18
        assert verbs[me]["workers"] <= 6  # workers only when a die has no use
        assert verbs[me]["adjust"] <= 15


def test_the_rules_player_places_when_a_die_fits() -> None:
    """At each of its decisions where a die-placement is legal, it places (rule 1)."""
    rng = random.Random("place-when-fits")
    state = GAME.new(2)
    checked = 0
    step = 0
    while GAME.to_act(state) and checked < 12:
        seat = GAME.to_act(state)[0]
        step += 1
        if seat == CHANCE:
            state, _ = GAME.apply(state, CHANCE, weighted(rng, GAME.chance_outcomes(state)))
            continue
        action = burgundy_rules.play("burgundy", GAME.view(state, seat), seat, step)
        legal = GAME.legal_actions(state, seat)
        if any(a.startswith("place ") for a in legal):
            assert action.startswith("place "), (legal, action)
            checked += 1
        state, _ = GAME.apply(state, seat, action)
    assert checked == 12


def test_the_rules_player_is_deterministic_and_fast() -> None:
    state = GAME.new(2)
    rng = random.Random("fast")
    times: list[float] = []
    step = 0
    while GAME.to_act(state) and len(times) < 60:
        seat = GAME.to_act(state)[0]
        step += 1
        if seat == CHANCE:
            state, _ = GAME.apply(state, CHANCE, weighted(rng, GAME.chance_outcomes(state)))
            continue
        view = GAME.view(state, seat)
        start = time.perf_counter()
        action = burgundy_rules.play("burgundy", view, seat, step)
        times.append(time.perf_counter() - start)
        assert burgundy_rules.play("burgundy", view, seat, step) == action
        state, _ = GAME.apply(state, seat, action)
    assert sum(times) / len(times) < 0.05
