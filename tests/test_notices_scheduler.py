"""Issue #28 items 1, 3 and 6 at the table, on both backends, with a scripted clock.

Item 1: a notice is owed until the adapter confirms it (``Scheduler.delivered``); a pass that took
it and died (nothing confirmed) is followed by another that sends it again after the lease. A vote
is not decided while its post is owed, and its 24 h run from the post's delivery. A vote's outcome
and its notice commit together. Item 3: going away leaves an open vote alone. Item 6: with no
other human at the table no bank runs (also after a takeover leaves one human), and no notice
offers ``/game rejoin`` in a game the bots finished."""

from __future__ import annotations

import dataclasses
from collections.abc import AsyncIterator

import pytest

from storage import Database
from table import announce, bots, notices
from table.clock import ScriptedClock
from table.scheduler import BOT, END, VOTE_SECONDS, Notice, Scheduler, cast_vote
from table.service import TableService, User

ANN = User("1", "Ann")
BOB = User("2", "Bob")
USERS = {u.id: u for u in (ANN, BOB)}
HOUR = 3600.0
LEASE = notices.LEASE  # the scripted clock runs at scale 1


@pytest.fixture
async def db(db_target: str) -> AsyncIterator[Database]:
    async with Database(db_target) as database:
        yield database


async def _two(table: TableService) -> tuple[int, int, User, User]:
    await table.open(channel_id="c", guild_id="g", user=ANN, game="fixer", players=2, options="timer=24h")
    await table.join(channel_id="c", user=BOB)
    result = await table.start(channel_id="c", user=ANN)
    await table.announced(result)
    seat = result.to_act[0]
    slow = USERS[result.user_ids[seat]]
    return result.game_id, seat, slow, (BOB if slow is ANN else ANN)


async def _deliver(sched: Scheduler, found: list[Notice]) -> list[Notice]:
    """What the Discord adapter does once Discord took each notice."""
    for notice in found:
        await sched.delivered(notice)
    return found


def _kinds(found: list[Notice]) -> list[str]:
    return [n.kind for n in found if n.kind != announce.ANNOUNCE]


async def test_a_reminder_taken_by_a_pass_that_died_is_sent_again(db: Database) -> None:
    clock = ScriptedClock()
    table = TableService(db, seed_source=lambda: "n1", clock=clock, durable_posts=True)
    await _two(table)
    sched = Scheduler(table)
    clock.advance(24 * HOUR + 1)  # below half of the 48 h bank
    assert _kinds(await sched.run_once()) == ["reminder"]  # ... and the process dies (kill -9)
    clock.advance(LEASE - 2)
    assert _kinds(await Scheduler(table).run_once()) == []  # leased: maybe still on its way
    clock.advance(3)
    again = await Scheduler(table).run_once()  # a new process
    assert _kinds(again) == ["reminder"]
    await _deliver(sched, again)
    clock.advance(LEASE + 1)
    assert _kinds(await sched.run_once()) == []  # delivered: never a third time


