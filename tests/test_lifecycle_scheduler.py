"""The durable scheduler on both backends, with a scripted clock: reminders once each (none in
quiet hours or when turned off, none repeated or lost across a restart), the bank running out
opening a vote, votes refused to non-players and after closing, and the decisions."""

from __future__ import annotations

from pathlib import Path

import pytest

from storage import Database
from table import bots, observability
from table.clock import ScriptedClock
from table.messages import TableError
from table.scheduler import BOT, END, REPLACE, WAIT, Scheduler, cast_vote, decide
from table.service import TableService, User

ANN = User("1", "Ann")
BOB = User("2", "Bob")
CHO = User("3", "Cho")
USERS = {u.id: u for u in (ANN, BOB, CHO)}
HOUR = 3600.0


async def _two(table: TableService) -> tuple[int, int, User, User]:
    await table.open(channel_id="c", guild_id="g", user=ANN, game="fixer", players=2, options="timer=24h")
    await table.join(channel_id="c", user=BOB)
    result = await table.start(channel_id="c", user=ANN)
    seat = result.to_act[0]
    slow = USERS[result.user_ids[seat]]
    return result.game_id, seat, slow, (BOB if slow is ANN else ANN)


def test_decide_majority_host_ties_and_silence() -> None:
    assert decide({}, "h") == BOT
    assert decide({"a": END, "b": END, "h": WAIT}, "h") == END
    assert decide({"a": END, "h": REPLACE}, "h") == REPLACE
    assert decide({"a": END, "b": BOT}, "h") == BOT  # tie without the host: the milder choice


