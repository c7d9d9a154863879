"""Notation, labels, groups, refusals and event lines in en / zh-TW / zh-CN; views and hidden cards."""

from __future__ import annotations

import json

import pytest

from rules import CHANCE, LOCALES, IllegalAction
from rules.torres import GAME
from tests.conformance import playout
from tests.rules.test_torres_support import BLUE, GREEN, chance, play, position, refused


@pytest.mark.parametrize(
    ("action", "en", "zh_tw", "zh_cn"),
    [
        ("knight c4", "Place a knight on c4", "放置騎士於 c4", "放置骑士于 c4"),
        ("move b4-c4", "Move a knight b4 → c4", "移動騎士 b4 → c4", "移动骑士 b4 → c4"),
        ("tower d4", "Place a tower block on d4", "放置塔樓於 d4", "放置塔楼于 d4"),
        ("card draw", "Acquire an action card", "抽取行動卡", "抽取行动卡"),
        ("score", "Advance 1 on the score track", "移動一格計分軌", "移动一格计分轨"),
        ("end", "End turn", "結束回合", "结束回合"),
        ("king pass", "Leave the King where it is", "國王不移動", "国王不移动"),
        ("card play AP6", "Play AP6 (6 AP)", "打出AP6 (6個行動點)", "打出AP6 (6个行动点)"),
    ],
)
def test_describe_in_three_languages(action: str, en: str, zh_tw: str, zh_cn: str) -> None:
    assert GAME.describe(action, "en") == en
    assert GAME.describe(action, "zh-TW") == zh_tw
    assert GAME.describe(action, "zh-CN") == zh_cn


def test_describe_card_plays_and_keeps() -> None:
    assert GAME.describe("card play SHIFT e4-c5", "en") == "Play SHIFT (shift a block) e4-c5"
    assert GAME.describe("card keep DOOR top", "zh-TW") == "保留 DOOR (騎士穿越移動),其餘放回牌堆頂"
    assert GAME.describe("draw DIAG", "en") == "Draw DIAG (diagonal step)"
    assert GAME.describe("first green", "zh-CN") == "绿色先手"
    assert (
        GAME.describe("card play UNDER g7 r1", "en")
        == "Play UNDER (block under a knight) g7 (block from a stack of 1)"
    )
    assert GAME.describe("card play UNDER g7 r2", "zh-TW").endswith("(取自 2 座的塔樓堆)")


@pytest.mark.parametrize(
    ("action", "kind"),
    [
        ("knight c4", "knight"),
        ("king e1", "knight"),
        ("move b4-c4", "move"),
        ("tower d4", "tower"),
        ("card draw", "card"),
        ("card keep AP6 top", "card"),
        ("card play UNDER g7 r1", "card"),
        ("score", "score"),
        ("end", "end"),
    ],
)
def test_group(action: str, kind: str) -> None:
    assert GAME.group(action) == kind


def test_every_legal_action_has_a_label_and_a_group_in_a_real_game() -> None:
    run = playout(GAME, 3, {}, seed=5)
    seen_groups = set()
    s = GAME.new(3)
    for seat, action in run.log:
        if seat != CHANCE:
            for locale in LOCALES:
                assert GAME.describe(action, locale) != action or action in ("end", "score")
            seen_groups.add(GAME.group(action))
        s, events = GAME.apply(s, seat, action)
        for event in events:
            for locale in LOCALES:
                line = GAME.event_text(event, locale, ["Ann", "王小明", "Cy"])
                assert line and "{" not in line and "kind" not in line
    assert seen_groups <= {"knight", "move", "tower", "card", "score", "end"}


@pytest.mark.parametrize(
    "junk", ["", "fly c4", "knight", "knight z9", "move c4", "card", "card play", "tower c4 c5"]
)
def test_garbage_gets_a_notation_hint(junk: str) -> None:
    s = position({"c4": 1}, {"blue": ["c4"]})
    with pytest.raises(IllegalAction) as info:
        GAME.apply(s, BLUE, junk)
    assert info.value.key in ("notation", "bad_square")
    if info.value.key == "notation":
        assert "knight c4" in info.value.reason and "move b4-c4" in info.value.reason


def test_required_refusal_wordings() -> None:
    s = position({"c4": 1, "d4": 3, "e4": 1, "g4": 1}, {"blue": ["c4"]})
    assert refused(s, BLUE, "move c4-d4").reason == "a knight may not climb more than one level"
    assert refused(s, BLUE, "tower f4").reason == "that tower would join two castles"
    s["t"]["ap"] = 1
    assert refused(s, BLUE, "knight b4").reason == "only 1 AP left"


def test_reasons_are_localised() -> None:
    s = position({"c4": 1, "d4": 3, "e4": 1, "g4": 1}, {"blue": ["c4"]})
    err = refused(s, BLUE, "move c4-d4")
    assert GAME.reason_text(err, "zh-TW") == "騎士一次最多只能往上一層"
    assert GAME.reason_text(err, "zh-CN") == "骑士一次最多只能往上一层"
    s["t"]["ap"] = 1
    err = refused(s, BLUE, "knight b4")
    assert GAME.reason_text(err, "zh-TW") == "只剩 1 個行動點"
    assert GAME.reason_text(refused(s, BLUE, "tower f4"), "zh-CN") == "这座塔楼会把两座城堡连在一起"


def test_wrong_seat_and_wrong_time() -> None:
    s = GAME.new(2)
    assert refused(s, BLUE, "first blue").key == "not_your_turn"
    with pytest.raises(IllegalAction):
        GAME.apply(s, CHANCE, "knight c3")
    s = chance(s, "first blue")
    assert refused(s, BLUE, "tower c4").key == "wrong_time"
    assert refused(s, GREEN, "knight c3").key == "not_your_turn"
    with pytest.raises(IllegalAction):
        GAME.apply(s, CHANCE, "first green")


