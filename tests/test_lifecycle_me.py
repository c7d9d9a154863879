"""A player's own calls on both backends, with a scripted clock: away mode pauses banks in every
game and has a limit; back resumes them; settings validate; quiet hours; "what waits on me"."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from storage import Database, UserSettings
from table.clock import ScriptedClock
from table.me import parse_quiet, quiet_until
from table.messages import TableError
from table.service import TableService, User

ANN = User("1", "Ann")
BOB = User("2", "Bob")
USERS = {u.id: u for u in (ANN, BOB)}
HOUR = 3600.0
DAY = 86400.0


@pytest.fixture
async def db(db_target: str) -> AsyncIterator[Database]:
    async with Database(db_target) as database:
        yield database


async def _two(table: TableService, channel: str) -> User:
    await table.open(channel_id=channel, guild_id="g", user=ANN, game="fixer", players=2, options="timer=24h")
    await table.join(channel_id=channel, user=BOB)
    result = await table.start(channel_id=channel, user=ANN)
    return USERS[result.user_ids[result.to_act[0]]]


async def test_away_pauses_the_bank_and_back_resumes_it(db: Database) -> None:
    clock = ScriptedClock()
    table = TableService(db, seed_source=lambda: "away", clock=clock)
    first = await _two(table, "c")
    seat = (await table.status(channel_id="c")).to_act[0]
    clock.advance(2 * HOUR)
    await table.away(user=first, days=3)
    pending = await db.pending_due((await table.status(channel_id="c")).game_id)
    assert [d.kind for d in pending] == ["away_end"]  # no reminder or expiry while away
    clock.advance(2 * DAY)
    status = await table.status(channel_id="c")
    assert status.banks[seat] == 46 * HOUR  # stood still
    assert "away until" in status.clock_lines("en")[seat] and "離開至" in status.clock_lines("zh-TW")[seat]
    assert status.view is not None and "away until" in status.view["away"][seat]  # drawn on the board
    assert status.view["away"][1 - seat] is None and "離開至" in (status.away_texts("zh-TW")[seat] or "")
    back = await table.back(user=first)
    assert back.away_until is None and back.away_days_used == 2  # the unused day returns
    clock.advance(HOUR)
    assert (await table.status(channel_id="c")).banks[seat] == 45 * HOUR
    with pytest.raises(TableError) as err:
        await table.back(user=first)
    assert err.value.key == "not_away"


async def test_a_turn_reaching_an_away_player_waits(db: Database) -> None:
    clock = ScriptedClock()
    table = TableService(db, seed_source=lambda: "away2", clock=clock)
    first = await _two(table, "c")
    second = BOB if first is ANN else ANN
    await table.away(user=second, days=1)
    _, legal = await table.legal_moves(channel_id="c", user=first)
    result = await table.act(channel_id="c", user=first, action=legal[0])
    other = result.user_ids.index(second.id)
    assert other in result.to_act
    clock.advance(5 * HOUR)
    assert (await table.status(channel_id="c")).banks[other] == 48 * HOUR


async def test_away_limits(db: Database) -> None:
    clock = ScriptedClock()
    table = TableService(db, clock=clock)
    for days in (0, 15):
        with pytest.raises(TableError) as err:
            await table.away(user=ANN, days=days)
        assert err.value.key == "bad_away_days"
    await table.away(user=ANN, days=10)
    with pytest.raises(TableError) as err:
        await table.away(user=ANN, days=5)
    assert err.value.key == "away_limit" and "4" in err.value.text("zh-TW")
    await table.away(user=ANN, days=4)
    clock.advance(31 * DAY)  # a new window
    assert (await table.away(user=ANN, days=14)).away_days_used == 14


async def test_settings_validate_and_persist(db: Database) -> None:
    table = TableService(db, clock=ScriptedClock())
    assert await table.settings(user=ANN) == UserSettings(ANN.id)
    mine = await table.settings(user=ANN, reminders=False, quiet="22-7", time_zone="Asia/Taipei", language="zh-TW")
    assert (mine.reminders, mine.quiet_start, mine.quiet_end, mine.time_zone, mine.locale) == (
        False, 22 * 60, 7 * 60, "Asia/Taipei", "zh-TW"
    )
    assert await db.user_settings(ANN.id) == mine
    for kwargs, key in (
        ({"quiet": "late"}, "bad_quiet"), ({"quiet": "25-3"}, "bad_quiet"),
        ({"quiet": "7-7"}, "empty_quiet"), ({"quiet": "0-24"}, "empty_quiet"),  # no span: refused, not shown as hours
        ({"time_zone": "Mars/Base"}, "bad_time_zone"), ({"language": "fr"}, "bad_language"),
    ):
        with pytest.raises(TableError) as err:
            await table.settings(user=ANN, **kwargs)
        assert err.value.key == key and err.value.text("zh-CN") != err.value.text("en")
    assert (await table.settings(user=ANN, quiet="off")).quiet_start is None


def test_quiet_hours_across_midnight_in_the_players_zone() -> None:
    assert parse_quiet("22:30-07:00") == (22 * 60 + 30, 7 * 60)
    taipei = UserSettings("u", quiet_start=22 * 60, quiet_end=7 * 60, time_zone="Asia/Taipei")
    midnight_taipei = 1_800_000_000 - (1_800_000_000 + 8 * 3600) % 86400  # 00:00 in Taipei (UTC+8)
    assert quiet_until(taipei, midnight_taipei + 2 * HOUR) == midnight_taipei + 7 * HOUR
    assert quiet_until(taipei, midnight_taipei + 23 * HOUR) == midnight_taipei + 31 * HOUR
    assert quiet_until(taipei, midnight_taipei + 12 * HOUR) is None
    assert quiet_until(UserSettings("u"), midnight_taipei) is None


async def test_my_games_lists_what_waits_on_me_first_oldest_first(db: Database) -> None:
    clock = ScriptedClock()
    table = TableService(db, seed_source=lambda: "mine", clock=clock)
    waits_on: dict[str, User] = {}
    for channel in ("a", "b", "c"):
        waits_on[channel] = await _two(table, channel)
        clock.advance(HOUR)
    longest = 0
    for user in (ANN, BOB):
        games = await table.my_games(user=user)
        assert len(games) == 3
        waiting = [g.row.channel_id for g in games if g.waiting]
        assert waiting == [c for c in ("a", "b", "c") if waits_on[c] is user]  # the longest wait first
        assert all(g.waiting for g in games[: len(waiting)])
        assert all(g.left is not None for g in games)
        longest = max(longest, len(waiting))
    assert longest >= 2  # so the order was checked
