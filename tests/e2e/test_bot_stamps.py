"""Through the real bot and the fake Discord: a die button of a Burgundy post still opens its
picker after its player went away and came back (two writes that bump the game's version but
change no position), and the picker's move applies; afterwards the old button is refused."""

from __future__ import annotations

import random
from pathlib import Path

from cogs.client import PosternBot
from tests.e2e.test_bot_burgundy import slice_ids, until_die_buttons
from tests.fakediscord import FakeDiscord


async def test_buttons_survive_away_and_back(tmp_path: Path) -> None:
    rng = random.Random(2)
    async with FakeDiscord() as fake:
        guild = fake.add_guild("Burgundy")
        ann, bob = fake.add_user("ann"), fake.add_user("bob")
        for u in (ann, bob):
            fake.add_member(guild, u)
        channel = fake.add_text_channel(guild, "tables")
        bot = PosternBot(str(tmp_path / "b.db"))
        async with fake.running(bot):
            await fake.slash(ann, channel, "game new", {"game": "burgundy", "players": 2, "options": "timer=24h"})
            thread = fake.threads_of(channel)[0]
            await fake.click(bob, fake.messages(thread)[0], label="Join")
            post = (await fake.click(ann, fake.messages(thread)[0], label="Start")).message
            users = {str(ann.id): ann, str(bob.id): bob}
            post = await until_die_buttons(fake, bot, thread, post, users, rng)
            status = await bot.table.status(channel_id=str(thread.id))
            mover = users[status.user_ids[status.to_act[0]]]
            version = status.version
            away = await fake.slash(mover, channel, "me away", {"days": 1})
            back = await fake.slash(mover, channel, "me back", {})
            assert away.ephemeral and back.ephemeral
            assert (await bot.table.status(channel_id=str(thread.id))).version == version + 2
            first = slice_ids(post)[0]
            opened = await fake.click(mover, post, custom_id=first)
            assert opened.ephemeral and opened.files  # the picker opens: not "stale"
            picker = next(c for c in opened.custom_ids() if c.startswith("postern:pick:"))
            options = [o["value"] for o in opened.message.component(picker)["options"]]  # type: ignore[union-attr, index]
            moves = [v for v in options if not v.startswith("__more")]
            done = await fake.select(mover, opened.message, picker, [moves[0]])  # type: ignore[arg-type]
            assert not done.ephemeral and done.files
            stale = await fake.click(mover, post, custom_id=first)
            assert stale.ephemeral and not stale.files and "older position" in (stale.content or "")
            assert fake.rejections == [] and fake.unknown_routes == []
