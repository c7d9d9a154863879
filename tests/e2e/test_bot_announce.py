"""The durable outbox through the real bot and the fake Discord: a move posted normally owes
nothing, and a move committed by a process that died before posting is announced in the game's
thread by the turn keeper after the grace period — the board, the move's line and a mention of the
next player — exactly once."""

from __future__ import annotations

import asyncio

from table import announce
from tests.e2e.test_bot_fixer import PNG, World, next_player, open_two_player_game, world  # noqa: F401


async def _nothing_owed(bot: object, game_id: int) -> bool:
    """Whether the game owes no announcement, within a second: the post arrives at the fake
    Discord a moment before the bot, having seen it succeed, closes the announcement."""
    db = bot.table.db  # type: ignore[attr-defined]
    for _ in range(50):
        if not [d for d in await db.pending_due(game_id) if d.kind == announce.ANNOUNCE]:
            return True
        await asyncio.sleep(0.02)
    return False


async def test_a_move_whose_post_was_lost_is_announced_once(world: World) -> None:  # noqa: F811
    from cogs.keeper import TurnKeeper
    from table.clock import ScriptedClock
    from table.service import User

    fake = world.fake
    bot = world.bot()
    async with fake.running(bot):
        clock = ScriptedClock()
        thread, post = await open_two_player_game(world)
        game_id = (await bot.table.status(channel_id=str(thread.id))).game_id
        assert await _nothing_owed(bot, game_id)  # the start's post went out and closed its announcement
        mover = next_player(world, post)
        choices = await fake.autocomplete(mover, thread, "move", "action", typed="")
        moved = await fake.slash(mover, thread, "move", {"action": choices[0]["value"]})
        assert not moved.ephemeral and moved.message is not None
        assert await _nothing_owed(bot, game_id)
        # The next move is committed, and the process dies before its post (no post at all).
        bot.table.clock = clock
        mover = next_player(world, moved.message)
        _, legal = await bot.table.legal_moves(channel_id=str(thread.id), user=User(str(mover.id), mover.name))
        result = await bot.table.act(channel_id=str(thread.id), user=User(str(mover.id), mover.name), action=legal[0])
        before = len(fake.messages(thread))
        keeper = bot.get_cog("TurnKeeper")
        assert isinstance(keeper, TurnKeeper)
        clock.advance(announce.GRACE + 1)
        assert await keeper.run_pass() == 1
        assert len(fake.messages(thread)) == before + 1
        late = fake.last_message(thread)
        assert "did not arrive" in late.content or "沒有送達" in late.content
        assert result.lines("en")[0] in late.content
        waiting = next_player(world, late)
        assert f"<@{waiting.id}>" in late.content and waiting is not mover
        assert late.files and late.files[0].data.startswith(PNG)
        clock.advance(announce.LEASE + 1)
        assert await keeper.run_pass() == 0  # confirmed: never posted twice
        assert len(fake.messages(thread)) == before + 1
        assert fake.rejections == []
