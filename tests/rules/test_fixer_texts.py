"""FIXER words and privacy: private running scores (§10), keep/discard labels, rules help per
table options, and every label, event line, refusal and help text in en / zh-TW / zh-CN."""

from __future__ import annotations

import random

import pytest

import rules.fixer as fixer_package
from rules import CHANCE, LOCALES, IllegalAction
from rules.fixer import GAME, engine, texts
from table.chance import resolve
from tests.rules.fixer_tables import find, play, region, table
from tests.rules.locale_check import check_locales

NAMES = ("Ann", "王小明", "Cy", "Dee")


def _run(players: int, options: dict | None = None, seed: int = 0, stop=None):
    """A seeded random game; yields (state, events) after every step until ``stop`` or the end."""
    rng = random.Random(seed)
    state = GAME.new(players, options)
    step = 0
    while not GAME.is_over(state):
        acting = GAME.to_act(state)
        if acting == [CHANCE]:
            state, events = GAME.apply(state, CHANCE, resolve(seed, step, GAME.chance_outcomes(state)))
        else:
            state, events = GAME.apply(state, acting[0], rng.choice(GAME.legal_actions(state, acting[0])))
        step += 1
        yield state, events


# ---- §10: a running score is shown only to its owner until the game ends -------------------------
@pytest.mark.parametrize(("players", "options"), [(2, {}), (3, {"long_match": True}), (1, {"solo_rounds": 2})])
def test_scores_are_private_until_the_game_ends(players: int, options: dict) -> None:
    round_ends = 0
    for state, events in _run(players, options, seed=3):
        over = GAME.is_over(state)
        for event in events:
            if event["kind"] == "round_end":
                round_ends += 1
                assert ("scores" in event) == over, event  # public events carry scores only at the end
                GAME.event_text(event, "en", list(NAMES))
        public = GAME.view(state, None)
        humans = len(public["seats"])
        for viewer in [None, *range(humans)]:
            view = public if viewer is None else GAME.view(state, viewer)
            for info in view["seats"]:
                mine = info["seat"] == viewer
                for key in ("score", "round_scores", "total"):
                    assert (info[key] is not None) == (mine or over), (viewer, info["seat"], key)
            if view["automa"]:
                assert (view["automa"]["round_scores"] is not None) == over
                assert (view["automa"]["total"] is not None) == over
    assert round_ends >= 1 or state["instant"] is not None  # an instant win ends a round unscored


def test_round_end_line_says_scores_stay_private() -> None:
    event = {"kind": "round_end", "round": 1, "reason": "closed", "unscored": [], "seats": [0, 1]}
    for locale in LOCALES:
        line = GAME.event_text(event, locale, ["Ann", "Bo"])
        assert "1" in line and "Ann" not in line
    assert "all scores are shown at the end" in GAME.event_text(event, "en")


# ---- keep / discard ------------------------------------------------------------------------------
def _lost_conflict() -> dict:
    s = table(2, hands={0: ["C1", "P2"], 1: ["R7", "M1"]}, regions={2: region(("R5", None))}, turn=1)
    s, _ = play(s, 1, "R7@2")
    return s


def test_keep_and_discard_name_the_card_and_region_keep_first() -> None:
    s = _lost_conflict()
    legal = GAME.legal_actions(s, 0)
    assert legal == ["discard R7@2", "keep R7@2"]
    assert GAME.quick_actions(legal) == ["keep R7@2", "discard R7@2"]
    assert GAME.describe("keep R7@2", "en") == "Keep R7 (from @2)"
    assert GAME.describe("discard R7@2", "en") == "Discard R7 (from @2)"
    assert GAME.describe("keep R7@2", "zh-TW") == "保留 R7(來自 @2,加入手牌)"
    assert GAME.describe("discard R7@2", "zh-CN") == "弃掉 R7(来自 @2)"
    assert all(GAME.group(a) == "decide" for a in legal)


@pytest.mark.parametrize("answer", ["keep R7@2", "keep", "KEEP r7 @ 2", "keep R7"])
def test_every_written_form_of_keep_is_accepted(answer: str) -> None:
    s, events = play(_lost_conflict(), 0, answer)
    assert find(events, "keep")["card"] == "R7" and "R7" in s["hands"][0]


@pytest.mark.parametrize("answer", ["keep R6@2", "keep R7@3", "discard P2", "keep now"])
def test_a_decision_naming_another_card_or_region_is_refused(answer: str) -> None:
    with pytest.raises(IllegalAction) as err:
        play(_lost_conflict(), 0, answer)
    assert err.value.key == "keep_or_discard"
    assert "R7" in GAME.reason_text(err.value, "zh-TW")


# ---- rules help ------------------------------------------------------------------------------------
def test_help_quotes_the_tables_critical_bonus() -> None:
    assert "+ 3 per red marker" in GAME.help("en")["overview"]
    assert "+ 5 per red marker" in GAME.help("en", {"critical_bonus": 5})["overview"]
    assert "+ 0 per red marker" in GAME.help("en", {"critical_bonus": "0"})["overview"]
    assert "每個紅色標記 7 分" in GAME.help("zh-TW", {"critical_bonus": 7})["overview"]
    assert "+ 3 per red marker" in GAME.help("en", {"critical_bonus": "lots"})["overview"]  # never raises


