"""A game's lobby: opening a table, joining it, seating bots, leaving, starting, abandoning.

One family of ``TableService`` calls (``table.service`` assembles them).
"""

from __future__ import annotations

import dataclasses
from typing import Any

import rules
from rules import Game, IllegalAction
from storage import Conflict, GameRow, NewAction, SeatRow
from table import bots, seating
from table.core import TableCore, saves
from table.messages import TableError, refusal
from table.options import split_options
from table.results import Result, User, parse_options, title_of


def _pick_game(name: str) -> Game:
    try:
        return rules.get(name.strip().lower())
    except KeyError:
        raise TableError("unknown_game", game=name, games=", ".join(rules.GAMES)) from None


class LobbyCalls(TableCore):
    """Before a game runs: open a table, take and leave seats, start or abandon it."""

    # ---- lobby -------------------------------------------------------------------------------
    @saves
    async def open(
        self,
        *,
        channel_id: str,
        guild_id: str | None,
        user: User,
        game: str,
        players: int | None = None,
        options: str | dict[str, Any] | None = None,
        locale: str = "en",
        solo: bool = False,
    ) -> Result:
        """Open a lobby (host seated); ``solo`` (a DM) starts a one-player game at once."""
        chosen, opts, capacity = self.validate(game=game, players=players, options=options, locale=locale, solo=solo)
        if guild_id is not None and not solo:
            opts, locale = await self._server_defaults(guild_id, chosen, opts, capacity, locale)
        current = await self.db.live_game(channel_id)
        if current is not None:
            raise TableError("channel_busy", game=title_of(rules.get(current.game)))
        try:
            row = await self.db.create_game(
                guild_id=guild_id,
                channel_id=channel_id,
                game=chosen.name,
                options=opts,
                capacity=capacity,
                seed=self._seed(),
                host_id=user.id,
                host_name=user.name,
                locale=locale,
            )
        except Conflict as err:
            raise TableError("channel_busy", game="?") from err
        if solo:
            return await self.start(channel_id=channel_id, user=user)
        return await self._result("opened", row)

    @staticmethod
    def validate(
        *,
        game: str,
        players: int | None = None,
        options: str | dict[str, Any] | None = None,
        locale: str = "en",
        solo: bool = False,
    ) -> tuple[Game, dict[str, Any], int]:
        """Check a new table's game, seat count and options without touching storage, so an
        adapter can refuse bad input before it creates anything (e.g. a Discord thread).
        Returns the game, the raw options and the capacity; raises ``TableError``."""
        chosen = _pick_game(game)
        opts = parse_options(options) if isinstance(options, str) or options is None else dict(options)
        if solo:
            if chosen.min_players > 1:
                raise TableError("no_solo", game=title_of(chosen))
            capacity = 1
        else:
            capacity = players or chosen.max_players
            if not chosen.min_players <= capacity <= chosen.max_players:
                raise TableError("bad_capacity", game=title_of(chosen), min=chosen.min_players, max=chosen.max_players)
        try:
            game_opts, _ = split_options(chosen, opts, capacity)
            chosen.resolve_options(capacity, game_opts)
        except IllegalAction as err:
            raise TableError("bad_options", detail=refusal(chosen, err, locale)) from err
        return chosen, opts, capacity

    async def _lobby_seats(self, row: GameRow) -> list[SeatRow]:
        """The seats of a game still in its lobby (a started game refuses lobby changes)."""
        if row.status != "lobby":
            raise TableError("already_started")
        return await self.db.seats(row.id)

    @saves
    async def join(self, *, channel_id: str, user: User, game_id: int | None = None) -> Result:
        row = await self._live(channel_id, game_id)
        async with self.lock(row.id):
            row = await self._live(channel_id, game_id)
            seats = await self._lobby_seats(row)
            if any(s.user_id in (user.id, bots.held_for(user.id)) for s in seats):
                raise TableError("already_joined")
            if len(seats) >= row.capacity:
                raise TableError("lobby_full", count=len(seats), capacity=row.capacity)
            await self.db.set_seats(row.id, row.version, [*seats, (user.id, user.name)])
            row = await self._live(channel_id)
        return await self._result("joined", row)

    @saves
    async def add_bot(
        self, *, channel_id: str, user: User, level: str | None = None, expected_version: int | None = None
    ) -> Result:
        """The host seats a bot in the lobby (``level``: ``greedy`` by default, or a search level);
        ``expected_version`` (a lobby button) refuses a click on a lobby that changed since."""
        row = await self._live(channel_id)
        async with self.lock(row.id):
            row = await self._live(channel_id)
            if expected_version is not None and row.version != expected_version:
                raise TableError("lobby_changed")
            seats = await self._lobby_seats(row)
            if user.id != row.host_id and not user.can_manage:
                raise TableError("not_host", who=next((s.name for s in seats if s.user_id == row.host_id), "?"))
            game = rules.get(row.game)
            if not bots.can_play(game):
                raise TableError("no_bots", game=lambda loc, g=game: rules.localised(g.title, loc))
            chosen = (level or bots.NEW_LEVEL).strip().lower()
            if chosen not in bots.LEVELS:
                raise TableError("bad_bot_level", level=level, levels=", ".join(bots.LEVELS))
            if len(seats) >= row.capacity:
                raise TableError("lobby_full", count=len(seats), capacity=row.capacity)
            bot_id, number = bots.new_id([s.user_id for s in seats])
            bot = SeatRow(len(seats), bot_id, f"Bot {number}", "bot", chosen)
            await self.db.set_seats(row.id, row.version, [*seats, bot])
            row = await self._live(channel_id)
        self.thinkers.warm()  # its first decision should not wait for processes to start
        result = await self._result("bot_added", row)
        lineup = [(s.user_id, s.name, s.bot_level) for s in [*seats, bot]]
        word = bots.bot_word(lineup, bot.user_id, row.locale) or bot.name
        result.events = [{"kind": "table", "key": "bot_added", "name": word, "level": bots.level_name(chosen, row.locale)}]
        return result

    @saves
    async def leave(self, *, channel_id: str, user: User) -> Result:
        row = await self._live(channel_id)
        async with self.lock(row.id):
            row = await self._live(channel_id)
            seats = await self._lobby_seats(row)
            if not any(s.user_id == user.id for s in seats):
                raise TableError("not_lobby_member")
            rest = [s for s in seats if s.user_id != user.id]
            if not any(not s.is_bot for s in rest):  # bots alone do not keep a lobby
                await self.db.set_status(row.id, row.version, "abandoned")
                row = await self.db.game(row.id)  # type: ignore[assignment]
                assert row is not None
                return await self._result("abandoned", row, seats=[])
            new_host = next(s.user_id for s in rest if not s.is_bot) if user.id == row.host_id else None
            version = await self.db.set_seats(row.id, row.version, rest, host_id=new_host)
            row = await self.db.game(row.id)  # type: ignore[assignment]
            assert row is not None and row.version == version
        return await self._result("left", row)

    @saves
    async def start(self, *, channel_id: str, user: User, game_id: int | None = None) -> Result:
        row = await self._live(channel_id, game_id)
        async with self.lock(row.id):
            row = await self._live(channel_id, game_id)
            seats = await self._lobby_seats(row)
            if user.id != row.host_id and not user.can_manage:
                raise TableError("not_host", who=next((s.name for s in seats if s.user_id == row.host_id), "?"))
            game = rules.get(row.game)
            # A lobby is for a shared game: solo play (one seat) happens only when opened as solo.
            needed = game.min_players if row.capacity == 1 else max(2, game.min_players)
            if len(seats) < needed:
                raise TableError("too_few", game=title_of(game), min=needed, count=len(seats))
            try:
                state = game.new(len(seats), split_options(game, row.options, row.capacity)[0])
            except IllegalAction as err:
                raise TableError("bad_options", detail=refusal(game, err, row.locale)) from err
            first: list[NewAction] = []
            if seating.wanted(game, row.options, len(seats)):
                game_options = split_options(game, row.options, row.capacity)[0]
                host = next((i for i, s in enumerate(seats) if s.user_id == row.host_id), None)
                keep = host if game.host_decides(len(seats), game_options) else None
                order = seating.draw(row.seed, 0, len(seats), first=keep)
                lobby = [s.user_id for s in seats]
                first.append(NewAction(seating.SEATING, seating.action_text(order), None, [seating.event(order, lobby)]))
                seats = [dataclasses.replace(seats[j], seat=i) for i, j in enumerate(order)]
            state, actions, events = await self._run_automatic(game, row.seed, 0, state, seats, first, row=row)
            status = "finished" if game.is_over(state) else "active"
            clock = await self._settle(row, seats, [], game.to_act(state))
            version = await self.db.commit_moves(
                row.id, row.version, 0, actions, game.dumps(state), status,
                seats=list(seats) if first else None, banks=clock.banks, due=[*clock.due, *self._announcing(0, actions)],
                game_time=clock.at,
            )
            row = await self.db.game(row.id)  # type: ignore[assignment]
            assert row is not None and row.version == version
            if clock.banks:
                seats = await self.db.seats(row.id)
            return self._announces(await self._result("started", row, seats, events, state), 0, actions)

    @saves
    async def abandon(self, *, channel_id: str, user: User) -> Result:
        row = await self._live(channel_id)
        async with self.lock(row.id):
            row = await self._live(channel_id)
            seats = await self.db.seats(row.id)
            if user.id != row.host_id and not user.can_manage:
                raise TableError("cannot_abandon")
            await self.db.set_status(row.id, row.version, "abandoned")
            row = await self.db.game(row.id)  # type: ignore[assignment]
            assert row is not None
            if row.snapshot is not None:  # a started game ends on the record (a lobby has none)
                await self.record_end(row, seats, self._state(row))
        return await self._result("abandoned", row, seats)
