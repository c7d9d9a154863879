"""The embedded backend: SQLite through aiosqlite, in WAL mode. Nothing to install or run.

Writes go to one writer connection on aiosqlite's thread, one hand-over per statement. Reads do
not queue behind writes: they run on a separate read-only connection, directly on the event
loop's thread. Why there and not on a thread of their own: in WAL mode a reader never waits for
the writer (it sees every transaction committed before its statement began), every read is
indexed (a test checks every statement's plan) and costs ~20-50 µs, while handing a call to a
thread and back costs 0.1-0.4 ms of GIL traffic — per move, the reads were half of the storage
cost. Each read fetches all its rows and closes its cursor at once, with no ``await`` between, so
no read transaction stays open and checkpoints can keep the write-ahead log short.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from storage.db import Database, StorageBusy, StorageError, note_commit
from storage.migrations import LATEST, MIGRATIONS
from storage.targets import redact, url_scheme

T = TypeVar("T")

READERS = 1
"""Read-only connections beside the writer: 1 (reads on the loop's thread) or 0 (the writer
reads too, as an in-memory database must)."""

READ_BUSY_MS = 200
"""How long a read may wait on a lock. A WAL reader waits only in rare moments (recovering the
log after a crash); it runs on the event loop, so it must not wait for the writer's 5 s."""

CHECKPOINT_EVERY = 256
"""Commits between explicit passive checkpoints (SQLite's own auto-checkpoint still runs too)."""

WAL_LIMIT_BYTES = 32 * 1024 * 1024
"""``journal_size_limit``: after a checkpoint the WAL file is truncated back to this size."""


class _SqliteTx:
    """Statements of one write transaction on the writer connection.

    Each statement runs, reads its result and closes its cursor in one call on the connection's
    thread: every separate call is a hand-over between the event loop and that thread (~0.1 ms
    of GIL traffic each), and a move's commit issues a dozen statements.
    """

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        return int(await _on_thread(self.conn, _rowcount, sql, tuple(params)))

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        await _on_thread(self.conn, _executemany, sql, [tuple(r) for r in rows])

    async def insert(self, sql: str, params: Sequence[Any]) -> int:
        return int(await _on_thread(self.conn, _lastrowid, sql, tuple(params)) or 0)


def _rowcount(db: sqlite3.Connection, sql: str, params: tuple[Any, ...]) -> int:
    cursor = db.execute(sql, params)
    try:
        return cursor.rowcount
    finally:
        cursor.close()


def _lastrowid(db: sqlite3.Connection, sql: str, params: tuple[Any, ...]) -> int | None:
    cursor = db.execute(sql, params)
    try:
        return cursor.lastrowid
    finally:
        cursor.close()


def _executemany(db: sqlite3.Connection, sql: str, rows: list[tuple[Any, ...]]) -> None:
    db.executemany(sql, rows).close()


async def _on_thread(conn: aiosqlite.Connection, fn: Callable[..., T], *args: Any) -> T:
    """Run ``fn(sqlite3_connection, *args)`` on ``conn``'s own thread, in one hand-over.

    aiosqlite offers no public call for a whole step; ``_execute`` is the queue its own methods
    use (pinned version in requirements.txt; tests cover every statement kind through it).
    """
    return await conn._execute(lambda: fn(conn._conn, *args))


def check_path(path: str) -> None:
    """``StorageError`` (one line) for a target that cannot be a SQLite file, before anything is
    created: an empty setting (SQLite would open a private temporary database that vanishes), a
    URL of another database (``mysql://…`` would become folders named ``mysql:``), a folder, or
    something that is not a regular file."""
    if path == ":memory:":
        return
    if not path.strip():
        raise StorageError("the database setting is empty: give a SQLite file path or a postgresql:// URL")
    scheme = url_scheme(path)
    if scheme is not None:
        raise StorageError(
            f"the database {redact(path)} is a {scheme}: URL; Postern speaks SQLite (a file path) and"
            " PostgreSQL (postgresql://user:password@host:port/db) only"
        )
    target = Path(path)
    if target.is_dir():
        raise StorageError(f"the database {path} is a folder, not a file: name a file inside it, e.g. {target / 'postern.db'}")
    if target.exists() and not target.is_file():
        raise StorageError(f"the database {path} is not a regular file")


async def _connect(path: str) -> aiosqlite.Connection:
    """``aiosqlite.connect``, but a failure waits for aiosqlite's thread to end.

    Why: when the connection cannot be opened, aiosqlite stops its thread by queueing one last
    call whose answer is posted back to the event loop. If the caller returns (and ``asyncio.run``
    closes the loop) first, that thread dies printing a 20-line "Event loop is closed" traceback
    after our one-line error. Joining it (off the loop, which keeps running) lets it end quietly.
    """
    connection = aiosqlite.connect(path, isolation_level=None)
    try:
        return await connection
    except BaseException:
        await asyncio.to_thread(connection._thread.join, 5)
        raise


