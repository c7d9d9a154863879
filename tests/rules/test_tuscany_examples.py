"""Every example of the reference §11 (T01–T34) as a test."""

from __future__ import annotations

from rules import CHANCE
from rules.tuscany import GAME
from rules.tuscany.estate import layout
from rules.tuscany.flow import final_scoring, score_round
from rules.tuscany.moves import start_spaces
from rules.tuscany.state import lay
from tests.rules.test_tuscany_support import (
    chance,
    cover,
    e1,
    finish_chance,
    hand,
    my_turn,
    play,
    refused,
    set_display,
    store,
)


def green(s: dict, seat: int = 0) -> int:
    return s["ps"][seat]["green"]


def hand_of(s: dict, seat: int = 0) -> str:
    return "".join(c * k for c, k in s["ps"][seat]["hand"].items())


def setup_to_start(players: int = 2) -> dict:
    """A fixed, preset game up to the simultaneous start-castle choice (§3 step 6)."""
    s = GAME.new(players, {"estate": "fixed", "boards": "preset", "start_player": "host"})
    s, _ = play(s, 0, "first 1")
    for seat in range(players):
        boards = ["A1 B1 C1", "A2 B2 C2", "A3 B3 C3", "A4 B4 C4"][seat]
        s, _ = play(s, 0, f"boards {seat + 1} {boards}")
    return finish_chance(s)


def test_t01_start_castle_spaces_and_hidden_choice() -> None:
    s = setup_to_start()
    assert GAME.to_act(s) == [0, 1]
    assert GAME.legal_actions(s, 0) == ["start a3", "start d2", "start f1"]
    s, _ = GAME.apply(s, 0, "start d2")
    assert GAME.to_act(s) == [1]
    assert GAME.view(s, 1)["seats"][0]["start"] is None  # hidden until everyone chose
    assert GAME.view(s, 0)["seats"][0]["start"] == "d2"
    s, _ = GAME.apply(s, 1, GAME.legal_actions(s, 1)[0])
    p = s["ps"][0]
    assert p["cov"] == {"d2": "1S"} and p["green"] == 0 and p["red"] == 0 and p["marble"] == 0
    assert GAME.view(s, 1)["seats"][0]["start"] == "d2"


def test_t02_starting_bonus_storage() -> None:
    s = setup_to_start()
    s, _ = GAME.apply(s, 0, "start d2")
    s, _ = GAME.apply(s, 1, GAME.legal_actions(s, 1)[0])
    s, _ = play(s, 0, "bonus ST")
    assert GAME.view(s, None)["seats"][0]["capacity"] == 2 and green(s) == 2 and s["supply"]["ST"] == 4
    s, _ = play(s, 1, "bonus ST")
    assert s["supply"]["ST"] == 3 and green(s, 1) == 2


def test_t03_t04_adjacency_and_quarry() -> None:
    s = e1()
    store(s, 0, "1Q1")
    hand(s, 0, "QQ")
    refused(s, 0, "place 1Q1@f3 using Q+Q", "not_adjacent")
    s, _ = play(s, 0, "place 1Q1@c2 using Q+Q")
    assert hand_of(s) == "" and green(s) == 1 and s["ps"][0]["marble"] == 1
    assert s["ps"][0]["cov"]["c2"] == "1Q1"


def test_t05_monastery_draws_three_rc_ignored() -> None:
    s = e1()
    store(s, 0, "1M1")
    hand(s, 0, "MMV")
    s["ps"][0]["bonus"]["RC"] = 2
    s, _ = play(s, 0, "place 1M1@d1 using M+M")
    assert green(s) == 0
    s = chance(s, "card F", "card F", "card T")
    assert GAME.to_act(s) != [CHANCE]
    assert hand_of(s) == "VFFT"
    my_turn(s)
    store(s, 0, "1M2")
    hand(s, 0, "MM")
    s, _ = play(s, 0, "place 1M2@c1 using M+M")
    assert green(s) == 3


def test_t06_quarries_with_ma() -> None:
    s = e1()
    s["ps"][0]["bonus"]["MA"] = 1
    gains = []
    for i, sp in enumerate(("e2", "f2", "f3")):
        my_turn(s)
        store(s, 0, f"1Q{i + 1}")
        hand(s, 0, "QQ")
        before = green(s)
        s, _ = play(s, 0, f"place 1Q{i + 1}@{sp} using Q+Q")
        gains.append(green(s) - before)
        assert s["ps"][0]["marble"] == 2 * (i + 1)
    assert gains == [0, 0, 6]
    assert s["cb"]["Q"] == 0  # c2 is still empty: no quarry colour bonus


