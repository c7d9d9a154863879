"""The benchmark's independent Torres player: legal whole games, beats random, spends its action
points, climbs and builds like a sensible player (it is the bar the search must clear, issue 26)."""

from __future__ import annotations

from typing import Any

import rules
from bench import ai as bench_ai
from bench.heuristics import torres as torres_rules
from tests.ai.torres_positions import square


def _first_turn() -> Any:
    """A 2-player game at blue's first turn, the setup played by the rules player."""
    game = rules.get("torres")
    state, _ = game.apply(game.new(2), rules.CHANCE, "first blue")
    while state["stage"] != "turn":
        seat = game.to_act(state)[0]
        state, _ = game.apply(state, seat, torres_rules.play("torres", game.view(state, seat), seat, 0))
    return state


def _board(state: Any, heights: dict[str, int], figures: dict[str, int], king: str) -> Any:
    """``state`` with its board replaced: the named heights, knights (seat per square) and King."""
    state["h"] = [0] * 64
    state["fig"] = [-1] * 64
    for name, height in heights.items():
        state["h"][square(name)] = height
    for name, seat in figures.items():
        state["fig"][square(name)] = seat
    state["king"] = square(king)
    state["fig"][state["king"]] = 9
    for seat, p in enumerate(state["ps"]):
        p["knights"] = sum(1 for f in state["fig"] if f == seat)
    return state


def test_it_finishes_games_beats_random_and_spends_its_action_points() -> None:
    game = rules.get("torres")
    for seed, seat in ((0, 0), (1, 1)):
        policies = [bench_ai.random_policy, bench_ai.random_policy]
        policies[seat] = torres_rules.play
        state, _ = game.apply(game.new(2), rules.CHANCE, "first blue")
        wasted = 0
        step = 0
        while game.to_act(state):
            acting = game.to_act(state)
            if acting == [rules.CHANCE]:
                state, _ = game.apply(state, rules.CHANCE, game.chance_outcomes(state)[0][0])
                continue
            step += 1
            who = acting[0]
            action = policies[who]("torres", game.view(state, who), who, seed * 1000 + step)
            assert action in game.legal_actions(state, who)
            if who == seat and action == "end":
                wasted += state["t"]["ap"]
            state, _ = game.apply(state, who, action)
        assert game.is_over(state)
        assert wasted == 0  # every action point of every turn went somewhere
        assert game.scores(state)[seat] > 2 * game.scores(state)[1 - seat]
        assert state["ps"][seat]["knights"] >= 4  # it spreads knights, not only scores AP


def _play_turn(state: Any, seat: int) -> tuple[Any, list[str]]:
    """The rules player's whole turn from ``state``: the state after its ``end`` and its decisions."""
    game = rules.get("torres")
    done: list[str] = []
    while True:
        action = torres_rules.play("torres", game.view(state, seat), seat, len(done))
        done.append(action)
        if action == "end":
            return state, done
        state, _ = game.apply(state, seat, action)


def test_it_climbs_onto_the_taller_square_of_a_castle_within_its_turn() -> None:
    """A blue knight on level 1 beside level 2 of the same area-3 castle: by the turn's end it
    stands on level 2 (3 → at least 6 castle points), and all 5 AP are spent."""
    state = _board(_first_turn(), {"c3": 1, "c4": 2, "d3": 1, "h8": 1}, {"c3": 0, "g2": 1}, "h8")
    state["ps"][0]["hand"] = []
    state, done = _play_turn(state, 0)
    assert "move c3-c4" in done
    assert state["t"]["ap"] == 0
    assert max(state["h"][sq] for sq in range(64) if state["fig"][sq] == 0) >= 2


def test_it_builds_a_stair_beside_its_own_knight_rather_than_feed_the_rival() -> None:
    """With no climb on offer, the block goes next to blue's knight (a step up for next AP),
    not under the castle where green's knight stands taller."""
    game = rules.get("torres")
    heights = {"c3": 1, "c4": 1, "f6": 2, "f7": 1, "f5": 1, "a8": 1}
    state = _board(_first_turn(), heights, {"c3": 0, "f6": 1}, "a8")
    state["ps"][0]["hand"] = []
    before = torres_rules.tally(state, 0)
    action = torres_rules.play("torres", game.view(state, 0), 0, 5)
    assert action.startswith("tower ")
    after, _ = game.apply(state, 0, action)
    assert torres_rules.tally(after, 0) > before
    assert action not in (
        "tower f4",
        "tower g6",
        "tower e6",
        "tower g5",
        "tower e5",
        "tower g7",
        "tower e7",
        "tower f8",
    )


def test_it_plays_an_ap_card_at_the_start_of_its_turn() -> None:
    game = rules.get("torres")
    state = _first_turn()
    state["ps"][0]["hand"] = ["AP7", "DIAG"]
    assert torres_rules.play("torres", game.view(state, 0), 0, 1) == "card play AP7"
