"""Independent rules-based players, one per game: the real bar for the search bot (issue 26).

Each is neither the greedy baseline nor the search: a few rules a sensible player of that game
follows, looking one move ahead at most to read what a move pays. ``python -m bench ai --rivals
rules`` plays the search against the one of each game. A module provides ``play(game, view, seat,
seed) -> action``, from the seat's view only, like every bot.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

Player = Callable[[str, dict[str, Any], int, int], str]

HERE = Path(__file__).resolve().parent


def source(game: str) -> Path | None:
    """The file of ``game``'s rules-based player, or None when it has none (yet)."""
    path = HERE / f"{game}.py"
    return path if path.exists() else None


def player(game: str) -> Player:
    """``game``'s rules-based player; ``ValueError`` naming the game when it has none."""
    if source(game) is None:
        raise ValueError(f"no rules-based player for {game!r} in bench/heuristics")
    module = importlib.import_module(f"bench.heuristics.{game}")
    play: Player = module.play
    return play
