"""The console tries out keeping games alive locally: timers with `wait`, `undo`, bots, away."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

import console


def test_parse_duration() -> None:
    assert console.parse_duration("24h") == 86400
    assert console.parse_duration("3d") == 3 * 86400
    assert console.parse_duration("90m") == 5400
    assert console.parse_duration("1d 12h") == 1.5 * 86400
    assert console.parse_duration("5") == 5 * 3600
    for bad in ("", "soon", "0h", "3x", "-2h"):
        assert console.parse_duration(bad) is None


async def test_console_timer_wait_undo_and_away(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POSTERN_BOT_ITERATIONS", "3")  # `addbot` seats a normal bot: a quick, seeded search
    script = "\n".join(
        [
            "new fixer 2 timer=24h seating=host",
            "add Bea",
            "start",
            "status",
            "wait 5h",
            "undo",
            "1",
            "undo",
            "undo",
            "wait soon",
            "away 3",
            "away 20",
            "back",
            "mine",
            "abandon",
            "new fixer 2",
            "addbot",
            "start",
            "1",
            "status",
            "quit",
        ]
    )
    out = io.StringIO()
    await console.run(str(tmp_path / "c.db"), str(tmp_path / "img"), io.StringIO(script + "\n"), out)
    text = out.getvalue()
    assert "Traceback" not in text
    assert "⏳ " in text and ": 2 d 0 h left" in text
    assert ": 1 d 18 h left" in text  # five hours of game time passed for the seat to act (48 h − 5 h − ε)
    assert "You have no move to take back." in text
    assert "took back" in text and text.count("You have no move to take back.") == 2
    assert "Usage: wait DURATION" in text
    assert "Away for 3 day(s)" in text and "Away mode lasts 1 to 14 days." in text
    assert "Welcome back" in text
    assert "your move" in text or "game 1" in text
    assert "Bot (normal) takes a seat." in text
    assert text.count("Bot (normal)") >= 2


async def test_console_settings_set_the_local_servers_default_timer(tmp_path: Path) -> None:
    script = [
        "settings timer=5m",
        "settings colour=blue",
        "settings timer=12h language=zh-TW",
        "new fixer 2",
        "add Bo",
        "start",
        "status",
        "quit",
    ]
    out = io.StringIO()
    await console.run(str(tmp_path / "c.db"), str(tmp_path / "img"), io.StringIO("\n".join(script) + "\n"), out)
    text = out.getvalue()
    assert "Traceback" not in text
    assert "5m" in text and "12h, 24h" in text  # the refusal names the bad value and the choices
    assert "Usage: settings" in text
    assert "new tables get the 12h timer; posts in zh-TW" in text
    # Banks start at 2 × the server's 12 h, not at 2 × Postern's 72 h default.
    banks = [line for line in text.splitlines() if line.strip().startswith("⏳")]
    assert len(banks) == 2 and all(" d " not in line or "1 d 0 h" in line for line in banks), banks
