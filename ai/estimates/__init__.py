"""The search's per-game estimates of the final scores, one module per game.

Why a module per game: each game's knowledge (what a seat holds for later, how a lead is worth)
and its tuning tables live beside each other and apart from the other games', so a game's
evaluation can be tuned — and benchmarked (``bench.ai``'s ledger fingerprints only the module of
the game it plays) — without touching any other game.

A module provides ``estimate(state) -> list[float]`` (every seat's estimated final score), ``SCALE``
(points of estimated margin worth about a 0.75 win expectation) and ``LEAD_SHARE`` (the share of
the value given to a wider margin, see ``ai.evaluate``); ``SOLO_SCALE`` when its solo game is won
against a target rather than a rival.
"""

from __future__ import annotations

from types import ModuleType

from ai.estimates import burgundy, burgundy_cards, fixer, torres, tuscany

MODULES: dict[str, ModuleType] = {
    "fixer": fixer,
    "burgundy": burgundy,
    "burgundy_cards": burgundy_cards,
    "torres": torres,
    "tuscany": tuscany,
}
"""Game name → its estimate module."""
