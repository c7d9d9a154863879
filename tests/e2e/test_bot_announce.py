"""The durable outbox through the real bot and the fake Discord: a move posted normally owes
nothing; a move committed by a process that died before posting is announced in the game's thread
by the turn keeper after the grace period — the board, the move's line and a mention of the next
player — exactly once; where the bot may not attach files the late post is a text board; where it
may not post at all, the keeper gives up (counted) instead of retrying for ever."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from cogs.keeper import TurnKeeper
from table import announce, observability
from table.clock import ScriptedClock
from table.service import Result, User
from tests.e2e.test_bot_fixer import PNG, World, next_player, open_two_player_game, world  # noqa: F401
from tests.fakediscord.models import ATTACH_FILES, SEND_MESSAGES_IN_THREADS, FakeChannel, FakeMessage


async def _nothing_owed(bot: Any, game_id: int) -> bool:
    """Whether the game owes no announcement, within 5 s: the post arrives at the fake Discord a
    moment before the bot, having seen it succeed, settles the announcement."""
    for _ in range(250):
        if not [d for d in await bot.table.db.pending_due(game_id) if d.kind == announce.ANNOUNCE]:
            return True
        await asyncio.sleep(0.02)
    return False


def _quiet_keeper(bot: Any) -> TurnKeeper:
    """The keeper, with its background loop stopped: the test runs its passes itself."""
    keeper = bot.get_cog("TurnKeeper")
    assert isinstance(keeper, TurnKeeper) and keeper._task is not None
    keeper._task.cancel()
    return keeper


async def _lost_move(table_world: World, bot: Any, thread: FakeChannel, post: FakeMessage) -> Result:
    """One move by a slash command (posted and settled), then one committed by a process that
    dies before posting it: the table is called directly and nothing is posted."""
    fake = table_world.fake
    game_id = (await bot.table.status(channel_id=str(thread.id))).game_id
    assert await _nothing_owed(bot, game_id)  # the start's post went out and settled its announcement
    mover = next_player(table_world, post)
    choices = await fake.autocomplete(mover, thread, "move", "action", typed="")
    moved = await fake.slash(mover, thread, "move", {"action": choices[0]["value"]})
    assert not moved.ephemeral and moved.message is not None
    assert await _nothing_owed(bot, game_id)
    mover = next_player(table_world, moved.message)
    user = User(str(mover.id), mover.name)
    _, legal = await bot.table.legal_moves(channel_id=str(thread.id), user=user)
    return await bot.table.act(channel_id=str(thread.id), user=user, action=legal[0])


def _counted(outcome: str) -> float:
    return observability.REGISTRY.get_sample_value("postern_late_posts_total", {"game": "fixer", "outcome": outcome}) or 0.0


async def test_a_move_whose_post_was_lost_is_announced_once(world: World) -> None:  # noqa: F811
    fake = world.fake
    bot = world.bot()
    async with fake.running(bot):
        clock = ScriptedClock(time.time())
        bot.table.clock = clock
        keeper = _quiet_keeper(bot)
        thread, post = await open_two_player_game(world)
        result = await _lost_move(world, bot, thread, post)
        mover = world.user(int(result.user_ids[next(s for s in range(2) if s not in result.to_act)]))
        before, posted = len(fake.messages(thread)), _counted("posted")
        clock.advance(announce.GRACE - 5)
        assert await keeper.run_pass() == 0  # a post may still be under way: nothing yet
        clock.advance(10)
        assert await keeper.run_pass() == 1
        assert len(fake.messages(thread)) == before + 1 and _counted("posted") == posted + 1
        late = fake.last_message(thread)
        assert "did not arrive" in late.content
        assert result.lines("en")[0] in late.content
        waiting = next_player(world, late)
        assert f"<@{waiting.id}>" in late.content and waiting is not mover
        assert late.files and late.files[0].data.startswith(PNG)
        clock.advance(announce.LEASE + 1)
        assert await keeper.run_pass() == 0  # settled: never posted twice
        assert len(fake.messages(thread)) == before + 1
        assert fake.rejections == []


async def test_without_attach_files_the_late_post_is_a_text_board(world: World) -> None:  # noqa: F811
    fake = world.fake
    bot = world.bot()
    async with fake.running(bot):
        clock = ScriptedClock(time.time())
        bot.table.clock = clock
        keeper = _quiet_keeper(bot)
        thread, post = await open_two_player_game(world)
        result = await _lost_move(world, bot, thread, post)
        await fake.set_channel_permissions(world.channel, fake.bot, deny=ATTACH_FILES)
        before = len(fake.messages(thread))
        clock.advance(announce.GRACE + 1)
        assert await keeper.run_pass() == 1
        assert len(fake.messages(thread)) == before + 1
        late = fake.last_message(thread)
        assert not late.files and "did not arrive" in late.content and result.lines("en")[0] in late.content
        assert [r.status for r in fake.rejections] == [403]  # the image, refused once
        assert await _nothing_owed(bot, result.game_id)


async def test_a_channel_closed_to_the_bot_ends_the_attempts(world: World) -> None:  # noqa: F811
    fake = world.fake
    bot = world.bot()
    async with fake.running(bot):
        clock = ScriptedClock(time.time())
        bot.table.clock = clock
        keeper = _quiet_keeper(bot)
        thread, post = await open_two_player_game(world)
        result = await _lost_move(world, bot, thread, post)
        await fake.set_channel_permissions(world.channel, fake.bot, deny=SEND_MESSAGES_IN_THREADS)
        before, gave_up = len(fake.messages(thread)), _counted("gave_up")
        clock.advance(announce.GRACE + 1)
        assert await keeper.run_pass() == 1
        assert len(fake.messages(thread)) == before and _counted("gave_up") == gave_up + 1
        assert await _nothing_owed(bot, result.game_id)  # given up, not retried every five minutes
        clock.advance(announce.LEASE + 1)
        assert await keeper.run_pass() == 0
        assert {r.status for r in fake.rejections} == {403}
