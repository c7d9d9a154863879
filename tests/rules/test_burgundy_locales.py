"""Every Burgundy text exists in en, zh-TW and zh-CN, with no English left in a Chinese locale.

Walks the labels of every legal move met in seeded games (all player counts, both editions), every
event line, every refusal (with its parameters) and every help topic. Move codes, option keys and
values, notation verbs and proper names are allowed in a Chinese text; other Latin words are not.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from rules import CHANCE, IllegalAction
from rules.burgundy import GAME, texts
from tests.rules.test_burgundy_support import busy_playout

CHINESE = ("zh-TW", "zh-CN")
NAMES = ["Ann", "Bo", "Cy", "Di"]
NOTATION = {"take", "place", "sell", "workers", "adjust", "buy", "choose", "skip", "pass", "swap", "vp", "drop",
            "board", "castle", "edition", "boards", "basic", "random", "tiebreak", "seed", "bga",
            "solo_sell_vp", "Board", "Game", "Arena", *NAMES}
CODE = re.compile(r"[A-Z]{1,3}\d*(?:[-+][A-Z]?\d*)*|K\d\d(?:-K\d\d)?|[A-Z]\d(?:\+[A-Z]\d)?")


def english_words(text: str) -> list[str]:
    """Latin words of ``text`` that are neither codes nor notation nor names."""
    words = re.findall(r"[A-Za-z][A-Za-z_]*\d*", text)
    return [w for w in words if w not in NOTATION and not CODE.fullmatch(w) and len(w) > 1]


def check(text: str, locale: str, what: Any) -> None:
    assert text and "{" not in text, (what, locale, text)
    if locale in CHINESE:
        assert not english_words(text), (what, locale, text, english_words(text))


def _walk(players: int, seed: int, options: dict[str, Any] | None) -> tuple[set[str], list[dict[str, Any]]]:
    actions: set[str] = set()
    events: list[dict[str, Any]] = []
    state = GAME.new(players, options)
    events.extend(state["last"])
    for seat, action in busy_playout(players, seed, options):
        if seat != CHANCE:
            actions.update(GAME.legal_actions(state, seat))
        else:
            actions.update(o for o, _ in GAME.chance_outcomes(state))
        state, ev = GAME.apply(state, seat, action)
        events.extend(ev)
    return actions, events


@pytest.mark.parametrize(("players", "options"), [(1, None), (2, {"edition": "2019", "boards": "choose"}),
                                                  (3, {"boards": "random"}), (4, None)])
def test_labels_and_events_in_every_locale(players: int, options: dict[str, Any] | None) -> None:
    actions, events = _walk(players, 7, options)
    assert len(actions) > 100 and len(events) > 300
    for action in sorted(actions):
        for locale in ("en", *CHINESE):
            check(GAME.describe(action, locale), locale, action)
    for event in events:
        for locale in ("en", *CHINESE):
            line = GAME.event_text(event, locale, NAMES[:players])
            assert line != event["kind"], event
            check(line, locale, event)
    for label, _ in GAME.split_moves(sorted(actions), "zh-TW"):
        check(label, "zh-TW", label)


REASON_PARAMS: dict[str, Any] = {"tile": "K12", "space": 17, "colour": "B", "need": 3, "have": 1, "die": 3,
                                 "dice": "2, 5", "depot": 4, "kind": 2, "prompt": "city_hall", "board": 7,
                                 "option": "tiebreak", "allowed": "seed, bga", "min": 1, "max": 4, "players": 1}


@pytest.mark.parametrize("key", sorted(texts.REASONS))
def test_every_refusal_in_every_locale(key: str) -> None:
    error = IllegalAction("English reason", key, **REASON_PARAMS)
    for locale in ("en", *CHINESE):
        text = GAME.reason_text(error, locale)
        assert text != "English reason", (key, locale)
        check(text, locale, key)


def test_option_refusals_are_localised() -> None:
    for players, options in ((5, None), (2, {"nonsense": 1}), (2, {"tiebreak": "coin"}), (1, {"tiebreak": "bga"})):
        with pytest.raises(IllegalAction) as info:
            GAME.new(players, options)
        assert info.value.key in texts.REASONS, info.value.key
        for locale in CHINESE:
            text = GAME.reason_text(info.value, locale)
            assert text != info.value.reason
            check(text.replace("nonsense", "").replace("coin", ""), locale, info.value.key)  # echoed input


def test_help_and_options_in_every_locale() -> None:
    for locale in ("en", *CHINESE):
        topics = GAME.help(locale)
        assert list(topics) == list(GAME.help("en"))
        for topic, text in topics.items():
            check(text, locale, topic)
    for option in GAME.options:
        for locale in ("en", *CHINESE):
            check(option.label[locale], locale, option.key)


RARE_EVENTS: list[dict[str, Any]] = [
    {"kind": "auto", "seat": 0, "prompt": "ship"},
    {"kind": "skip", "seat": 1, "prompt": "church"},
    {"kind": "swap", "seat": 0, "tile": "K12", "goods": "11233"},
    {"kind": "solo_win", "seat": 0},
    {"kind": "solo_remove", "depot": 3, "slot": 1, "tile": "PIG2"},
    {"kind": "target", "seat": 0, "target": 45},
    {"kind": "goods_lost", "goods": [1, 4]},
    {"kind": "colour", "seat": 0, "colour": "K", "bonus": "BL-K"},
    {"kind": "colour", "seat": 0, "colour": "A", "bonus": "BS-A"},
    {"kind": "colour", "seat": 0, "colour": "M", "bonus": ""},
    {"kind": "gain", "seat": 1, "tile": "BAN", "silver": 2},
    {"kind": "gain", "seat": 1, "tile": "BOA", "workers": 4},
    {"kind": "sell", "seat": 0, "goods": 3, "count": 2, "silver": 2, "workers": 1, "how": "warehouse"},
    {"kind": "workers", "seat": 0, "gain": 4, "silver": 1, "how": "free"},
    {"kind": "income", "seat": 0, "silver": 2, "workers": 2},
    {"kind": "score", "seat": 0, "vp": 5, "why": "region", "size": 3, "colour": "B"},
    {"kind": "score", "seat": 0, "vp": 4, "why": "knowledge", "tile": "K17"},
    {"kind": "score", "seat": 0, "vp": 3, "why": "purchase"},
    {"kind": "fill", "depot": 0, "slot": 2, "tile": "K25"},
    {"kind": "game_over", "final": {"solo": {"won": True, "filled": 37, "round": 20, "counter": 3, "target": 40}}},
    {"kind": "game_over", "final": {"solo": {"won": False, "filled": 33, "round": 25, "counter": 3, "target": 40}}},
    *({"kind": "lapse", "seat": 0, "prompt": prompt, "why": why}
      for why, prompt in (("depots_empty", "ship"), ("kinds_full", "ship"), ("no_goods", "warehouse"),
                          ("nothing_to_take", "carpenter"), ("nothing_to_take", "church"),
                          ("nothing_to_take", "market"), ("store_empty", "city_hall"),
                          ("nothing_fits", "city_hall"), ("black_empty", "reward"), ("black_fits", "reward"),
                          ("no_use", "swap"))),
]


@pytest.mark.parametrize("event", RARE_EVENTS, ids=lambda e: f"{e['kind']}-{e.get('why') or e.get('prompt', '')}")
def test_rare_events_in_every_locale(event: dict[str, Any]) -> None:
    for locale in ("en", *CHINESE):
        line = GAME.event_text(event, locale, NAMES)
        assert line != event["kind"], event
        check(line, locale, event)
    assert GAME.event_text(event, "en", NAMES) != GAME.event_text(event, "zh-TW", NAMES)
