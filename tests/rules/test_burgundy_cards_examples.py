"""Every example of the reference (§11, T1-T30) as a test."""

from __future__ import annotations

from rules import CHANCE
from rules.burgundy_cards import GAME
from rules.burgundy_cards.scoring import breakdown, finish
from tests.rules.test_burgundy_cards_support import (
    act,
    chance,
    drive,
    fresh,
    position,
    refused,
    settle,
)

EMPTY: dict[str, list[str]] = {}


def workers_by_position(st: dict) -> list[int]:
    return [st["pl"][s]["workers"] for s in st["order"]]


# ---- T1-T4 setup -------------------------------------------------------------------------------------
def test_t1_setup_four_players() -> None:
    st = chance(GAME.new(4), "first 1")
    st = settle(st)
    assert st["order"] == [0, 1, 2, 3]
    assert workers_by_position(st) == [0, 1, 1, 2]
    for pl in st["pl"]:
        assert pl["silver"] == 1 and len(pl["goods"]) == 1 and len(pl["animals"]) == 1
        assert len(pl["hand"]) == 2 and len(pl["stack"]) == 4
    assert [st["piles"][p]["n"] for p in ("g1", "g2", "a1", "a2")] == [7, 7, 8, 8]
    assert st["all7"] == ["A7-4", "A7-3", "A7-2", "A7-1"]
    assert sum(len(r) for r in st["display"]) == 13
    assert st["sp"] == {"holder": 0, "q": False}


def test_t1_workers_follow_the_start_player() -> None:
    st = settle(chance(GAME.new(4), "first 3"))
    assert st["order"] == [2, 3, 0, 1]
    assert [st["pl"][s]["workers"] for s in range(4)] == [1, 2, 0, 1]


def test_t2_setup_two_and_three_players() -> None:
    st = settle(chance(GAME.new(2), "first 1"))
    assert workers_by_position(st) == [0, 2]
    assert st["all7"] == ["A7-2", "A7-1"]
    assert sum(len(r) for r in st["display"]) == 7
    assert [st["piles"][p]["n"] for p in ("g1", "g2", "a1", "a2")] == [8, 8, 9, 9]
    st = settle(chance(GAME.new(3), "first 1"))
    assert workers_by_position(st) == [0, 1, 2]
    assert st["all7"] == ["A7-3", "A7-2", "A7-1"]
    assert sum(len(r) for r in st["display"]) == 10
    assert [st["piles"][p]["n"] for p in ("g1", "g2", "a1", "a2")] == [8, 7, 9, 8]
    assert workers_by_position(settle(chance(GAME.new(2, {"start_workers": "last2"}), "first 1"))) == [1, 2]
    assert workers_by_position(settle(chance(GAME.new(4, {"start_workers": "last2"}), "first 1"))) == [1, 1, 1, 2]
    assert workers_by_position(settle(chance(GAME.new(3, {"start_workers": "flat1"}), "first 2"))) == [1, 1, 1]


def test_solo_setup() -> None:
    st = fresh(1)
    pl = st["pl"][0]
    assert (pl["workers"], pl["silver"], len(pl["goods"]), len(pl["animals"])) == (1, 1, 1, 1)
    assert st["all7"] == ["A7-1"] and st["sp"] is None
    assert sum(len(r) for r in st["display"]) == 7
    assert [st["piles"][p]["n"] for p in ("g1", "g2", "a1", "a2")] == [9, 8, 10, 9]
    assert fresh(1, {"all7_set": "high"})["all7"] == ["A7-4"]


def _to_display_deal(players: int) -> dict:
    st = chance(GAME.new(players), "first 1")
    while st["queue"] and st["queue"][0][0] != "display":
        st = chance(st, GAME.legal_actions(st, CHANCE)[0])
    return st


def test_t3_display_deal_three_players() -> None:
    st = _to_display_deal(3)
    cards = "SHI5a CAS2b KNO1c PAS6a MIN3a BAN2a CLO4b WAR5a KNO1a CIT6a".split()
    st = chance(st, *(f"draw {c}" for c in cards))
    assert st["display"] == [["SHI5a", "KNO1a"], ["CAS2b"], ["KNO1c"], ["PAS6a", "CLO4b"], ["MIN3a", "WAR5a"],
                             ["BAN2a", "CIT6a"]]


