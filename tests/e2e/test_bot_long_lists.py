"""A long move list (Tuscany's 432 estate layouts) can be crossed in one step: /hand adds a menu
of the list's pages beside the picker, and choosing a page shows it with the picker still
working for that player."""

from __future__ import annotations

from pathlib import Path

import rules
from cogs.client import PosternBot
from cogs.posting import move_order
from table.service import User
from tests.fakediscord import FakeDiscord


async def test_a_long_move_list_has_a_menu_of_its_pages(tmp_path: Path) -> None:
    async with FakeDiscord() as fake:
        guild = fake.add_guild("Tables")
        alice, bob = fake.add_user("alice"), fake.add_user("bob", locale="zh-TW")
        for user in (alice, bob):
            fake.add_member(guild, user)
        channel = fake.add_text_channel(guild, "games")
        bot = PosternBot(str(tmp_path / "bot.db"))
        async with fake.running(bot):
            await fake.slash(alice, channel, "game new", {"game": "tuscany", "players": 2})
            thread = fake.threads_of(channel)[0]
            await fake.click(bob, fake.messages(thread)[0], label="Join")
            await fake.click(alice, fake.messages(thread)[0], label="Start")
            _, _, legal = await bot.table.hand(channel_id=str(thread.id), user=User(str(bob.id), "bob"))
            assert len(legal) > 3 * 24  # the estate layouts: many pages
            hand = await fake.slash(bob, thread, "hand")
            jump = next(c for c in hand.custom_ids() if c.startswith("postern:jump:"))
            pages = hand.message.component(jump)["options"]  # type: ignore[union-attr,index]
            assert 3 <= len(pages) <= 25 and pages[0]["label"].startswith("第 1/")
            target = pages[len(pages) // 2]["value"]
            turned = await fake.select(bob, hand.message, jump, [target])
            assert turned.ephemeral
            picker = next(c for c in turned.custom_ids() if c.startswith("postern:pick:"))
            shown = [o["value"] for o in turned.message.component(picker)["options"] if not o["value"].startswith("__")]  # type: ignore[union-attr,index]
            ordered = sorted(legal, key=move_order(rules.get("tuscany")))  # the picker's order
            assert shown == ordered[int(target) * 24 : (int(target) + 1) * 24]
            done = await fake.select(bob, turned.message, picker, [shown[0]])
            assert not done.ephemeral and done.files  # a move from the page it jumped to counts
            assert fake.rejections == [] and fake.unknown_routes == []
