"""Every option of reference §8 changes what it should (and the refusals of bad option values)."""

from __future__ import annotations

import pytest

from rules import CHANCE, IllegalAction
from rules.burgundy_cards import GAME
from rules.burgundy_cards.scoring import breakdown
from tests.rules.test_burgundy_cards_support import act, chance, fresh, position, refused, settle


def test_host_chooses_the_start_player() -> None:
    st = GAME.new(3, {"start_player": "host"})
    assert GAME.to_act(st) == [0]
    assert GAME.legal_actions(st, 0) == ["first 1", "first 2", "first 3"]
    assert refused(st, 1, "first 2").key == "not_your_turn"
    st, events = act(st, 0, "first 2")
    assert st["order"] == [1, 2, 0] and events[0] == {"kind": "first", "seat": 1}
    assert GAME.to_act(st) == [CHANCE]


def test_random_start_player_is_a_chance_step() -> None:
    st = GAME.new(4)
    assert GAME.chance_outcomes(st) == [(f"first {n}", 0.25) for n in range(1, 5)]


@pytest.mark.parametrize(("table", "castle", "building"), [("rarity", 5, 3), ("flat4", 4, 4), ("low", 4, 2)])
def test_triple_vp_tables(table: str, castle: int, building: int) -> None:
    st = fresh(2, {"triple_vp": table})
    st["pl"][0]["est"]["CAS"] = ["CAS1a", "CAS2a", "CAS3a"]
    st["pl"][0]["est"]["BLD"] = ["WAR1a", "BAN2a", "CIT3a"]
    assert breakdown(st, 0)["triples"] == castle + building
    assert GAME.view(st, None)["triple_vp"]["CAS"] == castle


@pytest.mark.parametrize("vp", [1, 2, 3])
def test_goods_vp(vp: int) -> None:
    st = position(hand=["MIN1a"], goods=["LGTa", "LGTb"], options={"goods_vp": vp})
    st, _ = act(st, 0, "play 1 sell")
    assert breakdown(st, 0)["goods"] == 2 * vp


def test_buys_per_turn() -> None:
    def bought_twice(options: dict) -> list[str]:
        st = position(hand=["MIN1a", "MIN2a"], silver=9, options=options)
        st, _ = act(st, 0, "buy")
        st = settle(st)
        st, _ = act(st, 0, "keep " + st["turn"]["shown"][0])
        st = settle(st)
        return GAME.legal_actions(st, 0)
    assert "buy" not in bought_twice({})
    assert "buy" in bought_twice({"buys_per_turn": 2})
    assert "buy" in bought_twice({"buys_per_turn": "unlimited"})


def test_supply_limits() -> None:
    st = position(hand=["KNO2a"], silver=0, proj=["BAN2a"], options={"supply_limits": "cards"})
    st["pl"][1]["silver"] = 15  # 16 silver cards exist: one is left for the bank's 3
    st, events = act(st, 0, "play 1 build BAN2a")
    assert st["pl"][0]["silver"] == 1
    assert next(e for e in events if e["kind"] == "gain")["n"] == 1
    # Every seat sees what is left (public: it follows from everyone's silver and workers).
    workers_left = 22 - sum(p["workers"] for p in st["pl"])
    for seat in (None, 0, 1):
        assert GAME.view(st, seat)["supply"] == {"silver": 0, "workers": workers_left}
    unlimited = position(hand=["KNO2a"], silver=0, proj=["BAN2a"])
    unlimited["pl"][1]["silver"] = 15
    unlimited, _ = act(unlimited, 0, "play 1 build BAN2a")
    assert unlimited["pl"][0]["silver"] == 3
    assert GAME.view(unlimited, 0)["supply"] is None


def test_solo_target_and_verdict() -> None:
    from rules.burgundy_cards.scoring import finish

    for target, won in ((25, True), (50, False)):
        st = fresh(1, {"solo_target": target})
        st["pl"][0]["vp"] = 30
        finish(st, [])
        solo = st["final"]["solo"]
        assert solo["won"] is won and solo["title"] == "knight" and GAME.scores(st) == [solo["score"]]
        assert GAME.ranking(st) == [0]
        line = GAME.event_text({"kind": "game_over", "final": st["final"]}, "zh-CN", ["玩家"])
        assert ("获胜" in line) is won and ("失败" in line) is not won


def test_solo_sells_without_the_start_player_card() -> None:
    st = position(1, hand=["MIN1a"], goods=["LGTa"])
    st, events = act(st, 0, "play 1 sell")
    assert st["sp"] is None and breakdown(st, 0)["sp"] == 0
    assert not next(e for e in events if e["kind"] == "sell")["sp"]


@pytest.mark.parametrize(("players", "options"), [(2, {"solo_duke": True}), (2, {"solo_target": 30}),
                                                  (1, {"start_player": "host"}), (3, {"goods_vp": 7}),
                                                  (2, {"all7_set": "some"})])
def test_bad_options_are_refused(players: int, options: dict) -> None:
    with pytest.raises(IllegalAction):
        GAME.new(players, options)


def test_text_option_values_are_accepted() -> None:
    st = GAME.new(2, {"pile_resplit": "false", "buys_per_turn": "unlimited", "goods_vp": "3"})
    assert st["opt"]["pile_resplit"] is False and st["opt"]["goods_vp"] == 3
    assert chance(st, "first 1")["order"] == [0, 1]


def test_a_purchase_from_a_short_deck_logs_the_cards_it_really_drew() -> None:
    """§5.5 / §4.2: with 2 cards left in deck and discard, a purchase draws 2; the log says so and
    still shows everybody which cards were bought."""
    st = position(hand=["SHI2c", "KNO3c"], silver=4, proj=[], deck=["PAS1b", "CAS2a"], discard=[])
    st, events = act(st, 0, "buy")
    assert events[0]["n"] == 2 and GAME.event_text(events[0]) == "S1 pays 3 silver to buy 2 cards"
    st, more = GAME.apply(st, CHANCE, "draw PAS1b")
    st, last = GAME.apply(st, CHANCE, "draw CAS2a")
    assert {"kind": "shown", "seat": 0, "cards": ["PAS1b", "CAS2a"]} in more + last
    assert GAME.event_text({"kind": "buy", "seat": 0}) == "S1 pays 3 silver to buy 3 cards"  # logs from before
