"""Levels are an iteration target under a wall-clock ceiling (issue 26): a busy machine makes a
bot slower before it makes it weaker, and fixed iterations stay deterministic."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import ai
import rules
from ai import levels, search
from table import bots
from tests.ai.test_early_stop import decisions


def test_every_level_has_a_target_per_game_and_a_ceiling() -> None:
    for name in (n for n in rules.GAMES if ai.has_sampler(n)):
        targets = [ai.iterations_for(level, name) for level in ("easy", "normal", "hard")]
        assert 1 <= targets[0] < targets[1] < targets[2], name
        assert targets[1] == round(levels.RATE[name] * levels.TARGET_SHARE)
    assert ai.ceiling_for("normal") == pytest.approx(1.2)  # the idle p95 bound for normal
    assert all(ai.ceiling_for(level) > ai.seconds_for(level) for level in ai.LEVELS)


def ticking(step: float) -> Iterator[float]:
    now = 0.0
    while True:
        yield now
        now += step


def test_the_ceiling_ends_a_search_short_of_its_target(monkeypatch: pytest.MonkeyPatch) -> None:
    """A machine so slow that each clock reading is a tenth of a second later: the search stops at
    its ceiling instead of running its whole iteration target."""
    ticks = ticking(0.1)
    monkeypatch.setattr(search, "CLOCK", lambda: next(ticks))
    monkeypatch.setattr(search, "CHECK_EVERY", 10**9)
    view, seat = decisions("fixer", 1)[0]
    probe = search.Search(rules.get("fixer"), view, seat, random.Random(1))
    legal = probe.root_actions()
    probe.run(iterations=3000, seconds=1.2, legal=legal)
    assert 1 <= probe.iterations < 20


def test_a_reachable_target_gives_the_fixed_iterations_move() -> None:
    """Under a ceiling far away the target decides alone: the move of a fixed-iteration search."""
    for view, seat in decisions("torres", 3):
        fixed = ai.choose("torres", view, seat, iterations=40, seed=5)
        assert ai.choose("torres", view, seat, iterations=40, seconds=600.0, seed=5) == fixed


def test_a_bot_level_searches_its_target_under_its_ceiling(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, Any] = {}

    def fake(game: str, view: dict[str, Any], seat: int, **kwargs: Any) -> str:
        seen.update(kwargs)
        return "x"

    monkeypatch.setattr(ai, "choose", fake)
    bots.policy("hard")("tuscany", {}, 0, 1)
    assert seen["iterations"] == ai.iterations_for("hard", "tuscany")
    assert seen["seconds"] == ai.ceiling_for("hard")
    bots.policy("hard", 7)("tuscany", {}, 0, 1)  # POSTERN_BOT_ITERATIONS: fixed, no clock
    assert seen["iterations"] == 7 and seen["seconds"] is None
