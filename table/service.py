"""The table service: one call per user intent, the same for Discord and the local console.

Each call loads the channel's game, authorises the user, asks the rules, resolves every chance
step that follows (seeded by the game's seed and the log position, and logged), saves the new
actions and snapshot in one transaction, and returns a ``Result`` telling the adapter what to
post. Moves on one game are serialised by a per-game lock in this process and by the version
check of ``storage.commit_moves`` across processes: no move is lost or applied twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import functools
import logging
import secrets
import time
import weakref
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, ParamSpec, TypeVar

import rules
from rules import CHANCE, Event, Game, IllegalAction
from storage import (
    GAME_ITEM_SEAT,
    ActionRow,
    Bank,
    CommitUnknown,
    Conflict,
    Database,
    GameRow,
    NewAction,
    SeatRow,
    StorageBusy,
)
from storage import ratings as rating_rule
from storage.records import RatingChange
from table import (
    announce,
    autoplay,
    bots,
    decorations,
    notices,
    observability,
    reveal,
    seating,
    stamps,
    thinkers,
    timer,
)
from table import clock as game_time
from table.chance import resolve
from table.clock import Clock
from table.clock import from_env as clock_from_env
from table.hints import HintCalls
from table.holders import Holders
from table.me import AWAY_END, PlayerCalls
from table.messages import TableError, listing, message, refusal
from table.named import named
from table.notes import NoteCalls
from table.options import split_options
from table.order import sort_moves
from table.records import RecordCalls
from table.replays import ReplayCalls
from table.server import ServerCalls
from table.since import SinceCalls
from table.story import StoryCalls

log = logging.getLogger("postern.table")

MAX_CHANCE_STEPS = 10_000
"""Bound on automatic steps (chance and bot decisions) after one decision: a deal is a few dozen,
a table of bots plays a whole game (a few hundred); this only guards bugs."""


VOTE_BOT, VOTE_END = "bot", "end"
"""The outcomes of a vote that the table applies itself (``table.scheduler`` names them all)."""

UNDO_REACH = 500
"""How far back an undo looks for the caller's decision (bot answers in between included)."""


@dataclass(frozen=True)
class User:
    """Who is calling: ids are strings so any adapter (Discord snowflakes, console names) fits."""

    id: str
    name: str
    can_manage: bool = False
    can_manage_server: bool = False
    """Manage Server: may change the server's settings (``table.server``)."""


FULL_WIDTH = {code: code - 0xFEE0 for code in range(0xFF01, 0xFF5F)} | {0x3000: 0x20}
"""The full-width forms of ASCII (and the ideographic space) → ASCII: what a Chinese or Japanese
input method types in full-width mode."""


def as_typed(action: str) -> str:
    """A typed move as the rules read it: full-width forms folded to their ASCII twins, so
    "ｔａｋｅ　１" or "take 2：CAS" from a Chinese input method is the move it looks like (every
    notation is ASCII; autocomplete already matched such text), and the ends trimmed. Nothing
    else is folded: a "²" is not read as a 2 (a guess the player did not make)."""
    return action.translate(FULL_WIDTH).strip()


