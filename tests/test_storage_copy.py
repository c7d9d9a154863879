"""Moving house: copy every game SQLite → PostgreSQL → SQLite, verified by replay; online backup."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

from storage import Database
from storage.backup import backup
from storage.copy import copy, main, verify
from table.service import TableService, User

USERS = [User(str(i), f"P{i}") for i in range(4)]


async def _games(db: Database, count: int, moves: int) -> None:
    """Lobbies, running and finished games of every game, with a few random moves each."""
    table = TableService(db, seed_source=lambda: "copy-seed")
    rng = random.Random(3)
    names = ["fixer", "torres", "burgundy"]
    for i in range(count):
        channel = f"c{i}"
        game = names[i % len(names)]
        await table.open(channel_id=channel, guild_id="g", user=USERS[0], game=game, players=2, options="seating=host")
        if i % 4 == 0:
            continue  # leave a lobby
        await table.join(channel_id=channel, user=USERS[1])
        result = await table.start(channel_id=channel, user=USERS[0])
        for _ in range(moves):
            if result.status != "active":
                break
            seat = result.to_act[0]
            _, legal = await table.legal_moves(channel_id=channel, user=USERS[seat])
            result = await table.act(channel_id=channel, user=USERS[seat], action=rng.choice(sorted(legal)))


async def test_copy_round_trip_is_verified_and_rerunnable(tmp_path: Path, pg_database: str) -> None:
    source_path = tmp_path / "source.db"
    async with Database(source_path) as source:
        await _games(source, 9, 25)
        async with Database(pg_database) as pg:
            first = await copy(source, pg)
            assert first.copied == 9 and first.verified == 9 and not first.failed
            again = await copy(source, pg)
            assert again.copied == 0 and again.unchanged == 9 and not again.failed
            # New games on the target get fresh ids after the copied ones.
            row = await pg.create_game(
                guild_id="g", channel_id="new", game="fixer", options={}, capacity=2, seed="s",
                host_id="9", host_name="N", locale="en",
            )
            assert row.id == 10
            async with Database(tmp_path / "back.db") as back:
                home = await copy(pg, back)
                assert home.copied == 10 and not home.failed
                for game_id in range(1, 10):
                    a, b = await source.game(game_id), await back.game(game_id)
                    assert a == b
                    assert await source.actions(game_id) == await back.actions(game_id)


async def test_verify_catches_a_log_that_does_not_match(tmp_path: Path) -> None:
    async with Database(tmp_path / "s.db") as db:
        await _games(db, 2, 10)
        assert await verify(db, 2) is None
        async with db.transaction() as tx:
            await tx.execute("DELETE FROM actions WHERE game_id = 2 AND seq = (SELECT MAX(seq) FROM actions WHERE game_id = 2)")
        assert "different state" in (await verify(db, 2) or "") or "does not replay" in (await verify(db, 2) or "")


def test_copy_command_reports_and_exits_cleanly(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    assert main([str(tmp_path / "a.db"), str(tmp_path / "b.db")]) == 0
    assert "copied 0" in capsys.readouterr().out
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert main([str(tmp_path / "a.db"), str(blocker / "b.db")]) == 2
    assert "cannot open the database" in capsys.readouterr().err


async def test_online_backup_is_consistent(tmp_path: Path) -> None:
    path = tmp_path / "live.db"
    async with Database(path) as db:
        await _games(db, 6, 15)
        pages = backup(path, tmp_path / "copy.db")  # while the bot still holds the database open
        assert pages > 0
        con = sqlite3.connect(tmp_path / "copy.db")
        assert con.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 6
        assert con.execute("SELECT COUNT(*) FROM actions").fetchone()[0] == await db.action_count(1) + sum(
            [await db.action_count(i) for i in range(2, 7)]
        )
        con.close()
