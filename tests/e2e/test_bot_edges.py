"""The real bot against the fake Discord's models of real-server edge cases.

Missing permissions, threads that Discord archives or moderators lock or delete, deleted channels,
a refused ``/game new``, user installs (a server without the bot, forced-private replies, a group
DM), a DM that cannot be opened, and HTTP 429 during a burst of channel posts.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import discord
import pytest

import rules
from cogs import outbox, posting, textboard
from cogs.client import PosternBot
from table.service import Result, User
from tests.e2e.test_bot_fixer import World, next_player, open_two_player_game
from tests.fakediscord import CommandRefused, FakeDiscord
from tests.fakediscord.models import (
    ATTACH_FILES,
    BOT_DEFAULT,
    CREATE_PUBLIC_THREADS,
    EMBED_LINKS,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    USE_EXTERNAL_APPS,
    FakeChannel,
    FakeUser,
)

PNG = b"\x89PNG"
CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[World]:
    async with FakeDiscord() as fake:
        guild = fake.add_guild("Board games")
        alice = fake.add_user("alice")
        bob = fake.add_user("bob", locale="zh-TW")
        fake.add_member(guild, alice)
        fake.add_member(guild, bob)
        channel = fake.add_text_channel(guild, "tables")
        yield World(fake, guild, channel, alice, bob, tmp_path / "bot.db")


async def game_status(bot: PosternBot, channel: FakeChannel) -> str:
    return (await bot.table.status(channel_id=str(channel.id))).status


async def play_one_move(world: World, where: FakeChannel, post_content: str, bot: PosternBot) -> None:
    """The player asked to move makes their first legal move by /move."""
    status = await bot.table.status(channel_id=str(where.id))
    user = world.user(int(status.user_ids[status.to_act[0]]))
    choices = await world.fake.autocomplete(user, where, "move", "action", typed="")
    assert choices, post_content
    done = await world.fake.slash(user, where, "move", {"action": choices[0]["value"]})
    assert not done.ephemeral, done.content


# ---- 1. missing permissions ------------------------------------------------------------------------
async def test_without_thread_and_file_permissions_the_game_is_played_in_the_channel(world: World) -> None:
    fake = world.fake
    await fake.set_bot_permissions(world.guild, BOT_DEFAULT & ~CREATE_PUBLIC_THREADS & ~ATTACH_FILES & ~EMBED_LINKS)
    bot = world.bot()
    async with fake.running(bot):
        lobby = await fake.slash(world.bob, world.channel, "game new", {"game": "fixer", "players": 2})
        assert fake.threads_of(world.channel) == [] and not lobby.ephemeral
        # The host (a zh-TW reader) is told, in their language, which permissions are missing.
        notes = await lobby.wait_followups(1)
        note = notes[0]
        assert note.ephemeral
        for name in ("建立公開討論串", "附加檔案", "嵌入連結"):
            assert name in note.content
        assert "Send Messages in Threads" not in note.content and "在討論串中傳送訊息" not in note.content
        await fake.click(world.alice, lobby.message, label="Join")  # type: ignore[arg-type]
        start = await fake.click(world.bob, fake.last_message(world.channel), label="Start")
        assert not start.files and "Text board" in (start.content or "")
        assert re.search(r"to move: (alice|bob)", start.content or "")
        await play_one_move(world, world.channel, start.content or "", bot)
        moved = fake.last_message(world.channel).content
        # The board itself, as text: FIXER's regions and each player's line (not only whose turn).
        assert "Text board" in moved and "**Regions**" in moved and "@1" in moved
        assert "**alice**" in moved and "**bob**" in moved and "Your hand" not in moved
        hand = await fake.slash(world.alice, world.channel, "hand")
        assert hand.ephemeral and not hand.files and "No image" in (hand.content or "")
        assert "**Your hand**" in (hand.content or "")  # the private board: the hand, as text
        # Once: a second game by the same host in the same channel brings no second note.
        await fake.slash(world.bob, world.channel, "game abandon")
        again = await fake.slash(world.bob, world.channel, "game new", {"game": "fixer", "players": 2})
        await asyncio.sleep(0.2)
        assert again.followups == []
        assert fake.rejections == [] and fake.unknown_routes == []


async def test_without_send_messages_in_threads_no_thread_is_made(world: World) -> None:
    fake = world.fake
    await fake.set_bot_permissions(world.guild, BOT_DEFAULT & ~SEND_MESSAGES_IN_THREADS)
    async with fake.running(world.bot()):
        lobby = await fake.slash(world.alice, world.channel, "game new", {"game": "torres", "players": 2})
        assert fake.threads_of(world.channel) == [] and "Join" in [b["label"] for b in lobby.message.buttons()]  # type: ignore[union-attr]
        note = (await lobby.wait_followups(1))[0]
        assert note.ephemeral and "Send Messages in Threads" in note.content and "thread" in note.content
        assert fake.rejections == []


async def test_attach_files_lost_mid_game_turns_posts_into_text_boards(world: World) -> None:
    fake = world.fake
    bot = world.bot()
    async with fake.running(bot):
        thread, post = await open_two_player_game(world)
        await fake.set_bot_permissions(world.guild, BOT_DEFAULT & ~ATTACH_FILES)
        await play_one_move(world, thread, post.content, bot)
        after = fake.last_message(thread)
        assert not after.attachments and "Text board" in after.content
        board = await fake.slash(world.bob, thread, "board")
        assert not board.files and "文字版圖" not in (board.content or "")  # a public post: the server's language
        assert fake.rejections == []


def started(name: str, players: int, moves: int) -> tuple[Result, list[str]]:
    """A table result after ``moves`` random decisions of a fresh game (public view only)."""
    import random

    game = rules.get(name)
    rng = random.Random(name)
    state = game.new(players)
    step = 0
    while step < moves or game.to_act(state)[0] == rules.CHANCE:  # stop where a player decides
        step += 1
        seat = game.to_act(state)[0]
        options = [a for a, _ in game.chance_outcomes(state)] if seat == rules.CHANCE else game.legal_actions(state, seat)
        state, _ = game.apply(state, seat, rng.choice(options))
    names = [f"p{i}" for i in range(players)]
    result = Result(
        kind="act", game_id=1, game=name, status="active", version=moves, locale="en", names=names,
        user_ids=["1", "2"][:players], view=game.view(state, None), to_act=game.to_act(state),
    )
    return result, names


def test_text_board_shows_the_board_and_public_scores_and_never_hidden_ones() -> None:
    burgundy, names = started("burgundy", 2, 30)
    text = textboard.summary(burgundy, names, "zh-TW")
    assert "文字版圖" in text and "輪到" in text and "**儲藏區**" in text  # the depots, in words
    assert burgundy.view is not None
    for name, vp in zip(names, burgundy.view["scores"], strict=True):
        assert re.search(rf"\*\*{name}\*\* {vp}分", text), (name, text)
    fixer, names = started("fixer", 2, 30)
    assert fixer.view is not None and all(s.get("score") is None for s in fixer.view["seats"])
    text = textboard.summary(fixer, names, "en")
    assert "Regions" in text and "score" not in text.lower()  # FIXER keeps running scores private
    torres, names = started("torres", 2, 12)
    assert torres.view is not None
    text = textboard.summary(torres, names, "en")
    for name, seat in zip(names, torres.view["seats"], strict=True):
        assert re.search(rf"\*\*{name}\*\* \(\w\) · score {seat['score']}\b", text), (name, text)


def test_a_broken_text_writer_falls_back_to_the_scores(monkeypatch: pytest.MonkeyPatch) -> None:
    """The move must still be posted if a game's text board has a bug: turn and public scores."""
    import render

    def broken(game: str, view: dict) -> list[str]:
        raise ValueError("bug")

    monkeypatch.setattr(render, "text", broken)
    torres, names = started("torres", 2, 12)
    assert re.search(r"scores: p0 \d+, p1 \d+", textboard.summary(torres, names, "en"))


