"""The core of the table service: the state every verb family shares (database, clock, locks,
thinkers) and the helpers they all use to load a game and describe it (``_live``, ``_result``,
``_settle``, ...).

The verb families (``table.lobby``, ``table.play``, ``table.seats``, ``table.reading``,
``table.posting``) subclass ``TableCore``; the older mixins (``table.me``, ``table.server``, ...)
annotate ``self: TableCore``. None of them imports ``table.service``, which only assembles them.
"""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import logging
import secrets
import weakref
from collections.abc import Awaitable, Callable, Iterable
from typing import Any, ParamSpec, TypeVar

import rules
from rules import Event, Game, IllegalAction
from storage import ActionRow, CommitUnknown, Conflict, Database, GameRow, SeatRow, StorageBusy
from storage import ratings as rating_rule
from table import bots, decorations, observability, stamps, thinkers, timer
from table import clock as game_time
from table.clock import Clock
from table.clock import from_env as clock_from_env
from table.holders import Holders
from table.messages import TableError, message
from table.options import split_options
from table.results import AWAY_END, ENDING_POSTS, Result, User, alone

log = logging.getLogger("postern.table")

P = ParamSpec("P")
T = TypeVar("T")


def saves(method: Callable[P, Awaitable[T]]) -> Callable[P, Awaitable[T]]:
    """Mark a call that writes: a write the database could not save (locked, disk full) becomes
    the localised refusal "could not save, try again" — the transaction was rolled back, so the
    player knows nothing was applied and may simply retry."""

    @functools.wraps(method)
    async def wrapper(*args: P.args, **kwargs: P.kwargs) -> T:
        service = args[0]
        assert isinstance(service, TableCore)
        service._in_flight += 1
        try:
            return await method(*args, **kwargs)
        except StorageBusy as err:
            log.warning("write refused by the database: %s", err)
            raise TableError("storage_busy") from err
        except CommitUnknown as err:  # neither "nothing changed" nor "done": say so, point to the truth
            log.error("a write's outcome is unknown: %s", err)
            raise TableError("commit_unknown") from err
        except Conflict as err:  # another process wrote first (its version guard): nothing applied here
            observability.REFUSALS.labels("busy").inc()
            raise TableError("busy") from err
        except TableError as err:
            observability.REFUSALS.labels(err.key).inc()
            raise
        finally:
            service._in_flight -= 1
            if not service._in_flight:
                service._idle.set()

    return wrapper


