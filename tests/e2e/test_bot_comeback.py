"""Coming back to a game (issue 24), through the real bot and the fake Discord: private notes
(only their writer sees them, in ``/note`` and ``/hand``; mentions never ping; too long is refused;
a spectator is told no), ``/me games finished`` and ``/game record``."""

from __future__ import annotations

import pytest

from tests.e2e import test_bot_fixer
from tests.e2e.test_bot_fixer import World, open_two_player_game

world = test_bot_fixer.world


@pytest.mark.slow
async def test_a_private_note_is_seen_by_its_writer_only(world: World) -> None:
    fake = world.fake
    async with fake.running(world.bot()):
        thread, _ = await open_two_player_game(world)
        empty = await fake.slash(world.alice, thread, "note")
        assert empty.ephemeral and "no note" in empty.content
        saved = await fake.slash(world.alice, thread, "note", {"text": "keep the 9 for last @everyone"})
        assert saved.ephemeral and "keep the 9 for last" in saved.content
        assert "@everyone" not in saved.content.replace("@\u200beveryone", "")  # escaped: it cannot ping
        hand = await fake.slash(world.alice, thread, "hand")
        assert hand.ephemeral and "keep the 9 for last" in hand.content
        other = await fake.slash(world.bob, thread, "hand")
        assert "keep the 9" not in (other.content or "")
        bob_note = await fake.slash(world.bob, thread, "note")
        assert "keep the 9" not in bob_note.content  # each player's own
        assert all("keep the 9" not in (m.content or "") for m in fake.messages(thread))  # never posted
        long = await fake.slash(world.alice, thread, "note", {"text": "x" * 1500})
        assert long.ephemeral and "at most 1000 characters" in long.content
        cho = fake.add_user("cho")
        fake.add_member(world.guild, cho)
        spectator = await fake.slash(cho, thread, "note", {"text": "hi"})
        assert spectator.ephemeral and "Only the players" in spectator.content
        cleared = await fake.slash(world.alice, thread, "note", {"clear": True})
        assert "deleted" in cleared.content
        record = await fake.slash(world.bob, thread, "game record", locale="zh-TW")
        assert record.ephemeral and record.files and record.files[0].filename.endswith(".txt")
        assert "紀錄" in record.content
        none = await fake.slash(world.alice, thread, "me games", {"finished": True})
        assert "no finished games" in none.content
        await fake.slash(world.alice, thread, "game abandon")
        done = await fake.slash(world.alice, thread, "me games", {"finished": True})
        assert "Your finished games" in done.content and "FIXER" in done.content and "discord.com/channels" in done.content
        far = await fake.slash(world.alice, thread, "me games", {"finished": True, "page": 50})
        assert "page 50 does not exist" in far.content
        assert fake.rejections == [] and fake.unknown_routes == []


@pytest.mark.slow
async def test_the_final_post_carries_the_games_story(world: World) -> None:
    fake = world.fake
    async with fake.running(world.bot()):
        dm = fake.dm_channel(world.alice)
        post = await fake.slash(world.alice, dm, "solo", {"game": "fixer"})
        for _ in range(200):
            if "Final result" in (post.content or ""):
                break
            choices = await fake.autocomplete(world.alice, dm, "move", "action", typed="")
            post = await fake.slash(world.alice, dm, "move", {"action": choices[-1]["value"]})
        else:
            raise AssertionError("the solo game did not end")
        names = [f.filename for f in post.files]
        assert len(post.files) == 2 and names[1].startswith("story-"), names
        assert all(f.data.startswith(b"\x89PNG") for f in post.files)
        status = await fake.slash(world.alice, dm, "game status")  # a later look: the board, no second story
        assert not any(f.filename.startswith("story-") for f in status.files)


@pytest.mark.slow
async def test_replay_posts_the_whole_game_as_a_gif_and_refuses_what_it_cannot(world: World) -> None:
    fake = world.fake
    async with fake.running(world.bot()):
        lobby = await fake.slash(world.alice, world.channel, "game new", {"game": "fixer", "players": 2})
        thread = fake.threads_of(world.channel)[-1]
        early = await fake.slash(world.alice, thread, "replay")
        assert "never started" in early.content
        await fake.click(world.bob, fake.last_message(thread), label="Join")
        await fake.click(world.alice, fake.last_message(thread), label="Start")
        bob = await fake.slash(world.bob, thread, "replay", locale="zh-TW")
        assert bob.ephemeral and "開局者" in bob.content  # a running game: the host's only
        none = await fake.slash(world.alice, thread, "replay")
        assert "Nobody has moved yet" in none.content or none.files
        del lobby
    dm_world = world
    async with fake.running(dm_world.bot()):
        dm = fake.dm_channel(world.alice)
        post = await fake.slash(world.alice, dm, "solo", {"game": "fixer"})
        for _ in range(200):
            if "Final result" in (post.content or ""):
                break
            choices = await fake.autocomplete(world.alice, dm, "move", "action", typed="")
            post = await fake.slash(world.alice, dm, "move", {"action": choices[-1]["value"]})
        replay = await fake.slash(world.alice, dm, "replay", {"speed": "fast"})
        assert replay.files and replay.files[0].filename.endswith(".gif")
        assert replay.files[0].data.startswith(b"GIF89a") and "the whole game" in replay.content
        assert len(replay.files[0].data) < 10 * 1024 * 1024