def test_t4_display_deal_four_players() -> None:
    st = _to_display_deal(4)
    cards = "KNO2a SHI6c CAS1b PAS4a WAR5a MIN3b CLO6a KNO4c BAN2a SHI1a PAS3b CIT6a MAR4a".split()
    st = chance(st, *(f"draw {c}" for c in cards))
    assert st["display"] == [["KNO2a", "CLO6a"], ["SHI6c", "KNO4c"], ["CAS1b", "BAN2a"], ["PAS4a", "SHI1a", "MAR4a"],
                             ["WAR5a", "PAS3b"], ["MIN3b", "CIT6a"]]


# ---- T5-T7 take and build ----------------------------------------------------------------------------------
def test_t5_take_with_wrap_around() -> None:
    st = position(hand=["SHI6c", "MIN4a"], workers=1, rows={1: ["KNO1a"], 2: ["CAS2b"]}, proj=[])
    assert refused(st, 0, "play 1 +1 take CAS2b").key == "wrong_row"
    after, _ = act(st, 0, "play 1 +1 take KNO1a")
    pl = after["pl"][0]
    assert pl["workers"] == 0 and pl["proj"] == ["KNO1a"]
    assert pl["hand"] == ["MIN4a"] and GAME.to_act(after) == [CHANCE]  # the refill is pending
    assert "SHI6c" in after["discard"]
    one = position(hand=["KNO1b"], workers=1, rows={6: ["CAS6a"]})
    assert "play 1 -1 take CAS6a" in GAME.legal_actions(one, 0)


def test_t6_project_limit() -> None:
    st = position(hand=["SHI1a", "KNO4b"], proj=["CAS3a", "MIN2b", "PAS5c"], rows={4: ["CLO4b"]}, silver=0)
    st, _ = act(st, 0, "play 2 take CLO4b")
    assert GAME.legal_actions(st, 0) == ["drop CAS3a", "drop MIN2b", "drop PAS5c"]
    st, _ = act(st, 0, "drop MIN2b")
    assert st["pl"][0]["proj"] == ["CAS3a", "PAS5c", "CLO4b"]
    assert st["discard"][-2:] == ["KNO4b", "MIN2b"]


def test_t7_build_needs_the_exact_value() -> None:
    st = position(hand=["SHI3a", "KNO6a"], proj=["MIN2b"], workers=1, silver=0)
    assert refused(st, 0, "play 1 build MIN2b").key == "wrong_die"
    st, _ = act(st, 0, "play 1 -1 build MIN2b")
    pl = st["pl"][0]
    assert pl["workers"] == 0 and pl["est"]["MIN"] == ["MIN2b"] and pl["silver"] == 2


# ---- T8-T11 triples, cloisters, bonus cards ------------------------------------------------------------------
def test_t8_triple_and_first_bonus() -> None:
    st = position(3, seat=1, hand=["PAS3c", "KNO1a"], est={"CAS": ["CAS1a", "CAS4b"]}, proj=["CAS3a"])
    st, events = act(st, 1, "play 1 build CAS3a")
    assert st["pl"][1]["bonus"] == ["B1CAS"] and "CAS" not in st["bonus1"]
    assert any(e["kind"] == "bonus1" for e in events)
    assert GAME.view(st, None)["pending"]["q"] == "free"
    score = breakdown(st, 1)
    assert score["triples"] + score["first"] == 6
    # a later castle triple of another player takes no "1." card
    st["pl"][2]["est"]["CAS"] = ["CAS2a", "CAS2b"]
    st2 = position(3, seat=2, hand=["CAS5a"], est={"CAS": ["CAS2a", "CAS2b"]}, proj=["CAS5b"])
    st2["bonus1"].remove("CAS")
    st2, _ = act(st2, 2, "play 1 build CAS5b")
    assert st2["pl"][2]["bonus"] == []


