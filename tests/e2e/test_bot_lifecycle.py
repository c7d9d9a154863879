"""Keeping games alive through the real bot and the fake Discord: /undo, the timer in
/game status, /game addbot, /game replace, /me away|back|settings|games, with their refusals."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.e2e.test_bot_fixer import World, next_player, open_two_player_game, world  # noqa: F401


async def test_undo_and_the_timer_in_status(world: World) -> None:  # noqa: F811
    fake = world.fake
    async with fake.running(world.bot()):
        thread, post = await open_two_player_game(world)
        mover = next_player(world, post)
        other = world.bob if mover is world.alice else world.alice
        nothing = await fake.slash(other, thread, "undo")
        assert nothing.ephemeral and any(t in (nothing.content or "") for t in ("no move to take back", "沒有可以收回"))
        choices = await fake.autocomplete(mover, thread, "move", "action", typed="")
        action = choices[0]["value"]
        await fake.slash(mover, thread, "move", {"action": action})
        undone = await fake.slash(mover, thread, "undo")
        assert not undone.ephemeral
        # named by the move's public event line, never by its notation (which may be secret)
        assert any(t in (undone.content or "") for t in ("took back a move: ", "收回了一步:"))
        status = await fake.slash(other, thread, "game status")
        assert status.ephemeral
        assert "Time left: " in (status.content or "") or "剩餘時間:" in (status.content or "")
        # The default timer, 72 h: a bank of 6 days, a few real seconds spent.
        assert any(t in (status.content or "") for t in ("6 d left", "剩 6 天"))
        assert fake.rejections == []


async def test_me_commands_are_private_and_localised(world: World) -> None:  # noqa: F811
    fake = world.fake
    async with fake.running(world.bot()):
        await open_two_player_game(world)
        away = await fake.slash(world.alice, world.channel, "me away", {"days": 3})
        assert away.ephemeral and "away until" in (away.content or "")
        again = await fake.slash(world.alice, world.channel, "me away", {"days": 12})
        assert again.ephemeral and "Away limit reached" in (again.content or "")
        back = await fake.slash(world.alice, world.channel, "me back")
        assert back.ephemeral and "Welcome back" in (back.content or "")
        zh = await fake.slash(world.bob, world.channel, "me settings", {"quiet": "22-7", "time_zone": "Asia/Taipei"})
        assert zh.ephemeral and "勿擾時段:22:00-07:00(Asia/Taipei)" in (zh.content or "")
        bad = await fake.slash(world.bob, world.channel, "me settings", {"time_zone": "Mars/Base"})
        assert bad.ephemeral and "未知的時區" in (bad.content or "")
        games = await fake.slash(world.alice, world.channel, "me games")
        assert games.ephemeral and "FIXER" in (games.content or "") and "discord.com/channels/" in (games.content or "")
        assert fake.rejections == []


async def test_addbot_and_replace_in_a_lobby(world: World, tmp_path: Path) -> None:  # noqa: F811
    fake = world.fake
    async with fake.running(world.bot()):
        await fake.slash(world.alice, world.channel, "game new", {"game": "fixer", "players": 3})
        thread = fake.threads_of(world.channel)[0]
        refused = await fake.slash(world.bob, thread, "game addbot")
        assert refused.ephemeral and "開局者" in (refused.content or "")
        added = await fake.slash(world.alice, thread, "game addbot", {"level": "greedy"})
        assert "Bot (greedy)" in (added.content or fake.last_message(thread).content)
        replaced = await fake.slash(world.alice, thread, "game replace", {"old": world.alice, "new": world.bob})
        assert "bob" in (replaced.content or fake.last_message(thread).content)
        assert fake.rejections == []


async def test_reminders_and_the_vote_through_discord(world: World) -> None:  # noqa: F811
    from cogs.keeper import TurnKeeper
    from table.clock import ScriptedClock

    fake = world.fake
    bot = world.bot()
    async with fake.running(bot):
        clock = ScriptedClock()
        bot.table.clock = clock  # scripted game time, before the game opens
        thread, post = await open_two_player_game(world)
        slow = next_player(world, post)
        other = world.bob if slow is world.alice else world.alice
        keeper = bot.get_cog("TurnKeeper")
        assert isinstance(keeper, TurnKeeper)
        clock.advance(72 * 3600 + 60)  # default timer 72 h: below half of the 144 h bank
        assert await keeper.run_pass() == 1
        dm = fake.last_message(fake.dm_channel(slow))
        assert "FIXER" in dm.content and f"discord.com/channels/{world.guild.id}/{thread.id}" in dm.content
        assert await keeper.run_pass() == 0  # once per turn
        fake.close_dms(slow)
        clock.advance(58 * 3600)  # below a tenth: DMs are closed, so one mention in the thread
        before = len(fake.messages(thread))
        assert await keeper.run_pass() == 1
        assert len(fake.messages(thread)) == before + 1 and f"<@{slow.id}>" in fake.last_message(thread).content
        clock.advance(14 * 3600)  # the bank is empty: the vote post
        assert await keeper.run_pass() == 1
        vote_post = fake.last_message(thread)
        assert f"<@{other.id}>" in vote_post.content and len(vote_post.buttons()) == 4
        wait_label = next(b["label"] for b in vote_post.buttons())
        refused = await fake.click(slow, vote_post, label=wait_label)  # not for the player who ran out
        assert refused.ephemeral and any(t in (refused.content or "") for t in ("Only the other players", "只有這局"))
        voted = await fake.click(other, vote_post, label=wait_label)
        assert voted.ephemeral and ("Your vote" in (voted.content or "") or "你的投票" in (voted.content or ""))
        clock.advance(24 * 3600)
        assert await keeper.run_pass() == 1
        assert "waits 24 h more" in fake.last_message(thread).content or "再等" in fake.last_message(thread).content
        stale = await fake.click(other, vote_post, label=wait_label)
        assert stale.ephemeral
        # The only refusal: the DM to the player who closed them (answered by the mention).
        assert [(r.status, r.body.get("code")) for r in fake.rejections] == [(403, 50007)]


async def test_a_player_whose_seat_is_given_away_is_told_by_dm(world: World) -> None:  # noqa: F811
    fake = world.fake
    carol = fake.add_user("carol")
    fake.add_member(world.guild, carol)
    async with fake.running(world.bot()):
        thread, _ = await open_two_player_game(world)
        before = len(fake.messages(fake.dm_channel(world.bob)))
        replaced = await fake.slash(world.alice, thread, "game replace", {"old": world.bob, "new": carol})
        assert not replaced.ephemeral and "carol" in (replaced.content or fake.last_message(thread).content)
        for _ in range(100):  # the DM follows the public post
            dms = fake.messages(fake.dm_channel(world.bob))
            if len(dms) > before:
                break
            await asyncio.sleep(0.02)
        assert len(dms) == before + 1
        # bob saved no language, but his Discord showed zh-TW in his last click: the DM is in it
        assert "alice 已把你在 FIXER 的座位交給 carol" in dms[-1].content and str(thread.id) in dms[-1].content
        # a player handing over their own seat is not told about it
        mine = len(fake.messages(fake.dm_channel(world.alice)))
        handed = await fake.slash(world.alice, thread, "game replace", {"old": world.alice, "new": world.bob})
        assert not handed.ephemeral and "bob" in (handed.content or fake.last_message(thread).content)
        await asyncio.sleep(0.3)
        assert len(fake.messages(fake.dm_channel(world.alice))) == mine
        assert fake.rejections == []


async def test_a_seat_is_never_given_to_a_bot_account(world: World) -> None:  # noqa: F811
    """/game replace to another app (or Postern itself) is refused: it would hold the seat forever."""
    fake = world.fake
    other_app = fake.add_user("some-app")
    other_app.bot = True
    fake.add_member(world.guild, other_app)
    bot = world.bot()
    async with fake.running(bot):
        thread, _ = await open_two_player_game(world)
        refused = await fake.slash(world.alice, thread, "game replace", {"old": world.bob, "new": other_app})
        assert refused.ephemeral and "is a bot account and could never make a move" in (refused.content or "")
        status = await bot.table.status(channel_id=str(thread.id))
        assert str(world.bob.id) in status.user_ids and str(other_app.id) not in status.user_ids


async def test_the_log_keeps_the_name_of_a_replaced_player(world: World) -> None:  # noqa: F811
    """/log after /game replace: the seat draw and the moves made before it name the old player."""
    fake = world.fake
    carol = fake.add_user("carol")
    fake.add_member(world.guild, carol)
    async with fake.running(world.bot()):
        thread, post = await open_two_player_game(world)
        mover = next_player(world, post)
        choices = await fake.autocomplete(mover, thread, "move", "action", typed="")
        await fake.slash(mover, thread, "move", {"action": choices[0]["value"]})
        before = (await fake.slash(world.alice, thread, "log", {"count": 10})).content or ""
        assert "bob" in before and f"• {mover.name} opens " in before
        await fake.slash(world.alice, thread, "game replace", {"old": world.bob, "new": carol})
        after = await fake.slash(world.alice, thread, "log", {"count": 10})
        assert after.ephemeral and "carol" not in before  # the old lines unchanged, then the hand-over
        assert after.content == f"{before}\n• carol takes over bob's seat."
        assert fake.rejections == []
