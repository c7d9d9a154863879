"""Private notes: one per player per game, for the player's eyes only.

Play-by-post games run for weeks, and a player's plan ("keep the 9 for the last region") must
survive the gap. A note belongs to a player and a game; it is shown only in that player's own
ephemeral replies (``/note``, ``/hand``), never in a post, the log, the export or a view, so no
other player — and no bot, which sees views only — can read it. It is deleted with its game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from table import bots
from table.messages import TableError

if TYPE_CHECKING:
    from table.core import TableCore
    from table.results import User

NOTE_LIMIT = 1000
"""[DECISION] Characters a note may hold: room for a plan, short enough for one Discord message."""


class NoteCalls:
    """Mixed into ``TableService``."""

    async def note(self: TableCore, *, channel_id: str, user: User, text: str | None = None,
                   clear: bool = False) -> tuple[int, str | None]:
        """The caller's note on the latest game of this channel, after writing ``text`` (or
        deleting it with ``clear``); (game id, the note now). Refused for anyone not playing."""
        row = await self.db.latest_game(channel_id)
        if row is None:
            raise TableError("no_game")
        seats = await self.db.seats(row.id)
        players = {s.user_id for s in seats} | {c.user_id for c in await self.db.seat_changes(row.id)}
        if user.id not in players and bots.held_for(user.id) not in players:
            raise TableError("note_not_player")
        if clear:
            await self.db.save_note(row.id, user.id, None, self.clock.now())
            return row.id, None
        if text is not None and text.strip():
            cleaned = text.strip()
            if len(cleaned) > NOTE_LIMIT:
                raise TableError("note_too_long", limit=NOTE_LIMIT, size=len(cleaned))
            await self.db.save_note(row.id, user.id, cleaned, self.clock.now())
            return row.id, cleaned
        return row.id, await self.db.note(row.id, user.id)

    async def own_note(self: TableCore, game_id: int, user_id: str) -> str | None:
        """The note a player keeps on a game (for their own ``/hand``)."""
        return await self.db.note(game_id, user_id)
