"""Torres squares by name for the AI tests (the estimate's and the rules player's tests)."""

from __future__ import annotations

from rules.torres.data import parse_square


def square(name: str) -> int:
    """The index of square ``name`` (e.g. ``"d4"``); fails the test on a bad name."""
    sq = parse_square(name)
    assert sq is not None
    return sq
