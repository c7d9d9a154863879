"""Reminders through the real bot and the fake Discord: when a player's DMs are closed from the
start, one mention in the game's thread per turn, not one per reminder; when the game's channel
cannot be opened, the DM still goes out."""

from __future__ import annotations

import asyncio
from typing import Any

from cogs.keeper import TurnKeeper
from table.clock import ScriptedClock
from tests.e2e.test_bot_fixer import World, next_player, open_two_player_game, world  # noqa: F401


async def scripted_game(world: World, bot: Any) -> tuple[ScriptedClock, Any, Any, TurnKeeper]:  # noqa: F811
    """A two-player FIXER game on a clock the test moves: (clock, its thread, the player to act, the keeper)."""
    clock = ScriptedClock()
    bot.table.clock = clock
    thread, post = await open_two_player_game(world)
    keeper = bot.get_cog("TurnKeeper")
    assert isinstance(keeper, TurnKeeper)
    return clock, thread, next_player(world, post), keeper


async def test_closed_dms_give_one_mention_per_turn(world: World) -> None:  # noqa: F811
    fake = world.fake
    bot = world.bot()
    async with fake.running(bot):
        clock, thread, slow, keeper = await scripted_game(world, bot)
        fake.close_dms(slow)
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
    fake = world.fake
    bot = world.bot()
    async with fake.running(bot):
        clock, thread, slow, keeper = await scripted_game(world, bot)
        await fake.delete_thread(thread)
        clock.advance(72 * 3600 + 60)  # below half of the 144 h bank
        assert await keeper.run_pass() == 1
        dm = fake.messages(fake.dm_channel(slow))
        assert dm and "FIXER" in dm[-1].content and "discord.com/channels/" in dm[-1].content


async def test_a_reminder_is_in_the_language_of_the_players_own_discord(world: World) -> None:  # noqa: F811
    """A player who never chose a language gets DMs in the language their Discord client showed in
    their last command, not in the server's: the DM reaches them outside any interaction."""
    fake = world.fake
    bot = world.bot()
    async with fake.running(bot):
        clock, thread, slow, keeper = await scripted_game(world, bot)
        assert (await bot.table.db.user_settings(str(slow.id))).locale is None
        await fake.slash(slow, thread, "game status", {}, locale="zh-TW")
        assert await client_locale(bot, slow) == "zh-TW"
        clock.advance(72 * 3600 + 60)  # below half of the 144 h bank
        assert await keeper.run_pass() == 1
        dm = fake.messages(fake.dm_channel(slow))
        assert dm and "正在等你行動" in dm[-1].content and "FIXER" in dm[-1].content, dm[-1].content
        await fake.slash(slow, thread, "game status", {}, locale="en-US")  # the client changed back
        assert await client_locale(bot, slow, "en") == "en"


async def client_locale(bot: Any, user: Any, awaited: str = "zh-TW") -> str | None:
    """The stored client language of ``user``, once it is ``awaited`` or a second has passed: it
    is written just after the command's answer, so a test reading at once may be early."""
    for _ in range(50):
        stored = (await bot.table.db.user_settings(str(user.id))).client_locale
        if stored == awaited:
            break
        await asyncio.sleep(0.02)
    return stored


async def test_a_game_ended_by_vote_posts_the_standings_and_status_keeps_them(world: World) -> None:  # noqa: F811
    """"End the game" promises the scores as they stand: the post used to carry none (an empty
    text beside the board) and /game status only said "abandoned"."""
    fake = world.fake
    bot = world.bot()
    async with fake.running(bot):
        clock, thread, slow, keeper = await scripted_game(world, bot)
        other = world.bob if slow is world.alice else world.alice
        clock.advance(144 * 3600 + 60)  # the whole bank: the vote opens
        while not any(c.endswith(":end") for c in fake.last_message(thread).custom_ids()):
            assert await keeper.run_pass() >= 1
        vote = fake.last_message(thread)
        await fake.click(other, vote, custom_id=next(c for c in vote.custom_ids() if c.endswith(":end")))
        before = len(fake.messages(thread))
        clock.advance(24 * 3600 + 60)
        assert await keeper.run_pass() == 1
        posts = [m.content for m in fake.messages(thread)[before:]]
        text = "\n".join(posts)
        assert "unfinished" in text and "Standings when the game ended (unfinished)" in text, posts
        assert "1. " in text and "alice" in text and "bob" in text and "\u200b" not in posts, posts
        status = await fake.slash(other, thread, "game status")
        shown = status.content or ""
        assert "abandoned" in shown or "已放棄" in shown
        assert any(h in shown for h in ("Standings when the game ended", "遊戲提前結束時的名次")), shown


