"""The per-user token buckets behind the Discord throttle (cogs.throttle), on a fake clock."""

from __future__ import annotations

import pytest

from cogs.throttle import IDLE_FORGET, Throttle, TokenBuckets


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_burst_then_the_refill_rate() -> None:
    clock = Clock()
    buckets = TokenBuckets(rate=0.5, burst=10, clock=clock)
    assert [buckets.take("u") for _ in range(11)] == [True] * 10 + [False]
    assert buckets.take("other")  # each user has their own bucket
    clock.now += 1.9
    assert not buckets.take("u")  # 0.95 of a token
    clock.now += 0.2
    assert buckets.take("u") and not buckets.take("u")
    clock.now += 3600
    assert [buckets.take("u") for _ in range(11)].count(True) == 10  # never more than the burst


def test_idle_full_buckets_are_forgotten() -> None:
    clock = Clock()
    buckets = TokenBuckets(rate=1, burst=2, clock=clock)
    for user in range(100):
        buckets.take(str(user))
    clock.now += IDLE_FORGET + 1
    buckets.take("new")
    assert list(buckets.buckets) == ["new"]


def test_settings_and_autocomplete_bucket() -> None:
    clock = Clock()
    throttle = Throttle(0.5, 10, clock)
    assert [throttle.command(1) for _ in range(11)].count(True) == 10
    assert throttle.autocomplete(1)  # typing has its own, larger bucket
    assert sum(throttle.autocomplete(2) for _ in range(100)) == 40
    off = Throttle.parse("off")
    assert all(off.command(1) for _ in range(1000))
    five = Throttle.parse("5/10,10")
    assert five.commands.rate == 0.5 and five.commands.burst == 10
    for bad in ("fast", "0/10,1", "5/10,0"):
        with pytest.raises(ValueError):
            Throttle.parse(bad)
