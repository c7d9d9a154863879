"""``/replay``: the frames of a whole game, turn by turn, from the public view only.

Each decision a seat made (chance steps are folded into the next decision) gives one frame: the
public view right after it, with the move named in the public words of its events (the same words
``/log`` uses, never the notation of a hidden choice) and marked as the last move, so a board that
shows the last move shows it on every frame. A finished game replays for anyone who can see its
channel; a running one only for its host or a moderator, and only up to now — the public view never
holds a hand, so nothing hidden appears before the rules reveal it.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import rules
from storage import ActionRow, SeatRow
from table import decorations, seating
from table.messages import TableError
from table.options import split_options

if TYPE_CHECKING:
    from table.core import TableCore
    from table.holders import Holders
    from table.results import User


@dataclass
class ReplayPlan:
    game: str
    game_id: int
    status: str
    frames: list[dict[str, Any]] = field(default_factory=list)
    captions: list[str] = field(default_factory=list)

    def view(self, seconds: float, max_bytes: int, width: int = 720) -> dict[str, Any]:
        """The ``render.replay`` job."""
        return {"game": self.game, "frames": self.frames, "captions": self.captions, "seconds": seconds,
                "max_bytes": max_bytes, "width": width}


def frames_of(
    game: rules.Game, start: Any, log: list[ActionRow], holders: Holders, seats: list[SeatRow], locale: str
) -> tuple[list, list]:
    """(public views, captions), one per decision of a seat, decorated as the table decorates a
    live board (``table.decorations``: bare names, bot badges, the last move)."""
    bare, levels = decorations.seat_words(seats, locale)
    state = start
    decisions = sum(1 for a in log if a.seat >= 0)
    frames: list[dict[str, Any]] = []
    captions: list[str] = []
    for action in log:
        if action.seat == seating.SEATING:
            continue
        state, _ = game.apply(state, action.seat, action.action)
        if action.seat < 0:
            continue
        names = holders.at(action.seq)
        last = decorations.decision(game, action, locale, names)
        lines = last["lines"]
        who = names[action.seat] if 0 <= action.seat < len(names) else "?"
        view = {**game.view(state, None), "names": names, "locale": locale, "bare_names": bare, "bots": levels,
                "last": last}
        if game.is_over(state):
            view["standings"] = decorations.standings(game, state)
        frames.append(view)
        captions.append(f"{len(frames)}/{decisions} · " + ("; ".join(lines) if lines else who))
    return frames, captions


class ReplayCalls:
    """Mixed into ``TableService``."""

    async def replay_plan(self: TableCore, *, channel_id: str, user: User, locale: str | None = None) -> ReplayPlan:
        row = await self.db.latest_game(channel_id)
        if row is None:
            raise TableError("no_game")
        if row.snapshot is None:
            raise TableError("replay_never_started")
        if row.status == "active" and user.id != row.host_id and not user.can_manage:
            raise TableError("replay_host_only")
        words = locale or row.locale
        game = rules.get(row.game)
        seats = await self.db.seats(row.id)
        holders = await self._holders(row, seats, words)
        log = await self.db.actions(row.id)
        start = game.new(len(seats), split_options(game, row.options, row.capacity)[0])
        frames, captions = await asyncio.to_thread(frames_of, game, start, log, holders, seats, words)
        if not frames:
            raise TableError("replay_no_moves")
        return ReplayPlan(row.game, row.id, row.status, frames, captions)