class TableCore:
    """Application service over a ``Database``; safe to share across tasks of one event loop."""

    def __init__(
        self,
        db: Database,
        seed_source: Callable[[], str] | None = None,
        clock: Clock | None = None,
        thinker: thinkers.Thinkers | None = None,
        durable_posts: bool = False,
    ) -> None:
        self.db = db
        self.durable_posts = durable_posts
        """Whether commits that log actions also write their announcement (``table.announce``)."""
        self.thinkers: thinkers.Thinkers = thinker or thinkers.shared()
        """Where bot seats think (``table.thinkers``: a process pool, or inline for tests)."""
        self.clock: Clock = clock or clock_from_env()
        """Game time for every due time (turn banks, reminders, votes); see ``table.clock``."""
        # Locks live only while someone holds or waits on them, so finished games leave nothing.
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._seed = seed_source or (lambda: secrets.token_hex(8))
        self._in_flight = 0
        self._idle = asyncio.Event()
        self._idle.set()

    async def keep_time(self) -> None:
        """Run on the game time kept in the database (``table.clock.keep``): call once the database
        is open, so a restart goes on from the game time that stood, and processes sharing the
        database agree on it."""
        await game_time.keep(self.clock, self.db)

    async def follow_time(self) -> None:
        """Read the kept game time again (``table.clock.follow``): another process may have moved
        it on or changed its speed since this one started."""
        await game_time.follow(self.clock, self.db)

    async def advance_time(self, seconds: float) -> None:
        """Move game time forward for good (the console's ``wait``): kept in the database."""
        await game_time.advance(self.clock, self.db, seconds)

    async def drain(self, timeout: float = 30.0) -> bool:
        """Wait until no write call is running (a clean shutdown lets started moves commit).

        True when idle; False if ``timeout`` passed first.
        """
        deadline = asyncio.get_running_loop().time() + timeout
        while self._in_flight:
            self._idle.clear()
            remaining = deadline - asyncio.get_running_loop().time()
            if remaining <= 0:
                return False
            try:
                await asyncio.wait_for(self._idle.wait(), remaining)
            except TimeoutError:
                return False
        return True

    async def count_live_games(self) -> dict[str, int]:
        """Live games per game name, also published as the ``postern_live_games`` gauge."""
        counts = await self.db.live_counts()
        for name in rules.GAMES:
            observability.LIVE_GAMES.labels(name).set(counts.get(name, 0))
        return counts

    def lock(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    # ---- loading ----------------------------------------------------------------------------
    async def _live(self, channel_id: str, game_id: int | None = None) -> GameRow:
        """The channel's live game; with ``game_id`` (a button) it must still be that game."""
        row = await self.db.live_game(channel_id)
        if row is None:
            raise TableError("no_game" if game_id is None else "stale")
        if game_id is not None and row.id != game_id:
            raise TableError("stale")
        return row

    async def _result(
        self,
        kind: str,
        row: GameRow,
        seats: list[SeatRow] | None = None,
        events: list[Event] | None = None,
        state: Any = None,
        actor: str | None = None,
        still_acting: set[int] | None = None,
        reader: str | None = None,
    ) -> Result:
        """The table as players see it after ``kind``. ``still_acting``: seats that were already
        deciding before this change and still are (a simultaneous step): not mentioned again.
        ``reader``: the language of the one who reads a private answer, for the words the table
        makes (bot names, move-group labels); public posts use the table's language."""
        seats = seats if seats is not None else await self.db.seats(row.id)
        words = reader or row.locale
        names = bots.display_names([(s.user_id, s.name, s.bot_level) for s in seats], words)
        users = [s.user_id for s in seats]
        result = Result(
            kind=kind,
            game_id=row.id,
            game=row.game,
            status=row.status,
            version=row.version,
            locale=row.locale,
            names=names,
            user_ids=users,
            events=events or [],
            capacity=row.capacity,
            host_id=row.host_id,
            stamp=stamps.of(row),
        )
        if row.status == "active" and any(s.bank_left is not None for s in seats) and alone(seats):
            result.banks = [None for _ in seats]  # nothing runs: ``clock_lines`` says why
            result.alone = True
        elif row.status == "active" and any(s.bank_left is not None for s in seats):
            now = self.clock.now()
            result.banks = [None if s.is_bot else timer.remaining(s, now) for s in seats]
            try:
                people = await self.db.users_settings([s.user_id for s in seats if not s.is_bot])
            except StorageBusy:
                # Read after the move was committed: a busy database must not report the move as
                # "not applied" (the player would send it again). The post loses its away notes.
                log.warning("away settings unreadable for game %d; posted without them", row.id)
                people = {}
            for s in seats:
                settings = None if s.is_bot else people.get(s.user_id)
                away = settings is not None and settings.away_until is not None and settings.away_until > now
                result.away.append(settings.away_until if away and settings is not None else None)
        if state is not None:
            game = rules.get(row.game)
            result.to_act = game.to_act(state)
            rows = await self._log_tail(row, None)
            public = game.view(state, None)
            if row.status == "abandoned":
                # Ended by the players' vote (or the host) mid-game: nobody is to act any more, and
                # the board says the game ended unfinished rather than whose turn it was.
                result.to_act = []
                public.update(to_act=[], ended=True)
            result.view = self._decorate(public, names, words, seats=seats, game=game, rows=rows, state=state)
            if result.banks:
                result.view["clocks"] = result.clocks()
                result.view["away"] = result.away_texts()
            result.mention = [
                users[s] for s in result.to_act
                if 0 <= s < len(users) and users[s] != actor and not bots.is_bot_id(users[s])
                and s not in (still_acting or ())
            ]
            result.mention = list(dict.fromkeys(result.mention))
            humans = [s for s in result.to_act if 0 <= s < len(users)]
            if len(humans) == 1 and row.status == "active":
                result.quick_seat = humans[0]
                legal = game.legal_actions(state, humans[0])
                result.quick = game.quick_actions(legal)
                result.slices = [label for label, _ in game.split_moves(legal, words)]
            if game.is_over(state) or row.status == "abandoned":  # ended early: scores as they stood
                result.scores = game.scores(state)
                result.ranking = game.ranking(state)
                result.places = game.places(state)
                if row.status != "active":  # recorded and rated once, wherever the end is first seen
                    shown = rating_rule.guild_scope(row.guild_id) or rating_rule.GLOBAL
                    result.ratings = [c for c in await self.record_end(row, seats, state) if c.scope == shown]
                if kind in ENDING_POSTS:  # the final post carries the game's story (``table.story``)
                    story = await self.story(row, names, row.locale)
                    if story is not None:
                        title = rules.localised(game.title, row.locale)
                        result.story = story.view(message("story_title", row.locale, game=title, id=row.id), row.locale)
        return result

    def table_options(self, row: GameRow) -> dict[str, Any]:
        """The table's own options of a game (seating, timer), validated, defaults filled in."""
        try:
            return split_options(rules.get(row.game), row.options, row.capacity)[1]
        except IllegalAction:
            return {}

    async def _settle(
        self,
        row: GameRow,
        seats: list[SeatRow],
        before: list[int],
        after: list[int],
        *,
        gain: bool = True,
        restarted: Iterable[int] = (),
        undone: tuple[float, int] | None = None,
    ) -> timer.Settled:
        """The turn banks after a commit that moves the seats to act from ``before`` to ``after``;
        the banks of players who are away do not start running, and the end of their away time
        is scheduled for this game (the turn may reach them in a game that started after they
        left), so their bank runs again by itself when they are due back. ``undone``: the commit
        is an undo of the move made at that game time by that seat (``timer.rewind``)."""
        t = timer.limit(self.table_options(row))
        paused = []
        returns: list[tuple[int, str, int, float]] = []
        if t is not None and alone(seats):
            # Nobody else waits (the others are bots): no bank runs, so none runs out, and no
            # vote nobody could cast hands the last human's seat to a bot.
            paused = [seat.seat for seat in seats if not seat.is_bot]
        elif t is not None:
            waiting = [seat for seat in seats if seat.seat in after and not seat.is_bot]
            people = await self.db.users_settings([seat.user_id for seat in waiting])
            now = self.clock.now()
            for seat in waiting:
                until = people[seat.user_id].away_until
                if until is not None and until > now:
                    paused.append(seat.seat)
                    returns.append((seat.seat, AWAY_END, int(until), until))
        if undone is not None:
            moved_at, undoer = undone
            clock = timer.rewind(seats, before, after, self.clock.now(), t, row.version + 1, moved_at, undoer, paused)
        else:
            clock = timer.settle(
                seats, before, after, self.clock.now(), t, row.version + 1,
                paused=paused, gain=gain, restarted=restarted,
            )
        return dataclasses.replace(clock, due=[*clock.due, *returns]) if returns else clock

    @staticmethod
    def _decorate(
        view: dict[str, Any],
        names: list[str],
        locale: str,
        *,
        seats: list[SeatRow] | None = None,
        game: Game | None = None,
        rows: list[ActionRow] | None = None,
        reader: int | None = None,
        state: Any = None,
    ) -> dict[str, Any]:
        """The view a renderer gets: the rules' view plus names and language and, given the seats
        and the log's tail, the board's decorations (``table.decorations``): bare names and bot
        levels, the last decision, and for a ``reader`` seat the others' decisions since theirs."""
        out = {**view, "names": names, "locale": locale}
        if seats is not None:
            out["bare_names"], out["bots"] = decorations.seat_words(seats, locale)
        if game is not None and rows is not None:
            # the lines name seats without bot suffixes: a board draws the bot badge itself
            said = out.get("bare_names") or names
            last = decorations.last_of(game, rows, locale, said)
            if last is not None:
                out["last"] = last
                out["last_turn"] = decorations.last_turn_of(game, rows, locale, said)
            if reader is not None:
                out["since"] = decorations.since_of(game, rows, reader, locale, said)
        if game is not None and state is not None:
            standings = decorations.standings(game, state, ended=bool(out.get("ended")))
            if standings is not None:
                out["standings"] = standings
        return out

    async def _log_tail(self, row: GameRow, reader: int | None) -> list[ActionRow]:
        """The end of the game's log that the decorations need: back to the latest decision, and
        for a ``reader`` seat back to its own last decision (or enough of the others' ones)."""
        count = 32
        while True:
            rows = await self.db.recent_actions(row.id, count)
            if decorations.reaches(rows, reader, count):
                return rows
            count *= 8

    async def _seat_of(self, row: GameRow, user: User) -> tuple[list[SeatRow], int]:
        """The game's seats and the caller's seat in it; "not seated" for anyone else."""
        seats = await self.db.seats(row.id)
        seat = next((s.seat for s in seats if s.user_id == user.id), None)
        if seat is None:
            # A bot took the caller's seat when their time ran out: say how to get it back.
            # Once the game is over there is no way back to offer, only what happened.
            held = any(s.user_id == bots.held_for(user.id) for s in seats)
            if held and row.status != "active":
                raise TableError("seat_was_held")
            raise TableError("seat_held_by_bot" if held else "not_seated")
        return seats, seat

    def _state(self, row: GameRow) -> Any:
        if row.snapshot is None:
            raise TableError("not_started")
        return rules.get(row.game).loads(row.snapshot)

    async def _next_seq(self, game_id: int) -> int:
        return await self.db.next_seq(game_id)

    async def _live_or_finished(self, channel_id: str, game_id: int | None) -> GameRow:
        if game_id is not None:
            row = await self.db.game(game_id)
            if row is None or row.channel_id != channel_id:
                raise TableError("no_game")
            return row
        return await self._live(channel_id)

    async def _holders(self, row: GameRow, seats: list[SeatRow], locale: str) -> Holders:
        """The seats' names at every point of the game's log, in ``locale`` (``table.holders``):
        a line of the log names the player who held the seat when it happened."""
        return Holders(seats, await self.db.seat_changes(row.id), locale)
