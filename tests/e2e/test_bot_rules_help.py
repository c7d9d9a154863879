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
