"""The console plays against bots like /solo: ``solo torres`` (no solo rules) seats one bot,
``solo fixer opponents=2 level=easy`` plays FIXER against two bots instead of the automa, bad
values are refused, and ``addbot LEVEL`` seats a bot in a console lobby."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

import console
from tests.test_console_games import Player


@pytest.fixture(autouse=True)
def tiny_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POSTERN_BOT_ITERATIONS", "3")  # fast bots whose moves depend only on the seed


async def test_solo_torres_finishes_against_a_bot(tmp_path: Path) -> None:
    out = io.StringIO()
    player = Player(["solo torres level=easy"], out)
    await console.run(str(tmp_path / "c.db"), str(tmp_path / "img"), player, out)  # type: ignore[arg-type]
    text = out.getvalue()
    assert "Solo Torres against Bot (easy) started" in text
    assert "The game is over" in text and "final scores" in text, text[-2000:]
    assert "Traceback" not in text and "✗" not in text
    assert any(line.strip().startswith("• Bot (easy)") for line in text.splitlines()), "no bot move was shown"
    assert "winner: " in text and "your hand: " in text  # alone against a bot: the hand is shown


async def test_solo_options_and_addbot(tmp_path: Path) -> None:
    script = [
        "solo fixer opponents=two",
        "solo fixer level=hard",
        "solo torres opponents=4",
        "solo fixer opponents=2 level=easy",
        "status",
        "abandon",
        "new torres 3",
        "addbot hard",
        "addbot normal",
        "addbot",
        "quit",
    ]
    out = io.StringIO()
    await console.run(str(tmp_path / "c.db"), str(tmp_path / "img"), io.StringIO("\n".join(script) + "\n"), out)
    text = out.getvalue()
    assert "Traceback" not in text
    assert "opponents=two is not a number" in text
    assert "has its own solo rules" in text and "opponents:1" in text
    assert "Torres can seat 1 to 3 bot opponents." in text
    # The seat order is drawn at random, so the bots are listed in either order.
    started = next(line for line in text.splitlines() if "Solo FIXER against" in line)
    assert "Bot 1 (easy)" in started and "Bot 2 (easy)" in started and "started" in started
    assert "Bot (hard) takes a seat." in text and "Bot (normal) takes a seat." in text
    assert "lobby is full" in text