@dataclass
class Result:
    """What an adapter needs after a call."""

    kind: str
    game_id: int
    game: str
    status: str
    version: int
    locale: str
    names: list[str]
    user_ids: list[str]
    events: list[Event] = field(default_factory=list)
    mention: list[str] = field(default_factory=list)
    """User ids to notify: those who must act now and did not just act."""
    view: dict[str, Any] | None = None
    """The public view (with names) to draw, when the board changed."""
    to_act: list[int] = field(default_factory=list)
    capacity: int = 0
    host_id: str = ""
    quick: list[str] = field(default_factory=list)
    """Button-worthy moves for the single seat to act (``Game.quick_actions``)."""
    slices: list[str] = field(default_factory=list)
    """Labels of ``Game.split_moves`` for the single seat to act (one button each)."""
    quick_seat: int | None = None
    scores: list[int] = field(default_factory=list)
    ranking: list[int] = field(default_factory=list)
    places: list[int] = field(default_factory=list)
    """The place of each ``ranking`` entry (1, 1, 3: a shared first place shows as one)."""
    banks: list[float | None] = field(default_factory=list)
    """Seconds left in each seat's turn bank (``None`` for a bot seat); empty: no timer."""
    away: list[float | None] = field(default_factory=list)
    """Per seat, the game time until which its player is away, or ``None``."""
    stamp: int = 0
    """What the move buttons and pickers of this result are drawn for (``table.stamps``)."""
    seat_stamp: int | None = None
    """A private result's stamp of the reader's own decision (``stamps.of_seat``), when they are
    to act: what their picker is drawn for, so another seat's move does not make it stale."""
    story: dict[str, Any] | None = None
    """The ``render.stats`` view of an ended game's story, on the post that announces the end."""
    ratings: list[RatingChange] = field(default_factory=list)
    """The rating changes of an ended rated game, in the scope its posts show (its server's, else
    the global one): ``table.records``."""
    alone: bool = False
    """A timed table with no other human (bots only): no bank runs, as ``clock_lines`` says."""
    announce: tuple[int, int] | None = None
    """The first and last action sequence numbers this result's public post announces
    (``table.announce``): the adapter hands the result to ``TableService.announced`` once posted."""

    def clocks(self, locale: str | None = None) -> list[str | None]:
        """Each seat's bank as the reader reads it ("1 d 4 h left"), or ``None`` without one. The
        away note is ``away_texts``: the board draws both side by side, so neither repeats it."""
        loc = locale or self.locale
        return [None if bank is None else timer.left_text(bank, loc) for bank in self.banks]

    def away_texts(self, locale: str | None = None) -> list[str | None]:
        """Per seat, "away until 2026-11-28 09:00 UTC" in the reader's language, or ``None``
        (drawn on the board image beside the clocks, so the wait is explained where it is seen)."""
        loc = locale or self.locale
        until = [self.away[i] if i < len(self.away) else None for i in range(len(self.banks))]
        return [
            None if u is None else message("away_until", loc, until=time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(u)))
            for u in until
        ]

    def clock_lines(self, locale: str | None = None) -> list[str]:
        """"Ana: 1 d 4 h left" for every seat with a bank, "— away until …" added once for a
        player who is away (also one without a bank: their wait is explained all the same)."""
        loc = locale or self.locale
        if self.alone:
            return [message("alone_clock", loc)]
        out = []
        for name, text, away in zip(self.names, self.clocks(loc), self.away_texts(loc), strict=False):
            parts = [part for part in (text, away) if part]
            if parts:
                out.append(f"{name}: {' — '.join(parts)}")
        return out

    def lines(self, locale: str | None = None) -> list[str]:
        game = rules.get(self.game)
        out = []
        for event in self.events:
            text = seating.event_line(game, event, locale or self.locale, self.names)
            if text:
                out.append(text)
        return out

    @property
    def finished(self) -> bool:
        return self.status == "finished"

    @property
    def standings(self) -> bool:
        """Whether this result carries a game's standings to show: a finished game's, or those of a
        game ended early (by the players' vote, or abandoned) as its scores stood then."""
        return self.status in ("finished", "abandoned") and bool(self.ranking)

    @property
    def against_the_rules(self) -> bool:
        """A one-seat game with no automa ranked beside the player (Burgundy's solo game, the card
        game's solo mode): it is won or lost against a target the game's own final line states,
        so a ranking of one ("1. Player 23", "winner: Player") would say nothing true."""
        return len(self.names) == 1 and rules.AUTOMA not in self.ranking

    def shows(self, drawn_for: int) -> bool:
        """Whether a button drawn for ``drawn_for`` fits the position this result shows."""
        if drawn_for < stamps.MARK:
            return drawn_for == self.version
        return drawn_for in (self.stamp, self.seat_stamp)


def parse_options(text: str | None) -> dict[str, str]:
    """``"card_passing=true, long_match=yes"`` → a dict of raw values (validated by the game)."""
    out: dict[str, str] = {}
    if not text:
        return out
    for part in text.replace(",", " ").replace(";", " ").split():
        key, sep, value = part.partition("=")
        if not sep or not key or not value:
            raise TableError("options_format", part=part)
        key = key.strip().lower()
        if key in out:  # which of two values was meant is a guess: ask instead
            raise TableError("option_twice", option=key)
        out[key] = value.strip()
    return out


P = ParamSpec("P")
T = TypeVar("T")


ENDING_POSTS = frozenset({"moved", "taken_over", "ended_unfinished", "abandoned", announce.CAUGHT_UP})
"""Results whose public post may announce a game's end: they carry its story picture."""


def saves(method: Callable[P, Awaitable[T]]) -> Callable[P, Awaitable[T]]:
    """Mark a call that writes: a write the database could not save (locked, disk full) becomes
    the localised refusal "could not save, try again" — the transaction was rolled back, so the
    player knows nothing was applied and may simply retry."""

    @functools.wraps(method)
    async def wrapper(*args: P.args, **kwargs: P.kwargs) -> T:
        service = args[0]
        assert isinstance(service, TableService)
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


def alone(seats: Iterable[SeatRow]) -> bool:
    """Whether at most one human sits at the table (the others are bots, or bots holding seats of
    players whose time ran out): nobody would be waiting on that human, so their turn bank does
    not run (``TableService._settle``) and no vote is opened on them."""
    return sum(1 for seat in seats if not seat.is_bot) <= 1


def title_of(game: Game) -> Callable[[str], str]:
    """A game's title for a ``TableError``, in the language the error is finally shown in."""
    return lambda locale: rules.localised(game.title, locale)


def _pick_game(name: str) -> Game:
    try:
        return rules.get(name.strip().lower())
    except KeyError:
        raise TableError("unknown_game", game=name, games=", ".join(rules.GAMES)) from None


class TableService(PlayerCalls, ServerCalls, RecordCalls, NoteCalls, StoryCalls, ReplayCalls, SinceCalls, HintCalls):
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
            result.view = self._decorate(public, names, row.locale, seats=seats, game=game, rows=rows, state=state)
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

    async def _next_seq(self, game_id: int) -> int:
        return await self.db.next_seq(game_id)

    async def _live_or_finished(self, channel_id: str, game_id: int | None) -> GameRow:
        if game_id is not None:
            row = await self.db.game(game_id)
            if row is None or row.channel_id != channel_id:
                raise TableError("no_game")
            return row
        return await self._live(channel_id)

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

    async def _holders(self, row: GameRow, seats: list[SeatRow], locale: str) -> Holders:
        """The seats' names at every point of the game's log, in ``locale`` (``table.holders``):
        a line of the log names the player who held the seat when it happened."""
        return Holders(seats, await self.db.seat_changes(row.id), locale)

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