# ---- 2. archived threads ----------------------------------------------------------------------------
async def test_an_archived_game_thread_is_reopened(world: World) -> None:
    fake = world.fake
    bot = world.bot()
    async with fake.running(bot):
        thread, post = await open_two_player_game(world)
        await fake.archive_thread(thread)
        assert await fake.wait_until(lambda: not thread.archived)
        mover = next_player(world, post)
        status = await fake.slash(mover, thread, "game status")
        assert status.ephemeral and status.files
        assert fake.rejections == []


async def test_a_finished_or_foreign_thread_stays_archived(world: World) -> None:
    fake = world.fake
    async with fake.running(world.bot()):
        thread, _ = await open_two_player_game(world)
        await fake.slash(world.alice, thread, "game abandon")
        await fake.archive_thread(thread)
        await asyncio.sleep(0.3)
        assert thread.archived
        with pytest.raises(CommandRefused):
            await fake.slash(world.alice, thread, "game status")


async def test_archived_threads_are_reopened_at_start_up(world: World) -> None:
    fake = world.fake
    async with fake.running(world.bot()):
        thread, _ = await open_two_player_game(world)
    await fake.world.set_thread_state(thread, archived=True)  # a week passes while the bot is down
    async with fake.running(world.bot()):
        assert await fake.wait_until(lambda: not thread.archived)


