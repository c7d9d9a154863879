"""Knights and tower blocks on the board: reference examples T6–T13 and T15."""

from __future__ import annotations

from rules.torres import GAME
from rules.torres.board import castles, door_exits
from rules.torres.data import square_name
from tests.rules.test_torres_support import BLUE, GREEN, play, position, refused, sq, targets


def test_t6_knight_placement_height() -> None:
    s = position({"c4": 1, "d4": 2, "e4": 3}, {"blue": ["c4"]})
    assert refused(s, BLUE, "knight d4").key == "knight_support"
    assert refused(s, BLUE, "knight d5").key == "knight_support"
    after = play(s, BLUE, "knight b4")
    assert after["t"]["ap"] == 3
    play(s, BLUE, "knight c5")
    s2 = position({"c4": 1, "d4": 2, "e4": 3}, {"blue": ["c4", "e4"]})
    play(s2, BLUE, "knight d4")
    full = position({"c4": 1, "d4": 2, "e4": 3}, {"blue": ["c4", "e4", "a1", "a3", "a5", "a7"]})
    assert targets(full, BLUE, "knight ") == set()
    assert refused(full, BLUE, "knight b4").key == "no_knights_left"


def test_placing_a_knight_needs_two_ap() -> None:
    s = position({"c4": 1}, {"blue": ["c4"]})
    s = play(s, BLUE, "score", "score", "score", "score")
    err = refused(s, BLUE, "knight b4")
    assert err.reason == "only 1 AP left"
    s = play(s, BLUE, "score")
    assert refused(s, BLUE, "knight b4").reason == "no AP left"


def test_t7_steps() -> None:
    s = position({"c4": 1, "d4": 2, "e4": 3}, {"blue": ["b4"]})
    s = play(s, BLUE, "move b4-c4", "move c4-d4", "move d4-e4")
    assert s["t"]["ap"] == 2
    s = play(s, BLUE, "move e4-f4")
    assert s["fig"][sq("f4")] == BLUE
    s2 = position({"c4": 2, "d4": 2, "e4": 3}, {"blue": ["b4"]})
    err = refused(s2, BLUE, "move b4-c4")
    assert err.reason == "a knight may not climb more than one level"


def test_t8_door_move_from_the_ground() -> None:
    s = position({"c4": 3, "d4": 3, "e4": 1, "c5": 1}, {"blue": ["b4"]})
    exits = door_exits(s["h"], s["fig"], castles(s["h"]), sq("b4"))
    assert {square_name(x) for x in exits} == {"b5", "c3", "c6", "d3", "d5", "e3", "e5", "f4"}
    assert targets(s, BLUE, "move b4-") == {"a4", "b3", "b5", "c3", "c6", "d3", "d5", "e3", "e5", "f4"}
    after = play(s, BLUE, "move b4-f4")
    assert after["t"]["ap"] == 4
    assert refused(s, BLUE, "move b4-e4").key == "door_climb"


def test_t9_door_move_from_a_height() -> None:
    towers = {"b4": 2, "c4": 3, "d4": 3, "e4": 1}
    s = position(towers, {"blue": ["b4"]})
    expected = {"a4", "b3", "b5", "c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5", "f4"}
    assert targets(s, BLUE, "move b4-") == expected
    assert refused(s, BLUE, "move b4-d4").key == "unreachable"  # level 3 > 2, and a tallest tower
    s2 = position(towers, {"blue": ["b4"], "green": ["c4"]})
    play(s2, BLUE, "move b4-e4")
    assert refused(s2, BLUE, "move b4-c4").key == "occupied"


def test_door_exit_blocked_only_by_a_figure_on_the_exit() -> None:
    s = position({"c4": 3, "d4": 3, "e4": 1, "c5": 1}, {"blue": ["b4"], "green": ["f4"]}, king="d4")
    assert "f4" not in targets(s, BLUE, "move b4-")
    assert "e5" in targets(s, BLUE, "move b4-")


def test_t11_a_block_may_not_merge_castles() -> None:
    s = position({"c4": 1, "e4": 1}, {"blue": ["a1"]})
    err = refused(s, BLUE, "tower d4")
    assert err.reason == "that tower would join two castles"
    s["t"]["stack"] = 3
    s = play(s, BLUE, "tower c5", "tower d5")
    assert refused(s, BLUE, "tower d4").key == "merge"


def test_t12_height_may_not_exceed_area() -> None:
    s = position({"c4": 2, "c5": 1}, {"blue": ["a1"]})
    assert refused(s, BLUE, "tower c4").key == "too_tall"
    after = play(s, BLUE, "tower c5")
    assert after["h"][sq("c5")] == 2
    s2 = position({"c4": 2, "c5": 1}, {"blue": ["a1"]}, options=None)
    s2["t"]["stack"] = 3
    s2 = play(s2, BLUE, "tower c3", "tower c4")
    assert s2["h"][sq("c4")] == 3


def test_t13_no_new_castles_and_no_building_under_figures() -> None:
    s = position({"c4": 1, "f6": 1}, {"green": ["c4"], "blue": ["a1"]}, king="f6")
    assert refused(s, BLUE, "tower g2").key == "new_castle"
    assert refused(s, BLUE, "tower c4").key == "occupied"
    assert refused(s, BLUE, "tower f6").key == "occupied"
    play(s, BLUE, "tower c3")


def test_tower_needs_a_block_in_the_turn_stack() -> None:
    s = position({"c4": 1}, {"blue": ["a1"]})  # 4 players: turn stack 2
    s = play(s, BLUE, "tower c5", "tower c3")
    assert s["t"]["stack"] == 0
    assert refused(s, BLUE, "tower b4").key == "no_blocks"


def test_t15_score_steps_skip_occupied_spaces() -> None:
    s = position({"c4": 1}, {"blue": ["c4"]}, players=3, scores={"blue": 14, "green": 15, "orange": 17})
    s = play(s, BLUE, "score")
    assert s["ps"][BLUE]["score"] == 16
    s = play(s, BLUE, "score")
    assert s["ps"][BLUE]["score"] == 18
    assert s["t"]["ap"] == 3


def test_move_refusals_name_the_rule() -> None:
    s = position({"c4": 1}, {"blue": ["c4"], "green": ["c5"]})
    assert refused(s, BLUE, "move d5-d6").key == "not_own_knight"
    assert refused(s, BLUE, "move c4-c5").key == "occupied"
    assert refused(s, BLUE, "move c4-h8").key == "unreachable"
    assert refused(s, GREEN, "move c5-c6").key == "not_your_turn"


def test_apply_never_mutates_its_input() -> None:
    s = position({"c4": 1, "d4": 2}, {"blue": ["c4"]})
    before = GAME.dumps(s)
    for action in GAME.legal_actions(s, BLUE):
        GAME.apply(s, BLUE, action)
    assert GAME.dumps(s) == before
