"""Game time: one clock object for every due time of the table (turn banks, reminders, votes).

Turn timers are measured in hours and days, far too slow to try out or to test in real time. So
the table never reads the wall clock itself: it asks a ``Clock``. ``ScaledClock`` is real time
sped up by ``POSTERN_TIME_SCALE`` (default 1; ``3600`` makes an hour of game time pass each
second) and can be advanced by hand (the console's ``wait``); ``ScriptedClock`` moves only when a
test says so. Both count seconds since the epoch, so stored due times are ordinary timestamps.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import Protocol

SCALE_VARIABLE = "POSTERN_TIME_SCALE"


class Clock(Protocol):
    """Game time in seconds since the epoch."""

    def now(self) -> float: ...

    def advance(self, seconds: float) -> None:
        """Move game time forward by ``seconds`` (the console's ``wait``)."""
        ...


class ScaledClock:
    """Real time × ``scale`` from the moment the clock was made, plus any manual advance.

    At scale 1 with no advance this is exactly the wall clock, so a restart keeps due times
    meaningful; at a larger scale game time runs ahead from the start of the process.
    """

    def __init__(self, scale: float = 1.0, source: Callable[[], float] = time.time) -> None:
        if not scale > 0:
            raise ValueError(f"{SCALE_VARIABLE} must be a positive number, not {scale!r}")
        self.scale = float(scale)
        self._source = source
        self._origin = source()
        self._skipped = 0.0

    def now(self) -> float:
        return self._origin + (self._source() - self._origin) * self.scale + self._skipped

    def advance(self, seconds: float) -> None:
        if seconds < 0:
            raise ValueError("time only moves forward")
        self._skipped += seconds

    @property
    def skipped(self) -> float:
        """Game seconds added by ``advance`` so far (the console keeps them across restarts)."""
        return self._skipped


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


def scale_from_env(environ: dict[str, str] | None = None) -> float:
    """``POSTERN_TIME_SCALE`` as a positive number (default 1); ``ValueError`` with the variable's
    name for anything else, so a misconfiguration stops the bot with one clear line."""
    text = (environ if environ is not None else dict(os.environ)).get(SCALE_VARIABLE, "").strip()
    if not text:
        return 1.0
    try:
        scale = float(text)
    except ValueError:
        raise ValueError(f"{SCALE_VARIABLE}={text!r}: expected a positive number, e.g. 3600") from None
    if not scale > 0 or scale != scale or scale == float("inf"):
        raise ValueError(f"{SCALE_VARIABLE}={text!r}: expected a positive number, e.g. 3600")
    return scale


def from_env(environ: dict[str, str] | None = None) -> ScaledClock:
    """The clock the bot and the console run on."""
    return ScaledClock(scale_from_env(environ))
