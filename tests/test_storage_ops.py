"""Storage calls the operations side uses, on both backends: the health ping, the repeated-move
check of typed moves, and the notes a server database keeps for all processes (command sync)."""

from __future__ import annotations

import storage
from storage import NewAction


async def _game(db: storage.Database) -> int:
    row = await db.create_game(
        guild_id="g", channel_id="c", game="fixer", options={}, capacity=2, seed="s",
        host_id="1", host_name="Ann", locale="en",
    )
    return row.id


async def test_ping_answers_while_open_and_fails_once_closed(db_target: str) -> None:
    db = await storage.connect(db_target)
    await db.ping()
    await db.close()
    try:
        await db.ping()
    except Exception:
        pass
    else:
        raise AssertionError("a closed database answered the health ping")


async def test_acted_since_finds_only_that_users_action_after_the_time(db_target: str) -> None:
    async with await storage.connect(db_target) as db:
        game_id = await _game(db)
        await db.commit_moves(game_id, 0, 0, [NewAction(0, "take 3", "1", [])], "{}", "active")
        assert await db.acted_since(game_id, "1", "take 3", 0.0)
        assert not await db.acted_since(game_id, "2", "take 3", 0.0)
        assert not await db.acted_since(game_id, "1", "take 4", 0.0)
        assert not await db.acted_since(game_id, "1", "take 3", 4e9)


async def test_notes_live_in_a_server_database_only(db_target: str) -> None:
    async with await storage.connect(db_target) as db:
        if db_target.startswith("postgresql://"):
            assert db.keeps_notes and await db.read_note("commands-sync") is None
            await db.write_note("commands-sync", "abc")
            await db.write_note("commands-sync", "def")  # overwritten, not duplicated
            assert await db.read_note("commands-sync") == "def"
        else:
            assert not db.keeps_notes and await db.read_note("commands-sync") is None
    if db_target.startswith("postgresql://"):
        async with await storage.connect(db_target) as again:  # migrate again: notes survive
            assert await again.read_note("commands-sync") == "def"
