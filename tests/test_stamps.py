"""Move buttons carry a stamp of the position (``table.stamps``), not the game's version: a click
still works after writes that change no position (away, back, a vote to wait), is refused once
the position changed, works again for the same position after an undo, and buttons of older
posts (carrying a version) keep their old meaning. The stamp is keyed by the game's secret seed,
so it says nothing about hidden information to anyone who sees the public ``custom_id``."""

from __future__ import annotations

import dataclasses
from collections.abc import AsyncIterator

import pytest

from storage import Database, GameRow
from table import stamps
from table.clock import ScriptedClock
from table.messages import TableError
from table.service import TableService, User

ANN = User("1", "Ann")
BOB = User("2", "Bob")
USERS = {u.id: u for u in (ANN, BOB)}
HOUR = 3600.0


@pytest.fixture
async def db(db_target: str) -> AsyncIterator[Database]:
    async with Database(db_target) as database:
        yield database


async def _started(table: TableService) -> tuple[User, int]:
    await table.open(channel_id="c", guild_id="g", user=ANN, game="fixer", players=2, options="timer=24h")
    await table.join(channel_id="c", user=BOB)
    result = await table.start(channel_id="c", user=ANN)
    return USERS[result.user_ids[result.to_act[0]]], result.stamp


async def test_a_button_survives_writes_that_change_no_position(db: Database) -> None:
    clock = ScriptedClock()
    table = TableService(db, seed_source=lambda: "stamp-1", clock=clock)
    first, stamp = await _started(table)
    version = (await table.status(channel_id="c")).version
    assert stamp >= stamps.MARK
    await table.away(user=first, days=1)
    clock.advance(HOUR)
    await table.back(user=first)
    status = await table.status(channel_id="c")
    assert status.version > version and status.stamp == stamp  # two writes, the same position
    assert status.shows(stamp) and not status.shows(version)
    # An old post's button (a version) is stale after those writes, as it always was ...
    _, legal = await table.legal_moves(channel_id="c", user=first)
    action = legal[0]
    with pytest.raises(TableError) as err:
        await table.act(channel_id="c", user=first, action=action, expected_version=version, game_id=status.game_id)
    assert err.value.key == "stale"
    # ... the stamped one still plays.
    moved = await table.act(channel_id="c", user=first, action=action, expected_version=stamp, game_id=status.game_id)
    assert moved.stamp != stamp
    second = USERS[moved.user_ids[moved.to_act[0]]]
    with pytest.raises(TableError) as err:  # the position changed: the old button is refused
        await table.act(channel_id="c", user=second, action=action, expected_version=stamp, game_id=status.game_id)
    assert err.value.key == "stale"
    # The version of the current post still works for buttons drawn before stamps existed.
    _, legal = await table.legal_moves(channel_id="c", user=second)
    await table.act(channel_id="c", user=second, action=legal[0], expected_version=moved.version)


async def test_after_an_undo_the_same_position_has_the_same_stamp(db: Database) -> None:
    table = TableService(db, seed_source=lambda: "stamp-2", clock=ScriptedClock())
    first, stamp = await _started(table)
    _, legal = await table.legal_moves(channel_id="c", user=first)
    moved = await table.act(channel_id="c", user=first, action=legal[0], expected_version=stamp)
    undone = await table.undo(channel_id="c", user=first)
    assert undone.stamp == stamp and undone.version == moved.version + 1
    again = await table.act(channel_id="c", user=first, action=legal[0], expected_version=stamp)
    assert again.stamp == moved.stamp


def test_the_stamp_is_keyed_by_the_secret_seed() -> None:
    row = GameRow(1, "g", "c", "fixer", {}, 2, "seed-a", "active", 7, '{"hand": [1, 2, 3]}', "1", "en", 0.0, 0.0)
    same = stamps.of(row)
    assert stamps.of(dataclasses.replace(row, version=99)) == same  # the version plays no part
    assert stamps.of(dataclasses.replace(row, seed="seed-b")) != same  # unknown key: no guessing
    assert stamps.of(dataclasses.replace(row, snapshot='{"hand": [1, 2, 4]}')) != same
    assert stamps.MARK <= same < 2 * stamps.MARK
    assert stamps.matches(row, same) and stamps.matches(row, 7) and not stamps.matches(row, 6)
    lobby = dataclasses.replace(row, status="lobby", snapshot=None)
    assert stamps.of(lobby) == 7
