"""Private replies follow the reader's language, not the server's.

An English server; bob reads Discord in zh-TW. His ``/log``, ``/game status``, ``/hand`` (text,
image and picker groups) and ``/rules`` (topic names and their autocomplete) come in zh-TW, while
alice, an English reader at the same table, gets English.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

import render
import rules
from cogs.i18n import GROUP_NAMES, TOPIC_NAMES
from table.service import User
from tests.e2e.test_bot_fixer import World, open_two_player_game
from tests.fakediscord import FakeDiscord

CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[World]:
    async with FakeDiscord() as fake:
        guild = fake.add_guild("Board games", locale="en-US")
        alice = fake.add_user("alice")
        bob = fake.add_user("bob", locale="zh-TW")
        fake.add_member(guild, alice)
        fake.add_member(guild, bob)
        channel = fake.add_text_channel(guild, "tables")
        yield World(fake, guild, channel, alice, bob, tmp_path / "bot.db")


async def test_private_replies_follow_the_reader(world: World) -> None:
    fake = world.fake
    bot = world.bot()
    async with fake.running(bot):
        thread, _ = await open_two_player_game(world)

        zh_log = await fake.slash(world.bob, thread, "log", {"count": 5})
        en_log = await fake.slash(world.alice, thread, "log", {"count": 5})
        assert CJK.search(zh_log.content or ""), zh_log.content
        assert not CJK.search(en_log.content or ""), en_log.content

        status = await fake.slash(world.bob, thread, "game status")
        assert status.ephemeral and "輪到你了" in (status.content or "") and "your move" not in (status.content or "")
        assert "我的手牌" in [b.get("label") for b in status.message.buttons()]  # type: ignore[union-attr]
        en_status = await fake.slash(world.alice, thread, "game status")
        assert "your move" in (en_status.content or "")

        hand = await fake.slash(world.bob, thread, "hand")
        _, private, legal = await bot.table.hand(channel_id=str(thread.id), user=User(str(world.bob.id), "bob"))
        zh_image = render.draw("fixer", {**private, "locale": "zh-TW"})
        assert zh_image != render.draw("fixer", {**private, "locale": "en"})  # the image has words
        assert hand.files[0].data == zh_image
        if legal:
            picker = next(cid for cid in hand.custom_ids() if cid.startswith("postern:pick:"))
            options = hand.message.component(picker)["options"]  # type: ignore[union-attr,index]
            groups = {o["description"].split("]")[0] + "]" for o in options if o.get("description")}
            assert groups and all(CJK.search(g) for g in groups), groups


async def test_rules_topics_in_the_readers_language(world: World) -> None:
    fake = world.fake
    async with fake.running(world.bot()):
        choices = await fake.autocomplete(world.bob, world.channel, "rules", "topic", typed="", options={"game": "fixer"})
        assert {"name": "行動", "value": "moves"} in [{"name": c["name"], "value": c["value"]} for c in choices]
        narrowed = await fake.autocomplete(world.bob, world.channel, "rules", "topic", typed="單人", options={"game": "fixer"})
        assert [c["value"] for c in narrowed] == ["solo"]
        help_ = await fake.slash(world.bob, world.channel, "rules", {"game": "fixer", "topic": "moves"})
        assert "**行動**" in (help_.content or "") and "**moves**" not in (help_.content or "")
        typed = await fake.slash(world.bob, world.channel, "rules", {"game": "fixer", "topic": "行動"})
        assert typed.content == help_.content
        english = await fake.slash(world.alice, world.channel, "rules", {"game": "fixer", "topic": "moves"})
        assert "**moves**" in (english.content or "")


def test_every_topic_and_move_group_has_a_name_in_each_language() -> None:
    """Every help topic and every move group the games use (over random play) is named."""
    import random

    for name, game in rules.GAMES.items():
        assert set(game.help("en")) <= set(TOPIC_NAMES), name
        rng = random.Random(name)
        state = game.new(game.max_players)
        seen: set[str] = set()
        for _ in range(400):
            to_act = game.to_act(state)
            if not to_act:
                break
            seat = to_act[0]
            if seat == rules.CHANCE:
                outcomes = game.chance_outcomes(state)
                action = outcomes[rng.randrange(len(outcomes))][0]
            else:
                legal = game.legal_actions(state, seat)
                seen.update(game.group(a) for a in legal)
                action = rng.choice(legal)
            state, _ = game.apply(state, seat, action)
        assert seen <= set(GROUP_NAMES), (name, seen - set(GROUP_NAMES))
    for table in (TOPIC_NAMES, GROUP_NAMES):
        for key, names in table.items():
            assert set(names) == {"en", "zh-TW", "zh-CN"}, key
            assert CJK.search(names["zh-TW"]) and CJK.search(names["zh-CN"]), key


def test_every_bot_text_exists_in_each_language_with_the_same_fields() -> None:
    """Each UI text and command description: en, zh-TW and zh-CN, the Chinese ones in Chinese,
    and the same ``{fields}`` in every language (a missing field would raise at run time)."""
    import string

    from cogs.i18n import DESCRIPTIONS, UI

    def fields(text: str) -> list[str]:
        return sorted(p[1] for p in string.Formatter().parse(text) if p[1])

    for table in (UI, DESCRIPTIONS):
        for key, texts in table.items():
            assert set(texts) == {"en", "zh-TW", "zh-CN"}, key
            assert CJK.search(texts["zh-TW"]) and CJK.search(texts["zh-CN"]), key
            assert fields(texts["en"]) == fields(texts["zh-TW"]) == fields(texts["zh-CN"]), key


async def test_bot_names_and_die_buttons_follow_the_reader(world: World) -> None:
    """A Burgundy table in an English server with a bot: bob (zh-TW) reads the bot's name and
    the die buttons of /game status in zh-TW, alice in English (they were the table's language)."""
    fake = world.fake
    async with fake.running(world.bot()):
        await fake.slash(world.alice, world.channel, "game new", {"game": "burgundy", "players": 3})
        thread = fake.threads_of(world.channel)[0]
        lobby = fake.messages(thread)[0]
        await fake.click(world.bob, lobby, custom_id=next(c for c in lobby.custom_ids() if c.startswith("postern:join")))
        lobby = fake.messages(thread)[0]
        add = next(c for c in lobby.custom_ids() if c.startswith("postern:addbot") and c.endswith("easy"))
        await fake.click(world.alice, lobby, custom_id=add)
        lobby = fake.messages(thread)[0]
        await fake.click(world.alice, lobby, custom_id=next(c for c in lobby.custom_ids() if c.startswith("postern:start")))
        zh = await fake.slash(world.bob, thread, "game status")
        en = await fake.slash(world.alice, thread, "game status")
        assert "機器人(簡單)" in (zh.content or "") and "Bot (easy)" not in (zh.content or ""), zh.content
        assert "Bot (easy)" in (en.content or ""), en.content
        zh_labels = [str(b.get("label")) for b in zh.message.buttons()]  # type: ignore[union-attr]
        en_labels = [str(b.get("label")) for b in en.message.buttons()]  # type: ignore[union-attr]
        assert any(label.startswith("Use your") for label in en_labels), en_labels
        assert not any(label.startswith("Use your") or "Other" in label for label in zh_labels), zh_labels