async def test_the_host_is_told_once_when_the_thread_may_not_be_reopened(world: World) -> None:
    fake = world.fake
    async with fake.running(world.bot()):
        thread, _ = await open_two_player_game(world)
        await fake.set_channel_permissions(world.channel, fake.bot, deny=SEND_MESSAGES_IN_THREADS)
        await fake.archive_thread(thread)

        def told() -> list[str]:
            return [m.content for m in fake.messages(world.channel) if "archived" in m.content]

        assert await fake.wait_until(lambda: len(told()) == 1)
        note = told()[0]
        assert f"<@{world.alice.id}>" in note and "Send Messages in Threads" in note and f"<#{thread.id}>" in note
        await fake.world.set_thread_state(thread, archived=False)
        await fake.archive_thread(thread)
        await asyncio.sleep(0.3)
        assert len(told()) == 1
        assert thread.archived


async def test_the_host_gets_a_dm_when_the_channel_takes_no_post_either(world: World) -> None:
    fake = world.fake
    async with fake.running(world.bot()):
        thread, _ = await open_two_player_game(world)
        await fake.set_channel_permissions(world.channel, fake.bot, deny=SEND_MESSAGES_IN_THREADS | SEND_MESSAGES)
        await fake.archive_thread(thread)
        dm = fake.dm_channel(world.alice)
        assert await fake.wait_until(lambda: any("archived" in m.content for m in fake.messages(dm)))
        assert not any("archived" in m.content for m in fake.messages(world.channel))


# ---- 3. locked / deleted threads, deleted channels ------------------------------------------------------
async def test_a_locked_thread_ends_its_game(world: World) -> None:
    fake = world.fake
    bot = world.bot()
    async with fake.running(bot):
        thread, _ = await open_two_player_game(world)
        await fake.lock_thread(thread)
        assert await fake.wait_until(lambda: any("locked" in m.content for m in fake.messages(world.channel)))
        assert await game_status(bot, thread) == "abandoned"
        listing = await fake.slash(world.alice, world.channel, "game list")
        assert "abandoned" in (listing.content or "") and "in progress" not in (listing.content or "")


async def test_a_deleted_thread_ends_its_game(world: World) -> None:
    fake = world.fake
    bot = world.bot()
    async with fake.running(bot):
        thread, _ = await open_two_player_game(world)
        await fake.delete_thread(thread)
        assert await fake.wait_until(lambda: any("deleted" in m.content for m in fake.messages(world.channel)))
        assert await game_status(bot, thread) == "abandoned"
        # The channel is free for a new game (in a new thread).
        again = await fake.slash(world.alice, world.channel, "game new", {"game": "fixer", "players": 2})
        assert "<#" in (again.content or "")


async def test_a_deleted_channel_ends_the_games_in_its_threads(world: World) -> None:
    fake = world.fake
    bot = world.bot()
    other = fake.add_text_channel(world.guild, "lounge")
    async with fake.running(bot):
        thread, _ = await open_two_player_game(world)
        await fake.delete_channel(world.channel)

        async def ended() -> bool:
            return await game_status(bot, thread) == "abandoned"

        for _ in range(100):
            if await ended():
                break
            await asyncio.sleep(0.02)
        assert await ended()
        listing = await fake.slash(world.alice, other, "game list")
        assert "abandoned" in (listing.content or "")