def test_t07_farm_types_and_token_farm() -> None:
    s = e1()
    hand(s, 0, "FFFFCCFV")
    store(s, 0, "1F1")
    s, _ = play(s, 0, "place 1F1@c3 using F+F")
    assert green(s) == 1
    my_turn(s)
    store(s, 0, "NF1")
    s, _ = play(s, 0, "place NF1@d3 using F+F")
    assert green(s) == 2
    my_turn(s)
    store(s, 0, "hex")
    s, _ = play(s, 0, "place hex@c4 using F+CC")
    assert green(s) == 9 and hand_of(s) == "V"


def test_t08_farm_types_per_area() -> None:
    s = e1()
    s["ps"][0]["cov"]["c3"] = "1F1"
    hand(s, 0, "FFFF")
    store(s, 0, "NF2")
    s, _ = play(s, 0, "place NF2@b2 using F+F")
    assert green(s) == 2
    my_turn(s)
    store(s, 0, "2F3")
    s, _ = play(s, 0, "place 2F3@b3 using F+F")
    assert green(s) == 5


def test_t09_carriage_areas_do_not_merge_and_yield() -> None:
    s = e1()
    cover(s, 0, "d3")
    store(s, 0, "1W1")
    hand(s, 0, "WW")
    s, _ = play(s, 0, "place 1W1@d4 using W+W")
    assert green(s) == 1
    s = chance(s, "yield Y06")
    assert s["ps"][0]["red"] == 3 and green(s) == 1


def test_t10_t11_colour_bonus_sides() -> None:
    s = e1(3)
    cover(s, 0, "a5", "d1")
    store(s, 0, "1T1")
    hand(s, 0, "TT")
    s, _ = play(s, 0, "place 1T1@e1 using T+T")
    assert green(s) == 3 and s["cb"]["T"] == 1 and s["ps"][0]["store"] == ["hex"]
    # seat 2 (A2|B2|C2): blue spaces b5 and f4; b5 already covered
    my_turn(s, 1)
    cover(s, 1, "b5", "f3")
    store(s, 1, "2T1")
    hand(s, 1, "TT")
    s, _ = play(s, 1, "place 2T1@f4 using T+T")
    assert green(s, 1) == 2 and s["cb"]["T"] == 2
    # seat 3 (A3|B3|C3): blue spaces b5 and e3
    my_turn(s, 2)
    cover(s, 2, "b5", "e2")
    store(s, 2, "3T1")
    hand(s, 2, "TT")
    s, _ = play(s, 2, "place 3T1@e3 using T+T")
    assert green(s, 2) == 1


def test_t12_village_worker() -> None:
    s = e1()
    cover(s, 0, "d4")
    store(s, 0, "1V1")
    hand(s, 0, "VVC")
    s, _ = play(s, 0, "place 1V1@d5 using V+V")
    assert hand_of(s) == "C" and green(s) == 1 and s["ps"][0]["workers"] == 1


def test_t13_t14_pairs() -> None:
    s = e1()
    store(s, 0, "1M1")
    hand(s, 0, "MQQV")
    t, _ = play(s, 0, "place 1M1@d1 using M+QQ")
    assert hand_of(t) == "V"
    hand(s, 0, "QQQQ")
    t, _ = play(s, 0, "place 1M1@d1 using QQ+QQ")
    assert hand_of(t) == ""


def test_t15_workers_and_city_bonus() -> None:
    s = e1()
    cover(s, 0, "c3", "c4")
    store(s, 0, "1C1")
    s["ps"][0]["workers"] = 1
    hand(s, 0, "FF")
    s, _ = play(s, 0, "place 1C1@c5 using FF+wk")
    s, _ = play(s, 0, "bonus YI")
    p = s["ps"][0]
    assert p["workers"] == 0 and hand_of(s) == "" and green(s) == 1 and p["bonus"]["YI"] == 1


def test_t16_two_workers() -> None:
    s = e1()
    cover(s, 0, "d3")
    store(s, 0, "1W1")
    s["ps"][0]["workers"] = 2
    s, _ = play(s, 0, "place 1W1@d4 using wk+wk")
    assert s["ps"][0]["workers"] == 0 and green(s) == 1
    assert GAME.to_act(s) == [CHANCE] and GAME.chance_outcomes(s)[0][0].startswith("yield ")
    s = chance(s, "yield Y01")
    assert s["ydiscard"] == ["Y01"]


