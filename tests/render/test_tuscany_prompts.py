"""Tuscany says what the seat to act must decide, for every decision type the rules have
(issue #29 item 2): in the text board's prompt line and in the band's headline words."""

from __future__ import annotations

import random
import re
from functools import cache
from typing import Any

import pytest

import render
from render.tuscany import prompt
from rules import CHANCE
from rules.tuscany import GAME

NAMES = ["Alice", "Bob", "Chen", "Dana"]


def _kind(state: Any, seat: int) -> str:
    """The decision type as the rules see it (from the legal actions, not from the view)."""
    legal = GAME.legal_actions(state, seat)
    verb = legal[0].split()[0]
    if verb in ("first", "boards", "assemble", "start", "castle"):
        return {"boards": "preset"}.get(verb, verb)
    if verb == "bonus":
        return "bonus_setup" if GAME.view(state, None)["phase"] == "setup" else "bonus_city"
    if set(legal) == {"end", "marble"}:
        return "offer"
    return "extra" if GAME.view(state, None)["stage"] == "extra" else "main"


@cache
def _decisions(players: int, options: tuple[tuple[str, str], ...], seed: int) -> dict[str, Any]:
    """One state per decision type met in a seeded game that builds whenever it can and spends
    its marble (so castles, cities and the marble offer come up)."""
    rng = random.Random(seed)
    state = GAME.new(players, dict(options))
    found: dict[str, Any] = {}
    while not GAME.is_over(state):
        acting = GAME.to_act(state)
        if acting == [CHANCE]:
            outcomes = GAME.chance_outcomes(state)
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
            state, _ = GAME.apply(state, CHANCE, action)
            continue
        seat = acting[0]
        found.setdefault(_kind(state, seat), state)
        legal = GAME.legal_actions(state, seat)
        best = [a for a in legal if a.startswith(("place", "castle 1", "castle 2", "castle 3", "marble"))]
        state, _ = GAME.apply(state, seat, rng.choice(best or legal))
    return found


def _all_decisions() -> dict[str, Any]:
    found: dict[str, Any] = {}
    for options in ((), (("start_player", "host"), ("boards", "preset"))):
        for seed in range(6):
            for key, state in _decisions(2, options, seed).items():
                found.setdefault(key, state)
    return found


EXPECTED = ("first", "preset", "assemble", "start", "bonus_setup", "bonus_city", "castle", "main", "offer", "extra")


def test_every_decision_type_of_the_rules_is_met() -> None:
    assert set(_all_decisions()) == set(EXPECTED)


@pytest.mark.parametrize("kind", EXPECTED)
@pytest.mark.parametrize("locale", ["en", "zh-TW", "zh-CN"])
def test_each_decision_has_its_words_in_text_and_headline(kind: str, locale: str) -> None:
    state = _all_decisions()[kind]
    seat = GAME.to_act(state)[0]
    for viewer in (None, seat):
        view = {**GAME.view(state, viewer), "names": NAMES[:2], "locale": locale}
        expected = "assemble_many" if kind == "assemble" and viewer is None else kind  # both seats choose
        assert prompt.decision_key(view) == expected
        words = prompt.decision(view, locale)
        assert words and "{" not in words
        text = "\n".join(render.text("tuscany", view))
        assert words in text.replace("\n", "") or prompt.STEP.get(kind, {}).get(locale, "\0") in text, text
        head = prompt.headline(view, NAMES[:2], [0, 0], locale)
        assert head.startswith("▶ " + NAMES[seat]) and words in head, head
        if locale != "en":
            assert "：" in head and ":" not in head
            assert not re.findall(r"[A-Za-z]{3,}", text.replace(NAMES[0], "").replace(NAMES[1], "")), text


def test_step_of_the_turn_is_named_for_the_band_stage() -> None:
    found = _all_decisions()
    for kind, word in (("main", "main action"), ("offer", "marble offer"), ("extra", "extra action")):
        assert prompt.step(GAME.view(found[kind], None), "en") == word


def test_assemble_names_the_viewers_own_boards() -> None:
    state = _all_decisions()["assemble"]
    for seat in range(2):
        view = GAME.view(state, seat)
        boards = " ".join(view["seats"][seat]["boards"])
        assert boards in prompt.decision(view, "en")


def test_end_headline_names_the_winner_or_the_unfinished_end() -> None:
    view = {"over": True, "result": {"winners": [1]}, "players": 2, "seats": [{}, {}]}
    assert prompt.headline(view, NAMES, [40, 52], "en") == "Bob wins — 52"
    view["result"] = {"winners": [0, 1]}
    assert prompt.headline(view, NAMES, [52, 52], "zh-TW") == "Alice、Bob 並列獲勝 — 52"
    assert prompt.headline({"ended": True, "to_act": [0]}, NAMES, [0], "en") == "Ended early (unfinished)"
