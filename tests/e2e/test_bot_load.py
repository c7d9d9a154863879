"""Under load and bad input (issue 13): acknowledge first, post every committed move, throttle
bursts, apply a repeated typed move once, refuse forged ids and storage faults politely, and sync
commands only when they changed (issue 7). The real bot against the fake Discord."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import rules
from cogs import posting
from cogs.client import PosternBot
from cogs.throttle import Throttle
from rules import CHANCE
from table.chance import resolve
from table.service import TableService
from tests.fakediscord import FakeDiscord
from tests.fakediscord.models import FakeChannel, FakeGuild, FakeMessage, FakeUser

PNG = b"\x89PNG"


@dataclass
class Table:
    fake: FakeDiscord
    guild: FakeGuild
    channel: FakeChannel
    alice: FakeUser
    bob: FakeUser
    db: Path

    def bot(self, **kwargs: Any) -> PosternBot:
        return PosternBot(str(self.db), **kwargs)


@pytest.fixture
async def table(tmp_path: Path) -> AsyncIterator[Table]:
    async with FakeDiscord() as fake:
        guild = fake.add_guild("Board games")
        alice = fake.add_user("alice")
        bob = fake.add_user("bob", locale="zh-TW")
        fake.add_member(guild, alice)
        fake.add_member(guild, bob)
        channel = fake.add_text_channel(guild, "tables")
        yield Table(fake, guild, channel, alice, bob, tmp_path / "bot.db")


async def two_player_game(t: Table) -> tuple[FakeChannel, FakeMessage]:
    fake = t.fake
    await fake.slash(t.alice, t.channel, "game new", {"game": "fixer", "players": 2})
    thread = fake.threads_of(t.channel)[0]
    await fake.click(t.bob, fake.messages(thread)[0], label="Join")
    start = await fake.click(t.alice, fake.messages(thread)[0], label="Start")
    assert start.message is not None and start.files
    return thread, start.message


async def mover(bot: PosternBot, t: Table, where: FakeChannel) -> tuple[FakeUser, str]:
    status = await bot.table.status(channel_id=str(where.id))
    user = t.alice if status.user_ids[status.to_act[0]] == str(t.alice.id) else t.bob
    from table.service import User

    _, legal = await bot.table.legal_moves(channel_id=str(where.id), user=User(str(user.id), user.name))
    return user, legal[0]


def slow_images(monkeypatch: pytest.MonkeyPatch, seconds: float) -> None:
    """Every board image takes ``seconds`` longer (a long render queue)."""
    draw = posting.image

    async def slow(game: str, view: dict[str, Any], name: str) -> Any:
        await asyncio.sleep(seconds)
        return await draw(game, view, name)

    monkeypatch.setattr(posting, "image", slow)


# ---- 1. acknowledge first, then work -----------------------------------------------------------
async def test_slow_images_never_cost_the_deadline(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    fake = table.fake
    bot = table.bot()
    async with fake.running(bot):
        thread, _ = await two_player_game(table)
        fake.interaction_deadline = 1.0
        slow_images(monkeypatch, 1.3)
        user, action = await mover(bot, table, thread)
        moved = await fake.slash(user, thread, "move", {"action": action})
        assert moved.elapsed is not None and moved.elapsed < 0.5  # acknowledged at once
        assert moved.files and moved.files[0].data.startswith(PNG) and not moved.ephemeral
        board = await fake.slash(table.alice, thread, "board")
        assert board.elapsed is not None and board.elapsed < 0.5 and board.files
        hand = await fake.slash(table.bob, thread, "hand")
        assert hand.elapsed is not None and hand.elapsed < 0.5 and hand.ephemeral and hand.files
        status = await fake.slash(table.bob, thread, "game status")
        assert status.elapsed is not None and status.elapsed < 0.5 and status.ephemeral and status.files
        assert fake.rejections == []


async def test_a_slow_table_call_is_acknowledged_in_time(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    fake = table.fake
    bot = table.bot()
    async with fake.running(bot):
        thread, _ = await two_player_game(table)
        user, action = await mover(bot, table, thread)
        fake.interaction_deadline = 1.0
        act = TableService.act

        async def slow_act(self: TableService, **kwargs: Any) -> Any:
            await asyncio.sleep(1.3)
            return await act(self, **kwargs)

        monkeypatch.setattr(TableService, "act", slow_act)
        moved = await fake.slash(user, thread, "move", {"action": action})
        assert moved.elapsed is not None and moved.elapsed < 1.0
        assert moved.files and moved.files[0].data.startswith(PNG)
        log = await fake.slash(table.alice, thread, "log", {"count": 3})  # fast: answered directly
        assert log.response_type == 4
        assert fake.rejections == []


async def test_a_committed_move_is_posted_when_the_token_expired(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    fake = table.fake
    bot = table.bot()
    async with fake.running(bot):
        thread, _ = await two_player_game(table)
        user, action = await mover(bot, table, thread)
        before = len([m for m in fake.messages(thread) if m.attachments])
        fake.token_lifetime = 0.4  # the follow-up will be refused (401 Invalid Webhook Token)
        slow_images(monkeypatch, 0.8)
        await fake.slash(user, thread, "move", {"action": action}, wait=False)
        assert await fake.wait_until(lambda: len([m for m in fake.messages(thread) if m.attachments]) > before, 6)
        post = [m for m in fake.messages(thread) if m.attachments][-1]
        assert post.attachments[0].data.startswith(PNG) and post.webhook_id is None  # a channel post
        assert any(r.code == 50027 for r in fake.rejections)


# ---- 2. fair under abuse -----------------------------------------------------------------------
async def test_one_users_burst_is_throttled_and_others_play_on(table: Table) -> None:
    fake = table.fake
    bot = table.bot(throttle=Throttle.parse("1/600,10"))  # a burst of 10, next to no refill
    async with fake.running(bot):
        thread, _ = await two_player_game(table)
        spam = [await fake.slash(table.bob, thread, "board", wait=False) for _ in range(30)]
        user, _ = await mover(bot, table, thread)
        if user is table.bob:
            user = table.alice  # alice's command is refused as not her turn: still served at once
        other = await fake.slash(user, thread, "log", {"count": 2})
        assert other.response_type == 4 and "慢" not in (other.content or "")
        for ix in spam:
            await ix.response()
        await fake.wait_until(lambda: all(ix.reply_message is not None for ix in spam), 20)
        refused = [ix for ix in spam if "放慢" in (ix.content or "")]
        served = [ix for ix in spam if ix.files]
        assert len(served) == 10 - 1 and len(refused) == 30 - 9  # bob had pressed Join once
        assert all(ix.ephemeral and ix.elapsed is not None and ix.elapsed < 1.0 for ix in refused)
        english = await fake.slash(table.bob, thread, "log", locale="en-US")
        assert "Slow down" in (english.content or "") and english.ephemeral
        # Autocomplete has its own bucket: typing still works for bob.
        topics = await fake.autocomplete(table.bob, thread, "rules", "topic", typed="", options={"game": "fixer"})
        assert topics


# ---- 3. typed moves are idempotent -------------------------------------------------------------
def repeatable(name: str, snapshot: str, seed: str, seq: int, seat: int) -> str | None:
    """A move of ``seat`` that is legal again for ``seat`` right after it is played."""
    game = rules.get(name)
    state = game.loads(snapshot)
    for action in game.legal_actions(state, seat):
        after, _ = game.apply(state, seat, action)
        step = seq + 1
        while game.to_act(after) == [CHANCE]:
            after, _ = game.apply(after, CHANCE, resolve(seed, step, game.chance_outcomes(after)))
            step += 1
        if not game.is_over(after) and seat in game.to_act(after) and action in game.legal_actions(after, seat):
            return action
    return None


async def test_an_identical_move_sent_twice_applies_once(table: Table) -> None:
    fake = table.fake
    bot = table.bot()
    async with fake.running(bot):
        dm = fake.dm_channel(table.bob)
        await fake.slash(table.bob, dm, "solo", {"game": "burgundy"})
        for _ in range(60):
            row = await bot.db.live_game(str(dm.id))
            assert row is not None and row.snapshot is not None
            seq = await bot.db.action_count(row.id)
            action = repeatable(row.game, row.snapshot, row.seed, seq, 0)
            if action is not None:
                break
            _, legal = await bot.table.legal_moves(channel_id=str(dm.id), user=_user(table.bob))
            await fake.slash(table.bob, dm, "move", {"action": legal[0]})
        else:
            raise AssertionError("no repeatable move came up")
        count = await bot.db.action_count(row.id)
        first = await fake.slash(table.bob, dm, "move", {"action": action}, wait=False)
        second = await fake.slash(table.bob, dm, "move", {"action": action}, wait=False)
        for ix in (first, second):
            await ix.response()
        await fake.wait_until(lambda: first.reply_message is not None and second.reply_message is not None, 10)
        humans = [a for a in await bot.db.actions(row.id, after=count - 1) if a.user_id is not None]
        assert [a.action for a in humans] == [action]
        done = [ix for ix in (first, second) if ix.ephemeral and "已完成" in (ix.content or "")]
        posted = [ix for ix in (first, second) if not ix.ephemeral and ix.files]
        assert len(done) == 1 and len(posted) == 1, [(ix.ephemeral, ix.content) for ix in (first, second)]
        again = await fake.slash(table.bob, dm, "move", {"action": action})  # seen the result: allowed
        assert not again.ephemeral and again.files


def _user(user: FakeUser) -> Any:
    from table.service import User

    return User(str(user.id), user.name)


# ---- 4. faults ---------------------------------------------------------------------------------
async def test_forged_huge_ids_are_refused_as_stale(table: Table) -> None:
    fake = table.fake
    async with fake.running(table.bot()):
        _, post = await two_player_game(table)
        huge = 2**63 + 5
        forged = [f"postern:hand:{huge}", f"postern:act:{huge}:1:0", f"postern:slice:1:{huge}:{huge}"]
        row = post.components[0]["components"]  # a client forging custom_ids on a real post
        template = next(c for c in row if c["custom_id"].startswith("postern:hand:"))
        row.extend({**template, "custom_id": cid, "label": f"forged {i}"} for i, cid in enumerate(forged))
        for cid in forged:
            ix = await fake.click(table.alice, post, cid)
            assert ix.ephemeral and "older position" in (ix.content or ""), (cid, ix.content)
        assert fake.rejections == []


async def test_storage_faults_say_nothing_was_applied(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    fake = table.fake
    bot = table.bot()
    async with fake.running(bot):
        thread, _ = await two_player_game(table)
        user, action = await mover(bot, table, thread)
        row = await bot.db.live_game(str(thread.id))
        assert row is not None
        count = await bot.db.action_count(row.id)
        for text in ("database is locked", "database or disk is full"):

            async def failing(*args: Any, _text: str = text, **kwargs: Any) -> int:
                raise sqlite3.OperationalError(_text)

            monkeypatch.setattr(bot.db, "commit_moves", failing)
            refused = await fake.slash(user, thread, "move", {"action": action}, locale="zh-TW")
            assert refused.ephemeral and "沒有套用任何變更" in (refused.content or ""), refused.content
            refused = await fake.slash(user, thread, "move", {"action": action}, locale="en-US")
            assert "nothing was applied" in (refused.content or "")
        assert await bot.db.action_count(row.id) == count
        monkeypatch.undo()


async def test_a_refusal_after_the_deadline_is_logged_not_raised(
    table: Table, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    fake = table.fake
    async with fake.running(table.bot()):
        thread, _ = await two_player_game(table)
        recent = TableService.recent

        async def slow_recent(self: TableService, **kwargs: Any) -> Any:
            await asyncio.sleep(0.9)
            return await recent(self, channel_id="nowhere", count=1)  # refuses: no game there

        monkeypatch.setattr(TableService, "recent", slow_recent)
        fake.interaction_deadline = 0.2  # even the watchdog's defer (at 0.4 s) comes too late
        caplog.set_level(logging.WARNING)
        ix = await fake.slash(table.alice, thread, "log", wait=False)
        await asyncio.sleep(1.5)
        assert not ix.acknowledged
        errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
        assert errors == [], [r.getMessage() for r in errors]
        assert any("could not deliver a private reply" in r.getMessage() for r in caplog.records)


# ---- 5. start-up: sync only when the commands changed -----------------------------------------
async def test_commands_sync_only_when_they_change(table: Table, tmp_path: Path) -> None:
    fake = table.fake
    async with fake.running(table.bot()):
        await fake.wait_synced(1)
    async with fake.running(table.bot()):
        ix = await fake.slash(table.alice, table.channel, "rules", {"game": "fixer"})
        assert ix.content
    assert fake.sync_count == 1
    async with fake.running(table.bot(dev_guild=str(table.guild.id))):  # another target: sync
        await fake.wait_synced(2)
    changed = table.bot()
    changed.tree.command(name="probe", description="extra")(_ping)  # a name Postern does not use
    async with fake.running(changed):  # another command set: sync
        await fake.wait_synced(3)
    assert "probe" in fake.commands
    assert fake.sync_count == 3


async def _ping(interaction: Any) -> None:
    await interaction.response.send_message("pong")