def test_t9_cloister_joins_a_colour() -> None:
    st = position(hand=["BAN4a", "KNO2a"], est={"SHI": ["SHI2a", "SHI5b"], "KNO": ["KNO1a"]}, proj=["CLO4a"])
    st, _ = act(st, 0, "play 1 build CLO4a")
    assert GAME.legal_actions(st, 0) == ["as CLO", "as KNO", "as SHI"]
    assert refused(st, 0, "as PAS").key == "as_colour"
    st, _ = act(st, 0, "as SHI")
    pl = st["pl"][0]
    assert pl["est"]["SHI"] == ["SHI2a", "SHI5b", "CLO4a"] and pl["est"]["CLO"] == []
    assert "B1SHI" in pl["bonus"]
    assert breakdown(st, 0)["triples"] == 4


def test_cloister_join_any() -> None:
    st = position(hand=["BAN4a"], est={}, proj=["CLO4a"], options={"cloister_join": "any"})
    st, _ = act(st, 0, "play 1 build CLO4a")
    assert len(GAME.legal_actions(st, 0)) == 7
    st = position(hand=["BAN4a"], est={}, proj=["CLO4a"])
    st, _ = act(st, 0, "play 1 build CLO4a")  # only CLO possible: answered automatically
    assert st["pl"][0]["est"]["CLO"] == ["CLO4a"]


def test_t10_cloister_triple() -> None:
    st = position(hand=["MIN3b"], est={"CLO": ["CLO1a", "CLO2a"]}, proj=["CLO3a"])
    st, _ = act(st, 0, "play 1 build CLO3a")  # only CLO is possible: answered automatically
    assert st["pl"][0]["est"]["CLO"] == ["CLO1a", "CLO2a", "CLO3a"]
    assert "B1CLO" in st["pl"][0]["bonus"]
    score = breakdown(st, 0)
    assert score["triples"] == 6 and score["triples"] + score["first"] == 7


def test_t11_all_seven_types() -> None:
    given = {"CAS": ["CAS1a"], "MIN": ["MIN1a"], "KNO": ["KNO1a"], "SHI": ["SHI1a"], "PAS": ["PAS1a"],
             "BLD": ["WAR1a"]}
    st = position(4, seat=0, hand=["SHI2b"], est=given, proj=["CLO2b"])
    won, events = act(st, 0, "play 1 build CLO2b", "as CLO")
    assert any(e["kind"] == "all7" for e in events)
    assert won["pl"][0]["all7"] == "A7-4" and breakdown(won, 0)["all7"] == 4
    assert won["all7"] == ["A7-3", "A7-2", "A7-1"]
    not_yet, _ = act(st, 0, "play 1 build CLO2b", "as SHI")
    assert not_yet["pl"][0]["all7"] is None
    # the next player to reach 7 colours takes A7-3
    won["pl"][1]["est"] = {**{c: list(v) for c, v in given.items()}, "CLO": []}
    won["pl"][1]["proj"] = ["CLO5a"]
    won["pl"][1]["hand"] = ["SHI5a"]
    won["turn"] = {"seat": 1, "played": False, "buys": 0, "shown": None}
    won["stack"], won["queue"], won["step"] = [], [], "turn"
    nxt, _ = act(won, 1, "play 1 build CLO5a", "as CLO")
    assert nxt["pl"][1]["all7"] == "A7-3"


# ---- T12-T14 selling and the start player card ---------------------------------------------------------------
def _sell_policy(sellers: set[int]):
    def choose(st: dict, seat: int, legal: list[str]) -> str:
        if seat in sellers and "play 1 sell" in legal:
            sellers.discard(seat)
            return "play 1 sell"
        for choice in ("play 1 silver", "end", "skip"):
            if choice in legal:
                return choice
        return legal[0]
    return choose


