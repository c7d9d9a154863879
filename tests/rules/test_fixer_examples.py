"""The FIXER rules reference's examples (§11, T01–T18) as tests."""

from __future__ import annotations

import pytest

from rules import CHANCE, IllegalAction
from rules.fixer import GAME, engine
from table.chance import resolve
from tests.rules.fixer_tables import find, kinds, marks, play, region, round_score, table


def deal_out(players: int, options: dict | None = None) -> dict:
    state = GAME.new(players, options)
    seq = 0
    while GAME.to_act(state) == [CHANCE] and state["stage"] in ("start", "deal"):
        state, _ = GAME.apply(state, CHANCE, resolve("t01", seq, GAME.chance_outcomes(state)))
        seq += 1
    return state


def test_t01_setup_sizes() -> None:
    two = deal_out(2)
    assert [len(h) for h in two["hands"]] == [12, 12]
    assert len(two["removed"]) == 4
    all_cards = two["hands"][0] + two["hands"][1] + two["removed"]
    assert len(set(all_cards)) == 28 and all(int(c[1:]) <= 7 for c in all_cards)
    assert len(two["regions"]) == 4 and sum(r["left"] for r in two["regions"]) == 12
    three = deal_out(3)
    assert [len(h) for h in three["hands"]] == [12, 12, 12]
    assert len(three["regions"]) == 6 and sum(r["left"] for r in three["regions"]) == 18
    four = deal_out(4)
    assert [len(h) for h in four["hands"]] == [9, 9, 9, 9]
    assert sum(r["left"] for r in four["regions"]) == 18
    s1_regions = [r + 1 for r in range(6) if 0 in engine.region_sides(four, r)]
    assert s1_regions == [1, 4, 5]
    solo = deal_out(1)
    assert len(solo["hands"][0]) == 12 and len(solo["deck"]) == 12 and len(solo["removed"]) == 4
    assert solo["hands"][1] == []


def test_t02_same_suit() -> None:
    s = table(2, hands={0: ["C1", "P2"], 1: ["R7", "M1"]}, regions={2: region(("R5", None))}, turn=1)
    s, ev = play(s, 1, "R7@2")
    c = find(ev, "conflict")
    assert (c["winner"], c["critical"], c["won"], c["given"]) == (1, False, "R5", "R7")
    assert s["won_down"][1] == ["R5"] and s["black"][1] == 1
    assert marks(s, 2) == [[], ["B"]] and s["regions"][1]["left"] == 2
    assert s["regions"][1]["cards"] == [None, None]
    assert GAME.to_act(s) == [0] and GAME.legal_actions(s, 0) == ["discard R7@2", "keep R7@2"]
    assert round_score(s, 1) == 5


def test_t03_unrelated_first_card_wins() -> None:
    s = table(2, hands={0: ["C1"], 1: ["R7", "C2"]}, regions={1: region(("M3", None))}, turn=1)
    s, ev = play(s, 1, "R7@1")
    c = find(ev, "conflict")
    assert (c["winner"], c["critical"]) == (0, False)
    assert s["won_down"][0] == ["R7"]
    assert s["pending"] == {"loser": 1, "card": "M3", "active": 1, "region": 1}


def test_t04_critical_win_by_second_card() -> None:
    s = table(2, hands={0: ["M1"], 1: ["R2", "M4"]}, regions={3: region(("C6", None))}, turn=1)
    s, ev = play(s, 1, "R2@3")
    c = find(ev, "conflict")
    assert (c["winner"], c["critical"]) == (1, True)
    assert s["won_up"][1] == ["C6"] and marks(s, 3) == [[], ["R"]]
    assert round_score(s, 1) == 9
    assert s["pending"]["loser"] == 0 and s["pending"]["card"] == "R2"


def test_t05_critical_win_by_first_card() -> None:
    s = table(2, hands={0: ["M1"], 1: ["C7", "M4"]}, regions={4: region(("R6", None))}, turn=1)
    s, ev = play(s, 1, "C7@4")
    c = find(ev, "conflict")
    assert (c["winner"], c["critical"]) == (0, True)
    assert s["won_up"][0] == ["C7"] and round_score(s, 0) == 10
    assert GAME.legal_actions(s, 1) == ["discard R6@4", "keep R6@4"]


