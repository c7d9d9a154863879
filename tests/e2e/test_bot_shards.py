"""Two bot processes, one PostgreSQL (issue 12): each runs half of the gateway shards.

Real processes (``python bot.py`` through tests/e2e/botprocess.py), not two clients in this
process: each has its own event loop, asyncpg pool, render pool and per-game locks, so the only
thing that can serialise their moves on one game is the database — which is what the test is
about. The fake Discord runs here and routes guilds to shards as Discord does
(``(guild_id >> 22) % count``; DMs to shard 0).
"""

from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from cogs.client import SYNC_NOTE
from storage import Database
from table.service import TableService, User
from tests.fakediscord import FakeDiscord
from tests.fakediscord.interactions import FakeInteraction
from tests.fakediscord.models import FakeChannel, FakeUser

ROOT = Path(__file__).resolve().parents[2]
SHARD_COUNT = 2


@dataclass
class BotProcess:
    label: str
    process: asyncio.subprocess.Process
    log: Path

    def output(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace") if self.log.exists() else ""


async def start_bot(fake: FakeDiscord, label: str, env: dict[str, str], folder: Path) -> BotProcess:
    """``python bot.py`` against ``fake`` with the usual settings plus ``env``."""
    log = folder / f"bot-{label}.log"
    full_env = {
        **os.environ,
        "DISCORD_TOKEN": fake.token,
        "FAKE_DISCORD_API": fake.api_url,
        "FAKE_DISCORD_WS": fake.ws_url,
        "POSTERN_TEST_AGENT": label,
        "POSTERN_THROTTLE": "off",
        "POSTERN_DB_POOL": "4",
        "PYTHONPATH": str(ROOT),
        **env,
    }
    with log.open("wb") as sink:
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "tests.e2e.botprocess", cwd=ROOT, env=full_env,
            stdout=sink, stderr=asyncio.subprocess.STDOUT,
        )
    return BotProcess(label, process, log)


async def stop_bot(bot: BotProcess, timeout: float = 30.0) -> int:
    if bot.process.returncode is None:
        bot.process.terminate()
    try:
        return await asyncio.wait_for(bot.process.wait(), timeout)
    except TimeoutError:
        bot.process.kill()
        await bot.process.wait()
        raise AssertionError(f"bot {bot.label} did not stop on SIGTERM:\n{bot.output()[-3000:]}") from None


@dataclass
class World:
    fake: FakeDiscord
    alice: FakeUser
    bob: FakeUser
    tables: dict[int, FakeChannel]  # shard → a text channel of a guild on that shard
    db: Database


@pytest.fixture
async def world(pg_database: str) -> AsyncIterator[World]:
    async with FakeDiscord() as fake:
        alice, bob = fake.add_user("alice"), fake.add_user("bob")
        tables: dict[int, FakeChannel] = {}
        for shard in range(SHARD_COUNT):
            guild = fake.add_guild(f"Shard {shard} club", shard=(shard, SHARD_COUNT))
            assert (guild.id >> 22) % SHARD_COUNT == shard
            fake.add_member(guild, alice)
            fake.add_member(guild, bob)
            tables[shard] = fake.add_text_channel(guild, "tables")
        db = await Database(pg_database, pool_size=2).open()
        try:
            yield World(fake, alice, bob, tables, db)
        finally:
            await db.close()


async def start_game(w: World, channel: FakeChannel) -> FakeChannel:
    fake = w.fake
    await fake.slash(w.alice, channel, "game new", {"game": "fixer", "players": 2})
    thread = fake.threads_of(channel)[0]
    await fake.click(w.bob, fake.messages(thread)[0], label="Join")
    start = await fake.click(w.alice, fake.messages(thread)[0], label="Start")
    assert start.files, start.content
    return thread


async def two_moves(w: World, where: FakeChannel) -> tuple[FakeUser, list[str], int]:
    """Who acts in ``where``'s game, two different legal moves of theirs, and the game's version."""
    table = TableService(w.db)
    status = await table.status(channel_id=str(where.id))
    user = w.alice if status.user_ids[status.to_act[0]] == str(w.alice.id) else w.bob
    _, legal = await table.legal_moves(channel_id=str(where.id), user=User(str(user.id), user.name))
    row = await w.db.live_game(str(where.id))
    assert row is not None
    return user, legal[:2], row.version


def agents(fake: FakeDiscord, ix: FakeInteraction) -> set[str]:
    """Which processes answered ``ix`` (its callback, followups and edits)."""
    found = set()
    for _method, path, agent in fake.world.request_agents:
        if f"/interactions/{ix.id}/" in path or f"/{ix.token}" in path:
            found.add(agent.rsplit("postern-test/", 1)[-1])
    return found


def channel_posters(fake: FakeDiscord, channel: FakeChannel) -> set[str]:
    """Which processes posted into ``channel`` themselves (not as interaction replies)."""
    return {
        agent.rsplit("postern-test/", 1)[-1]
        for method, path, agent in fake.world.request_agents
        if method == "POST" and path.endswith(f"/channels/{channel.id}/messages")
    }