def test_t12_selling_takes_the_start_player_card() -> None:
    st = position(4, seat=2, hand=["MIN2a", "KNO6a"], goods=["LGTb", "LGTe", "DRKa"], silver=0)
    st["round"] = 2
    st["sp"] = {"holder": 0, "q": False}
    assert refused(position(4, seat=2, hand=["MIN3a"], goods=["LGTb"]), 2, "play 1 sell").key == "no_goods"
    st, events = act(st, 2, "play 1 sell")
    assert [e["kind"] for e in events][:2] == ["play", "sell"]
    pl = st["pl"][2]
    assert pl["goods"] == ["DRKa"] and pl["sold"] == ["LGTb", "LGTe"] and pl["silver"] == 2
    assert breakdown(st, 2)["goods"] == 4
    assert st["sp"] == {"holder": 2, "q": True}
    st = settle(st)
    assert GAME.to_act(st) == [3]  # turn order unchanged
    st = drive(st, lambda s: s["round"] == 3 and s["step"] != "round")
    assert st["order"] == [2, 3, 0, 1] and st["sp"] == {"holder": 2, "q": False}


def test_t12_dark_sale_with_a_five() -> None:
    st = position(4, seat=2, hand=["MIN5a"], goods=["LGTb", "LGTe", "DRKa"], silver=0)
    st, _ = act(st, 2, "play 1 sell")
    assert st["pl"][2]["sold"] == ["DRKa"] and st["pl"][2]["silver"] == 1 and breakdown(st, 2)["goods"] == 2


def test_t13_two_sales_in_one_round() -> None:
    st = position(4, seat=2, hand=["KNO6a", "KNO6b"])
    st["round"], st["order"], st["tidx"] = 3, [2, 3, 0, 1], 0
    st["sp"] = {"holder": 2, "q": False}
    st["pl"][3]["hand"], st["pl"][3]["goods"] = ["MIN1a", "KNO6c"], ["LGTa"]
    st["pl"][1]["hand"], st["pl"][1]["goods"] = ["MIN1b", "CAS6a"], ["LGTc"]
    st = drive(st, lambda s: s["round"] == 4 and s["step"] != "round", _sell_policy({3, 1}))
    assert st["order"] == [1, 2, 3, 0] and st["sp"] == {"holder": 1, "q": False}


def test_t14_no_sale_passes_the_card() -> None:
    st = position(3, seat=1, hand=["KNO6a", "KNO6b"])
    st["round"], st["order"], st["tidx"] = 1, [1, 2, 0], 0
    st["sp"] = {"holder": 1, "q": False}
    st = drive(st, lambda s: s["round"] == 2 and s["step"] != "round")
    assert st["order"] == [2, 0, 1] and st["sp"] == {"holder": 2, "q": False}


# ---- T15-T16 convert and workers ------------------------------------------------------------------------------
def test_t15_convert() -> None:
    st = position(hand=["KNO1a", "MIN2a"], workers=2, silver=4)
    assert refused(st, 0, "play 2 convert w1 s1").key == "convert_three"
    assert refused(st, 0, "play 2 convert w2 s2").key == "convert_three"
    assert refused(st, 0, "play 2 +1 convert w0 s3").key == "no_adjust"
    assert "play 2 convert w0 s3" in GAME.legal_actions(st, 0)
    after, _ = act(st, 0, "play 2 convert w2 s4")
    pl = after["pl"][0]
    assert (pl["workers"], pl["silver"], pl["vp"]) == (0, 0, 2)


def test_t16_workers() -> None:
    for before in (0, 1, 2, 4):
        st, _ = act(position(hand=["KNO1a"], workers=before, silver=0), 0, "play 1 workers")
        assert st["pl"][0]["workers"] == max(2, before)
    st, _ = act(position(hand=["CAS5b"], workers=2, proj=["KNO5a"], silver=0), 0, "play 1 build KNO5a")
    assert st["pl"][0]["workers"] == 4


# ---- T17-T21 effects ------------------------------------------------------------------------------------------
def test_t17_castle_city_hall_chain() -> None:
    st = position(hand=["SHI2c", "KNO5b"], proj=["CAS2a", "CIT3a", "MIN6a"], silver=0)
    st, _ = act(st, 0, "play 1 build CAS2a", "free build CIT3a", "cityhall MIN6a")
    pl = st["pl"][0]
    assert (len(pl["est"]["CAS"]), len(pl["est"]["BLD"]), len(pl["est"]["MIN"])) == (1, 1, 1)
    assert pl["proj"] == [] and pl["silver"] == 2 and pl["hand"] == ["KNO5b"]


