"""Issue #28 item 11: ``storage.copy`` into a target that already holds data refuses conflicts up
front (one line, exit 2, nothing written), never half-copies, and never creates a missing source.

Every conflict is tried in both directions, SQLite → PostgreSQL and PostgreSQL → SQLite, on the
real test server.
"""

from __future__ import annotations

import dataclasses
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from storage import Database, UserSettings
from storage.copy import CopyConflict, copy, run
from table.service import TableService
from tests.test_storage_copy import USERS, _games

DIRECTIONS = ("sqlite-to-postgres", "postgres-to-sqlite")


@pytest.fixture(params=DIRECTIONS)
async def ends(request: pytest.FixtureRequest, tmp_path: Path, pg_database: str) -> AsyncIterator[tuple[str, str]]:
    """(source, target) targets: one SQLite file and one PostgreSQL database, in either order."""
    sqlite = str(tmp_path / "side.db")
    yield (sqlite, pg_database) if request.param == DIRECTIONS[0] else (pg_database, sqlite)


async def _snapshot(db: Database) -> list[tuple[object, ...]]:
    """Everything the copy could change on the target, to prove a refused copy wrote nothing."""
    rows = []
    after = 0
    while ids := await db.game_ids_after(after):
        for game_id in ids:
            rows.append((await db.game(game_id), await db.actions(game_id), await db.seats(game_id)))
        after = ids[-1]
    users = await db.user_settings_after("")
    return [*rows, tuple(users)]


async def _seed_source(source: str) -> None:
    async with Database(source) as db:
        await _games(db, 4, 6)  # ids 1-4 in channels c0-c3; c0 stays a lobby
        await db.save_user_settings(UserSettings(user_id="77", locale="zh-TW"))


async def _refused(source: str, target: str, capsys: pytest.CaptureFixture[str], expected: str) -> None:
    async with Database(target) as db:
        before = await _snapshot(db)
    assert await run(source, target) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("postern: refusing to copy") and expected in err[0], err
    async with Database(target) as db:
        assert await _snapshot(db) == before  # not one game, not one setting written


async def test_a_different_game_under_the_same_id_is_refused(
    ends: tuple[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    source, target = ends
    await _seed_source(source)
    async with Database(source) as src, Database(target) as dst:
        row = await src.game(3)
        assert row is not None
        other = dataclasses.replace(row, seed="someone else's", channel_id="elsewhere", created_at=row.created_at + 5)
        await dst.put_game(other, await src.seats(3), await src.actions(3))
    await _refused(source, target, capsys, "game 3 there is another game")


async def test_a_live_game_in_the_same_channel_is_refused_before_anything_is_copied(
    ends: tuple[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    """Before: games 1 and 2 were copied, then a 43-line UniqueViolation traceback on game 3."""
    source, target = ends
    await _seed_source(source)
    async with Database(source) as src, Database(target) as dst:
        row = await src.game(3)
        assert row is not None and row.status in ("lobby", "active")
        live = dataclasses.replace(row, id=100, seed="target's own", created_at=row.created_at + 5)
        await dst.put_game(live, await src.seats(3), await src.actions(3))
    await _refused(source, target, capsys, f"channel {row.channel_id} has live game 100 there")


async def test_a_copy_played_on_at_the_target_is_not_rolled_back(
    ends: tuple[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    source, target = ends
    await _seed_source(source)
    async with Database(source) as src, Database(target) as dst:
        first = await copy(src, dst)
        assert first.copied == 4 and not first.failed
        # The bot ran on the target for a while: a move was made there.
        table = TableService(dst)
        status = await table.status(channel_id="c1")
        seat = status.to_act[0]
        _, legal = await table.legal_moves(channel_id="c1", user=USERS[seat])
        await table.act(channel_id="c1", user=USERS[seat], action=sorted(legal)[0])
    await _refused(source, target, capsys, "game 2 was played on there")


async def test_a_copy_played_on_at_both_ends_is_not_overwritten(
    ends: tuple[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    """The source moved on by two decisions, the target by one, later: the source's version is
    higher, yet replacing the target's game would silently drop the move made there."""
    source, target = ends
    await _seed_source(source)
    async with Database(source) as src, Database(target) as dst:
        assert (await copy(src, dst)).copied == 4
        for db in (src, src, dst):
            table = TableService(db)
            status = await table.status(channel_id="c1")
            seat = status.to_act[0]
            _, legal = await table.legal_moves(channel_id="c1", user=USERS[seat])
            await table.act(channel_id="c1", user=USERS[seat], action=sorted(legal)[0])
        there, here = await dst.game(2), await src.game(2)
        assert there is not None and here is not None and there.version < here.version
    await _refused(source, target, capsys, "game 2 was played on there")


async def test_an_older_copy_is_brought_up_to_date_and_the_rest_left_alone(ends: tuple[str, str]) -> None:
    source, target = ends
    await _seed_source(source)
    async with Database(source) as src, Database(target) as dst:
        assert (await copy(src, dst)).copied == 4
        table = TableService(src)
        status = await table.status(channel_id="c2")
        seat = status.to_act[0]
        _, legal = await table.legal_moves(channel_id="c2", user=USERS[seat])
        await table.act(channel_id="c2", user=USERS[seat], action=sorted(legal)[0])
        again = await copy(src, dst)
        assert (again.copied, again.unchanged, again.failed) == (1, 3, [])
        assert await dst.actions(3) == await src.actions(3)


async def test_a_live_game_that_ended_since_the_last_copy_makes_room(ends: tuple[str, str]) -> None:
    """The target's older copy of a game is live in a channel; on the source it ended and a new
    game opened there. Not a conflict: the ended game is written first, then the new one."""
    source, target = ends
    await _seed_source(source)
    async with Database(source) as src, Database(target) as dst:
        assert (await copy(src, dst)).copied == 4
        table = TableService(src, seed_source=lambda: "copy-seed")
        await table.abandon(channel_id="c1", user=USERS[0])
        await table.open(channel_id="c1", guild_id="g", user=USERS[0], game="fixer", players=2)
        again = await copy(src, dst)
        assert again.copied == 2 and not again.failed
        live = await dst.live_game("c1")
        assert live is not None and live.id == 5


async def test_a_missing_source_file_is_refused_and_not_created(
    tmp_path: Path, pg_database: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Before: the missing file was created empty and "copied 0" exited 0."""
    missing = tmp_path / "typo.db"
    for target in (str(tmp_path / "target.db"), pg_database):
        assert await run(str(missing), target) == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and "does not exist" in err[0], err
        assert not missing.exists()
    assert not (tmp_path / "target.db").exists()


async def test_copying_a_database_onto_itself_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "same.db"
    await _seed_source(str(path))
    assert await run(str(path), str(tmp_path / "." / "same.db")) == 2
    assert "the same database" in capsys.readouterr().err


async def test_a_conflict_is_an_exception_for_callers_too(ends: tuple[str, str]) -> None:
    source, target = ends
    await _seed_source(source)
    async with Database(source) as src, Database(target) as dst:
        row = await src.game(2)
        assert row is not None
        await dst.put_game(dataclasses.replace(row, seed="x"), await src.seats(2), await src.actions(2))
        with pytest.raises(CopyConflict) as caught:
            await copy(src, dst)
        assert caught.value.problems == ["game 2 there is another game (torres in channel c1)"]
