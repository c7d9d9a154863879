"""The console tries out keeping games alive locally: timers with `wait`, `undo`, bots, away."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

import console
from storage import Database
from table.service import TableService


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
    assert "⏳ " in text and ": 2 d left" in text
    assert ": 1 d 19 h left" in text  # five hours of game time passed for the seat to act (48 h − 5 h − ε, rounded up)
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
    assert len(banks) == 2 and all(" d " not in line or "1 d left" in line for line in banks), banks


async def lines(c: console.Console, out: io.StringIO, *commands: str) -> str:
    """Run ``commands`` and return what they printed."""
    out.seek(0)
    out.truncate()
    for command in commands:
        await c.handle(command)
    return out.getvalue()


async def test_time_running_out_opens_a_vote_that_the_console_can_answer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 10 in the console: `wait` runs the durable scheduler as the bot's keeper does, so a
    reminder comes, the seat whose time ran out gets its vote, `vote` answers it (the late player
    may not), and the majority's choice happens, board and all; then `rejoin` takes the seat back."""
    monkeypatch.setenv("POSTERN_BOT_ITERATIONS", "3")
    async with Database(tmp_path / "c.db") as db:
        out = io.StringIO()
        c = console.Console(TableService(db, seed_source=lambda: "seed-1"), out, tmp_path / "img")
        await lines(c, out, "new torres 3 timer=12h seating=host", "add Bea", "add Cho", "start")
        late = c.current  # the player to act now, who will let their time run out
        others = [u for u in c.players.values() if u.id != late.id]
        text = await lines(c, out, "wait 13h")
        assert f"⏰ {late.name}: Your move is waiting in Torres" in text
        text = await lines(c, out, "wait 12h")
        assert f"{late.name}'s time in Torres has run out" in text
        assert f"Vote with `vote wait|bot|replace|end` ({c.joined([u.name for u in others])})" in text
        assert "Only the other players of this game can vote." in await lines(c, out, f"as {late.name}", "vote end")
        assert "Usage: vote wait|bot|replace|end" in await lines(c, out, f"as {others[0].name}", "vote maybe")
        text = await lines(c, out, "vote bot", f"as {others[1].name}", "vote bot")
        assert f"{others[1].name} votes bot. Votes so far:" in text and text.count(" bot") >= 2
        text = await lines(c, out, "wait 1d")
        assert f"A bot now plays for {late.name}; `rejoin` takes the seat back." in text
        assert "board:" in text  # the bot's move is shown at once
        text = await lines(c, out, f"as {late.name}", "rejoin")
        assert f"{late.name} is back and takes their seat from the bot." in text
        seats = await db.seats((await c.table.status(channel_id=console.CHANNEL)).game_id)
        assert not any(s.is_bot for s in seats)
        assert "No vote is open at this table." in await lines(c, out, "vote wait")


async def test_game_time_passed_with_wait_survives_a_restart(tmp_path: Path) -> None:
    """`wait 30h` then quit: the next session starts 30 h on, not back at the wall clock (every
    timer used to gain the waited time back, and turns begun after the wait lay in the future)."""
    db, img = str(tmp_path / "c.db"), str(tmp_path / "img")
    first = io.StringIO()
    await console.run(db, img, io.StringIO("new torres 2 timer=24h seating=host\nadd Bea\nstart\nwait 30h\nstatus\nquit\n"), first)
    before = [line for line in first.getvalue().splitlines() if "⏳" in line][-2:]
    second = io.StringIO()
    await console.run(db, img, io.StringIO("status\nquit\n"), second)
    after = [line for line in second.getvalue().splitlines() if "⏳" in line][-2:]
    assert before and after == before, (before, after)
    assert any("18 h left" in line for line in after)  # 48 h − 30 h − ε, not back to 2 d


async def test_leave_and_a_bot_held_seat_after_a_restart(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`leave` works in a lobby; a local player whose seat a bot took is known after a restart and
    can `rejoin` (it used to be "No local player called …")."""
    monkeypatch.setenv("POSTERN_BOT_ITERATIONS", "3")
    db_path, img = str(tmp_path / "c.db"), str(tmp_path / "img")
    out = io.StringIO()
    script = "new torres 3 seating=host\nadd Bea\nadd Cho\nas Cho\nleave\nadd Cho\nstart\nquit\n"
    await console.run(db_path, img, io.StringIO(script), out)
    assert "Cho left the lobby (2/3): Player, Bea." in out.getvalue()
    async with Database(db_path) as db:
        table = TableService(db)
        status = await table.status(channel_id=console.CHANNEL)
        await table.take_over(channel_id=console.CHANNEL, seat=status.user_ids.index("local:cho"))
    out = io.StringIO()
    await console.run(db_path, img, io.StringIO("as Cho\nrejoin\nquit\n"), out)
    text = out.getvalue()
    assert "No local player called" not in text and "You are now Cho." in text
    assert "Cho is back and takes their seat from the bot." in text
    async with Database(db_path) as db:
        seats = await db.seats(status.game_id)
        assert any(s.user_id == "local:cho" and not s.is_bot for s in seats)


async def test_the_log_keeps_the_names_of_a_replaced_player(tmp_path: Path) -> None:
    """`log` after `replace`: moves made before it name the player who made them."""
    script = "new fixer 2 seating=host\nadd Bea\nstart\n1\n1\nreplace Bea Cho\n1\n1\nlog\nquit\n"
    out = io.StringIO()
    await console.run(str(tmp_path / "c.db"), str(tmp_path / "img"), io.StringIO(script), out)
    text = out.getvalue()
    assert "Traceback" not in text
    # the four openings of the `log` answer, the last lines printed (who starts is drawn)
    openers = [line.split("• ")[1].split(" opens ")[0] for line in text.splitlines() if " opens " in line][-4:]
    assert sorted(openers[:2]) == ["Bea", "Player"] and sorted(openers[2:]) == ["Cho", "Player"], openers
