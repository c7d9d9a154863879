"""Every example of the reference (§11, T01-T52) as a scenario test, plus the §5.3 typical turn."""

from __future__ import annotations

import pytest

from rules import CHANCE, IllegalAction
from rules.burgundy import GAME, flow
from rules.burgundy import effects as E
from rules.burgundy.scoring import final_scores, rank
from rules.burgundy.state import clone, slot_colour
from tests.rules.test_burgundy_support import (
    act,
    at_turn,
    clear_estate,
    resolve_direct,
    run_chance,
    set_player,
    vp_of,
)


def illegal(state: dict, seat: int, action: str, key: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, seat, action)
    assert info.value.key == key, (info.value.key, info.value.reason)
    return info.value


def no_goods_on_depots(state: dict) -> None:
    state["dgoods"] = [[] for _ in range(6)]


# ---- animals (T01-T04) --------------------------------------------------------------------------------
def test_t01_t02_cattle_in_one_pasture() -> None:
    st = at_turn(2)
    clear_estate(st, 0, {18: "CAS", 6: "CAS", 5: "COW3"})
    set_player(st, 0, store=["COW4", "COW4"], dice=[2, 5])
    st, _ = act(st, 0, "place 2:COW4@4")
    assert vp_of(st) == 7
    st["pl"][0]["dice"] = [5, 5]
    st, _ = act(st, 0, "place 5:COW4@9")
    assert vp_of(st) == 7 + 11


def test_t03_other_pastures_and_species_never_count() -> None:
    st = at_turn(2, board="9")
    clear_estate(st, 0, {15: "CAS", 6: "COW4", 7: "SHE3", 26: "BAN"})
    set_player(st, 0, store=["COW2", "PIG3"], dice=[2, 3])
    st, _ = act(st, 0, "place 2:COW2@27")
    assert vp_of(st) == 2
    st, _ = act(st, 0, "place 3:PIG3@11")
    assert vp_of(st) == 5


def test_t04_k07_adds_one_per_scoring_tile() -> None:
    st = at_turn(2)
    clear_estate(st, 0, {18: "CAS", 6: "CAS", 5: "SHE4", 12: "K07"})
    set_player(st, 0, store=["SHE3", "PIG2"], dice=[2, 5])
    st, _ = act(st, 0, "place 2:SHE3@4")
    assert vp_of(st) == 9
    st, _ = act(st, 0, "place 5:PIG2@9")
    assert vp_of(st) == 12


# ---- region values (T05) ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("board", "phase", "filled", "last", "tile", "vp"),
    [
        ("1", 0, [18], 11, "BOA", 11),  # size 1 in phase A (1 + 10)
        ("1", 4, [18], 11, "BOA", 3),  # size 1 in phase E
        ("9", 4, [21], 3, "K16", 3),  # size 1 in phase E, knowledge
        ("7", 4, [1], 2, "CAS", 5),  # size 2 in E (castle region {1,2})
        ("1", 4, [6, 18, 7, 3], 12, "K16", 8),  # size 3 in E ({3,7,12})
        ("2011-2", 1, [4, 9, 10, 11], 11, "COW2", 18 + 2),  # size 4 in B, + animals 2
        ("1", 3, [25, 26, 31, 32, 18], 36, "BOA", 19),  # size 5 in D
        ("2011-2", 2, [1, 6, 12, 15, 16, 17, 18], 19, "BOA", 42),  # size 8 in C
    ],
)
def test_t05_region_values(board: str, phase: int, filled: list[int], last: int, tile: str, vp: int) -> None:
    st = at_turn(2, board=board)
    st["phase"] = phase
    clear_estate(st, 0, {i: "JOK" for i in filled if i != last})
    resolve_direct(st, 0, tile, last)
    assert vp_of(st) == vp


def test_t06_watchtower_in_one_space_city_and_adjacency() -> None:
    st = at_turn(2)
    set_player(st, 0, store=["WAT"], dice=[3, 5])
    err = illegal(st, 0, "place 5:WAT@23", "not_adjacent")
    assert "23" in err.reason
    st, _ = act(st, 0, "place 3:WAT@11")
    assert vp_of(st) == 15


def test_t07_mines_region_and_bonus_tiles_with_three_players() -> None:
    st = at_turn(3)
    st["phase"] = 1
    clear_estate(st, 0, {18: "CAS", 24: "MIN", 29: "MIN"})
    set_player(st, 0, store=["MIN"], dice=[3, 1])
    st, _ = act(st, 0, "place 3:MIN@33")
    assert vp_of(st) == 20
    assert st["pl"][0]["bonus"] == ["BL-M"]
    for seat, expected in ((1, ["BS-M"]), (2, [])):
        clear_estate(st, seat, {18: "CAS", 24: "MIN", 29: "MIN"})
        before = vp_of(st, seat)
        resolve_direct(st, seat, "MIN", 33)
        assert st["pl"][seat]["bonus"] == expected
        assert vp_of(st, seat) - before == 14 + (3 if expected else 0)


