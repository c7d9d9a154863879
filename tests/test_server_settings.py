"""Server settings (``/settings``) in the table service, on both backends: only in a server, only
for Manage Server; a default timer, the thread choice and the post language, stored durably and
applied when a game opens (never to a running game, never overriding what the host named)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from storage import Database, ServerSettings
from table.clock import ScriptedClock
from table.messages import TableError
from table.service import TableService, User

ADMIN = User("1", "Ann", can_manage_server=True)
BOB = User("2", "Bob")
MOD = User("3", "Cho", can_manage=True)  # Manage Messages is not Manage Server
HOUR = 3600.0


@pytest.fixture
async def db(db_target: str) -> AsyncIterator[Database]:
    async with Database(db_target) as database:
        yield database


async def _banks(table: TableService, channel: str, options: str | None = None, guild: str = "g") -> list[float | None]:
    await table.open(channel_id=channel, guild_id=guild, user=ADMIN, game="fixer", players=2, options=options)
    await table.join(channel_id=channel, user=BOB)
    return (await table.start(channel_id=channel, user=ADMIN)).banks


async def test_defaults_then_changes_are_stored(db: Database) -> None:
    table = TableService(db, clock=ScriptedClock())
    assert await table.server_settings(guild_id="g", user=ADMIN) == ServerSettings("g")
    assert await table.opens_threads("g") is True
    changed = await table.server_settings(guild_id="g", user=ADMIN, timer_choice="24H", threads=False, language="zh-CN")
    assert changed == ServerSettings("g", timer="24h", threads=False, locale="zh-CN")
    assert await db.server_settings("g") == changed  # durable: read back from the database
    assert await table.opens_threads("g") is False and await table.opens_threads(None) is True
    # A partial change keeps the rest; "auto" hands the post language back to the server's own.
    again = await table.server_settings(guild_id="g", user=ADMIN, language="auto")
    assert again == ServerSettings("g", timer="24h", threads=False, locale=None)
    assert await db.server_settings("other") == ServerSettings("other")  # servers are separate


async def test_refusals(db: Database) -> None:
    table = TableService(db, clock=ScriptedClock())
    for user, guild, key in ((ADMIN, None, "server_only"), (BOB, "g", "needs_manage_server"), (MOD, "g", "needs_manage_server")):
        with pytest.raises(TableError) as err:
            await table.server_settings(guild_id=guild, user=user, threads=False)
        assert err.value.key == key
        assert err.value.text("zh-TW") != err.value.text("en")
    with pytest.raises(TableError) as err:
        await table.server_settings(guild_id="g", user=ADMIN, timer_choice="5m")
    assert err.value.key == "bad_server_timer" and "72h" in err.value.text("en")
    with pytest.raises(TableError) as err:
        await table.server_settings(guild_id="g", user=ADMIN, language="fr")
    assert err.value.key == "bad_language"
    assert await db.server_settings("g") == ServerSettings("g")  # nothing refused was stored


async def test_the_default_timer_applies_to_new_tables_only(db: Database) -> None:
    table = TableService(db, clock=ScriptedClock())
    assert await _banks(table, "before") == [144 * HOUR, 144 * HOUR]  # Postern's 72 h
    await table.server_settings(guild_id="g", user=ADMIN, timer_choice="12h")
    assert await _banks(table, "after") == [24 * HOUR, 24 * HOUR]
    assert (await table.status(channel_id="before")).banks == [144 * HOUR, 144 * HOUR]  # a running game keeps its own
    assert await _banks(table, "named", options="timer=48h") == [96 * HOUR, 96 * HOUR]  # the host's choice wins
    assert await _banks(table, "elsewhere", guild="h") == [144 * HOUR, 144 * HOUR]  # another server
    await table.server_settings(guild_id="g", user=ADMIN, timer_choice="off")
    assert await _banks(table, "untimed") == []
    await table.open(channel_id="dm", guild_id=None, user=ADMIN, game="fixer", solo=True)
    assert (await table.status(channel_id="dm")).banks == []  # a solo DM game never takes a server's timer


async def test_the_post_language_applies_to_new_tables(db: Database) -> None:
    table = TableService(db, clock=ScriptedClock())
    opened = await table.open(channel_id="a", guild_id="g", user=ADMIN, game="fixer", players=2, locale="en")
    assert opened.locale == "en"
    await table.server_settings(guild_id="g", user=ADMIN, language="zh-TW")
    opened = await table.open(channel_id="b", guild_id="g", user=ADMIN, game="fixer", players=2, locale="en")
    assert opened.locale == "zh-TW"
    assert (await table.status(channel_id="a")).locale == "en"
