"""``/settings`` through the real bot and the fake Discord: private and localised; refused without
Manage Server and in DMs; a default timer, threads off and a post language reach the next game."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from cogs.client import PosternBot
from table.clock import ScriptedClock
from tests.fakediscord import FakeDiscord
from tests.fakediscord.models import MANAGE_GUILD, FakeChannel, FakeGuild, FakeUser


@dataclass
class Server:
    fake: FakeDiscord
    guild: FakeGuild
    channel: FakeChannel
    admin: FakeUser
    bob: FakeUser
    db: Path


@pytest.fixture
async def server(tmp_path: Path) -> AsyncIterator[Server]:
    async with FakeDiscord() as fake:
        guild = fake.add_guild("Board games")
        admin = fake.add_user("alice")
        bob = fake.add_user("bob", locale="zh-TW")
        fake.add_member(guild, admin, permissions=MANAGE_GUILD)
        fake.add_member(guild, bob)
        channel = fake.add_text_channel(guild, "tables")
        yield Server(fake, guild, channel, admin, bob, tmp_path / "bot.db")


async def test_refused_without_manage_server_and_in_dms(server: Server) -> None:
    fake = server.fake
    async with fake.running(PosternBot(str(server.db))):
        refused = await fake.slash(server.bob, server.channel, "settings", {"threads": False})
        assert refused.ephemeral and "管理伺服器" in (refused.content or "")
        english = await fake.slash(server.bob, server.channel, "settings", locale="en-US")
        assert english.ephemeral and "Manage Server" in (english.content or "")
        dm = await fake.slash(server.admin, fake.dm_channel(server.admin), "settings")
        assert dm.ephemeral and "only in a server" in (dm.content or "")
        shown = await fake.slash(server.admin, server.channel, "settings")
        assert shown.ephemeral and "72h (Postern's default)" in (shown.content or "")
        assert "a new thread each" in (shown.content or "")
        # Nothing was changed by the refusals: a game still opens in its own thread.
        await fake.slash(server.admin, server.channel, "game new", {"game": "fixer", "players": 2})
        assert len(fake.threads_of(server.channel)) == 1
        assert fake.rejections == []


async def test_settings_reach_the_next_game(server: Server) -> None:
    fake = server.fake
    bot = PosternBot(str(server.db))
    async with fake.running(bot):
        clock = ScriptedClock()
        bot.table.clock = clock
        changed = await fake.slash(
            server.admin, server.channel, "settings", {"timer": "12h", "threads": False, "language": "zh-CN"}
        )
        assert changed.ephemeral
        text = changed.content or ""
        assert "12h" in text and "the channel itself" in text and "简体中文" in text  # the language by its name
        zh = await fake.slash(server.bob, server.channel, "settings", locale="zh-TW")
        assert "管理伺服器" in (zh.content or "")  # a non-admin still cannot even read them
        # Threads off: the lobby is in the channel itself, and the channel posts are in zh-CN.
        await fake.slash(server.admin, server.channel, "game new", {"game": "fixer", "players": 2})
        assert fake.threads_of(server.channel) == []
        lobby = fake.last_message(server.channel)
        assert "等待室由" in lobby.content and "开启" in lobby.content, lobby.content
        join_label = next(b["label"] for b in lobby.buttons())
        assert join_label == "加入"
        await fake.click(server.bob, lobby, label=join_label)
        lobby = fake.last_message(server.channel)
        start = await fake.click(server.admin, lobby, label="开始")
        assert start.message is not None and "开始" in (start.message.content or "")
        # The server's default timer: a bank of 2 × 12 h for each seat.
        status = await fake.slash(server.admin, server.channel, "game status")
        assert status.ephemeral and "1 d left" in (status.content or ""), status.content
        assert fake.rejections == []
