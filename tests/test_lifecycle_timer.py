"""Turn timers on both backends, with a scripted clock: Board Game Arena's bank (2× T at the
start, +T each turn, capped, running only while the seat must act), its due items, the option
through the general table-option mechanism, and what players see."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

import rules
from storage import Database
from table import timer
from table.clock import ScriptedClock
from table.messages import TableError
from table.options import offered_options, split_options
from table.service import TableService, User

ANN = User("1", "Ann")
BOB = User("2", "Bob")
HOUR = 3600.0


@pytest.fixture
async def db(db_target: str) -> AsyncIterator[Database]:
    async with Database(db_target) as database:
        yield database


async def _two(table: TableService, options: str | None = "timer=24h", game: str = "fixer") -> None:
    await table.open(channel_id="c", guild_id="g", user=ANN, game=game, players=2, options=options)
    await table.join(channel_id="c", user=BOB)
    await table.start(channel_id="c", user=ANN)


def _user(result: object, seat: int) -> User:
    return {u.id: u for u in (ANN, BOB)}[result.user_ids[seat]]  # type: ignore[attr-defined]


def test_timer_is_a_table_option_of_every_game_off_when_solo() -> None:
    for game in rules.GAMES.values():
        assert timer.OPTION in offered_options(game)
        assert split_options(game, {}, 3 if game.max_players >= 3 else game.max_players)[1]["timer"] == "72h"
        assert split_options(game, {}, 1)[1]["timer"] == "off"
        assert split_options(game, {"timer": "7d"}, 1)[1]["timer"] == "7d"


async def test_a_bad_timer_is_refused_before_the_lobby_opens(db: Database) -> None:
    table = TableService(db, clock=ScriptedClock())
    with pytest.raises(TableError) as err:
        await table.open(channel_id="c", guild_id="g", user=ANN, game="fixer", options="timer=5m")
    assert err.value.key == "bad_options" and "72h" in err.value.text()
    assert await db.live_game("c") is None


async def test_bank_runs_only_for_the_seat_to_act_and_gains_at_its_turns(db: Database) -> None:
    clock = ScriptedClock()
    table = TableService(db, seed_source=lambda: "seed-1", clock=clock)
    await _two(table)
    status = await table.status(channel_id="c")
    first = status.to_act[0]
    other = 1 - first
    assert status.banks == [48 * HOUR, 48 * HOUR]
    assert status.clock_lines("en")[first] == f"{status.names[first]}: 2 d left"
    assert status.view is not None and status.view["clocks"][first] == "2 d left"
    due = await db.pending_due(status.game_id)
    assert [(d.seat, d.kind, d.due_at - clock.now()) for d in due] == [
        (first, "remind_half", 24 * HOUR), (first, "remind_tenth", 43.2 * HOUR), (first, "expire", 48 * HOUR)
    ]
    clock.advance(5 * HOUR)
    status = await table.status(channel_id="c")
    assert status.banks[first] == 43 * HOUR and status.banks[other] == 48 * HOUR  # only the seat to act spends
    assert status.clocks("zh-TW")[first] == "剩 1 天 19 小時"
    # Play until the other seat must act: the first seat's bank stops where it was.
    for _ in range(50):
        if status.to_act != [first]:
            break
        _, legal = await table.legal_moves(channel_id="c", user=_user(status, first))
        await table.act(channel_id="c", user=_user(status, first), action=legal[0])
        status = await table.status(channel_id="c")
    assert other in status.to_act and first not in status.to_act
    clock.advance(10 * HOUR)
    status = await table.status(channel_id="c")
    assert status.banks[first] == 43 * HOUR  # stopped while waiting
    assert status.banks[other] == 38 * HOUR  # 48 h (capped, +24 h gained) − 10 h
    due = await db.pending_due(status.game_id)
    assert {d.seat for d in due} == {other}  # the first seat's turn ended: its reminders closed
    # Back to the first seat: it gains T, capped at 2 T.
    for _ in range(50):
        if first in status.to_act:
            break
        seat = status.to_act[0]
        _, legal = await table.legal_moves(channel_id="c", user=_user(status, seat))
        await table.act(channel_id="c", user=_user(status, seat), action=legal[0])
        status = await table.status(channel_id="c")
    assert status.banks[first] == 48 * HOUR  # 43 + 24, capped at 48
    assert status.banks[other] == 38 * HOUR


async def test_no_timer_means_no_banks(db: Database) -> None:
    table = TableService(db, clock=ScriptedClock())
    await _two(table, options="timer=off")
    status = await table.status(channel_id="c")
    assert status.banks == [] and status.clock_lines() == []
    assert status.view is not None and "clocks" not in status.view
    assert await db.pending_due(status.game_id) == []
    await table.abandon(channel_id="c", user=ANN)
    await table.open(channel_id="c", guild_id=None, user=ANN, game="fixer", solo=True)
    assert (await table.status(channel_id="c")).banks == []  # solo games: off by default


async def test_the_default_timer_is_72_hours(db: Database) -> None:
    table = TableService(db, clock=ScriptedClock())
    await _two(table, options=None)
    assert (await table.status(channel_id="c")).banks == [144 * HOUR, 144 * HOUR]


def test_left_text_in_every_language() -> None:
    assert timer.left_text(28 * HOUR, "en") == "1 d 4 h left"
    assert timer.left_text(3 * HOUR + 120, "en") == "3 h 2 min left"
    assert timer.left_text(59, "en") == "1 min left"  # rounded up: a moment left is not "0 min"
    assert timer.left_text(48 * HOUR - 1, "en") == "2 d left"  # a fresh bank read a second later
    assert timer.left_text(48 * HOUR - 1, "zh-TW") == "剩 2 天"
    assert timer.left_text(28 * HOUR - 1, "en") == "1 d 4 h left"
    assert timer.left_text(24 * HOUR - 30, "en") == "1 d left"
    assert timer.left_text(3 * HOUR, "zh-CN") == "剩 3 小时" and timer.left_text(3 * HOUR + 1, "en") == "3 h 1 min left"
    assert timer.left_text(0, "en") == "time is up" and timer.left_text(-30, "zh-TW") == "時間已用完"
    assert timer.left_text(28 * HOUR, "zh-CN") == "剩 1 天 4 小时"
    assert timer.left_text(-5, "zh-TW") == "時間已用完"  # an expired bank is not "0 min left"


async def test_a_moves_result_matches_reading_the_game_back(db: Database) -> None:
    """``act`` rebuilds the committed row and banks instead of reading them back: what it returns
    must equal what a fresh read shows, move after move."""
    clock = ScriptedClock()
    table = TableService(db, seed_source=lambda: "seed-7", clock=clock)
    await _two(table, options="timer=12h seating=host")
    result = await table.status(channel_id="c")
    for _ in range(12):
        if result.status != "active":
            break
        seat = next(s for s in result.to_act if s >= 0)
        _, legal = await table.legal_moves(channel_id="c", user=_user(result, seat))
        clock.advance(HOUR)
        result = await table.act(channel_id="c", user=_user(result, seat), action=legal[0])
        fresh = await table.status(channel_id="c")
        assert (result.version, result.status, result.banks, result.away) == (
            fresh.version, fresh.status, fresh.banks, fresh.away
        )
        assert result.view == fresh.view
