"""A player's own calls, across every game they sit in: away mode, settings, "what waits on me".

Away mode pauses the caller's turn banks in every running game (a paused bank keeps what it had
and its reminders close); ``back`` resumes the banks of the games waiting on them, without a new
turn's gain. At most ``AWAY_LIMIT_DAYS`` away days in any ``AWAY_WINDOW_DAYS`` days (a rolling
window over the stored away periods); coming back early returns the whole days not used.
Settings are the player's: reminders on/off, quiet hours in their own time zone (a reminder due
then waits until they end), and language.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from datetime import datetime, timedelta
from datetime import time as dt_time
from typing import TYPE_CHECKING, Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import rules
from storage import Bank, GameRow, SeatRow, UserSettings
from table import bots, notices, timer
from table.messages import TableError
from table.results import AWAY_END

if TYPE_CHECKING:
    from table.core import TableCore
    from table.results import User

DAY = 86400.0
AWAY_LIMIT_DAYS = 14
AWAY_WINDOW_DAYS = 30
"""[DECISION] The issue's limits: 1–14 days at a time, at most 14 away days per 30 days."""
LANGUAGES = ("en", "zh-TW", "zh-CN")
GAMES_LISTED = 100


@dataclass(frozen=True)
class MyGame:
    """One of the caller's games as ``/me games`` lists it."""

    row: GameRow
    seats: list[SeatRow]
    waiting: bool
    """The game waits on the caller now."""
    since: float
    """Game time since which it waits (or was last changed)."""
    left: float | None
    """Seconds left in the caller's bank (``None``: no timer)."""
    held: bool = False
    """A bot plays the caller's seat (it took over when their time ran out): ``/game rejoin``."""


def parse_quiet(text: str) -> tuple[int, int] | None:
    """``"22-7"`` or ``"22:30-07:00"`` → minutes after midnight (start, end); ``"off"`` → None."""
    text = text.strip().lower()
    if text in ("", "off", "none", "no"):
        return None
    start, sep, end = text.partition("-")
    if not sep:
        raise TableError("bad_quiet", text=text)
    try:
        hours = _minutes(start), _minutes(end)
    except ValueError:
        raise TableError("bad_quiet", text=text) from None
    if hours[0] == hours[1]:  # "7-7" (or "0-24") spans no time at all: not quiet hours the player meant
        raise TableError("empty_quiet", text=text)
    return hours


def _minutes(text: str) -> int:
    hours, _, minutes = text.strip().partition(":")
    h, m = int(hours), int(minutes or 0)
    if not (0 <= h <= 24 and 0 <= m < 60 and h * 60 + m <= 24 * 60):
        raise ValueError(text)
    return (h * 60 + m) % (24 * 60)