async def test_reminders_once_each_across_a_restart_then_a_vote(db_target: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(bots.ENV_ITERATIONS, "3")  # the takeover plays at normal: a quick, seeded search
    clock = ScriptedClock()
    async with Database(db_target) as db:
        table = TableService(db, seed_source=lambda: "sched", clock=clock)
        game_id, seat, slow, other = await _two(table)
        scheduler = Scheduler(table)
        assert await scheduler.run_once() == []
        assert observability.REGISTRY.get_sample_value("postern_scheduler_lag_seconds") == 0.0
        clock.advance(24 * HOUR + 1)
        sent = await scheduler.run_once()
        assert [(n.kind, n.user_id) for n in sent] == [("reminder", slow.id)]
        # The half-bank reminder came due after 24 h of waiting: this pass acted 1 s late.
        assert observability.REGISTRY.get_sample_value("postern_scheduler_lag_seconds") == 1.0
        assert sent[0].text("en").startswith("Your move is waiting in FIXER: 1 d left")  # 24 h − 1 s, rounded up
        assert "正在等你行動" in sent[0].text("zh-TW")
        assert await scheduler.run_once() == []  # once per turn
    async with Database(db_target) as db:  # a restart mid-countdown
        table = TableService(db, clock=clock)
        scheduler = Scheduler(table)
        assert await scheduler.run_once() == []  # nothing repeated
        clock.advance(20 * HOUR)  # below a tenth (4.8 h left at 43.2 h)
        assert [n.kind for n in await scheduler.run_once()] == ["reminder"]  # nothing lost
        clock.advance(4 * HOUR)  # 48 h: the bank is empty
        opened = await scheduler.run_once()
        assert [(n.kind, n.seat, n.voters) for n in opened] == [("vote_opened", seat, [other.id])]
        assert "vote" in opened[0].text("en") and "投票" in opened[0].text("zh-TW")
        turn = opened[0].turn
        for voter, key in ((slow, "not_a_voter"), (CHO, "not_a_voter")):
            with pytest.raises(TableError) as err:
                await cast_vote(table, channel_id="c", user=voter, game_id=game_id, seat=seat, turn=turn, choice=WAIT)
            assert err.value.key == key
        with pytest.raises(TableError) as err:  # a stale button: another turn's vote
            await cast_vote(table, channel_id="c", user=other, game_id=game_id, seat=seat, turn=turn + 99, choice=WAIT)
        assert err.value.key == "vote_closed"
        await cast_vote(table, channel_id="c", user=other, game_id=game_id, seat=seat, turn=turn, choice=END)
        votes = await cast_vote(table, channel_id="c", user=other, game_id=game_id, seat=seat, turn=turn, choice=WAIT)
        assert votes == {other.id: WAIT}  # a vote can change until it closes
        clock.advance(24 * HOUR)
        decided = await scheduler.run_once()
        assert [(n.kind, n.choice) for n in decided] == [("vote_decided", WAIT)]
        assert decided[0].text("en") == f"The table waits 24 h more for {slow.name}."
        assert (await table.status(channel_id="c")).banks[seat] == 24 * HOUR
        with pytest.raises(TableError) as err:  # the vote has closed
            await cast_vote(table, channel_id="c", user=other, game_id=game_id, seat=seat, turn=turn, choice=BOT)
        assert err.value.key == "vote_closed" and "/hand" not in err.value.text("en")
        # Nobody votes the next time: a bot takes the seat and plays at once.
        clock.advance(24 * HOUR)
        assert [n.kind for n in await scheduler.run_once()] == ["vote_opened"]
        clock.advance(24 * HOUR)
        decided = await scheduler.run_once()
        assert [(n.kind, n.choice) for n in decided] == [("vote_decided", BOT)]
        status = await table.status(channel_id="c")
        assert status.user_ids[seat].startswith("bot:") and seat not in status.to_act


async def test_quiet_hours_hold_and_off_skips(tmp_path: Path) -> None:
    clock = ScriptedClock(1_800_000_000 - 1_800_000_000 % 86400)  # midnight UTC
    async with Database(str(tmp_path / "q.db")) as db:
        table = TableService(db, seed_source=lambda: "quiet", clock=clock)
        _, _, slow, _ = await _two(table)
        scheduler = Scheduler(table)
        # The reminder falls due at 24:00 + ε; quiet hours 23-08 UTC hold it until 08:00.
        await table.settings(user=slow, quiet="23-8", time_zone="UTC")
        clock.advance(24 * HOUR + 60)
        assert await scheduler.run_once() == []
        clock.advance(7 * HOUR)
        assert await scheduler.run_once() == []  # still quiet at 07:01
        clock.advance(HOUR)
        assert [n.kind for n in await scheduler.run_once()] == ["reminder"]
        await table.settings(user=slow, reminders=False, quiet="off")
        clock.advance(12 * HOUR)  # past the tenth: reminders are off, nothing is sent
        assert await scheduler.run_once() == []


async def test_away_ends_by_itself(tmp_path: Path) -> None:
    clock = ScriptedClock()
    async with Database(str(tmp_path / "a.db")) as db:
        table = TableService(db, seed_source=lambda: "away-end", clock=clock)
        _, seat, slow, _ = await _two(table)
        scheduler = Scheduler(table)
        clock.advance(HOUR)
        await table.away(user=slow, days=2)
        clock.advance(2 * 86400 - 1)
        assert await scheduler.run_once() == []
        assert (await table.status(channel_id="c")).banks[seat] == 47 * HOUR  # paused while away
        clock.advance(1)
        assert await scheduler.run_once() == []  # resumes silently
        clock.advance(2 * HOUR)
        assert (await table.status(channel_id="c")).banks[seat] == 45 * HOUR  # running again


async def test_the_scheduler_benchmark_runs_small() -> None:
    from bench.scheduler import measure

    figures = await measure(games=40, due_now=4)
    assert figures["due"] == 4 and figures["pass_idle_ms"] < figures["pass_due_ms"]


# ---- robustness: a turn that goes round through bots, failures, stale votes -------------------------
async def test_a_human_alone_with_bots_has_no_running_bank(db_target: str) -> None:
    """Issue #28 item 6 (this test replaced "a human playing bots gains time every turn"): with
    nobody else waiting, no bank runs, so none runs out and no vote nobody can cast gives the
    seat to a bot; ``/game status`` says why no time is shown."""
    from table import thinkers

    clock = ScriptedClock()
    async with Database(db_target) as db:
        table = TableService(db, seed_source=lambda: "s6", clock=clock, thinker=thinkers.Thinkers(mode="inline"))
        await table.open(channel_id="c", guild_id="g", user=ANN, game="fixer", players=2, options="timer=24h seating=host")
        await table.add_bot(channel_id="c", user=ANN, level="greedy")
        result = await table.start(channel_id="c", user=ANN)
        assert result.to_act == [0] and result.alone and result.banks == [None, None]
        assert result.clock_lines("en") == [
            "No turn timer runs: no other player waits on you here (the other seats are bots)."
        ]
        assert "沒有其他玩家在等你" in result.clock_lines("zh-TW")[0]
        sched = Scheduler(table)
        for _ in range(3):
            clock.advance(40 * HOUR)
            assert await sched.run_once() == []  # no reminder, no expiry, no vote
            _, legal = await table.legal_moves(channel_id="c", user=ANN)
            result = await table.act(channel_id="c", user=ANN, action=legal[0])
            assert not [d for d in await db.pending_due(result.game_id) if d.seat >= 0]
        clock.advance(30 * 24 * HOUR)
        assert await sched.run_once() == []
        status = await table.status(channel_id="c")
        assert status.user_ids[0] == ANN.id and status.status == "active" and status.alone


def test_a_turn_that_goes_round_through_bots_is_a_new_turn() -> None:
    """What the test above used to check through a lone human (who no longer has a running bank),
    on ``timer.settle`` itself: a seat to act before and after a commit, absent in between, starts
    a new turn with its gain."""
    from storage import SeatRow
    from table import timer

    t = 24 * HOUR
    seats = [SeatRow(0, "1", "Ann", bank_left=30 * HOUR, turn_began=0.0, turn_gain=0.0), SeatRow(1, "2", "Bob")]
    again = timer.settle(seats, [0], [0], 10 * HOUR, t, 7, restarted=[0])
    assert again.banks[0].left == 20 * HOUR + t and 0 in again.ended
    same = timer.settle(seats, [0], [0], 10 * HOUR, t, 7)
    assert same.banks == [] or all(b.seat != 0 for b in same.banks)


async def test_a_failing_item_is_retried_and_costs_the_others_nothing(db_target: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from table import scheduler as scheduling

    clock = ScriptedClock()
    async with Database(db_target) as db:
        table = TableService(db, seed_source=lambda: "sched", clock=clock)
        await _two(table)
        sched = Scheduler(table)
        clock.advance(48 * HOUR + 1)  # both reminders and the expiry are due at once
        real = db.add_due
        calls = 0

        async def busy_once(*args: object, **kwargs: object) -> None:
            nonlocal calls
            calls += 1
            if calls == 1:
                raise RuntimeError("database busy")
            await real(*args, **kwargs)  # type: ignore[arg-type]

        monkeypatch.setattr(db, "add_due", busy_once)
        sent = await sched.run_once()
        assert [n.kind for n in sent] == ["reminder"]  # the reminder still goes; the expiry waits
        assert await sched.run_once() == []
        clock.advance(scheduling.RETRY_SECONDS)
        assert [n.kind for n in await sched.run_once()] == ["vote_opened"]


async def test_a_vote_lapses_when_its_turn_is_over(db_target: str) -> None:
    """The slow player moved after the vote opened (their turn went on): no bot takes their seat."""
    from table.scheduler import VOTE_SECONDS

    clock = ScriptedClock()
    async with Database(db_target) as db:
        table = TableService(db, seed_source=lambda: "sched", clock=clock)
        _, seat, slow, _ = await _two(table)
        sched = Scheduler(table)
        clock.advance(48 * HOUR + 1)
        assert "vote_opened" in [n.kind for n in await sched.run_once()]
        await table.replace(channel_id="c", user=ANN, old_id=slow.id, new=CHO)  # a substitute arrives
        status = await table.status(channel_id="c")
        assert status.banks[seat] == 24 * HOUR  # a turn of their own
        clock.advance(VOTE_SECONDS)
        decided = [n for n in await sched.run_once() if n.kind == "vote_decided"]
        assert decided == []
        assert (await table.status(channel_id="c")).user_ids[seat] == CHO.id


async def test_a_vote_whose_decision_fails_is_decided_on_the_next_try(db_target: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The vote was claimed, then the bot's takeover failed: the claim is released, not lost."""
    from table import scheduler as scheduling
    from table.scheduler import VOTE_SECONDS

    monkeypatch.setenv(bots.ENV_ITERATIONS, "3")
    clock = ScriptedClock()
    async with Database(db_target) as db:
        table = TableService(db, seed_source=lambda: "sched", clock=clock)
        _, seat, _, _ = await _two(table)
        sched = Scheduler(table)
        clock.advance(48 * HOUR + 1)
        await sched.run_once()
        clock.advance(VOTE_SECONDS)
        real = table.take_over

        async def fails(**kwargs: object) -> object:
            raise RuntimeError("the bot pool is gone")

        monkeypatch.setattr(table, "take_over", fails)
        assert [n.kind for n in await sched.run_once()] == []
        monkeypatch.setattr(table, "take_over", real)
        clock.advance(scheduling.RETRY_SECONDS)
        decided = [n for n in await sched.run_once() if n.kind == "vote_decided"]
        assert len(decided) == 1 and decided[0].choice == BOT
        assert bots.is_bot_id((await table.status(channel_id="c")).user_ids[seat])


async def test_replacing_an_absent_host_hands_the_host_role_to_a_voter(db_target: str) -> None:
    """Only the host or a moderator may give a seat away: when the absent player *is* the host, a
    "replace" vote used to leave nobody at the table able to do it, and the vote came back daily."""
    clock = ScriptedClock()
    async with Database(db_target) as db:
        seeds = iter(range(100))
        table = TableService(db, seed_source=lambda: f"host-{next(seeds)}", clock=clock)
        for channel in (f"c{i}" for i in range(100)):  # a seating where the host is the one to act
            await table.open(channel_id=channel, guild_id="g", user=ANN, game="fixer", players=3, options="timer=24h")
            await table.join(channel_id=channel, user=BOB)
            await table.join(channel_id=channel, user=CHO)
            started = await table.start(channel_id=channel, user=ANN)
            if started.user_ids[started.to_act[0]] == ANN.id:
                break
            await table.abandon(channel_id=channel, user=ANN)
        host_seat = started.to_act[0]
        assert started.user_ids[host_seat] == ANN.id
        scheduler = Scheduler(table)
        clock.advance(48 * HOUR + 1)  # the host's whole bank
        while not (opened := [n for n in await scheduler.run_once() if n.kind == "vote_opened"]):
            pass
        turn = opened[0].turn
        for voter in (CHO, BOB):
            await cast_vote(table, channel_id=channel, user=voter, game_id=started.game_id, seat=host_seat, turn=turn,
                            choice=REPLACE)
        first_voter = next(USERS[u] for u in started.user_ids if u != ANN.id)  # in seat order
        clock.advance(24 * HOUR)
        decided = await scheduler.run_once()
        assert [(n.kind, n.choice) for n in decided] == [("vote_decided", "replace_host")]
        # The first voter for "replace" in seat order hosts now, and the message says so.
        new = first_voter.name
        assert decided[0].text("en").startswith(f"The table chose to replace Ann, who hosts this game: {new} is the host now")
        assert new in decided[0].text("zh-TW") and "開局者" in decided[0].text("zh-TW")
        other = CHO if first_voter is BOB else BOB
        with pytest.raises(TableError) as err:  # the other voter did not become host
            await table.replace(channel_id=channel, user=other, old_id=ANN.id, new=User("4", "Dee"))
        assert err.value.key == "cannot_replace"
        given = await table.replace(channel_id=channel, user=first_voter, old_id=ANN.id, new=User("4", "Dee"))
        assert given.user_ids[host_seat] == "4" and given.host_id == first_voter.id
