"""Phase scoring, the King and the master cards: T2–T5, T16, T27, T30."""

from __future__ import annotations

import re

from rules.torres import GAME
from rules.torres.board import castles
from rules.torres.scoring import advance, castle_points, king_bonus, master_points
from tests.conformance import playout
from tests.rules.test_torres_support import BLACK, BLUE, GREEN, ORANGE, play, position, refused


def _points(s: dict, seat: int, phase: int) -> int:
    cs = castles(s["h"])
    return castle_points(s["h"], s["fig"], cs, seat) + king_bonus(
        s["h"], s["fig"], cs, s["king"], seat, phase
    )


def test_t2_castle_score_is_area_times_level() -> None:
    towers = {"c4": 3, "d4": 2, "c5": 1, "d5": 1, "e4": 1, "g2": 2, "g3": 1, "g7": 1}
    s = position(towers, {"blue": ["c4", "d4", "g2"], "green": ["d5"]}, king="g7")
    assert _points(s, BLUE, 1) == 19
    assert _points(s, GREEN, 1) == 5


def test_t3_king_bonus_phase_1() -> None:
    s = position({"c4": 2, "d4": 1, "c5": 1, "d5": 1}, {"blue": ["c5", "c4"]}, king="d5")
    assert _points(s, BLUE, 1) == 13


def test_t4_king_bonus_depends_on_the_phase() -> None:
    s = position({"c4": 4, "d4": 2, "c5": 1, "d5": 1}, {"blue": ["c4", "d4"]}, king="d5")
    assert [_points(s, BLUE, phase) for phase in (1, 2, 3)] == [16, 26, 16]


def test_t5_bonus_once_per_player_and_for_many_players() -> None:
    towers = {"c4": 2, "d4": 2, "c5": 2, "d5": 1, "e4": 1}
    s = position(towers, {"blue": ["c4", "d4"], "green": ["c5"]}, king="e4")
    assert _points(s, BLUE, 2) == 20
    assert _points(s, GREEN, 2) == 20


def test_ground_knights_score_nothing() -> None:
    s = position({"c4": 1}, {"blue": ["b4", "c5"]})
    assert _points(s, BLUE, 1) == 0


def _last_turn_of_phase_1(players: int, towers: dict, knights: dict, scores: dict, king: str, **kw) -> dict:
    """The last turn (last round, last seat) of phase 1, whose round started with blue."""
    s = position(towers, knights, king=king, players=players, scores=scores, **kw)
    last = players - 1
    s["round"] = len(s["ps"][0]["stacks"]) + 1
    s["idx"] = last
    from rules.torres.flow import begin_turn_

    s["ps"][BLUE]["stacks"] = []
    for p in s["ps"]:
        p["stacks"] = []
    begin_turn_(s, last)
    return s


def test_t16_phase_scoring_with_skipping() -> None:
    towers = {
        **{f"{f}1": 1 for f in "abcde"},
        "a1": 2,
        **{f"{f}3": 1 for f in "abcdef"},
        "a3": 2,
        **{f"{f}5": 1 for f in "abcdefgh"},
        "a5": 2,
        "h8": 1,
    }
    knights = {"blue": ["a1"], "green": ["a3"], "orange": ["a5"]}
    s = _last_turn_of_phase_1(3, towers, knights, {"blue": 5, "green": 3, "orange": 0}, king="h8")
    s, events = GAME.apply(s, ORANGE, "end")
    assert [p["score"] for p in s["ps"]] == [15, 16, 17]
    scored = next(e for e in events if e["kind"] == "scored")
    assert [(r["seat"], r["castle"], r["king"]) for r in scored["rows"]] == [
        (0, 10, 0),
        (1, 12, 0),
        (2, 16, 0),
    ]
    assert s["stage"] == "king" and GAME.to_act(s) == [BLUE]  # the lowest scorer moves the King
    line = GAME.event_text(scored, "en", ["Ann", "Bo", "Cy"])
    # Every term is printed, so the line adds up: Bo 3 + 12 lands on blue's 15, skips it (+1) to 16.
    assert line == (
        "Phase 1 scoring: Ann 5 +10 = 15; Bo 3 +12 +1 (occupied space skipped) = 16; "
        "Cy 0 +16 +1 (occupied space skipped) = 17"
    )
    assert "+1(跳過有標記的格子)" in GAME.event_text(scored, "zh-TW", ["Ann", "Bo", "Cy"])