def test_t18_purchase_with_reshuffle() -> None:
    discards = ["WAT4a", "CAS6b", "SHI3b", "PAS2c", "KNO4a"]
    st = position(hand=["SHI2c", "KNO3c"], silver=4, workers=2, proj=["MIN2a"], deck=["PAS1b"], discard=discards)
    st, _ = act(st, 0, "buy")
    assert st["pl"][0]["silver"] == 1
    st = chance(st, "draw PAS1b")
    assert sorted(st["deck"]) == sorted(discards) and st["discard"] == []
    st = chance(st, "draw WAT4a", "draw CAS6b")
    assert GAME.stage(st) == "buy"
    st, _ = act(st, 0, "use WAT4a -2 build MIN2a")
    pl = st["pl"][0]
    assert pl["est"]["MIN"] == ["MIN2a"] and pl["proj"] == [] and pl["silver"] == 3 and pl["workers"] == 0
    assert st["discard"] == ["WAT4a", "PAS1b", "CAS6b"]
    assert GAME.stage(st) == "start"
    assert "buy" not in GAME.legal_actions(st, 0)
    assert refused(st, 0, "buy").key == "bought_already"


def test_t19_warehouse() -> None:
    st = position(hand=["MIN5a"], goods=["DRKa", "DRKb", "MEDc"], silver=0, proj=["WAR5a"])
    st["sp"] = {"holder": 1, "q": False}
    st, _ = act(st, 0, "play 1 build WAR5a")
    assert GAME.legal_actions(st, 0) == ["sell dark", "sell medium", "skip"]
    st, _ = act(st, 0, "sell dark")
    pl = st["pl"][0]
    assert pl["sold"] == ["DRKa", "DRKb"] and pl["silver"] == 2 and breakdown(st, 0)["goods"] == 4
    assert pl["goods"] == ["MEDc"] and st["sp"] == {"holder": 0, "q": True}


def test_t20_church_grab() -> None:
    st = position(hand=["PAS3c", "KNO1a"], proj=["CHU3a", "KNO6b", "WAT2a"], rows={1: ["SHI1a"], 2: ["CAS5b"]})
    st, _ = act(st, 0, "play 1 build CHU3a")
    assert st["pl"][0]["proj"] == ["KNO6b", "WAT2a"]
    assert GAME.legal_actions(st, 0) == ["grab CAS5b", "skip"]
    assert refused(st, 0, "grab SHI1a").key == "grab_kind"
    st, _ = act(st, 0, "grab CAS5b")
    assert st["pl"][0]["proj"] == ["KNO6b", "WAT2a", "CAS5b"] and st["display"][1] == []
    empty = position(hand=["PAS3c"], proj=["CHU3a"], rows={1: ["SHI1a"]})
    empty, events = act(empty, 0, "play 1 build CHU3a")
    assert any(e["kind"] == "lapse" and e["q"] == "grab" for e in events)


def _ship_position(resplit: bool = True) -> dict:
    st = position(hand=["KNO4a", "KNO4b"], proj=["SHI4a", "SHI4b"], silver=0, workers=0,
                  options={"pile_resplit": resplit})
    st["piles"]["g1"] = {"top": "LGTc", "n": 1}
    st["piles"]["g2"] = {"top": "DRKa", "n": 5}
    st["hidden"]["goods"] = ["DRKf", "LGTe", "MEDb", "MEDd"]
    return st


def test_t21_pile_resplit() -> None:
    st, _ = act(_ship_position(), 0, "play 1 build SHI4a", "pile g1")
    assert "LGTc" in st["pl"][0]["goods"]
    assert st["piles"]["g1"] == {"top": "DRKa", "n": 2}
    assert st["piles"]["g2"] == {"top": None, "n": 3}
    st = chance(st, "draw LGTe")
    assert st["piles"]["g2"] == {"top": "LGTe", "n": 3}


