"""Every game plays to its end in the local console, hot-seat, at its smallest and largest count."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

import console
import rules

CASES = [
    (name, players)
    for name, game in rules.GAMES.items()
    for players in sorted({game.min_players, game.max_players})
]


@pytest.mark.parametrize(("name", "players"), CASES, ids=[f"{n}-{p}p" for n, p in CASES])
async def test_game_plays_to_the_end_in_the_console(tmp_path: Path, name: str, players: int) -> None:
    if players == 1:
        setup = [f"solo {name}"]
    else:
        setup = [f"new {name} {players}", *(f"add P{i}" for i in range(2, players + 1)), "start"]
    script = "\n".join([*setup, *["1"] * 6000, "board", "quit"]) + "\n"
    out = io.StringIO()
    await console.run(str(tmp_path / "c.db"), str(tmp_path / "img"), io.StringIO(script), out)
    text = out.getvalue()
    assert "The game is over" in text, text[-3000:]
    assert "final scores" in text and "Traceback" not in text
