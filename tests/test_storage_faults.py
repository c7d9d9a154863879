"""Storage under bad files and bad luck: every failure is one clear error, nothing half-applied.

Also the query-plan guard: every statement the storage layer issues is run through
``EXPLAIN QUERY PLAN`` and must not scan a table, so no command slows down as games accumulate.
"""

from __future__ import annotations

import asyncio
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from storage import (
    Bank,
    Conflict,
    Database,
    NewAction,
    SeatRow,
    ServerSettings,
    StorageBusy,
    StorageError,
    UserSettings,
)
from table.messages import TableError
from table.service import TableService, User
from tests import pgserver

ROOT = Path(__file__).resolve().parent.parent
LIVE_INDEX = "games_one_live_per_channel"


async def _lobby(db: Database, channel: str = "c1", host: str = "u1", guild: str | None = "g1") -> int:
    row = await db.create_game(
        guild_id=guild,
        channel_id=channel,
        game="fixer",
        options={},
        capacity=4,
        seed="s",
        host_id=host,
        host_name=host,
        locale="en",
    )
    return row.id


def _aiosqlite_threads() -> int:
    """Live aiosqlite worker threads (a leaked one keeps the process alive forever)."""
    return sum(1 for t in threading.enumerate() if t.is_alive() and "_connection_worker_thread" in repr(t._target))  # type: ignore[attr-defined]


async def test_corrupt_header_is_one_clear_error_and_leaks_no_thread(tmp_path: Path) -> None:
    path = tmp_path / "bad.db"
    path.write_bytes(b"this is not a database at all" * 200)
    before = threading.active_count()
    with pytest.raises(StorageError, match="cannot open the database"):
        await Database(path).open()
    await asyncio.sleep(0.05)
    assert threading.active_count() <= before


async def test_unusable_folder_is_one_clear_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(StorageError, match="cannot open the database"):
        await Database(blocker / "sub" / "p.db").open()


async def test_damaged_pages_are_found_at_start(tmp_path: Path) -> None:
    path = tmp_path / "p.db"
    async with Database(path) as db:
        for i in range(300):
            await _lobby(db, channel=f"c{i}", host=f"user-{i}-" + "x" * 60)
    con = sqlite3.connect(path)
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    page = con.execute("PRAGMA page_size").fetchone()[0]
    pages = con.execute("PRAGMA page_count").fetchone()[0]
    con.close()
    assert pages > 6
    data = bytearray(path.read_bytes())
    for number in range(3, pages - 1):  # scribble over the body of every page but the first ones
        start = number * page + 16
        data[start : start + 200] = bytes(range(200))
    path.write_bytes(bytes(data))
    with pytest.raises(StorageError):
        await Database(path).open()