def test_advance_skips_every_occupied_space() -> None:
    scores = [0, 1, 2, 3]
    assert advance(scores, 0, 1) == 4
    scores = [0, 0, 0]
    assert advance(scores, 1, 0) == 0


T27_TOWERS = {"a4": 1, "c3": 1, "c6": 1, "d8": 1, "e1": 1, "f3": 1, "f6": 1, "h5": 1}
T27_KNIGHTS = {"blue": ["a5"], "green": ["b5"], "orange": ["c5"], "black": ["d5"]}
T27_SCORES = {"blue": 22, "green": 9, "orange": 14, "black": 30}


def test_t27_king_move_and_the_next_start_player() -> None:
    s = _last_turn_of_phase_1(4, T27_TOWERS, T27_KNIGHTS, T27_SCORES, king="f6")
    s = play(s, BLACK, "end")
    assert [p["stacks"] for p in s["ps"]] == [[2, 2, 2]] * 4
    assert GAME.to_act(s) == [GREEN]
    assert "king e1" in GAME.legal_actions(s, GREEN)
    assert refused(s, GREEN, "king e2").key == "king_square"
    assert refused(s, GREEN, "king f6").key == "king_square"
    assert refused(s, GREEN, "end").key == "wrong_time"
    passed = play(s, GREEN, "king pass")
    assert passed["phase"] == 2 and passed["start"] == GREEN and GAME.to_act(passed) == [GREEN]
    moved = play(s, GREEN, "king e1")
    assert moved["king"] == 4 and moved["fig"][4] == 9 and moved["fig"][5 * 8 + 5] == -1
    master = _last_turn_of_phase_1(
        4, T27_TOWERS, T27_KNIGHTS, T27_SCORES, king="f6", options={"master": True}
    )
    master["master"] = "SAME"
    master = play(master, BLACK, "end")
    master = play(master, GREEN, "king pass")
    assert master["start"] == BLACK and GAME.to_act(master) == [BLACK]


def test_king_offer_skipped_when_no_castle_square_is_free() -> None:
    knights = {"blue": ["a4", "c3"], "green": ["c6", "d8"], "orange": ["e1", "f3"], "black": ["f6"]}
    s = _last_turn_of_phase_1(4, T27_TOWERS, knights, {}, king="h5")
    s, events = GAME.apply(s, BLACK, "end")
    assert any(e["kind"] == "king_skipped" for e in events)
    assert s["stage"] == "turn" and s["phase"] == 2


def test_t30_master_cards() -> None:
    s = position(
        {"a4": 1, "d8": 1, "e1": 1},
        {"blue": ["a4", "d8", "h6"], "green": ["a5", "e1"]},
        players=3,
    )
    cs = castles(s["h"])
    assert master_points("BORDER", 2, s["h"], s["fig"], cs, 3) == [20, 10, 0]
    s["fig"][7] = GREEN  # h1: a third green border knight ties the lead
    assert master_points("BORDER", 2, s["h"], s["fig"], cs, 3) == [15, 15, 0]
    four = position(
        {"a1": 1, "c1": 1, "e1": 1, "g1": 1, "a3": 1},
        {"blue": ["a1", "c1", "e1", "g1", "b5"]},
    )
    cs4 = castles(four["h"])
    assert master_points("CASTLES", 1, four["h"], four["fig"], cs4, 4)[BLUE] == 5
    four["fig"][16] = BLUE  # a3: a fifth castle
    assert master_points("CASTLES", 1, four["h"], four["fig"], cs4, 4)[BLUE] == 0
    levels = {"a1": 1, "c1": 2, "c2": 1, "e1": 3, "e2": 1, "e3": 1, "a3": 4, "b3": 1, "a4": 1, "a5": 1}
    levels.update({"g1": 5, "g2": 1, "g3": 1, "g4": 1, "h4": 1})
    diff = position(levels, {"blue": ["h8", "a1", "c1", "e1", "a3", "g1"]})
    cs_d = castles(diff["h"])
    assert master_points("DIFF", 3, diff["h"], diff["fig"], cs_d, 4)[BLUE] == 40
    diff["fig"][63] = -1
    assert master_points("DIFF", 3, diff["h"], diff["fig"], cs_d, 4)[BLUE] == 0