def test_t17_bad_payments() -> None:
    s = e1()
    store(s, 0, "1M1")
    hand(s, 0, "MQV")
    s["ps"][0]["workers"] = 1
    for pay in ("M+Q", "M+QV", "MM", "M+M+M", "wk+wk"):
        refused(s, 0, f"place 1M1@d1 using {pay}")
    assert refused(s, 0, "place 1M1@d1 using M+Q").key == "payment_form"
    assert refused(s, 0, "place 1M1@d1 using wk+wk").key == "payment_short"


def test_t18_take_with_full_storage() -> None:
    s = e1()
    store(s, 0, "1V1")
    set_display(s, ["NC1", "NV1", "NQ2", "NW1", "NM1", "NQ1", "NT1", "NK1"])
    refused(s, 0, "take 3", "storage_full")
    t, _ = play(s, 0, "take 3 discard 1V1")
    assert t["box"] == ["1V1"] and t["ps"][0]["store"] == ["NQ2"] and t["display"][2] is None
    assert t["tasks"][0] == ["fill", 2, 0]  # refilled from seat 1's stacks
    t = chance(t, "reveal 1C1")
    assert t["display"][2] == "1C1"
    s["ps"][0]["bonus"]["ST"] = 1
    refused(s, 0, "take 3 discard 1V1", "storage_free")
    t, _ = play(s, 0, "take 3")
    assert t["ps"][0]["store"] == ["1V1", "NQ2"]


def test_t19_yield_token_then_red() -> None:
    s = e1()
    cover(s, 0, "d3")
    store(s, 0, "1W1")
    s["ps"][0]["bonus"]["YI"] = 1
    hand(s, 0, "WW")
    s, _ = play(s, 0, "place 1W1@d4 using W+W")
    assert s["ps"][0]["store"] == []
    s = chance(s, "yield Y20")
    assert s["ps"][0]["store"] == ["hex"]
    s = chance(s, "yield Y21")
    assert s["ps"][0]["red"] == 2 and green(s) == 1


def _t20(neutral: list[str]) -> dict:
    s = e1()
    set_display(s, ["1V1", "1V2", "NV1", "NV2", "NF2", "NM2", "NQ2", "NC1"])
    s["ps"][0]["pool"].remove("1V1")
    s["ps"][0]["pool"].remove("1V2")
    s["ps"][0]["stacks"] = [5, 7, 7]
    s["neutral"] = sorted(neutral)
    s, _ = play(s, 0, "take 8")
    return chance(s, "reveal 1V3")


def test_t20_five_of_a_colour_refresh() -> None:
    s = _t20(["NM1", "NQ1", "NT1", "NK1", "NF3", "NF4"])
    assert s["aside"] == ["1V1", "1V2", "NV1", "NV2", "1V3"]
    s = chance(s, "reveal NM1", "reveal NQ1", "reveal NT1", "reveal NK1", "reveal NF3")
    assert [c[1] for c in s["display"]] == list("MQTKFMQF")
    assert GAME.to_act(s) == [1]  # no further refresh; the turn passed on


def test_t21_neutral_runs_out() -> None:
    s = _t20(["NM1", "NQ1"])
    s = chance(s, "reveal NM1", "reveal NQ1")
    assert s["display"][:4] == ["NM1", "NQ1", None, None] and s["display"][7] is None
    assert GAME.to_act(s) == [1]  # no further refresh; the turn passed on


def _t22(round_end: str) -> dict:
    s = e1(3, round_end=round_end)
    my_turn(s, 1)
    p = s["ps"][1]
    p["stacks"] = [1, 7, 7]
    p["pool"] = p["pool"][:15]
    p["marble"] = 1
    p["bonus"]["ST"] = 1
    s, _ = play(s, 1, "take 5")
    s = chance(s, f"reveal {p['pool'][0]}")
    assert s["trigger"] == 1 and s["ps"][1]["stacks"] == [0, 7, 7]
    s, _ = play(s, 1, "marble")
    s, _ = play(s, 1, "take 2")
    s = chance(s, GAME.chance_outcomes(s)[0][0])
    assert s["ps"][1]["stacks"] == [0, 6, 7]
    return s


def test_t22_round_end_rulebook() -> None:
    s = _t22("rulebook")
    assert s["round"] == 2 and s["cur"] == 2 and s["ps"][0]["red"] == s["ps"][0]["green"]


def test_t22_round_end_equal_turns() -> None:
    s = _t22("equal_turns")
    assert s["round"] == 1 and s["cur"] == 2
    s, _ = play(s, 2, "draw")
    s = finish_chance(s)
    assert s["round"] == 2 and s["cur"] == 0


