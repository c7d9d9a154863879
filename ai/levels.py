"""The bot levels players choose: a thinking-time budget per decision on one core."""

from __future__ import annotations

LEVELS: dict[str, float] = {"easy": 0.1, "normal": 1.0, "hard": 5.0}
"""Seconds of search per decision (issue 11: easy 0.1 s, normal 1 s, hard 5 s)."""

DEFAULT_LEVEL = "normal"


def seconds_for(level: str) -> float:
    """The budget of ``level``; ``KeyError`` naming the known levels otherwise."""
    try:
        return LEVELS[level]
    except KeyError:
        raise KeyError(f"unknown level {level!r}; known: {', '.join(LEVELS)}") from None
