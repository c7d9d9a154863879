"""Playing: a player's decision (typed or a button), the chance steps and bot seats that follow it,
and undo.

One family of ``TableService`` calls (``table.service`` assembles them).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import time
from typing import Any

import rules
from rules import CHANCE, Event, Game, IllegalAction
from storage import ActionRow, Conflict, GameRow, NewAction, SeatRow
from table import autoplay, observability, reveal, seating, stamps, timer
from table.chance import resolve
from table.core import TableCore, saves
from table.messages import TableError, listing, refusal
from table.options import split_options
from table.results import MAX_CHANCE_STEPS, UNDO_REACH, Result, User, as_typed


class PlayCalls(TableCore):
    """While a game runs: a decision, its automatic consequences, and undo."""

    # ---- play ---------------------------------------------------------------------------------
    async def _run_automatic(
        self,
        game: Game,
        seed: str,
        seq: int,
        state: Any,
        seats: list[SeatRow],
        actions: list[NewAction] | None = None,
        absent: set[int] | None = None,
        row: GameRow | None = None,
    ) -> tuple[Any, list[NewAction], list[Event]]:
        """Resolve chance steps and play bot seats until a human must act or the game ends; log
        each outcome and each bot decision. A bot gets only its seat's view (``table.bots``).

        ``absent`` collects the seats that were not to act at some point on the way (from ``state``
        on): one that is to act again at the end began a new turn within this commit.

        ``row`` (the game as read under its lock): bots think with the lock let go and raise
        ``autoplay.Stale`` if the game changed meanwhile (``table.autoplay``)."""
        actions = actions if actions is not None else []
        events = [e for a in actions for e in a.events]
        robots = {s.seat: s for s in seats if s.is_bot}
        for _ in range(MAX_CHANCE_STEPS):
            acting = game.to_act(state)
            if absent is not None:
                absent.update(s for s in range(len(seats)) if s not in acting)
            position = seq + len(actions)
            if acting == [CHANCE]:
                outcome = resolve(seed, position, game.chance_outcomes(state))
                state, new_events = game.apply(state, CHANCE, outcome)
                actions.append(NewAction(CHANCE, outcome, None, new_events))
                events.extend(new_events)
                continue
            bot = next((s for s in acting if s in robots), None)
            if bot is None:
                return state, actions, events
            view = game.view(state, bot)
            thinking = self.thinkers.choose(game.name, view, bot, level=robots[bot].bot_level, seed=position)
            action = await (autoplay.think_unlocked(self.lock(row.id), self.db, row.id, row.version, thinking) if row else thinking)
            state, new_events = game.apply(state, bot, action)
            actions.append(NewAction(bot, action, None, new_events))
            events.extend(new_events)
        raise RuntimeError(f"more than {MAX_CHANCE_STEPS} automatic steps in a row")

    @saves
    async def act(
        self,
        *,
        channel_id: str,
        user: User,
        action: str,
        expected_version: int | None = None,
        game_id: int | None = None,
        seen_at: float | None = None,
        act_id: str | None = None,
    ) -> Result:
        """``_act``, recomputed when the game changed while a bot thought about its reply
        (``table.autoplay``); "busy" if it keeps changing."""
        for _ in range(autoplay.RETRIES - 1):
            with contextlib.suppress(autoplay.Stale):
                return await self._act(channel_id=channel_id, user=user, action=action, expected_version=expected_version,
                                       game_id=game_id, seen_at=seen_at, act_id=act_id)
        return await self._act(channel_id=channel_id, user=user, action=action, expected_version=expected_version,
                               game_id=game_id, seen_at=seen_at, act_id=act_id)

    async def _act(
        self,
        *,
        channel_id: str,
        user: User,
        action: str,
        expected_version: int | None = None,
        game_id: int | None = None,
        seen_at: float | None = None,
        act_id: str | None = None,
    ) -> Result:
        """Make one move for ``user``; ``expected_version`` (a button's stamp of the position it
        was drawn for, ``table.stamps``, or an old button's version) refuses stale clicks.

        ``seen_at`` (typed moves, which carry no version): the latest time the user could have
        seen the game; the same action by the same user committed after it is "already done",
        so a command sent twice applies once even where the notation is legal again.

        ``act_id``: the command's unique id from the adapter (the Discord interaction's id, a
        console uuid), logged with the move. A commit whose answer was lost is looked up by it
        (``Database.commit_moves``), and the same command retried is "already done"."""
        row = await self._live_or_finished(channel_id, game_id)
        text = as_typed(action)
        async with self.lock(row.id):
            if act_id is not None and await self.db.act_done(act_id):
                raise TableError("already_done", action=text)
            row = await self._live_or_finished(channel_id, game_id)
            try:
                game, state, seats, seat = await self._turn_of(row, user, expected_version)
            except TableError as err:
                # A command sent twice usually meets the turn it ended (or the game's end): say
                # "already done", not "not your turn", or the player thinks the move did not count.
                if err.key in ("not_your_turn", "game_over") and seen_at is not None and text \
                        and await self._done_since(row.id, user.id, text, seen_at):
                    raise TableError("already_done", action=text) from None
                raise
            acting = game.to_act(state)
            if seen_at is not None and text and await self._done_since(row.id, user.id, text, seen_at):
                raise TableError("already_done", action=text)
            if not text:
                legal = game.legal_actions(state, seat)
                raise TableError("empty_action", example=legal[0] if legal else "?")
            try:
                state, events = game.apply(state, seat, text)
            except IllegalAction as err:
                raise TableError("illegal", reason=lambda loc, e=err, g=game: refusal(g, e, loc)) from err
            seq = await self._next_seq(row.id)
            first = [NewAction(seat, text, user.id, events)]
            absent: set[int] = set()
            state, actions, all_events = await self._run_automatic(game, row.seed, seq, state, seats, first, absent, row=row)
            status = "finished" if game.is_over(state) else "active"
            clock = await self._settle(row, seats, acting, game.to_act(state), restarted=absent)
            snapshot = game.dumps(state)
            try:
                await self.db.commit_moves(
                    row.id, row.version, seq, actions, snapshot, status,
                    banks=clock.banks, due=[*clock.due, *self._announcing(seq, actions)], ended=clock.ended,
                    game_time=clock.at,
                    act_id=act_id,
                )
            except Conflict as err:
                if act_id is not None and await self.db.act_done(act_id):  # the same command, elsewhere
                    raise TableError("already_done", action=text) from err
                raise TableError("busy") from err
            observability.MOVES.labels(row.game).inc()
            # The committed row and banks are known here: rebuilt, not read back (two reads less
            # per move; the version guard above proved nothing else wrote in between).
            row = dataclasses.replace(
                row, version=row.version + 1, snapshot=snapshot, status=status, updated_at=time.time()
            )
            if clock.banks:
                seats = timer.with_banks(seats, clock.banks)
            still = set(acting) - absent  # deciding before this move and never stopped since
            moved = await self._result("moved", row, seats, all_events, state, actor=user.id, still_acting=still)
            return self._announces(moved, seq, actions)

    @saves
    async def undo(self, *, channel_id: str, user: User, seen_at: float | None = None) -> Result:
        """Take back the caller's own last decision, with the bot decisions that followed it.

        Allowed while no chance outcome has been revealed since, no other player has acted since,
        and what is taken back showed the caller nothing hidden (``table.reveal``: a bot's card
        from its hand, the choices a simultaneous step revealed). The action log is the truth: the undo deletes the tail of the log and stores the
        state rebuilt from what remains, in one transaction guarded by the game's version, so a
        concurrent move and an undo never both apply (the later one is refused as "busy").

        ``seen_at`` (a typed command, which carries no version): the latest time the user could
        have seen the game; if it changed after that (the same undo sent twice, one already
        applied), this one is refused instead of taking back a second decision.
        """
        row = await self._live(channel_id)
        async with self.lock(row.id):
            row = await self._live(channel_id)
            if row.status != "active":
                raise TableError("not_started")
            if seen_at is not None and row.updated_at > seen_at:
                raise TableError("undo_changed")
            seats, seat = await self._seat_of(row, user)
            game = rules.get(row.game)
            target = await self._undoable(row, seats, user)
            log = await self.db.actions(row.id, limit=target.seq)
            state = self._rebuild(game, row, len(seats), log)
            current = self._state(row)
            tail = await self.db.actions(row.id, after=target.seq - 1)
            # Off the loop: 32 sampled replays take tens of milliseconds in the longer games.
            if await asyncio.to_thread(reveal.reveals, game, state, seat, tail, current, f"{row.seed}:{row.version}"):
                raise TableError("undo_revealed")
            before, after = game.to_act(current), game.to_act(state)
            # Banks back as they stood at the move, the time it stood charged to the caller.
            clock = await self._settle(row, seats, before, after, undone=(self._moved_at(target), seat))
            try:
                await self.db.truncate_log(
                    row.id, row.version, target.seq, game.dumps(state),
                    banks=clock.banks, due=clock.due, ended=clock.ended,
                )
            except Conflict as err:
                raise TableError("busy") from err
            row = await self.db.game(row.id)  # type: ignore[assignment]
            assert row is not None
            seats = await self.db.seats(row.id)
            # Named by its public events, never by its notation: a secret decision's text (cards
            # passed, a card kept) must not reach the channel through its undo.
            # Every public line taken back: the decision and the bots' answers to it, which go too.
            undone = [e for action in tail for e in action.events]
            event = {"kind": seating.TABLE_EVENT, "key": "took_back", "name": seats[seat].name, "undone": undone}
            return await self._result("undone", row, seats, [event], state, actor=user.id)

    def _moved_at(self, action: ActionRow) -> float:
        """The game time ``action`` was logged at. An action logged before game time was kept in
        the log has only its wall time: the game time that has passed since is estimated at the
        clock's speed (any console ``wait`` in between is then not counted)."""
        if action.game_at is not None:
            return action.game_at
        scale = float(getattr(self.clock, "scale", 1.0))
        return self.clock.now() - max(0.0, time.time() - action.at) * scale

    async def _undoable(self, row: GameRow, seats: list[SeatRow], user: User) -> ActionRow:
        """The caller's last decision, if nothing since forbids taking it back; else the refusal."""
        robots = {s.seat for s in seats if s.is_bot}
        blocker: TableError | None = None
        for action in reversed(await self.db.recent_actions(row.id, UNDO_REACH)):
            if action.user_id == user.id:
                if blocker is not None:
                    raise blocker
                return action
            if blocker is not None:
                continue  # keep looking: "no move to undo" when the caller has none at all
            if action.seat == CHANCE:
                blocker = TableError("undo_after_chance")
            elif action.seat in robots and action.user_id is None:
                continue  # bots answered at once: taken back with the decision they answered
            elif 0 <= action.seat < len(seats):
                blocker = TableError("undo_after_other", who=seats[action.seat].name)
        raise TableError("nothing_to_undo")

    @staticmethod
    def _rebuild(game: Game, row: GameRow, players: int, log: list[ActionRow]) -> Any:
        """The state after ``log`` (a prefix of the game's action log), from the rules alone."""
        state = game.new(players, split_options(game, row.options, row.capacity)[0])
        for action in log:
            if action.seat != seating.SEATING:
                state, _ = game.apply(state, action.seat, action.action)
        return state

    @saves
    async def quick_action(self, *, channel_id: str, user: User, game_id: int, version: int, index: int) -> str:
        """The move behind a quick-action button, if it is still this user's to make."""
        row = await self._live(channel_id, game_id)
        game, state, _, seat = await self._turn_of(row, user, version)
        quick = game.quick_actions(game.legal_actions(state, seat))
        if not 0 <= index < len(quick):
            raise TableError("stale")
        return quick[index]

    async def _turn_of(
        self, row: GameRow, user: User, expected_version: int | None
    ) -> tuple[Game, Any, list[SeatRow], int]:
        """Authorise ``user`` to decide now: the game, its state, the seats and the user's seat.

        A button drawn for another position still counts if it was the user's private picker
        and they face the same decision (``stamps.of_seat``)."""
        stale = expected_version is not None and not stamps.matches(row, expected_version)
        if stale and (expected_version is None or expected_version < stamps.MARK or row.status != "active"):
            raise TableError("stale")
        if row.status == "lobby":
            raise TableError("not_started")
        if row.status != "active":
            raise TableError("game_over")
        seats, seat = await self._seat_of(row, user)
        game = rules.get(row.game)
        state = self._state(row)
        acting = game.to_act(state)
        if stale:
            legal = game.legal_actions(state, seat) if seat in acting else []
            decisions = await self.db.decisions_of(row.id, seat)
            if not legal or stamps.of_seat(row, seat, decisions, legal) != expected_version:
                raise TableError("stale")
        if seat not in acting:
            waiting = [seats[s].name for s in acting if 0 <= s < len(seats)]
            raise TableError("not_your_turn", who=lambda loc, w=waiting: listing(w, loc) or "…")
        return game, state, seats, seat

    async def _done_since(self, game_id: int, user_id: str, action: str, since: float) -> bool:
        return await self.db.acted_since(game_id, user_id, action, since)
