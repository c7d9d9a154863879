"""Storage for keeping asynchronous games alive, on both backends: seat kinds and banks, undo's
log truncation, the durable scheduler (no item lost or repeated across a restart), user settings,
and an upgrade of a schema-2 database."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from storage import Bank, Conflict, Database, NewAction, SeatRow, UserSettings
from storage.migrations import MIGRATIONS


async def _started(db: Database, channel: str = "c1") -> tuple[int, int]:
    row = await db.create_game(
        guild_id="g1", channel_id=channel, game="fixer", options={}, capacity=2, seed="s",
        host_id="u1", host_name="Ann", locale="en",
    )
    version = await db.set_seats(row.id, row.version, [("u1", "Ann"), ("u2", "Bob")])
    version = await db.commit_moves(
        row.id, version, 0, [NewAction(0, "m0", "u1", [])], "snap0", "active",
        banks=[Bank(0, 144.0, None), Bank(1, 100.0, 10.0)],
    )
    return row.id, version


async def test_seats_keep_kind_level_and_bank(db_target: str) -> None:
    async with Database(db_target) as db:
        game_id, version = await _started(db)
        seats = await db.seats(game_id)
        assert [(s.kind, s.bank_left, s.turn_began) for s in seats] == [("human", 144.0, None), ("human", 100.0, 10.0)]
        version = await db.replace_seat(game_id, version, SeatRow(1, "bot:1", "Bot 1", "bot", "greedy"))
        bot = (await db.seats(game_id))[1]
        assert bot.is_bot and bot.bot_level == "greedy" and bot.bank_left == 100.0  # the bank stays with the seat
        with pytest.raises(Conflict):  # a stale writer changes nothing
            await db.replace_seat(game_id, version - 1, SeatRow(1, "u3", "Cho"))
        with pytest.raises(Conflict):  # one user, one seat
            await db.replace_seat(game_id, version, SeatRow(1, "u1", "Ann"))
        assert (await db.seats(game_id))[1].user_id == "bot:1"


async def test_truncate_log_is_version_guarded(db_target: str) -> None:
    async with Database(db_target) as db:
        game_id, version = await _started(db)
        version = await db.commit_moves(game_id, version, 1, [NewAction(1, "m1", "u2", [])], "snap1", "active")
        with pytest.raises(Conflict):
            await db.truncate_log(game_id, version - 1, 1, "snap0")
        assert len(await db.actions(game_id)) == 2
        new = await db.truncate_log(game_id, version, 1, "snap0", banks=[Bank(1, 90.0, 20.0)])
        row = await db.game(game_id)
        assert row is not None and row.version == new and row.snapshot == "snap0"
        assert [a.action for a in await db.actions(game_id)] == ["m0"]
        assert (await db.seats(game_id))[1].bank_left == 90.0


async def test_due_items_once_each_across_restart(db_target: str) -> None:
    async with Database(db_target) as db:
        game_id, version = await _started(db)
        await db.add_due(game_id, 1, "remind_half", 1, 50.0)
        await db.add_due(game_id, 1, "remind_half", 1, 55.0)  # the same item again: nothing new
        await db.add_due(game_id, 1, "expire", 1, 100.0)
        assert [(d.kind, d.due_at) for d in await db.due_items(60.0)] == [("remind_half", 50.0)]
    async with Database(db_target) as db:  # a restart keeps the schedule
        due = await db.due_items(200.0)
        assert [d.kind for d in due] == ["remind_half", "expire"]
        claims = await asyncio.gather(*(db.claim_due(due[0].id, 200.0) for _ in range(5)))
        assert claims.count(True) == 1  # two workers (or a restart) never both act on one item
        await db.postpone_due(due[1].id, 300.0)
        assert [d.kind for d in await db.due_items(250.0)] == []
        assert [d.kind for d in await db.due_items(300.0)] == ["expire"]
        # A move ends seat 1's turn: its pending items close and the new turn's arrive with it.
        await db.commit_moves(
            game_id, version, 1, [NewAction(1, "m1", "u2", [])], "snap1", "active", due=[(0, "expire", 2, 400.0)],
            ended=[1],
        )
        assert [(d.seat, d.kind, d.turn) for d in await db.pending_due(game_id)] == [(0, "expire", 2)]


async def test_user_settings_defaults_and_round_trip(db_target: str) -> None:
    async with Database(db_target) as db:
        assert await db.user_settings("u9") == UserSettings("u9")
        mine = UserSettings("u9", False, 22 * 60, 7 * 60, "Asia/Taipei", "zh-TW", 1234.5, 1000.0, 3)
        await db.save_user_settings(mine)
        assert await db.user_settings("u9") == mine
        changed = UserSettings("u9", True, None, None, "UTC", None, None, None, 0)
        await db.save_user_settings(changed)
        assert await db.user_settings("u9") == changed


async def test_client_language_is_noted_without_touching_the_settings(db_target: str) -> None:
    """The client's language seen in a command is stored beside the settings: a new user gets a
    row of defaults, a user with settings keeps them, and DMs prefer a chosen language to it."""
    async with Database(db_target) as db:
        await db.note_client_locale("u7", "zh-TW")
        seen = await db.user_settings("u7")
        assert seen == UserSettings("u7", client_locale="zh-TW")
        assert seen.dm_locale("en") == "zh-TW"
        mine = UserSettings("u8", False, 22 * 60, 7 * 60, "Asia/Taipei", "zh-CN", None, None, 2)
        await db.save_user_settings(mine)
        await db.note_client_locale("u8", "en")
        stored = await db.user_settings("u8")
        assert stored == UserSettings("u8", False, 22 * 60, 7 * 60, "Asia/Taipei", "zh-CN", None, None, 2, "en")
        assert stored.dm_locale("zh-TW") == "zh-CN"  # chosen beats seen
        await db.note_client_locale("u7", "zh-CN")  # the latest client language wins
        assert (await db.user_settings("u7")).client_locale == "zh-CN"
        assert UserSettings("u6").dm_locale("zh-TW") == "zh-TW"  # neither: the game's


async def test_schema_two_database_upgrades_keeping_its_games(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    con = sqlite3.connect(path)
    for number, script in enumerate(MIGRATIONS[:2], 1):
        con.executescript(script)
        con.execute(f"PRAGMA user_version={number}")
    con.execute(
        "INSERT INTO games (channel_id, game, capacity, seed, status, host_id, created_at, updated_at)"
        " VALUES ('c', 'fixer', 2, 's', 'lobby', 'u1', 0, 0)"
    )
    con.execute("INSERT INTO seats (game_id, seat, user_id, name) VALUES (1, 0, 'u1', 'Ann')")
    con.commit()
    con.close()
    async with Database(path) as db:
        assert await db.seats(1) == [SeatRow(0, "u1", "Ann", "human", None, None, None)]