def test_help_covers_solo_endings_and_the_void_option() -> None:
    default = GAME.help("en")["solo"]
    assert "suit you still hold in your hand" in default and "automa_player_void=hand" in default
    faceup = GAME.help("en", {"automa_player_void": "faceup"})["solo"]
    assert "no face-up card in front of you" in faceup and "not your hand" in faceup
    assert "still hold" not in faceup
    assert "2 rounds" in default and "the sum decides" in default
    assert "1 round (solo_rounds=1)" in GAME.help("en", {"solo_rounds": 1})["solo"]
    assert "tie is a shared victory" in default and "wins at once" in default
    for locale in ("zh-TW", "zh-CN"):
        assert "faceup" in GAME.help(locale, {"automa_player_void": "faceup"})["solo"]


def test_long_match_rulings_are_in_the_help_and_the_docstring() -> None:
    variants = GAME.help("en")["variants"]
    for ruling in (
        "hand is empty skips their initial play",
        "fewer than 3 cards passes none",
        "left over once every hand is full go to the discard pile",
    ):
        assert ruling in variants
    doc = " ".join((fixer_package.__doc__ or "").split())
    assert "empty skips their initial play" in doc
    assert "fewer than 3 cards passes none" in doc
    assert "refill cards left over once every hand is full again go to the discard pile" in doc
    assert "手牌少於 3 張則不傳牌" in GAME.help("zh-TW")["variants"]


def test_help_matches_the_engine_rulings() -> None:
    """The rulings the help states are what the engine does (empty hand, short pass, leftovers)."""
    s = table(2, hands={0: [], 1: ["C1", "M2", "P3"]}, stage="initial", options={"long_match": True})
    events: list[dict] = []
    engine.next_initial(s, 0, events)
    assert events[0] == {"kind": "skip", "seat": 0} and s["turn"] == 1
    s = table(3, hands={0: ["R1", "R2"], 1: ["C1", "C2", "C3"], 2: []}, options={"card_passing": True, "long_match": True})
    engine.after_deal(s, [])
    assert s["passes"][0] == [] and s["passes"][2] == [] and s["passes"][1] is None
    s = table(2, options={"long_match": True})
    s["pool"], s["hands"] = ["R3", "R4"], [["C1"] * 12, ["M1"] * 12]
    discarded = len(s["discard"])
    engine.finish_refill(s, [])
    assert len(s["discard"]) == discarded + 2 and s["pool"] == []


# ---- every text in three languages ------------------------------------------------------------------
def test_every_text_table_has_three_translated_locales() -> None:
    for table_name, entries in (("T", texts.T), ("REASONS", texts.REASONS), ("HELP", texts.HELP)):
        for key, words in entries.items():
            check_locales(words, f"{table_name}.{key}")
    for key, words in texts.HELP_PARTS.items():
        check_locales(words, f"HELP_PARTS.{key}")


@pytest.mark.parametrize(("players", "options"), [(1, {}), (1, {"automa_player_void": "faceup", "solo_rounds": 1}),
                                                  (2, {"card_passing": True}), (3, {"long_match": True}), (4, {})])
def test_labels_and_event_lines_in_every_locale_during_real_games(players: int, options: dict) -> None:
    for seed in range(2):
        for state, events in _run(players, options, seed=seed):
            for event in events:
                check_locales(
                    {locale: GAME.event_text(event, locale, list(NAMES)) for locale in LOCALES},
                    f"event {event['kind']}",
                    NAMES,
                )
            for seat in [s for s in GAME.to_act(state) if s != CHANCE]:
                for action in GAME.legal_actions(state, seat)[:6]:
                    labels = {locale: GAME.describe(action, locale) for locale in LOCALES}
                    assert labels["en"] != action or action.startswith("pass")
                    check_locales(labels, f"describe {action}")
    for locale in LOCALES:
        for topic, text in GAME.help(locale, options).items():
            assert text and "{" not in text, (locale, topic)
    check_locales({locale: GAME.help(locale, options)["solo"] for locale in LOCALES}, "help solo")


def test_refusals_in_every_locale() -> None:
    s = _lost_conflict()
    tried = ["R9@9", "nonsense", "keep R1", "pass R1 R2 R3"]
    s2 = table(2, hands={0: ["C1", "P2"], 1: ["R7", "M1"]}, regions={2: region(("R5", None))}, turn=1)
    errors = []
    for state, seat, action in [(s, 0, a) for a in tried] + [(s2, 1, a) for a in ("C9@2", "M1@2", "R7@7", "R7@3 x")]:
        with pytest.raises(IllegalAction) as err:
            GAME.apply(state, seat, action)
        errors.append(err.value)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(s2, 0, "C1@1")
    errors.append(err.value)
    for error in errors:
        check_locales({locale: GAME.reason_text(error, locale) for locale in LOCALES}, f"reason {error.key}")


def test_the_locale_check_catches_english_in_a_chinese_text() -> None:
    with pytest.raises(AssertionError):
        check_locales({"en": "Keep the card", "zh-TW": "Keep the card", "zh-CN": "加入手牌"}, "probe")
    check_locales({"en": "Play R7 to @2", "zh-TW": "打出 R7 到 @2", "zh-CN": "打出 R7 到 @2"}, "probe")
