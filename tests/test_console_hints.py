"""The console's ``hint`` (issue 26): against a bot it lists the AI's top 3 moves for the current
player with their estimate; with two local humans the default ``hints=solo`` refuses, in words."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

import console


@pytest.fixture(autouse=True)
def tiny_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POSTERN_BOT_ITERATIONS", "20")


async def run(tmp_path: Path, script: list[str]) -> str:
    out = io.StringIO()
    await console.run(str(tmp_path / "c.db"), str(tmp_path / "img"), io.StringIO("\n".join(script) + "\n"), out)
    return out.getvalue()


async def test_hint_against_a_bot_lists_three_moves_with_estimates(tmp_path: Path) -> None:
    text = await run(tmp_path, ["solo torres level=easy", "hint", "quit"])
    assert "Traceback" not in text
    lines = text[text.index("The AI's top moves"):].splitlines()
    advice = [line for line in lines[1:4] if re.match(r"\s+[123]\. ", line)]
    assert len(advice) == 3 and all("% to win" in line for line in advice), lines[:5]


async def test_hint_between_two_local_humans_is_refused(tmp_path: Path) -> None:
    text = await run(tmp_path, ["new fixer 2 seating=host", "add bob", "start", "hint", "quit"])
    assert "Traceback" not in text
    assert "at most one human" in text
