"""Setup, stacks, turn order, phases and game end: T1, T14, T28, T29, T33 and friends."""

from __future__ import annotations

import pytest

from rules import CHANCE, IllegalAction
from rules.torres import GAME
from rules.torres.data import MASTER_SPACING, START_CASTLES, START_SQUARES
from rules.torres.flow import begin_turn_
from tests.conformance import playout
from tests.rules.test_torres_support import BLACK, BLUE, GREEN, ORANGE, chance, play, position, refused, sq


def test_t1_setup_four_players_basic() -> None:
    s = GAME.new(4)
    assert GAME.to_act(s) == [CHANCE]
    assert GAME.chance_outcomes(s) == [(f"first {c}", 0.25) for c in ("black", "blue", "green", "orange")]
    s = chance(s, "first blue")
    assert {n for n in START_SQUARES if s["h"][sq(n)] == 1} == set(START_SQUARES) and sum(s["h"]) == 8
    assert [p["stacks"] for p in s["ps"]] == [[2, 2, 2, 2]] * 4
    assert s["supply"] == 52
    s = play(s, BLUE, "knight c3")
    assert refused(s, GREEN, "knight c3").key == "start_castle"
    assert refused(s, GREEN, "knight c4").key == "start_castle"
    s = play(s, GREEN, "knight f6")
    s = play(s, ORANGE, "knight c6")
    s = play(s, BLACK, "knight f3")
    assert GAME.to_act(s) == [BLACK]
    assert refused(s, BLACK, "king f6").key == "start_castle"
    s = play(s, BLACK, "king d8")
    assert GAME.to_act(s) == [BLUE] and s["t"]["ap"] == 5
    assert s["phase"] == 1 and s["round"] == 1


@pytest.mark.parametrize(("players", "supply"), [(2, 60), (3, 54), (4, 52)])
def test_general_supply_after_setup(players: int, supply: int) -> None:
    assert GAME.new(players)["supply"] == supply


def test_three_player_split_option() -> None:
    assert GAME.new(3)["ps"][0]["stacks"] == [3, 3, 2, 2]
    assert GAME.new(3, {"ph3_split": "3331"})["ps"][0]["stacks"] == [3, 3, 3, 1]


def test_t14_stacks_and_leftovers_four_players() -> None:
    s = position({"c4": 1}, {"blue": ["a1"], "green": ["h1"], "orange": ["h8"], "black": ["a8"]})
    assert s["t"]["stack"] == 2 and s["ps"][BLUE]["stacks"] == [2, 2, 2]
    s = play(s, BLUE, "tower c5", "end")
    assert s["ps"][BLUE]["stacks"] == [3, 2, 2]
    s = play(s, GREEN, "end")
    s = play(s, ORANGE, "end")
    s = play(s, BLACK, "end")
    assert s["t"]["stack"] == 3 and s["ps"][BLUE]["stacks"] == [2, 2]
    assert "tower c6" in GAME.legal_actions(s, BLUE)
    s = play(s, BLUE, "end")  # places 0: leftover 3 fills [2, 2] to [3, 3], 1 block goes back
    assert s["ps"][BLUE]["stacks"] == [3, 3]
    for seat in (GREEN, ORANGE, BLACK):
        s = play(s, seat, "end")
    s = play(s, BLUE, "tower c6", "tower c3", "tower b4")  # turn 3: 3 blocks
    assert refused(s, BLUE, "tower d4").key == "no_blocks"
    s = play(s, BLUE, "end")
    for seat in (GREEN, ORANGE, BLACK):
        s = play(s, seat, "end")
    s = play(s, BLUE, "tower d4", "tower c2", "tower c7", "end")  # turn 4: 3 blocks; 7 in the phase
    assert sum(s["h"]) == 1 + 1 + 3 + 3
    s = position({"c4": 1}, {"blue": ["a1"]})
    s = play(s, BLUE, "tower c5", "end")
    supply = s["supply"]
    for seat in (GREEN, ORANGE, BLACK):
        s = play(s, seat, "end")
    s = play(s, BLUE, "end")
    assert s["ps"][BLUE]["stacks"] == [3, 3]
    assert s["supply"] == supply + 1  # only blue's 3rd leftover block found no room


def test_t28_master_turn_order() -> None:
    s = position({"c4": 1}, {"blue": ["a1"]}, options={"master": True}, scores={"green": 2})
    s["master"] = "SAME"
    for seat in (BLUE, GREEN, ORANGE, BLACK):
        s = play(s, seat, "end")
    assert s["round"] == 2 and s["start"] == GREEN
    order = []
    for _ in range(4):
        order.append(GAME.to_act(s)[0])
        s = play(s, order[-1], "end")
    assert order == [GREEN, ORANGE, BLACK, BLUE]
    zero = position({"c4": 1}, {"blue": ["a1"]}, options={"master": True})
    for seat in (BLUE, GREEN, ORANGE, BLACK):
        zero = play(zero, seat, "end")
    assert zero["start"] == BLUE and GAME.to_act(zero) == [BLUE]


