"""Bot seats: the table plays them itself, on that seat's view only, through one interface.

A bot is a policy ``(game name, seat's view, seat, seed) -> action``. The table never hands it a
state: it calls ``rules.get(game).view(state, seat)`` and passes that on, exactly as a remote
player would see the game. A bot seated or taking over a seat without a named level plays at
``normal`` (``NEW_LEVEL``: the search of ``ai``, thinking its time budget per decision);
``greedy`` (``ai.greedy``, one-ply, instant and deterministic) stays a level a host may pick, and
is what a seat stored without a level (from before levels existed) plays. Policies run in ``table.thinkers`` (a process pool), so a
thinking bot never stalls the event loop.

``POSTERN_BOT_ITERATIONS`` (meant for tests and demos): when set to a number, the search levels
run exactly that many iterations instead of their time budget, so bot games are fast and their
moves depend only on the seed.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import ai
from ai import greedy
from rules import Game, localised

Policy = Callable[[str, dict[str, Any], int, int], str]
"""(game name, the seat's view, seat, seed) → one legal action."""

DEFAULT_LEVEL = greedy.LEVEL
"""What a bot seat stored without a level plays (seats from before levels existed)."""
NEW_LEVEL = ai.DEFAULT_LEVEL
"""[DECISION] The level of a bot seated (``/game addbot``) or taking over a vanished player's seat
without a named level: the real opponent, not the one-ply baseline."""
LEVELS: tuple[str, ...] = (greedy.LEVEL, *ai.LEVELS)
"""Every level a host may give a bot: the greedy player first, then the search levels."""
SEARCH_LEVELS: tuple[str, ...] = tuple(ai.LEVELS)
"""The levels players pick for an opponent (lobby buttons, ``/solo level``)."""
SOLO_LEVEL = ai.DEFAULT_LEVEL
"""The level of ``/solo`` opponents when the player names none."""
USER_PREFIX = "bot:"
"""Bot seats' user ids (``bot:1``…): no Discord id or console name starts so."""
ENV_ITERATIONS = "POSTERN_BOT_ITERATIONS"

NAMES: dict[str, dict[str, str]] = {
    "bot": {"en": "Bot", "zh-TW": "機器人", "zh-CN": "机器人"},
    "greedy": {"en": "greedy", "zh-TW": "貪心", "zh-CN": "贪心"},
    "easy": {"en": "easy", "zh-TW": "簡單", "zh-CN": "简单"},
    "normal": {"en": "normal", "zh-TW": "普通", "zh-CN": "普通"},
    "hard": {"en": "hard", "zh-TW": "困難", "zh-CN": "困难"},
}
"""A bot's words on boards and in posts: "Bot (normal)", "機器人(普通)"."""
NAME_FORMS: dict[str, dict[str, str]] = {
    "bot": {"en": "{bot} ({level})", "zh-TW": "{bot}({level})", "zh-CN": "{bot}({level})"},
    "for": {"en": "{name} ({bot}, {level})", "zh-TW": "{name}({bot},{level})", "zh-CN": "{name}({bot},{level})"},
}


def fixed_iterations() -> int | None:
    """The fixed iterations from ``POSTERN_BOT_ITERATIONS``, if set to a positive number."""
    text = os.environ.get(ENV_ITERATIONS, "").strip()
    return int(text) if text.isascii() and text.isdigit() and int(text) > 0 else None


def budget(level: str) -> float:
    """The most wall-clock seconds a search level thinks per decision (its ceiling, ``ai.levels``)."""
    return ai.ceiling_for(level)


def _greedy(game: str, view: dict[str, Any], seat: int, seed: int) -> str:
    return greedy.choose(game, view, seat, seed=seed)


def policy(level: str | None, iterations: int | None = None) -> Policy:
    """The policy of a bot level (``greedy`` when none is stored); a search level runs exactly
    ``iterations`` iterations when given (deterministic), else its level's iteration target for
    the game under the level's wall-clock ceiling (``ai.levels``: slower before weaker)."""
    if level in (None, greedy.LEVEL):
        return _greedy
    ceiling = None if iterations is not None else ai.ceiling_for(level)  # type: ignore[arg-type]

    def search(game: str, view: dict[str, Any], seat: int, seed: int) -> str:
        target = iterations if iterations is not None else ai.iterations_for(level, game)  # type: ignore[arg-type]
        return ai.choose(game, view, seat, seconds=ceiling, iterations=target, seed=seed)

    return search


def can_play(game: Game) -> bool:
    """Whether bots can sit at this game (its rules can build states from a seat's view)."""
    return ai.has_sampler(game.name)


def held_for(user_id: str) -> str:
    """The user id of a bot playing ``user_id``'s seat (it took over; the player may rejoin)."""
    return f"{USER_PREFIX}for:{user_id}"


def is_bot_id(user_id: str) -> bool:
    return user_id.startswith(USER_PREFIX)


def new_id(taken: list[str]) -> tuple[str, int]:
    """The next free bot user id and its number."""
    number = 1
    while f"{USER_PREFIX}{number}" in taken:
        number += 1
    return f"{USER_PREFIX}{number}", number


def level_name(level: str | None, locale: str) -> str:
    """A level as players read it ("normal", "普通")."""
    chosen = level or DEFAULT_LEVEL
    return localised(NAMES[chosen], locale) if chosen in NAMES else chosen


def display_names(seats: list[tuple[str, str, str | None]], locale: str) -> list[str]:
    """Each seat's name as boards and posts show it, from (user id, stored name, bot level).

    A human keeps their name. A bot seated in a lobby reads "Bot (normal)" — numbered ("Bot 2
    (normal)") only when another bot of the same level sits at the table, so every name is
    distinct. A bot playing a vanished player's seat keeps that player's name: "Ana (Bot, greedy)".
    """
    out = []
    for user, name, level in seats:
        if not is_bot_id(user):
            out.append(name)
            continue
        base = bot_word(seats, user, locale)
        if base is None:
            words = {"bot": localised(NAMES["bot"], locale), "level": level_name(level, locale), "name": name}
            out.append(localised(NAME_FORMS["for"], locale).format(**words))
        else:
            out.append(localised(NAME_FORMS["bot"], locale).format(bot=base, level=level_name(level, locale)))
    return out


def bot_word(seats: list[tuple[str, str, str | None]], user_id: str, locale: str) -> str | None:
    """A lobby bot's name before its level: "Bot", or "Bot 2" when another bot at the table has
    the same level; ``None`` for a bot holding a player's seat (it is named after the player)."""
    number = _number(user_id)
    if number is None:
        return None
    level = next((lv or DEFAULT_LEVEL for u, _, lv in seats if u == user_id), DEFAULT_LEVEL)
    same = [u for u, _, lv in seats if is_bot_id(u) and _number(u) is not None and (lv or DEFAULT_LEVEL) == level]
    word = localised(NAMES["bot"], locale)
    return f"{word} {number}" if len(same) > 1 else word


def _number(user_id: str) -> int | None:
    """The number of a lobby bot's id (``bot:2`` → 2); ``None`` for a bot holding a player's seat."""
    rest = user_id[len(USER_PREFIX):]
    return int(rest) if rest.isascii() and rest.isdigit() else None
