"""Words: labels, events, refusals and help in en / zh-TW / zh-CN."""

from __future__ import annotations

import random
import re

import pytest

from rules import CHANCE, IllegalAction
from rules.tuscany import GAME
from rules.tuscany.reasons import REASONS
from rules.tuscany.texts import EVENTS, HELP, LABELS
from table.chance import resolve
from tests.rules.test_tuscany_support import e1, hand, refused, store

LATIN_WORDS = re.compile(r"\b(the|and|from|your|tile|cards?|space|pay|paying|draws?|takes?|places?)\b", re.I)


COMMAND = re.compile(
    r"\{[^}]*\}|\b(take|discard|place|using|draw|marble|end|castle|pass|assemble|start|bonus)\b"
)


def english_left(text: str) -> bool:
    """English words outside placeholders and move codes (which stay as typed)."""
    return bool(LATIN_WORDS.search(COMMAND.sub("", text)))


@pytest.mark.parametrize(
    "action,en,zh_tw",
    [
        (
            "place 1V1@a3 using V+V",
            "Place the village 1V1 from storage on a3, paying 2 orange",
            "將存放區的村莊 1V1 放在 a3,支付 2 張橘色",
        ),
        (
            "place hex@c4 using F+CC",
            "Place the hex token from storage on c4, paying 1 light green + a red pair",
            None,
        ),
        ("place 1M1@d1 using wk+wk", "Place the monastery 1M1 from storage on d1, paying 2 workers", None),
        ("draw", "Draw region cards", "抽區域牌"),
        ("take 3 discard 1V1", "Take slot 3, discarding village 1V1 from storage", None),
        ("assemble C1 A1r B1+1", "Lay out your estate: C1 | A1 (turned) | B1 (1 down)", None),
        ("castle 4@f2", "Castle: put the tile from slot 4 on f2 for free", None),
        ("bonus ST", "Take the bonus tile ST (+1 storage, +2 green)", "拿取獎勵板塊 ST (+1 存放區,綠色 +2)"),
    ],
)
def test_describe(action: str, en: str, zh_tw: str | None) -> None:
    assert GAME.describe(action, "en") == en
    if zh_tw is not None:
        assert GAME.describe(action, "zh-TW") == zh_tw


def test_tables_have_three_locales() -> None:
    for table in (LABELS, EVENTS, HELP, REASONS):
        for key, texts in table.items():
            assert set(texts) == {"en", "zh-TW", "zh-CN"}, key
            for loc in ("zh-TW", "zh-CN"):
                assert not english_left(texts[loc]), (key, loc)
    assert next(iter(GAME.help("zh-CN"))) == "overview"


def _playout_events(players: int, seed: int) -> tuple[list[dict], list[str]]:
    rng = random.Random(seed)
    s = GAME.new(players)
    events: list[dict] = []
    actions: list[str] = []
    step = 0
    while not GAME.is_over(s):
        acting = GAME.to_act(s)
        if acting == [CHANCE]:
            s, ev = GAME.apply(s, CHANCE, resolve(seed, step, GAME.chance_outcomes(s)))
        else:
            legal = GAME.legal_actions(s, acting[0])
            actions += legal[:30]
            s, ev = GAME.apply(s, acting[0], rng.choice(legal))
        events += ev
        step += 1
    return events, actions


def test_every_event_and_label_is_worded_in_every_language() -> None:
    events, actions = _playout_events(3, 5)
    kinds = set()
    for event in events:
        for loc in ("en", "zh-TW", "zh-CN"):
            text = GAME.event_text(event, loc, ["Ann", "Bo", "Cy"])
            if event["kind"] != "chose" or loc == "en":
                assert text, event
            if loc != "en":
                assert not english_left(text), (event, text)
        kinds.add(event["kind"])
    assert {"reveal", "take", "placed", "scoring", "over", "round"} <= kinds
    for action in set(actions):
        for loc in ("zh-TW", "zh-CN"):
            label = GAME.describe(action, loc)
            assert label != action and not english_left(label), (action, label)
        assert GAME.group(action) in {"setup", "bonus", "draw", "take", "place", "castle", "turn"}