@pytest.mark.parametrize(("players", "values"), [(2, (5, 2)), (4, (7, 4))])
def test_t08_bonus_values(players: int, values: tuple[int, int]) -> None:
    st = at_turn(players)
    for seat, value in zip((0, 1), values, strict=True):
        clear_estate(st, seat, {18: "CAS", 24: "JOK", 29: "JOK"})
        ev = resolve_direct(st, seat, "MIN", 33)
        bonus = [e for e in ev if e["kind"] == "score" and e["why"] == "bonus"]
        assert [e["vp"] for e in bonus] == [value]


# ---- sales, workers (T09-T14) -----------------------------------------------------------------------------
def test_t09_sell_three_players() -> None:
    st = at_turn(3)
    set_player(st, 0, goods=[4, 4, 4], silver=1, dice=[4, 2])
    st, _ = act(st, 0, "sell 4")
    pl = st["pl"][0]
    assert (pl["vp"], pl["silver"], pl["goods"][3], pl["sold"][3]) == (9, 2, 0, 3)


def test_t10_sell_two_players() -> None:
    st = at_turn(2)
    set_player(st, 0, goods=[6], silver=1, dice=[6, 2])
    st, _ = act(st, 0, "sell 6")
    assert (st["pl"][0]["vp"], st["pl"][0]["silver"]) == (2, 2)


def test_t11_sell_with_k03_k04_four_players() -> None:
    st = at_turn(4)
    clear_estate(st, 0, {18: "CAS", 12: "K03", 7: "K04"})
    set_player(st, 0, goods=[1, 1], silver=1, workers=1, dice=[1, 2])
    st, _ = act(st, 0, "sell 1")
    pl = st["pl"][0]
    assert (pl["vp"], pl["silver"], pl["workers"]) == (8, 3, 2)


def test_t12_sell_needs_goods() -> None:
    st = at_turn(2)
    set_player(st, 0, goods=[1], dice=[5, 2])
    illegal(st, 0, "sell 5", "no_goods")


def test_t13_worker_adjustments_wrap() -> None:
    st = at_turn(2)
    set_player(st, 0, dice=[6, 2], workers=5)
    st, _ = act(st, 0, "adjust 6>1")
    assert st["pl"][0]["workers"] == 4
    st, _ = act(st, 0, "adjust 2>5")
    assert st["pl"][0]["workers"] == 1
    assert sorted(st["pl"][0]["dice"]) == [1, 5]
    illegal(st, 0, "adjust 5>3", "workers_short")


def test_t14_k08_two_steps_per_worker() -> None:
    st = at_turn(2)
    clear_estate(st, 0, {18: "CAS", 12: "K08"})
    set_player(st, 0, dice=[6, 4], workers=5)
    st, _ = act(st, 0, "adjust 6>3")
    assert st["pl"][0]["workers"] == 3
    st, _ = act(st, 0, "adjust 4>5")
    assert st["pl"][0]["workers"] == 2


def test_t15_k12_free_step_on_take() -> None:
    st = at_turn(4)
    st["depots"][2][3] = "K03"
    set_player(st, 0, dice=[2, 6], workers=1, store=[])
    illegal(st, 0, "take 2>3:K03", "needs_tile")
    alt, _ = act(st, 0, "adjust 2>3", "take 3:K03")
    assert alt["pl"][0]["store"] == ["K03"] and alt["pl"][0]["workers"] == 0
    clear_estate(st, 0, {18: "CAS", 12: "K12"})
    st, _ = act(st, 0, "take 2>3:K03")
    assert st["pl"][0]["store"] == ["K03"] and st["pl"][0]["workers"] == 1
    assert st["depots"][2][3] is None


# ---- final scoring (T16-T19) -----------------------------------------------------------------------------
def test_t16_end_game_knowledge_tiles() -> None:
    st = at_turn(2)
    clear_estate(st, 0, {18: "CAS", 0: "K15", 1: "K16", 2: "K24", 3: "K25", 4: "K26", 5: "WAR", 6: "WAR",
                         7: "COW2", 8: "SHE3", 9: "PIG4"})
    set_player(st, 0, sold=[1, 2, 0, 2, 3, 1], bonus=["BL-M", "BS-A"], goods=[], silver=0, workers=0)
    row = final_scores(st)["rows"][0]
    assert row["knowledge_tiles"] == {"K15": 15, "K16": 8, "K24": 12, "K25": 9, "K26": 4}
    assert row["knowledge"] == 48


