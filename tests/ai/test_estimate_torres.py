"""Torres's estimate on hand-built positions: knights on the board, stairs beside a knight and cards
in hand are worth something, so the search places knights and builds to climb instead of turning
every action point into one point of ``score`` (issue 26; watched: 1 knight placed a game, 44
``score`` actions, lost both games to the rules player)."""

from __future__ import annotations

from typing import Any

import ai
import rules
from ai.estimates import torres as torres_estimate
from tests.ai.torres_positions import square


def _first_turn() -> Any:
    """A 2-player game at blue's (seat 0's) first turn, setup decisions the first legal ones."""
    game = rules.get("torres")
    state, _ = game.apply(game.new(2), rules.CHANCE, "first blue")
    while state["stage"] != "turn":
        seat = game.to_act(state)[0]
        state, _ = game.apply(state, seat, game.legal_actions(state, seat)[0])
    return state


def _board(heights: dict[str, int], figures: dict[str, int], king: str) -> Any:
    """Blue's first turn with the board replaced: heights, knights (seat per square), the King."""
    state = _first_turn()
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
        p["hand"] = []
    return state


def _after(state: Any, action: str) -> float:
    return torres_estimate.estimate(rules.get("torres").apply(state, 0, action)[0])[0]


# one castle of area 4 (c3 c4 d3 d4) with blue on c3 at level 1, the King elsewhere, green far away
HEIGHTS = {"c3": 1, "c4": 1, "d3": 1, "d4": 1, "h8": 1, "a8": 1, "h1": 1}


def test_an_early_knight_is_worth_its_two_action_points() -> None:
    """In phase 1 a knight placed beside one's own (on the ground, scoring nothing yet) beats the
    2 points two ``score`` actions would give: it has three scorings to earn in."""
    state = _board(HEIGHTS, {"c3": 0, "h8": 1}, "a8")
    placed = _after(state, "knight b3")
    scored = _after(_after_state(state, "score"), "score")
    assert placed > scored


def _after_state(state: Any, action: str) -> Any:
    return rules.get("torres").apply(state, 0, action)[0]


def test_a_stair_beside_ones_knight_beats_a_block_that_raises_nothing() -> None:
    """A block on d3 (beside blue's knight on c3, level 1 → 2) lets the next AP climb to area 4 ×
    level 2; a block on d4 (not beside the knight) raises nothing. Both widen nothing."""
    state = _board(HEIGHTS, {"c3": 0, "h8": 1}, "a8")
    assert _after(state, "tower d3") > _after(state, "tower d4")
    # and the climb it prepares is then worth taking: on d3 blue counts area 4 × level 2
    stair = _after_state(state, "tower d3")
    climbed = rules.get("torres").apply(stair, 0, "move c3-d3")[0]
    assert torres_estimate.estimate(climbed)[0] > torres_estimate.estimate(stair)[0]


def test_the_climb_counts_only_a_step_the_rules_allow() -> None:
    """A square two levels up is no stair (a step climbs at most 1 level, §5.3)."""
    state = _board({"c3": 1, "c4": 3, "d3": 1, "d4": 1, "e3": 1, "h8": 1, "a8": 1}, {"c3": 0, "h8": 1}, "a8")
    flat = _board({"c3": 1, "c4": 1, "d3": 1, "d4": 1, "e3": 1, "h8": 1, "a8": 1}, {"c3": 0, "h8": 1}, "a8")
    assert torres_estimate.estimate(state)[0] == torres_estimate.estimate(flat)[0]
    step = _board({"c3": 1, "c4": 2, "d3": 1, "d4": 1, "e3": 1, "h8": 1, "a8": 1}, {"c3": 0, "h8": 1}, "a8")
    assert torres_estimate.estimate(step)[0] > torres_estimate.estimate(flat)[0]


def test_cards_in_hand_count_only_while_a_turn_remains_to_play_them() -> None:
    state = _board(HEIGHTS, {"c3": 0, "h8": 1}, "a8")
    empty = torres_estimate.estimate(state)[0]
    state["ps"][0]["hand"] = ["DIAG", "AP7"]
    assert abs(torres_estimate.estimate(state)[0] - empty - (torres_estimate.CARD_POINTS + 2)) < 1e-9
    state["phase"], state["round"] = 3, 4  # blue's last turn: a card kept now is never played
    bare = dict(state, ps=[dict(state["ps"][0], hand=[]), state["ps"][1]])
    assert torres_estimate.estimate(state)[0] == torres_estimate.estimate(bare)[0]


def test_the_search_places_knights_and_builds_rather_than_score() -> None:
    """At a fresh phase-1 turn with one knight on the board, ``normal``'s search spends its first
    action on the board (a knight, a block or a climb), not on one point of ``score``."""
    game = rules.get("torres")
    state = _board(HEIGHTS, {"c3": 0, "h8": 1}, "a8")
    chosen = ai.choose("torres", game.view(state, 0), 0, iterations=120, seed=4)
    assert chosen.split()[0] in ("knight", "tower", "move")
