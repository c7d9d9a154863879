"""Durable game time (issue #28 item 7), on both backends.

With ``POSTERN_TIME_SCALE`` set, a restart used to start game time again from the wall clock: a
bank that had used 6.5 h showed full again, and reminders came late by however long the old
process had run. Game time is now kept in the database: a table service restarted on the same
database goes on from where game time stood, and processes sharing one database agree on it.
The wall clock is a fake one here, so every reading is exact."""

from __future__ import annotations

from pathlib import Path

import pytest

from storage import Database
from table import timer
from table.clock import ScaledClock
from table.service import TableService, User

ANN = User("1", "Ann")
BOB = User("2", "Bob")
HOUR = 3600.0
SCALE = 3600.0  # one real second is one game hour


class Wall:
    """A wall clock that moves only when told (seconds)."""

    def __init__(self) -> None:
        self.now = 1_700_000_000.0

    def __call__(self) -> float:
        return self.now


async def _service(db: Database, wall: Wall, scale: float = SCALE) -> TableService:
    """A table service as a process starts one: a new clock, then game time from the database."""
    table = TableService(db, seed_source=lambda: "durable", clock=ScaledClock(scale, source=wall))
    await table.keep_time()
    return table


async def test_a_restart_goes_on_from_the_game_time_that_stood(db_target: str) -> None:
    wall = Wall()
    async with Database(db_target) as db:
        table = await _service(db, wall)
        await table.open(channel_id="c", guild_id="g", user=ANN, game="fixer", players=2, options="timer=24h")
        await table.join(channel_id="c", user=BOB)
        started = await table.start(channel_id="c", user=ANN)
        seat = started.to_act[0]
        wall.now += 6.5  # 6.5 game hours of the first player's bank
        assert (await table.status(channel_id="c")).banks[seat] == pytest.approx(41.5 * HOUR)
        due = {d.kind: d.due_at for d in await db.pending_due(started.game_id) if d.seat == seat}
    wall.now += 0.5  # the process is down for half a real second: half a game hour goes by
    async with Database(db_target) as db:
        table = await _service(db, wall)
        status = await table.status(channel_id="c")
        # was 48 h: the new process started game time again from the wall clock
        assert status.banks[seat] == pytest.approx(41.0 * HOUR)
        # the reminder at half the bank is 17 game hours away, not 17 h plus the 7 h already run
        assert due[timer.REMINDERS[0][0]] - table.clock.now() == pytest.approx(17 * HOUR)
        wall.now += 17.0
        assert [d.kind for d in await db.due_items(table.clock.now()) if d.seat == seat] == [timer.REMINDERS[0][0]]


async def test_processes_sharing_a_database_agree_on_game_time(db_target: str) -> None:
    wall = Wall()
    async with Database(db_target) as one_db, Database(db_target) as other_db:
        one = await _service(one_db, wall)
        wall.now += 3.0  # the second process starts three real seconds later
        other = await _service(other_db, wall)
        assert other.clock.now() == one.clock.now()  # was three game hours behind
        wall.now += 2.0
        assert other.clock.now() == one.clock.now()
        # a `wait` in one of them is kept in the database: a process that reads it again agrees
        await one.advance_time(5 * HOUR)
        await other.keep_time()
        assert other.clock.now() == one.clock.now()


async def test_another_time_scale_goes_on_from_where_game_time_stood(db_target: str) -> None:
    wall = Wall()
    async with Database(db_target) as db:
        fast = await _service(db, wall)
        wall.now += 10.0
        stood = fast.clock.now()
    async with Database(db_target) as db:
        slow = await _service(db, wall, scale=60.0)  # POSTERN_TIME_SCALE changed between runs
        assert slow.clock.now() == stood  # no jump back to the wall clock, none forward
        wall.now += 60.0
        assert slow.clock.now() == stood + HOUR
        kept = await db.game_clock()
        assert kept is not None and kept.scale == 60.0


async def test_a_running_process_follows_a_new_scale_another_process_kept(db_target: str) -> None:
    """Two processes share a database; a third starts at another scale and re-anchors game time.
    The running ones take it up at their next ``follow`` (the bot does every minute) instead of
    drifting apart, and never write it back (no tug of war between scales)."""
    wall = Wall()
    async with Database(db_target) as old_db, Database(db_target) as new_db:
        running = await _service(old_db, wall)
        wall.now += 4.0
        started = await _service(new_db, wall, scale=60.0)
        wall.now += 120.0  # two game hours at the new speed; 120 at the old one
        assert running.clock.now() != started.clock.now()
        await running.follow_time()
        assert running.clock.now() == started.clock.now()
        kept = await new_db.game_clock()
        assert kept is not None and kept.scale == 60.0


async def test_the_console_keeps_game_time_waited_in_the_database(tmp_path: Path) -> None:
    """The console's `wait` is kept in the database itself now, not in a file beside it, and an
    earlier version's file still counts (once)."""
    import io

    import console

    db_path, img = str(tmp_path / "c.db"), str(tmp_path / "img")
    Path(f"{db_path}.{console.GAME_TIME_NOTE}").write_text(repr(2 * HOUR))  # an older console's wait
    await console.run(db_path, img, io.StringIO("wait 30h\nquit\n"), io.StringIO())
    async with Database(db_path) as db:
        kept = await db.game_clock()
        assert kept is not None and kept.game_at - kept.wall_at == pytest.approx(32 * HOUR, abs=5)
    await console.run(db_path, img, io.StringIO("quit\n"), io.StringIO())
    async with Database(db_path) as db:
        again = await db.game_clock()
        assert again == kept  # the old file is not counted a second time
