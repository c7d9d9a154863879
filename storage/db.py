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
target, a file path or a ``postgresql://`` URL, so callers never name one: each backend registers
itself (``Database.register``) and ``storage/__init__`` imports both, so this module imports
neither (no import circle).

The queries are grouped by verb family in mixins: ``storage.games`` (games, seats, moves, log),
``storage.clock_rows``, ``storage.schedule`` (due items, votes, marks), ``storage.people`` (user
and server settings), ``storage.moving`` (``python -m storage.copy``) and ``storage.records``.
The exceptions live in ``storage.base`` and the rows in ``storage.rows``; both are re-exported here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import Any

from storage.base import (
    _COMMITS,
    CommitUnknown,
    Conflict,
    StorageBusy,
    StorageError,
    Tx,
    commits,
    note_commit,
)
from storage.clock_rows import ClockCalls
from storage.games import GameCalls
from storage.migrations import LATEST
from storage.moving import MovingCalls
from storage.people import PeopleCalls
from storage.records import RecordCalls
from storage.rows import (
    GAME_COLUMNS,
    GAME_ITEM_SEAT,
    SEAT_CHANGE_COLUMNS,
    SEAT_COLUMNS,
    SERVER_COLUMNS,
    TOLD_PREFIX,
    USER_COLUMNS,
    ActionRow,
    Bank,
    ClockAnchor,
    DueItem,
    DueRecord,
    GameRow,
    NewAction,
    SeatChange,
    SeatEntry,
    SeatRow,
    ServerSettings,
    UserSettings,
    VoteRecord,
    _action,
    _due,
    _game,
    _live_first,
    _seat,
    _seat_change,
    _server,
    _user,
)
from storage.schedule import ScheduleCalls

__all__ = [
    "GAME_COLUMNS",
    "GAME_ITEM_SEAT",
    "SEAT_CHANGE_COLUMNS",
    "SEAT_COLUMNS",
    "SERVER_COLUMNS",
    "TOLD_PREFIX",
    "USER_COLUMNS",
    "_COMMITS",
    "ActionRow",
    "Bank",
    "ClockAnchor",
    "CommitUnknown",
    "Conflict",
    "Database",
    "DueItem",
    "DueRecord",
    "GameRow",
    "NewAction",
    "SeatChange",
    "SeatEntry",
    "SeatRow",
    "ServerSettings",
    "StorageBusy",
    "StorageError",
    "Tx",
    "UserSettings",
    "VoteRecord",
    "_action",
    "_due",
    "_game",
    "_live_first",
    "_seat",
    "_seat_change",
    "_server",
    "_user",
    "commits",
    "note_commit",
]


class Database(GameCalls, ClockCalls, ScheduleCalls, PeopleCalls, MovingCalls, RecordCalls):
    """The storage interface; ``Database(target)`` opens the backend the target names."""

    target: str
    integrity_errors: tuple[type[BaseException], ...] = ()
    """The backend's unique/foreign-key violations: a lost race, reported as ``Conflict``."""

    _backends: list[tuple[str, Callable[[str], bool], type[Database]]] = []
    """Registered backends in registration order: (kind, accepts a target?, class)."""
    _default: type[Database] | None = None

    @classmethod
    def register(cls, kind: str, predicate: Callable[[str], bool] | None, backend: type[Database]) -> None:
        """Make ``Database(target)`` open ``backend`` for targets ``predicate`` accepts; a backend
        registered with no predicate takes every target no other accepts (the SQLite file). Why a
        registry: the interface then never imports its backends, which import it."""
        if predicate is None:
            Database._default = backend
        else:
            Database._backends.append((kind, predicate, backend))

    @classmethod
    def backend_for(cls, target: str) -> type[Database]:
        """The registered backend for ``target``."""
        for _kind, accepts, backend in Database._backends:
            if accepts(target):
                return backend
        if Database._default is None:
            raise StorageError(f"no storage backend accepts {target} (import storage, which registers them)")
        return Database._default

    def __new__(cls, target: str | Path, *args: Any, **kwargs: Any) -> Database:
        if cls is Database:
            cls = Database.backend_for(str(target))
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

    async def _landed(self, game_id: int, act_id: str) -> bool:
        """After ``CommitUnknown``: whether the lost transaction that logged ``act_id`` committed.

        A backend whose COMMIT can lose its answer waits until that transaction has ended on the
        server before looking; raises ``CommitUnknown`` if it cannot find out."""
        return await self.act_done(act_id)

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

