"""Buttons on the public post never reveal hidden information.

Quick actions and move slices are labelled on a post everyone sees; in games with hands they
must be decisions whose words are public anyway (FIXER's keep/discard of a face-up card,
Torres's end of turn), never a card play.
"""

from __future__ import annotations

import random

import pytest

import rules
from rules import CHANCE
from table.chance import resolve

PUBLIC_WORDS = {
    "fixer": {"keep", "discard"},
    "torres": {"end", "king pass"},
    "tuscany": {"draw", "end", "marble"},
}
"""Allowed button moves, or their first word (FIXER lists ``keep R5@2``: the card is public)."""


@pytest.mark.parametrize("name", sorted(PUBLIC_WORDS))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_quick_buttons_are_public_decisions(name: str, players: int) -> None:
    game = rules.get(name)
    offered: set[str] = set()
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new(players)
        step = 0
        while not game.is_over(state):
            acting = game.to_act(state)
            if acting == [CHANCE]:
                state, _ = game.apply(state, CHANCE, resolve(seed, step, game.chance_outcomes(state)))
            else:
                legal = game.legal_actions(state, acting[0])
                quick = game.quick_actions(legal)
                assert all(a in PUBLIC_WORDS[name] or a.split()[0] in PUBLIC_WORDS[name] for a in quick), quick
                assert game.split_moves(legal) == []
                offered.update(a.split()[0] for a in quick)
                state, _ = game.apply(state, acting[0], rng.choice(legal))
            step += 1
    assert offered, "the frequent decision was never offered"


def test_default_offers_no_buttons() -> None:
    assert rules.Game.quick_actions(rules.get("fixer"), ["R1@1", "R2@1"]) == []
    assert rules.Game.split_moves(rules.get("fixer"), ["R1@1", "R2@1"]) == []
