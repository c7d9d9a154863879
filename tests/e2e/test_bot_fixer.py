"""The real Postern bot (discord.py) against the fake Discord on 127.0.0.1, playing FIXER.

Covers: login and command sync (validated against Discord's limits), lobby in a thread, Join and
Start buttons, moves by slash command, autocomplete, the ephemeral /hand with its picker, refusals,
a button clicked after a bot restart, localisation, and a whole solo game in a DM.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from cogs.client import PosternBot
from tests.fakediscord import FakeDiscord
from tests.fakediscord.models import FakeChannel, FakeGuild, FakeMessage, FakeUser

PNG = b"\x89PNG"
MENTION = re.compile(r"<@(\d+)>")


@dataclass
class World:
    fake: FakeDiscord
    guild: FakeGuild
    channel: FakeChannel
    alice: FakeUser
    bob: FakeUser
    db: Path

    def bot(self) -> PosternBot:
        return PosternBot(str(self.db))

    def user(self, user_id: int) -> FakeUser:
        return self.alice if user_id == self.alice.id else self.bob


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


def next_player(world: World, message: FakeMessage) -> FakeUser:
    """Whoever the post asks to move: a mention when the turn passes, else the plain name."""
    last = message.content.splitlines()[-1]
    ids = [int(x) for x in MENTION.findall(last)]
    if ids:
        return world.user(ids[-1])
    named = [u for u in (world.alice, world.bob) if u.name in last]
    assert len(named) == 1, f"no single player asked to move in {message.content!r}"
    return named[0]


async def open_two_player_game(world: World) -> tuple[FakeChannel, FakeMessage]:
    fake = world.fake
    ix = await fake.slash(world.alice, world.channel, "game new", {"game": "fixer", "players": 2})
    threads = fake.threads_of(world.channel)
    assert len(threads) == 1 and "FIXER" in (threads[0].name or "")
    assert "<#" in (ix.content or "")
    thread = threads[0]
    lobby = fake.last_message(thread)
    assert "1/2" in lobby.content and "Join" in [b["label"] for b in lobby.buttons()]
    join = await fake.click(world.bob, lobby, label="Join")
    assert "2/2" in (join.content or fake.last_message(thread).content)
    lobby = fake.last_message(thread)
    start = await fake.click(world.alice, lobby, label="Start")
    assert start.files and start.files[0].data.startswith(PNG)
    seated = {"FIXER — alice, bob", "FIXER — bob, alice"}  # in seat order, which the start draws
    for _ in range(100):  # the thread is renamed just after the reply
        if thread.name in seated:
            break
        await asyncio.sleep(0.02)
    assert thread.name in seated
    assert start.message is not None
    return thread, start.message


async def test_commands_sync_within_discord_limits(world: World) -> None:
    async with world.fake.running(world.bot()):
        await world.fake.wait_synced()
        assert set(world.fake.commands) == {
            "game", "move", "hand", "board", "log", "rules", "solo", "undo", "me", "settings", "ping", "stats", "leaderboard", "note", "replay", "hint"
        }
        game = world.fake.commands["game"]
        subs = {o["name"] for o in game["options"]}
        assert subs == {
            "new", "join", "leave", "start", "status", "list", "abandon", "replace", "rejoin", "addbot", "record"
        }
        assert game["description_localizations"]["zh-TW"]
        assert world.fake.rejections == [] and world.fake.unknown_routes == []


async def test_lobby_to_moves_with_board_images(world: World) -> None:
    fake = world.fake
    async with fake.running(world.bot()):
        thread, post = await open_two_player_game(world)
        assert "FIXER" in post.content
        for _ in range(6):
            mover = next_player(world, post)
            other = world.bob if mover is world.alice else world.alice
            refused = await fake.slash(other, thread, "move", {"action": "R1@1"})
            assert refused.ephemeral and ("not your turn" in (refused.content or "") or "還沒輪到你" in (refused.content or ""))
            choices = await fake.autocomplete(mover, thread, "move", "action", typed="")
            assert 0 < len(choices) <= 25
            moved = await fake.slash(mover, thread, "move", {"action": choices[0]["value"]})
            assert not moved.ephemeral and moved.files[0].data.startswith(PNG)
            post = moved.message
            assert post is not None
        junk = await fake.slash(next_player(world, post), thread, "move", {"action": "banana"})
        assert junk.ephemeral and ("R7@2" in (junk.content or ""))
        assert fake.rejections == [] and fake.unknown_routes == []


async def test_autocomplete_filters_and_localises(world: World) -> None:
    fake = world.fake
    async with fake.running(world.bot()):
        thread, post = await open_two_player_game(world)
        mover = next_player(world, post)
        everything = await fake.autocomplete(mover, thread, "move", "action", typed="")
        first = everything[0]["value"]
        narrowed = await fake.autocomplete(mover, thread, "move", "action", typed=first.lower())
        assert narrowed and all(first.lower() in c["value"].lower() for c in narrowed)
        zh = await fake.autocomplete(mover, thread, "move", "action", typed="", locale="zh-TW")
        assert any("打出" in c["name"] for c in zh)
        other = world.bob if mover is world.alice else world.alice
        assert await fake.autocomplete(other, thread, "move", "action", typed="") == []


async def test_hand_is_ephemeral_and_its_picker_moves(world: World) -> None:
    fake = world.fake
    async with fake.running(world.bot()):
        thread, post = await open_two_player_game(world)
        mover = next_player(world, post)
        other = world.bob if mover is world.alice else world.alice
        hand = await fake.slash(mover, thread, "hand")
        assert hand.ephemeral and hand.files[0].data.startswith(PNG)
        waiting = await fake.slash(other, thread, "hand")
        assert waiting.ephemeral and hand.files[0].data != waiting.files[0].data
        picker = next(cid for cid in hand.custom_ids() if cid.startswith("postern:pick:"))
        select = hand.message.component(picker)  # type: ignore[union-attr]
        assert select is not None and len(select["options"]) <= 25
        value = select["options"][0]["value"]
        before = len(fake.messages(thread))
        picked = await fake.select(mover, hand.message, picker, [value])  # type: ignore[arg-type]
        assert not picked.ephemeral and picked.files[0].data.startswith(PNG)
        assert len(fake.messages(thread)) == before + 1
        stale = await fake.select(mover, hand.message, picker, [value])  # type: ignore[arg-type]
        assert stale.ephemeral and any(t in (stale.content or "") for t in ("older position", "較早的局面"))


async def test_buttons_work_after_a_restart(world: World) -> None:
    fake = world.fake
    async with fake.running(world.bot()):
        thread, post = await open_two_player_game(world)
    async with fake.running(world.bot()):
        mover = next_player(world, post)
        hand = await fake.click(mover, post, custom_id=next(c for c in post.custom_ids() if c.startswith("postern:hand:")))
        assert hand.ephemeral and hand.files[0].data.startswith(PNG)
        choices = await fake.autocomplete(mover, thread, "move", "action", typed="")
        moved = await fake.slash(mover, thread, "move", {"action": choices[0]["value"]})
        assert moved.files
        lobby = fake.messages(thread)[0]
        again = await fake.click(world.alice, lobby, label="Start")  # a full lobby shows no Join
        assert again.ephemeral  # the lobby is gone: a polite refusal, not a failure
        assert fake.rejections == []


async def test_status_log_rules_list_and_abandon(world: World) -> None:
    fake = world.fake
    async with fake.running(world.bot()):
        thread, _ = await open_two_player_game(world)
        status = await fake.slash(world.bob, thread, "game status")
        assert status.ephemeral and "FIXER" in (status.content or "") and status.files
        log = await fake.slash(world.alice, thread, "log", {"count": 5})
        assert log.ephemeral and "•" in (log.content or "")
        listing = await fake.slash(world.alice, world.channel, "game list")
        assert "FIXER" in (listing.content or "")
        help_ = await fake.slash(world.alice, world.channel, "rules", {"game": "fixer", "topic": "moves"})
        assert "R7@2" in (help_.content or "")
        denied = await fake.slash(world.bob, thread, "game abandon")
        assert denied.ephemeral
        done = await fake.slash(world.alice, thread, "game abandon")
        assert not done.ephemeral
        after = await fake.slash(world.alice, thread, "move", {"action": "R1@1"})
        assert after.ephemeral and "/game new" in (after.content or "")


async def test_a_whole_solo_game_in_dms(world: World) -> None:
    fake = world.fake
    async with fake.running(world.bot()):
        dm = fake.dm_channel(world.alice)
        post = await fake.slash(world.alice, dm, "solo", {"game": "fixer"})
        assert post.files[0].data.startswith(PNG)
        for _ in range(200):
            content = post.content or ""
            if "Final result" in content:
                break
            choices = await fake.autocomplete(world.alice, dm, "move", "action", typed="")
            assert choices, content
            post = await fake.slash(world.alice, dm, "move", {"action": choices[-1]["value"]})
            assert post.files[0].data.startswith(PNG)
        else:
            raise AssertionError("the solo game did not end")
        assert "Automa" in (post.content or "")
        status = await fake.slash(world.alice, dm, "game status")
        assert "finished" in (status.content or "")
        record = next(f for f in status.files if f.filename.endswith(".txt")).data.decode()
        assert "chance: deal" in record and "alice:" in record and "Game over" in record
        assert fake.rejections == [] and fake.unknown_routes == []


async def test_solo_from_a_server_goes_to_dms(world: World) -> None:
    fake = world.fake
    async with fake.running(world.bot()):
        ix = await fake.slash(world.bob, world.channel, "solo", {"game": "fixer"}, locale="zh-TW")
        assert ix.ephemeral and "私訊" in (ix.content or "")
        dm_post = fake.last_message(fake.dm_channel(world.bob))
        assert dm_post.attachments and dm_post.attachments[0].data.startswith(PNG)