def test_t06_legal_moves_and_must_follow() -> None:
    s = table(
        2,
        hands={0: ["C1"], 1: ["R1", "C5", "M7"]},
        regions={
            1: region((None, "P2"), left=2, marks=("", "B")),
            2: region(("R6", None), left=1, marks=("BB", "")),
            3: region(left=0, marks=("BB", "B")),
            4: region(),
        },
        turn=1,
    )
    assert GAME.legal_actions(s, 1) == ["C5@4", "M7@4", "R1@2", "R1@4"]
    for bad, key in (("C5@2", "must_follow"), ("M7@1", "side_occupied"), ("C5@3", "region_closed")):
        with pytest.raises(IllegalAction) as err:
            play(s, 1, bad)
        assert err.value.key == key
    with pytest.raises(IllegalAction) as err:
        play(s, 1, "C5@2")
    assert "follow suit R" in GAME.reason_text(err.value)
    assert "同花色 R" in GAME.reason_text(err.value, "zh-TW")


def test_t07_keep_banned_by_face_up_card() -> None:
    s = table(
        2,
        hands={0: ["C2", "P1"], 1: ["M1"]},
        regions={2: region((None, "C4"))},
        won_up={0: ["C7"]},
        turn=0,
    )
    s, ev = play(s, 0, "C2@2")
    assert find(ev, "conflict")["winner"] == 1
    assert s["won_down"][1] == ["C2"]
    d = find(ev, "discard")
    assert (d["seat"], d["card"], d["why"]) == (0, "C4", "faceup")
    assert s["pending"] is None and "C4" not in s["hands"][0]
    assert GAME.to_act(s) == [1]


def test_t08_last_marker_closes_region_3p() -> None:
    s = table(3, hands={0: ["R1"], 1: ["R2"], 2: ["M2", "C3"]}, regions={3: region(("P4", None), left=1)}, turn=2)
    s, ev = play(s, 2, "M2@3")
    c = find(ev, "conflict")
    assert (c["winner"], c["critical"], c["closed"]) == (2, True, True)
    assert s["won_up"][2] == ["P4"] and s["red"][2] == 1
    assert s["regions"][2]["left"] == 0
    assert s["pending"]["loser"] == 1 and s["pending"]["card"] == "M2"
    s, _ = play(s, 1, "keep")
    with pytest.raises(IllegalAction) as err:
        GAME.apply(s, s["turn"], "R1@3" if s["turn"] == 0 else "C3@3")
    assert err.value.key in ("region_closed", "not_your_region")


def test_t09_four_player_region_access() -> None:
    s = table(4, hands={0: ["C1"], 1: ["C2"], 2: ["R4", "C5"], 3: ["M1"]}, turn=2)
    regions = sorted({a.split("@")[1] for a in GAME.legal_actions(s, 2)})
    assert regions == ["2", "3", "5"]
    with pytest.raises(IllegalAction) as err:
        play(s, 2, "R4@1")
    assert err.value.key == "not_your_region"


def test_t10_initial_plays() -> None:
    s = table(2, hands={0: ["R3", "M1", "P5", "C6"], 1: ["C5", "P4", "R2", "M2"]}, stage="initial", turn=0)
    s, _ = play(s, 0, "R3@2")
    with pytest.raises(IllegalAction) as err:
        play(s, 1, "C5@2")
    assert err.value.key == "initial_needs_empty"
    s, _ = play(s, 1, "C5@1")
    s, _ = play(s, 0, "M1@3")
    s, _ = play(s, 1, "P4@4")
    assert s["stage"] == "play" and GAME.to_act(s) == [0]
    assert all(r["cards"].count(None) == 1 for r in s["regions"])
    legal = GAME.legal_actions(s, 0)
    assert {a.split("@")[1] for a in legal} == {"1", "4"}
    # @1 faces C5: S1 holds C6, so must follow C there; @4 faces P4: S1 holds P5.
    assert "C6@1" in legal and "P5@1" not in legal and legal.count("P5@4") == 1


def test_t11_instant_win() -> None:
    s = table(
        2,
        hands={0: ["C7", "R1"], 1: ["M1", "P1"]},
        regions={
            1: region(left=0, marks=("BBR", "")),
            2: region(),
            3: region((None, "C2"), left=1, marks=("BB", "")),
            4: region(),
        },
        turn=0,
    )
    s, ev = play(s, 0, "C7@3")
    assert marks(s, 3)[0] == ["B", "B", "B"]
    assert GAME.is_over(s) and s["instant"] == 0 and s["round"] == 1
    assert "keep" not in kinds(ev) and find(ev, "discard")["why"] == "instant"
    assert find(ev, "game_end")["instant_win"] == 0
    assert GAME.ranking(s)[0] == 0