async def test_a_player_whose_seat_a_bot_takes_is_told_and_finds_the_way_back(
    world: World, monkeypatch: Any  # noqa: F811
) -> None:
    """Nobody voted, so a bot took the seat: its player used to learn nothing (an unmentioned
    line in the thread), lose the game from /me games and get "you are not playing" from /hand."""
    monkeypatch.setenv("POSTERN_BOT_ITERATIONS", "3")
    fake = world.fake
    bot = world.bot()
    async with fake.running(bot):
        clock, thread, slow, keeper = await scripted_game(world, bot)
        clock.advance(144 * 3600 + 60)  # the whole bank: the vote opens
        while not any(c.endswith(":bot") for c in fake.last_message(thread).custom_ids()):
            assert await keeper.run_pass() >= 1
        before = len(fake.messages(thread))
        dms = len(fake.messages(fake.dm_channel(slow)))
        clock.advance(24 * 3600 + 60)  # nobody votes: a bot plays
        assert await keeper.run_pass() == 1
        told = fake.messages(thread)[before]
        assert f"<@{slow.id}>" in told.content and "/game rejoin" in told.content, told.content
        dm = fake.messages(fake.dm_channel(slow))
        assert len(dm) == dms + 1 and "/game rejoin" in dm[-1].content and str(thread.id) in dm[-1].content
        mine = await fake.slash(slow, thread, "me games")
        assert "FIXER" in (mine.content or "") and any(
            t in (mine.content or "") for t in ("a bot plays your seat", "機器人代打中")
        ), mine.content
        hand = await fake.slash(slow, thread, "hand")
        assert hand.ephemeral and "/game rejoin" in (hand.content or ""), hand.content
        back = await fake.slash(slow, thread, "game rejoin")
        assert not back.ephemeral


async def test_a_vote_the_channel_refuses_reaches_the_voters_by_dm(world: World) -> None:  # noqa: F811
    """The bot lost Send Messages in the game's thread: the vote used to vanish (a log line), and
    the silence then let a bot take the seat. Now each voter gets it by DM and can vote there."""
    from tests.fakediscord.models import SEND_MESSAGES_IN_THREADS

    fake = world.fake
    bot = world.bot()
    async with fake.running(bot):
        clock, thread, slow, keeper = await scripted_game(world, bot)
        other = world.bob if slow is world.alice else world.alice
        await fake.set_channel_permissions(world.channel, fake.bot, deny=SEND_MESSAGES_IN_THREADS)
        dm = fake.dm_channel(other)
        before = len(fake.messages(dm))
        clock.advance(144 * 3600 + 60)  # the whole bank: the vote opens, and the thread refuses it
        for _ in range(10):
            await keeper.run_pass()
            if len(fake.messages(dm)) > before:
                break
        vote = fake.messages(dm)[-1]
        assert any(t in vote.content for t in ("could not post this vote", "無法在遊戲頻道")), vote.content
        end = next(c for c in vote.custom_ids() if c.endswith(":end"))
        voted = await fake.click(other, vote, custom_id=end)
        assert voted.ephemeral and "1" in (voted.content or "")
        clock.advance(24 * 3600 + 60)
        await keeper.run_pass()
        status = await bot.table.status(channel_id=str(thread.id))
        assert status.status == "abandoned" and status.standings  # the table's own choice, not a bot


async def test_a_reminder_tells_what_the_others_did_since_the_players_last_turn(world: World) -> None:  # noqa: F811
    """Issue 24: the reminder DM carries the "since your last turn" digest in public words."""
    fake = world.fake
    bot = world.bot()
    async with fake.running(bot):
        clock, thread, first, keeper = await scripted_game(world, bot)
        for _ in range(6):  # the first player moves until the turn passes to the other
            status = await bot.table.status(channel_id=str(thread.id))
            mover = world.user(int(status.user_ids[status.to_act[0]]))
            if mover.id != first.id:
                break
            choices = await fake.autocomplete(mover, thread, "move", "action", typed="")
            await fake.slash(mover, thread, "move", {"action": choices[0]["value"]})
        slow = mover
        assert slow.id != first.id
        clock.advance(72 * 3600 + 60)  # below half of the bank
        assert await keeper.run_pass() >= 1
        dm = fake.messages(fake.dm_channel(slow))[-1].content
        assert "FIXER" in dm and ("Since the game began" in dm or "Since your last turn" in dm
                                  or "自遊戲開始以來" in dm or "自你上一步以來" in dm), dm
        assert f"{first.name}:" in dm
