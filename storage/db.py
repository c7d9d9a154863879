"""Persistence of games, seats and the action log: one interface, two backends.

The action log is the truth; ``games.snapshot`` is a cache of the state after the last logged
action. A move is written in one transaction together with the snapshot, guarded by the
game's ``version``: a writer that read an older version changes nothing and gets ``Conflict``,
so two concurrent moves can never both apply to the same state — in one process or in several
sharing one database.

``Database`` holds every query, written once in portable SQL with ``?`` placeholders. A backend
supplies only connections, transactions and the translation of its dialect:
``storage.sqlite.SqliteDatabase`` (aiosqlite, the embedded default) and
``storage.postgres.PostgresDatabase`` (asyncpg). ``Database(target)`` picks the backend from the
target, a file path or a ``postgresql://`` URL, so callers never name one.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from storage.migrations import LATEST


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


def _game(row: Sequence[Any]) -> GameRow:
    values = list(row)
    values[4] = json.loads(values[4])
    return GameRow(*values)


class Tx(Protocol):
    """One open transaction of a backend: statements in portable SQL with ``?`` placeholders."""

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; the number of rows it changed."""
        ...

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None: ...

    async def insert(self, sql: str, params: Sequence[Any]) -> int:
        """Run an ``INSERT`` into a table with an ``id`` key; the new row's id."""
        ...


