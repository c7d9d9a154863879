"""Bot seats are named by their level, in the table's language, and stay distinct."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from storage import Database
from table import bots, solo
from table.clock import ScriptedClock
from table.messages import TableError
from table.service import TableService, User

ANN = User("1", "Ann")


@pytest.fixture
async def db(tmp_path: Any) -> AsyncIterator[Database]:
    async with Database(str(tmp_path / "t.db")) as database:
        yield database


def test_display_names() -> None:
    seats = [("1", "Ann", None), ("bot:1", "Bot 1", "normal"), ("bot:2", "Bot 2", "hard")]
    assert bots.display_names(seats, "en") == ["Ann", "Bot (normal)", "Bot (hard)"]
    assert bots.display_names(seats, "zh-TW") == ["Ann", "機器人(普通)", "機器人(困難)"]
    same = [("bot:1", "Bot 1", "easy"), ("1", "Ann", None), ("bot:3", "Bot 3", "easy"), ("bot:4", "Bot 4", None)]
    assert bots.display_names(same, "en") == ["Bot 1 (easy)", "Ann", "Bot 3 (easy)", "Bot (greedy)"]
    taken = [("bot:for:7", "Cho", "greedy"), ("1", "Ann", None)]
    assert bots.display_names(taken, "en") == ["Cho (Bot, greedy)", "Ann"]
    assert bots.display_names(taken, "zh-CN") == ["Cho(机器人,贪心)", "Ann"]


async def test_a_chinese_table_names_its_bots_in_chinese(db: Database) -> None:
    table = TableService(db, clock=ScriptedClock())
    await table.open(channel_id="c", guild_id="g", user=ANN, game="torres", players=3, locale="zh-TW")
    added = await table.add_bot(channel_id="c", user=ANN, level="hard")
    assert added.names == ["Ann", "機器人(困難)"] and added.lines() == ["機器人(困難)入座。"]
    again = await table.add_bot(channel_id="c", user=ANN, level="hard")
    assert again.names == ["Ann", "機器人 1(困難)", "機器人 2(困難)"]
    assert again.lines() == ["機器人 2(困難)入座。"]


def test_solo_plans() -> None:
    import rules

    assert solo.plan(rules.get("fixer"), None, None) == (0, None)  # the official solo rules
    assert solo.plan(rules.get("torres"), None, None) == (1, bots.SOLO_LEVEL)
    assert solo.plan(rules.get("tuscany"), 3, "HARD") == (3, "hard")
    assert solo.plan(rules.get("burgundy"), 2, None) == (2, "normal")
    for game, opponents, level, key in (
        ("fixer", None, "easy", "solo_level_alone"),
        ("torres", 4, None, "bad_opponents"),
        ("torres", 0, None, "bad_opponents"),
        ("torres", 1, "godlike", "bad_bot_level"),
    ):
        with pytest.raises(TableError) as err:
            solo.plan(rules.get(game), opponents, level)
        assert err.value.key == key
        assert err.value.text("zh-TW") != err.value.text("en")
