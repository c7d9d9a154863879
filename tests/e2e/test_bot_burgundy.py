"""Burgundy on Discord: the die buttons narrow the move picker to the moves of one die."""

from __future__ import annotations

import random
from pathlib import Path

from cogs.client import PosternBot
from table.service import User
from tests.fakediscord import FakeDiscord
from tests.fakediscord.models import FakeChannel, FakeMessage, FakeUser


def slice_ids(message: FakeMessage) -> list[str]:
    return [c for c in message.custom_ids() if c.startswith("postern:slice:")]


async def until_die_buttons(
    fake: FakeDiscord, bot: PosternBot, thread: FakeChannel, post: FakeMessage | None, users: dict[str, FakeUser],
    rng: random.Random,
) -> FakeMessage:
    """Random moves by whoever must act until a post offers die buttons; that post."""
    for _ in range(300):
        assert post is not None
        if slice_ids(post):
            return post
        status = await bot.table.status(channel_id=str(thread.id))
        mover = users[status.user_ids[status.to_act[0]]]
        _, legal = await bot.table.legal_moves(channel_id=str(thread.id), user=User(str(mover.id), mover.name))
        post = (await fake.slash(mover, thread, "move", {"action": rng.choice(legal)})).message
    raise AssertionError("no post offered die buttons")


async def test_die_buttons_open_a_picker_of_that_die(tmp_path: Path) -> None:
    rng = random.Random(1)
    async with FakeDiscord() as fake:
        guild = fake.add_guild("Burgundy", locale="zh-TW")
        ann, bob = fake.add_user("ann"), fake.add_user("bob")
        for u in (ann, bob):
            fake.add_member(guild, u)
        channel = fake.add_text_channel(guild, "tables")
        bot = PosternBot(str(tmp_path / "b.db"))
        async with fake.running(bot):
            await fake.slash(ann, channel, "game new", {"game": "burgundy", "players": 2})
            thread = fake.threads_of(channel)[0]
            await fake.click(bob, fake.messages(thread)[0], label="加入")
            post = (await fake.click(ann, fake.messages(thread)[0], label="開始")).message
            users = {str(ann.id): ann, str(bob.id): bob}
            post = await until_die_buttons(fake, bot, thread, post, users, rng)
            status = await bot.table.status(channel_id=str(thread.id))
            mover = users[status.user_ids[status.to_act[0]]]
            other = ann if mover is bob else bob
            first = slice_ids(post)[0]
            label = next(b["label"] for b in post.buttons() if b.get("custom_id") == first)
            assert "用你的" in label  # the server's language
            refused = await fake.click(other, post, custom_id=first)
            assert refused.ephemeral and not refused.files
            opened = await fake.click(mover, post, custom_id=first, locale="en-US")
            assert opened.ephemeral and opened.files
            picker = next(c for c in opened.custom_ids() if c.startswith("postern:pick:"))
            options = [o["value"] for o in opened.message.component(picker)["options"]]  # type: ignore[union-attr, index]
            die = label.removeprefix("用你的")
            moves = [v for v in options if not v.startswith("__more")]
            assert moves and all(
                v.split()[1].split(":")[0].split(">")[0] == die for v in moves if v.split()[0] in ("take", "place", "adjust")
            )
            done = await fake.select(mover, opened.message, picker, [moves[0]])  # type: ignore[arg-type]
            assert not done.ephemeral and done.files
            stale = await fake.click(mover, post, custom_id=first)
            assert stale.ephemeral
            assert fake.rejections == [] and fake.unknown_routes == []
