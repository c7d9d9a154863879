"""Localised labels, event lines, refusals and help of The Castles of Burgundy."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rules import LOCALES, IllegalAction
from rules.burgundy import GAME, texts
from tests.conformance import GARBAGE
from tests.rules.test_burgundy_support import at_turn, busy_playout, set_player

RULES_DIR = Path(__file__).resolve().parents[2] / "rules" / "burgundy"


def test_describe_examples() -> None:
    # A plain take/place/sell is also a free-action answer (castle, solo target), which spends no die,
    # so its label names the depot / the space's number, never "with your 3" (issue 7).
    assert GAME.describe("take 3:SHP") == "Take the ship from depot 3"
    assert GAME.describe("take 2>3:K12 drop WAR") == (
        "Take the knowledge 12 (take tiles ±1 free) from depot 3 with your 2 (free ±1), discarding the warehouse")
    assert GAME.describe("place 2:COW3@17") == "Place the 3 cattle on space 17 (a 2 space)"
    assert GAME.describe("sell 4") == "Sell all your goods 4"
    assert GAME.describe("choose D1+D6 G2") == "Load goods from depots 1 and 6, new kinds 2"
    assert GAME.describe("take 3:SHP", "zh-TW") == "從儲藏區3拿船隻"
    assert GAME.describe("take 3:SHP", "zh-CN") == "从储藏区3拿船只"
    for action in ("take 3:SHP", "place 2:COW3@17", "sell 4", "workers"):
        assert "with your" not in GAME.describe(action)
        for locale in ("zh-TW", "zh-CN"):
            assert not GAME.describe(action, locale).startswith("用")


def test_adjust_label_says_what_it_costs() -> None:
    assert GAME.describe("adjust 2>3") == "Spend 1 worker: your 2 becomes a 3"
    assert GAME.describe("adjust 2>4") == "Spend 2 workers (1 with K08): your 2 becomes a 4"
    assert GAME.describe("adjust 6>1") == "Spend 1 worker: your 6 becomes a 1"
    assert GAME.describe("adjust 1>4") == "Spend 3 workers (2 with K08): your 1 becomes a 4"
    assert GAME.describe("adjust 2>4", "zh-TW") == "花2個工人(有K08則1個):把2改成4"
    assert GAME.describe("adjust 2>4", "zh-CN") == "花2个工人(有K08则1个):把2改成4"


def test_lapse_says_why() -> None:
    state = at_turn(2)
    set_player(state, 0, store=["SHP"], dice=[2, 5], goods=[1, 2, 3])
    state["dgoods"] = [[4, 5], [], [], [], [], []]
    state, events = GAME.apply(state, 0, "place 2:SHP@17")
    lapse = next(e for e in events if e["kind"] == "lapse")
    assert lapse["why"] == "kinds_full"
    assert GAME.event_text(lapse, "en", ["Ann", "Bo"]) == (
        "No ship pick-up for Ann: your storage already holds 3 other kinds")
    assert GAME.event_text(lapse, "zh-TW", ["Ann", "Bo"]) == "Ann的船隻拿不到貨:你的貨物區已經有3種其他貨物"
    assert GAME.event_text(lapse, "zh-CN", ["Ann", "Bo"]) == "Ann的船只拿不到货:你的货物区已经有3种其他货物"
    for why in texts.LAPSE_WHY:
        for prompt in ("ship", "warehouse", "carpenter", "church", "market", "city_hall", "reward"):
            event = {"kind": "lapse", "seat": 0, "prompt": prompt, "why": why}
            for locale in LOCALES:
                line = GAME.event_text(event, locale, ["Ann"])
                assert "Ann" in line and "{" not in line


ACTIONS = ["pass", "skip", "adjust 6>1", "take 3:SHP", "take 2>3:K12 drop WAR", "place 2:CAS@17",
           "place 1>2:WAR@13", "sell 4", "workers 5", "workers", "buy K12", "buy 5:MIN drop SHP", "vp 3",
           "choose D3", "choose D2+D3 G3", "choose G2", "choose 4:WAR", "choose BAN@14", "swap SHP 11233",
           "board 9", "castle @34", "roll 4", "draw HEN3", "goods G5", "deal 7"]


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("action", ACTIONS)
def test_every_verb_has_a_label(action: str, locale: str) -> None:
    label = GAME.describe(action, locale)
    assert label and label != action and "{" not in label
    assert GAME.group(action) in {"adjust", "take", "place", "sell", "workers", "buy", "end", "choose",
                                  "setup", "chance"}


def test_garbage_gets_a_notation_hint() -> None:
    state = at_turn(2)
    for junk in GARBAGE:
        with pytest.raises(IllegalAction) as info:
            GAME.apply(state, 0, junk)
        assert info.value.key in ("garbage", "bad_space", "unknown_tile", "not_legal", "no_die", "setup_pending")
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, 0, "play a card")
    assert "take 3:SHP" in info.value.reason
    assert "take 3:SHP" in GAME.reason_text(info.value, "zh-TW")


def test_illegal_reasons_name_the_rule() -> None:
    state = at_turn(2)
    set_player(state, 0, store=["WAT"], dice=[3, 5])
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, 0, "place 3:WAT@24")
    assert info.value.reason == "space 24 is a mine space"
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, 0, "place 3:WAT@22")
    assert info.value.reason == "space 22 needs a 2"
    assert GAME.reason_text(info.value, "zh-TW") == "空格22需要2點"
    assert GAME.reason_text(info.value, "zh-CN") == "空格22需要2点"
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, 1, "pass")
    assert info.value.key == "not_your_turn"


def test_every_refusal_key_is_localised() -> None:
    keys: set[str] = set()
    for path in RULES_DIR.glob("*.py"):
        keys |= set(re.findall(r'(?:_fail|IllegalAction)\([^)]*?"[^"]*",\s*"([a-z_]+)"', path.read_text(), re.S))
    assert len(keys) > 30
    assert keys <= set(texts.REASONS), keys - set(texts.REASONS)
    for table in texts.REASONS.values():
        assert set(table) == set(LOCALES)


@pytest.mark.parametrize("players", [1, 2, 3])
def test_every_event_has_a_line_in_every_locale(players: int) -> None:
    log = busy_playout(players, seed=5)
    state = GAME.new(players)
    seen = set()
    for seat, action in log:
        state, events = GAME.apply(state, seat, action)
        for event in events:
            seen.add(event["kind"])
            for locale in LOCALES:
                line = GAME.event_text(event, locale, ["Ann", "Bo", "Cy"])
                assert line and line != event["kind"] and "{" not in line, (event, locale)
    assert {"roll", "white", "fill", "turn", "pass", "game_over", "place", "take", "score", "sell",
            "ship_goods", "buy", "income"} <= seen


def test_help_topics() -> None:
    for locale in LOCALES:
        topics = GAME.help(locale)
        assert next(iter(topics)) == "overview"
        assert {"turn", "notation", "scoring", "solo"} <= set(topics)
        assert all(topics.values())
