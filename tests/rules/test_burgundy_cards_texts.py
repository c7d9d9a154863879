"""Notation, labels, refusals, event lines and help of the card game in en / zh-TW / zh-CN."""

from __future__ import annotations

import re

import pytest

from rules import CHANCE, LOCALES, IllegalAction
from rules.burgundy_cards import GAME
from rules.burgundy_cards.notation import fmt, parse
from rules.burgundy_cards.texts import REASONS
from tests.conformance import playout
from tests.rules.test_burgundy_cards_support import position, refused

CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.mark.parametrize(
    "text",
    ["play 2 +1 take CAS3a", "play 1 build SHI4b", "play 2 sell", "play 1 workers", "play 2 silver",
     "play 1 convert w2 s1", "buy", "keep CAS6b", "use WAT4a -2 build MIN2a", "drop MIN2b", "as SHI", "pile g1",
     "free build MIN6a", "free sell dark", "free convert w0 s3", "cityhall KNO5a", "grab CLO4b", "sell dark", "skip",
     "end", "first 2", "draw LGTa"],
)
def test_notation_round_trip(text: str) -> None:
    assert fmt(parse(text)) == text
    assert fmt(parse("  " + text.upper().replace(" ", "  ") + " ")) == text


@pytest.mark.parametrize("junk", ["play 3 sell", "play 1 +1", "take CAS3a", "play 1 take XYZ9z", "as RED",
                                  "pile g3", "convert w1", "play 1 convert w1", "free sell", "sell", "use", "keep"])
def test_garbage_is_refused_with_a_hint(junk: str) -> None:
    with pytest.raises(IllegalAction) as info:
        parse(junk)
    assert info.value.key in ("notation", "unknown_card")


@pytest.mark.parametrize(
    ("action", "en", "zh_tw", "zh_cn"),
    [
        ("play 2 +1 take CAS3a", "Card 2 (+1, 1 worker): take castle CAS3a into Projects",
         "手牌2(+1,1個工人):拿取城堡 CAS3a放到計畫區", "手牌2(+1,1个工人):拿取城堡 CAS3a放到计划区"),
        ("play 1 workers", "Card 1: top up workers to 2", "手牌1:補回2張工人卡", "手牌1:补回2张工人卡"),
        ("buy", "Buy 3 cards for 3 silver", "花3個銀幣購買3張卡", "花3个银币购买3张卡"),
        ("as SHI", "The cloister joins: ship", "修道院加入:船", "修道院加入:船"),
        ("sell dark", "Warehouse: sell all dark goods", "倉庫:出售所有深棕色貨物", "仓库:出售所有深棕色货物"),
    ],
)
def test_describe_in_three_languages(action: str, en: str, zh_tw: str, zh_cn: str) -> None:
    assert GAME.describe(action, "en") == en
    assert GAME.describe(action, "zh-TW") == zh_tw
    assert GAME.describe(action, "zh-CN") == zh_cn


def test_every_reason_is_translated() -> None:
    for key, table in REASONS.items():
        assert set(table) == set(LOCALES), key
        assert CJK.search(table["zh-TW"]) and CJK.search(table["zh-CN"]), key


def test_refusals_are_localised() -> None:
    st = position(hand=["SHI3a"], proj=["MIN2b"], workers=0)
    error = refused(st, 0, "play 1 build MIN2b")
    assert GAME.reason_text(error, "en") == "MIN2b needs a 2; your card gives 3"
    assert GAME.reason_text(error, "zh-TW") == "MIN2b需要點數2;你的卡點數是3"
    error = refused(st, 1, "play 1 silver")
    assert GAME.reason_text(error, "zh-CN") == "还没轮到你"


def test_every_move_and_event_has_words_in_a_real_game() -> None:
    for players in (1, 4):
        run = playout(GAME, players, {}, seed=7)
        s = GAME.new(players)
        groups = set()
        for seat, action in run.log:
            if seat != CHANCE:
                for locale in LOCALES:
                    assert GAME.describe(action, locale) != action
                groups.add(GAME.group(action))
            s, events = GAME.apply(s, seat, action)
            for event in events:
                for locale in LOCALES:
                    line = GAME.event_text(event, locale, ["Ann", "王小明", "Cy", "Di"])
                    assert "{" not in line and "kind" not in line
                    if line and locale != "en" and event["kind"] not in ("display",):
                        assert CJK.search(line), (event, line)
        assert "play" not in groups and "card 1" in groups


def test_help_topics() -> None:
    for locale in LOCALES:
        topics = GAME.help(locale)
        assert next(iter(topics)) == "overview" and {"turn", "effects", "scoring", "notation", "solo", "options"} <= set(topics)
        if locale != "en":
            assert all(CJK.search(text) for text in topics.values())


def test_public_buttons_reveal_nothing() -> None:
    legal = GAME.legal_actions(position(hand=["CAS1a", "MIN2a"], silver=3), 0)
    assert GAME.quick_actions(legal) == ["buy"]
    labels = [label for label, _ in GAME.split_moves(legal)]
    assert labels == ["Play card 1", "Play card 2", "Buy, end, other"]
    other = GAME.legal_actions(position(hand=["KNO6a", "SHI4c"], silver=3), 0)
    assert [label for label, _ in GAME.split_moves(other)] == labels


def test_public_buttons_over_whole_games() -> None:
    """Quick buttons are only public decisions; slice labels never depend on the hand."""
    allowed_labels = {label for label, _ in GAME.split_moves(
        GAME.legal_actions(position(hand=["CAS1a", "MIN2a"], silver=3), 0))}
    for players in (1, 3):
        run = playout(GAME, players, {}, seed=21)
        s = GAME.new(players)
        for seat, action in run.log:
            if seat != CHANCE:
                legal = GAME.legal_actions(s, seat)
                assert set(GAME.quick_actions(legal)) <= {"end", "skip", "buy"}
                assert {label for label, _ in GAME.split_moves(legal)} <= allowed_labels
            s, _ = GAME.apply(s, seat, action)