def test_refusals_are_localised_and_name_the_rule() -> None:
    s = e1()
    store(s, 0, "1M1")
    hand(s, 0, "MQV")
    cases = {
        "place 1M1@f3 using M+M": "not_adjacent",
        "place 1M1@d1 using M+Q": "payment_form",
        "place 1M1@d1 using M+VV": "payment_short",
        "place 1M1@c2 using M+M": "wrong_colour",
        "place 1V4@d1 using M+M": "not_stored",
        "place 1M1@d2 using M+M": "covered",
        "place 1M1@z9 using M+M": "no_space",
        "take 9": "bad_slot",
        "take 2": "storage_full",
        "marble": "no_marble",
        "bonus ST": "wrong_time",
        "xyzzy": "notation",
    }
    for action, key in cases.items():
        err = refused(s, 0, action, key)
        for loc in ("zh-TW", "zh-CN"):
            text = GAME.reason_text(err, loc)
            assert text and not english_left(text), (action, text)
    wrong = refused(s, 0, "place 1M1@c2 using M+M")
    assert GAME.reason_text(wrong, "en") == "a monastery goes on a yellow space, but c2 is grey"
    assert "灰色" in GAME.reason_text(wrong, "zh-TW")
    short = refused(s, 0, "place 1M1@d1 using M+VV")
    assert GAME.reason_text(short, "en") == "you need 1 yellow card(s), 2 orange card(s) to pay M+VV"
    assert GAME.reason_text(short, "zh-CN") == "支付 M+VV 需要 1 张黄色牌, 2 张橙色牌"
    refused(s, 1, "draw", "not_your_turn")


def test_marble_only_once_per_turn() -> None:
    s = e1()
    s["ps"][0]["marble"] = 2
    s, _ = GAME.apply(s, 0, "draw")
    while GAME.to_act(s) == [CHANCE]:
        s, _ = GAME.apply(s, CHANCE, GAME.chance_outcomes(s)[0][0])
    assert GAME.legal_actions(s, 0) == ["end", "marble"]
    s, _ = GAME.apply(s, 0, "marble")
    err = refused(s, 0, "marble", "marble_used")
    assert GAME.reason_text(err, "en") == "only one marble action per turn"


def test_illegal_action_type() -> None:
    with pytest.raises(IllegalAction):
        GAME.apply(e1(), 0, "place")


def test_counts_of_one_are_singular_and_chinese_lists_use_the_enumeration_comma() -> None:
    from rules.tuscany.texts import event_text

    names = ["Ana", "Bo"]
    assert event_text({"kind": "workers", "seat": 0, "n": 1}, "en", names) == "Ana +1 worker"
    assert event_text({"kind": "workers", "seat": 0, "n": 2}, "en", names) == "Ana +2 workers"
    reward = {"kind": "yield", "seat": 1, "card": "Y3", "reward": [["workers", 1], ["cards", 1]]}
    assert "+1 worker, draw 1 region card" in event_text(reward, "en", names)
    assert "+1 工人、抽 1 張區域牌" in event_text(reward, "zh-TW", names)
    over = event_text({"kind": "over", "red": [30, 41]}, "zh-CN", names)
    assert "Bo 41、Ana 30" in over, over


def test_a_payment_reads_in_words_and_an_old_logged_one_keeps_its_code() -> None:
    from rules.tuscany.texts import event_text

    names = ["Ana", "Bo"]
    paid = {"kind": "pay", "seat": 1, "payment": "F+CC", "colour": "F"}
    assert event_text(paid, "en", names) == "Bo pays 1 light green + a red pair"
    assert "+" not in event_text({**paid, "payment": "F+F"}, "zh-TW", names).split("支付")[1]
    old = {"kind": "pay", "seat": 1, "payment": "F+CC"}
    assert event_text(old, "en", names) == "Bo pays F+CC"


def test_spaces_around_at_and_plus_are_accepted() -> None:
    """``place 1Q1 @ c2 using Q + Q`` is the listed move typed with spaces (Burgundy accepts those
    too): it applies exactly as the listed form, and reads the same in every language."""
    import random

    from rules.tuscany import GAME

    rng = random.Random(5)
    checked = set()
    for seed in range(6):
        state = GAME.new(2, None)
        rng.seed(seed)
        while not GAME.is_over(state) and len(checked) < 2:
            seat = GAME.to_act(state)[0]
            options = [o for o, _ in GAME.chance_outcomes(state)] if seat == -1 else GAME.legal_actions(state, seat)
            for action in options:
                head = action.split()[0]
                if seat >= 0 and ("@" in action or "+" in action) and head not in checked:
                    spaced = action.replace("@", " @ ").replace("+", " + ")
                    assert GAME.apply(state, seat, spaced) == GAME.apply(state, seat, action)
                    for locale in ("en", "zh-TW", "zh-CN"):
                        assert GAME.describe(spaced, locale) == GAME.describe(action, locale)
                    checked.add(head)
            state, _ = GAME.apply(state, seat, rng.choice(options))
    assert {"place", "assemble"} <= checked
