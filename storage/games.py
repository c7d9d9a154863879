"""Games, their seats and banks, and the action log: creating a game, committing moves (the
version-guarded transaction), seat changes and undo.

A mixin of ``storage.db.Database``: its queries are written once, in portable SQL with ``?``
placeholders, over the backend's ``_fetch``/``transaction``.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from storage.base import CommitUnknown, Conflict, StorageBusy, note_commit
from storage.rows import (
    GAME_COLUMNS,
    GAME_ITEM_SEAT,
    SEAT_CHANGE_COLUMNS,
    SEAT_COLUMNS,
    ActionRow,
    Bank,
    GameRow,
    NewAction,
    SeatChange,
    SeatEntry,
    SeatRow,
    _action,
    _game,
    _live_first,
    _seat,
    _seat_change,
)

if TYPE_CHECKING:
    from storage.base import Tx


class GameCalls:
    """Mixed into ``Database`` (``storage.db``)."""

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
