"""Results of ended games, ratings and the statistics read from them (``Database`` verbs).

A game's results are written once, when it ends, in one transaction with the rating changes they
cause: one row per player who took part (those who held a seat at the end, and those who left
one), then each rated player's rating in each scope. A rating row carries the number of games it
has counted, and the update is guarded by it (``UPDATE … WHERE games = ?``), so two games ending
at the same moment in two processes never lose an update: the later writer finds the count moved,
rolls back and recomputes from the new rating (``Conflict``). Writing the results twice is
impossible (their primary key), so a game is rated exactly once however often its end is seen.

Why a mixin of its own: ``storage.db`` holds the game and lifecycle verbs; results and ratings are
read by other features (``/stats``, ``/leaderboard``) and kept apart so each file stays readable.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from storage.rating_rule import Participant, Rating, fresh

if TYPE_CHECKING:
    from storage.base import Tx


class RatingMoved(Exception):
    """A rating changed between reading it and writing its update (another game ended at the same
    moment): nothing was written; read the ratings again and retry."""


@dataclass(frozen=True)
class ResultRow:
    """One player's result in one ended game."""

    game_id: int
    player: str
    seat: int
    """The seat held at the end; -1 for a player who left."""
    name: str
    game: str
    guild_id: str | None
    kind: str
    outcome: str
    place: int | None
    players: int
    score: int | None
    ranked: bool
    progress: float
    moves: int
    seconds: float
    """Time this player took over their moves (game-clock seconds)."""
    ended_at: float

    def participant(self) -> Participant:
        return Participant(self.player, self.kind, self.outcome, self.place)


RESULT_COLUMNS = (
    "game_id, player, seat, name, game, guild_id, kind, outcome, place, players, score, ranked, progress, "
    "moves, seconds, ended_at"
)


def _result(r: Sequence[Any]) -> ResultRow:
    return ResultRow(int(r[0]), r[1], int(r[2]), r[3], r[4], r[5], r[6], r[7],
                     None if r[8] is None else int(r[8]), int(r[9]), None if r[10] is None else int(r[10]),
                     bool(r[11]), float(r[12]), int(r[13]), float(r[14]), float(r[15]))


@dataclass(frozen=True)
class RatingUpdate:
    scope: str
    game: str
    player: str
    name: str
    before: Rating | None
    """``None``: the player's first rated game in this scope."""
    after: Rating


@dataclass(frozen=True)
class RatingChange:
    game_id: int
    scope: str
    player: str
    before: Rating
    after: Rating
    at: float


@dataclass(frozen=True)
class Standing:
    """A leaderboard row."""

    rank: int
    player: str
    name: str
    rating: Rating


