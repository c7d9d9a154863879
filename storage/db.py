"""SQLite persistence of games, seats and the action log (aiosqlite, WAL).

The action log is the truth; ``games.snapshot`` is a cache of the state after the last logged
action. A move is written in one transaction together with the snapshot, guarded by the
game's ``version``: a writer that read an older version changes nothing and gets ``Conflict``,
so two concurrent moves can never both apply to the same state.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiosqlite

from storage.migrations import LATEST, MIGRATIONS


class Conflict(Exception):
    """The game changed since it was read (version mismatch) or a uniqueness rule was hit."""


@dataclass(frozen=True)
class GameRow:
    id: int
    guild_id: str | None
    channel_id: str
    game: str
    options: dict[str, Any]
    capacity: int
    seed: str
    status: str
    version: int
    snapshot: str | None
    host_id: str
    locale: str
    created_at: float
    updated_at: float


@dataclass(frozen=True)
class SeatRow:
    seat: int
    user_id: str
    name: str


@dataclass(frozen=True)
class ActionRow:
    seq: int
    seat: int
    action: str
    user_id: str | None
    events: list[dict[str, Any]]
    at: float


@dataclass(frozen=True)
class NewAction:
    seat: int
    action: str
    user_id: str | None
    events: list[dict[str, Any]]


GAME_COLUMNS = (
    "id, guild_id, channel_id, game, options, capacity, seed, status, version, snapshot, host_id, locale, "
    "created_at, updated_at"
)


def _game(row: aiosqlite.Row | tuple) -> GameRow:
    values = list(row)
    values[4] = json.loads(values[4])
    return GameRow(*values)


class Database:
    """One connection per process; aiosqlite serialises its statements on a worker thread."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._conn: aiosqlite.Connection | None = None
        self._tx_lock = asyncio.Lock()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """``BEGIN IMMEDIATE`` … ``COMMIT`` (``ROLLBACK`` on any error).

        Coroutines sharing this connection take turns, since SQLite has one transaction per
        connection; other connections (processes) wait on SQLite's own write lock.
        """
        async with self._tx_lock:
            await self.conn.execute("BEGIN IMMEDIATE")
            try:
                yield self.conn
            except BaseException:
                await self.conn.execute("ROLLBACK")
                raise
            await self.conn.execute("COMMIT")

    @property
    def conn(self) -> aiosqlite.Connection:
        if self._conn is None:
            raise RuntimeError("database is not open")
        return self._conn

    async def open(self) -> Database:
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._conn = await aiosqlite.connect(self.path, isolation_level=None)
        await self.conn.execute("PRAGMA journal_mode=WAL")
        await self.conn.execute("PRAGMA foreign_keys=ON")
        await self.conn.execute("PRAGMA synchronous=NORMAL")
        await self.conn.execute("PRAGMA busy_timeout=5000")
        try:
            await self.migrate()
        except BaseException:
            await self.close()
            raise
        return self

    async def close(self) -> None:
        if self._conn is not None:
            await self._conn.close()
            self._conn = None

    async def __aenter__(self) -> Database:
        return await self.open()

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def schema_version(self) -> int:
        async with self.conn.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else 0

    async def migrate(self) -> None:
        """Apply every migration newer than the file's ``user_version``, each in a transaction."""
        current = await self.schema_version()
        if current > LATEST:
            raise RuntimeError(f"database schema {current} is newer than this Postern ({LATEST})")
        for number in range(current + 1, LATEST + 1):
            async with self.transaction() as conn:
                for statement in MIGRATIONS[number - 1].split(";"):
                    if statement.strip():
                        await conn.execute(statement)
                await conn.execute(f"PRAGMA user_version={number}")

    # ---- games -------------------------------------------------------------------------------
    async def create_game(
        self,
        *,
        guild_id: str | None,
        channel_id: str,
        game: str,
        options: dict[str, Any],
        capacity: int,
        seed: str,
        host_id: str,
        host_name: str,
        locale: str,
    ) -> GameRow:
        """A new lobby with its host in seat 0; ``Conflict`` if the channel already has a live game."""
        now = time.time()
        try:
            async with self.transaction() as conn:
                cur = await conn.execute(
                    "INSERT INTO games (guild_id, channel_id, game, options, capacity, seed, status, host_id, locale,"
                    " created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 'lobby', ?, ?, ?, ?)",
                    (guild_id, channel_id, game, json.dumps(options), capacity, seed, host_id, locale, now, now),
                )
                game_id = cur.lastrowid
                await conn.execute(
                    "INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, 0, ?, ?)", (game_id, host_id, host_name)
                )
        except aiosqlite.IntegrityError as err:
            raise Conflict("this channel already has a game") from err
        row = await self.game(int(game_id or 0))
        assert row is not None
        return row

    async def game(self, game_id: int) -> GameRow | None:
        async with self.conn.execute(f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", (game_id,)) as cur:
            row = await cur.fetchone()
        return _game(row) if row else None

    async def live_game(self, channel_id: str) -> GameRow | None:
        """The lobby or active game of a channel, if any."""
        async with self.conn.execute(
            f"SELECT {GAME_COLUMNS} FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')",
            (channel_id,),
        ) as cur:
            row = await cur.fetchone()
        return _game(row) if row else None

    async def live_games(self, guild_id: str | None = None) -> list[GameRow]:
        """Every lobby or active game in a server (all servers when ``guild_id`` is None; DM games
        excluded), for the adapter's checks that each game's channel still exists and is open."""
        where = "guild_id = ?" if guild_id is not None else "guild_id IS NOT NULL"
        async with self.conn.execute(
            f"SELECT {GAME_COLUMNS} FROM games WHERE {where} AND status IN ('lobby', 'active') ORDER BY id",
            (guild_id,) if guild_id is not None else (),
        ) as cur:
            rows = await cur.fetchall()
        return [_game(r) for r in rows]

    async def latest_game(self, channel_id: str) -> GameRow | None:
        """The live game of a channel, else its most recently ended one."""
        async with self.conn.execute(
            f"SELECT {GAME_COLUMNS} FROM games WHERE channel_id = ? "
            "ORDER BY status IN ('lobby', 'active') DESC, updated_at DESC LIMIT 1",
            (channel_id,),
        ) as cur:
            row = await cur.fetchone()
        return _game(row) if row else None

    async def games_in_guild(self, guild_id: str, limit: int = 25) -> list[GameRow]:
        async with self.conn.execute(
            f"SELECT {GAME_COLUMNS} FROM games WHERE guild_id = ? "
            "ORDER BY status IN ('lobby', 'active') DESC, updated_at DESC LIMIT ?",
            (guild_id, limit),
        ) as cur:
            rows = await cur.fetchall()
        return [_game(r) for r in rows]

    async def games_of_user(self, user_id: str, limit: int = 25) -> list[GameRow]:
        cols = ", ".join(f"g.{c.strip()}" for c in GAME_COLUMNS.split(","))
        async with self.conn.execute(
            f"SELECT {cols} FROM games g JOIN seats s ON s.game_id = g.id WHERE s.user_id = ? "
            "ORDER BY g.status IN ('lobby', 'active') DESC, g.updated_at DESC LIMIT ?",
            (user_id, limit),
        ) as cur:
            rows = await cur.fetchall()
        return [_game(r) for r in rows]

    # ---- seats ---------------------------------------------------------------------------------
    async def seats(self, game_id: int) -> list[SeatRow]:
        async with self.conn.execute(
            "SELECT seat, user_id, name FROM seats WHERE game_id = ? ORDER BY seat", (game_id,)
        ) as cur:
            rows = await cur.fetchall()
        return [SeatRow(int(r[0]), str(r[1]), str(r[2])) for r in rows]

    async def set_seats(self, game_id: int, version: int, seats: list[tuple[str, str]]) -> int:
        """Replace a lobby's seats (user id, name) in order; returns the new version."""
        async with self.transaction() as conn:
            await self._bump(game_id, version)
            await conn.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
            await conn.executemany(
                "INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, ?, ?, ?)",
                [(game_id, i, uid, name) for i, (uid, name) in enumerate(seats)],
            )
        return version + 1

    # ---- moves -------------------------------------------------------------------------------
    async def _bump(self, game_id: int, version: int, **fields: Any) -> None:
        sets = ", ".join([*(f"{k} = ?" for k in fields), "version = version + 1", "updated_at = ?"])
        cur = await self.conn.execute(
            f"UPDATE games SET {sets} WHERE id = ? AND version = ?",
            (*fields.values(), time.time(), game_id, version),
        )
        if cur.rowcount != 1:
            raise Conflict("the game changed meanwhile")

    async def commit_moves(
        self,
        game_id: int,
        version: int,
        first_seq: int,
        actions: list[NewAction],
        snapshot: str,
        status: str,
    ) -> int:
        """Append ``actions`` from ``first_seq`` and store the snapshot, atomically.

        Raises ``Conflict`` (and writes nothing) if the game is no longer at ``version``.
        Returns the new version.
        """
        now = time.time()
        try:
            async with self.transaction() as conn:
                await self._bump(game_id, version, snapshot=snapshot, status=status)
                await conn.executemany(
                    "INSERT INTO actions (game_id, seq, seat, action, user_id, events, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    [
                        (game_id, first_seq + i, a.seat, a.action, a.user_id, json.dumps(a.events), now)
                        for i, a in enumerate(actions)
                    ],
                )
        except aiosqlite.IntegrityError as err:
            raise Conflict("the action log changed meanwhile") from err
        return version + 1

    async def set_status(self, game_id: int, version: int, status: str, **fields: Any) -> int:
        async with self.transaction():
            await self._bump(game_id, version, status=status, **fields)
        return version + 1

    async def actions(self, game_id: int, after: int = -1, limit: int | None = None) -> list[ActionRow]:
        sql = "SELECT seq, seat, action, user_id, events, at FROM actions WHERE game_id = ? AND seq > ? ORDER BY seq"
        params: tuple[Any, ...] = (game_id, after)
        if limit is not None:
            sql += " LIMIT ?"
            params = (*params, limit)
        async with self.conn.execute(sql, params) as cur:
            rows = await cur.fetchall()
        return [ActionRow(int(r[0]), int(r[1]), str(r[2]), r[3], json.loads(r[4]), float(r[5])) for r in rows]

    async def recent_actions(self, game_id: int, count: int) -> list[ActionRow]:
        async with self.conn.execute(
            "SELECT seq, seat, action, user_id, events, at FROM actions WHERE game_id = ? ORDER BY seq DESC LIMIT ?",
            (game_id, count),
        ) as cur:
            rows = await cur.fetchall()
        return [ActionRow(int(r[0]), int(r[1]), str(r[2]), r[3], json.loads(r[4]), float(r[5])) for r in reversed(rows)]

    async def action_count(self, game_id: int) -> int:
        async with self.conn.execute("SELECT COUNT(*) FROM actions WHERE game_id = ?", (game_id,)) as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else 0
