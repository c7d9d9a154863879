"""The local console plays a whole solo FIXER game through the table service."""

from __future__ import annotations

import io
import os
import re
from pathlib import Path

import pytest

import console


async def test_console_plays_a_solo_game_to_the_end(tmp_path: Path) -> None:
    script = "help\nsolo fixer\n" + "1\n" * 400 + "log 3\nboard\nstatus\nquit\n"
    out = io.StringIO()
    code = await console.run(str(tmp_path / "c.db"), str(tmp_path / "img"), io.StringIO(script), out)
    text = out.getvalue()
    assert code == 0
    assert "Solo FIXER started" in text
    assert "The game is over" in text
    assert "final scores" in text
    # Issue 7 (FIXER): the solo player sees their own hand after each move; `status` names the winner.
    assert text.count("your hand:") > 10
    status = text[text.rindex("> ", 0, text.rindex("winner:")) :]
    assert "your score (" in status and "winner: " in status
    winner = status.split("winner: ")[1].splitlines()[0]
    assert winner in ("Automa", os.environ.get("USER") or "Player")
    # Issue 28 item 19: the latest board and hand only, redrawn in place, not two files a move.
    images = sorted(p.name for p in (tmp_path / "img").iterdir())
    assert len(images) == 2 and images[0] == "fixer-1-board.png" and images[1].startswith("fixer-1-hand-"), images
    assert all((tmp_path / "img" / p).read_bytes().startswith(b"\x89PNG") for p in images)
    assert "Traceback" not in text


async def test_console_lobby_with_local_players_and_refusals(tmp_path: Path) -> None:
    script = "\n".join(
        [
            "new chess",
            "new fixer 3",
            "start",
            "add Bea",
            "add Bea",
            "add 小明",
            "start",
            "R9@9",
            "99",
            "1",
            "hand",
            "as nobody",
            "abandon",
            "quit",
        ]
    )
    out = io.StringIO()
    await console.run(str(tmp_path / "c.db"), str(tmp_path / "img"), io.StringIO(script + "\n"), out)
    text = out.getvalue()
    assert "Unknown game" in text
    assert "needs at least 2 players" in text
    assert "Bea already has a seat at this table" in text and "You have already joined" not in text
    assert "小明 joined" in text
    assert "Illegal move" in text
    assert "No move with that number" in text
    assert "your private view" in text
    assert "Game abandoned" in text
    assert "Traceback" not in text


async def test_console_resumes_a_saved_game(tmp_path: Path) -> None:
    db, img = str(tmp_path / "c.db"), str(tmp_path / "img")
    await console.run(db, img, io.StringIO("solo\n1\nquit\n"), io.StringIO())
    out = io.StringIO()
    await console.run(db, img, io.StringIO("quit\n"), out)
    assert "Resuming game 1" in out.getvalue()


async def test_a_hot_seat_game_goes_on_after_a_restart(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The players `add` brought to a local table are known again when the console restarts: the
    game resumes for them (it used to be stuck: `as Bea` did not know Bea, and `add` was refused)."""
    monkeypatch.setenv("USER", "Ann")
    db, img = str(tmp_path / "c.db"), str(tmp_path / "img")
    await console.run(db, img, io.StringIO("new burgundy 2 seating=host\nadd Bea\nstart\nquit\n"), io.StringIO())
    out = io.StringIO()
    await console.run(db, img, io.StringIO("1\nas Bea\nquit\n"), out)
    text = out.getvalue()
    assert "Resuming game 1 (The Castles of Burgundy," in text
    assert "No move with that number" not in text and "No local player called" not in text
    assert "You are now Bea." in text
    assert "Traceback" not in text and "✗" not in text


async def test_undo_after_a_restart_takes_back_the_last_players_move(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After a restart the console has forgotten who moved last: `undo` reads it from the log
    (it used to act for the player now to act, who had nothing to take back)."""
    monkeypatch.setenv("USER", "Ann")
    db, img = str(tmp_path / "c.db"), str(tmp_path / "img")
    first = io.StringIO()
    await console.run(db, img, io.StringIO("new torres 2 seating=host\nadd Bea\nstart\n1\nquit\n"), first)
    mover = re.findall(r"• (Ann|Bea) placed a knight", first.getvalue())  # the start player is drawn
    assert len(mover) == 1, first.getvalue()
    out = io.StringIO()
    await console.run(db, img, io.StringIO("undo\nquit\n"), out)
    text = out.getvalue()
    assert "You have no move to take back." not in text
    assert f"{mover[0]} took back a move" in text, text  # the other player is to act now


async def test_a_bug_in_a_command_is_one_honest_line_and_play_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An unexpected error prints one localised line (not a traceback, not an exit), and says
    whether anything had been saved: here the lobby was, so "nothing was changed" would be false."""
    from table.service import TableService

    saving = TableService.open

    async def saved_then_broken(self: TableService, **kwargs: object) -> object:
        await saving(self, **kwargs)  # type: ignore[arg-type]
        raise RuntimeError("a bug after the commit")

    async def broken_read(self: TableService, **kwargs: object) -> object:
        raise RuntimeError("a bug in a read")

    monkeypatch.setattr(TableService, "open", saved_then_broken)
    monkeypatch.setattr(TableService, "recent", broken_read)
    out = io.StringIO()
    script = "new torres 2\nlog 3\nstatus\nquit\n"
    code = await console.run(str(tmp_path / "c.db"), str(tmp_path / "img"), io.StringIO(script), out)
    text = out.getvalue()
    assert code == 0 and "Traceback" not in text
    answers = text.split("> ")[1:]  # one answer per line typed (the prompt is not echoed)
    assert "(game 1) after your change was saved, so it did take effect" in answers[0]
    assert "(game 1). It has been logged; nothing was changed." in answers[1]
    assert "game 1, lobby" in answers[2]  # the saved lobby is there and the console goes on


async def test_board_and_hand_print_the_board_as_text(tmp_path: Path) -> None:
    """A terminal reader sees the board without opening the image: `board` and `hand` print the
    game's text board (Discord's bold and code fences dropped)."""
    script = "solo torres\nboard\nhand\nquit\n"
    out = io.StringIO()
    await console.run(str(tmp_path / "c.db"), str(tmp_path / "img"), io.StringIO(script), out)
    text = out.getvalue()
    board = text[text.index("Torres — game 1") : text.index("your private view:")]
    assert "board:" in board and "a   b   c   d   e   f   g   h" in board  # the grid's files
    assert "**" not in board and "```" not in board and "(you)" not in board
    hand = text[text.index("your private view:") :]
    assert "(you)" in hand and "Your deck: 10" in hand  # the seat's own cards, only in its view
    assert "Traceback" not in text
