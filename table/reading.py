"""Reading a game: its status, a player's hand and legal moves, the recent log, an export, a replay
from the log, and the seat order.

One family of ``TableService`` calls (``table.service`` assembles them).
"""

from __future__ import annotations

import logging
from typing import Any

import rules
from rules import CHANCE, Game
from storage import GameRow, SeatRow
from table import bots, decorations, seating, stamps
from table.core import TableCore
from table.messages import TableError, listing, message
from table.named import named
from table.options import split_options
from table.order import sort_moves
from table.results import Result, User

log = logging.getLogger("postern.table")


class ReadingCalls(TableCore):
    """Reading a game without changing it: status, hand, moves, log, export, replay."""

    # ---- reading -------------------------------------------------------------------------------
    async def status(self, *, channel_id: str, reader: str | None = None) -> Result:
        """The live game here, else the last one played here (finished games stay viewable);
        ``reader``: a private answer's language (see ``_result``)."""
        row = await self.db.latest_game(channel_id)
        if row is None:
            raise TableError("no_game")
        state = self._state(row) if row.snapshot is not None else None
        result = await self._result("status", row, state=state, reader=reader)
        if row.status == "finished":
            # The last move's public lines carry the game's own verdict (its final scoring, a
            # solo game won or lost), which the scores alone cannot say.
            last = await self.db.recent_actions(row.id, 1)
            result.events = list(last[-1].events) if last else []
        return result

    async def hand(
        self, *, channel_id: str, user: User, game_id: int | None = None, reader: str | None = None
    ) -> tuple[Result, dict[str, Any], list[str]]:
        """The user's private view (with names) and their legal moves now."""
        row = await self.db.game(game_id) if game_id is not None else await self.db.latest_game(channel_id)
        if row is None or row.channel_id != channel_id:
            raise TableError("no_game")
        if row.status == "lobby":
            raise TableError("not_started")
        seats, seat = await self._seat_of(row, user)
        game = rules.get(row.game)
        state = self._state(row)
        names = bots.display_names([(s.user_id, s.name, s.bot_level) for s in seats], reader or row.locale)
        private = self._decorate(
            game.view(state, seat), names, reader or row.locale,
            seats=seats, game=game, rows=await self._log_tail(row, seat), reader=seat, state=state,
        )
        if row.status == "abandoned":
            private.update(to_act=[], ended=True, standings=decorations.standings(game, state, ended=True))
        legal = game.legal_actions(state, seat) if row.status == "active" and seat in game.to_act(state) else []
        if legal:  # the reader's own moves: a board may highlight where they can act
            private["legal"] = list(legal)
        result = await self._result("hand", row, seats, state=state, reader=reader)
        if legal:
            result.seat_stamp = stamps.of_seat(row, seat, await self.db.decisions_of(row.id, seat), legal)
        return result, private, sort_moves(game, legal)

    async def legal_moves(self, *, channel_id: str, user: User) -> tuple[Game, list[str]]:
        """For autocomplete: the game and the user's legal moves (empty if none or not seated)."""
        row = await self.db.live_game(channel_id)
        if row is None or row.status != "active":
            return (rules.get(row.game) if row else rules.get("fixer")), []
        seats = await self.db.seats(row.id)
        seat = next((s.seat for s in seats if s.user_id == user.id), None)
        game = rules.get(row.game)
        if seat is None:
            return game, []
        state = self._state(row)
        if seat not in game.to_act(state):
            return game, []
        names = bots.display_names([(s.user_id, s.name, s.bot_level) for s in seats], row.locale)
        return named(game, names), sort_moves(game, game.legal_actions(state, seat))

    async def own_score(self, *, channel_id: str, user: User) -> int | None:
        """The caller's current score in this channel's latest game (``None`` if not seated or
        not started). Only the caller's own: some games keep running scores private (FIXER §10)."""
        row = await self.db.latest_game(channel_id)
        if row is None:
            raise TableError("no_game")
        if row.snapshot is None:
            return None
        seat = next((s.seat for s in await self.db.seats(row.id) if s.user_id == user.id), None)
        if seat is None:
            return None
        return rules.get(row.game).scores(self._state(row))[seat]

    async def games(self, *, guild_id: str | None, user: User) -> list[tuple[GameRow, list[SeatRow]]]:
        rows = await self.db.games_in_guild(guild_id) if guild_id else await self.db.games_of_user(user.id)
        return [(r, await self.db.seats(r.id)) for r in rows]

    async def recent(self, *, channel_id: str, count: int = 10, locale: str | None = None) -> tuple[Result, list[str]]:
        """The last ``count`` public event lines of this channel's game, in ``locale`` (the
        reader's; default the table's)."""
        row = await self.db.latest_game(channel_id)
        if row is None:
            raise TableError("no_game")
        seats = await self.db.seats(row.id)
        result = await self._result("log", row, seats, reader=locale)
        holders = await self._holders(row, seats, locale or row.locale)
        game = rules.get(row.game)
        # Many actions say nothing public (a FIXER deal is dozens of silent draws): read a wider
        # window of the log until it holds ``count`` lines or reaches the start.
        window = max(count, 1) * 4
        words = locale or row.locale

        def handed(seqs: range) -> list[str]:
            return [h.text(words) for h in holders.handovers(seqs)]

        while True:
            actions = await self.db.recent_actions(row.id, window)
            # Seats that changed hands since the last action close the log.
            lines: list[str] = handed(range(actions[-1].seq + 1, 2**62)) if actions else []
            for action in reversed(actions):
                names = holders.at(action.seq)
                texts = [seating.event_line(game, e, words, names) for e in action.events]
                lines[:0] = [*handed(range(action.seq, action.seq + 1)), *[t for t in texts if t]]
                if len(lines) >= count:
                    break
            if len(lines) >= count or len(actions) < window:
                return result, lines[-count:]
            window *= 4

    async def export(self, *, channel_id: str, locale: str | None = None) -> tuple[Result, str]:
        """A text record of this channel's latest game: every public event, and — once the
        game has ended and nothing is secret any more — every logged action with its seat. Each
        line names the players who held the seats then; the header lists today's. ``locale``:
        the reader's language (default the table's), for the header, the names and the events."""
        row = await self.db.latest_game(channel_id)
        if row is None:
            raise TableError("no_game")
        words = locale or row.locale
        seats = await self.db.seats(row.id)
        result = await self._result("export", row, seats, reader=words)
        holders = await self._holders(row, seats, words)
        game = rules.get(row.game)
        ended = row.status in ("finished", "abandoned")
        title = rules.localised(game.title, words) if game.title else game.name
        status = message(f"export_{row.status}", words)
        out = [
            f"# {message('export_head', words, game=title, id=row.id, status=status)}",
            f"# {message('export_players', words, names=listing(result.names, words))}",
        ]
        if ended:  # the options as typed in /game new, so the game can be set up again
            options = " ".join(f"{key}={value}" for key, value in sorted(row.options.items())) or "-"
            out.append(f"# {message('export_setup', words, seed=row.seed, options=options)}")
        actions = await self.db.actions(row.id)

        def handed(seqs: range) -> list[str]:  # where a seat changed hands, a line of its own
            return [f"      — {h.text(words)}" for h in holders.handovers(seqs)]

        for action in actions:
            out.extend(handed(range(action.seq, action.seq + 1)))
            names = holders.at(action.seq)
            if ended:
                who = {CHANCE: "chance", seating.SEATING: "table"}.get(action.seat) or (
                    names[action.seat] if 0 <= action.seat < len(names) else str(action.seat)
                )
                out.append(f"{action.seq:>5} {who}: {action.action}")
            for event in action.events:
                text = seating.event_line(game, event, words, names)
                if text:
                    out.append(f"      · {text}")
        out.extend(handed(range(actions[-1].seq + 1 if actions else 0, 2**62)))
        return result, "\n".join(out) + "\n"

    async def replay(self, game_id: int) -> Any:
        """Rebuild a game's state from its action log alone (the snapshot must equal it).

        The table's seat draw is not a rules action: it is checked against the seed (a log
        whose draw the seed does not give is refused) and skipped; ``seat_order`` reads it."""
        row = await self.db.game(game_id)
        if row is None:
            raise TableError("no_game")
        game = rules.get(row.game)
        seats = await self.db.seats(game_id)
        state = game.new(len(seats), split_options(game, row.options, row.capacity)[0])
        for action in await self.db.actions(game_id):
            if action.seat == seating.SEATING:
                if seating.parse_action(action.action) != seating.draw(row.seed, action.seq, len(seats)):
                    raise ValueError(f"game {game_id}: the logged seat order is not the seed's draw")
                continue
            state, _ = game.apply(state, action.seat, action.action)
        return state

    async def seat_order(self, game_id: int) -> list[str]:
        """The user ids seat by seat as the action log records them: the lobby order, reordered by
        the logged seat draw if there was one (a replay needs nothing else)."""
        first = await self.db.actions(game_id, limit=1)
        if first and first[0].seat == seating.SEATING:
            return seating.seat_order(first[0].action, first[0].events)
        return [s.user_id for s in await self.db.seats(game_id)]
