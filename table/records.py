"""The end of a game as a record: results, ratings and the statistics read from them.

When a game ends (played out, or ended early by a vote or the host) the table records who took
part and how each finished (``storage.records``), and rates the game under the one rule of
``storage.ratings`` when its table chose ``ranked=true``. Recording is idempotent and happens
wherever the ended game is first seen (the move that ended it, the vote, a later ``/game status``
after a crash in between), so a game is never left unrated and never rated twice.

Reads (``/stats``, ``/leaderboard``, head-to-head) return plain data; the adapters word it.
"""

from __future__ import annotations

import logging
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import rules
from storage import GameRow, SeatRow
from storage.ratings import (
    BOT,
    FINISHED,
    GLOBAL,
    HUMAN,
    LEFT,
    STAND_IN,
    STOOD,
    TIMED_OUT,
    Rating,
    guild_scope,
    rate,
    rated_places,
    scopes_of,
)
from storage.records import RatingChange, RatingMoved, RatingUpdate, ResultRow, Standing
from table import bots
from table.ranked import KEY, OPTION  # noqa: F401  (OPTION: re-exported, read as records.OPTION)

if TYPE_CHECKING:
    from table.core import TableCore

log = logging.getLogger("postern.records")

MIN_GAMES = 3
"""[DECISION] Rated games a player needs before the leaderboard lists them."""
PAGE = 10
RETRIES = 5
"""How often a game's end is recomputed when another game's end moved a shared rating first."""


def bot_player(level: str | None) -> str:
    """The rating identity of a lobby bot: one per level."""
    return f"bot:{level or bots.NEW_LEVEL}"


@dataclass
class PlayerStats:
    """What ``/stats`` shows of one player (in one title, or all)."""

    player: str
    name: str
    game: str | None
    games: int = 0
    wins: int = 0
    places: Counter[int] = field(default_factory=Counter)
    finished: int = 0
    seconds_per_move: float | None = None
    best: ResultRow | None = None
    rating: Rating | None = None
    rank: int | None = None
    history: list[tuple[float, Rating]] = field(default_factory=list)
    opponents: list[tuple[str, str, int]] = field(default_factory=list)

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.games if self.games else None

    @property
    def completion(self) -> float | None:
        return self.finished / self.games if self.games else None


@dataclass
class HeadToHead:
    games: int = 0
    a_above: int = 0
    b_above: int = 0
    level: int = 0
    recent: list[tuple[ResultRow, ResultRow]] = field(default_factory=list)