async def test_a_thread_deleted_while_the_bot_was_down_ends_at_start_up(world: World) -> None:
    fake = world.fake
    async with fake.running(world.bot()):
        thread, _ = await open_two_player_game(world)
    await fake.world.delete_thread(thread)
    bot = world.bot()
    async with fake.running(bot):
        for _ in range(100):
            if await game_status(bot, thread) == "abandoned":
                break
            await asyncio.sleep(0.02)
        assert await game_status(bot, thread) == "abandoned"


# ---- 4. validation before the thread ----------------------------------------------------------------------
async def test_a_refused_game_new_leaves_no_thread(world: World) -> None:
    fake = world.fake
    async with fake.running(world.bot()):
        for options in ({"options": "nonsense=1"}, {"options": "card_passing=maybe"}, {"players": 1, "game": "torres"}):
            ix = await fake.slash(world.alice, world.channel, "game new", {"game": "fixer", **options})
            assert ix.ephemeral, ix.content
        assert fake.threads_of(world.channel) == []
        assert "/threads" not in " ".join(fake.world.requests)


# ---- 5. user installs, group DMs, closed DMs -----------------------------------------------------------------
def user_installed_server(fake: FakeDiscord, *names: str) -> tuple[FakeChannel, list[FakeUser]]:
    guild = fake.add_guild("Friends", bot_member=False)
    users = [fake.add_user(n) for n in names]
    for user in users:
        fake.add_member(guild, user)
        fake.install_app(user)
    return fake.add_text_channel(guild, "general"), users


async def test_user_installed_only_every_command_answers_through_the_interaction(world: World) -> None:
    fake = world.fake
    channel, (carol, dave) = user_installed_server(fake, "carol", "dave")
    bot = world.bot()
    async with fake.running(bot):
        lobby = await fake.slash(carol, channel, "game new", {"game": "fixer", "players": 2})
        assert not lobby.ephemeral and fake.threads == []
        await fake.click(dave, lobby.message, label="Join")  # type: ignore[arg-type]
        start = await fake.click(carol, lobby.message, label="Start")  # type: ignore[arg-type]
        assert not start.ephemeral and start.files[0].data.startswith(PNG)
        status = await bot.table.status(channel_id=str(channel.id))
        mover = carol if status.user_ids[status.to_act[0]] == str(carol.id) else dave
        choices = await fake.autocomplete(mover, channel, "move", "action", typed="")
        moved = await fake.slash(mover, channel, "move", {"action": choices[0]["value"]})
        assert not moved.ephemeral and moved.files[0].data.startswith(PNG)
        for command in ("board", "game status", "log", "hand"):
            answer = await fake.slash(carol, channel, command)
            assert answer.content or answer.files, command
        assert "only you can see" not in (moved.content or "").lower()
        assert fake.rejections == [] and fake.unknown_routes == []
        assert not any("/threads" in r for r in fake.world.requests)


async def test_forced_private_replies_say_others_cannot_see_the_board(world: World) -> None:
    fake = world.fake
    channel, (carol,) = user_installed_server(fake, "carol")
    guild = channel.guild
    assert guild is not None
    second = fake.add_text_channel(guild, "second")
    erin = fake.add_user("erin", locale="zh-TW")
    fake.add_member(guild, erin)
    fake.install_app(erin)
    for where in (channel, second):
        await fake.set_channel_permissions(where, guild.everyone, deny=USE_EXTERNAL_APPS)
    async with fake.running(world.bot()):
        lobby = await fake.slash(carol, channel, "game new", {"game": "fixer", "players": 2})
        assert lobby.ephemeral and "cannot see the board" in (lobby.content or "")
        zh = await fake.slash(erin, second, "game new", {"game": "torres", "players": 2})
        assert zh.ephemeral and "其他玩家看不到版圖" in (zh.content or "")
        refused = await fake.slash(carol, channel, "board")  # a private refusal needs no note
        assert refused.ephemeral and "cannot see the board" not in (refused.content or "")
        assert fake.rejections == []


