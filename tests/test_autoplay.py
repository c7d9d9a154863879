"""Bots think outside their game's lock (table/autoplay.py, issue 26): reads and other writes never
wait for a thinking bot, and a decision made on a position that changed meanwhile is recomputed."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import pytest

from storage import Database
from table import thinkers
from table.clock import ScriptedClock
from table.service import TableService, User

ANN = User("1", "Ann")


@pytest.fixture
async def db(tmp_path: Any) -> AsyncIterator[Database]:
    async with Database(str(tmp_path / "t.db")) as database:
        yield database


class SlowThinker(thinkers.Thinkers):
    """A ``hard`` bot that thinks until the test lets it answer (deterministic "seconds")."""

    def __init__(self) -> None:
        super().__init__("inline")
        self.thinking = asyncio.Event()
        self.answer = asyncio.Event()
        self.asked = 0

    async def choose(self, game: str, view: dict[str, Any], seat: int, *, level: str | None, seed: int) -> str:
        self.asked += 1
        self.thinking.set()
        await self.answer.wait()
        return await super().choose(game, view, seat, level="greedy", seed=seed)


async def bot_game(db: Database, thinker: SlowThinker) -> tuple[TableService, int]:
    table = TableService(db, seed_source=lambda: "slow", clock=ScriptedClock(), thinker=thinker)
    await table.open(channel_id="c", guild_id="g", user=ANN, game="fixer", players=2, options="seating=host")
    await table.add_bot(channel_id="c", user=ANN, level="hard")
    thinker.answer.set()  # the start may need a bot decision already
    result = await table.start(channel_id="c", user=ANN)
    thinker.answer.clear()
    thinker.thinking.clear()
    thinker.asked = 0
    assert result.to_act == [0]
    return table, result.game_id


async def test_board_and_writes_answer_while_a_hard_bot_thinks(db: Database) -> None:
    thinker = SlowThinker()
    table, game_id = await bot_game(db, thinker)
    _, legal = await table.legal_moves(channel_id="c", user=ANN)
    moving = asyncio.create_task(table.act(channel_id="c", user=ANN, action=legal[0]))
    await asyncio.wait_for(thinker.thinking.wait(), 5)
    # the bot thinks: a board, a hand and a write to the same game all answer at once
    status = await asyncio.wait_for(table.status(channel_id="c"), 2)
    assert status.game_id == game_id
    await asyncio.wait_for(table.hand(channel_id="c", user=ANN), 2)
    await asyncio.wait_for(table.extend(game_id, 0, 600.0), 2)  # takes the game's lock
    assert not moving.done()
    # the extension moved the game's version: the bot's reply is recomputed on the new position
    thinker.answer.set()
    moved = await asyncio.wait_for(moving, 10)
    assert thinker.asked >= 2
    assert moved.to_act == [0]
    row = await db.game(game_id)
    assert row is not None and row.version == moved.version


async def test_a_position_that_keeps_changing_is_refused_as_busy(db: Database) -> None:
    from table.messages import TableError

    thinker = SlowThinker()
    table, game_id = await bot_game(db, thinker)
    before = await db.actions(game_id)
    _, legal = await table.legal_moves(channel_id="c", user=ANN)

    async def meddle() -> None:
        for _ in range(10):
            await thinker.thinking.wait()
            thinker.thinking.clear()
            await table.extend(game_id, 0, 600.0)
            thinker.answer.set()
            await asyncio.sleep(0)
            thinker.answer.clear()

    meddler = asyncio.create_task(meddle())
    with pytest.raises(TableError) as refused:
        await asyncio.wait_for(table.act(channel_id="c", user=ANN, action=legal[0]), 10)
    meddler.cancel()
    assert refused.value.key == "busy"
    assert [a.seq for a in await db.actions(game_id)] == [a.seq for a in before]