def test_t17_goods_silver_workers_storage() -> None:
    st = at_turn(2)
    set_player(st, 0, goods=[1, 1, 3], silver=4, workers=5, store=["CAS", "WAR"], vp=0)
    row = final_scores(st)["rows"][0]
    assert (row["goods"], row["silver"], row["workers"], row["knowledge"], row["total"]) == (3, 4, 2, 0, 9)


def _tie_rows(empty0: int, empty1: int) -> list[dict]:
    return [{"total": 180, "empty": empty0}, {"total": 180, "empty": empty1}]


@pytest.mark.parametrize(("tiebreak", "empties", "winner"),
                         [("seed", (2, 5), 0), ("bga", (2, 5), 1), ("seed", (3, 3), 0), ("bga", (3, 3), 0)])
def test_t18_t19_tie_breaks(tiebreak: str, empties: tuple[int, int], winner: int) -> None:
    st = at_turn(2, {"tiebreak": tiebreak})
    st["track"] = [[], [0, 1]] + [[] for _ in range(5)]  # final order: P2 (top), then P1
    assert rank(st, _tie_rows(*empties))[0] == winner


# ---- depots and setup (T20, T21, T35) ----------------------------------------------------------------------
def test_t20_depot_six_slots_by_player_count() -> None:
    st = at_turn(3)
    by_phase = []
    for phase in range(5):
        st["phase"] = phase
        by_phase.append(tuple(slot_colour(st, 5, s) for s in range(3)))
    assert by_phase == [("B", "A", "C"), ("B", "A", "M"), ("B", "A", "C"), ("B", "A", "M"), ("B", "A", "C")]
    four = at_turn(4)
    assert [slot_colour(four, 5, s) for s in range(4)] == ["B", "A", "C", "S"]
    assert len(at_turn(2)["depots"][5]) == 2


@pytest.mark.parametrize(("players", "tiles", "black"), [(1, 11, 4), (2, 12, 4), (3, 18, 6), (4, 24, 8)])
def test_t21_fill_sizes(players: int, tiles: int, black: int) -> None:
    st = at_turn(players)  # solo: 12 were drawn, round 1 already removed one
    assert sum(t is not None for d in st["depots"] for t in d) == tiles
    assert sum(t is not None for t in st["black"]) == black


@pytest.mark.parametrize(("players", "removed"), [(2, 11), (4, 5)])
def test_t35_setup_per_player(players: int, removed: int) -> None:
    st = at_turn(players)
    assert [pl["workers"] for pl in st["pl"]] == list(range(1, players + 1))
    assert all(pl["silver"] == 1 and sum(pl["goods"]) == 3 for pl in st["pl"])
    assert sum(st["gpool"]) - 4 * 5 == removed  # pool minus the stacks of phases B-E


# ---- turn order (T22-T24) ------------------------------------------------------------------------------------
def _ship_turn(st: dict, seat: int, die: int = 2, space: int = 17) -> dict:
    set_player(st, seat, store=["SHP"], dice=[die, 1])
    no_goods_on_depots(st)
    st, _ = act(st, seat, f"place {die}:SHP@{space}", "pass")
    return st


def test_t22_t23_t24_turn_order_track() -> None:
    st = at_turn(3)
    assert st["order"] == [0, 1, 2]
    st, _ = act(st, 0, "pass")
    st = _ship_turn(clone(st), 1)
    assert st["order"] == [0, 1, 2] and GAME.to_act(st) == [2]
    st = _ship_turn(clone(st), 2)
    st = run_chance(st)
    assert st["order"] == [2, 1, 0]
    st = clone(st)
    st, _ = act(st, 2, "pass")
    st, _ = act(st, 1, "pass")
    st = _ship_turn(clone(st), 0)
    st = run_chance(st)
    assert st["order"] == [0, 2, 1]


# ---- ship goods (T25-T27, T48) -----------------------------------------------------------------------------------
def _ship_prompt(players: int = 2, goods: list[int] | None = None, depots: dict[int, list[int]] | None = None,
                 knowledge: str | None = None) -> dict:
    st = at_turn(players)
    keep = {18: "CAS"}
    if knowledge:
        keep[12] = knowledge
    clear_estate(st, 0, keep)
    set_player(st, 0, goods=goods or [], store=["SHP"], dice=[2, 6])
    no_goods_on_depots(st)
    for d, g in (depots or {}).items():
        st["dgoods"][d - 1] = list(g)
    st, _ = act(st, 0, "place 2:SHP@17")
    return st


def test_t25_single_choice_is_applied_automatically() -> None:
    st = _ship_prompt(goods=[1, 2, 3], depots={5: [3, 3, 4]})
    assert st["stack"] == []
    assert st["pl"][0]["goods"] == [1, 1, 3, 0, 0, 0]
    assert st["dgoods"][4] == [4]