class RecordCalls:
    """Results, ratings and statistics; mixed into ``storage.db.Database``, whose ``transaction``,
    ``_fetch``, ``_fetch_one`` and ``integrity_errors`` it uses (declared there once, as for the
    other verb families)."""

    # ---- writing a game's end -----------------------------------------------------------------
    async def record_game(self, results: Sequence[ResultRow], updates: Sequence[RatingUpdate], at: float) -> bool:
        """Write a game's results and its rating updates in one transaction; ``False`` if the
        game was recorded already (nothing written). Raises ``RatingMoved`` when a rating
        changed since it was read (the caller re-reads and tries again)."""
        marks = ", ".join("?" * 16)
        try:
            async with self.transaction() as tx:
                await tx.executemany(
                    f"INSERT INTO results ({RESULT_COLUMNS}) VALUES ({marks})",
                    [(r.game_id, r.player, r.seat, r.name, r.game, r.guild_id, r.kind, r.outcome, r.place, r.players,
                      r.score, int(r.ranked), r.progress, r.moves, r.seconds, r.ended_at) for r in results],
                )
                game_id = results[0].game_id if results else 0
                for u in updates:
                    await _write_rating(tx, u, at)
                    was = u.before or fresh()
                    await tx.execute(
                        "INSERT INTO rating_changes (game_id, scope, player, game, mu_before, sigma_before, "
                        "mu_after, sigma_after, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        (game_id, u.scope, u.player, u.game, was.mu, was.sigma, u.after.mu, u.after.sigma, at),
                    )
        except self.integrity_errors as err:
            if await self.recorded(results[0].game_id):
                return False
            raise RatingMoved(str(err)) from err  # a rating row another game created first
        return True

    async def put_results(self, results: Sequence[ResultRow]) -> None:
        """A game's results as they are, ratings untouched (``storage.copy``; ratings follow from
        ``storage.ratings.recompute``)."""
        if not results:
            return
        marks = ", ".join("?" * 16)
        async with self.transaction() as tx:
            await tx.execute("DELETE FROM results WHERE game_id = ?", (results[0].game_id,))
            await tx.executemany(
                f"INSERT INTO results ({RESULT_COLUMNS}) VALUES ({marks})",
                [(r.game_id, r.player, r.seat, r.name, r.game, r.guild_id, r.kind, r.outcome, r.place, r.players,
                  r.score, int(r.ranked), r.progress, r.moves, r.seconds, r.ended_at) for r in results],
            )

    async def private_users_after(self, after: str, limit: int = 500) -> list[tuple[str, float]]:
        """Players who keep their statistics private, a page at a time by id (``storage.copy``)."""
        rows = await self._fetch(
            "SELECT user_id, since FROM private_stats WHERE user_id > ? ORDER BY user_id LIMIT ?", (after, limit)
        )
        return [(r[0], float(r[1])) for r in rows]

    async def recorded(self, game_id: int) -> bool:
        return await self._fetch_one("SELECT 1 FROM results WHERE game_id = ? LIMIT 1", (game_id,)) is not None

    async def results_of_game(self, game_id: int) -> list[ResultRow]:
        rows = await self._fetch(f"SELECT {RESULT_COLUMNS} FROM results WHERE game_id = ? ORDER BY player", (game_id,))
        return [_result(r) for r in rows]

    async def rating_changes_of(self, game_id: int) -> list[RatingChange]:
        rows = await self._fetch(
            "SELECT game_id, scope, player, mu_before, sigma_before, mu_after, sigma_after, at "
            "FROM rating_changes WHERE game_id = ? ORDER BY scope, player", (game_id,),
        )
        return [RatingChange(int(r[0]), r[1], r[2], Rating(float(r[3]), float(r[4])), Rating(float(r[5]), float(r[6])),
                             float(r[7])) for r in rows]

    async def ratings_of(self, scope: str, game: str, players: Sequence[str]) -> dict[str, Rating]:
        if not players:
            return {}
        marks = ", ".join("?" * len(players))
        rows = await self._fetch(
            f"SELECT player, mu, sigma, games FROM ratings WHERE scope = ? AND game = ? AND player IN ({marks})",
            (scope, game, *players),
        )
        return {r[0]: Rating(float(r[1]), float(r[2]), int(r[3])) for r in rows}

    # ---- statistics -----------------------------------------------------------------------------
    async def player_results(self, player: str, game: str | None = None, limit: int = 5000) -> list[ResultRow]:
        """A player's results, newest first (at most ``limit``)."""
        if game is None:
            rows = await self._fetch(
                f"SELECT {RESULT_COLUMNS} FROM results WHERE player = ? ORDER BY player, game, ended_at DESC LIMIT ?",
                (player, limit),
            )
        else:
            rows = await self._fetch(
                f"SELECT {RESULT_COLUMNS} FROM results WHERE player = ? AND game = ? ORDER BY ended_at DESC LIMIT ?",
                (player, game, limit),
            )
        return sorted((_result(r) for r in rows), key=lambda r: -r.ended_at)

    async def rating_history(self, player: str, game: str, scope: str, limit: int = 500) -> list[tuple[float, Rating]]:
        """The player's rating after each rated game in ``scope``, oldest first (the last ``limit``)."""
        rows = await self._fetch(
            "SELECT at, mu_after, sigma_after FROM rating_changes WHERE player = ? AND game = ? AND scope = ? "
            "ORDER BY at DESC LIMIT ?", (player, game, scope, limit),
        )
        return [(float(r[0]), Rating(float(r[1]), float(r[2]))) for r in reversed(rows)]

    async def opponents(self, player: str, game: str | None, limit: int = 3) -> list[tuple[str, str, int]]:
        """Who the player met most often: (player, last name, games together), most first."""
        where, params = ("r.player = ?", [player]) if game is None else ("r.player = ? AND r.game = ?", [player, game])
        rows = await self._fetch(
            "SELECT o.player, MAX(o.name), COUNT(*) FROM results r JOIN results o "
            f"ON o.game_id = r.game_id AND o.player <> r.player WHERE {where} "
            "GROUP BY o.player ORDER BY COUNT(*) DESC, o.player LIMIT ?", (*params, limit),
        )
        return [(r[0], r[1], int(r[2])) for r in rows]

    async def head_to_head(self, a: str, b: str, game: str | None = None) -> list[tuple[ResultRow, ResultRow]]:
        """Every ended game both players took part in: (a's result, b's result), newest first."""
        cols_a = ", ".join(f"x.{c.strip()}" for c in RESULT_COLUMNS.split(","))
        cols_b = ", ".join(f"y.{c.strip()}" for c in RESULT_COLUMNS.split(","))
        extra, params = ("", [b, a]) if game is None else (" AND x.game = ?", [b, a, game])
        rows = await self._fetch(
            f"SELECT {cols_a}, {cols_b} FROM results x JOIN results y ON y.game_id = x.game_id AND y.player = ? "
            f"WHERE x.player = ?{extra} ORDER BY x.ended_at DESC LIMIT 1000", params,
        )
        return [(_result(r[:16]), _result(r[16:])) for r in rows]

    async def rating(self, scope: str, game: str, player: str) -> Rating | None:
        row = await self._fetch_one(
            "SELECT mu, sigma, games FROM ratings WHERE scope = ? AND game = ? AND player = ?", (scope, game, player)
        )
        return None if row is None else Rating(float(row[0]), float(row[1]), int(row[2]))

    async def leaderboard(self, scope: str, game: str, min_games: int, offset: int, limit: int) -> list[Standing]:
        """Players by conservative rating (best first), those who keep their statistics private
        left out; ``offset`` rows skipped."""
        rows = await self._fetch(
            "SELECT player, name, mu, sigma, games FROM ratings WHERE scope = ? AND game = ? AND games >= ? "
            "AND NOT EXISTS (SELECT 1 FROM private_stats p WHERE p.user_id = ratings.player) "
            "ORDER BY conservative DESC, player LIMIT ? OFFSET ?", (scope, game, min_games, limit, offset),
        )
        return [Standing(offset + i + 1, r[0], r[1], Rating(float(r[2]), float(r[3]), int(r[4])))
                for i, r in enumerate(rows)]

    async def leaderboard_size(self, scope: str, game: str, min_games: int) -> int:
        row = await self._fetch_one(
            "SELECT COUNT(*) FROM ratings WHERE scope = ? AND game = ? AND games >= ? "
            "AND NOT EXISTS (SELECT 1 FROM private_stats p WHERE p.user_id = ratings.player)",
            (scope, game, min_games),
        )
        return int(row[0]) if row else 0

    async def rank_of(self, scope: str, game: str, player: str, min_games: int) -> int | None:
        """The player's place on the leaderboard (None without enough rated games)."""
        mine = await self._fetch_one(
            "SELECT conservative, games FROM ratings WHERE scope = ? AND game = ? AND player = ?", (scope, game, player)
        )
        if mine is None or int(mine[1]) < min_games:
            return None
        row = await self._fetch_one(
            "SELECT COUNT(*) FROM ratings WHERE scope = ? AND game = ? AND games >= ? AND conservative > ? "
            "AND NOT EXISTS (SELECT 1 FROM private_stats p WHERE p.user_id = ratings.player)",
            (scope, game, min_games, float(mine[0])),
        )
        return (int(row[0]) if row else 0) + 1

    async def finished_of(self, player: str, offset: int, limit: int) -> list[tuple[ResultRow, str, str | None]]:
        """A player's ended games, newest first: (their result, the game's channel, its guild)."""
        cols = ", ".join(f"r.{c.strip()}" for c in RESULT_COLUMNS.split(","))
        rows = await self._fetch(
            f"SELECT {cols}, g.channel_id, g.guild_id FROM results r JOIN games g ON g.id = r.game_id "
            "WHERE r.player = ? ORDER BY r.ended_at DESC, r.game_id DESC LIMIT ? OFFSET ?", (player, limit, offset),
        )
        return [(_result(r[:16]), r[16], r[17]) for r in rows]

    async def finished_count(self, player: str) -> int:
        row = await self._fetch_one("SELECT COUNT(*) FROM results WHERE player = ?", (player,))
        return int(row[0]) if row else 0

    # ---- private notes --------------------------------------------------------------------------
    async def note(self, game_id: int, user_id: str) -> str | None:
        row = await self._fetch_one("SELECT text FROM notes WHERE game_id = ? AND user_id = ?", (game_id, user_id))
        return None if row is None else str(row[0])

    async def save_note(self, game_id: int, user_id: str, text: str | None, now: float) -> None:
        """Keep ``text`` as the player's note of the game (``None``: delete it)."""
        async with self.transaction() as tx:
            await tx.execute("DELETE FROM notes WHERE game_id = ? AND user_id = ?", (game_id, user_id))
            if text is not None:
                await tx.execute(
                    "INSERT INTO notes (game_id, user_id, text, updated_at) VALUES (?, ?, ?, ?)",
                    (game_id, user_id, text, now),
                )

    async def notes_after(self, game_id: int) -> list[tuple[str, str, float]]:
        """Every note of a game (``storage.copy``)."""
        rows = await self._fetch("SELECT user_id, text, updated_at FROM notes WHERE game_id = ? ORDER BY user_id", (game_id,))
        return [(r[0], r[1], float(r[2])) for r in rows]

    # ---- privacy --------------------------------------------------------------------------------
    async def stats_private(self, user_id: str) -> bool:
        return await self._fetch_one("SELECT 1 FROM private_stats WHERE user_id = ?", (user_id,)) is not None

    async def set_stats_private(self, user_id: str, private: bool, now: float) -> None:
        async with self.transaction() as tx:
            await tx.execute("DELETE FROM private_stats WHERE user_id = ?", (user_id,))
            if private:
                await tx.execute("INSERT INTO private_stats (user_id, since) VALUES (?, ?)", (user_id, now))

    # ---- rebuilding -----------------------------------------------------------------------------
    async def results_in_order(
        self, batch: int = 2000
    ) -> AsyncIterator[tuple[int, str, str | None, float, bool, float, list[Participant]]]:
        """Every recorded game in the order it ended: (game id, title, guild, ended at, ranked,
        progress, participants), read in batches (keyset paging, no offsets)."""
        after: tuple[float, int] = (-1.0, -1)
        while True:
            rows = await self._fetch(
                f"SELECT {RESULT_COLUMNS} FROM results WHERE ended_at > ? OR (ended_at = ? AND game_id > ?) "
                "ORDER BY ended_at, game_id LIMIT ?", (after[0], after[0], after[1], batch),
            )
            if not rows:
                return
            results = [_result(r) for r in rows]
            last = results[-1]
            if len(rows) == batch:  # the last game may continue in the next batch: read it whole
                results = [r for r in results if r.game_id != last.game_id]
                results += await self.results_of_game(last.game_id)
            games: dict[int, list[ResultRow]] = {}
            for r in results:
                games.setdefault(r.game_id, []).append(r)
            for game_id, parts in sorted(games.items(), key=lambda kv: (kv[1][0].ended_at, kv[0])):
                first = parts[0]
                yield (game_id, first.game, first.guild_id, first.ended_at, first.ranked, first.progress,
                       [p.participant() for p in sorted(parts, key=lambda p: p.player)])
            after = (last.ended_at, last.game_id)

    async def replace_ratings(
        self,
        ratings: dict[tuple[str, str, str], Rating],
        changes: Sequence[tuple[int, str, str, str, Rating, Rating, float]],
    ) -> None:
        """Every rating and rating change, replaced whole in one transaction (``rebuild``)."""
        names = {r[0]: r[1] for r in await self._fetch("SELECT player, MAX(name) FROM results GROUP BY player")}
        last_at: dict[tuple[str, str, str], float] = {}
        for game_id, scope, player, game, _, _, at in changes:
            del game_id
            last_at[(scope, game, player)] = at
        async with self.transaction() as tx:
            await tx.execute("DELETE FROM rating_changes", ())
            await tx.execute("DELETE FROM ratings", ())
            await tx.executemany(
                "INSERT INTO ratings (scope, game, player, name, mu, sigma, conservative, games, updated_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [(scope, game, player, names.get(player, player), r.mu, r.sigma, r.conservative, r.games,
                  last_at.get((scope, game, player), 0.0)) for (scope, game, player), r in ratings.items()],
            )
            await tx.executemany(
                "INSERT INTO rating_changes (game_id, scope, player, game, mu_before, sigma_before, mu_after, "
                "sigma_after, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [(g, s, p, t, b.mu, b.sigma, a.mu, a.sigma, at) for g, s, p, t, b, a, at in changes],
            )


async def _write_rating(tx: Tx, u: RatingUpdate, at: float) -> None:
    """One rating, guarded by the number of games it had counted when it was read."""
    a = u.after
    if u.before is None:
        await tx.execute(
            "INSERT INTO ratings (scope, game, player, name, mu, sigma, conservative, games, updated_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (u.scope, u.game, u.player, u.name, a.mu, a.sigma, a.conservative, a.games, at),
        )
        return
    changed = await tx.execute(
        "UPDATE ratings SET name = ?, mu = ?, sigma = ?, conservative = ?, games = ?, updated_at = ? "
        "WHERE scope = ? AND game = ? AND player = ? AND games = ?",
        (u.name, a.mu, a.sigma, a.conservative, a.games, at, u.scope, u.game, u.player, u.before.games),
    )
    if changed != 1:
        raise RatingMoved(f"the rating of {u.player} in {u.scope} changed meanwhile")