def _t23(round_end: str) -> dict:
    s = e1(3, round_end=round_end)
    s["round"] = 3
    my_turn(s, 1)
    p = s["ps"][1]
    p["stacks"] = [0, 0, 1]
    p["pool"] = p["pool"][:1]
    s, _ = play(s, 1, "take 1")
    return chance(s, f"reveal {p['pool'][0]}")


def _draw_turn(s: dict, seat: int) -> dict:
    s, _ = play(s, seat, "draw")
    return finish_chance(s)


def test_t23_final_turns_rulebook() -> None:
    s = _t23("rulebook")
    for seat in (2, 0, 1):
        assert s["phase"] == "play" and s["cur"] == seat
        s = _draw_turn(s, seat)
    assert s["phase"] == "over" and GAME.to_act(s) == []


def test_t23_final_turns_equal_turns() -> None:
    s = _t23("equal_turns")
    assert s["cur"] == 2
    s = _draw_turn(s, 2)
    assert s["phase"] == "over"


def test_t24_round_scoring_adds_green_to_red() -> None:
    s = e1()
    p = s["ps"][0]
    p["red"], p["green"] = 4, 17
    score_round(s, [])
    assert (p["red"], p["green"]) == (21, 17)
    p["green"], p["red"] = 32, 23
    score_round(s, [])
    assert (p["red"], p["green"]) == (55, 32)


def _t25(final_tiles: str) -> int:
    s = e1(final_tiles=final_tiles)
    p = s["ps"][0]
    p["red"] = 80
    store(s, 0, "NV2", "hex")
    p["marble"], p["workers"] = 3, 2
    hand(s, 0, "VVVFFFQQ")
    p["stacks"] = [0, 0, 4]
    p["pool"] = p["pool"][:4]
    final_scoring(s, [])
    return s["ps"][0]["red"]


def test_t25_final_scoring() -> None:
    assert _t25("storage") == 89
    assert _t25("storage_and_stacks") == 93


def _t26(empty: tuple[int, int], greens: tuple[int, int], cards: tuple[str, str]) -> dict:
    s = e1()
    for seat in (0, 1):
        p = s["ps"][seat]
        spaces = list(lay(s, seat).colour)
        p["cov"] = {sp: "hex" for sp in spaces[: len(spaces) - empty[seat]]}
        p["green"] = greens[seat]
        hand(s, seat, cards[seat])
        p["red"] = 89 - len(cards[seat]) // 3
    final_scoring(s, [])
    assert [p["red"] for p in s["ps"]] == [89, 89]
    return s["result"]


def test_t26_tie_breaks() -> None:
    assert _t26((6, 4), (41, 39), ("VV", "VVVVV"))["winners"] == [0]
    assert _t26((5, 5), (41, 39), ("VV", "VVVVV"))["winners"] == [1]
    assert _t26((5, 5), (40, 40), ("VV", "VVVVV"))["winners"] == [0]
    shared = _t26((5, 5), (40, 40), ("VV", "VV"))
    assert shared["winners"] == [0, 1]


def test_t27_t28_castle_effect() -> None:
    s = e1()
    cover(s, 0, "e2")
    store(s, 0, "1K1")
    hand(s, 0, "KK")
    set_display(s, ["NC1", "NV1", "NF1", "NQ3", "NM1", "NQ1", "NT1", "NK1"])
    s, _ = play(s, 0, "place 1K1@f1 using K+K")
    assert green(s) == 1 and s["cb"]["K"] == 0
    assert "castle 4@f2" in GAME.legal_actions(s, 0) and "castle pass" in GAME.legal_actions(s, 0)
    s, _ = play(s, 0, "castle 4@f2")
    s = chance(s, "reveal 1M2")
    assert s["display"][3] == "1M2" and s["ps"][0]["cov"]["f2"] == "NQ3"
    assert green(s) == 1 and s["ps"][0]["marble"] == 1
    # T28
    my_turn(s)
    cover(s, 0, "b2")
    store(s, 0, "hex")
    hand(s, 0, "KK")
    s, _ = play(s, 0, "place hex@a3 using K+K")
    s, _ = play(s, 0, "castle pass")
    assert green(s) == 4 and s["cb"]["K"] == 1


def test_t29_yield_not_boosted_by_ma() -> None:
    s = e1()
    p = s["ps"][0]
    p["bonus"]["YI"], p["bonus"]["MA"] = 1, 2
    store(s, 0, "1W1")
    hand(s, 0, "WW")
    s, _ = play(s, 0, "place 1W1@e3 using W+W")
    assert green(s) == 0
    s = chance(s, "yield Y01", "yield Y11")
    assert green(s) == 2 and s["ps"][0]["marble"] == 1


