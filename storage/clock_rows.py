"""The durable game time (``table.clock``): the anchor every process reads game time from.

A mixin of ``storage.db.Database``: its queries are written once, in portable SQL with ``?``
placeholders, over the backend's ``_fetch``/``transaction``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from storage.rows import ClockAnchor

if TYPE_CHECKING:
    pass


class ClockCalls:
    """Mixed into ``Database`` (``storage.db``)."""

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