def test_t26_naming_the_new_kind() -> None:
    st = _ship_prompt(goods=[1, 2], depots={4: [3, 4, 4]})
    assert GAME.legal_actions(st, 0) == ["choose D4 G3", "choose D4 G4"]
    illegal(st, 0, "choose D4", "goods_choice")
    st, _ = act(st, 0, "choose D4 G4")
    assert st["pl"][0]["goods"] == [1, 1, 0, 2, 0, 0]
    assert st["dgoods"][3] == [3]


def test_t27_k05_neighbouring_depots_wrap() -> None:
    st = _ship_prompt(depots={6: [2], 1: [5, 5]}, knowledge="K05")
    assert GAME.legal_actions(st, 0) == ["choose D1", "choose D1+D6", "choose D6"]
    illegal(st, 0, "choose D5+D6", "depot_no_goods")
    st, _ = act(st, 0, "choose D1+D6")
    assert st["pl"][0]["goods"] == [0, 1, 0, 0, 2, 0]


def test_t48_k05_pair_with_kind_limit() -> None:
    st = _ship_prompt(goods=[1, 2], depots={2: [3], 3: [1, 4]}, knowledge="K05")
    assert GAME.legal_actions(st, 0) == ["choose D2", "choose D2+D3 G3", "choose D3"]
    illegal(st, 0, "choose D2+D3", "goods_choice")
    illegal(st, 0, "choose D2+D3 G4", "goods_choice")
    illegal(st, 0, "choose D3+D4", "depot_no_goods")
    st, _ = act(st, 0, "choose D2+D3 G3")
    assert st["pl"][0]["goods"] == [2, 1, 1, 0, 0, 0]
    assert st["dgoods"][2] == [4]


# ---- castles, workers, purchase (T28-T30, T46) --------------------------------------------------------------------
@pytest.mark.parametrize(("knowledge", "workers", "silver"), [("K16", 2, 0), ("K14", 4, 0), ("K13", 2, 1)])
def test_t28_castle_free_action_workers(knowledge: str, workers: int, silver: int) -> None:
    st = at_turn(2)
    clear_estate(st, 0, {18: "CAS", 12: knowledge})
    set_player(st, 0, store=["CAS"], dice=[6, 1], workers=0, silver=0)
    st, _ = act(st, 0, "place 6:CAS@6")
    assert st["stack"][-1]["kind"] == "free"
    assert "workers" in GAME.legal_actions(st, 0)
    st, _ = act(st, 0, "workers")
    assert (st["pl"][0]["workers"], st["pl"][0]["silver"]) == (workers, silver)


def test_t29_k13_and_k14_together() -> None:
    st = at_turn(2)
    clear_estate(st, 0, {18: "CAS", 12: "K13", 7: "K14"})
    set_player(st, 0, dice=[5, 1], workers=0, silver=0)
    st, _ = act(st, 0, "workers 5")
    assert (st["pl"][0]["workers"], st["pl"][0]["silver"]) == (4, 1)


def _castle_prompt(edition: str, silver: int = 3) -> dict:
    st = at_turn(2, {"edition": edition})
    clear_estate(st, 0, {18: "CAS", 12: "K16"})
    set_player(st, 0, store=["CAS"], dice=[6, 1], silver=silver)
    st["black"] = ["SHP", "WAR", None, None]
    st, _ = act(st, 0, "place 6:CAS@6")
    return st


def test_t30_purchase_timing_by_edition() -> None:
    st = _castle_prompt("2011")
    illegal(st, 0, "buy SHP", "buy_in_prompt")
    st, _ = act(st, 0, "skip", "buy SHP")
    assert st["pl"][0]["silver"] == 1 and st["pl"][0]["store"] == ["SHP"]
    st19 = _castle_prompt("2019")
    st19, _ = act(st19, 0, "buy SHP")
    assert st19["pl"][0]["silver"] == 1 and st19["stack"][-1]["kind"] == "free"
    assert "place 5:SHP@19" in GAME.legal_actions(st19, 0)
    illegal(st19, 0, "buy WAR", "bought_already")
    st19, _ = act(st19, 0, "place 5:SHP@19")
    assert st19["pl"][0]["est"][19] == "SHP"
    poor = _castle_prompt("2019", silver=1)
    illegal(poor, 0, "buy SHP", "silver_short")


def test_t46_k06_buys_from_numbered_depot() -> None:
    st = at_turn(3)
    st["depots"][4][0] = "MIN"
    set_player(st, 0, dice=[4, 4], silver=2, store=[])
    illegal(st, 0, "buy 5:MIN", "needs_tile")
    clear_estate(st, 0, {18: "CAS", 12: "K06", 7: "K12"})
    st, _ = act(st, 0, "buy 5:MIN")
    pl = st["pl"][0]
    assert (pl["silver"], pl["store"], pl["dice"]) == (0, ["MIN"], [4, 4])
    st["pl"][0]["silver"] = 4
    illegal(st, 0, "buy K06", "bought_already")