class SqliteDatabase(Database):
    """One writer connection (on aiosqlite's thread) and one read-only connection (on the event
    loop's thread) per process; writes take turns on the writer, since SQLite has one transaction
    per connection. See the module docstring for why reads skip the thread."""

    integrity_errors = (sqlite3.IntegrityError,)

    def __init__(self, path: str | Path, readers: int = READERS, busy_timeout_ms: int = 5000) -> None:
        self.path = self.target = str(path)
        self.busy_timeout_ms = busy_timeout_ms
        self._conn: aiosqlite.Connection | None = None
        self._tx_lock = asyncio.Lock()
        # An in-memory database is private to its connection: there, the writer also reads.
        self._reader_count = 0 if self.path == ":memory:" else readers
        self._reader: sqlite3.Connection | None = None
        self._commits = 0

    @property
    def conn(self) -> aiosqlite.Connection:
        """The writer connection (tests reach SQLite-only knobs through it)."""
        if self._conn is None:
            raise RuntimeError("database is not open")
        return self._conn

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[_SqliteTx]:
        """``BEGIN IMMEDIATE`` … ``COMMIT`` (``ROLLBACK`` on any error).

        Coroutines sharing this connection take turns, since SQLite has one transaction per
        connection; other connections (processes) wait on SQLite's own write lock. A database
        that is locked past the busy timeout, full or failing raises ``StorageBusy`` after the
        rollback, so the caller knows nothing was applied.
        """
        async with self._tx_lock:
            try:
                await _on_thread(self.conn, _rowcount, "BEGIN IMMEDIATE", ())
            except sqlite3.OperationalError as err:
                raise StorageBusy(f"could not start a write: {err}") from err
            try:
                yield _SqliteTx(self.conn)
                await _on_thread(self.conn, _rowcount, "COMMIT", ())
            except BaseException as err:
                # SQLite may have rolled back already (e.g. after SQLITE_FULL); nothing is applied.
                with contextlib.suppress(sqlite3.Error):
                    await self.conn.execute("ROLLBACK")
                if isinstance(err, sqlite3.OperationalError):
                    raise StorageBusy(f"could not save: {err}") from err
                raise
            note_commit()
            self._commits += 1
            if self._commits % CHECKPOINT_EVERY == 0:
                await self._checkpoint()

    async def _checkpoint(self) -> None:
        """A passive checkpoint: copies what it can without waiting for readers or writers."""
        # A busy checkpoint is simply retried after the next batch of commits.
        with contextlib.suppress(sqlite3.Error):
            await self.conn.execute("PRAGMA wal_checkpoint(PASSIVE)")

    async def _fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Sequence[Any]]:
        """Every row of one read, fetched in a single call so the cursor never outlives it."""
        if self._conn is None:
            raise RuntimeError("database is not open")
        if self._reader is None:
            return list(await self.conn.execute_fetchall(sql, tuple(params)))
        # Still a point where other tasks run, as every storage call was: a loop of reads must
        # not starve the writers or the gateway.
        await asyncio.sleep(0)
        cursor = self._reader.execute(sql, tuple(params))
        try:
            return cursor.fetchall()
        finally:
            cursor.close()

    async def open(self) -> SqliteDatabase:
        """Open, check and migrate; ``StorageError`` (one clear line) if the file is unusable.

        Every step runs inside the ``try``: a failure closes whatever was opened, so no aiosqlite
        thread is left behind to keep the process alive.
        """
        try:
            check_path(self.path)
            existed = self.path != ":memory:" and Path(self.path).exists()
            if self.path != ":memory:":
                Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            self._conn = await _connect(self.path)
            await self.conn.execute("PRAGMA journal_mode=WAL")
            await self.conn.execute("PRAGMA foreign_keys=ON")
            await self.conn.execute("PRAGMA synchronous=NORMAL")
            await self.conn.execute(f"PRAGMA busy_timeout={int(self.busy_timeout_ms)}")
            await self.conn.execute(f"PRAGMA journal_size_limit={WAL_LIMIT_BYTES}")
            if existed:
                await self._quick_check()
            await self.migrate()
            if self._reader_count:
                self._reader = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
                self._reader.execute(f"PRAGMA busy_timeout={READ_BUSY_MS}")
                self._reader.execute("PRAGMA query_only=ON")
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
        reader, self._reader = self._reader, None
        if reader is not None:
            reader.close()
        if self._conn is not None:
            await self._conn.close()
            self._conn = None

    async def schema_version(self) -> int:
        rows = list(await self.conn.execute_fetchall("PRAGMA user_version"))
        return int(rows[0][0]) if rows else 0

    async def migrate(self) -> None:
        """Apply every migration newer than the file's ``user_version``, each in a transaction."""
        current = await self.schema_version()
        if current > LATEST:
            raise self._newer_schema(current)
        for number in range(current + 1, LATEST + 1):
            async with self.transaction() as tx:
                for statement in MIGRATIONS[number - 1].split(";"):
                    if statement.strip():
                        await tx.execute(statement)
                await tx.execute(f"PRAGMA user_version={number}")


Database.register("sqlite", None, SqliteDatabase)