async def test_game_new_in_a_group_dm_opens_a_lobby(world: World) -> None:
    fake = world.fake
    carol, dave = fake.add_user("carol"), fake.add_user("dave")
    for user in (carol, dave):
        fake.install_app(user)
    group = fake.add_group_dm(carol, [dave], name="us")
    bot = world.bot()
    async with fake.running(bot):
        lobby = await fake.slash(carol, group, "game new", {"game": "fixer", "players": 2})
        assert not lobby.ephemeral and "1/2" in (lobby.content or "") and not lobby.files
        await fake.click(dave, lobby.message, label="Join")  # type: ignore[arg-type]
        start = await fake.click(carol, lobby.message, label="Start")  # type: ignore[arg-type]
        assert start.files[0].data.startswith(PNG)
        status = await bot.table.status(channel_id=str(group.id))
        assert status.status == "active" and sorted(status.names) == ["carol", "dave"]
        assert fake.rejections == [] and fake.unknown_routes == []


async def test_solo_when_the_dm_cannot_even_be_opened(world: World) -> None:
    fake = world.fake
    fake.close_dms(world.bob, refuse_open=True)
    async with fake.running(world.bot()):
        ix = await fake.slash(world.bob, world.channel, "solo", {"game": "fixer"})
        assert ix.ephemeral and "私訊" in (ix.content or "") and "錯誤" not in (ix.content or "")
        again = await fake.slash(world.alice, world.channel, "solo", {"game": "fixer"})
        assert again.ephemeral and "DMs" in (again.content or "")


# ---- 6. HTTP 429 on channel posts ------------------------------------------------------------------------------
async def test_posts_survive_429_in_order(world: World) -> None:
    fake = world.fake
    fake.rate_limit_posts(2, 0.25)
    bot = world.bot()
    async with fake.running(bot):
        channel = bot.get_channel(world.channel.id)
        assert isinstance(channel, discord.TextChannel)
        texts = [f"post {i}" for i in range(7)]
        await asyncio.gather(*(outbox.post(channel, content=t) for t in texts))
        assert [m.content for m in fake.messages(world.channel)] == texts
        assert fake.rate_limited, "the burst should have been rate limited"
        assert fake.rejections == []


async def test_one_games_posts_keep_their_order_when_a_board_is_slow(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    """Both FIXER players pass cards at once; the first mover's board image is slow to draw. Its
    post must still come first (the second post reports the exchange that follows it)."""
    fake = world.fake
    bot = world.bot()
    async with fake.running(bot):
        await fake.slash(world.alice, world.channel, "game new", {"game": "fixer", "players": 2, "options": "card_passing=true"})
        (thread,) = fake.threads_of(world.channel)
        await fake.click(world.bob, fake.last_message(thread), label="Join")
        await fake.click(world.alice, fake.last_message(thread), label="Start")
        status = await bot.table.status(channel_id=str(thread.id))
        assert sorted(status.to_act) == [0, 1]
        drawn = posting.image
        calls: list[str] = []

        async def slow_first(game: str, view: dict[str, Any], name: str) -> discord.File:
            calls.append(name)
            if len(calls) == 1:
                await asyncio.sleep(0.4)
            return await drawn(game, view, name)

        monkeypatch.setattr(posting, "image", slow_first)
        moves = []
        for user in (world.alice, world.bob):
            _, legal = await bot.table.legal_moves(channel_id=str(thread.id), user=User(str(user.id), user.name))
            moves.append(fake.slash(user, thread, "move", {"action": legal[0]}))
        first = asyncio.ensure_future(moves[0])
        await asyncio.sleep(0.05)
        second = asyncio.ensure_future(moves[1])
        await asyncio.gather(first, second)
        posted = [m.attachments[0].filename for m in fake.messages(thread)[-2:]]
        versions = [int(re.search(r"-v(\d+)", name).group(1)) for name in posted]  # type: ignore[union-attr]
        assert versions == sorted(versions) and versions[0] < versions[1], posted
        assert fake.rejections == []


async def test_a_table_of_several_players_asked_for_in_a_dm_is_explained_not_dropped(world: World) -> None:
    """/game new players:3 in the bot's DM used to start a solo game, the 3 silently dropped."""
    fake = world.fake
    bot = world.bot()
    async with fake.running(bot):
        dm = fake.dm_channel(world.alice)
        refused = await fake.slash(world.alice, dm, "game new", {"game": "torres", "players": 3})
        assert refused.ephemeral and "cannot seat 3 players" in (refused.content or "")
        assert "/solo opponents:2" in (refused.content or "")
        assert await bot.db.live_game(str(dm.id)) is None
