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
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from storage.migrations import LATEST
from storage.records import RecordCalls

_COMMITS: ContextVar[int] = ContextVar("postern_commits", default=0)


def note_commit() -> None:
    """Count one committed transaction in the current context (called by the backends)."""
    _COMMITS.set(_COMMITS.get() + 1)


def commits() -> int:
    """Transactions committed so far in the current context (the running command's task).

    Why: a command that fails *after* a commit must not tell its player that nothing changed;
    comparing this before and after tells "nothing was applied" from "saved, then failed"."""
    return _COMMITS.get()


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


class CommitUnknown(StorageError):
    """The connection was lost while COMMIT was on its way: the write may or may not have landed.

    Never reported as "nothing was applied" (the player would repeat a move that counted): a
    move is looked up by its act id on a fresh connection (``Database.commit_moves``), and only
    when even that fails does the caller hear that the outcome is unknown.
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
    kind: str = "human"
    """``human`` or ``bot``: the table plays a bot seat itself, on that seat's view only."""
    bot_level: str | None = None
    bank_left: float | None = None
    """Seconds left in the seat's turn bank (``None``: the table has no timer)."""
    turn_began: float | None = None
    """Game time at which the bank started running (``None``: the seat is not to act)."""
    turn_gain: float | None = None
    """What the bank gained when the seat's current turn began (an undo of that turn takes it back)."""

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"


SEAT_COLUMNS = "seat, user_id, name, kind, bot_level, bank_left, turn_began, turn_gain"


def _seat(r: Sequence[Any]) -> SeatRow:
    return SeatRow(
        int(r[0]), str(r[1]), str(r[2]), str(r[3]), r[4],
        None if r[5] is None else float(r[5]), None if r[6] is None else float(r[6]),
        None if r[7] is None else float(r[7]),
    )


@dataclass(frozen=True)
class SeatChange:
    """A seat that changed hands in a started game, and who held it before.

    The seats table keeps only today's holder; these records keep the earlier ones, so the log can
    be read with the names of the players who made each move (``table.holders``)."""

    seat: int
    from_seq: int
    """The first action sequence number logged after the change: earlier actions were the
    holder's below (an undo past the change lowers it, as the taken-back numbers are reused)."""
    user_id: str
    name: str
    kind: str
    bot_level: str | None
    version: int
    """The game version the change produced: later changes have higher ones."""
    at: float


SEAT_CHANGE_COLUMNS = "seat, from_seq, user_id, name, kind, bot_level, version, at"


def _seat_change(r: Sequence[Any]) -> SeatChange:
    return SeatChange(int(r[0]), int(r[1]), str(r[2]), str(r[3]), str(r[4]), r[5], int(r[6]), float(r[7]))


SeatEntry = tuple[str, str] | SeatRow
"""A seat to write: ``(user id, name)`` for a human without a bank, or a whole ``SeatRow``."""


@dataclass(frozen=True)
class Bank:
    """One seat's turn bank after a move: seconds left and when its running began (or ``None``)."""

    seat: int
    left: float
    began: float | None
    gain: float = 0.0
    """What the bank gained when the seat's current turn began (0 when none is running)."""


@dataclass(frozen=True)
class UserSettings:
    """A player's own settings: reminders, quiet hours (minutes after local midnight), language
    and away mode. The defaults are what a user who never opened ``/me settings`` gets."""

    user_id: str
    reminders: bool = True
    quiet_start: int | None = None
    quiet_end: int | None = None
    time_zone: str = "UTC"
    locale: str | None = None
    away_until: float | None = None
    away_window_start: float | None = None
    away_days_used: int = 0
    client_locale: str | None = None
    """The language of the user's Discord client at their last command (``None``: never seen)."""

    def dm_locale(self, fallback: str) -> str:
        """The language of a DM to this user: the one they chose, else their client's, else
        ``fallback`` (the game's)."""
        return self.locale or self.client_locale or fallback


USER_COLUMNS = (
    "user_id, reminders, quiet_start, quiet_end, time_zone, locale, away_until, away_window_start, away_days_used,"
    " client_locale"
)


@dataclass(frozen=True)
class ServerSettings:
    """A server's defaults, set with ``/settings`` (Manage Server). The defaults are what a server
    that never opened ``/settings`` gets: Postern's timer, a thread per game, the server's own
    Discord language for channel posts."""

    guild_id: str
    timer: str | None = None
    """Default turn timer of new tables (a key of ``table.timer.SECONDS``); ``None``: Postern's."""
    threads: bool = True
    """Whether ``/game new`` in a text channel opens the game in a new thread."""
    locale: str | None = None
    """Language of the channel posts of new games; ``None``: the server's Discord language."""