async def test_a_vote_is_not_decided_before_its_post_went_out(db: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(bots.ENV_ITERATIONS, "3")
    clock = ScriptedClock()
    table = TableService(db, seed_source=lambda: "n2", clock=clock, durable_posts=True)
    game_id, seat, slow, other = await _two(table)
    sched = Scheduler(table)
    clock.advance(48 * HOUR + 1)
    found = await sched.run_once()
    await _deliver(sched, [n for n in found if n.kind == "reminder"])
    opened = [n for n in found if n.kind == "vote_opened"]
    assert len(opened) == 1  # ... its post fails (a 503), or the process dies while posting
    clock.advance(4 * HOUR)  # the post went out only hours later, on a later pass
    late = [n for n in await sched.run_once() if n.kind == "vote_opened"]
    assert len(late) == 1 and late[0].turn == opened[0].turn
    await _deliver(sched, late)
    clock.advance(VOTE_SECONDS - 2 * HOUR)  # 24 h after the expiry, but not after the post
    assert _kinds(await sched.run_once()) == []
    status = await table.status(channel_id="c")
    assert status.user_ids[seat] == slow.id  # nobody asked for 24 h yet: the seat stays the player's
    await cast_vote(table, channel_id="c", user=other, game_id=game_id, seat=seat, turn=late[0].turn, choice=END)
    clock.advance(2 * HOUR + 1)
    decided = await sched.run_once()
    assert [(n.kind, n.choice) for n in decided] == [("vote_decided", END)]


async def test_a_vote_outcome_is_owed_from_its_own_commit(db: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    """kill -9 while the takeover is posted: the seat and the moves are committed, and so is the
    post that tells the table, which the next pass sends — nothing of it is lost."""
    monkeypatch.setenv(bots.ENV_ITERATIONS, "3")
    clock = ScriptedClock()
    table = TableService(db, seed_source=lambda: "n3", clock=clock, durable_posts=True)
    game_id, seat, slow, _ = await _two(table)
    sched = Scheduler(table)
    clock.advance(48 * HOUR + 1)
    await _deliver(sched, await sched.run_once())
    clock.advance(VOTE_SECONDS)
    decided = await sched.run_once()  # decided, committed ... and the process dies before posting
    assert [(n.kind, n.choice, n.user_id) for n in decided if n.kind == "vote_decided"] == [("vote_decided", BOT, slow.id)]
    assert bots.is_bot_id((await table.status(channel_id="c")).user_ids[seat])
    owed = [d for d in await db.pending_due(game_id) if d.kind == notices.told(BOT)]
    assert [(d.seat, d.turn) for d in owed] == [(seat, decided[0].turn)]
    clock.advance(LEASE + 1)
    again = [n for n in await Scheduler(table).run_once() if n.kind == "vote_decided"]
    assert [(n.choice, n.user_id, n.name, n.taken) for n in again] == [(BOT, slow.id, slow.name, True)]
    assert "/game rejoin" in again[0].text("en")
    await _deliver(sched, again)
    assert not [d for d in await db.pending_due(game_id) if d.kind == notices.told(BOT)]
    clock.advance(LEASE + 1)
    assert [n for n in await sched.run_once() if n.kind == "vote_decided"] == []


async def test_going_away_leaves_an_open_vote_alone(db: Database) -> None:
    """/me away then /me back while the others vote on your time: the vote and its votes stand,
    no fresh 24 h vote opens, and it closes when it was due to."""
    clock = ScriptedClock()
    table = TableService(db, seed_source=lambda: "n4", clock=clock)
    game_id, seat, slow, other = await _two(table)
    sched = Scheduler(table)
    clock.advance(48 * HOUR + 1)
    opened = [n for n in await sched.run_once() if n.kind == "vote_opened"]
    assert len(opened) == 1
    turn = opened[0].turn
    await cast_vote(table, channel_id="c", user=other, game_id=game_id, seat=seat, turn=turn, choice=END)
    clock.advance(HOUR)
    await table.away(user=slow, days=2)
    assert _kinds(await sched.run_once()) == []
    assert await db.votes(game_id, seat, turn) == {other.id: END}
    await table.back(user=slow)
    assert _kinds(await sched.run_once()) == []  # no fresh vote on the player back
    assert [d.turn for d in await db.pending_due(game_id) if d.kind == notices.VOTE] == [turn]
    clock.advance(VOTE_SECONDS - HOUR)
    decided = await sched.run_once()
    assert [(n.kind, n.choice) for n in decided] == [("vote_decided", END)]
    assert (await table.status(channel_id="c")).status == "abandoned"


async def test_the_last_human_left_after_a_takeover_has_no_running_bank(db: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    """A bot took one player's seat: the other player is now alone with bots. Their bank stops,
    so it never runs out, and no vote without voters hands their seat to a bot too (which used
    to make the bots play the whole game to its end in one go)."""
    monkeypatch.setenv(bots.ENV_ITERATIONS, "3")
    clock = ScriptedClock()
    table = TableService(db, seed_source=lambda: "n5", clock=clock)
    game_id, _, slow, other = await _two(table)
    sched = Scheduler(table)
    clock.advance(48 * HOUR + 1)
    await sched.run_once()
    clock.advance(VOTE_SECONDS)
    decided = [n for n in await sched.run_once() if n.kind == "vote_decided"]
    assert [n.choice for n in decided] == [BOT]
    status = await table.status(channel_id="c")
    assert status.status == "active" and status.alone and status.banks == [None, None]
    assert [d for d in await db.pending_due(game_id) if d.seat >= 0 and not d.kind.startswith("told:")] == []
    for _ in range(10):
        clock.advance(7 * 24 * HOUR)
        assert _kinds(await sched.run_once()) == []
    status = await table.status(channel_id="c")
    assert status.status == "active" and other.id in status.user_ids
    assert "no other player waits on you" in status.clock_lines("en")[0]
    # The player takes the seat back: the other player's bank runs again where it stood.
    mine = status.user_ids.index(other.id)
    assert status.to_act == [mine]
    await table.rejoin(channel_id="c", user=slow)
    clock.advance(HOUR)
    status = await table.status(channel_id="c")
    assert not status.alone and status.banks[mine] == 48 * HOUR - HOUR
    assert [d.kind for d in await db.pending_due(game_id) if d.seat == mine][-1] == "expire"


async def test_a_takeover_in_a_game_that_ended_offers_no_way_back(db: Database) -> None:
    """The bots played the game to its end after the takeover: neither the post nor the DM may
    offer "/game rejoin" (there is no seat left to take back)."""
    from table import lifecycle_texts

    clock = ScriptedClock()
    table = TableService(db, seed_source=lambda: "n6", clock=clock)
    await _two(table)
    row = await db.live_game("c")
    assert row is not None
    over = Notice("vote_decided", dataclasses.replace(row, status="finished"), 0, ANN.id, ANN.name, 1, choice=BOT)
    for locale in ("en", "zh-TW", "zh-CN"):
        assert "/game rejoin" not in over.text(locale) and ANN.name in over.text(locale)
        assert "rejoin" not in lifecycle_texts.LIFECYCLE_MESSAGES["taken_over_end_dm"][locale]
    assert over.over and over.taken
    going = Notice("vote_decided", row, 0, ANN.id, ANN.name, 1, choice=BOT)
    assert "/game rejoin" in going.text("en") and not going.over


async def test_a_game_that_is_over_offers_no_rejoin(db: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    """A bot took the player's seat, then the game ended: ``/me games`` and ``/hand`` no longer
    point to ``/game rejoin`` (there is no seat left to take back)."""
    monkeypatch.setenv(bots.ENV_ITERATIONS, "3")
    from table.messages import TableError

    clock = ScriptedClock()
    table = TableService(db, seed_source=lambda: "n7", clock=clock)
    _, seat, slow, _ = await _two(table)
    await table.take_over(channel_id="c", seat=seat)
    assert [g.held for g in await table.my_games(user=slow)] == [True]
    with pytest.raises(TableError) as err:
        await table.hand(channel_id="c", user=slow)
    assert "/game rejoin" in err.value.text("en")
    await table.abandon(channel_id="c", user=User("9", "Mod", can_manage=True))
    assert [g.held for g in await table.my_games(user=slow)] == [False]
    with pytest.raises(TableError) as err:
        await table.hand(channel_id="c", user=slow)
    assert err.value.key == "seat_was_held"
    assert all("rejoin" not in err.value.text(loc) for loc in ("en", "zh-TW", "zh-CN"))
