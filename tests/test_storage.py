"""Storage on both backends (SQLite files, a real PostgreSQL): migrations, the version guard, restarts, concurrency."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from storage import Conflict, Database, NewAction, StorageError
from storage.migrations import LATEST


async def _lobby(db: Database, channel: str = "c1") -> int:
    row = await db.create_game(
        guild_id="g1",
        channel_id=channel,
        game="fixer",
        options={},
        capacity=2,
        seed="s",
        host_id="u1",
        host_name="Ann",
        locale="en",
    )
    return row.id


async def test_migrations_create_schema_and_wal(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "p.db"
    async with Database(path) as db:
        assert await db.schema_version() == LATEST
    con = sqlite3.connect(path)
    assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"games", "seats", "actions"} <= tables
    con.close()
    async with Database(path) as db:  # re-opening migrates nothing and keeps the version
        assert await db.schema_version() == LATEST


async def test_newer_schema_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "p.db"
    con = sqlite3.connect(path)
    con.execute(f"PRAGMA user_version={LATEST + 1}")
    con.close()
    with pytest.raises(StorageError, match="newer"):
        await Database(path).open()


async def test_one_live_game_per_channel(db_target: str) -> None:
    async with Database(db_target) as db:
        game_id = await _lobby(db)
        with pytest.raises(Conflict):
            await _lobby(db)
        await _lobby(db, channel="c2")
        row = await db.game(game_id)
        assert row is not None
        await db.set_status(game_id, row.version, "abandoned")
        await _lobby(db)  # the channel is free again


async def test_version_guard_refuses_stale_writer(db_target: str) -> None:
    async with Database(db_target) as db:
        game_id = await _lobby(db)
        row = await db.game(game_id)
        assert row is not None
        v1 = await db.commit_moves(game_id, row.version, 0, [NewAction(0, "a", "u1", [])], "{}", "active")
        with pytest.raises(Conflict):
            await db.commit_moves(game_id, row.version, 1, [NewAction(0, "b", "u1", [])], "{}", "active")
        assert [a.action for a in await db.actions(game_id)] == ["a"]
        await db.commit_moves(game_id, v1, 1, [NewAction(0, "b", "u1", [{"kind": "x"}])], "{}", "active")
        acts = await db.actions(game_id)
        assert [a.action for a in acts] == ["a", "b"] and acts[1].events == [{"kind": "x"}]


async def test_concurrent_conflicting_writers_apply_once_per_version(db_target: str) -> None:
    """50 writers on two connections race for the same version: exactly one wins each round."""
    path = db_target
    async with Database(path) as a, Database(path) as b:
        game_id = await _lobby(a)
        row = await a.game(game_id)
        assert row is not None
        version = row.version

        async def attempt(db: Database, i: int, v: int, seq: int) -> bool:
            try:
                await db.commit_moves(game_id, v, seq, [NewAction(0, f"m{i}", "u1", [])], f"s{i}", "active")
                return True
            except Conflict:
                return False

        for round_no in range(5):
            wins = await asyncio.gather(*(attempt(a if i % 2 else b, i, version, round_no) for i in range(50)))
            assert sum(wins) == 1
            version += 1
        acts = await a.actions(game_id)
        assert [x.seq for x in acts] == [0, 1, 2, 3, 4]
        final = await a.game(game_id)
        assert final is not None and final.version == version


async def test_restart_keeps_acknowledged_moves(db_target: str) -> None:
    path = db_target
    async with Database(path) as db:
        game_id = await _lobby(db)
        row = await db.game(game_id)
        assert row is not None
        v = row.version
        for i in range(20):
            v = await db.commit_moves(game_id, v, i, [NewAction(0, f"m{i}", "u1", [])], f"snap{i}", "active")
    async with Database(path) as db:
        row = await db.game(game_id)
        assert row is not None and row.snapshot == "snap19" and row.version == v
        assert len(await db.actions(game_id)) == 20
        assert (await db.live_game("c1")) is not None
