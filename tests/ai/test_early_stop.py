"""A search stops once its most visited root move cannot be overtaken, and that never changes the move."""

from __future__ import annotations

import random

import pytest

import ai
import rules
from ai import search
from tests.ai.positions import positions


def decisions(name: str, count: int) -> list[tuple[dict, int]]:
    """Views of seats with a real choice, from one random two-player game."""
    game = rules.get(name)
    found = []
    for state in positions(game, 2, seed=7, every=3):
        acting = [s for s in game.to_act(state) if s != rules.CHANCE]
        if acting and len(game.legal_actions(state, acting[0])) > 1:
            found.append((game.view(state, acting[0]), acting[0]))
        if len(found) == count:
            break
    return found


@pytest.mark.parametrize("name", [n for n in rules.GAMES if ai.has_sampler(n)])
def test_stopping_early_gives_the_move_of_the_full_count(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    for view, seat in decisions(name, 4):
        early = ai.choose(name, view, seat, iterations=120, seed=3)
        monkeypatch.setattr(search, "CHECK_EVERY", 10**9)
        full = ai.choose(name, view, seat, iterations=120, seed=3)
        monkeypatch.setattr(search, "CHECK_EVERY", 8)
        assert early == full


def test_a_settled_root_stops_the_search() -> None:
    game = rules.get("fixer")
    view, seat = decisions("fixer", 1)[0]
    probe = search.Search(game, view, seat, random.Random(1))
    probe.root_actions()
    probe.run(iterations=400, seconds=None)
    visits = sorted((c.visits for c in probe.root.children.values()), reverse=True)
    lead = visits[0] - (visits[1] if len(visits) > 1 else 0)
    # either the lead became final before the count ran out, or the count ran out undecided
    assert probe.iterations == 400 or lead > 400 - probe.iterations + search.noise(visits[0])
    assert not probe.decided(lead)
    # the lead must outgrow what is left and the noise band within which ``best`` weighs moves alike
    margin = lead - search.noise(visits[0] + lead) - 1
    if margin >= 0:
        assert probe.decided(margin)
