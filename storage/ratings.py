"""Ratings: who a finished game rates, in which order, and the rating maths (openskill).

The rule, written down once (``rated_places``) and used both by the live path (a game's end,
``table.records``) and by ``python -m storage.ratings rebuild``:

1. A game is rated only when its table chose ``ranked=true`` and at least two humans took part
   (held a seat at the end, or left one during the game).
2. A game played to its end: every player who held a seat at the end is placed as the rules
   place them (shared places stay shared).
3. A game ended early (the players' vote, or the host) is rated only if at least half of it was
   played (``Game.progress`` ≥ ``HALF``); then the others are placed as they stood.
4. Leaving costs: a player who left their seat (replaced, or a bot took it and they never came
   back) or whose time bank ran out and ended the game counts as last, below everyone who stayed;
   several such players share that last place. A substitute who finished someone else's seat and
   a bot standing in for a player are not rated (they did not play the whole game).
5. Bots seated in the lobby are rated too, one rating per level (``bot:normal``), so a player can
   measure themselves against them. A rated table always has two humans, so a bot's rating never
   moves from games among bots only. Two bots of the same level at one table are not rated (one
   rating cannot play against itself).

Ratings are Plackett-Luce (``openskill``), kept per game title in two scopes: ``global`` and the
server's (``guild:<id>``); the leaderboard orders by the conservative estimate mu − 3·sigma.
``python -m storage.ratings rebuild --db TARGET`` recomputes every rating from the recorded
results in the order the games ended, so a change of this rule or of the model can be replayed.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from collections.abc import Iterable
from typing import TYPE_CHECKING

from storage.rating_rule import (
    BOT,
    FINISHED,
    GLOBAL,
    HALF,
    HUMAN,
    LEFT,
    MODEL,
    STAND_IN,
    STOOD,
    TIMED_OUT,
    Participant,
    Rating,
    conservative,
    fresh,
    guild_scope,
    rate,
    rated_places,
    scopes_of,
)

if TYPE_CHECKING:
    from storage.db import Database

__all__ = [
    "BOT",
    "FINISHED",
    "GLOBAL",
    "HALF",
    "HUMAN",
    "LEFT",
    "MODEL",
    "STAND_IN",
    "STOOD",
    "TIMED_OUT",
    "Participant",
    "Rating",
    "conservative",
    "fresh",
    "guild_scope",
    "main",
    "rate",
    "rated_places",
    "rebuild",
    "recompute",
    "scopes_of",
]


# ---- rebuild ------------------------------------------------------------------------------------


async def recompute(db: Database) -> tuple[int, int]:
    """Recompute every rating on an open database from its recorded results, in the order the
    games ended (one transaction replaces them all); the number of games rated and of players
    with a rating. ``storage.copy`` uses it too: a copy's ratings are its results' ratings."""
    ratings: dict[tuple[str, str, str], Rating] = {}
    changes: list[tuple[int, str, str, str, Rating, Rating, float]] = []
    rated = 0
    async for game_id, game, guild_id, ended_at, ranked, progress, parts in db.results_in_order():
        places = rated_places(ranked, progress, parts)
        if places is None:
            continue
        rated += 1
        for scope in scopes_of(guild_id):
            before = {p: ratings[(scope, game, p)] for p in places if (scope, game, p) in ratings}
            after = rate(before, places)
            for player, now in after.items():
                changes.append((game_id, scope, player, game, before.get(player) or fresh(), now, ended_at))
                ratings[(scope, game, player)] = now
    await db.replace_ratings(ratings, changes)
    return rated, len({key[2] for key in ratings})


async def rebuild(target: str) -> tuple[int, int]:
    """``recompute`` on the database ``target`` names (a missing SQLite file is refused, not created)."""
    from storage import connect
    from storage.db import StorageError
    from storage.postgres import is_postgres_url

    if not is_postgres_url(target) and not os.path.exists(target):
        raise StorageError(f"no database at {target}: nothing to rebuild")
    db = await connect(target)
    try:
        return await recompute(db)
    finally:
        await db.close()


def main(argv: Iterable[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m storage.ratings", description="Postern's ratings.")
    sub = parser.add_subparsers(dest="command", required=True)
    again = sub.add_parser("rebuild", help="recompute every rating from the recorded results")
    again.add_argument("--db", default=os.environ.get("POSTERN_DB", "postern.db"), help="SQLite file or postgresql:// URL")
    args = parser.parse_args(list(argv) if argv is not None else None)
    from storage import StorageError

    try:
        games, players = asyncio.run(rebuild(args.db))
    except StorageError as err:
        print(f"postern: {err}", file=sys.stderr)
        return 2
    print(f"rebuilt: {games} rated game(s), {players} player(s) with a rating")
    return 0


if __name__ == "__main__":
    sys.exit(main())