# ---- buildings (T31, T45, T51) ---------------------------------------------------------------------------
def test_t31_one_building_type_per_city() -> None:
    st = at_turn(2)
    clear_estate(st, 0, {18: "CAS", 8: "WAR"})
    set_player(st, 0, store=["WAR", "BAN"], dice=[2, 1])
    err = illegal(st, 0, "place 2:WAR@13", "city_has_building")
    assert "already has" in err.reason
    act(st, 0, "place 2:BAN@13")
    clear_estate(st, 0, {18: "CAS", 8: "WAR", 12: "K01"})
    act(st, 0, "place 2:WAR@13")


def test_t45_city_hall_nested_colour_credit_once() -> None:
    st = at_turn(2)
    st["phase"] = 2
    keep = {18: "CAS", 8: "WAR", 11: "WAT", 22: "CHU", 23: "MAR", 28: "BOA",
            25: "CAR", 26: "CHU", 31: "MAR", 32: "BOA", 36: "WAT"}
    clear_estate(st, 0, keep)
    set_player(st, 0, store=["CIT", "BAN"], dice=[2, 1], silver=0)
    st, _ = act(st, 0, "place 2:CIT@13")
    assert vp_of(st) == 0 and st["stack"][-1]["kind"] == "city_hall"
    st, _ = act(st, 0, "choose BAN@14")
    pl = st["pl"][0]
    assert (pl["vp"], pl["silver"], pl["bonus"]) == (17, 2, ["BL-B"])
    assert st["bonus"]["B"] == [False, True]


def test_t51_warehouse_with_k03_k04() -> None:
    st = at_turn(3)
    clear_estate(st, 0, {18: "CAS", 12: "K03", 7: "K04"})
    set_player(st, 0, store=["WAR"], goods=[2, 2], dice=[3, 1], silver=0, workers=0)
    st, _ = act(st, 0, "place 3:WAR@25")
    assert GAME.legal_actions(st, 0) == ["choose G2", "skip"]
    st, _ = act(st, 0, "choose G2")
    pl = st["pl"][0]
    assert (pl["vp"], pl["silver"], pl["workers"], pl["dice"]) == (6, 2, 1, [1])


# ---- setup castle, phase end, goods stay (T32-T34) ------------------------------------------------------------------
def test_t32_start_castle_scores_nothing_and_castle_colour() -> None:
    st = at_turn(2)
    assert vp_of(st) == 0 and st["pl"][0]["est"][18] == "CAS"
    clear_estate(st, 0, {18: "CAS", 12: "K16", 1: "CAS", 2: "CAS"})
    set_player(st, 0, store=["CAS"], dice=[6, 1])
    st, _ = act(st, 0, "place 6:CAS@6")
    assert vp_of(st) == 16  # region {1,2,6}: 6 + phase A 10; colour waits for the free action
    st, _ = act(st, 0, "skip")
    assert vp_of(st) == 21 and st["pl"][0]["bonus"] == ["BL-C"]


@pytest.mark.parametrize(("knowledge", "workers"), [("K02", 2), ("K16", 0)])
def test_t33_mines_pay_at_phase_end(knowledge: str, workers: int) -> None:
    st = at_turn(2)
    clear_estate(st, 0, {18: "CAS", 24: "MIN", 29: "MIN", 12: knowledge})
    set_player(st, 0, silver=0, workers=0)
    ev: list = []
    E.phase_income(st, ev)
    assert (st["pl"][0]["silver"], st["pl"][0]["workers"]) == (2, workers)


def test_t34_goods_stay_on_depots_between_phases() -> None:
    st = at_turn(2)
    st["dgoods"][2] = [2]
    st["phase"] = 1
    ev: list = []
    flow.start_phase(st, ev)
    assert all(t is None for d in st["depots"] for t in d)
    st = run_chance(st)
    assert st["dgoods"][2][:1] == [2]
    assert all(t is not None for d in st["depots"] for t in d)


# ---- K08 + K11, K12 timing (T47, T50) -----------------------------------------------------------------------------
def test_t47_k08_and_k11() -> None:
    st = at_turn(2, board="4")
    clear_estate(st, 0, {0: "CAS", 12: "SHP", 7: "K08", 8: "K11"})
    set_player(st, 0, store=["CAS"], dice=[5, 4], workers=1)
    illegal(st, 0, "place 4>2:CAS@13", "free_step_range")
    one = act(clone(st), 0, "adjust 5>1")[0]
    assert one["pl"][0]["workers"] == 0
    st, _ = act(st, 0, "adjust 5>3")
    assert st["pl"][0]["workers"] == 0
    st, _ = act(st, 0, "place 3>2:CAS@13")
    assert st["pl"][0]["est"][13] == "CAS"


