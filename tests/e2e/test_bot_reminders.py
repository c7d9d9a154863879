"""Reminders through the real bot and the fake Discord when a player's DMs are closed from the
start: one mention in the game's thread per turn, not one per reminder."""

from __future__ import annotations

from tests.e2e.test_bot_fixer import World, next_player, open_two_player_game, world  # noqa: F401


async def test_closed_dms_give_one_mention_per_turn(world: World) -> None:  # noqa: F811
    from cogs.keeper import TurnKeeper
    from table.clock import ScriptedClock

    fake = world.fake
    bot = world.bot()
    async with fake.running(bot):
        clock = ScriptedClock()
        bot.table.clock = clock
        thread, post = await open_two_player_game(world)
        slow = next_player(world, post)
        fake.close_dms(slow)
        keeper = bot.get_cog("TurnKeeper")
        assert isinstance(keeper, TurnKeeper)
        before = len(fake.messages(thread))
        clock.advance(72 * 3600 + 60)  # below half of the 144 h bank: the DM fails, a mention instead
        assert await keeper.run_pass() == 1
        assert len(fake.messages(thread)) == before + 1
        mention = fake.last_message(thread).content
        assert f"<@{slow.id}>" in mention and "FIXER" in mention
        clock.advance(58 * 3600)  # below a tenth: the DM fails again, but this turn had its mention
        assert await keeper.run_pass() == 1
        assert len(fake.messages(thread)) == before + 1
        assert [(r.status, r.body.get("code")) for r in fake.rejections] == [(403, 50007), (403, 50007)]


async def test_a_reminder_reaches_the_player_when_the_games_channel_cannot_be_opened(world: World) -> None:  # noqa: F811
    """The reminder is a DM: a game channel the bot cannot open (gone, a group DM, a server where
    the app is only user-installed) used to lose it, since the channel was fetched first."""
    from cogs.keeper import TurnKeeper
    from table.clock import ScriptedClock

    fake = world.fake
    bot = world.bot()
    async with fake.running(bot):
        clock = ScriptedClock()
        bot.table.clock = clock
        thread, post = await open_two_player_game(world)
        slow = next_player(world, post)
        await fake.delete_thread(thread)
        keeper = bot.get_cog("TurnKeeper")
        assert isinstance(keeper, TurnKeeper)
        clock.advance(72 * 3600 + 60)  # below half of the 144 h bank
        assert await keeper.run_pass() == 1
        dm = fake.messages(fake.dm_channel(slow))
        assert dm and "FIXER" in dm[-1].content and "discord.com/channels/" in dm[-1].content
