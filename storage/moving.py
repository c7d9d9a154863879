"""Moving house (``python -m storage.copy``): reading everything in id order and writing a
game with its ids, schedule and settings to another database.

A mixin of ``storage.db.Database``: its queries are written once, in portable SQL with ``?``
placeholders, over the backend's ``_fetch``/``transaction``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING

from storage.rows import (
    GAME_COLUMNS,
    SEAT_CHANGE_COLUMNS,
    SERVER_COLUMNS,
    USER_COLUMNS,
    ActionRow,
    DueRecord,
    GameRow,
    SeatChange,
    SeatRow,
    ServerSettings,
    UserSettings,
    VoteRecord,
    _server,
    _user,
)

if TYPE_CHECKING:
    from storage.base import Tx


class MovingCalls:
    """Mixed into ``Database`` (``storage.db``)."""

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