def test_t50_knowledge_works_only_in_the_estate() -> None:
    st = at_turn(2)
    st["depots"][3][0] = "SHP"
    set_player(st, 0, store=["K12"], dice=[1, 3])
    illegal(st, 0, "take 3>4:SHP", "needs_tile")
    st, _ = act(st, 0, "place 1:K12@12")
    assert "take 3>4:SHP" in GAME.legal_actions(st, 0)


# ---- solo (T38-T44, T49, T52) ----------------------------------------------------------------------------------
def _solo() -> dict:
    st = at_turn(1)
    assert st["pl"][0]["est"][17] == "CAS"  # first castle choice in sorted order: castle @17
    return st


@pytest.mark.parametrize(("white", "depots", "removed"),
                         [(3, {3: ["PIG2", "CAR"]}, (3, "PIG2")),
                          (6, {1: ["WAT", "SHP"], 6: [None, None]}, (1, "WAT"))])
def test_t38_t39_solo_removal(white: int, depots: dict, removed: tuple[int, str]) -> None:
    st = _solo()
    for d, tiles in depots.items():
        st["depots"][d - 1] = list(tiles)
    st, _ = act(st, 0, "pass")
    goods = st["rgoods"][1]
    st = run_chance(st, ["roll 1", "roll 1", f"roll {white}"])
    assert st["dgoods"][white - 1][-1] == goods
    assert st["depots"][removed[0] - 1][0] is None
    removals = [e for e in st["last"] if e["kind"] == "solo_remove"]
    assert [(e["depot"], e["tile"]) for e in removals] == [removed]


def test_t40_solo_target_before_tile_effect() -> None:
    st = _solo()
    st["solo"]["counter"] = 44
    set_player(st, 0, store=["WAT"], dice=[1, 2])
    st, _ = act(st, 0, "place 1:WAT@22")
    assert st["solo"] == {"counter": 0, "target": 45, "won": False}
    assert st["stack"][-1]["kind"] == "free"
    st, _ = act(st, 0, "skip")
    assert st["solo"]["counter"] == 4


def test_t41_solo_buy_vp() -> None:
    st = _solo()
    st["solo"]["counter"] = 43
    st["solo"]["target"] = 45
    set_player(st, 0, silver=3, dice=[1, 2])
    st, _ = act(st, 0, "vp 2")
    assert st["pl"][0]["silver"] == 1
    assert (st["solo"]["counter"], st["solo"]["target"]) == (0, 40)
    assert st["stack"][-1]["kind"] == "free"


def test_t42_t43_solo_ship_and_exchange() -> None:
    st = _solo()
    clear_estate(st, 0, {17: "CAS", 16: "BAN"})
    no_goods_on_depots(st)
    st["dgoods"][1], st["dgoods"][4], st["dgoods"][5] = [1], [3, 3], [6]
    st["black"] = ["SHP", "K12", "COW4", "WAR"]
    set_player(st, 0, goods=[1, 1, 2, 6], store=["SHP"], dice=[1, 2])
    st, _ = act(st, 0, "place 1:SHP@15")
    assert GAME.legal_actions(st, 0) == ["choose D2", "choose D5", "choose D6"]
    st, _ = act(st, 0, "choose D5")
    assert st["pl"][0]["goods"] == [2, 1, 2, 0, 0, 1]
    assert st["dgoods"][1] == [] and st["dgoods"][5] == []
    assert st["stack"][-1]["kind"] == "swap"
    st, _ = act(st, 0, "swap SHP 11233")
    assert st["pl"][0]["goods"] == [0, 0, 0, 0, 0, 1]
    assert st["pl"][0]["store"] == ["JOK"]
    assert st["black"] == [None, "K12", "COW4", "WAR"]


def test_t44_solo_immediate_win() -> None:
    st = _solo()
    clear_estate(st, 0, {i: "JOK" for i in range(37) if i != 22})
    set_player(st, 0, store=["WAT"], dice=[1, 2])
    st, _ = act(st, 0, "place 1:WAT@22")
    assert GAME.is_over(st)
    assert st["final"]["solo"]["won"] is True and GAME.scores(st) == [37]