def test_t30_draw_reshuffles() -> None:
    s = e1()
    s["ps"][0]["bonus"]["RC"] = 2
    s["deck"] = {c: 0 for c in s["deck"]} | {"V": 3}
    s["discard"] = {c: 0 for c in s["discard"]} | {"F": 10}
    s, _ev = play(s, 0, "draw")
    s = chance(s, "card V", "card V", "card V")
    assert GAME.to_act(s) == [CHANCE] and s["deck"]["F"] == 10
    s = chance(s, "card F")
    assert sum(s["ps"][0]["hand"].values()) == 4


def test_t31_take_with_empty_stacks() -> None:
    s = e1()
    s["round"], s["final_left"] = 3, 2
    p = s["ps"][0]
    p["stacks"], p["pool"] = [0, 0, 0], []
    p["bonus"]["ST"] = 1
    s, _ = play(s, 0, "take 6")
    assert s["ps"][0]["store"] == ["NQ1"] and s["display"][5] is None
    assert GAME.to_act(s) != [CHANCE]


def _free(command: str) -> dict:
    s = GAME.new(2, {"boards": "preset", "start_player": "host"})
    s, _ = play(s, 0, "first 1")
    s, _ = play(s, 0, "boards 1 A1 B1 C1")
    s, _ = play(s, 0, "boards 2 A2 B2 C2")
    s = finish_chance(s)
    assert GAME.to_act(s) == [0, 1]
    s, _ = GAME.apply(s, 0, command)
    return s


def test_t32_turned_board() -> None:
    s = _free("assemble C1 A1r B1")
    assert GAME.view(s, 1)["seats"][0]["estate"] is None  # hidden until everyone assembled
    s, _ = GAME.apply(s, 1, "assemble A2 B2 C2")
    assert start_spaces(s, 0) == ["b1", "d3", "f2"]
    assert GAME.legal_actions(s, 0) == ["start b1", "start d3", "start f2"]
    lay0 = lay(s, 0)
    assert sorted(lay0.areas[lay0.area["d5"]]) == ["c5", "d4", "d5"]
    assert lay0.colour["c5"] == "V"


def test_t34_shifted_board() -> None:
    s = _free("assemble A1 B1+1 C1")
    s, _ = GAME.apply(s, 1, "assemble A2 B2 C2")
    lay0 = lay(s, 0)
    for missing in ("c1", "d1", "a6", "b6", "e6", "f6"):
        assert missing not in lay0.colour
    assert start_spaces(s, 0) == ["a3", "d3", "f1"]
    assert sorted(lay0.neighbours["d3"]) == ["c3", "c4", "d2", "d4", "e3", "e4"]
    assert lay0.colour["b5"] == lay0.colour["c6"] == "C"
    assert "c6" in lay0.neighbours["b5"] and lay0.area["b5"] != lay0.area["c6"]
    s2 = _free("assemble A1 B1 C1")
    refused(s2, 1, "assemble A2+2 B2 C2", "assemble_shift")
    refused(s2, 1, "assemble A2+1 B2+1 C2+1", "assemble_shift")
    refused(s2, 1, "assemble A1 B2 C2", "assemble_boards")


def test_t34_two_red_one_hex_areas_score_separately() -> None:
    est = (("A1", False, 0), ("B1", False, 1), ("C1", False, 0))
    lay0 = layout("recon-1", est)
    assert len(lay0.areas[lay0.area["b5"]]) == 1 and len(lay0.areas[lay0.area["c6"]]) == 1


def test_t33_token_not_placeable_the_turn_it_was_gained() -> None:
    s = e1()
    cover(s, 0, "d1")
    store(s, 0, "1T1")
    hand(s, 0, "TTQQ")
    s["ps"][0]["marble"] = 1
    s, _ = play(s, 0, "place 1T1@e1 using T+T")
    assert green(s) == 1 and s["ps"][0]["store"] == ["hex"] and s["cb"]["T"] == 0
    s, _ = play(s, 0, "marble")
    refused(s, 0, "place hex@e2 using Q+Q", "fresh_token")
    assert "draw" in GAME.legal_actions(s, 0)
    s, _ = play(s, 0, "draw")
    s = finish_chance(s)
    assert s["cur"] == 1 and s["ps"][0]["fresh"] == 0
    my_turn(s, 0)
    s, _ = play(s, 0, "place hex@e2 using Q+Q")
    assert green(s) == 1 and s["ps"][0]["marble"] == 1
