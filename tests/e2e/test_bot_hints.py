"""``/hint`` through the real bot and the fake Discord (issue 26): in a game against a bot the
asker privately gets the AI's top 3 moves with an estimate in words; at a table of two humans it is
refused (default ``hints=solo``), in the reader's language, and nothing is ever posted."""

from __future__ import annotations

import pytest

from table.service import User
from tests.e2e.test_bot_fixer import World, open_two_player_game, world  # noqa: F401


@pytest.fixture(autouse=True)
def tiny_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POSTERN_BOT_ITERATIONS", "20")


async def test_a_hint_against_a_bot_is_private_and_names_three_legal_moves(world: World) -> None:  # noqa: F811
    fake = world.fake
    bot = world.bot()
    async with fake.running(bot):
        dm = fake.dm_channel(world.alice)
        await fake.slash(world.alice, dm, "solo", {"game": "fixer"})
        posts = len(fake.messages(dm))
        hint = await fake.slash(world.alice, dm, "hint")
        assert hint.ephemeral, hint.content
        lines = hint.content.splitlines()
        assert "top moves" in lines[0] and len(lines) == 4, hint.content
        _, legal = await bot.table.legal_moves(channel_id=str(dm.id), user=User(str(world.alice.id), world.alice.name))
        named = [line.split("(`", 1)[1].split("`)", 1)[0] for line in lines[1:]]
        assert all(action in legal for action in named) and len(set(named)) == 3
        assert all("% to win" in line for line in lines[1:])
        zh = await fake.slash(world.alice, dm, "hint", locale="zh-CN")
        assert zh.ephemeral and "胜率" in zh.content
        assert len(fake.messages(dm)) == posts  # nothing posted
        assert fake.rejections == [] and fake.unknown_routes == []


async def test_a_hint_between_two_humans_is_refused_by_default(world: World) -> None:  # noqa: F811
    fake = world.fake
    async with fake.running(world.bot()):
        thread, _ = await open_two_player_game(world)
        for user in (world.alice, world.bob):
            refused = await fake.slash(user, thread, "hint", locale="zh-TW")
            assert refused.ephemeral and "最多一位真人" in refused.content, refused.content
        assert fake.rejections == [] and fake.unknown_routes == []
