"""Pure game rules for every Postern game, behind one contract (``rules.core.Game``).

``GAMES`` maps each game's id to its ``Game``; a game is a sub-package of ``rules`` whose
``__init__`` exports ``GAME``. Discovery keeps this file free of per-game edits.
"""

from __future__ import annotations

import importlib
import pkgutil

from rules.core import AUTOMA, CHANCE, LOCALES, Event, Game, IllegalAction, Option, localised

__all__ = [
    "AUTOMA",
    "CHANCE",
    "GAMES",
    "LOCALES",
    "Event",
    "Game",
    "IllegalAction",
    "Option",
    "get",
    "localised",
]

ORDER = ("fixer", "burgundy", "burgundy_cards", "tuscany", "torres")
"""The order games are offered in (pickers, help)."""


def _discover() -> dict[str, Game]:
    found: dict[str, Game] = {}
    for info in pkgutil.iter_modules(__path__):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        game = getattr(module, "GAME", None)
        if isinstance(game, Game):
            found[game.name] = game
    rank = {name: i for i, name in enumerate(ORDER)}
    return dict(sorted(found.items(), key=lambda kv: (rank.get(kv[0], len(ORDER)), kv[0])))


GAMES: dict[str, Game] = _discover()


def get(name: str) -> Game:
    """The game called ``name``; ``KeyError`` with the known names otherwise."""
    try:
        return GAMES[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}; known: {', '.join(GAMES)}") from None