@pytest.mark.slow
async def test_two_sharded_processes_share_one_postgresql(world: World, tmp_path: Path) -> None:
    w, fake = world, world.fake
    db_url = w.db.url  # type: ignore[attr-defined]
    bots = {
        shard: await start_bot(fake, f"shard{shard}", {"POSTERN_DB": db_url, "POSTERN_SHARDS": f"{shard}/{SHARD_COUNT}"}, tmp_path)
        for shard in range(SHARD_COUNT)
    }
    try:
        try:
            await fake.wait_shards([(s, SHARD_COUNT) for s in range(SHARD_COUNT)], timeout=90)
            await fake.wait_synced(1, timeout=30)
        except Exception:
            raise AssertionError("\n".join(f"--- {b.label}\n{b.output()[-3000:]}" for b in bots.values())) from None
        assert sorted(fake.shard_sessions(), key=str) == [(0, 2), (1, 2)]
        # Only the process running shard 0 synced, and the stamp lives in the shared database.
        assert fake.sync_count == 1 and fake.agent_of("PUT", f"/api/v10/applications/{fake.application_id}/commands")[0].endswith("postern-test/shard0")
        assert await w.db.read_note(SYNC_NOTE)

        # Each guild's game is played by its own shard's process; a DM game by shard 0's.
        threads = {shard: await start_game(w, w.tables[shard]) for shard in range(SHARD_COUNT)}
        dm = fake.dm_channel(w.alice)
        solo = await fake.slash(w.alice, dm, "solo", {"game": "fixer"})
        assert solo.files or await fake.wait_until(lambda: any(m.attachments for m in fake.messages(dm)), 10)
        for shard, thread in threads.items():
            user, moves, _ = await two_moves(w, thread)
            moved = await fake.slash(user, thread, "move", {"action": moves[0]})
            assert moved.files and not moved.ephemeral, moved.content
            for channel in (w.tables[shard], thread):
                assert channel_posters(fake, channel) <= {f"shard{shard}"}
        for ix in fake.interactions:
            guild = ix.payload.get("guild_id")
            owner = 0 if guild is None else (int(guild) >> 22) % SHARD_COUNT
            assert agents(fake, ix) == {f"shard{owner}"}, (ix.name, agents(fake, ix))
        assert channel_posters(fake, dm) <= {"shard0"}

        # Conflicting moves on one game from both processes at once: during a handover both
        # sessions may receive the guild's interactions. Exactly one move applies per version.
        thread = threads[1]
        rounds, winners, refusals = 0, [], []
        for _ in range(4):
            user, moves, version = await two_moves(w, thread)
            if len(moves) < 2:
                break
            game_id = (await w.db.live_game(str(thread.id))).id  # type: ignore[union-attr]
            seq = await w.db.next_seq(game_id)
            own, other = await asyncio.gather(
                fake.slash(user, thread, "move", {"action": moves[0]}),
                fake.slash(user, thread, "move", {"action": moves[1]}, via_shard=(0, SHARD_COUNT)),
            )
            assert agents(fake, own) == {"shard1"} and agents(fake, other) == {"shard0"}
            row = await w.db.game(game_id)
            assert row is not None and row.version == version + 1, (row.version, version)
            applied = [ix for ix in (own, other) if ix.files and not ix.ephemeral]
            refused = [ix for ix in (own, other) if ix.ephemeral and not ix.files]
            assert len(applied) == 1 and len(refused) == 1, [(ix.content, ix.ephemeral) for ix in (own, other)]
            assert refused[0].content and "Traceback" not in refused[0].content
            logged = [a.action for a in await w.db.actions(game_id, after=seq - 1) if a.user_id == str(user.id)]
            assert len(logged) == 1 and logged[0] in moves, logged
            rounds += 1
            winners.append("shard1" if applied[0] is own else "shard0")
            refusals.append(refused[0].content)
        assert rounds >= 3, rounds
        print("conflicts won by", winners, "refusals:", refusals)
        assert fake.rejections == [] and fake.internal_errors == []
    finally:
        codes = {b.label: await stop_bot(b) for b in bots.values()}
    assert codes == {"shard0": 0, "shard1": 0}, "\n".join(b.output()[-2000:] for b in bots.values())


async def test_a_sharded_client_hears_only_its_guilds(tmp_path: Path) -> None:
    """In-process: the fake tells shard 1 of 2 only of shard 1's guilds, and has no session for
    a DM (shard 0's) while shard 0 is not connected."""
    from cogs.client import ShardedPosternBot
    from tests.fakediscord import DriverError

    async with FakeDiscord() as fake:
        guilds = [fake.add_guild(f"g{shard}", shard=(shard, SHARD_COUNT)) for shard in (0, 1, 1)]
        alice = fake.add_user("alice")
        fake.world.global_commands = [  # as synced earlier by shard 0's process
            {"id": "1", "application_id": str(fake.application_id), "name": "solo", "type": 1,
             "description": "solo", "options": [{"type": 3, "name": "game", "description": "game", "required": True}],
             "contexts": [0, 1, 2], "integration_types": [0, 1]},
        ]
        client = ShardedPosternBot(str(tmp_path / "one.db"), None, [1], SHARD_COUNT, guild_ready_timeout=0.1)
        async with fake.running(client):
            assert await client.health() in (None, "not connected to Discord yet")
            await asyncio.wait_for(client.wait_until_ready(), 10)
            assert await client.health() is None
            assert fake.shard_sessions() == [(1, SHARD_COUNT)]
            await fake.wait_until(lambda: len(client.guilds) == 2, 5)
            assert sorted(g.id for g in client.guilds) == sorted(g.id for g in guilds[1:])
            assert fake.sync_count == 0  # shard 0's process syncs, not this one
            gateway = fake.world.gateway
            assert gateway.session_for(guilds[1].id) is gateway.session_for(guilds[2].id) is not None
            assert gateway.session_for(guilds[0].id) is None and gateway.session_for(None) is None
            with pytest.raises(DriverError, match="no bot client"):
                await fake.slash(alice, fake.dm_channel(alice), "solo", {"game": "fixer"})