def test_t49_solo_knowledge_scores_when_placed() -> None:
    st = _solo()
    clear_estate(st, 0, {17: "CAS", 16: "WAR", 20: "WAR"})
    set_player(st, 0, store=["K26", "K16", "WAR"], dice=[3, 5])
    st, ev = act(st, 0, "place 3:K26@12")
    assert not [e for e in ev if e.get("why") == "knowledge"]
    st, ev = act(st, 0, "place 5:K16@13")
    assert [e["vp"] for e in ev if e.get("why") == "knowledge"] == [8]
    st = run_chance(st)
    st["pl"][0]["dice"] = [1, 1]
    st, ev = act(st, 0, "place 1:WAR@22")
    assert not [e for e in ev if e.get("why") == "knowledge"]


def test_t52_solo_exchange_without_pickup() -> None:
    st = _solo()
    clear_estate(st, 0, {17: "CAS", 16: "BAN"})
    no_goods_on_depots(st)
    st["black"] = ["CAS", None, None, None]
    set_player(st, 0, goods=[1, 2, 3, 4, 5], store=["SHP"], dice=[1, 2])
    st, _ = act(st, 0, "place 1:SHP@15")
    assert st["stack"][-1]["kind"] == "swap"
    assert GAME.legal_actions(st, 0) == ["skip", "swap CAS 12345"]


# ---- the typical turn of §5.3 ---------------------------------------------------------------------------------
def test_typical_turn() -> None:
    st = at_turn(2)
    no_goods_on_depots(st)
    st["dgoods"][2] = [5]
    st["depots"][4][1] = "K03"
    st["black"] = ["CAS", None, None, None]
    set_player(st, 0, store=["SHP"], dice=[2, 6], silver=2, workers=1, goods=[1])
    st, _ = act(st, 0, "place 2:SHP@17")  # the ship's only goods choice (D3) is applied at once
    assert st["pl"][0]["goods"][4] == 1
    st, _ = act(st, 0, "adjust 6>5", "take 5:K03", "buy CAS")
    assert GAME.to_act(st) == [1]  # end applied automatically
    assert st["pl"][0]["store"] == ["K03", "CAS"]
    assert GAME.to_act(st) != [CHANCE]


# ---- setup options (§3, §8) -------------------------------------------------------------------------------
def test_choose_boards_one_copy_except_board_one() -> None:
    st = GAME.new(3, {"boards": "choose"})
    assert GAME.to_act(st) == [0]
    assert GAME.legal_actions(st, 0) == sorted(f"board {n}" for n in range(1, 10))
    st, _ = act(st, 0, "board 9")
    assert "board 9" not in GAME.legal_actions(st, 1)
    st, _ = act(st, 1, "board 1")
    assert {"board 1", "board 2"} <= set(GAME.legal_actions(st, 2))
    illegal(st, 2, "board 9", "board_unavailable")
    st, _ = act(st, 2, "board 1")
    assert GAME.legal_actions(st, 0) == ["castle @15", "castle @2", "castle @20", "castle @34"]
    illegal(st, 0, "castle @18", "not_castle_space")
    st, _ = act(st, 0, "castle @34")
    st, _ = act(st, 1, "castle @6")
    st, _ = act(st, 2, "castle @18")
    assert GAME.to_act(st) == [CHANCE]
    assert [pl["start"] for pl in st["pl"]] == [34, 6, 18]
    assert st["supply"]["C"]["CAS"] == 14 - 3


def test_random_boards_2019_numbering() -> None:
    st = GAME.new(2, {"boards": "random", "edition": "2019"})
    assert GAME.legal_actions(st, CHANCE) == sorted(f"deal {n}" for n in range(1, 11))
    st, _ = GAME.apply(st, CHANCE, "deal 10")
    assert "deal 10" not in GAME.legal_actions(st, CHANCE)
    st, _ = GAME.apply(st, CHANCE, "deal 2")
    assert [pl["board"] for pl in st["pl"]] == ["2011-2", "2019-2"]
    assert GAME.legal_actions(st, 0) == ["castle @21", "castle @3", "castle @33", "castle @36"]


def test_identical_tiles_leave_from_the_lower_slot() -> None:
    st = at_turn(4)
    st["depots"][1][2:] = ["WAR", "WAR"]
    set_player(st, 0, dice=[2, 1], store=[])
    st, _ = act(st, 0, "take 2:WAR")
    assert st["depots"][1][2:] == [None, "WAR"]


def test_storage_full_needs_a_drop() -> None:
    st = at_turn(2)
    st["depots"][1][1] = "CAS"
    set_player(st, 0, dice=[2, 1], store=["WAR", "BAN", "SHP"])
    err = illegal(st, 0, "take 2:CAS", "storage_full")
    assert err.reason.startswith("storage full: discard first")
    illegal(st, 0, "take 2:CAS drop MIN", "not_stored")
    st, ev = act(st, 0, "take 2:CAS drop BAN")
    assert st["pl"][0]["store"] == ["WAR", "SHP", "CAS"]
    assert {"kind": "discard", "seat": 0, "tile": "BAN"} in ev