class Database:
    """The storage interface; ``Database(target)`` opens the backend the target names."""

    target: str
    integrity_errors: tuple[type[BaseException], ...] = ()
    """The backend's unique/foreign-key violations: a lost race, reported as ``Conflict``."""

    def __new__(cls, target: str | Path, *args: Any, **kwargs: Any) -> Database:
        if cls is Database:
            from storage.postgres import PostgresDatabase, is_postgres_url
            from storage.sqlite import SqliteDatabase

            cls = PostgresDatabase if is_postgres_url(str(target)) else SqliteDatabase
        return super().__new__(cls)

    # ---- what a backend provides ---------------------------------------------------------------
    async def open(self) -> Database:
        """Connect, check and migrate; ``StorageError`` (one clear line) if unusable."""
        raise NotImplementedError

    async def close(self) -> None:
        raise NotImplementedError

    def transaction(self) -> AbstractAsyncContextManager[Tx]:
        """A write transaction; ``StorageBusy`` (after rollback) if it could not be saved."""
        raise NotImplementedError

    async def _fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Sequence[Any]]:
        """Every row of one read."""
        raise NotImplementedError

    async def schema_version(self) -> int:
        raise NotImplementedError

    keeps_notes: bool = False
    """Whether the backend stores operational notes (``read_note``/``write_note``) itself. A
    server database shared by several processes does; SQLite keeps them in files beside it."""

    async def read_note(self, key: str) -> str | None:
        """An operational note (e.g. the hash of the last command sync), if the backend keeps notes."""
        return None

    async def write_note(self, key: str, value: str) -> None:
        raise NotImplementedError(f"{type(self).__name__} keeps no notes")

    # ---- shared ---------------------------------------------------------------------------------
    async def __aenter__(self) -> Database:
        return await self.open()

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def ping(self) -> None:
        """A trivial query (health checks): raises if the database does not answer."""
        await self._fetch("SELECT 1")

    async def _fetch_one(self, sql: str, params: Sequence[Any] = ()) -> Sequence[Any] | None:
        rows = await self._fetch(sql, params)
        return rows[0] if rows else None

    def _newer_schema(self, current: int) -> StorageError:
        return StorageError(
            f"the database {self.target} has schema {current}, newer than this Postern ({LATEST}): "
            "run a newer Postern or use another POSTERN_DB"
        )

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
            async with self.transaction() as tx:
                game_id = await tx.insert(
                    "INSERT INTO games (guild_id, channel_id, game, options, capacity, seed, status, host_id, locale,"
                    " created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 'lobby', ?, ?, ?, ?)",
                    (guild_id, channel_id, game, json.dumps(options), capacity, seed, host_id, locale, now, now),
                )
                await tx.execute(
                    "INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, 0, ?, ?)", (game_id, host_id, host_name)
                )
        except self.integrity_errors as err:
            raise Conflict("this channel already has a game") from err
        row = await self.game(game_id)
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

    async def live_games(self, guild_id: str | None = None) -> list[GameRow]:
        """Every lobby or active game in a server (all servers when ``guild_id`` is None; DM games
        excluded), for the adapter's checks that each game's channel still exists and is open."""
        # Read from the partial index of live games (never the whole table), sorted here.
        where = "guild_id = ?" if guild_id is not None else "guild_id IS NOT NULL"
        rows = await self._fetch(
            f"SELECT {GAME_COLUMNS} FROM games WHERE status IN ('lobby', 'active') AND {where}",
            (guild_id,) if guild_id is not None else (),
        )
        return sorted((_game(r) for r in rows), key=lambda g: g.id)

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

    async def live_counts(self) -> dict[str, int]:
        """Live games per game name (read from the partial index that holds live games only)."""
        rows = await self._fetch(
            "SELECT game, COUNT(*) FROM games WHERE status IN ('lobby', 'active') GROUP BY game"
        )
        return {str(r[0]): int(r[1]) for r in rows}

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
        async with self.transaction() as tx:
            await self._bump(tx, game_id, version, **fields)
            await self._write_seats(tx, game_id, seats)
        return version + 1

    @staticmethod
    async def _write_seats(tx: Tx, game_id: int, seats: list[tuple[str, str]]) -> None:
        """Inside a transaction: the game's seats become ``seats`` (user id, name), in order."""
        await tx.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
        await tx.executemany(
            "INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, ?, ?, ?)",
            [(game_id, i, uid, name) for i, (uid, name) in enumerate(seats)],
        )

    # ---- moves -------------------------------------------------------------------------------
    @staticmethod
    async def _bump(tx: Tx, game_id: int, version: int, **fields: Any) -> None:
        """The version guard: the row changes only if it is still at ``version``.

        On PostgreSQL a concurrent writer blocks on the row lock and then re-checks the ``WHERE``
        against the committed row, so across processes exactly one writer per version wins.
        """
        sets = ", ".join([*(f"{k} = ?" for k in fields), "version = version + 1", "updated_at = ?"])
        changed = await tx.execute(
            f"UPDATE games SET {sets} WHERE id = ? AND version = ?",
            (*fields.values(), time.time(), game_id, version),
        )
        if changed != 1:
            raise Conflict("the game changed meanwhile")

    async def commit_moves(
        self,
        game_id: int,
        version: int,
        first_seq: int,
        actions: list[NewAction],
        snapshot: str,
        status: str,
        seats: list[tuple[str, str]] | None = None,
    ) -> int:
        """Append ``actions`` from ``first_seq`` and store the snapshot, atomically.

        ``seats`` (user id, name in seat order) replaces the seats in the same transaction (the
        seat order drawn at the start). Raises ``Conflict`` (and writes nothing) if the game is no
        longer at ``version``. Returns the new version.
        """
        now = time.time()
        try:
            async with self.transaction() as tx:
                await self._bump(tx, game_id, version, snapshot=snapshot, status=status)
                if seats is not None:
                    await self._write_seats(tx, game_id, seats)
                await tx.executemany(
                    "INSERT INTO actions (game_id, seq, seat, action, user_id, events, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    [
                        (game_id, first_seq + i, a.seat, a.action, a.user_id, json.dumps(a.events), now)
                        for i, a in enumerate(actions)
                    ],
                )
        except self.integrity_errors as err:
            raise Conflict("the action log changed meanwhile") from err
        return version + 1

    async def set_status(self, game_id: int, version: int, status: str, **fields: Any) -> int:
        async with self.transaction() as tx:
            await self._bump(tx, game_id, version, status=status, **fields)
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

    async def acted_since(self, game_id: int, user_id: str, action: str, since: float) -> bool:
        """Whether ``user_id`` logged ``action`` in the game after ``since`` (a repeated command)."""
        row = await self._fetch_one(
            "SELECT 1 FROM actions WHERE game_id = ? AND user_id = ? AND action = ? AND at > ? LIMIT 1",
            (game_id, user_id, action, since),
        )
        return row is not None

    async def action_count(self, game_id: int) -> int:
        row = await self._fetch_one("SELECT COUNT(*) FROM actions WHERE game_id = ?", (game_id,))
        return int(row[0]) if row else 0

    async def next_seq(self, game_id: int) -> int:
        """The sequence number the next logged action of the game gets."""
        row = await self._fetch_one("SELECT COALESCE(MAX(seq) + 1, 0) FROM actions WHERE game_id = ?", (game_id,))
        return int(row[0]) if row else 0

    # ---- moving house (``python -m storage.copy``) ---------------------------------------------------
    async def game_ids_after(self, after: int, limit: int = 500) -> list[int]:
        """Game ids above ``after`` in order, a page at a time (a range of the primary key)."""
        rows = await self._fetch("SELECT id FROM games WHERE id > ? ORDER BY id LIMIT ?", (after, limit))
        return [int(r[0]) for r in rows]

    async def put_game(self, row: GameRow, seats: list[SeatRow], actions: list[ActionRow]) -> None:
        """Write a game exactly as given (same id, version and log), replacing any copy of it.

        One transaction, so a copy interrupted half-way leaves each game either whole or absent.
        """
        async with self.transaction() as tx:
            await tx.execute("DELETE FROM actions WHERE game_id = ?", (row.id,))
            await tx.execute("DELETE FROM seats WHERE game_id = ?", (row.id,))
            await tx.execute("DELETE FROM games WHERE id = ?", (row.id,))
            await tx.execute(
                f"INSERT INTO games ({GAME_COLUMNS}) VALUES ({', '.join('?' * len(GAME_COLUMNS.split(',')))})",
                (
                    row.id, row.guild_id, row.channel_id, row.game, json.dumps(row.options), row.capacity, row.seed,
                    row.status, row.version, row.snapshot, row.host_id, row.locale, row.created_at, row.updated_at,
                ),
            )
            await tx.executemany(
                "INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, ?, ?, ?)",
                [(row.id, s.seat, s.user_id, s.name) for s in seats],
            )
            await tx.executemany(
                "INSERT INTO actions (game_id, seq, seat, action, user_id, events, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                [(row.id, a.seq, a.seat, a.action, a.user_id, json.dumps(a.events), a.at) for a in actions],
            )
            await self._after_explicit_ids(tx)

    async def _after_explicit_ids(self, tx: Tx) -> None:
        """Hook for backends whose id generator must learn about explicitly written ids."""


def _action(r: Sequence[Any]) -> ActionRow:
    return ActionRow(int(r[0]), int(r[1]), str(r[2]), r[3], json.loads(r[4]), float(r[5]))


def _live_first(rows: list[GameRow], limit: int) -> list[GameRow]:
    """Distinct games, live ones first, then the rest, each group newest first."""
    seen: dict[int, GameRow] = {}
    for row in rows:
        seen.setdefault(row.id, row)
    ordered = sorted(seen.values(), key=lambda r: (r.status not in ("lobby", "active"), -r.updated_at))
    return ordered[:limit]