async def test_newer_schema_stops_the_bot_with_one_line(tmp_path: Path) -> None:
    path = tmp_path / "p.db"
    con = sqlite3.connect(path)
    con.execute("PRAGMA user_version=999")
    con.close()
    run = subprocess.run(
        [sys.executable, "bot.py", "--local", "--db", str(path)],
        cwd=ROOT,
        input="",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode != 0
    assert "Traceback" not in run.stderr
    lines = [line for line in run.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "newer" in lines[0]


async def test_locked_database_is_refused_as_could_not_save(tmp_path: Path) -> None:
    path = tmp_path / "p.db"
    async with Database(path, busy_timeout_ms=50) as db:
        table = TableService(db)
        await table.open(channel_id="c1", guild_id="g1", user=User("u1", "Ann"), game="fixer", players=2)
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")  # another process holds the write lock
        try:
            with pytest.raises(TableError) as info:
                await table.join(channel_id="c1", user=User("u2", "Bea"))
            assert info.value.key == "storage_busy"
        finally:
            other.execute("ROLLBACK")
            other.close()
        seats = await db.seats((await db.live_game("c1")).id)  # type: ignore[union-attr]
        assert [s.user_id for s in seats] == ["u1"]  # nothing applied
        await table.join(channel_id="c1", user=User("u2", "Bea"))  # and a retry works


async def test_full_disk_rolls_back_and_says_so(tmp_path: Path) -> None:
    async with Database(tmp_path / "p.db") as db:
        game_id = await _lobby(db)
        row = await db.game(game_id)
        assert row is not None
        pages = (await db.conn.execute_fetchall("PRAGMA page_count"))[0][0]
        await db.conn.execute(f"PRAGMA max_page_count={pages}")
        with pytest.raises(StorageBusy, match="could not save"):
            await db.commit_moves(game_id, row.version, 0, [NewAction(0, "m", "u1", [])], "x" * 100_000, "active")
        after = await db.game(game_id)
        assert after is not None and after.version == row.version and after.snapshot is None
        assert await db.actions(game_id) == []


async def test_host_leaving_hands_over_in_the_same_transaction(tmp_path: Path) -> None:
    async with Database(tmp_path / "p.db") as db:
        table = TableService(db)
        await table.open(channel_id="c1", guild_id="g1", user=User("u1", "Ann"), game="fixer", players=3)
        await table.join(channel_id="c1", user=User("u2", "Bea"))
        statements: list[str] = []
        await db.conn.set_trace_callback(statements.append)
        await table.leave(channel_id="c1", user=User("u1", "Ann"))
        await db.conn.set_trace_callback(None)
        begin = statements.index("BEGIN IMMEDIATE")
        commit = statements.index("COMMIT", begin)
        inside = " ".join(statements[begin:commit])
        assert "host_id" in inside and "DELETE FROM seats" in inside
        assert not any("host_id" in s for s in statements[commit:])
        row = await db.live_game("c1")
        assert row is not None and row.host_id == "u2"


async def test_reads_use_separate_connections_and_see_commits(tmp_path: Path) -> None:
    async with Database(tmp_path / "p.db", readers=2) as db:
        game_id = await _lobby(db)
        row = await db.game(game_id)
        assert row is not None
        await db.commit_moves(game_id, row.version, 0, [NewAction(0, "m", "u1", [])], "snap", "active")
        fresh = await db.game(game_id)
        assert fresh is not None and fresh.snapshot == "snap"
        # While the writer is inside a transaction, reads still answer (from the last commit).
        async with db.transaction() as conn:
            await conn.execute("UPDATE games SET snapshot = 'pending' WHERE id = ?", (game_id,))
            during = await asyncio.wait_for(db.game(game_id), 2)
            assert during is not None and during.snapshot == "snap"


async def test_wal_stays_bounded_under_concurrent_reads_and_writes(tmp_path: Path) -> None:
    path = tmp_path / "p.db"
    async with Database(path) as db:
        ids = [await _lobby(db, channel=f"c{i}") for i in range(8)]
        versions = {g: (await db.game(g)).version for g in ids}  # type: ignore[union-attr]
        stop = False

        async def reader() -> None:
            while not stop:
                for g in ids:
                    await db.game(g)
                    await db.recent_actions(g, 5)

        async def writer(g: int) -> None:
            for seq in range(150):
                versions[g] = await db.commit_moves(g, versions[g], seq, [NewAction(0, "m", "u1", [])], "s" * 20_000, "active")

        readers = [asyncio.create_task(reader()) for _ in range(4)]
        await asyncio.gather(*(writer(g) for g in ids))
        stop = True
        await asyncio.gather(*readers)
        wal = Path(f"{path}-wal")
        # 1,200 commits of ~20 KB snapshots each (~24 MB written): the log is reused, not grown.
        assert wal.stat().st_size < 16 * 1024 * 1024


# ---- query plans ---------------------------------------------------------------------------------

async def _exercise_every_query(db: Database) -> None:
    """Call every public read and write of ``Database`` at least once."""
    game_id = await _lobby(db)
    await _lobby(db, channel="c2", host="u2", guild=None)
    row = await db.game(game_id)
    assert row is not None
    version = await db.set_seats(game_id, row.version, [("u1", "Ann"), ("u3", "Cho")], host_id="u3")
    version = await db.commit_moves(game_id, version, 0, [NewAction(0, "m", "u1", [])], "{}", "active", act_id="a1")
    assert await db.act_done("a1")  # the look-up of a command's act id (a lost commit, a retry)
    await db.set_status(game_id, version, "finished")
    await db.live_game("c1")
    await db.latest_game("c1")
    await db.latest_game("c2")
    await db.games_in_guild("g1")
    await db.games_of_user("u1")
    await db.seats(game_id)
    await db.actions(game_id)
    await db.actions(game_id, after=0, limit=3)
    await db.recent_actions(game_id, 5)
    await db.action_count(game_id)
    await db.next_seq(game_id)
    await db.live_counts()
    await db.live_games()
    await db.live_games("g1")
    await db.game_ids_after(0)
    # keeping asynchronous games alive: seats, banks, undo, the durable scheduler, user settings
    row = await db.game(game_id)
    assert row is not None
    seat = (await db.seats(game_id))[1]
    version = await db.replace_seat(game_id, row.version, SeatRow(1, "bot:1", "Bot", "bot", "greedy"))
    version = await db.commit_moves(
        game_id, version, 1, [NewAction(0, "n", "u1", [])], "{}", "finished",
        banks=[Bank(0, 100.0, 5.0), Bank(seat.seat, 50.0, None)], due=[(0, "remind_half", 1, 60.0)],
    )
    version = await db.commit_moves(game_id, version, 2, [NewAction(0, "o", "u1", [])], "{}", "active", ended=[0])
    await db.truncate_log(game_id, version, 2, "{}", banks=[Bank(0, 80.0, 6.0)], due=[(0, "expire", 1, 90.0)])
    await db.add_due(game_id, 0, "remind_tenth", 1, 70.0)
    items = await db.due_items(100.0)
    await db.pending_due(game_id)
    await db.postpone_due(items[0].id, 95.0)
    # the outbox of posts: an announcement leased, dropped by range and exactly
    await db.lease_due(items[0].id, items[0].due_at, 99.0)
    await db.drop_game_items(game_id, "announce", version, 5)
    await db.drop_game_items(game_id, "announce", version, 5, first=2)
    await db.claim_due(items[0].id, 100.0)
    await db.save_user_settings(UserSettings("u1", quiet_start=1320, quiet_end=420, time_zone="Asia/Taipei"))
    await db.save_user_settings(UserSettings("u1", reminders=False))
    await db.user_settings("u1")
    await db.user_settings("nobody")
    assert set(await db.users_settings(["u1", "nobody", "u2"])) == {"u1", "nobody", "u2"}
    await db.cast_vote(game_id, 1, 3, "u1", "wait", 10.0)
    await db.cast_vote(game_id, 1, 3, "u1", "bot", 11.0)
    await db.votes(game_id, 1, 3)
    await db.mark_once(game_id, 0, "dm_fallback", 1, 12.0)
    # server settings (``/settings``), and moving house (``python -m storage.copy``)
    await db.save_server_settings(ServerSettings("g1", timer="24h", threads=False, locale="zh-TW"))
    await db.save_server_settings(ServerSettings("g1", timer="48h"))
    await db.server_settings("g1")
    await db.server_settings("nowhere")
    await db.user_settings_after("")
    await db.save_away(UserSettings("u1", away_until=50.0), 10.0, 50.0)
    await db.save_away(UserSettings("u1"), 10.0, 30.0)
    await db.away_periods("u1", 5.0)
    await db.put_away_periods("u1", [(10.0, 30.0), (60.0, 70.0)])
    await db.server_settings_after("")
    due, votes = await db.schedule_of(game_id)
    row = await db.game(game_id)
    assert row is not None
    await db.put_game(row, await db.seats(game_id), await db.actions(game_id), due, votes)
    # results, ratings and statistics (``storage.records``): every read an index serves
    from storage.ratings import Rating
    from storage.records import RatingUpdate, ResultRow

    results = [ResultRow(game_id, p, i, p, "fixer", "g1", "human", "finished", i + 1, 2, 10 - i, True, 1.0, 3, 9.0, 50.0)
               for i, p in enumerate(("u1", "u2"))]
    updates = [RatingUpdate("global", "fixer", p, p, None, Rating(25.0 + i, 8.0, 1)) for i, p in enumerate(("u1", "u2"))]
    assert await db.record_game(results, updates, 50.0)
    await db.recorded(game_id)
    await db.results_of_game(game_id)
    await db.rating_changes_of(game_id)
    await db.ratings_of("global", "fixer", ["u1", "u2"])
    await db.player_results("u1")
    await db.player_results("u1", "fixer")
    await db.rating_history("u1", "fixer", "global")
    await db.opponents("u1", None)
    await db.opponents("u1", "fixer")
    await db.head_to_head("u1", "u2")
    await db.head_to_head("u1", "u2", "fixer")
    await db.rating("global", "fixer", "u1")
    await db.leaderboard("global", "fixer", 1, 0, 10)
    await db.leaderboard_size("global", "fixer", 1)
    await db.rank_of("global", "fixer", "u1", 1)
    await db.set_stats_private("u2", True, 51.0)
    await db.stats_private("u2")
    await db.private_users_after("")
    await db.put_results(results)
    assert [g async for g in db.results_in_order(1)]
    # private notes and the finished-games list (``/note``, ``/me games finished``)
    await db.save_note(game_id, "u1", "plan", 52.0)
    await db.note(game_id, "u1")
    await db.notes_after(game_id)
    await db.finished_of("u1", 0, 10)
    await db.finished_count("u1")


async def test_no_statement_scans_a_table(tmp_path: Path) -> None:
    path = tmp_path / "p.db"
    statements: list[str] = []
    async with Database(path, readers=0) as db:  # one connection, so one trace sees every statement
        for i in range(50):  # some rows, so the planner has something to choose between
            await _lobby(db, channel=f"x{i}", host=f"h{i}")
        await db.conn.set_trace_callback(statements.append)
        await _exercise_every_query(db)
        await db.conn.set_trace_callback(None)
    checked = 0
    con = sqlite3.connect(path)
    scans: list[str] = []
    for sql in statements:
        head = sql.lstrip().split(None, 1)[0].upper()
        if head not in {"SELECT", "UPDATE", "DELETE", "INSERT"}:
            continue
        checked += 1
        for row in con.execute(f"EXPLAIN QUERY PLAN {sql}"):
            detail = str(row[3])
            # Reading the partial index of live games whole is fine: it holds live games only.
            if detail.startswith("SCAN ") and "CONSTANT" not in detail and LIVE_INDEX not in detail:
                scans.append(f"{detail}  ←  {sql}")
    con.close()
    assert checked >= 15
    assert not scans, "\n".join(scans)


# ---- PostgreSQL: the same clear errors --------------------------------------------------------

async def test_postgres_unreachable_is_one_clear_line_without_the_password() -> None:
    port = pgserver._free_port()  # nothing listens there
    url = f"postgresql://ann:s3cret@127.0.0.1:{port}/postern"
    with pytest.raises(StorageError) as info:
        await Database(url, connect_timeout=3).open()
    text = str(info.value)
    assert "cannot open the database" in text and "s3cret" not in text and "\n" not in text


async def test_postgres_missing_database_is_refused(pg_server_url: str) -> None:
    base, _, _ = pg_server_url.rpartition("/")
    with pytest.raises(StorageError, match="cannot open the database"):
        await Database(f"{base}/no_such_database_here").open()


async def test_postgres_newer_schema_is_refused(pg_database: str) -> None:
    async with Database(pg_database) as db, db.transaction() as tx:
        await tx.execute("INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)", (999, 0.0))
    with pytest.raises(StorageError, match="newer"):
        await Database(pg_database).open()


async def test_postgres_migrations_are_tracked_and_run_once(pg_database: str) -> None:
    from storage.migrations import LATEST

    dbs = await asyncio.gather(*(Database(pg_database).open() for _ in range(3)))  # three processes start at once
    try:
        assert all([await db.schema_version() == LATEST for db in dbs])
        rows = await dbs[0]._fetch("SELECT version FROM schema_migrations ORDER BY version")
        assert [r[0] for r in rows] == list(range(1, LATEST + 1))
    finally:
        for db in dbs:
            await db.close()


async def test_a_read_failing_after_the_commit_does_not_call_the_move_unsaved(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The move is in the log: telling the player "nothing was applied" would make them send it twice."""
    async with Database(str(tmp_path / "after.db")) as db:
        table = TableService(db, seed_source=lambda: "busy-after")
        ann, bob = User("1", "Ann"), User("2", "Bob")
        await table.open(channel_id="c", guild_id="g", user=ann, game="torres", players=2, options="timer=24h")
        await table.join(channel_id="c", user=bob)
        started = await table.start(channel_id="c", user=ann)
        mover = ann if started.user_ids[started.to_act[0]] == ann.id else bob
        _, legal = await table.legal_moves(channel_id="c", user=mover)

        real, calls = db.users_settings, []

        async def busy_after_commit(*args: object, **kwargs: object) -> object:
            calls.append(1)
            if len(calls) > 1:  # the first read settles the timer before the commit
                raise StorageBusy("database is locked")
            return await real(*args, **kwargs)  # type: ignore[arg-type]

        monkeypatch.setattr(db, "users_settings", busy_after_commit)
        moved = await table.act(channel_id="c", user=mover, action=legal[0])
        assert moved.kind == "moved" and moved.version == started.version + 1
        assert (await db.actions(moved.game_id))[-1].action == legal[0] and len(calls) == 2


async def test_a_write_that_lost_a_race_across_processes_says_busy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Another process wrote first (the version guard): any write call says "busy", never an error."""
    async with Database(str(tmp_path / "race.db")) as db:
        table = TableService(db, seed_source=lambda: "race")
        ann = User("1", "Ann")
        await table.open(channel_id="c", guild_id="g", user=ann, game="torres", players=2)

        async def lost(*args: object, **kwargs: object) -> object:
            raise Conflict("the game changed meanwhile")

        monkeypatch.setattr(db, "set_seats", lost)
        with pytest.raises(TableError) as err:
            await table.add_bot(channel_id="c", user=ann, level="greedy")
        assert err.value.key == "busy"