def test_other_master_cards() -> None:
    row = position(
        {}, {"blue": ["a1", "b2", "c3", "e5", "g7", "h8"], "green": ["a2", "a3", "a4", "a5", "a6", "a8"]}
    )
    cs = castles(row["h"])
    assert master_points("ROW", 3, row["h"], row["fig"], cs, 4)[:2] == [50, 50]
    assert master_points("ROW", 2, row["h"], row["fig"], cs, 4) == [0, 0, 0, 0]
    assert master_points("SAME", 3, row["h"], row["fig"], cs, 4)[:2] == [50, 50]
    assert master_points("NEIGH", 3, row["h"], row["fig"], cs, 4)[:2] == [0, 0]
    assert master_points("DIAGS", 1, row["h"], row["fig"], cs, 4)[:2] == [14, 2]  # a8 is on a diagonal
    square = position({}, {"blue": ["b2", "e2", "b5", "e5"], "green": ["c3", "d3", "c4"]})
    assert master_points("SQUARE", 3, square["h"], square["fig"], cs, 4)[:2] == [50, 0]
    neigh = position({}, {"blue": ["a1", "a2", "a3", "b3", "c3", "c4"]})
    assert master_points("NEIGH", 3, neigh["h"], neigh["fig"], cs, 4)[BLUE] == 40


def test_every_scoring_line_adds_up_as_printed() -> None:
    """In real games: before + points + skipped spaces = the new score, for every row and line."""

    checked = 0
    for seed in range(6):
        run = playout(GAME, 4, {"master": seed % 2 == 1}, seed=seed)
        s = GAME.new(4, {"master": seed % 2 == 1})
        for seat, action in run.log:
            s, events = GAME.apply(s, seat, action)
            for event in (e for e in events if e["kind"] == "scored"):
                line = GAME.event_text(event, "en", ["A", "B", "C", "D"])
                for row, text in zip(event["rows"], line.split(": ", 1)[1].split("; "), strict=True):
                    assert row["before"] + row["castle"] + row["king"] + row["master"] + row["skipped"] == row["score"]
                    numbers = [int(n) for n in re.findall(r"\d+", text)]
                    assert sum(numbers[:-1]) == numbers[-1], text
                    checked += 1
    assert checked >= 36


def test_a_skipped_king_offer_names_no_starter_the_round_contradicts() -> None:
    """Master game: the leader starts phase 2, so the skipped offer must not name the lowest scorer."""
    knights = {"blue": ["a4", "c3"], "green": ["c6", "d8"], "orange": ["e1", "f3"], "black": ["f6"]}
    s = _last_turn_of_phase_1(4, T27_TOWERS, knights, {}, king="h5", options={"master": True})
    s["master"] = "SAME"
    s, events = GAME.apply(s, BLACK, "end")
    names = ["Ann", "Bo", "Cy", "Di"]
    lines = [GAME.event_text(e, "en", names) for e in events if e["kind"] in ("king_skipped", "round")]
    assert lines[0] == "no free castle square: the King stays where it is"
    assert lines[1].endswith(f"{names[s['start']]} starts")
