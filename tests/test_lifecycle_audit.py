"""The banks checked against issue #10 items 1–4, with a scripted clock, on both backends: each
test pins a deviation that was found and fixed (see the report of the audit in the history).

- A turn that reaches a player who is away still gains T (kept for when they return), and the
  end of their away time is scheduled in that game even if it started after they left.
- A paused seat that stays to act while others move gains nothing more.
- Going away mid-turn pauses the running bank and moves its reminders and expiry by the time away.
- A reminder held through quiet hours until a later one is due is not sent as well.
- Quiet hours end at the player's own wall-clock hour across a daylight-saving change.
- Closed DMs: one mention per turn, not one per reminder.
- Away days: at most 14 in any 30 days (a rolling window), extended rather than reset.
- The board's clocks say who is away.
- An undo that takes back the move that began another seat's turn takes back that turn's gain.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from render import kit
from storage import Bank, Database, SeatRow, UserSettings
from table import timer
from table.clock import ScriptedClock
from table.me import quiet_until
from table.messages import TableError
from table.scheduler import Scheduler
from table.service import Result, TableService, User

ANN = User("1", "Ann")
BOB = User("2", "Bob")
USERS = {u.id: u for u in (ANN, BOB)}
HOUR = 3600.0
DAY = 86400.0
MIDNIGHT = 1_800_000_000.0 - 1_800_000_000 % 86400
"""A UTC midnight: quiet hours in UTC read straight off the scripted clock."""


@pytest.fixture
async def db(db_target: str) -> AsyncIterator[Database]:
    async with Database(db_target) as database:
        yield database


async def _two(table: TableService, channel: str = "c", timer_option: str = "timer=24h") -> Result:
    await table.open(channel_id=channel, guild_id="g", user=ANN, game="fixer", players=2, options=f"seating=host {timer_option}")
    await table.join(channel_id=channel, user=BOB)
    return await table.start(channel_id=channel, user=ANN)


async def _play_until(table: TableService, channel: str, seat: int) -> Result:
    """Moves (the first legal one) until ``seat`` must act."""
    status = await table.status(channel_id=channel)
    for _ in range(60):
        if seat in status.to_act:
            return status
        mover = USERS[status.user_ids[status.to_act[0]]]
        _, legal = await table.legal_moves(channel_id=channel, user=mover)
        await table.act(channel_id=channel, user=mover, action=legal[0])
        status = await table.status(channel_id=channel)
    raise AssertionError("the seat never came to act")


async def _pending(db: Database, game_id: int, now: float) -> list[tuple[int, str, float]]:
    return [(d.seat, d.kind, d.due_at - now) for d in await db.pending_due(game_id)]


async def test_a_turn_reaching_an_away_player_keeps_its_gain(db: Database) -> None:
    clock = ScriptedClock()
    table = TableService(db, seed_source=lambda: "gain", clock=clock)
    started = await _two(table)
    first = started.to_act[0]
    other = 1 - first
    clock.advance(20 * HOUR)  # 48 h − 20 h = 28 h left
    status = await _play_until(table, "c", other)
    assert status.banks[first] == 28 * HOUR
    await table.away(user=USERS[status.user_ids[first]], days=1)
    clock.advance(HOUR)
    status = await _play_until(table, "c", first)  # the turn reaches them while they are away
    assert status.banks[first] == 48 * HOUR  # 28 h + T (24 h), capped at 2 T: kept while paused
    clock.advance(DAY)  # the away time ends; the scheduler lets the bank run again, without another gain
    await Scheduler(table).run_once()
    clock.advance(2 * HOUR)
    assert (await table.status(channel_id="c")).banks[first] == 46 * HOUR


async def test_a_game_started_while_away_resumes_by_itself(db: Database) -> None:
    clock = ScriptedClock()
    table = TableService(db, seed_source=lambda: "later", clock=clock)
    await table.away(user=ANN, days=1)  # before the game exists
    started = await _two(table)
    ann = started.user_ids.index(ANN.id)
    status = await _play_until(table, "c", ann)
    pending = await _pending(db, status.game_id, clock.now())
    assert (ann, "away_end", DAY) in pending  # scheduled in this game too, though it began later
    assert not any(k != "away_end" for s, k, _ in pending if s == ann)  # paused: no reminder, no expiry
    clock.advance(DAY + 1)
    await Scheduler(table).run_once()
    kinds = [k for s, k, _ in await _pending(db, status.game_id, clock.now()) if s == ann]
    assert kinds == ["remind_half", "remind_tenth", "expire"]  # running again, with its due items
    clock.advance(HOUR)
    assert (await table.status(channel_id="c")).banks[ann] == 47 * HOUR


def test_a_paused_seat_that_stays_to_act_gains_nothing_more() -> None:
    t = 24 * HOUR
    seats = [SeatRow(0, "1", "Ann", bank_left=10 * HOUR, turn_began=None), SeatRow(1, "2", "Bob", bank_left=30 * HOUR, turn_began=0.0)]
    # Simultaneous decisions: both were to act, Bob decides, Ann (back from away) still must act.
    settled = timer.settle(seats, [0, 1], [0], 5 * HOUR, t, turn=7)
    ann = next(b for b in settled.banks if b.seat == 0)
    assert ann.left == 10 * HOUR and ann.began == 5 * HOUR  # runs again, without a turn's gain
    assert settled.ended == [1]
    # A seat joining the seats to act while paused gains T at once and stands still.
    joined = timer.settle(seats, [1], [0], 5 * HOUR, t, turn=8, paused=[0])
    assert next(b for b in joined.banks if b.seat == 0) == Bank(0, 34 * HOUR, None, 24 * HOUR)


async def test_away_mid_turn_moves_the_reminders_and_expiry(db: Database) -> None:
    clock = ScriptedClock()
    table = TableService(db, seed_source=lambda: "mid", clock=clock)
    started = await _two(table)
    first = started.to_act[0]
    player = USERS[started.user_ids[first]]
    clock.advance(10 * HOUR)  # 38 h left of 48 h
    await table.away(user=player, days=2)
    assert [k for _, k, _ in await _pending(db, started.game_id, clock.now())] == ["away_end"]
    clock.advance(DAY)
    assert (await table.status(channel_id="c")).banks[first] == 38 * HOUR  # paused
    await table.back(user=player)  # /me back: the bank runs again, its due times moved by a day
    assert await _pending(db, started.game_id, clock.now()) == [
        (first, "remind_half", pytest.approx(14 * HOUR)),
        (first, "away_end", pytest.approx(DAY)),  # harmless now: they are back, it resumes nothing
        (first, "remind_tenth", pytest.approx(33.2 * HOUR)),
        (first, "expire", pytest.approx(38 * HOUR)),
    ]


async def test_the_end_of_away_time_resumes_the_bank_and_moves_its_due_times(db: Database) -> None:
    clock = ScriptedClock()
    table = TableService(db, seed_source=lambda: "mid2", clock=clock)
    started = await _two(table)
    first = started.to_act[0]
    clock.advance(30 * HOUR)  # 18 h left: the half reminder was due at 24 h
    assert [n.kind for n in await Scheduler(table).run_once()] == ["reminder"]
    await table.away(user=USERS[started.user_ids[first]], days=1)
    clock.advance(DAY)
    assert await Scheduler(table).run_once() == []  # the away end: nothing to tell anyone
    # The half reminder was sent this turn and is not sent again; the tenth and the expiry moved.
    assert await _pending(db, started.game_id, clock.now()) == [
        (first, "remind_tenth", pytest.approx(13.2 * HOUR)),
        (first, "expire", pytest.approx(18 * HOUR)),
    ]


async def test_a_reminder_held_past_the_next_one_is_not_sent_too(db: Database) -> None:
    clock = ScriptedClock(MIDNIGHT)
    table = TableService(db, seed_source=lambda: "quiet", clock=clock)
    started = await _two(table, timer_option="timer=12h")  # a 24 h bank: half at 12 h, a tenth at 21.6 h
    first = started.to_act[0]
    player = USERS[started.user_ids[first]]
    await table.settings(user=player, quiet="11-23", time_zone="UTC")
    scheduler = Scheduler(table)
    clock.advance(12 * HOUR + 1)
    assert await scheduler.run_once() == []  # quiet: held until 23:00
    clock.advance(10 * HOUR)
    assert await scheduler.run_once() == []  # the tenth is due too, also held
    clock.advance(HOUR)  # 23:00: quiet hours end
    sent = await scheduler.run_once()
    assert len(sent) == 1 and sent[0].kind == "reminder"
    assert sent[0].left is not None and sent[0].left < 0.1 * 24 * HOUR  # the one that says how little is left
    assert await scheduler.run_once() == []


def test_quiet_hours_end_at_the_local_hour_across_a_clock_change() -> None:
    berlin = ZoneInfo("Europe/Berlin")
    settings = UserSettings("u", quiet_start=22 * 60, quiet_end=7 * 60, time_zone="Europe/Berlin")
    for night in (datetime(2026, 10, 25, 1, 0, tzinfo=berlin), datetime(2026, 3, 29, 1, 0, tzinfo=berlin)):
        ends = quiet_until(settings, night.timestamp())
        assert ends is not None
        local = datetime.fromtimestamp(ends, berlin)
        assert (local.date(), local.hour, local.minute) == (night.date(), 7, 0)
    # In October the night is an hour longer, in March an hour shorter: 7 h and 5 h of 01:00–07:00.
    autumn = datetime(2026, 10, 25, 1, 0, tzinfo=berlin).timestamp()
    assert quiet_until(settings, autumn) == autumn + 7 * HOUR


async def test_closed_dms_mention_once_per_turn(db: Database) -> None:
    clock = ScriptedClock()
    table = TableService(db, seed_source=lambda: "dms", clock=clock)
    started = await _two(table)
    first = started.to_act[0]
    scheduler = Scheduler(table)
    clock.advance(24 * HOUR + 1)
    (half,) = await scheduler.run_once()
    assert await scheduler.mention_instead(half) is True
    clock.advance(20 * HOUR)
    (tenth,) = await scheduler.run_once()
    assert tenth.turn == half.turn and await scheduler.mention_instead(tenth) is False  # one mention per turn
    status = await _play_until(table, "c", 1 - first)
    await _play_until(table, "c", first)
    clock.advance(47 * HOUR)
    later = [n for n in await scheduler.run_once() if n.kind == "reminder"]
    assert later and later[0].turn != half.turn and await scheduler.mention_instead(later[0]) is True
    assert status.game_id == half.game.id


async def test_away_days_count_in_any_30_days(db: Database) -> None:
    clock = ScriptedClock()
    table = TableService(db, clock=clock)
    await table.away(user=ANN, days=1)
    clock.advance(16 * DAY)
    assert (await table.away(user=ANN, days=13)).away_days_used == 14  # day 0 and days 16–29
    clock.advance(14 * DAY)  # day 30: a fixed window would start afresh here
    with pytest.raises(TableError) as err:
        await table.away(user=ANN, days=14)
    assert err.value.key == "away_limit" and err.value.params["left"] == 1
    assert (await table.away(user=ANN, days=1)).away_days_used == 14
    # Away already: another call adds days to the current absence (and counts them).
    with pytest.raises(TableError):
        await table.away(user=ANN, days=1)
    clock.advance(16 * DAY)  # day 46: the window up to day 60 still holds day 30
    with pytest.raises(TableError):
        await table.away(user=ANN, days=14)
    clock.advance(DAY)  # day 47: every earlier day lies outside the 30 days up to day 61
    assert (await table.away(user=ANN, days=14)).away_days_used == 14
    clock.advance(DAY + 1)
    back = await table.back(user=ANN)
    # A started day counts, the 12 unused return: 2 days now, plus days 19–29 and 30 of the 30 days.
    assert back.away_days_used == 2 + 10 + 1
    t0 = clock.now() - 48 * DAY - 1
    assert [(a - t0, b - t0) for a, b in await db.away_periods(ANN.id)] == [
        (0.0, DAY), (16 * DAY, 29 * DAY), (30 * DAY, 31 * DAY), (47 * DAY, 49 * DAY)
    ]


async def test_the_boards_clocks_say_who_is_away(db: Database) -> None:
    clock = ScriptedClock()
    table = TableService(db, seed_source=lambda: "board", clock=clock)
    started = await _two(table)
    first = started.to_act[0]
    await table.away(user=USERS[started.user_ids[first]], days=2)
    status = await table.status(channel_id="c")
    assert status.view is not None
    assert "away until" in status.view["away"][first] and status.view["away"][1 - first] is None
    assert "離開至" in (status.away_texts("zh-TW")[first] or "")
    # Said once: the clock is the bank alone, the board and the status line add the away note once.
    assert "away" not in status.view["clocks"][first]
    assert status.clock_lines("en")[first].count("away until") == 1
    entries = kit.clock_entries(status.view)
    assert [text.count("away until") for _, text, _ in entries] == [1 if s == first else 0 for s in range(2)]


async def test_undo_and_replay_never_gives_the_next_player_t_twice(db: Database) -> None:
    clock = ScriptedClock()
    table = TableService(db, seed_source=lambda: "regain", clock=clock)
    started = await _two(table)
    first = started.to_act[0]
    second = 1 - first
    mover = USERS[started.user_ids[first]]
    row = await db.game(started.game_id)
    assert row is not None
    await db.set_banks(row.id, row.version, [Bank(second, 10 * HOUR, None)])  # the second player spent 38 h before
    clock.advance(HOUR)
    _, legal = await table.legal_moves(channel_id="c", user=mover)
    moved = await table.act(channel_id="c", user=mover, action=legal[0])
    assert moved.to_act == [second] and moved.banks[second] == 34 * HOUR  # their turn: +24 h
    clock.advance(HOUR)
    undone = await table.undo(channel_id="c", user=mover)
    # The turn taken back takes its gain along, and the hour the move stood is the mover's to pay
    # (issue #28 item 4; it was 9 h here, the hour charged to the next player).
    assert undone.banks[second] == 10 * HOUR
    again = await table.act(channel_id="c", user=mover, action=legal[0])
    assert again.banks[second] == 34 * HOUR  # one gain for one turn
