"""Seeded resolution of chance steps.

A chance outcome is a pure function of the game's seed and the log position, so a game can be
replayed from its log alone and a test can reproduce any table run. ``random.Random.random`` is
stable across Python versions (``choice``/``shuffle`` are not), so the pick is our own weighted
walk over the outcomes in the order the rules list them.
"""

from __future__ import annotations

import random


def pick(outcomes: list[tuple[str, float]], u: float) -> str:
    """The outcome at cumulative probability ``u`` (0 ≤ u < 1)."""
    if not outcomes:
        raise ValueError("no chance outcomes")
    total = sum(p for _, p in outcomes)
    target = u * total
    acc = 0.0
    for outcome, p in outcomes:
        acc += p
        if target < acc:
            return outcome
    return outcomes[-1][0]


def resolve(seed: str | int, seq: int, outcomes: list[tuple[str, float]]) -> str:
    """The outcome of the chance step at log position ``seq`` of the game seeded ``seed``."""
    return pick(outcomes, random.Random(f"{seed}:{seq}").random())
