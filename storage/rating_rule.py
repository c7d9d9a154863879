"""The rating rule and maths, pure (no storage): who a finished game rates, in which order
(``rated_places``), and the Plackett-Luce update (``rate``). ``storage.ratings`` documents the rule
and re-exports all of this; it lives apart so that the ``Database`` mixin that records results
(``storage.records``) can use it without importing the rebuild tool, which opens a database.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

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
