"""`/rules` asked inside a table's thread quotes that table's options (FIXER's points per red marker)."""

from __future__ import annotations

from tests.e2e.test_bot_fixer import World, world  # noqa: F401  (the fixture)


async def test_rules_help_quotes_the_tables_critical_bonus(world: World) -> None:  # noqa: F811
    fake = world.fake
    async with fake.running(world.bot()):
        await fake.slash(
            world.alice, world.channel, "game new", {"game": "fixer", "players": 2, "options": "critical_bonus=5"}
        )
        thread = fake.threads_of(world.channel)[0]
        await fake.click(world.bob, fake.last_message(thread), label="Join")
        await fake.click(world.alice, fake.last_message(thread), label="Start")
        here = await fake.slash(world.alice, thread, "rules", {"game": "fixer", "topic": "overview"})
        assert "+ 5 per red marker" in (here.content or "")
        # Elsewhere, or for another game, the defaults apply.
        plain = await fake.slash(world.alice, world.channel, "rules", {"game": "fixer", "topic": "overview"})
        assert "+ 3 per red marker" in (plain.content or "")
        assert fake.rejections == []


def test_an_overview_too_long_for_one_message_names_the_topics_it_leaves_out() -> None:
    import rules
    from cogs import flows
    from cogs.i18n import topic_name

    for name in rules.GAMES:
        for locale in ("en", "zh-TW", "zh-CN"):
            topics = rules.get(name).help(locale, None)
            lines = ["**title**", *(f"**{topic_name(k, locale)}** — {t}" for k, t in topics.items())]
            text = flows.rules_text(lines, list(topics), name, locale)
            assert len(text) <= 2000
            for key in topics:  # every topic is there, or its own command is
                assert f"**{topic_name(key, locale)}** — " in text or f"topic:{key}`" in text, (name, locale, key)
            assert "… (+" not in text
