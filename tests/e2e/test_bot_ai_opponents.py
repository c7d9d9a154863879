"""AI opponents through the real bot and the fake Discord: a whole solo game of Torres against a
bot in a DM, ``/solo`` from a server with opponents, its refusals, and the lobby's *Add bot*
buttons (host only). Bots think in the table's process pool; ``POSTERN_BOT_ITERATIONS`` keeps
their search tiny so the games are fast (and their moves depend only on the seed)."""

from __future__ import annotations

import pytest

from table.service import User
from tests.e2e.test_bot_fixer import PNG, World, world  # noqa: F401

pytestmark = pytest.mark.usefixtures("tiny_bots")


@pytest.fixture
def tiny_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POSTERN_BOT_ITERATIONS", "3")


async def test_a_whole_solo_game_of_torres_against_a_bot_in_dms(world: World) -> None:  # noqa: F811
    fake = world.fake
    bot = world.bot()
    async with fake.running(bot):
        dm = fake.dm_channel(world.alice)
        post = await fake.slash(world.alice, dm, "solo", {"game": "torres", "level": "easy"})
        assert not post.ephemeral and post.files[0].data.startswith(PNG)
        assert "Bot (easy)" in (post.content or "")  # the players line of the first post
        me = User(str(world.alice.id), world.alice.name)
        bot_lines = 0
        for _ in range(2000):
            status = await bot.table.status(channel_id=str(dm.id))
            if status.status != "active":
                break
            assert status.to_act and all(status.user_ids[s] == me.id for s in status.to_act)
            _, legal = await bot.table.legal_moves(channel_id=str(dm.id), user=me)
            post = await fake.slash(world.alice, dm, "move", {"action": legal[-1]})
            assert not post.ephemeral, post.content
            bot_lines += sum(line.startswith("• Bot (easy)") for line in (post.content or "").splitlines())
        else:
            raise AssertionError("the solo game against a bot did not end")
        assert status.status == "finished"
        assert "Final result" in (post.content or "") and "Bot (easy)" in (post.content or "")
        assert bot_lines > 0, "no bot move was named in a post"
        record = await bot.table.export(channel_id=str(dm.id))
        assert "Bot (easy):" in record[1]  # the bot's decisions are in the game's log under its name
        final = await fake.slash(world.alice, dm, "hand")  # over: said so, not "no move right now"
        assert final.ephemeral and "This game is over" in (final.content or ""), final.content
        assert fake.rejections == [] and fake.unknown_routes == []


async def test_solo_from_a_server_with_opponents_and_its_refusals(world: World) -> None:  # noqa: F811
    fake = world.fake
    async with fake.running(world.bot()):
        wrong = await fake.slash(world.alice, world.channel, "solo", {"game": "fixer", "level": "hard"})
        assert wrong.ephemeral and "opponents:1" in (wrong.content or "")
        sent = await fake.slash(world.alice, world.channel, "solo", {"game": "fixer", "opponents": 2, "level": "easy"})
        assert sent.ephemeral and "Bot 1 (easy)" in (sent.content or "") and "Bot 2 (easy)" in (sent.content or "")
        dm_post = fake.last_message(fake.dm_channel(world.alice))
        assert dm_post.attachments and dm_post.attachments[0].data.startswith(PNG)
        official = await fake.slash(world.bob, world.channel, "solo", {"game": "fixer"}, locale="zh-TW")
        assert official.ephemeral and "私訊" in (official.content or "") and "機器人" not in (official.content or "")
        # A second solo game from the server: the busy channel is the DM, not this one; say so.
        again = await fake.slash(world.alice, world.channel, "solo", {"game": "torres"})
        text = again.content or ""
        assert again.ephemeral and "Our DM already has a game (FIXER)" in text and "This channel" not in text, text
        assert f"/@me/{fake.dm_channel(world.alice).id}" in text
        assert fake.rejections == []


async def test_the_add_bot_buttons_are_the_hosts(world: World) -> None:  # noqa: F811
    fake = world.fake
    async with fake.running(world.bot()):
        await fake.slash(world.alice, world.channel, "game new", {"game": "torres", "players": 3})
        thread = fake.threads_of(world.channel)[0]
        lobby = fake.messages(thread)[0]
        labels = [c.get("label") for c in lobby.iter_components()]
        assert {"Add bot (easy)", "Add bot (normal)", "Add bot (hard)"} <= set(labels)
        refused = await fake.click(world.bob, lobby, label="Add bot (normal)")
        assert refused.ephemeral and "開局者" in (refused.content or "")  # Bob reads zh-TW: only the host
        # A double click: the same button sent twice before the lobby post is updated.
        first = await fake.click(world.alice, lobby, label="Add bot (normal)", wait=False)
        again = await fake.click(world.alice, lobby, label="Add bot (normal)", wait=False)
        await first.response(10.0)
        await again.response(10.0)
        updated = fake.messages(thread)[0]
        assert "Bot (normal)" in (updated.content or "") and "2/3" in (updated.content or "")  # one bot, not two
        assert again.ephemeral or first.ephemeral  # the later click was refused as stale
        await fake.click(world.alice, updated, label="Add bot (hard)")
        full = fake.messages(thread)[0]
        assert "Bot (hard)" in (full.content or "") and "3/3" in (full.content or "")
        full_labels = [c.get("label") for c in full.iter_components()]
        assert not any(str(label).startswith("Add bot") for label in full_labels)  # the lobby is full
        assert "Join" not in full_labels and "The table is full" in (full.content or "")  # nothing to join
        post = await fake.click(world.alice, full, label="Start")
        assert post.files and post.files[0].data.startswith(PNG)
        assert fake.rejections == []