SERVER_COLUMNS = "guild_id, timer, threads, locale"


def _server(r: Sequence[Any]) -> ServerSettings:
    return ServerSettings(str(r[0]), r[1], bool(r[2]), r[3])


def _user(row: Sequence[Any]) -> UserSettings:
    return UserSettings(
        str(row[0]), bool(row[1]),
        None if row[2] is None else int(row[2]), None if row[3] is None else int(row[3]),
        str(row[4]), row[5],
        None if row[6] is None else float(row[6]), None if row[7] is None else float(row[7]), int(row[8]),
        row[9],
    )


DueRecord = tuple[int, str, int, float, float | None, int | None]
"""A due item as copied between databases: (seat, kind, turn, due time, done time or ``None``,
the game version it was written at or ``None``)."""
VoteRecord = tuple[int, int, str, str, float]
"""A vote as copied between databases: (seat, turn, voter, choice, time)."""


GAME_ITEM_SEAT = -1
"""The ``seat`` of a due item that belongs to the whole game, not to one seat (an announcement of
logged actions, ``table.announce``): its ``turn`` is the first action sequence number it covers,
so an undo that deletes those actions deletes the item too, and its ``version`` the game version
the commit that logged them produced."""


TOLD_PREFIX = "told:"
"""The kind prefix of a due item that owes the table a notice of a decision already taken (a
vote's outcome): written in the deciding transaction, closed only when the post went out, and
never closed by a later move of the seat or the game's end (``_close_due``)."""


@dataclass(frozen=True)
class DueItem:
    """A durable due time: a reminder or an expiry of one seat's turn (``turn`` = the log position
    at which that turn began, so each turn has its own items), or an item of the whole game
    (``GAME_ITEM_SEAT``)."""

    id: int
    game_id: int
    seat: int
    kind: str
    turn: int
    due_at: float
    version: int | None = None
    """The game version the item was written at (announcements; ``None`` for the others)."""


@dataclass(frozen=True)
class ActionRow:
    seq: int
    seat: int
    action: str
    user_id: str | None
    events: list[dict[str, Any]]
    at: float
    game_at: float | None = None
    """The game time the action was logged at (``table.clock``); ``None`` for actions logged
    before migration 8."""


@dataclass(frozen=True)
class ClockAnchor:
    """Durable game time (``table.clock``): game time ``game_at`` at wall time ``wall_at``, running
    ``scale`` times faster than the wall clock since."""

    scale: float
    wall_at: float
    game_at: float


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


