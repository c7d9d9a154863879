"""Bot seats: the table plays them itself, on that seat's view only, through one interface.

A bot is a policy ``(game name, seat's view, seat, seed) -> action``. The table never hands it a
state: it calls ``rules.get(game).view(state, seat)`` and passes that on, exactly as a remote
player would see the game. ``greedy`` (``ai.greedy``, one-ply, instant and deterministic) is the
default level; the search levels of ``ai.levels`` think for their time budget per decision. A
policy runs in a worker thread so a thinking bot never stalls the event loop.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ai
from ai import greedy
from rules import Game

Policy = Callable[[str, dict[str, Any], int, int], str]
"""(game name, the seat's view, seat, seed) → one legal action."""

DEFAULT_LEVEL = greedy.LEVEL
LEVELS: tuple[str, ...] = (greedy.LEVEL, *ai.LEVELS)
"""Every level a host may give a bot: the greedy player first, then the search levels."""
USER_PREFIX = "bot:"
"""Bot seats' user ids (``bot:1``…): no Discord id or console name starts so."""


def _greedy(game: str, view: dict[str, Any], seat: int, seed: int) -> str:
    return greedy.choose(game, view, seat, seed=seed)


def policy(level: str | None) -> Policy:
    """The policy of a bot level (``greedy`` when none is stored)."""
    if level in (None, greedy.LEVEL):
        return _greedy
    seconds = ai.seconds_for(level)  # type: ignore[arg-type]

    def search(game: str, view: dict[str, Any], seat: int, seed: int) -> str:
        return ai.choose(game, view, seat, seconds=seconds, seed=seed)

    return search


def can_play(game: Game) -> bool:
    """Whether bots can sit at this game (its rules can build states from a seat's view)."""
    return ai.has_sampler(game.name)


def is_bot_id(user_id: str) -> bool:
    return user_id.startswith(USER_PREFIX)


def new_id(taken: list[str]) -> tuple[str, int]:
    """The next free bot user id and its number."""
    number = 1
    while f"{USER_PREFIX}{number}" in taken:
        number += 1
    return f"{USER_PREFIX}{number}", number
