"""Every game plays to its end in the local console (hot-seat): every player count, every variant."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest

import console
from tests.conformance import case_id, flow_cases, options_text

CASES = flow_cases()


@pytest.mark.parametrize("case", CASES, ids=[case_id(c) for c in CASES])
async def test_game_plays_to_the_end_in_the_console(tmp_path: Path, case: tuple[str, int, dict[str, Any]]) -> None:
    name, players, opts = case
    options = options_text(opts)
    if players == 1:
        setup = [f"solo {name} {options}"]
    else:
        setup = [f"new {name} {players} {options}", *(f"add P{i}" for i in range(2, players + 1)), "start"]
    out = io.StringIO()
    player = Player(setup, out)
    await console.run(str(tmp_path / "c.db"), str(tmp_path / "img"), player, out)  # type: ignore[arg-type]
    text = out.getvalue()
    assert "The game is over" in text, text[-3000:]
    assert "Traceback" not in text
    if players == 1 and name in AGAINST_A_TARGET:
        # Won or lost against the solo rules' target: the game's verdict, never a "winner" of one.
        assert "final scores" not in text and "winner:" not in text
        assert re.search(r"did not fill the estate|fills all 37 spaces|\(target \d+\): (won|lost)", text), text[-2000:]
    else:
        assert "final scores" in text
    assert "✗" not in text, [line for line in text.splitlines() if "✗" in line][:3]
    assert player.moves < MAX_MOVES


MAX_MOVES = 8000
AGAINST_A_TARGET = {"burgundy", "burgundy_cards"}
"""Games whose solo game is played against a target, not an automa ranked beside the player."""


class Player:
    """Types the setup lines, then "1" (the first listed move) until the game is over."""

    def __init__(self, setup: list[str], out: io.StringIO) -> None:
        self.lines = list(setup)
        self.out = out
        self.moves = 0
        self.done = False

    def readline(self) -> str:
        if self.lines:
            return self.lines.pop(0) + "\n"
        if self.done:
            return ""
        if "The game is over" in self.out.getvalue()[-2000:] or self.moves >= MAX_MOVES:
            self.done = True
            return "board\n"
        self.moves += 1
        return "1\n"