def test_basic_start_player_stays_within_a_phase() -> None:
    s = position({"c4": 1}, {"blue": ["a1"]}, turn=ORANGE, scores={"green": 2})
    s["start"] = ORANGE
    for seat in (ORANGE, BLACK, BLUE, GREEN):
        s = play(s, seat, "end")
    assert s["round"] == 2 and GAME.to_act(s) == [ORANGE]


def test_t29_master_start_castles() -> None:
    s = chance(GAME.new(4, {"master": True}), "first blue")
    assert sum(s["h"]) == 0
    s = play(s, BLUE, "tower c3")
    s = play(s, GREEN, "tower d5")
    assert refused(s, ORANGE, "tower d4").key == "master_spacing"
    assert refused(s, ORANGE, "tower f5").key == "master_spacing"
    assert refused(s, ORANGE, "tower c3").key == "master_ground"
    play(s, ORANGE, "tower g5")


def test_master_start_castles_can_never_get_stuck() -> None:
    """No 7 blocks 3 apart block every square (exhaustive search), so an 8th always fits."""
    spacing = MASTER_SPACING

    def dist(a: int, b: int) -> int:
        return abs(a % 8 - b % 8) + abs(a // 8 - b // 8)

    blocked_by = [frozenset(t for t in range(64) if dist(s, t) < spacing) for s in range(64)]

    def blocks_everything(placed: list[int], blocked: frozenset[int], limit: int) -> bool:
        if len(blocked) == 64:
            return True
        if len(placed) == limit:
            return False
        first = next(s for s in range(64) if s not in blocked)
        return any(
            blocks_everything([*placed, p], blocked | blocked_by[p], limit)
            for p in blocked_by[first]
            if all(dist(p, q) >= spacing for q in placed)
        )

    assert not blocks_everything([], frozenset(), START_CASTLES - 1)


def test_t33_master_setup_order() -> None:
    s = GAME.new(2, {"master": True})
    s = chance(s, "first green")
    builders = []
    free = ["a1", "a5", "a8", "d1", "d4", "d8", "g1", "h4"]
    for name in free:
        seat = GAME.to_act(s)[0]
        builders.append(seat)
        s = play(s, seat, f"tower {name}")
    assert builders == [GREEN, BLUE] * 4
    assert GAME.to_act(s) == [GREEN]
    s = play(s, GREEN, "knight a1")
    s = play(s, BLUE, "knight a5")
    assert GAME.to_act(s) == [BLUE]
    s = play(s, BLUE, "king d4")
    assert GAME.to_act(s) == [CHANCE]
    assert len(GAME.chance_outcomes(s)) == 8
    s = chance(s, "master ROW")
    assert s["master"] == "ROW"
    assert all(len(p["hand"]) == 10 for p in s["ps"])
    assert "card draw" not in GAME.legal_actions(s, GREEN)
    assert [p["stacks"] for p in s["ps"]] == [[3, 3, 3, 3], [3, 3, 3]]  # green's turn stack is out
    assert s["t"]["stack"] == 3
    assert s["supply"] == 60
    assert GAME.to_act(s) == [GREEN]
    s = play(s, GREEN, "end")
    s = play(s, BLUE, "end")
    assert GAME.to_act(s) == [GREEN]


def test_a_whole_game_ends_with_a_ranking() -> None:
    run = playout(GAME, 4, {}, seed=3)
    s = run.state
    assert GAME.is_over(s)
    scores = GAME.scores(s)
    ranking = GAME.ranking(s)
    assert sorted(ranking) == [0, 1, 2, 3]
    assert [scores[r] for r in ranking] == sorted(scores, reverse=True)
    positive = [x for x in scores if x > 0]
    assert len(positive) == len(set(positive))  # skipping: no tie above 0 (D23)
    view = GAME.view(s, None)
    assert view["over"] and view["ranking"] == ranking
    with pytest.raises(IllegalAction) as info:
        GAME.apply(s, 0, "end")
    assert info.value.key == "game_over"


def test_zero_ties_keep_seat_order() -> None:
    s = position({"c4": 1}, {"blue": ["a1"]}, scores={"green": 4})
    assert GAME.ranking(s) == [GREEN, BLUE, ORANGE, BLACK]
    assert GAME.places(s) == [1, 2, 2, 2]  # D23: the players tied at 0 share their place


def test_rounds_and_phases_per_player_count() -> None:
    for players, rounds in ((2, [4, 4, 4]), (3, [4, 3, 3]), (4, [4, 3, 3])):
        s = position({"c4": 1}, {"blue": ["a1"]}, players=players)
        seen = []
        while s["stage"] != "over":
            if s["stage"] == "king":
                s = play(s, GAME.to_act(s)[0], "king pass")
                continue
            if s["round"] == 1 and s["idx"] == 0:
                seen.append(0)
            if s["idx"] == 0:
                seen[-1] += 1
            s = play(s, GAME.to_act(s)[0], "end")
        assert seen == rounds, players


def test_turn_without_stacks_still_works() -> None:
    s = position({"c4": 1}, {"blue": ["a1"]})
    s["ps"][BLUE]["stacks"] = []
    begin_turn_(s, BLUE)
    assert s["t"]["stack"] == 0
