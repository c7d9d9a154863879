"""A game whose move descriptions name seats by their players.

Some moves pick a seat — a host choosing who starts (``first 2``) or giving a seat its boards —
and the rules, which know no names, describe them as "Seat 2 starts". Wherever the table knows
the players (a move menu, autocomplete, a button), it hands out the game wrapped here, so every
label reads "bob starts" through the rules' own ``describe_named``; everything else is the game.
"""

from __future__ import annotations

from typing import Any, cast

from rules import Game
from rules.core import Locale


class _Named:
    def __init__(self, game: Game, names: list[str]) -> None:
        self._game = game
        self._names = list(names)

    def describe(self, action: str, locale: Locale = "en") -> str:
        return self._game.describe_named(action, locale, self._names)

    def __getattr__(self, attribute: str) -> Any:
        return getattr(self._game, attribute)


def named(game: Game, names: list[str]) -> Game:
    """``game``, describing seat-picking moves with ``names`` (display names, per seat)."""
    if not names:
        return game
    return cast(Game, _Named(game, names))
