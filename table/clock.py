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
from collections.abc import Callable, Mapping
from typing import Protocol

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
