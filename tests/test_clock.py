"""The one clock of game time: scaled real time, manual advance, a scripted clock for tests."""

from __future__ import annotations

import pytest

from table.clock import ScaledClock, ScriptedClock, from_env, scale_from_env


def test_scaled_clock_runs_faster_and_advances() -> None:
    real = [1000.0]
    clock = ScaledClock(3600, source=lambda: real[0])
    assert clock.now() == 1000.0
    real[0] += 2  # two real seconds = two game hours
    assert clock.now() == 1000.0 + 7200
    clock.advance(86400)
    assert clock.now() == 1000.0 + 7200 + 86400
    with pytest.raises(ValueError):
        clock.advance(-1)


def test_scale_one_is_the_wall_clock() -> None:
    real = [5.0]
    clock = ScaledClock(1, source=lambda: real[0])
    real[0] = 17.0
    assert clock.now() == 17.0


def test_scripted_clock_moves_only_when_told() -> None:
    clock = ScriptedClock(100.0)
    assert clock.now() == clock.now() == 100.0
    clock.advance(50)
    assert clock.now() == 150.0


def test_time_scale_from_environment() -> None:
    assert scale_from_env({}) == 1.0
    assert scale_from_env({"POSTERN_TIME_SCALE": "3600"}) == 3600.0
    assert from_env({"POSTERN_TIME_SCALE": "60"}).scale == 60.0
    for bad in ("0", "-2", "fast", "nan", "inf"):
        with pytest.raises(ValueError, match="POSTERN_TIME_SCALE"):
            scale_from_env({"POSTERN_TIME_SCALE": bad})
