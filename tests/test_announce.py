"""The durable outbox of public posts (``table.announce``) on both backends: a committed move whose
post is never confirmed is announced by the scheduler after the grace period — once, even with two
schedulers — with its lines and a mention of whoever must act; a confirmed post leaves nothing
owed; an undo deletes what it took back; the game's end keeps what is owed; and a service without
``durable_posts`` writes nothing."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from storage import GAME_ITEM_SEAT, Database, NewAction
from table import announce
from table.clock import ScriptedClock
from table.scheduler import Scheduler
from table.service import TableService, User

ANN = User("1", "Ann")
BOB = User("2", "Bob")
USERS = {u.id: u for u in (ANN, BOB)}


@pytest.fixture
async def db(db_target: str) -> AsyncIterator[Database]:
    async with Database(db_target) as database:
        yield database


async def _started(table: TableService, game: str = "fixer") -> tuple[int, User]:
    await table.open(channel_id="c", guild_id="g", user=ANN, game=game, players=2)
    await table.join(channel_id="c", user=BOB)
    started = await table.start(channel_id="c", user=ANN)
    await table.announced(started)
    return started.game_id, USERS[started.user_ids[started.to_act[0]]]


async def _owed(db: Database, game_id: int) -> list[int]:
    return [d.turn for d in await db.pending_due(game_id) if d.kind == announce.ANNOUNCE]


async def test_a_confirmed_post_leaves_nothing_owed(db: Database) -> None:
    clock = ScriptedClock()
    table = TableService(db, seed_source=lambda: "ann-1", clock=clock, durable_posts=True)
    game_id, first = await _started(table)
    assert await _owed(db, game_id) == []
    seq = len(await db.actions(game_id))
    _, legal = await table.legal_moves(channel_id="c", user=first)
    moved = await table.act(channel_id="c", user=first, action=legal[0])
    assert moved.announce == (seq, len(await db.actions(game_id)) - 1)
    pending = [d for d in await db.pending_due(game_id) if d.kind == announce.ANNOUNCE]
    assert [(d.seat, d.turn, d.due_at) for d in pending] == [(GAME_ITEM_SEAT, seq, clock.now() + announce.GRACE)]
    await table.announced(moved)
    assert await _owed(db, game_id) == []
    clock.advance(announce.GRACE + 1)
    assert [n for n in await Scheduler(table).run_once() if n.kind == "announce"] == []


async def test_an_unconfirmed_move_is_announced_once_after_the_grace(db: Database) -> None:
    clock = ScriptedClock()
    table = TableService(db, seed_source=lambda: "ann-2", clock=clock, durable_posts=True)
    other = TableService(db, clock=clock, durable_posts=True)  # a second process on the same database
    _, first = await _started(table)
    _, legal = await table.legal_moves(channel_id="c", user=first)
    moved = await table.act(channel_id="c", user=first, action=legal[0])  # the process "dies" here
    clock.advance(announce.GRACE - 1)
    assert await Scheduler(table).run_once() == []
    clock.advance(2)
    late = await Scheduler(table).run_once() + await Scheduler(other).run_once()
    assert [n.kind for n in late] == ["announce"]
    result = late[0].result
    assert result is not None and result.kind == "caught_up" and result.announce == moved.announce
    assert late[0].turn == moved.announce[1]
    assert result.lines("en") == moved.lines("en")  # the same lines the lost post had
    assert result.mention == moved.mention and result.mention  # the next player is told
    assert result.view is not None and result.version == moved.version
    assert late[0].text("en").startswith("The post about the latest moves in FIXER did not arrive")
    # Leased: nobody repeats it while the post is under way; it comes back if never confirmed.
    clock.advance(announce.LEASE - 1)
    assert await Scheduler(other).run_once() == []
    clock.advance(2)
    again = await Scheduler(other).run_once()
    assert [n.kind for n in again] == ["announce"]
    assert again[0].result is not None
    await table.announced(again[0].result)
    clock.advance(announce.LEASE + 1)
    assert await Scheduler(table).run_once() == []


async def test_two_lost_posts_make_one_late_post_with_both_moves(db: Database) -> None:
    clock = ScriptedClock()
    table = TableService(db, seed_source=lambda: "ann-3", clock=clock, durable_posts=True)
    game_id, first = await _started(table)
    _, legal = await table.legal_moves(channel_id="c", user=first)
    one = await table.act(channel_id="c", user=first, action=legal[0])
    second = USERS[one.user_ids[one.to_act[0]]]
    _, legal = await table.legal_moves(channel_id="c", user=second)
    two = await table.act(channel_id="c", user=second, action=legal[0])
    assert len(await _owed(db, game_id)) == 2
    clock.advance(announce.GRACE + 1)
    late = await Scheduler(table).run_once()
    assert [n.kind for n in late] == ["announce"]
    assert late[0].result is not None and late[0].result.lines("en") == one.lines("en") + two.lines("en")
    await table.announced(late[0].result)
    assert await _owed(db, game_id) == []


async def test_a_late_post_starts_at_the_first_move_owed_even_after_a_lease(db: Database) -> None:
    clock = ScriptedClock()
    table = TableService(db, seed_source=lambda: "ann-7", clock=clock, durable_posts=True)
    _, first = await _started(table)
    _, legal = await table.legal_moves(channel_id="c", user=first)
    one = await table.act(channel_id="c", user=first, action=legal[0])  # owed from t0 + GRACE
    clock.advance(announce.GRACE / 2)
    second = USERS[one.user_ids[one.to_act[0]]]
    _, legal = await table.legal_moves(channel_id="c", user=second)
    two = await table.act(channel_id="c", user=second, action=legal[0])  # owed from t0 + 1.5 GRACE
    clock.advance(announce.GRACE / 2 + 1)
    assert len(await Scheduler(table).run_once()) == 1  # the first: posted, never confirmed, leased
    clock.advance(announce.GRACE / 2)  # the second comes due while the first is still leased
    late = await Scheduler(table).run_once()
    assert [n.kind for n in late] == ["announce"]
    assert late[0].result is not None and late[0].result.lines("en") == one.lines("en") + two.lines("en")


async def test_an_undo_deletes_the_announcement_of_what_it_took_back(db: Database) -> None:
    clock = ScriptedClock()
    table = TableService(db, seed_source=lambda: "ann-4", clock=clock, durable_posts=True)
    game_id, first = await _started(table)
    seq = len(await db.actions(game_id))
    _, legal = await table.legal_moves(channel_id="c", user=first)
    await table.act(channel_id="c", user=first, action=legal[0])
    assert await _owed(db, game_id) == [seq]
    await table.undo(channel_id="c", user=first)
    assert await _owed(db, game_id) == []
    # The same sequence numbers logged again are owed again (the old item is gone, not done).
    moved = await table.act(channel_id="c", user=first, action=legal[0])
    assert await _owed(db, game_id) == [seq] and moved.announce is not None
    clock.advance(announce.GRACE + 1)
    assert [n.kind for n in await Scheduler(table).run_once()] == ["announce"]


async def test_the_last_move_of_a_game_is_still_owed_after_it_ends(db: Database) -> None:
    table = TableService(db, seed_source=lambda: "ann-5", clock=ScriptedClock(), durable_posts=True)
    game_id, _ = await _started(table)
    row = await db.game(game_id)
    assert row is not None and row.snapshot is not None
    seq = await db.next_seq(game_id)
    due = [(GAME_ITEM_SEAT, announce.ANNOUNCE, seq, 1.0), (0, "remind_half", seq, 1.0)]
    await db.commit_moves(game_id, row.version, seq, [NewAction(0, "x", "1", [])], row.snapshot, "active", due=due)
    await db.commit_moves(game_id, row.version + 1, seq + 1, [NewAction(0, "y", "1", [])], row.snapshot, "finished")
    assert [(d.seat, d.kind) for d in await db.pending_due(game_id)] == [(GAME_ITEM_SEAT, announce.ANNOUNCE)]


async def test_without_durable_posts_nothing_is_written(db: Database) -> None:
    table = TableService(db, seed_source=lambda: "ann-6", clock=ScriptedClock())
    game_id, first = await _started(table)
    _, legal = await table.legal_moves(channel_id="c", user=first)
    moved = await table.act(channel_id="c", user=first, action=legal[0])
    assert moved.announce is None and await _owed(db, game_id) == []


async def test_a_moves_own_post_settles_only_its_own_announcement(db: Database) -> None:
    """Bob's move was committed and its post lost; Ann's next post carries only her line, so Bob's
    move is still owed (the late post then carries both)."""
    clock = ScriptedClock()
    table = TableService(db, seed_source=lambda: "ann-8", clock=clock, durable_posts=True)
    game_id, first = await _started(table)
    _, legal = await table.legal_moves(channel_id="c", user=first)
    lost = await table.act(channel_id="c", user=first, action=legal[0])
    second = USERS[lost.user_ids[lost.to_act[0]]]
    _, legal = await table.legal_moves(channel_id="c", user=second)
    posted = await table.act(channel_id="c", user=second, action=legal[0])
    await table.announced(posted)
    assert lost.announce is not None and await _owed(db, game_id) == [lost.announce[0]]
    clock.advance(announce.GRACE + 1)
    late = await Scheduler(table).run_once()
    assert late[0].result is not None and late[0].result.lines("en") == lost.lines("en") + posted.lines("en")
    await table.announced(late[0].result)
    assert await _owed(db, game_id) == []


async def test_a_stale_confirmation_after_an_undo_settles_nothing_new(db: Database) -> None:
    """A post of a move taken back (a retry that got through late) must not settle the move that
    was logged in its place under the same sequence numbers."""
    clock = ScriptedClock()
    table = TableService(db, seed_source=lambda: "ann-9", clock=clock, durable_posts=True)
    game_id, first = await _started(table)
    _, legal = await table.legal_moves(channel_id="c", user=first)
    undone = await table.act(channel_id="c", user=first, action=legal[0])
    await table.undo(channel_id="c", user=first)
    redone = await table.act(channel_id="c", user=first, action=legal[-1])
    assert undone.announce is not None and redone.announce is not None and redone.announce[0] == undone.announce[0]
    await table.announced(undone)  # the old post's retry finally went out
    assert await _owed(db, game_id) == [redone.announce[0]]
    clock.advance(announce.GRACE + 1)
    late = await Scheduler(table).run_once()
    assert late[0].result is not None and late[0].result.lines("en") == redone.lines("en")
    # The late post was built; an undo and a new move land before it is confirmed.
    await table.undo(channel_id="c", user=first)
    again = await table.act(channel_id="c", user=first, action=legal[0])
    await table.announced(late[0].result)
    assert again.announce is not None and await _owed(db, game_id) == [again.announce[0]]