class Database(RecordCalls):
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

    async def games_of_user(self, user_id: str, limit: int = 25, also: Sequence[str] = ()) -> list[GameRow]:
        """The user's games, live first: the seats index gives the games, sorted among themselves.
        ``also``: more seat owners that count as the user (a bot holding the user's seat)."""
        cols = ", ".join(f"g.{c.strip()}" for c in GAME_COLUMNS.split(","))
        owners = [user_id, *also]
        marks = ", ".join("?" for _ in owners)
        rows = await self._fetch(
            f"SELECT {cols} FROM seats s JOIN games g ON g.id = s.game_id WHERE s.user_id IN ({marks}) "
            "ORDER BY g.status IN ('lobby', 'active') DESC, g.updated_at DESC LIMIT ?",
            (*owners, limit),
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
        rows = await self._fetch(f"SELECT {SEAT_COLUMNS} FROM seats WHERE game_id = ? ORDER BY seat", (game_id,))
        return [_seat(r) for r in rows]

    async def set_seats(
        self, game_id: int, version: int, seats: Sequence[SeatEntry], *, host_id: str | None = None
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
    async def _write_seats(tx: Tx, game_id: int, seats: Sequence[SeatEntry]) -> None:
        """Inside a transaction: the game's seats become ``seats``, in order (a ``SeatRow`` keeps
        its kind, bot level and bank; a pair is a human without a bank)."""
        await tx.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
        rows = []
        for i, entry in enumerate(seats):
            s = entry if isinstance(entry, SeatRow) else SeatRow(i, entry[0], entry[1])
            rows.append((game_id, i, s.user_id, s.name, s.kind, s.bot_level, s.bank_left, s.turn_began, s.turn_gain))
        await tx.executemany(
            "INSERT INTO seats (game_id, seat, user_id, name, kind, bot_level, bank_left, turn_began, turn_gain)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            rows,
        )

    async def replace_seat(self, game_id: int, version: int, seat: SeatRow, *, host_id: str | None = None) -> int:
        """One seat gets another occupant (a substitute, a bot, the player back from a bot),
        keeping its bank; version-guarded like a move. The occupant before is kept as a
        ``SeatChange``. Returns the new version."""
        fields = {} if host_id is None else {"host_id": host_id}
        try:
            async with self.transaction() as tx:
                await self._bump(tx, game_id, version, **fields)
                await self._keep_holders(tx, game_id, version + 1, [seat.seat])
                await tx.execute(
                    "UPDATE seats SET user_id = ?, name = ?, kind = ?, bot_level = ? WHERE game_id = ? AND seat = ?",
                    (seat.user_id, seat.name, seat.kind, seat.bot_level, game_id, seat.seat),
                )
        except self.integrity_errors as err:
            raise Conflict("that user already has a seat here") from err
        return version + 1

    async def set_banks(
        self,
        game_id: int,
        version: int,
        banks: Sequence[Bank],
        due: Sequence[tuple[int, str, int, float]] = (),
        ended: Sequence[int] = (),
        host_id: str | None = None,
    ) -> int:
        """Change turn banks outside a move (away mode, a player back from a bot), with their due
        items, and the host with them if given; version-guarded like a move. Returns the new version."""
        fields = {} if host_id is None else {"host_id": host_id}
        async with self.transaction() as tx:
            await self._bump(tx, game_id, version, **fields)
            await self._write_banks(tx, game_id, banks)
            await self._close_due(tx, game_id, time.time(), ended)
            await self._add_due(tx, game_id, due)
        return version + 1

    @staticmethod
    async def _keep_holders(tx: Tx, game_id: int, version: int, seats: Sequence[int]) -> None:
        """Inside a transaction, before ``seats`` get new holders: record their holders now as
        ``SeatChange`` rows of the change that produces ``version``. Nothing is recorded before the
        first logged action (a lobby): no line of the log could be named after that holder."""
        await tx.executemany(
            f"INSERT INTO seat_changes (game_id, {SEAT_CHANGE_COLUMNS})"
            " SELECT s.game_id, s.seat, (SELECT MAX(a.seq) + 1 FROM actions a WHERE a.game_id = s.game_id),"
            " s.user_id, s.name, s.kind, s.bot_level, ?, ?"
            " FROM seats s WHERE s.game_id = ? AND s.seat = ?"
            " AND EXISTS (SELECT 1 FROM actions a WHERE a.game_id = s.game_id)",
            [(version, time.time(), game_id, seat) for seat in seats],
        )

    async def seat_changes(self, game_id: int) -> list[SeatChange]:
        """Every recorded change of a seat's holder in the game, oldest first."""
        rows = await self._fetch(
            f"SELECT {SEAT_CHANGE_COLUMNS} FROM seat_changes WHERE game_id = ? ORDER BY version, seat", (game_id,)
        )
        return [_seat_change(r) for r in rows]

    @staticmethod
    async def _write_banks(tx: Tx, game_id: int, banks: Sequence[Bank]) -> None:
        await tx.executemany(
            "UPDATE seats SET bank_left = ?, turn_began = ?, turn_gain = ? WHERE game_id = ? AND seat = ?",
            [(b.left, b.began, b.gain, game_id, b.seat) for b in banks],
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
        seats: Sequence[SeatEntry] | None = None,
        banks: Sequence[Bank] = (),
        due: Sequence[tuple[int, str, int, float]] = (),
        ended: Sequence[int] = (),
        handed_over: Sequence[int] = (),
        game_time: float | None = None,
        act_id: str | None = None,
    ) -> int:
        """Append ``actions`` from ``first_seq`` and store the snapshot, atomically.

        ``seats`` (user id, name in seat order) replaces the seats in the same transaction (the
        seat order drawn at the start, a bot taking a seat); ``handed_over``: the seats among them
        that change hands, whose holders before are kept (``SeatChange``); ``banks`` are the turn
        banks after the move; ``due`` (seat, kind, turn, due time) are new due items; the pending
        items of the ``ended`` seats (whose turns this move ended) close, and all of them once the
        game is no longer active; ``game_time``: the game time the actions are logged at. Raises
        ``Conflict`` (and writes nothing) if the game is no longer at ``version``. Returns the new version.

        ``act_id`` (the command's unique id, from the adapter) is stored with the first action.
        If the commit's answer is lost (``CommitUnknown``) the action is looked up by it: found,
        the move counts (returns as usual); proven absent, ``StorageBusy`` (nothing applied).
        """
        now = time.time()
        try:
            async with self.transaction() as tx:
                await self._bump(tx, game_id, version, snapshot=snapshot, status=status)
                await self._keep_holders(tx, game_id, version + 1, handed_over)
                if seats is not None:
                    await self._write_seats(tx, game_id, seats)
                if banks:
                    await self._write_banks(tx, game_id, banks)
                await self._close_due(tx, game_id, now, None if status != "active" else ended)
                await self._add_due(tx, game_id, due, version + 1)
                await tx.executemany(
                    "INSERT INTO actions (game_id, seq, seat, action, user_id, events, at, game_at, act_id)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    [
                        (game_id, first_seq + i, a.seat, a.action, a.user_id, json.dumps(a.events), now, game_time,
                         act_id if i == 0 else None)
                        for i, a in enumerate(actions)
                    ],
                )
        except self.integrity_errors as err:
            raise Conflict("the action log changed meanwhile") from err
        except CommitUnknown as err:
            if act_id is None:
                raise
            if not await self._landed(game_id, act_id):
                raise StorageBusy(f"the connection was lost before the move was saved ({err})") from err
            note_commit()  # it did land: a failure after this must not be told as "nothing changed"
        return version + 1

    async def act_done(self, act_id: str) -> bool:
        """Whether a command with this id already logged its action (a retry is "already done")."""
        return await self._fetch_one("SELECT 1 FROM actions WHERE act_id = ?", (act_id,)) is not None

    async def set_status(self, game_id: int, version: int, status: str, **fields: Any) -> int:
        async with self.transaction() as tx:
            await self._bump(tx, game_id, version, status=status, **fields)
        return version + 1

    async def actions(self, game_id: int, after: int = -1, limit: int | None = None) -> list[ActionRow]:
        sql = "SELECT seq, seat, action, user_id, events, at, game_at FROM actions WHERE game_id = ? AND seq > ? ORDER BY seq"
        params: tuple[Any, ...] = (game_id, after)
        if limit is not None:
            sql += " LIMIT ?"
            params = (*params, limit)
        return [_action(r) for r in await self._fetch(sql, params)]

    async def recent_actions(self, game_id: int, count: int) -> list[ActionRow]:
        rows = await self._fetch(
            "SELECT seq, seat, action, user_id, events, at, game_at FROM actions WHERE game_id = ? ORDER BY seq DESC LIMIT ?",
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

    async def decisions_of(self, game_id: int, seat: int) -> int:
        """How many decisions ``seat`` has logged in the game (taken-back ones no longer count)."""
        row = await self._fetch_one("SELECT COUNT(*) FROM actions WHERE game_id = ? AND seat = ?", (game_id, seat))
        return int(row[0]) if row is not None else 0

    async def action_count(self, game_id: int) -> int:
        row = await self._fetch_one("SELECT COUNT(*) FROM actions WHERE game_id = ?", (game_id,))
        return int(row[0]) if row else 0

    async def next_seq(self, game_id: int) -> int:
        """The sequence number the next logged action of the game gets."""
        row = await self._fetch_one("SELECT COALESCE(MAX(seq) + 1, 0) FROM actions WHERE game_id = ?", (game_id,))
        return int(row[0]) if row else 0

    async def truncate_log(
        self,
        game_id: int,
        version: int,
        keep: int,
        snapshot: str,
        banks: Sequence[Bank] = (),
        due: Sequence[tuple[int, str, int, float]] = (),
        ended: Sequence[int] = (),
    ) -> int:
        """Drop every logged action from ``keep`` on and store the rebuilt snapshot (an undo).

        Version-guarded in the same transaction, so an undo and a concurrent move never both
        apply: whichever commits second finds the version moved and changes nothing. Banks and
        due items change as in ``commit_moves``.
        """
        async with self.transaction() as tx:
            await self._bump(tx, game_id, version, snapshot=snapshot, status="active")
            await tx.execute("DELETE FROM actions WHERE game_id = ? AND seq >= ?", (game_id, keep))
            # Items of the whole game name the actions they cover: those actions are gone, and
            # their sequence numbers will be logged again for other actions.
            await tx.execute(
                "DELETE FROM due_items WHERE game_id = ? AND seat = ? AND turn >= ?", (game_id, GAME_ITEM_SEAT, keep)
            )
            # A seat that changed hands after the kept actions did so before whatever is logged next.
            await tx.execute(
                "UPDATE seat_changes SET from_seq = ? WHERE game_id = ? AND from_seq > ?", (keep, game_id, keep)
            )
            if banks:
                await self._write_banks(tx, game_id, banks)
            await self._close_due(tx, game_id, time.time(), ended)
            await self._add_due(tx, game_id, due)
        return version + 1

    # ---- durable game time (table.clock) ----------------------------------------------------------
    async def game_clock(self) -> ClockAnchor | None:
        """The database's game time anchor, or ``None`` before any process kept one."""
        row = await self._fetch_one("SELECT scale, wall_at, game_at FROM game_clock WHERE id = 1")
        return None if row is None else ClockAnchor(float(row[0]), float(row[1]), float(row[2]))

    async def anchor_clock(self, anchor: ClockAnchor, *, replace: bool = False) -> ClockAnchor:
        """Keep ``anchor`` as the game time of every process, and return the one kept.

        Without ``replace`` the first writer wins: processes starting together all end up with
        the anchor of whichever wrote first, so they agree on game time."""
        action = "UPDATE SET scale = EXCLUDED.scale, wall_at = EXCLUDED.wall_at, game_at = EXCLUDED.game_at"
        async with self.transaction() as tx:
            await tx.execute(
                "INSERT INTO game_clock (id, scale, wall_at, game_at) VALUES (1, ?, ?, ?)"
                f" ON CONFLICT (id) DO {action if replace else 'NOTHING'}",
                (anchor.scale, anchor.wall_at, anchor.game_at),
            )
        kept = await self.game_clock()
        assert kept is not None
        return kept

    async def advance_clock(self, seconds: float) -> ClockAnchor | None:
        """Move the kept game time forward by ``seconds`` for every process (the console's
        ``wait``), in one statement so two advances never lose one; the anchor after it."""
        async with self.transaction() as tx:
            await tx.execute("UPDATE game_clock SET game_at = game_at + ? WHERE id = 1", (seconds,))
        return await self.game_clock()

    # ---- the durable scheduler -----------------------------------------------------------------
    @staticmethod
    async def _close_due(tx: Tx, game_id: int, now: float, seats: Sequence[int] | None = None) -> None:
        """Close pending items of ``seats`` (every seat when ``None``; the items of the whole game
        stay: a finished game's last moves are still owed their announcement). A notice of a
        decision (kind ``told:…``, ``table.notices``) stays too: a seat's next move, or the
        game's end, must not swallow the post that tells the table what was decided."""
        if seats is None:
            await tx.execute(
                "UPDATE due_items SET done_at = ? WHERE game_id = ? AND done_at IS NULL AND seat <> ?"
                f" AND kind NOT LIKE '{TOLD_PREFIX}%'",
                (now, game_id, GAME_ITEM_SEAT),
            )
            return
        for seat in seats:
            await tx.execute(
                "UPDATE due_items SET done_at = ? WHERE game_id = ? AND done_at IS NULL AND seat = ?"
                f" AND kind NOT LIKE '{TOLD_PREFIX}%'",
                (now, game_id, seat),
            )

    @staticmethod
    async def _add_due(tx: Tx, game_id: int, due: Sequence[tuple[Any, ...]], version: int | None = None) -> None:
        """Insert ``due`` items (seat, kind, turn, due time); the whole-game ones (``GAME_ITEM_SEAT``)
        carry ``version``, the game version this write produces."""
        if due:
            await tx.executemany(
                "INSERT INTO due_items (game_id, seat, kind, turn, due_at, version) VALUES (?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (game_id, seat, kind, turn) DO NOTHING",
                [
                    (game_id, seat, kind, turn, due_at, version if seat == GAME_ITEM_SEAT else None)
                    for seat, kind, turn, due_at in due
                ],
            )

    async def add_due(self, game_id: int, seat: int, kind: str, turn: int, due_at: float) -> None:
        """Schedule one item; scheduling the same (game, seat, kind, turn) again changes nothing."""
        async with self.transaction() as tx:
            await self._add_due(tx, game_id, [(seat, kind, turn, due_at)])

    async def due_items(self, now: float, limit: int = 500) -> list[DueItem]:
        """Pending items due by ``now``, earliest first (read from the index of pending items)."""
        rows = await self._fetch(
            "SELECT id, game_id, seat, kind, turn, due_at, version FROM due_items WHERE done_at IS NULL AND due_at <= ?"
            " ORDER BY due_at LIMIT ?",
            (now, limit),
        )
        return [_due(r) for r in rows]

    async def pending_due(self, game_id: int) -> list[DueItem]:
        """A game's pending items, whenever due."""
        rows = await self._fetch(
            "SELECT id, game_id, seat, kind, turn, due_at, version FROM due_items WHERE game_id = ? AND done_at IS NULL",
            (game_id,),
        )
        return sorted((_due(r) for r in rows), key=lambda d: (d.due_at, d.id))

    async def claim_due(self, item_id: int, now: float) -> bool:
        """Mark one item done; True only for the one caller that marked it (no item acts twice)."""
        async with self.transaction() as tx:
            changed = await tx.execute(
                "UPDATE due_items SET done_at = ? WHERE id = ? AND done_at IS NULL", (now, item_id)
            )
        return changed == 1

    async def release_due(self, item_id: int, claimed_at: float, due_at: float) -> bool:
        """Acting on an item failed: it is due again at ``due_at`` — reopened if this caller had
        claimed it at ``claimed_at``, postponed if nobody had. An item claimed by anyone else (at
        another time) stays closed."""
        async with self.transaction() as tx:
            changed = await tx.execute(
                "UPDATE due_items SET done_at = NULL, due_at = ? WHERE id = ? AND (done_at IS NULL OR done_at = ?)",
                (due_at, item_id, claimed_at),
            )
        return changed == 1

    async def lease_due(self, item_id: int, due_at: float, until: float) -> bool:
        """Take a pending item for a while without closing it: it comes due again at ``until``
        unless closed before. True only for the one caller that found it still due at ``due_at``
        (two processes never both take it)."""
        async with self.transaction() as tx:
            changed = await tx.execute(
                "UPDATE due_items SET due_at = ? WHERE id = ? AND done_at IS NULL AND due_at = ?",
                (until, item_id, due_at),
            )
        return changed == 1

    async def drop_game_items(self, game_id: int, kind: str, version: int, upto: int, first: int | None = None) -> int:
        """Delete the pending whole-game items of ``kind`` a post covered (they are worth nothing
        once done, and a game writes one per move): those written at a version up to ``version``
        with a ``turn`` up to ``upto`` — or, given ``first``, only the one with that ``turn``
        written at exactly ``version``. How many went."""
        if first is None:
            sql, params = "version <= ? AND turn <= ?", (version, upto)
        else:
            sql, params = "version = ? AND turn = ?", (version, first)
        async with self.transaction() as tx:
            return await tx.execute(
                f"DELETE FROM due_items WHERE game_id = ? AND seat = ? AND kind = ? AND done_at IS NULL AND {sql}",
                (game_id, GAME_ITEM_SEAT, kind, *params),
            )

    async def postpone_due(self, item_id: int, due_at: float) -> None:
        """A pending item waits longer (a reminder due in quiet hours waits for them to end)."""
        async with self.transaction() as tx:
            await tx.execute(
                "UPDATE due_items SET due_at = ? WHERE id = ? AND done_at IS NULL", (due_at, item_id)
            )

    async def cast_vote(self, game_id: int, seat: int, turn: int, voter: str, choice: str, now: float) -> None:
        """Record (or change) one player's vote about a seat whose bank ran out."""
        async with self.transaction() as tx:
            await tx.execute(
                "INSERT INTO votes (game_id, seat, turn, voter, choice, at) VALUES (?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (game_id, seat, turn, voter) DO UPDATE SET choice = excluded.choice, at = excluded.at",
                (game_id, seat, turn, voter, choice, now),
            )

    async def votes(self, game_id: int, seat: int, turn: int) -> dict[str, str]:
        """Voter → choice for one vote."""
        rows = await self._fetch(
            "SELECT voter, choice FROM votes WHERE game_id = ? AND seat = ? AND turn = ?", (game_id, seat, turn)
        )
        return {str(r[0]): str(r[1]) for r in rows}

    # ---- user settings -------------------------------------------------------------------------
    async def user_settings(self, user_id: str) -> UserSettings:
        """The user's settings, or the defaults for a user who never changed any."""
        return (await self.users_settings([user_id]))[user_id]

    async def users_settings(self, user_ids: Sequence[str]) -> dict[str, UserSettings]:
        """The settings of several users in one read (a table needs every seat's away mode on
        each move); defaults for users who never changed any."""
        ids = list(dict.fromkeys(user_ids))
        found: dict[str, UserSettings] = {i: UserSettings(i) for i in ids}
        if not ids:
            return found
        marks = ", ".join("?" for _ in ids)
        for row in await self._fetch(f"SELECT {USER_COLUMNS} FROM user_settings WHERE user_id IN ({marks})", ids):
            found[str(row[0])] = _user(row)
        return found

    async def save_user_settings(self, settings: UserSettings) -> None:
        """Write the user's settings whole (insert or replace)."""
        async with self.transaction() as tx:
            await self._write_user(tx, settings)

    @staticmethod
    async def _write_user(tx: Tx, settings: UserSettings) -> None:
        s = settings
        values = (
            s.user_id, int(s.reminders), s.quiet_start, s.quiet_end, s.time_zone, s.locale,
            s.away_until, s.away_window_start, s.away_days_used, s.client_locale, time.time(),
        )
        updates = ", ".join(f"{c.strip()} = excluded.{c.strip()}" for c in USER_COLUMNS.split(",")[1:])
        await tx.execute(
            f"INSERT INTO user_settings ({USER_COLUMNS}, updated_at) VALUES ({', '.join('?' * len(values))})"
            f" ON CONFLICT (user_id) DO UPDATE SET {updates}, updated_at = excluded.updated_at",
            values,
        )

    async def note_client_locale(self, user_id: str, locale: str) -> None:
        """Remember the language the user's Discord client showed (``UserSettings.client_locale``);
        only that column changes, so a concurrent ``/me settings`` is never overwritten."""
        async with self.transaction() as tx:
            await tx.execute(
                "INSERT INTO user_settings (user_id, client_locale, updated_at) VALUES (?, ?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET client_locale = excluded.client_locale",
                (user_id, locale, time.time()),
            )

    async def away_periods(self, user_id: str, since: float = 0.0) -> list[tuple[float, float]]:
        """The user's away periods (start, end) that end after ``since``, oldest first."""
        rows = await self._fetch(
            "SELECT start, until FROM away_periods WHERE user_id = ? AND until > ? ORDER BY start", (user_id, since)
        )
        return [(float(r[0]), float(r[1])) for r in rows]

    async def save_away(self, settings: UserSettings, start: float, until: float) -> None:
        """The user's settings and one away period (new, lengthened or cut short), together."""
        async with self.transaction() as tx:
            await self._write_user(tx, settings)
            await tx.execute(
                "INSERT INTO away_periods (user_id, start, until) VALUES (?, ?, ?)"
                " ON CONFLICT (user_id, start) DO UPDATE SET until = excluded.until",
                (settings.user_id, start, until),
            )

    async def put_away_periods(self, user_id: str, periods: Sequence[tuple[float, float]]) -> None:
        """Replace the user's away periods (copying a database)."""
        async with self.transaction() as tx:
            await tx.execute("DELETE FROM away_periods WHERE user_id = ?", (user_id,))
            await tx.executemany(
                "INSERT INTO away_periods (user_id, start, until) VALUES (?, ?, ?)",
                [(user_id, start, until) for start, until in periods],
            )

    # ---- server settings -----------------------------------------------------------------------
    async def server_settings(self, guild_id: str) -> ServerSettings:
        """The server's settings, or the defaults for a server that never changed any."""
        row = await self._fetch_one(f"SELECT {SERVER_COLUMNS} FROM server_settings WHERE guild_id = ?", (guild_id,))
        return ServerSettings(guild_id) if row is None else _server(row)

    async def save_server_settings(self, settings: ServerSettings) -> None:
        """Write the server's settings whole (insert or replace)."""
        s = settings
        async with self.transaction() as tx:
            await tx.execute(
                f"INSERT INTO server_settings ({SERVER_COLUMNS}, updated_at) VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET timer = excluded.timer, threads = excluded.threads,"
                " locale = excluded.locale, updated_at = excluded.updated_at",
                (s.guild_id, s.timer, int(s.threads), s.locale, time.time()),
            )

    async def mark_once(self, game_id: int, seat: int, kind: str, turn: int, now: float) -> bool:
        """Record that something happened once for a seat's turn (e.g. the mention that stands in
        for a reminder when DMs are closed): True only for the first caller, in any process."""
        async with self.transaction() as tx:
            changed = await tx.execute(
                "INSERT INTO due_items (game_id, seat, kind, turn, due_at, done_at) VALUES (?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (game_id, seat, kind, turn) DO NOTHING",
                (game_id, seat, kind, turn, now, now),
            )
        return changed == 1

    # ---- moving house (``python -m storage.copy``) ---------------------------------------------------
    async def game_ids_after(self, after: int, limit: int = 500) -> list[int]:
        """Game ids above ``after`` in order, a page at a time (a range of the primary key)."""
        rows = await self._fetch("SELECT id FROM games WHERE id > ? ORDER BY id LIMIT ?", (after, limit))
        return [int(r[0]) for r in rows]

    async def user_settings_after(self, after: str, limit: int = 500) -> list[UserSettings]:
        """Users' settings with ids above ``after`` in order, a page at a time (by primary key)."""
        rows = await self._fetch(
            f"SELECT {USER_COLUMNS} FROM user_settings WHERE user_id > ? ORDER BY user_id LIMIT ?", (after, limit)
        )
        return [_user(r) for r in rows]

    async def server_settings_after(self, after: str, limit: int = 500) -> list[ServerSettings]:
        """Servers' settings with ids above ``after`` in order, a page at a time (by primary key)."""
        rows = await self._fetch(
            f"SELECT {SERVER_COLUMNS} FROM server_settings WHERE guild_id > ? ORDER BY guild_id LIMIT ?",
            (after, limit),
        )
        return [_server(r) for r in rows]

    async def schedule_of(self, game_id: int) -> tuple[list[DueRecord], list[VoteRecord]]:
        """A game's due items (pending and done) and votes, in a stable order, for copying."""
        due = await self._fetch(
            "SELECT seat, kind, turn, due_at, done_at, version FROM due_items WHERE game_id = ?", (game_id,)
        )
        votes = await self._fetch(
            "SELECT seat, turn, voter, choice, at FROM votes WHERE game_id = ?", (game_id,)
        )
        due_out: list[DueRecord] = sorted(
            (
                (int(r[0]), str(r[1]), int(r[2]), float(r[3]), None if r[4] is None else float(r[4]),
                 None if r[5] is None else int(r[5]))
                for r in due
            ),
            key=lambda d: (d[0], d[1], d[2], d[3], d[4] or 0.0, d[5] or 0),
        )
        vote_out: list[VoteRecord] = sorted((int(r[0]), int(r[1]), str(r[2]), str(r[3]), float(r[4])) for r in votes)
        return due_out, vote_out

    async def put_game(
        self,
        row: GameRow,
        seats: list[SeatRow],
        actions: list[ActionRow],
        due: Sequence[DueRecord] = (),
        votes: Sequence[VoteRecord] = (),
        seat_changes: Sequence[SeatChange] = (),
    ) -> None:
        """Write a game exactly as given (same id, version, log, due items, votes and seat
        changes), replacing any copy of it.

        One transaction, so a copy interrupted half-way leaves each game either whole or absent.
        """
        async with self.transaction() as tx:
            await tx.execute("DELETE FROM seat_changes WHERE game_id = ?", (row.id,))
            await tx.execute("DELETE FROM votes WHERE game_id = ?", (row.id,))
            await tx.execute("DELETE FROM due_items WHERE game_id = ?", (row.id,))
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
            await self._write_seats(tx, row.id, seats)
            await tx.executemany(
                "INSERT INTO actions (game_id, seq, seat, action, user_id, events, at, game_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [(row.id, a.seq, a.seat, a.action, a.user_id, json.dumps(a.events), a.at, a.game_at) for a in actions],
            )
            await tx.executemany(
                "INSERT INTO due_items (game_id, seat, kind, turn, due_at, done_at, version) VALUES (?, ?, ?, ?, ?, ?, ?)",
                [(row.id, *d) for d in due],
            )
            await tx.executemany(
                "INSERT INTO votes (game_id, seat, turn, voter, choice, at) VALUES (?, ?, ?, ?, ?, ?)",
                [(row.id, *v) for v in votes],
            )
            await tx.executemany(
                f"INSERT INTO seat_changes (game_id, {SEAT_CHANGE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (row.id, c.seat, c.from_seq, c.user_id, c.name, c.kind, c.bot_level, c.version, c.at)
                    for c in seat_changes
                ],
            )
            await self._after_explicit_ids(tx)

    async def _after_explicit_ids(self, tx: Tx) -> None:
        """Hook for backends whose id generator must learn about explicitly written ids."""


def _due(r: Sequence[Any]) -> DueItem:
    """A due item from ``id, game_id, seat, kind, turn, due_at, version``."""
    version = None if r[6] is None else int(r[6])
    return DueItem(int(r[0]), int(r[1]), int(r[2]), str(r[3]), int(r[4]), float(r[5]), version)


def _action(r: Sequence[Any]) -> ActionRow:
    return ActionRow(
        int(r[0]), int(r[1]), str(r[2]), r[3], json.loads(r[4]), float(r[5]), None if r[6] is None else float(r[6])
    )


def _live_first(rows: list[GameRow], limit: int) -> list[GameRow]:
    """Distinct games, live ones first, then the rest, each group newest first."""
    seen: dict[int, GameRow] = {}
    for row in rows:
        seen.setdefault(row.id, row)
    ordered = sorted(seen.values(), key=lambda r: (r.status not in ("lobby", "active"), -r.updated_at))
    return ordered[:limit]
