"""Seats changing hands in a running game: a replacement, a bot taking over a timed-out seat, the
player rejoining, more time, and a game ended unfinished by the players' vote.

One family of ``TableService`` calls (``table.service`` assembles them).
"""

from __future__ import annotations

import dataclasses

import rules
from rules import Event
from storage import Bank, Conflict, GameRow
from table import announce, bots, notices, seating, timer
from table.core import TableCore, saves
from table.messages import TableError
from table.results import VOTE_BOT, VOTE_END, Result, User


class SeatCalls(TableCore):
    """Who holds a seat: replacing, taking over, rejoining, extending time, ending by vote."""

    # ---- substitutes and bot takeover ----------------------------------------------------------
    @saves
    async def replace(self, *, channel_id: str, user: User, old_id: str, new: User) -> Result:
        """The host (or a moderator) gives ``old_id``'s seat to ``new``: the seat, its hand and its
        bank move with it, and the old player loses access (a lobby or a running game)."""
        row = await self._live(channel_id)
        async with self.lock(row.id):
            row = await self._live(channel_id)
            seats = await self.db.seats(row.id)
            if user.id != row.host_id and not user.can_manage:
                raise TableError("cannot_replace")
            # The player's own seat, or the one a bot holds for them since a vote (``take_over``).
            held = bots.held_for(old_id)
            old = next((s for s in seats if s.user_id in (old_id, held)), None)
            if old is None:
                raise TableError("not_replaceable", name=old_id)
            if old.user_id == new.id or bots.is_bot_id(new.id):
                raise TableError("already_seated", name=new.name)
            # One person, one seat: not a second one beside their own, nor beside the one a bot
            # holds for them (they could never rejoin it, and every listing would show them twice).
            # Their own held seat given back to them is allowed: that is a rejoin by the host.
            for other in seats:
                if other.seat != old.seat and other.user_id in (new.id, bots.held_for(new.id)):
                    key = "already_seated" if other.user_id == new.id else "already_seated_held"
                    raise TableError(key, name=new.name)
            seat = dataclasses.replace(old, user_id=new.id, name=new.name, kind="human", bot_level=None)
            host = new.id if old.user_id == row.host_id else None
            try:
                version = await self.db.replace_seat(row.id, row.version, seat, host_id=host)
                acting = rules.get(row.game).to_act(self._state(row)) if row.status == "active" else []
                if seat.seat in acting:
                    # [DECISION] A substitute who must act starts a turn of their own: the old
                    # player's reminders, expiry and any open vote on their time close, and the bank
                    # gains the turn's time as at any turn's start (it may have run out).
                    seats[seat.seat] = seat
                    clock = await self._settle(
                        dataclasses.replace(row, version=version), seats, acting, acting, restarted=[seat.seat]
                    )
                    await self.db.set_banks(row.id, version, clock.banks, clock.due, clock.ended or [seat.seat])
            except Conflict as err:
                raise TableError("busy") from err
            row = await self._live(channel_id)
            event = {"kind": seating.TABLE_EVENT, "key": "replaced", "old": old.name, "new": new.name}
            return await self._seat_changed("replaced", row, event)

    @saves
    async def take_over(
        self, *, channel_id: str, seat: int, level: str | None = None, vote_turn: int | None = None
    ) -> Result:
        """A bot plays ``seat`` from now on (a vanished player's); its player may ``rejoin``.

        The bot's user id remembers whose seat it holds, so only that player can take it back.
        ``vote_turn``: the table's vote on that turn decided this. It is checked under the game's
        lock against the turn the vote was opened for (``vote_lapsed`` if the player has moved
        meanwhile), and the post telling the table is owed from the same commit
        (``table.notices``)."""
        row = await self._live(channel_id)
        async with self.lock(row.id):
            row = await self._live(channel_id)
            if row.status != "active":
                raise TableError("not_started")
            if vote_turn is not None and not await self._vote_stands(row, seat, vote_turn):
                raise TableError("vote_lapsed")
            seats = await self.db.seats(row.id)
            old = seats[seat]
            if old.is_bot:
                raise TableError("already_seated", name=old.name)
            game = rules.get(row.game)
            if not bots.can_play(game):
                raise TableError("no_bots", game=lambda loc, g=game: rules.localised(g.title, loc))
            holder = bots.held_for(old.user_id)
            if any(s.user_id == holder for s in seats):
                # A player left with two seats by an earlier version (one person, one seat): a bot
                # already holds the one they may take back, so this one gets a bot of its own.
                holder = bots.new_id([s.user_id for s in seats])[0]
            bot = dataclasses.replace(old, user_id=holder, kind="bot", bot_level=level or bots.NEW_LEVEL)
            seats[seat] = bot
            self.thinkers.warm()
            # If the bot must act now, it plays at once, exactly as after a human decision. Its
            # decisions are made before anything is written, and the seat, the moves, the banks
            # (a last human left alone stops running: nobody waits for them) and the notice of a
            # vote's outcome commit together: a failure while thinking leaves the game as it was
            # (the player's seat, the vote retried), never a bot seat due to act with nothing to
            # make it act.
            state = self._state(row)
            seq = await self._next_seq(row.id)
            absent: set[int] = set()
            state, actions, events = await self._run_automatic(game, row.seed, seq, state, seats, None, absent, row=row)
            before = game.to_act(self._state(row))
            clock = await self._settle(row, seats, before, game.to_act(state), restarted=absent)
            status = "finished" if game.is_over(state) else "active"
            told = [self._told(seat, VOTE_BOT, vote_turn)] if vote_turn is not None else []
            try:
                await self.db.commit_moves(
                    row.id, row.version, seq, actions, game.dumps(state), status,
                    seats=seats, banks=clock.banks, due=[*clock.due, *self._announcing(seq, actions), *told],
                    ended=[*clock.ended, seat], handed_over=[seat], game_time=clock.at,
                )
            except Conflict as err:
                raise TableError("busy") from err
            row = await self.db.game(row.id)  # type: ignore[assignment]
            assert row is not None
            result = await self._result("taken_over", row, await self.db.seats(row.id), events, state)
            return self._announces(result, seq, actions)

    @saves
    async def rejoin(self, *, channel_id: str, user: User) -> Result:
        """Take one's seat back from the bot that was playing it (the bot stops at once)."""
        row = await self._live(channel_id)
        async with self.lock(row.id):
            row = await self._live(channel_id)
            seats = await self.db.seats(row.id)
            held = next((s for s in seats if s.user_id == bots.held_for(user.id)), None)
            if held is None:
                raise TableError("no_seat_to_rejoin")
            if any(s.user_id == user.id for s in seats):
                # A second seat (given before ``replace`` refused it): taking this one back too would
                # break "one person, one seat" (the database refuses it), so say why, once and clearly.
                raise TableError("rejoin_already_seated")
            seat = dataclasses.replace(held, user_id=user.id, name=user.name, kind="human", bot_level=None)
            try:
                version = await self.db.replace_seat(row.id, row.version, seat)
            except Conflict as err:
                raise TableError("busy") from err
            acting = rules.get(row.game).to_act(self._state(row))
            seats[held.seat] = seat
            # The others to act keep their turn: a running bank goes on, and one that stood still
            # while its player was alone with the bots runs again, without a new turn's gain. If it
            # is the player's turn, theirs starts (with its gain).
            waiting = [s.seat for s in seats if s.seat in acting and not s.is_bot and s.seat != held.seat]
            standing = [s for s in waiting if seats[s].turn_began is None and seats[s].bank_left is not None]
            if held.seat in acting or standing:
                clock = await self._settle(dataclasses.replace(row, version=version), seats, waiting, acting)
                await self.db.set_banks(row.id, version, clock.banks, clock.due)
            row = await self._live(channel_id)
            event = {"kind": seating.TABLE_EVENT, "key": "rejoined", "name": user.name}
            return await self._seat_changed("rejoined", row, event)

    async def extend(
        self, game_id: int, seat: int, seconds: float, host_id: str | None = None, *,
        vote_turn: int | None = None, told: str | None = None,
    ) -> None:
        """Give a seat whose bank ran out ``seconds`` more (the vote chose to wait), with a new
        expiry; ``host_id``: the new host, in the same write (the vote chose to replace the host).
        ``vote_turn``/``told``: the vote on that turn decided this (checked under the game's lock,
        ``vote_lapsed`` if the player moved meanwhile) and its post is owed from the same write.
        A player away meanwhile keeps the time standing until they are back."""
        async with self.lock(game_id):
            row = await self.db.game(game_id)
            if row is None or row.status != "active":
                if vote_turn is not None:
                    raise TableError("vote_lapsed")
                return
            if vote_turn is not None and not await self._vote_stands(row, seat, vote_turn):
                raise TableError("vote_lapsed")
            now = self.clock.now()
            turn = row.version + 1
            seats = await self.db.seats(game_id)
            away = 0 <= seat < len(seats) and await self.is_away(seats[seat].user_id)
            bank = Bank(seat, seconds, None if away else now)
            due = [] if away else [(seat, timer.EXPIRE, turn, now + seconds)]
            if vote_turn is not None and told is not None:
                due.append(self._told(seat, told, vote_turn))
            await self.db.set_banks(
                game_id, row.version, [bank], due=due, ended=[seat] if vote_turn is not None else [], host_id=host_id,
            )

    async def end_unfinished(self, game_id: int, *, vote_turn: int | None = None, seat: int = 0) -> Result:
        """End a game by the players' vote: scores as they stand, the game marked unfinished.
        ``vote_turn``: the vote on ``seat``'s turn decided this (checked under the game's lock,
        ``vote_lapsed`` if the player moved meanwhile); the post of the outcome is owed from the
        same commit."""
        async with self.lock(game_id):
            row = await self.db.game(game_id)
            assert row is not None
            if vote_turn is not None and not await self._vote_stands(row, seat, vote_turn):
                raise TableError("vote_lapsed")
            self._state(row)  # a game that never started cannot end "as the scores stand"
            told = [self._told(seat, VOTE_END, vote_turn)] if vote_turn is not None else []
            await self.db.commit_moves(
                game_id, row.version, await self._next_seq(game_id), [], row.snapshot or "", "abandoned", due=told,
            )
            ended = await self.db.game(game_id)
            assert ended is not None
            # Recorded (and rated) with the seat whose bank ran out as last (``storage.ratings``).
            await self.record_end(ended, await self.db.seats(game_id), self._state(ended),
                                  timed_out=seat if vote_turn is not None else None)
        return await self.ended_unfinished(game_id)

    async def ended_unfinished(self, game_id: int) -> Result:
        """A game ended by the players' vote as its final post shows it: the scores as they stood."""
        row = await self.db.game(game_id)
        assert row is not None
        return await self._result("ended_unfinished", row, state=self._state(row))

    # ---- the table's votes (table.scheduler, table.notices) -------------------------------------
    async def _vote_stands(self, row: GameRow, seat: int, turn: int) -> bool:
        """Under the game's lock: whether the vote opened on ``seat``'s ``turn`` still applies —
        the game goes on, the seat is still to act, and the vote is still open. A move of the seat,
        a substitute or an undo that ended that turn closed the vote in its own commit, so a vote
        is never decided for a player who has just moved."""
        if row.status != "active" or row.snapshot is None:
            return False
        if seat not in rules.get(row.game).to_act(self._state(row)):
            return False
        return any(d.kind == notices.VOTE and d.seat == seat and d.turn == turn for d in await self.db.pending_due(row.id))

    def _told(self, seat: int, choice: str, turn: int | None) -> tuple[int, str, int, float]:
        """The due item owing the post of a vote's outcome, written with the outcome. Due only
        after a lease: the pass that decided delivers it; another pass sends it only if that one
        never confirmed it (it died, or Discord failed)."""
        assert turn is not None
        return (seat, notices.told(choice), turn, self.clock.now() + announce.scaled(notices.LEASE, self.clock))

    async def _seat_changed(self, kind: str, row: GameRow, event: Event) -> Result:
        state = self._state(row) if row.snapshot is not None else None
        return await self._result(kind, row, await self.db.seats(row.id), [event], state)