def test_t21_without_resplit() -> None:
    st, _ = act(_ship_position(False), 0, "play 1 build SHI4a", "pile g1")
    assert st["piles"]["g1"] == {"top": None, "n": 0}
    assert st["piles"]["g2"] == {"top": "DRKa", "n": 5}
    # the next ship can only take from G2: that single option is taken automatically
    st = settle(st)
    st["turn"] = {"seat": 0, "played": False, "buys": 0, "shown": None}
    st["stack"], st["step"], st["queue"] = [], "turn", []
    st["pl"][0]["hand"] = ["KNO4c"]
    st, events = act(st, 0, "play 1 build SHI4b")
    assert any(e["kind"] == "pile" and e["pile"] == "g2" for e in events)


# ---- T22-T25 scoring -------------------------------------------------------------------------------------------
def test_t22_animals() -> None:
    st = fresh(2)
    for animals, vp in ((["COWa", "COWb", "PIGc", "SHPa"], 2), (["CHKa", "COWa", "PIGb", "SHPe"], 4),
                        (["COWa", "PIGa"], 1), (["COWa", "COWb"], 0), ([], 0)):
        st["pl"][0]["animals"] = animals
        assert breakdown(st, 0)["animals"] == vp


def test_t23_multiple_triples() -> None:
    st = fresh(2)
    st["pl"][0]["est"]["CAS"] = [f"CAS{d}a" for d in range(1, 7)]
    assert breakdown(st, 0)["triples"] == 10
    st["pl"][0]["est"]["CAS"].append("CAS1b")
    assert breakdown(st, 0)["triples"] == 10
    st["opt"]["triples_per_colour"] = "one"
    assert breakdown(st, 0)["triples"] == 5


def test_t24_full_final_score() -> None:
    st = fresh(2)
    pl = st["pl"][0]
    pl["est"] = {"CAS": ["CAS1a", "CAS3a", "CAS4b"], "MIN": ["MIN2b"], "CLO": ["CLO5a"],
                 "SHI": ["SHI2a", "SHI5b", "CLO4a"], "KNO": ["KNO1a", "KNO5a", "KNO5b", "KNO6c"],
                 "PAS": ["PAS3a", "PAS6b"], "BLD": ["WAR3a", "BAN2a", "CIT6a", "WAT4a", "CAR1a"]}
    pl["bonus"], pl["all7"], pl["vp"] = ["B1KNO", "B1BLD"], "A7-3", 4
    pl["sold"] = ["LGTa", "MEDb", "DRKc"]
    pl["animals"] = ["COWa", "COWb", "PIGc", "SHPa"]
    st["sp"] = {"holder": 0, "q": False}
    score = breakdown(st, 0)
    assert score == {**score, "triples": 16, "first": 2, "all7": 3, "vp": 4, "goods": 6, "animals": 2, "sp": 1}
    assert score["total"] == 34


def _tied(b_goods: list[str]) -> dict:
    st = fresh(2)
    a, b = st["pl"]
    for pl in (a, b):
        pl["est"] = {c: [] for c in pl["est"]}
        pl["bonus"], pl["all7"], pl["sold"] = [], None, []
    a["vp"], a["workers"], a["silver"], a["goods"], a["animals"] = 33, 1, 2, [], ["COWa", "COWb"]
    b["vp"], b["workers"], b["silver"], b["goods"], b["animals"] = 34, 0, 3, b_goods, ["COWc", "COWd"]
    st["sp"] = {"holder": 0, "q": False}
    finish(st, [])
    return st


def test_t25_tie_break() -> None:
    st = _tied(["LGTa"])
    assert GAME.scores(st) == [34, 34]
    assert GAME.ranking(st) == [1, 0] and st["final"]["storage_decided"] == [0]
    shared = _tied([])
    assert shared["final"]["places"] == [1, 1] and GAME.ranking(shared) == [0, 1]
    assert "share" in GAME.event_text({"kind": "game_over", "final": shared["final"]}, "en", ["A", "B"])


# ---- T26-T30 flow ---------------------------------------------------------------------------------------------
def test_t26_turn_six() -> None:
    st = position(hand=["CAS5a"], stack=[], silver=0)
    assert all(a.startswith("play 1 ") for a in GAME.legal_actions(st, 0))
    st, _ = act(st, 0, "play 1 silver")
    assert st["pl"][0]["hand"] == [] and not any(t == ["hand", 0] for t in st["queue"])