class RecordCalls:
    """Mixed into ``TableService``."""

    # ---- the end of a game ------------------------------------------------------------------------
    async def record_end(
        self: TableCore, row: GameRow, seats: list[SeatRow], state: Any, timed_out: int | None = None
    ) -> list[RatingChange]:
        """Record an ended game (once) and rate it if it is rated; its rating changes (empty when
        unrated). ``timed_out``: the seat whose bank ran out when the table ended the game."""
        if row.status not in ("finished", "abandoned"):
            return []
        if await self.db.recorded(row.id):
            return await self.db.rating_changes_of(row.id)
        results = await self._results(row, seats, state, timed_out)
        if not results:
            return []
        for _ in range(RETRIES):
            updates = await self._rating_updates(row, results)
            try:  # dated when the game ended, as a rebuild dates them
                await self.db.record_game(results, updates, results[0].ended_at)
                break
            except RatingMoved:
                continue  # another game's end moved a rating first: read again
        else:
            log.warning("game %d: ratings kept moving; recorded at the next look", row.id)
            return []
        return await self.db.rating_changes_of(row.id)

    async def _results(
        self: TableCore, row: GameRow, seats: list[SeatRow], state: Any, timed_out: int | None
    ) -> list[ResultRow]:
        game = rules.get(row.game)
        ranked = bool(self.table_options(row).get(KEY, False))
        over = row.status == "finished"
        scores = game.scores(state)
        place_of: dict[int, int] = {}
        for seat, place in zip(game.ranking(state), game.places(state), strict=False):
            if seat >= 0:
                place_of[seat] = place
        progress = 1.0 if over else game.progress(state)
        moves: Counter[str] = Counter()
        seconds: Counter[str] = Counter()
        previous: float | None = None
        for action in await self.db.actions(row.id):
            who = action.user_id
            if who is None and 0 <= action.seat < len(seats) and seats[action.seat].is_bot:
                who = _identity(seats[action.seat])
            if who is not None and action.seat >= 0:
                moves[who] += 1
                seconds[who] += max(0.0, action.at - previous) if previous is not None else 0.0
            previous = action.at
        first_holder: dict[int, tuple[str, str]] = {}
        for change in sorted(await self.db.seat_changes(row.id), key=lambda c: c.version):
            first_holder.setdefault(change.seat, (change.user_id, change.name))
        ended = row.updated_at
        out: dict[str, ResultRow] = {}

        def add(player: str, seat: int, name: str, kind: str, outcome: str, place: int | None) -> None:
            if player in out and out[player].outcome in (FINISHED, STOOD):
                return  # a player who left one seat and finished another keeps the finish
            score = scores[seat] if 0 <= seat < len(scores) else None
            out[player] = ResultRow(
                row.id, player, seat, name, row.game, row.guild_id, kind, outcome, place, len(seats), score, ranked,
                progress, moves[player], seconds[player], ended,
            )

        stayed = FINISHED if over else STOOD
        levels = Counter(_identity(s) for s in seats if bots.is_bot_id(s.user_id) and not s.user_id.startswith(bots.held_for("")))
        for s in seats:
            original = first_holder.get(s.seat, (s.user_id, s.name))
            if s.user_id.startswith(bots.held_for("")):  # a bot stands in for a player who left
                if not bots.is_bot_id(original[0]):
                    add(original[0], -1, original[1], HUMAN, LEFT, None)
                continue
            if bots.is_bot_id(s.user_id):
                if levels[_identity(s)] > 1:  # one rating cannot play against itself: recorded apart, unrated
                    add(f"{_identity(s)}#{s.seat}", s.seat, s.name, STAND_IN, stayed, place_of.get(s.seat))
                else:
                    add(_identity(s), s.seat, s.name, BOT, stayed, place_of.get(s.seat))
                continue
            if original[0] != s.user_id and not bots.is_bot_id(original[0]):
                add(original[0], -1, original[1], HUMAN, LEFT, None)
                add(s.user_id, s.seat, s.name, STAND_IN, stayed, place_of.get(s.seat))
                continue
            if s.seat == timed_out:
                add(s.user_id, s.seat, s.name, HUMAN, TIMED_OUT, None)
                continue
            add(s.user_id, s.seat, s.name, HUMAN, stayed, place_of.get(s.seat))
        # Anyone else who held a seat on the way and holds none now (replaced, then replaced back).
        holders = {s.user_id for s in seats}
        for change in await self.db.seat_changes(row.id):
            if not bots.is_bot_id(change.user_id) and change.user_id not in holders and change.user_id not in out:
                add(change.user_id, -1, change.name, HUMAN, LEFT, None)
        return list(out.values())

    async def _rating_updates(self: TableCore, row: GameRow, results: list[ResultRow]) -> list[RatingUpdate]:
        first = results[0]
        places = rated_places(first.ranked, first.progress, [r.participant() for r in results])
        if places is None:
            return []
        names = {r.player: r.name for r in results}
        updates = []
        for scope in scopes_of(row.guild_id):
            before = await self.db.ratings_of(scope, row.game, sorted(places))
            after = rate(before, places)
            updates += [RatingUpdate(scope, row.game, p, _name(p, names[p]), before.get(p), after[p]) for p in sorted(places)]
        return updates

    # ---- reading ----------------------------------------------------------------------------------
    async def player_stats(
        self: TableCore, player: str, name: str, game: str | None, guild_id: str | None
    ) -> PlayerStats:
        """Everything ``/stats`` shows of ``player`` (a user id or ``bot:<level>``)."""
        results = await self.db.player_results(player, game)
        stats = PlayerStats(player, name, game)
        done = [r for r in results if r.place is not None or r.outcome in (LEFT, TIMED_OUT)]
        stats.games = len(done)
        stats.wins = sum(1 for r in done if r.place == 1)
        stats.places = Counter(r.place for r in done if r.place is not None)
        stats.finished = sum(1 for r in done if r.outcome == FINISHED)
        moves = sum(r.moves for r in results)
        stats.seconds_per_move = sum(r.seconds for r in results) / moves if moves else None
        played = [r for r in done if r.place is not None and r.score is not None]
        if played:
            stats.best = min(played, key=lambda r: (r.place, -(r.score or 0), -r.ended_at))
        stats.opponents = await self.db.opponents(player, game)
        if game is not None:
            scope = guild_scope(guild_id) or GLOBAL
            stats.rating = await self.db.rating(scope, game, player)
            stats.rank = await self.db.rank_of(scope, game, player, MIN_GAMES)
            stats.history = await self.db.rating_history(player, game, scope)
        if results:
            stats.name = results[0].name
        return stats

    async def standings(
        self: TableCore, game: str, guild_id: str | None, page: int
    ) -> tuple[list[Standing], int]:
        """One page of the leaderboard of ``game`` in a server (``guild_id``) or everywhere
        (``None``), and how many players it lists in all."""
        scope = guild_scope(guild_id) or GLOBAL
        total = await self.db.leaderboard_size(scope, game, MIN_GAMES)
        rows = await self.db.leaderboard(scope, game, MIN_GAMES, (max(page, 1) - 1) * PAGE, PAGE)
        return rows, total

    async def versus(self: TableCore, a: str, b: str, game: str | None) -> HeadToHead:
        """Every ended game ``a`` and ``b`` played together: who placed above whom."""
        pairs = await self.db.head_to_head(a, b, game)
        out = HeadToHead(recent=pairs[:5])
        for x, y in pairs:
            out.games += 1
            px = x.place if x.place is not None else 99
            py = y.place if y.place is not None else 99
            if px < py:
                out.a_above += 1
            elif py < px:
                out.b_above += 1
            else:
                out.level += 1
        return out


def _identity(seat: SeatRow) -> str:
    return bot_player(seat.bot_level)


def _name(player: str, name: str) -> str:
    return player if player.startswith("bot:") and not player[4:].isdigit() else name
