""""Since your last turn": what the others did since a player's own last decision, in words.

A play-by-post player comes back after a day; the board shows the position, but not how it came
about. The digest lists every decision the other seats made after the reader's own last one (or
since the game began, for a seat that has not moved yet), in the public words of their events —
the same words ``/log`` uses, never a hidden choice's notation — grouped by player in the order
they acted. ``fold`` shortens it to a few lines ("and N more") for a ping, a reminder or ``/hand``;
the whole list is ``/log since:me`` (and the *Since my turn* button, privately).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import rules
from storage import ActionRow
from table import bots, decorations
from table.messages import TableError, message

if TYPE_CHECKING:
    from table.core import TableCore

FULL_LIMIT = 200
"""Decisions the whole list holds at most (the oldest fall off): a message cannot show more."""


@dataclass
class Digest:
    game_id: int
    game: str
    moved: bool
    """Whether the reader has made a decision in this game yet (if not: since the start)."""
    groups: list[tuple[str, list[str]]] = field(default_factory=list)
    """(player, what they did) in the order they first acted after the reader."""
    decisions: int = 0

    def fold(self, locale: str, lines: int = 4, per_player: int = 3) -> list[str]:
        """At most ``lines`` lines, each player's first ``per_player`` actions, then "and N more"."""
        if not self.groups:
            return []
        out = [message("since_head" if self.moved else "since_head_start", locale)]
        shown = 0
        for name, said in self.groups[:lines]:
            kept = said[:per_player]
            shown += len(kept)
            more = len(said) - len(kept)
            tail = message("since_more_of", locale, count=more) if more else ""
            out.append(f"• {name}: " + "; ".join(kept) + tail)
        rest = sum(len(said) for _, said in self.groups) - shown
        if rest > 0:
            out.append(message("since_and_more", locale, count=rest))
        return out

    def full(self, locale: str) -> list[str]:
        if not self.groups:
            return [message("since_nothing" if self.moved else "since_nothing_start", locale)]
        out = [message("since_head" if self.moved else "since_head_start", locale)]
        for name, said in self.groups:
            out.append(f"**{name}**")
            out.extend(f"• {line}" for line in said)
        return out


def digest_of(game: rules.Game, rows: list[ActionRow], seat: int, names_at: object, locale: str, game_id: int) -> Digest:
    """The digest of ``seat`` over ``rows`` (the log's tail, in order)."""
    start = 0
    moved = False
    for i in range(len(rows) - 1, -1, -1):
        if rows[i].seat == seat:
            start, moved = i + 1, True
            break
    others = [r for r in rows[start:] if decorations.is_decision(r) and r.seat != seat][-FULL_LIMIT:]
    digest = Digest(game_id, game.name, moved, decisions=len(others))
    index: dict[str, int] = {}
    for row in others:
        names = names_at(row.seq)  # type: ignore[operator]
        who = names[row.seat] if 0 <= row.seat < len(names) else "?"
        said = decorations.decision(game, row, locale, names)["lines"] or [message("since_silent", locale)]
        if who not in index:
            index[who] = len(digest.groups)
            digest.groups.append((who, []))
        digest.groups[index[who]][1].extend(said)
    return digest


class SinceCalls:
    """Mixed into ``TableService``."""

    async def since(
        self: TableCore, *, user_id: str, locale: str, channel_id: str | None = None, game_id: int | None = None
    ) -> Digest:
        """The digest of ``user_id``'s seat in this channel's latest game (or ``game_id``)."""
        row = await (self.db.game(game_id) if game_id is not None else self.db.latest_game(channel_id or ""))
        if row is None:
            raise TableError("no_game")
        if row.snapshot is None:
            raise TableError("not_started")
        seats = await self.db.seats(row.id)
        seat = next((s.seat for s in seats if s.user_id in (user_id, bots.held_for(user_id))), None)
        if seat is None:
            raise TableError("since_not_player")
        rows = await self._log_tail(row, seat)
        if not any(r.seat == seat for r in rows):  # never moved (or long ago): from the start
            rows = await self.db.actions(row.id)
        holders = await self._holders(row, seats, locale)
        return digest_of(rules.get(row.game), rows, seat, holders.at, locale, row.id)
