"""Game time: one clock object for every due time of the table (turn banks, reminders, votes).

Turn timers are measured in hours and days, far too slow to try out or to test in real time. So
the table never reads the wall clock itself: it asks a ``Clock``. ``ScaledClock`` is real time
sped up by ``POSTERN_TIME_SCALE`` (default 1; ``3600`` makes an hour of game time pass each
second) and can be advanced by hand (the console's ``wait``); ``ScriptedClock`` moves only when a
test says so. Both count seconds since the epoch, so stored due times are ordinary timestamps.

Game time is durable (``keep``): the database holds one anchor, game time ``game_at`` at wall time
``wall_at`` running ``scale`` times faster since, and every process sharing the database runs on
it. A restart therefore continues game time where it stood (plus the scaled time it was down:
game time is a function of the wall clock, the same in every process), instead of starting again
from the wall clock, which made every bank look full and every reminder late. At scale 1 with no
``wait``, the anchor is the wall clock itself.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable, Mapping
from typing import Protocol

from storage import ClockAnchor, Database

log = logging.getLogger("postern.clock")

SCALE_VARIABLE = "POSTERN_TIME_SCALE"
SCHEDULER_VARIABLE = "POSTERN_SCHEDULER_SECONDS"
DEFAULT_SCHEDULER_SECONDS = 30.0


class Clock(Protocol):
    """Game time in seconds since the epoch."""

    def now(self) -> float: ...

    def advance(self, seconds: float) -> None:
        """Move game time forward by ``seconds`` (the console's ``wait``)."""
        ...


class ScaledClock:
    """Real time × ``scale`` from an anchor, plus any manual advance.

    Made alone, the anchor is the moment the clock was made (game time = wall time then); ``keep``
    replaces it with the database's, so game time is the same after a restart and in every process.
    At scale 1 with no advance this is exactly the wall clock.
    """

    def __init__(self, scale: float = 1.0, source: Callable[[], float] = time.time) -> None:
        if not scale > 0:
            raise ValueError(f"{SCALE_VARIABLE} must be a positive number, not {scale!r}")
        self.scale = float(scale)
        self._source = source
        self._wall_at = source()
        self._game_at = self._wall_at
        self._skipped = 0.0

    def now(self) -> float:
        return self._game_at + (self._source() - self._wall_at) * self.scale

    def advance(self, seconds: float) -> None:
        """Move this process's game time on; ``advance`` (below) also moves the kept one."""
        if seconds < 0:
            raise ValueError("time only moves forward")
        self._game_at += seconds
        self._skipped += seconds

    @property
    def skipped(self) -> float:
        """Game seconds added by ``advance`` in this process."""
        return self._skipped

    def wall(self) -> float:
        """The wall clock this clock runs on (a test's fake one, in tests)."""
        return self._source()

    def anchor(self) -> ClockAnchor:
        """Game time now, as an anchor to keep: this clock's reading at the current wall time."""
        wall = self._source()
        return ClockAnchor(self.scale, wall, self._game_at + (wall - self._wall_at) * self.scale)

    def follow(self, anchor: ClockAnchor) -> None:
        """Run on ``anchor`` from now on (its scale must be this clock's: ``keep`` sees to it)."""
        self._wall_at, self._game_at = anchor.wall_at, anchor.game_at


class ScriptedClock:
    """A clock that stands still until told to move: every due time in a test is exact."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self._now = float(start)

    def now(self) -> float:
        return self._now

    def advance(self, seconds: float) -> None:
        if seconds < 0:
            raise ValueError("time only moves forward")
        self._now += seconds


def _positive_seconds(name: str, text: str, example: str) -> float:
    """A finite number > 0, or ``ValueError`` naming the variable (one line for the operator)."""
    try:
        value = float(text)
    except ValueError:
        raise ValueError(f"{name}={text!r}: expected a positive number, e.g. {example}") from None
    if not 0 < value < float("inf"):  # also refuses nan, which compares false with everything
        raise ValueError(f"{name}={text!r}: expected a positive number, e.g. {example}")
    return value


def scale_from_env(environ: Mapping[str, str] | None = None) -> float:
    """``POSTERN_TIME_SCALE`` as a positive number (default 1); ``ValueError`` with the variable's
    name for anything else, so a misconfiguration stops the bot with one clear line."""
    text = (environ if environ is not None else os.environ).get(SCALE_VARIABLE, "").strip()
    return _positive_seconds(SCALE_VARIABLE, text, "3600") if text else 1.0


def scheduler_seconds_from_env(environ: Mapping[str, str] | None = None) -> float:
    """``POSTERN_SCHEDULER_SECONDS``: real seconds between the scheduler's passes (default 30).

    Read beside the time scale because the two set the pace together (the keeper shortens the
    interval to one game minute on a sped-up clock); ``ValueError`` naming the variable otherwise.
    """
    text = (environ if environ is not None else os.environ).get(SCHEDULER_VARIABLE, "").strip()
    return _positive_seconds(SCHEDULER_VARIABLE, text, "30") if text else DEFAULT_SCHEDULER_SECONDS


def from_env(environ: Mapping[str, str] | None = None) -> ScaledClock:
    """The clock the bot and the console run on."""
    return ScaledClock(scale_from_env(environ))


async def keep(clock: Clock, db: Database) -> None:
    """Run ``clock`` on the game time kept in ``db``, keeping it there first if nobody has.

    Called once the database is open, before anything reads game time. The first process to keep
    an anchor wins (processes started together agree). A process started with another
    ``POSTERN_TIME_SCALE`` than the kept one continues game time from where it stands at the new
    speed (no jump back or forth) and keeps that; processes already running take it up at their
    next ``follow``. A ``ScriptedClock`` (tests) is its own truth and keeps nothing."""
    if not isinstance(clock, ScaledClock):
        return
    kept = await db.game_clock()
    if kept is None:
        kept = await db.anchor_clock(clock.anchor())
    if kept.scale != clock.scale:
        wall = clock.wall()
        now = kept.game_at + (wall - kept.wall_at) * kept.scale
        log.warning(
            "%s changed from %g to %g: game time goes on from where it stood at the new speed",
            SCALE_VARIABLE, kept.scale, clock.scale,
        )
        kept = await db.anchor_clock(ClockAnchor(clock.scale, wall, now), replace=True)
    clock.follow(kept)


async def follow(clock: Clock, db: Database) -> None:
    """Read the kept game time again and run on it, at its speed (a running bot, now and then).

    Unlike ``keep`` this never writes: a process started later with another scale re-anchored game
    time, or another process moved it on, and this one follows instead of fighting over it."""
    if not isinstance(clock, ScaledClock):
        return
    kept = await db.game_clock()
    if kept is None:
        return
    if kept.scale != clock.scale:
        log.warning("%s of the shared game time is now %g (was %g here)", SCALE_VARIABLE, kept.scale, clock.scale)
        clock.scale = kept.scale
    clock.follow(kept)


async def advance(clock: Clock, db: Database, seconds: float) -> None:
    """Move game time forward by ``seconds`` for good (the console's ``wait``): in the database
    for every process, and in ``clock``."""
    if seconds < 0:
        raise ValueError("time only moves forward")
    if not isinstance(clock, ScaledClock):
        clock.advance(seconds)
        return
    if await db.advance_clock(seconds) is None:  # nothing kept yet: keep this clock, advanced
        clock.advance(seconds)
    await keep(clock, db)