def test_t27_round_end() -> None:
    st = position(3, seat=2, hand=["CAS5a"], stack=[], silver=0, rows={3: ["KNO1c"], 5: ["WAR5a"]})
    st["round"], st["order"], st["tidx"] = 1, [0, 1, 2], 17
    for pl in st["pl"]:
        pl["stack"] = []
    st["pl"][0]["hand"], st["pl"][1]["hand"] = [], []
    st["pl"][0]["proj"] = ["MIN1a"]
    st, _ = act(st, 2, "play 1 silver")
    assert st["discard"][-2:] == ["KNO1c", "WAR5a"] and st["round"] == 2
    st = settle(st)
    assert sum(len(r) for r in st["display"]) == 10
    assert all(len(pl["hand"]) == 2 and len(pl["stack"]) == 4 for pl in st["pl"])
    assert st["pl"][0]["proj"] == ["MIN1a"]


def test_t28_solo_pressure() -> None:
    st = position(1, options={"solo_duke": True}, hand=["CAS5a", "CAS5b"], silver=0,
                  rows={4: ["PAS6a", "CLO4b"], 6: ["SHI6a"]})
    if "KNO3b" not in st["deck"]:
        st["deck"].append("KNO3b")
    st, _ = act(st, 0, "play 1 silver")
    assert st["queue"][0][0] == "hand"
    st = chance(st, GAME.legal_actions(st, CHANCE)[0])
    st = chance(st, "draw KNO3b")
    assert st["display"][3] == ["CLO4b"] and st["discard"][-2:] == ["KNO3b", "PAS6a"]


def test_t29_purchase_in_the_middle_of_a_castle_build() -> None:
    st = position(hand=["SHI2c", "KNO1a"], proj=["CAS2a", "MIN3a", "PAS4a"], silver=3, workers=0,
                  deck=["KNO5a", "BOA6a", "CLO1b", "MIN6b"])
    st, _ = act(st, 0, "play 1 build CAS2a")
    assert st["pl"][0]["proj"] == ["MIN3a", "PAS4a"] and "buy" in GAME.legal_actions(st, 0)
    st, _ = act(st, 0, "buy")
    st = chance(st, "draw KNO5a", "draw BOA6a", "draw CLO1b")
    assert st["pl"][0]["silver"] == 0
    st, _ = act(st, 0, "keep KNO5a")
    assert st["pl"][0]["proj"] == ["MIN3a", "PAS4a", "KNO5a"] and st["discard"][-2:] == ["BOA6a", "CLO1b"]
    assert GAME.view(st, None)["pending"]["q"] == "free"
    st, _ = act(st, 0, "free build KNO5a")
    pl = st["pl"][0]
    assert pl["est"]["CAS"] == ["CAS2a"] and pl["est"]["KNO"] == ["KNO5a"] and pl["workers"] == 2
    assert pl["proj"] == ["MIN3a", "PAS4a"]


def test_t29_no_purchase_at_other_questions() -> None:
    st = position(hand=["SHI1a", "KNO4b"], proj=["CAS3a", "MIN2b", "PAS5c"], rows={4: ["CLO4b"]}, silver=5)
    st, _ = act(st, 0, "play 2 take CLO4b")
    assert "buy" not in GAME.legal_actions(st, 0)
    assert refused(st, 0, "buy").key == "buy_now"


def test_t30_workers_needed_for_a_shift() -> None:
    st = position(hand=["CAS5a"], workers=1, rows={3: ["MIN3a"], 6: ["KNO6a"], 4: ["SHI4a"]})
    assert refused(st, 0, "play 1 -2 take MIN3a").key == "workers_short"
    assert refused(st, 0, "play 1 +3 take MIN3a").key == "workers_short"
    legal = GAME.legal_actions(st, 0)
    assert "play 1 +1 take KNO6a" in legal and "play 1 -1 take SHI4a" in legal
    after, _ = act(st, 0, "play 1 +1 take KNO6a")
    assert after["pl"][0]["workers"] == 0
    none = position(hand=["CAS5a"], workers=0, rows={6: ["KNO6a"]})
    assert not any(a.split()[2][0] in "+-" for a in GAME.legal_actions(none, 0))
