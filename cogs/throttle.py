"""Per-user token buckets: one user's burst of commands cannot slow everybody else's games.

Each user has a bucket of ``burst`` tokens refilled at ``rate`` tokens per second; a command or
a button press takes one, and an empty bucket means a short, private "slow down" that costs the
bot next to nothing. Autocomplete (fired on each keystroke) has its own, larger bucket: when it
runs dry the list is simply empty for a moment, and commands are never charged for typing.

Configured by ``POSTERN_THROTTLE``: ``"5/10,10"`` (5 commands per 10 s, burst 10 — the default)
or ``off``.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

DEFAULT = "5/10,10"
"""[DECISION] 5 commands per 10 s with a burst of 10 (issue 13): far above a person's pace in a
turn-based game, far below what a script can send."""

AUTOCOMPLETE_FACTOR = 4
"""[DECISION] Autocomplete's bucket is this many times the command bucket (keystrokes come fast)."""

IDLE_FORGET = 600.0
"""Seconds after which a user's full bucket is forgotten (it would be full again anyway)."""


@dataclass
class Bucket:
    tokens: float
    stamp: float


@dataclass
class TokenBuckets:
    """Buckets of ``burst`` tokens refilled at ``rate`` per second, one per key."""

    rate: float
    burst: float
    clock: Callable[[], float] = time.monotonic
    buckets: dict[str, Bucket] = field(default_factory=dict)
    _sweep_at: float = 0.0

    def take(self, key: str) -> bool:
        """Spend one token of ``key``'s bucket; False (nothing spent) if it is empty."""
        now = self.clock()
        self._sweep(now)
        bucket = self.buckets.get(key)
        if bucket is None:
            bucket = self.buckets[key] = Bucket(self.burst, now)
        bucket.tokens = min(self.burst, bucket.tokens + (now - bucket.stamp) * self.rate)
        bucket.stamp = now
        if bucket.tokens < 1.0:
            return False
        bucket.tokens -= 1.0
        return True

    def _sweep(self, now: float) -> None:
        if now < self._sweep_at:
            return
        self._sweep_at = now + IDLE_FORGET
        stale = [k for k, b in self.buckets.items() if now - b.stamp > IDLE_FORGET]
        for key in stale:
            del self.buckets[key]


class Throttle:
    """The bot's throttle: ``command(user)`` and ``autocomplete(user)`` say whether to serve."""

    def __init__(self, rate: float, burst: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.enabled = rate > 0
        self.commands = TokenBuckets(rate, burst, clock)
        self.typing = TokenBuckets(rate * AUTOCOMPLETE_FACTOR, burst * AUTOCOMPLETE_FACTOR, clock)

    @classmethod
    def off(cls) -> Throttle:
        return cls(0.0, 0.0)

    @classmethod
    def parse(cls, text: str) -> Throttle:
        """``"5/10,10"`` → 5 per 10 s, burst 10; ``off`` → no throttle.

        ``ValueError`` naming ``POSTERN_THROTTLE`` for anything else, including a zero, negative,
        infinite or nan part (``float`` accepts ``inf`` and ``nan``; a bucket built on them would
        never refill or never empty), so a typo stops the bot at start with one line.
        """
        given = text
        text = text.strip().lower()
        if text in ("off", "0", "none", "false"):
            return cls.off()
        shape = f"POSTERN_THROTTLE={given!r}: expected COUNT/SECONDS,BURST such as 5/10,10, or off"
        rate_part, comma, burst_part = text.partition(",")
        count_text, _, seconds_text = rate_part.partition("/")
        try:
            count = float(count_text)
            seconds = float(seconds_text) if seconds_text.strip() else 1.0
            burst = float(burst_part) if comma else count * 2
        except ValueError:
            raise ValueError(shape) from None
        finite = all(0 < value < float("inf") for value in (count, seconds, burst))
        if not finite or burst < 1:
            raise ValueError(f"POSTERN_THROTTLE={given!r}: needs a positive count and seconds, and a burst ≥ 1")
        return cls(count / seconds, burst)

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> Throttle:
        text = (environ if environ is not None else os.environ).get("POSTERN_THROTTLE", "")
        return cls.parse(text if text.strip() else DEFAULT)

    def command(self, user_id: int | str) -> bool:
        return not self.enabled or self.commands.take(str(user_id))

    def autocomplete(self, user_id: int | str) -> bool:
        return not self.enabled or self.typing.take(str(user_id))
