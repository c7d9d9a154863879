"""Coming back to a game in the console (issue 24): `since`, `note`, `replay` and `stats`."""

from __future__ import annotations

import io
from pathlib import Path

import console


async def test_since_note_replay_and_stats_in_the_console(tmp_path: Path) -> None:
    script = "\n".join([
        "since",  # no game yet: a clear answer
        "new torres 2 seating=host", "add Bea", "start",
        "since",  # nobody has moved
        "as Bea", "1",  # Bea starts (the rules draw the start player; either way someone moves)
        "as Player", "1", "since",
        "as Bea", "1", "since",
        "note take the corner castle", "note", "as Player", "note",
        "replay warp", "replay fast",
        "stats torres",
        "abandon",
        "stats",
        "quit",
    ]) + "\n"
    out = io.StringIO()
    code = await console.run(str(tmp_path / "c.db"), str(tmp_path / "img"), io.StringIO(script), out)
    text = out.getvalue()
    assert code == 0 and "Traceback" not in text, text[-3000:]
    assert "There is no game" in text or "no game" in text.lower()
    assert "Nobody has moved yet in this game." in text
    assert "Since the game began" in text or "Since your last turn" in text
    assert "📝 take the corner castle" in text
    assert "You keep no note on this game" in text  # Player's own: none
    assert "replay [slow|normal|fast]" in text
    gif = next((tmp_path / "img").glob("torres-*-replay.gif"))
    assert gif.read_bytes().startswith(b"GIF89a")
    assert "has no finished games yet" in text  # before the end
    assert "Games 1" in text  # after abandoning a started game: recorded
