"""SQLite persistence of games, seats and the action log (aiosqlite, WAL).

The action log is the truth; ``games.snapshot`` is a cache of the state after the last logged
action. A move is written in one transaction together with the snapshot, guarded by the
game's ``version``: a writer that read an older version changes nothing and gets ``Conflict``,
so two concurrent moves can never both apply to the same state.

Reads do not queue behind writes: besides the one writer connection, a few read-only connections
(each on its own aiosqlite thread) serve every plain ``SELECT``. In WAL mode a reader sees every
transaction committed before its statement began, so a read after a commit sees that commit. Each
read fetches all its rows in one call and closes its cursor at once, so no read transaction stays
open across an ``await`` and checkpoints can keep the write-ahead log short.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
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


class StorageError(Exception):
    """The database cannot be used at all: it cannot be opened, is damaged, or is newer than us.

    Its text is one line fit for an operator (the bot prints it and exits non-zero).
    """


class StorageBusy(StorageError):
    """A write could not be saved (database locked, disk full, I/O error); nothing was applied.

    The caller may tell the player to try again: the transaction was rolled back.
    """


READERS = 2
"""Read-only connections beside the writer (the machine has 2 cores; more only add threads)."""

CHECKPOINT_EVERY = 256
"""Commits between explicit passive checkpoints (SQLite's own auto-checkpoint still runs too)."""

WAL_LIMIT_BYTES = 32 * 1024 * 1024
"""``journal_size_limit``: after a checkpoint the WAL file is truncated back to this size."""


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
    """One writer connection and a few readers per process.

    aiosqlite runs each connection's statements on its own thread; writes take turns on the writer
    (SQLite has one transaction per connection), reads go to whichever reader is free.
    """

    def __init__(self, path: str | Path, readers: int = READERS, busy_timeout_ms: int = 5000) -> None:
        self.path = str(path)
        self.busy_timeout_ms = busy_timeout_ms
        self._conn: aiosqlite.Connection | None = None
        self._tx_lock = asyncio.Lock()
        # An in-memory database is private to its connection: there, the writer also reads.
        self._reader_count = 0 if self.path == ":memory:" else readers
        self._readers: asyncio.Queue[aiosqlite.Connection] = asyncio.Queue()
        self._all_readers: list[aiosqlite.Connection] = []
        self._commits = 0

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """``BEGIN IMMEDIATE`` … ``COMMIT`` (``ROLLBACK`` on any error).

        Coroutines sharing this connection take turns, since SQLite has one transaction per
        connection; other connections (processes) wait on SQLite's own write lock. A database
        that is locked past the busy timeout, full or failing raises ``StorageBusy`` after the
        rollback, so the caller knows nothing was applied.
        """
        async with self._tx_lock:
            try:
                await self.conn.execute("BEGIN IMMEDIATE")
            except sqlite3.OperationalError as err:
                raise StorageBusy(f"could not start a write: {err}") from err
            try:
                yield self.conn
                await self.conn.execute("COMMIT")
            except BaseException as err:
                # SQLite may have rolled back already (e.g. after SQLITE_FULL); nothing is applied.
                with contextlib.suppress(sqlite3.Error):
                    await self.conn.execute("ROLLBACK")
                if isinstance(err, sqlite3.OperationalError):
                    raise StorageBusy(f"could not save: {err}") from err
                raise
            self._commits += 1
            if self._commits % CHECKPOINT_EVERY == 0:
                await self._checkpoint()

    async def _checkpoint(self) -> None:
        """A passive checkpoint: copies what it can without waiting for readers or writers."""
        # A busy checkpoint is simply retried after the next batch of commits.
        with contextlib.suppress(sqlite3.Error):
            await self.conn.execute("PRAGMA wal_checkpoint(PASSIVE)")

    @asynccontextmanager
    async def _reader(self) -> AsyncIterator[aiosqlite.Connection]:
        if not self._reader_count:
            yield self.conn
            return
        conn = await self._readers.get()
        try:
            yield conn
        finally:
            self._readers.put_nowait(conn)

    async def _fetch(self, sql: str, params: tuple[Any, ...] = ()) -> list[Any]:
        """Every row of one read, fetched in a single call so the cursor never outlives it."""
        async with self._reader() as conn:
            return list(await conn.execute_fetchall(sql, params))

    async def _fetch_one(self, sql: str, params: tuple[Any, ...] = ()) -> Any:
        rows = await self._fetch(sql, params)
        return rows[0] if rows else None

    @property
    def conn(self) -> aiosqlite.Connection:
        if self._conn is None:
            raise RuntimeError("database is not open")
        return self._conn

    async def open(self) -> Database:
        """Open, check and migrate; ``StorageError`` (one clear line) if the file is unusable.

        Every step runs inside the ``try``: a failure closes whatever was opened, so no aiosqlite
        thread is left behind to keep the process alive.
        """
        try:
            existed = self.path != ":memory:" and Path(self.path).exists()
            if self.path != ":memory:":
                Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            self._conn = await aiosqlite.connect(self.path, isolation_level=None)
            await self.conn.execute("PRAGMA journal_mode=WAL")
            await self.conn.execute("PRAGMA foreign_keys=ON")
            await self.conn.execute("PRAGMA synchronous=NORMAL")
            await self.conn.execute(f"PRAGMA busy_timeout={int(self.busy_timeout_ms)}")
            await self.conn.execute(f"PRAGMA journal_size_limit={WAL_LIMIT_BYTES}")
            if existed:
                await self._quick_check()
            await self.migrate()
            for _ in range(self._reader_count):
                reader = await aiosqlite.connect(self.path, isolation_level=None)
                self._all_readers.append(reader)
                await reader.execute(f"PRAGMA busy_timeout={int(self.busy_timeout_ms)}")
                await reader.execute("PRAGMA query_only=ON")
                self._readers.put_nowait(reader)
        except BaseException as err:
            await self.close()
            if isinstance(err, StorageError):
                raise
            if isinstance(err, (sqlite3.Error, OSError)):
                raise StorageError(f"cannot open the database {self.path}: {err}") from err
            raise
        return self

    async def _quick_check(self) -> None:
        rows = list(await self.conn.execute_fetchall("PRAGMA quick_check"))
        problems = [str(r[0]) for r in rows if str(r[0]) != "ok"]
        if problems:
            raise StorageError(f"the database {self.path} is damaged: {problems[0]}")

    async def close(self) -> None:
        readers, self._all_readers = self._all_readers, []
        self._readers = asyncio.Queue()
        for reader in readers:
            await reader.close()
        if self._conn is not None:
            await self._conn.close()
            self._conn = None

    async def __aenter__(self) -> Database:
        return await self.open()

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def schema_version(self) -> int:
        rows = list(await self.conn.execute_fetchall("PRAGMA user_version"))
        return int(rows[0][0]) if rows else 0

    async def migrate(self) -> None:
        """Apply every migration newer than the file's ``user_version``, each in a transaction."""
        current = await self.schema_version()
        if current > LATEST:
            raise StorageError(
                f"the database {self.path} has schema {current}, newer than this Postern ({LATEST}): "
                "run a newer Postern or use another POSTERN_DB"
            )
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
        row = await self._fetch_one(f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
        return _game(row) if row else None

    async def live_game(self, channel_id: str) -> GameRow | None:
        """The lobby or active game of a channel, if any (one entry of the partial unique index)."""
        row = await self._fetch_one(
            f"SELECT {GAME_COLUMNS} FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')",
            (channel_id,),
        )
        return _game(row) if row else None

    async def latest_game(self, channel_id: str) -> GameRow | None:
        """The live game of a channel, else its most recently ended one: two index look-ups."""
        live = await self.live_game(channel_id)
        if live is not None:
            return live
        row = await self._fetch_one(
            f"SELECT {GAME_COLUMNS} FROM games WHERE channel_id = ? ORDER BY updated_at DESC LIMIT 1",
            (channel_id,),
        )
        return _game(row) if row else None

    async def games_in_guild(self, guild_id: str, limit: int = 25) -> list[GameRow]:
        """Live games first, then the most recently ended, each read from an index."""
        live = await self._fetch(
            f"SELECT {GAME_COLUMNS} FROM games WHERE guild_id = ? AND status IN ('lobby', 'active') "
            "ORDER BY updated_at DESC LIMIT ?",
            (guild_id, limit),
        )
        recent = await self._fetch(
            f"SELECT {GAME_COLUMNS} FROM games WHERE guild_id = ? ORDER BY updated_at DESC LIMIT ?",
            (guild_id, limit + len(live)),
        )
        return _live_first([_game(r) for r in (*live, *recent)], limit)

    async def games_of_user(self, user_id: str, limit: int = 25) -> list[GameRow]:
        """The user's games, live first: the seats index gives the games, sorted among themselves."""
        cols = ", ".join(f"g.{c.strip()}" for c in GAME_COLUMNS.split(","))
        rows = await self._fetch(
            f"SELECT {cols} FROM seats s JOIN games g ON g.id = s.game_id WHERE s.user_id = ? "
            "ORDER BY g.status IN ('lobby', 'active') DESC, g.updated_at DESC LIMIT ?",
            (user_id, limit),
        )
        return [_game(r) for r in rows]

    # ---- seats ---------------------------------------------------------------------------------
    async def seats(self, game_id: int) -> list[SeatRow]:
        rows = await self._fetch("SELECT seat, user_id, name FROM seats WHERE game_id = ? ORDER BY seat", (game_id,))
        return [SeatRow(int(r[0]), str(r[1]), str(r[2])) for r in rows]

    async def set_seats(
        self, game_id: int, version: int, seats: list[tuple[str, str]], *, host_id: str | None = None
    ) -> int:
        """Replace a lobby's seats (user id, name) in order, and the host with them if given.

        One transaction: a host who leaves hands the lobby over in the same commit that removes
        their seat, so no reader ever sees a host without a seat. Returns the new version.
        """
        fields = {} if host_id is None else {"host_id": host_id}
        async with self.transaction() as conn:
            await self._bump(game_id, version, **fields)
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
        return [_action(r) for r in await self._fetch(sql, params)]

    async def recent_actions(self, game_id: int, count: int) -> list[ActionRow]:
        rows = await self._fetch(
            "SELECT seq, seat, action, user_id, events, at FROM actions WHERE game_id = ? ORDER BY seq DESC LIMIT ?",
            (game_id, count),
        )
        return [_action(r) for r in reversed(rows)]

    async def action_count(self, game_id: int) -> int:
        row = await self._fetch_one("SELECT COUNT(*) FROM actions WHERE game_id = ?", (game_id,))
        return int(row[0]) if row else 0

    async def next_seq(self, game_id: int) -> int:
        """The sequence number the next logged action of the game gets."""
        row = await self._fetch_one("SELECT COALESCE(MAX(seq) + 1, 0) FROM actions WHERE game_id = ?", (game_id,))
        return int(row[0]) if row else 0


def _action(r: Any) -> ActionRow:
    return ActionRow(int(r[0]), int(r[1]), str(r[2]), r[3], json.loads(r[4]), float(r[5]))


def _live_first(rows: list[GameRow], limit: int) -> list[GameRow]:
    """Distinct games, live ones first, then the rest, each group newest first."""
    seen: dict[int, GameRow] = {}
    for row in rows:
        seen.setdefault(row.id, row)
    ordered = sorted(seen.values(), key=lambda r: (r.status not in ("lobby", "active"), -r.updated_at))
    return ordered[:limit]