def test_help_has_an_overview_first_in_every_language() -> None:
    for locale in LOCALES:
        topics = GAME.help(locale)
        assert next(iter(topics)) == "overview"
        assert all(text for text in topics.values())
    assert "眾塔之城" in GAME.help("zh-TW")["overview"]


def test_views_are_json_and_hide_private_cards() -> None:
    s = position({"c4": 1}, {"blue": ["c4"]}, hand={"blue": ["AP7", "DIAG"], "green": ["SHIFT"]})
    s = play(s, BLUE, "card draw")
    s = chance(s, "draw DOOR", "draw UP2", "draw OVER")
    spectator = GAME.view(s, None)
    green = GAME.view(s, GREEN)
    blue = GAME.view(s, BLUE)
    for view in (spectator, green, blue):
        json.dumps(view)
        assert view["game"] == "torres" and view["players"] == 4
    assert spectator["seats"][BLUE]["hand"] is None and spectator["seats"][BLUE]["hand_size"] == 2
    assert "me" not in spectator
    assert green["me"]["hand"] == ["SHIFT"] and green["me"]["reveal"] == []
    assert blue["me"]["reveal"] == ["DOOR", "UP2", "OVER"]
    assert blue["seats"][BLUE]["hand"] == ["AP7", "DIAG"]
    for text in (json.dumps(spectator), json.dumps(green["seats"]), json.dumps(green["turn"])):
        assert "DOOR" not in text and "AP7" not in text


def test_dumps_loads_round_trip_mid_game() -> None:
    run = playout(GAME, 4, {"cards": "shared"}, seed=1)
    text = GAME.dumps(run.state)
    assert GAME.dumps(GAME.loads(text)) == text


def test_quick_actions_offer_end_turn_and_king_pass() -> None:
    s = position({"c4": 1}, {"blue": ["c4"]})
    assert GAME.quick_actions(GAME.legal_actions(s, BLUE)) == ["end"]
    assert GAME.quick_actions(["king e1", "king pass"]) == ["king pass"]
    # Choosing where a drawn card goes would name the card on the public post: never a button.
    assert GAME.quick_actions(["card keep AP6 bottom", "card keep AP6 top"]) == []


def test_king_help_names_the_start_player_of_both_versions() -> None:
    """Basic: the King's mover starts the next phase; master: the highest scorer does (§4.2)."""
    king = GAME.help("en")["king"]
    assert "Basic game: that player starts the next phase" in king
    assert "Master version: the highest scorer starts" in king
    assert "進階規則" in GAME.help("zh-TW")["king"] and "分數最高的玩家先手" in GAME.help("zh-TW")["king"]
    assert "进阶规则" in GAME.help("zh-CN")["king"] and "分数最高的玩家先手" in GAME.help("zh-CN")["king"]


def test_view_shows_cards_played_this_phase_and_deck_sizes() -> None:
    s = position({"c4": 1, "d4": 2}, {"blue": ["c4"]}, hand={"blue": ["UP2", "AP6"]})
    s["ps"][BLUE]["pool"] = ["DIAG", "DOOR", "OVER"]
    s["ps"][BLUE]["top"] = ["SHIFT"]
    s = play(s, BLUE, "card play AP6")
    for seat in (None, GREEN, BLUE):
        info = GAME.view(s, seat)["seats"][BLUE]
        assert info["played_phase"] == ["AP6"] and info["deck_size"] == 4 and info["hand_size"] == 1
    # At the phase end the list starts over; the whole game's list stays in ``played``.
    from rules.torres.flow import end_phase_

    end_phase_(s, [])
    info = GAME.view(s, None)["seats"][BLUE]
    assert info["played_phase"] == [] and info["played"] == ["AP6"]


def test_every_torres_text_exists_translated_in_every_locale() -> None:
    """Labels, event lines, refusals and help: en, zh-TW and zh-CN, no English left in Chinese."""
    from rules.torres import text as words
    from rules.torres.reasons import REASONS
    from tests.rules.locale_check import check_locales

    for table_name, entries in (
        ("LABELS", words.LABELS),
        ("EVENTS", words.EVENTS),
        ("HELP", words.HELP),
        ("CARD_NAMES", words.CARD_NAMES),
        ("COLOUR_NAMES", words.COLOUR_NAMES),
        ("REASONS", REASONS),
    ):
        for key, texts in entries.items():
            check_locales(texts, f"{table_name}.{key}")
    names = ("Ann", "王小明", "Cy", "Dee")
    for options in ({}, {"master": True}, {"cards": "shared"}):
        run = playout(GAME, 4, options, seed=2)
        s = GAME.new(4, options)
        for seat, action in run.log:
            if seat != CHANCE:
                check_locales({loc: GAME.describe(action, loc) for loc in LOCALES}, f"describe {action}")
            s, events = GAME.apply(s, seat, action)
            for event in events:
                line = {loc: GAME.event_text(event, loc, list(names)) for loc in LOCALES}
                check_locales(line, f"event {event['kind']}", names)
    for locale in LOCALES:
        assert all(text and "{" not in text for text in GAME.help(locale, {"master": True}).values())


def test_refusals_are_translated() -> None:
    from tests.rules.locale_check import check_locales

    s = position({"c4": 1}, {"blue": ["c4"]})
    seen = set()
    for action in ("nonsense", "knight z9", "tower c4 c5", "move c4-h8", "card play SHIFT", "king c4", "knight c4"):
        error = refused(s, BLUE, action)
        seen.add(error.key)
        check_locales({loc: GAME.reason_text(error, loc) for loc in LOCALES}, f"reason {error.key}")
    assert len(seen) >= 4