def quiet_until(settings: UserSettings, now: float) -> float | None:
    """If ``now`` falls in the player's quiet hours, the game time they end; else ``None``.

    The end is found on the player's own wall clock (today's or tomorrow's end time, as a local
    date and time) and only then turned into a moment, so a night in which the clocks change for
    daylight saving still ends at the hour they chose, not an hour early or late."""
    if settings.quiet_start is None or settings.quiet_end is None or settings.quiet_start == settings.quiet_end:
        return None
    zone = ZoneInfo(settings.time_zone)
    local = datetime.fromtimestamp(now, zone)
    minute = local.hour * 60 + local.minute
    start, end = settings.quiet_start, settings.quiet_end
    inside = start <= minute < end if start < end else (minute >= start or minute < end)
    if not inside:
        return None
    day = local.date() if minute < end else local.date() + timedelta(days=1)
    ends = datetime.combine(day, dt_time(end // 60, end % 60), zone)
    # A wall time that does not exist that night (skipped by a spring-forward) is read with the
    # offset before the change, which lands just after the gap; a repeated (autumn) hour is read
    # as its first occurrence.
    moment = ends.timestamp()
    return moment if moment > now else None


def _current_period(
    settings: UserSettings, periods: list[tuple[float, float]], now: float
) -> tuple[float, float] | None:
    """The away period the player is in now (the one ending when their away time does)."""
    if settings.away_until is None or settings.away_until <= now:
        return None
    return next((p for p in periods if p[0] <= now < p[1] and p[1] == settings.away_until), None)


def _away_check(
    others: list[tuple[float, float]], start: float, until: float, limit: int | None = AWAY_LIMIT_DAYS
) -> int | None:
    """Away days counted in the 30 days ending ``until`` if the player is away from ``start`` to
    ``until`` besides their ``others`` (earlier) periods: ``None`` if that breaks ``limit``.

    No other 30-day window holds more: every other period ended before ``start``, so a window
    ending earlier loses at least as much of this period as it gains of the earlier ones."""
    low = until - AWAY_WINDOW_DAYS * DAY
    seconds = max(0.0, until - max(start, low))
    seconds += sum(max(0.0, min(b, until) - max(a, low)) for a, b in others)
    days = math.ceil(seconds / DAY - 1e-9)
    return None if limit is not None and days > limit else days


class PlayerCalls:
    """The ``TableService`` calls about a player rather than a table (mixed into the service)."""

    async def settings(
        self: TableCore,
        *,
        user: User,
        reminders: bool | None = None,
        quiet: str | None = None,
        time_zone: str | None = None,
        language: str | None = None,
    ) -> UserSettings:
        """The caller's settings, changed by whatever is given (nothing given: just read)."""
        current = await self.db.user_settings(user.id)
        changes: dict[str, Any] = {}
        if reminders is not None:
            changes["reminders"] = reminders
        if quiet is not None:
            hours = parse_quiet(quiet)
            changes["quiet_start"], changes["quiet_end"] = hours if hours else (None, None)
        if time_zone is not None:
            try:
                ZoneInfo(time_zone.strip())
            except (ZoneInfoNotFoundError, ValueError):
                raise TableError("bad_time_zone", zone=time_zone) from None
            changes["time_zone"] = time_zone.strip()
        if language is not None:
            if language not in LANGUAGES:
                raise TableError("bad_language", language=language, languages=", ".join(LANGUAGES))
            changes["locale"] = language
        if not changes:
            return current
        updated = dataclasses.replace(current, **changes)
        await self.db.save_user_settings(updated)
        return updated

    async def is_away(self: TableCore, user_id: str) -> bool:
        settings = await self.db.user_settings(user_id)
        return settings.away_until is not None and settings.away_until > self.clock.now()

    async def away(self: TableCore, *, user: User, days: int) -> UserSettings:
        """Pause the caller's banks in every game for ``days`` days (1–14), or ``days`` more if
        they are away already; at most 14 away days in any 30 days (``_away_check``)."""
        if not 1 <= days <= AWAY_LIMIT_DAYS:
            raise TableError("bad_away_days", limit=AWAY_LIMIT_DAYS)
        now = self.clock.now()
        settings = await self.db.user_settings(user.id)
        periods = await self.db.away_periods(user.id, now - AWAY_WINDOW_DAYS * DAY)
        current = _current_period(settings, periods, now)
        start, base = current if current is not None else (now, now)
        others = [p for p in periods if p != current]
        used = _away_check(others, start, base + days * DAY)
        if used is None:
            left = next((d for d in range(days - 1, 0, -1) if _away_check(others, start, base + d * DAY) is not None), 0)
            raise TableError("away_limit", left=left, limit=AWAY_LIMIT_DAYS, window=AWAY_WINDOW_DAYS)
        until = base + days * DAY
        updated = dataclasses.replace(
            settings, away_until=until, away_window_start=until - AWAY_WINDOW_DAYS * DAY, away_days_used=used
        )
        await self.db.save_away(updated, start, until)
        for row in await self._active_games_of(user.id):
            await self._pause_or_resume(row, user.id, pause=True)
            seat = next((s.seat for s in await self.db.seats(row.id) if s.user_id == user.id), None)
            if seat is not None:  # the scheduler resumes the bank when the away time ends
                await self.db.add_due(row.id, seat, AWAY_END, int(until), until)
        return updated

    async def back(self: TableCore, *, user: User) -> UserSettings:
        """End away mode: the whole days not used return to the allowance; banks run again."""
        now = self.clock.now()
        settings = await self.db.user_settings(user.id)
        if settings.away_until is None or settings.away_until <= now:
            raise TableError("not_away")
        periods = await self.db.away_periods(user.id, now - AWAY_WINDOW_DAYS * DAY)
        current = _current_period(settings, periods, now)
        start = current[0] if current is not None else now
        counted = min(settings.away_until, start + math.ceil(max(0.0, now - start) / DAY) * DAY)
        others = [p for p in periods if p != current]
        used = _away_check(others, start, counted, limit=None) or 0
        updated = dataclasses.replace(settings, away_until=None, away_days_used=used)
        if current is not None:
            await self.db.save_away(updated, start, counted)
        else:  # away since before away periods were kept: nothing to cut short
            await self.db.save_user_settings(updated)
        for row in await self._active_games_of(user.id):
            await self._pause_or_resume(row, user.id, pause=False)
        return updated

    async def _active_games_of(self: TableCore, user_id: str) -> list[GameRow]:
        return [r for r in await self.db.games_of_user(user_id, GAMES_LISTED) if r.status == "active"]

    async def resume_after_away(self: TableCore, game_id: int, user_id: str) -> None:
        """The away time ended (a scheduler item): the player's bank in this game runs again."""
        row = await self.db.game(game_id)
        if row is not None and row.status == "active" and not await self.is_away(user_id):
            await self._pause_or_resume(row, user_id, pause=False)

    async def _pause_or_resume(self: TableCore, row: GameRow, user_id: str, *, pause: bool) -> None:
        async with self.lock(row.id):
            fresh = await self.db.game(row.id)
            if fresh is None or fresh.status != "active":
                return
            seats = await self.db.seats(row.id)
            seat = next((s for s in seats if s.user_id == user_id), None)
            t = timer.limit(self.table_options(fresh))
            if seat is None or seat.bank_left is None or t is None:
                return
            acting = rules.get(fresh.game).to_act(self._state(fresh))
            if seat.seat not in acting:
                return
            if any(d.kind == notices.VOTE and d.seat == seat.seat for d in await self.db.pending_due(row.id)):
                # The bank already ran out and the others are voting: going away does not take the
                # vote from them (nor its votes), and coming back does not open a fresh one.
                return
            if not pause and sum(1 for s in seats if not s.is_bot) <= 1:
                return  # nobody else at the table: the bank stands still (``TableService._settle``)
            now = self.clock.now()
            if pause and seat.turn_began is not None:
                left = timer.remaining(seat, now)
                assert left is not None
                await self.db.set_banks(row.id, fresh.version, [Bank(seat.seat, left, None, seat.turn_gain or 0.0)], ended=[seat.seat])
            elif not pause and seat.turn_began is None:
                clock = timer.settle(seats, [], [seat.seat], now, t, fresh.version + 1, gain=False)
                await self.db.set_banks(row.id, fresh.version, clock.banks, clock.due)

    async def my_games(self: TableCore, *, user: User) -> list[MyGame]:
        """Every game of the caller, across servers and DMs: those waiting on them first, the
        longest wait first; then the rest, most recent first."""
        now = self.clock.now()
        out: list[MyGame] = []
        held_id = bots.held_for(user.id)
        listed: set[int] = set()
        for row in await self.db.games_of_user(user.id, GAMES_LISTED, also=[held_id]):
            if row.id in listed:  # their own seat and one a bot holds for them: one game, listed once
                continue
            listed.add(row.id)
            seats = await self.db.seats(row.id)
            mine = next((s for s in seats if s.user_id == user.id), None)
            if mine is None:  # a bot holds the seat: listed so the player finds the way back
                # (only while the game goes on: a game that is over has no seat to take back)
                held = row.status in ("lobby", "active")
                out.append(MyGame(row, seats, False, row.updated_at, None, held=held))
                continue
            waiting = False
            if row.status == "active" and mine is not None:
                waiting = mine.seat in rules.get(row.game).to_act(self._state(row))
            since = mine.turn_began if mine is not None and mine.turn_began is not None else row.updated_at
            left = timer.remaining(mine, now) if mine is not None and row.status == "active" else None
            out.append(MyGame(row, seats, waiting, since, left))
        waiting_games = sorted((g for g in out if g.waiting), key=lambda g: g.since)
        rest = [g for g in out if not g.waiting]
        return [*waiting_games, *rest]
