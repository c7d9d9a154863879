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
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from openskill.models import PlackettLuce

if TYPE_CHECKING:
    from storage.db import Database

HALF = 0.5
"""[DECISION] The share of a game that must have been played for an early end to be rated."""

GLOBAL = "global"
FINISHED, STOOD, LEFT, TIMED_OUT = "finished", "stood", "left", "timed_out"
"""A result's outcome: played to the end; standing when the game ended early; left the seat
during the game; the bank ran out and the table ended the game."""
HUMAN, BOT, STAND_IN = "human", "bot", "stand_in"
"""Who a result belongs to: a person; a bot seated in the lobby (rated as ``bot:<level>``); a
substitute or a bot that finished another player's seat (recorded, never rated)."""

MODEL = PlackettLuce()


def guild_scope(guild_id: str | None) -> str | None:
    return f"guild:{guild_id}" if guild_id else None


def scopes_of(guild_id: str | None) -> list[str]:
    """Where a game's ratings count: everywhere, and in its server (DM games only globally)."""
    own = guild_scope(guild_id)
    return [GLOBAL, own] if own else [GLOBAL]


def conservative(mu: float, sigma: float) -> float:
    """The leaderboard's number: a rating the player is very likely above (mu − 3·sigma)."""
    return mu - 3.0 * sigma


@dataclass(frozen=True)
class Participant:
    """One player's part in an ended game, as recorded."""

    player: str
    """The user id, or ``bot:<level>`` for a lobby bot."""
    kind: str
    outcome: str
    place: int | None
    """The rules' place (1 = first) for whoever held a seat at the end; ``None`` for a leaver."""


def rated_places(ranked: bool, progress: float, participants: Sequence[Participant]) -> dict[str, int] | None:
    """The places to rate (player → place, 1 = best) under the rule above; ``None`` when the
    game is not rated at all."""
    humans = {p.player for p in participants if p.kind == HUMAN}
    if not ranked or len(humans) < 2:
        return None
    ended_early = any(p.outcome in (STOOD, TIMED_OUT) for p in participants)
    if ended_early and progress < HALF:
        return None
    bots = [p.player for p in participants if p.kind == BOT]
    twice = {b for b in bots if bots.count(b) > 1}
    stayed = [p for p in participants if p.kind in (HUMAN, BOT) and p.outcome in (FINISHED, STOOD)
              and p.place is not None and p.player not in twice]
    gone = [p for p in participants if p.kind == HUMAN and p.outcome in (LEFT, TIMED_OUT)]
    places = {p.player: p.place for p in stayed if p.place is not None}
    last = max(places.values(), default=0) + 1
    for p in gone:
        if p.player not in places:  # a player who left one seat and finished another keeps the finish
            places[p.player] = last
    return places if len(places) >= 2 else None


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float
    games: int = 0

    @property
    def conservative(self) -> float:
        return conservative(self.mu, self.sigma)


def fresh() -> Rating:
    """A player's rating before their first rated game."""
    start = MODEL.rating()
    return Rating(float(start.mu), float(start.sigma), 0)


def rate(before: dict[str, Rating], places: dict[str, int]) -> dict[str, Rating]:
    """Every placed player's rating after one game (``before``: their ratings going in; missing
    players start fresh). Shared places are ties."""
    players = sorted(places, key=lambda p: (places[p], p))
    teams = []
    for player in players:
        was = before.get(player) or fresh()
        teams.append([MODEL.rating(mu=was.mu, sigma=was.sigma, name=player)])
    after = MODEL.rate(teams, ranks=[float(places[p]) for p in players])
    out = {}
    for player, (rating,) in zip(players, after, strict=True):
        games = (before.get(player) or fresh()).games + 1
        out[player] = Rating(float(rating.mu), float(rating.sigma), games)
    return out


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