def test_t12_round_end_and_round_two() -> None:
    closed = region(left=0, marks=("BB", "B"))
    s = table(
        2,
        hands={0: ["R1", "C2"], 1: ["M6", "P3"]},
        regions={1: closed, 2: region(left=0, marks=("B", "BB")), 3: closed, 4: region(("M5", None), left=1, marks=("B", "B"))},
        turn=1,
        start=0,
    )
    s, ev = play(s, 1, "M6@4")
    assert "keep" not in kinds(ev) and find(ev, "discard")["why"] == "round_end"
    assert find(ev, "round_end")["round"] == 1
    assert s["round"] == 2 and s["start"] == 1 and s["stage"] == "deal"
    assert all(r["left"] == 3 and r["marks"] == [[], []] for r in s["regions"])
    seq = 0
    while GAME.to_act(s) == [CHANCE]:
        s, _ = GAME.apply(s, CHANCE, resolve("t12", seq, GAME.chance_outcomes(s)))
        seq += 1
    assert [len(h) for h in s["hands"]] == [12, 12] and len(s["removed"]) == 4
    assert s["stage"] == "initial" and GAME.to_act(s) == [1]


def test_t13_three_player_scoring_and_tiebreaks() -> None:
    def finished(bonus: int) -> dict:
        s = table(
            3,
            options={"critical_bonus": bonus},
            won_down={0: ["R9", "C4", "M2"], 1: ["P8", "R6"], 2: "R1 C1 M1 P1 R2 C2 P2 R3 C3 M3 P3".split()},
            won_up={0: ["P4"], 1: ["C5"]},
            regions={r: region(left=0) for r in range(1, 7)},
        )
        s["black"] = [3, 2, 11]
        s["red"] = [1, 1, 0]
        events: list[dict] = []
        engine.end_round(s, events, "closed")
        return s

    s = finished(3)
    assert GAME.scores(s) == [22, 22, 22]
    assert GAME.ranking(s) == [1, 0, 2]
    assert engine.decided_by(s) == "cards" and not engine.shared_first_place(s)
    end = {"kind": "game_end", "scores": [22, 22, 22], "seats": [0, 1, 2], "ranking": [1, 0, 2], "instant_win": None, "shared": False, "decided_by": "cards"}
    assert "S2 wins" in GAME.event_text(end) and "fewer cards" in GAME.event_text(end)
    s0 = finished(0)
    assert GAME.scores(s0) == [19, 19, 22]
    assert GAME.ranking(s0)[0] == 2 and engine.decided_by(s0) == "score"


def test_t14_two_player_totals() -> None:
    s = table(2)
    s["round_scores"] = [[30, 20], [26, 25]]
    s["stage"] = "over"
    assert GAME.scores(s) == [50, 51] and GAME.ranking(s) == [1, 0]
    assert not engine.shared_first_place(s)
    s["round_scores"] = [[30, 21], [26, 25]]
    assert GAME.scores(s) == [51, 51] and engine.shared_first_place(s)


def test_t15_skip_and_no_one_can_act() -> None:
    base = {
        1: region(left=0, marks=("BB", "B")),
        2: region((None, "M4"), left=1, marks=("B", "B")),
        3: region(left=1, marks=("B", "B")),
        4: region((None, "R5"), left=2, marks=("", "B")),
    }
    s = table(2, hands={0: [], 1: ["C1", "M2"]}, regions=dict(base), turn=1)
    events: list[dict] = []
    engine.advance_turn(s, 1, events)
    assert kinds(events) == ["skip"] and events[0]["seat"] == 0
    assert s["turn"] == 1 and GAME.legal_actions(s, 1) == ["C1@3", "M2@3"]
    stuck = dict(base)
    stuck[3] = region(left=0, marks=("BB", "B"))
    s = table(2, hands={0: [], 1: ["C1", "M2"]}, regions=stuck, turn=1)
    events = []
    engine.advance_turn(s, 1, events)
    end = find(events, "round_end")
    assert end["reason"] == "stuck" and "skip" not in kinds(events)
    assert sorted(end["unscored"]) == ["M4", "R5"]


