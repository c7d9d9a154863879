"""The durable scheduler's rows: due items (claimed, leased, released), votes and once-only
marks (``table.scheduler``).

A mixin of ``storage.db.Database``: its queries are written once, in portable SQL with ``?``
placeholders, over the backend's ``_fetch``/``transaction``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from storage.rows import GAME_ITEM_SEAT, TOLD_PREFIX, DueItem, _due

if TYPE_CHECKING:
    from storage.base import Tx


class ScheduleCalls:
    """Mixed into ``Database`` (``storage.db``)."""

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
