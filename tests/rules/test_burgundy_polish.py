"""Issue 7 for The Castles of Burgundy: the 2019 purchase before a prompt, honest labels and lapse reasons."""

from __future__ import annotations

import pytest

from rules import LOCALES
from rules.burgundy import GAME
from tests.rules.test_burgundy_support import act, at_turn, busy_playout, clear_estate, set_player


def _city_hall_with_nothing_to_place(edition: str, silver: int = 2) -> tuple[dict, list[dict]]:
    st = at_turn(2, {"edition": edition})
    clear_estate(st, 0, {18: "CAS"})
    set_player(st, 0, store=["CIT"], dice=[3, 1], silver=silver)
    st["black"] = ["BAN", None, None, None]
    return act(st, 0, "place 3:CIT@11")


def test_2019_city_hall_waits_for_a_purchase_that_can_answer_it() -> None:
    st, events = _city_hall_with_nothing_to_place("2019")
    assert [e["kind"] for e in events] == ["place", "score"]
    assert st["stack"][-1]["kind"] == "city_hall"
    assert GAME.legal_actions(st, 0) == ["buy BAN", "skip"]
    st, _ = act(st, 0, "buy BAN")
    assert "choose BAN@25" in GAME.legal_actions(st, 0)
    st, events = act(st, 0, "choose BAN@25")
    assert st["pl"][0]["est"][25] == "BAN" and st["pl"][0]["store"] == []


def test_2019_city_hall_lapses_when_no_purchase_can_help() -> None:
    _, events = _city_hall_with_nothing_to_place("2019", silver=1)
    assert [e["kind"] for e in events] == ["place", "score", "lapse"]
    _, events = _city_hall_with_nothing_to_place("2011")
    assert [e["kind"] for e in events] == ["place", "score", "lapse"]


def test_2019_useless_purchase_lets_the_prompt_lapse() -> None:
    st = at_turn(2, {"edition": "2019"})
    clear_estate(st, 0, {i: "MIN" for i in range(37) if i not in (11, 25)})  # only spaces 11 and 25 free
    set_player(st, 0, store=["CIT"], dice=[3, 1], silver=2)
    st["black"] = ["BAN", "MIN", None, None]
    st, _ = act(st, 0, "place 3:CIT@11")
    assert st["stack"][-1]["kind"] == "city_hall"
    st, events = act(st, 0, "buy MIN")
    assert [e["kind"] for e in events] == ["buy", "lapse"]
    assert events[-1]["why"] == "nothing_fits"



@pytest.mark.parametrize("black", [["BAN", None, None, None], ["BAN", "MIN", "K01", "SHP"]])
def test_a_turn_waiting_only_for_pass_gets_an_end_turn_button(black: list) -> None:
    st = at_turn(2)
    set_player(st, 0, dice=[3], silver=4, store=["CAS", "MIN", "SHP"])
    st["black"] = black
    st, _ = act(st, 0, "workers 3")
    legal = GAME.legal_actions(st, 0)
    assert "pass" in legal and any(a.startswith("buy ") for a in legal)
    assert "pass" in GAME.quick_actions(legal)
    assert GAME.split_moves(legal) == []
    assert [GAME.describe("pass", loc) for loc in LOCALES] == ["End turn", "結束回合", "结束回合"]


@pytest.mark.parametrize("players", [1, 2, 3])
def test_every_wait_for_pass_offers_the_button(players: int) -> None:
    state = GAME.new(players)
    waited = 0
    for seat, action in busy_playout(players, seed=3):
        if seat >= 0 and state["step"] == "turn" and not state["stack"] and not state["pl"][seat]["dice"]:
            waited += 1
            assert "pass" in GAME.quick_actions(GAME.legal_actions(state, seat))
        state, _ = GAME.apply(state, seat, action)
    assert waited


def test_rules_help_says_which_tie_break_each_option_uses() -> None:
    for locale in LOCALES:
        topics = GAME.help(locale)
        for topic in ("scoring", "options"):
            text = topics[topic]
            seed, bga = text.index("tiebreak=seed"), text.index("tiebreak=bga" if topic == "scoring" else "bga")
            assert seed >= 0 and bga > seed
    en = GAME.help("en")
    assert "seed (default, the printed rule) — fewer empty estate spaces win" in en["options"]
    assert "bga (as on Board Game Arena) — more empty spaces win" in en["options"]
    assert "with tiebreak=bga more empty spaces win" in en["scoring"]


def test_view_carries_tile_colours_and_knowledge_effects() -> None:
    st = at_turn(3)
    st["black"][0] = "K15"
    set_player(st, 0, store=["K24", "COW3"])
    view = GAME.view(st, None)
    colours = view["tile_colours"]
    assert colours["K15"] == "K" and colours["COW3"] == "A" and colours["WAT"] == "B" and colours["JOK"] == "*"
    shown = {s["tile"] for d in view["depots"] for s in d["slots"] if s["tile"]} | {"K15", "K24", "COW3"}
    assert shown <= set(colours)
    effects = view["knowledge_effects"]
    assert {"K15", "K24"} <= set(effects)
    assert effects["K15"] == {"en": "3 VP per goods kind sold", "zh-TW": "每種賣出貨物3勝分", "zh-CN": "每种卖出货物3胜分"}
    assert set(effects) == {t for t in shown | {t for t in view["black_depot"] if t} if t.startswith("K")}
