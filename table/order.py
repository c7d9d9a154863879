"""Natural order of move texts: ``castle @6`` before ``castle @17``, ``R9@2`` before ``R10@2``.

Games list their legal actions in plain string order (the rules contract only asks for a stable
order), where ``@17`` sorts before ``@6``. Every list a player reads — the console's numbered
list, the ``/hand`` picker, ``/move`` autocomplete — orders moves with the one key below, so the
same move has the same place everywhere.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import Protocol

_RUNS = re.compile(r"([0-9]+)")
"""ASCII digit runs only: ``int`` must accept every run (``str.isdigit`` also accepts ``²``)."""


@lru_cache(maxsize=65536)
def natural_key(text: str) -> tuple[tuple[tuple[int, int, str], ...], str]:
    """Sort key comparing digit runs by value and the rest case-insensitively.

    Each run becomes ``(0, value, "")`` (a number) or ``(1, 0, text)`` (letters), so numbers sort
    before letters as digits do in ASCII; the original text breaks remaining ties (``07`` vs ``7``)
    so the order is total and stable. Cached: the same move texts are sorted on every
    ``legal_moves`` call (Tuscany lists hundreds), and splitting them was a visible share of a move.
    """
    parts = []
    for i, run in enumerate(_RUNS.split(text)):
        if not run:
            continue
        parts.append((0, int(run), "") if i % 2 else (1, 0, run.casefold()))
    return tuple(parts), text


class _Grouping(Protocol):
    def group(self, action: str) -> str: ...

    def list_rank(self, action: str) -> int: ...


def move_order(game: _Grouping) -> Callable[[str], tuple[str, int, tuple[tuple[tuple[int, int, str], ...], str]]]:
    """The key for listing ``game``'s moves: grouped by kind (pickers show the group), then the
    game's own rank within a group (``Game.list_rank``: FIXER's keep before discard), then natural."""
    return lambda action: (game.group(action), game.list_rank(action), natural_key(action))


def sort_moves(game: _Grouping, legal: list[str]) -> list[str]:
    """``legal`` in the order every list shows it."""
    return sorted(legal, key=move_order(game))
