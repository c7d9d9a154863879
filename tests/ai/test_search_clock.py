"""A timed search compares its deadline with the clock the deadline was measured on.

The benchmark swaps ``search.CLOCK`` for the CPU clock; valuing the root's moves once compared
that deadline with the wall clock, so after the first prior every deadline "had passed" and new
moves opened in random order instead of by their one-ply value (issue 26)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import rules
from ai import search
from tests.ai.test_early_stop import decisions


def slow_ticks(start: float) -> Iterator[float]:
    """A clock behind the wall clock's values (as the CPU clock is) that advances a millisecond
    per reading, so a one-second budget lasts some hundreds of iterations whatever the machine."""
    now = start
    while True:
        yield now
        now += 1e-3


def test_priors_are_valued_on_the_search_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    ticks = slow_ticks(-1e9)
    monkeypatch.setattr(search, "CLOCK", lambda: next(ticks))
    game = rules.get("torres")
    view, seat = max(decisions("torres", 4), key=lambda d: len(rules.get("torres").legal_actions(
        rules.get("torres").sample_state(d[0], d[1], search.picker(random.Random(0))), d[1])))
    probe = search.Search(game, view, seat, random.Random(1))
    legal = probe.root_actions()
    assert len(legal) > 3
    probe.run(iterations=None, seconds=1.0)
    # well within its budget on its own clock: every root move has its one-ply value
    assert set(probe.root.priors) >= set(legal)