# ---- more effect scopes (§5.5, §6.2, §5.9) --------------------------------------------------------------------
def test_castle_free_action_offers_every_action_with_any_value() -> None:
    st = at_turn(2)
    clear_estate(st, 0, {18: "CAS", 12: "K16"})
    st["depots"][3][0] = "SHP"
    set_player(st, 0, store=["CAS", "WAT"], goods=[3], dice=[6, 1])
    st, _ = act(st, 0, "place 6:CAS@6")
    legal = GAME.legal_actions(st, 0)
    assert {"take 4:SHP", "place 3:WAT@11", "sell 3", "workers", "skip"} <= set(legal)
    assert not [a for a in legal if a.startswith("adjust") or a == "pass"]
    illegal(st, 0, "take 3>4:SHP", "free_no_step")
    illegal(st, 0, "workers 1", "free_no_die")
    illegal(st, 0, "pass", "prompt_pending")
    st, _ = act(st, 0, "place 3:WAT@11")
    assert vp_of(st) == 4 + 11  # watchtower + the 1-space city {11} in phase A
    assert st["pl"][0]["dice"] == [1]


@pytest.mark.parametrize(("building", "allowed", "refused"),
                         [("CAR", "WAR", "SHP"), ("CHU", "K05", "WAR"), ("MAR", "HEN3", "MIN")])
def test_carpenter_church_market_take_only_their_kinds(building: str, allowed: str, refused: str) -> None:
    st = at_turn(4)
    st["depots"] = [[allowed, refused, None, None]] + [[None] * 4 for _ in range(5)]
    clear_estate(st, 0, {18: "CAS"})
    set_player(st, 0, store=[building], dice=[3, 1])
    st, _ = act(st, 0, f"place 3:{building}@25")
    assert GAME.legal_actions(st, 0) == [f"choose 1:{allowed}", "skip"]
    illegal(st, 0, f"choose 1:{refused}", "wrong_kind")
    st, _ = act(st, 0, f"choose 1:{allowed}")
    assert st["pl"][0]["store"] == [allowed]


def test_city_hall_ignores_the_number_but_not_adjacency() -> None:
    st = at_turn(2)
    clear_estate(st, 0, {18: "CAS"})
    set_player(st, 0, store=["CIT", "MIN"], dice=[3, 1])
    st, _ = act(st, 0, "place 3:CIT@25")
    assert GAME.legal_actions(st, 0) == ["choose MIN@24", "skip"]
    illegal(st, 0, "choose MIN@29", "not_adjacent")
    st, _ = act(st, 0, "choose MIN@24")
    assert st["pl"][0]["est"][24] == "MIN"


def test_2019_purchase_with_k06_during_a_prompt() -> None:
    st = at_turn(2, {"edition": "2019"})
    clear_estate(st, 0, {18: "CAS", 12: "K06"})
    st["depots"][3][0] = "SHP"
    set_player(st, 0, store=["WAR"], goods=[2], dice=[3, 1], silver=2)
    st, _ = act(st, 0, "place 3:WAR@25")
    assert st["stack"][-1]["kind"] == "warehouse"
    st, _ = act(st, 0, "buy 4:SHP")
    assert st["stack"][-1]["kind"] == "warehouse" and st["pl"][0]["store"] == ["SHP"]
    st, _ = act(st, 0, "choose G2")
    assert st["pl"][0]["sold"][1] == 1


def test_solo_colour_reward_places_a_black_tile() -> None:
    st = _solo()
    clear_estate(st, 0, {17: "CAS", 1: "MIN", 29: "MIN", 16: "BAN"})
    st["black"] = ["SHP", "BOA", "K12", None]
    set_player(st, 0, store=["MIN"], dice=[5, 2])
    st, _ = act(st, 0, "place 5:MIN@21")
    assert st["stack"][-1]["kind"] == "reward"
    legal = GAME.legal_actions(st, 0)
    assert "choose BOA@20" in legal and "choose K12@12" in legal and "choose SHP@15" in legal
    assert "choose BOA@31" not in legal  # the SW island touches nothing yet
    st, _ = act(st, 0, "choose SHP@15")
    assert st["pl"][0]["est"][15] == "SHP" and st["black"] == [None, "BOA", "K12", None]
    assert "M" in st["pl"][0]["cred"] and st["pl"][0]["bonus"] == []


def test_solo_target_never_below_five() -> None:
    st = _solo()
    st["solo"]["counter"], st["solo"]["target"] = 4, 5
    set_player(st, 0, silver=3, dice=[1, 2])
    st, _ = act(st, 0, "vp 1")
    assert (st["solo"]["counter"], st["solo"]["target"]) == (0, 5)