def test_t16_card_passing_three_players() -> None:
    hands = {
        0: "R7 C3 M5 R1 R2 R3 R4 C1 C2 M1 M2 P9".split(),
        1: "P1 P2 P3 R5 R6 C4 C5 C6 M3 M4 M6 P8".split(),
        2: "C9 C8 M1 R8 R9 C7 M7 M8 M9 P4 P5 P6".split(),
    }
    hands[2][2] = "P7"
    s = table(3, hands=hands, stage="pass", options={"card_passing": True})
    s["passes"] = [None, None, None]
    assert GAME.to_act(s) == [0, 1, 2]
    for bad in ("pass R7 R7 C3", "pass R7 C3", "pass R7 C3 M5 R1", "pass P1 P2 P3"):
        with pytest.raises(IllegalAction):
            play(s, 0, bad)
    s, ev = play(s, 0, "pass R7 C3 M5")
    assert GAME.to_act(s) == [1, 2] and kinds(ev) == ["pass_chosen"]
    with pytest.raises(IllegalAction) as err:
        play(s, 0, "pass R1 R2 R3")
    assert err.value.key == "already_passed"
    assert GAME.view(s, 1)["seats"][0]["passing"] is None
    assert GAME.view(s, 0)["seats"][0]["passing"] == ["R7", "C3", "M5"]
    s, _ = play(s, 1, "pass P1 P2 P3")
    s, ev = play(s, 2, "pass C9 C8 P7")
    assert "passed" in kinds(ev)
    assert {"R7", "C3", "M5"} <= set(s["hands"][1])
    assert {"P1", "P2", "P3"} <= set(s["hands"][2])
    assert {"C9", "C8", "P7"} <= set(s["hands"][0])
    assert [len(h) for h in s["hands"]] == [12, 12, 12]


def test_t17_long_match_refill() -> None:
    s = table(3, options={"long_match": True}, start=0)
    s["hands"] = [["R1", "R2", "R3", "R4", "R5"], [], ["C1", "C2", "C3", "C4", "C5", "C6", "C7"]]
    s["won_down"] = [
        ["P1", "P2", "P3", "P4", "P5", "P6", "P7"],
        ["M1", "M2", "M3", "M4", "M5", "M6"],
        ["R6", "R7", "R8", "R9", "C8"],
    ]
    s["black"] = [7, 6, 5]
    s["round_scores"] = [[], [], []]
    s["regions"] = [region(left=0) for _ in range(6)]
    # Cards: S1 28, S2 21, S3 38; six red markers (+18) make S2 the highest scorer.
    s["red"] = [0, 6, 0]
    events: list[dict] = []
    engine.end_round(s, events, "closed")
    # Round 1's scores are private until the game ends (§10): they are in the state, not the event.
    assert "scores" not in find(events, "round_end")
    scores = [rounds[0] for rounds in s["round_scores"]]
    assert scores[1] == max(scores)
    assert s["start"] == 1 and s["stage"] == "refill"
    order = []
    seq = 0
    while s["stage"] == "refill":
        target = engine.refill_target(s)
        order.append(target)
        s, _ = GAME.apply(s, CHANCE, resolve("t17", seq, GAME.chance_outcomes(s)))
        seq += 1
    assert order[:3] == [1, 2, 0] and order[15:] == [1, 0, 1]
    assert [len(h) for h in s["hands"]] == [11, 7, 12]
    assert GAME.to_act(s) == [1]


def test_t18_decision_suppressed_at_game_end() -> None:
    closed = {r: region(left=0) for r in range(1, 6)}
    for long_match, asked in ((False, False), (True, True)):
        s = table(3, options={"long_match": long_match}, hands={0: ["R7", "C1"], 2: ["P2"], 1: ["M1"]}, regions={**closed, 6: region((None, "R2"), left=1)}, turn=0)
        # @6 is S1–S3 in 3p: (S1 side, S3 side).
        s, ev = play(s, 0, "R7@6")
        assert find(ev, "conflict")["winner"] == 0
        assert (s["pending"] is not None) == asked
        if not asked:
            assert GAME.is_over(s)
        else:
            assert GAME.to_act(s) == [2]
            s, ev = play(s, 2, "keep")
            assert "round_end" in kinds(ev) and s["round"] == 2
