"""Announcing actions: which log entries a result's post announces, marking them announced once
the post is out, and catching up (``table.announce``) those whose post never went out.

One family of ``TableService`` calls (``table.service`` assembles them).
"""

from __future__ import annotations

from storage import GAME_ITEM_SEAT, NewAction
from table import announce
from table.core import TableCore
from table.results import Result


class PostingCalls(TableCore):
    """Which posts announce which actions, and catching up those never announced."""

    # ---- the outbox of public posts (table.announce) -------------------------------------------
    def _announcing(self, seq: int, actions: list[NewAction]) -> list[tuple[int, str, int, float]]:
        """The due item that announces ``actions`` (logged from ``seq``) if their post is lost."""
        if not self.durable_posts or not actions:
            return []
        return [(GAME_ITEM_SEAT, announce.ANNOUNCE, seq, self.clock.now() + announce.scaled(announce.GRACE, self.clock))]

    def _announces(self, result: Result, seq: int, actions: list[NewAction]) -> Result:
        if self._announcing(seq, actions):
            result.announce = (seq, seq + len(actions) - 1)
        return result

    async def announced(self, result: Result) -> None:
        """``result``'s public post is out: what it announced is no longer owed.

        A move's own post settles only its own announcement (the one its commit wrote, at its
        version): it carries no line of an earlier move whose post was lost. A late post
        (``catch_up``) settles every announcement written up to the version it showed, for the
        actions it carried. Neither can settle the announcement of a move logged after an undo
        under the same sequence numbers: that one was written at a later version."""
        if result.announce is None:
            return
        first, upto = result.announce
        own = None if result.kind == announce.CAUGHT_UP else first
        await self.db.drop_game_items(result.game_id, announce.ANNOUNCE, result.version, upto, own)

    async def catch_up(self, game_id: int, first: int) -> Result | None:
        """The late announcement of the game's actions from ``first`` on: the board as it stands,
        the lines of those actions (the last ``announce.MAX_LINES``) and a mention of whoever must
        act. ``None`` when there is nothing to announce (the game is gone or the actions were
        taken back)."""
        row = await self.db.game(game_id)
        if row is None or row.snapshot is None or row.status not in ("active", "finished"):
            return None
        logged = await self.db.actions(game_id, after=first - 1)
        if not logged:
            return None
        events = [e for action in logged for e in action.events][-announce.MAX_LINES:]
        result = await self._result(announce.CAUGHT_UP, row, None, events, self._state(row))
        result.announce = (first, logged[-1].seq)
        return result
