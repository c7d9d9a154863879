"""Solo play: a game alone in a DM — by the game's own solo rules, or against bots.

A game with official solo rules (``min_players == 1``: FIXER's automa, Burgundy's solo game, the
card game's solo mode) plays them unless the player asks for ``opponents``; every other game
(Torres, Tuscany) is played against bots, one by default. Bots get a level (``normal`` unless
named): their thinking time per decision. A solo game against bots is an ordinary table of
several seats — the player's and the bots' — opened, filled and started in one call, with no
turn timer unless the player sets one (nobody waits on a bot).
"""

from __future__ import annotations

import contextlib
from typing import Any

import rules
from rules import Game
from table import bots, timer
from table import options as table_options
from table.messages import TableError
from table.service import Result, TableService, User, parse_options

DEFAULT_OPPONENTS = 1
"""Bots in a solo game of a game without official solo rules, unless the player names a count."""


def official(game: Game) -> bool:
    """Whether the game has its own solo rules (then the automa is part of the rules, not a seat)."""
    return game.min_players == 1


def plan(game: Game, opponents: int | None, level: str | None) -> tuple[int, str | None]:
    """How many bots sit at a solo game of ``game`` and at what level (``(0, None)``: the game's
    own solo rules). Refuses a count the game cannot seat, an unknown level, and a level where
    no bot plays (the official solo rules with no ``opponents``)."""
    chosen = None
    if level is not None:
        chosen = level.strip().lower()
        if chosen not in bots.LEVELS:
            raise TableError("bad_bot_level", level=level, levels=", ".join(bots.LEVELS))
    title = _title(game)
    if opponents is None:
        if official(game):
            if chosen is not None:
                raise TableError("solo_level_alone", game=title, level=chosen)
            return 0, None
        opponents = DEFAULT_OPPONENTS
    most = game.max_players - 1
    if not 1 <= opponents <= most:
        raise TableError("bad_opponents", game=title, most=most)
    if not bots.can_play(game):
        raise TableError("no_bots", game=title)
    return opponents, chosen or bots.SOLO_LEVEL


async def open_solo(
    table: TableService,
    *,
    channel_id: str,
    user: User,
    game: str,
    opponents: int | None = None,
    level: str | None = None,
    options: str | dict[str, Any] | None = None,
    locale: str = "en",
) -> Result:
    """Start a solo game here (a DM or the console): the official solo, or against bots."""
    chosen = _game(game)
    count, bot_level = plan(chosen, opponents, level)
    if count == 0:
        return await table.open(
            channel_id=channel_id, guild_id=None, user=user, game=chosen.name, options=options, locale=locale, solo=True
        )
    opts = parse_options(options) if isinstance(options, str) or options is None else dict(options)
    if any(o.key == timer.KEY for o in table_options.table_options(chosen)):
        opts.setdefault(timer.KEY, timer.OFF)  # nobody waits on a bot: no turn timer unless asked
    await table.open(
        channel_id=channel_id, guild_id=None, user=user, game=chosen.name, players=count + 1, options=opts, locale=locale
    )
    try:
        for _ in range(count):
            await table.add_bot(channel_id=channel_id, user=user, level=bot_level)
        return await table.start(channel_id=channel_id, user=user)
    except BaseException:
        with contextlib.suppress(TableError):  # no half-made table left behind
            await table.abandon(channel_id=channel_id, user=user)
        raise


def _game(name: str) -> Game:
    try:
        return rules.get(name.strip().lower())
    except KeyError:
        raise TableError("unknown_game", game=name, games=", ".join(rules.GAMES)) from None


def _title(game: Game) -> Any:
    return lambda loc, g=game: rules.localised(g.title, loc)
