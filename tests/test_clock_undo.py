"""Undo and the turn clock (issue #28 item 4): an undo neither stretches a timer nor costs anyone
else. The next player's bank goes back to what it was when the undone move was made; the time the
move stood is charged to the player who takes it back."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from storage import Database, SeatRow
from table import timer
from table.clock import ScriptedClock
from table.service import TableService, User

ALICE = User("1", "Alice")
BOB = User("2", "Bob")
USERS = {u.id: u for u in (ALICE, BOB)}
HOUR = 3600.0


@pytest.fixture
async def db(db_target: str) -> AsyncIterator[Database]:
    async with Database(db_target) as database:
        yield database


@pytest.mark.parametrize("stood", [6.0, 10.0])
async def test_undo_restores_the_next_players_bank_and_charges_the_one_who_undoes(db: Database, stood: float) -> None:
    clock = ScriptedClock()
    table = TableService(db, seed_source=lambda: "undo-1", clock=clock)
    await table.open(channel_id="c", guild_id="g", user=ALICE, game="fixer", players=2, options="timer=12h")
    await table.join(channel_id="c", user=BOB)
    started = await table.start(channel_id="c", user=ALICE)
    mover_seat = started.to_act[0]
    mover, other = USERS[started.user_ids[mover_seat]], 1 - mover_seat
    assert started.banks == [24 * HOUR, 24 * HOUR]
    clock.advance(HOUR)  # the mover thinks for an hour: 23 h left
    _, legal = await table.legal_moves(channel_id="c", user=mover)
    moved = await table.act(channel_id="c", user=mover, action=legal[0])
    assert moved.to_act == [other] and moved.banks == [23 * HOUR if s == mover_seat else 24 * HOUR for s in range(2)]
    clock.advance(stood * HOUR)
    undone = await table.undo(channel_id="c", user=mover)
    assert undone.to_act == [mover_seat]
    # was 17.9 h (6 h) / 13.7 h (10 h) in the issue: the next player paid for the undone move
    assert undone.banks[other] == 24 * HOUR
    assert undone.banks[mover_seat] == (23 - stood) * HOUR  # the undoer pays for the time it stood
    due = await db.pending_due(undone.game_id)
    assert {d.seat for d in due} == {mover_seat}
    expiry = min(d.due_at for d in due if d.kind == timer.EXPIRE)
    assert expiry == clock.now() + (23 - stood) * HOUR
    # Playing the move again gives the next player the bank it had, once more: nothing stretched.
    again = await table.act(channel_id="c", user=mover, action=legal[0])
    assert again.banks[other] == 24 * HOUR and again.banks[mover_seat] == (23 - stood) * HOUR


def test_a_turn_that_began_again_with_the_move_loses_that_gain_and_pays_the_time() -> None:
    """Against a bot that answered at once, the mover's turn began again with the move (a gain of
    T). Taking the move back takes that gain back, and the hours the move stood are the mover's:
    an undo and a replay never refill a bank."""
    t = 12 * HOUR
    moved_at = 1_800_000_000.0
    seats = [
        SeatRow(0, "1", "Alice", bank_left=10 * HOUR + t, turn_began=moved_at, turn_gain=t),
        SeatRow(1, "bot:1", "Bot 1", "bot", "greedy", bank_left=24 * HOUR),
    ]
    settled = timer.rewind(seats, [0], [0], moved_at + 2 * HOUR, t, 9, moved_at, undoer=0)
    bank = next(b for b in settled.banks if b.seat == 0)
    assert bank.left == 8 * HOUR and bank.began == moved_at + 2 * HOUR and bank.gain == 0.0
    assert 0 in settled.ended  # its reminders from the restart close; new ones are due
    assert [d for d in settled.due if d[0] == 0 and d[1] == timer.EXPIRE] == [(0, timer.EXPIRE, 9, moved_at + 10 * HOUR)]


def test_a_turn_that_ran_on_through_the_move_is_left_running() -> None:
    """A simultaneous step: the other seat was deciding before the move and still is; its bank
    ran on its own account all along and is not touched."""
    t = 12 * HOUR
    moved_at = 1_800_000_000.0
    seats = [
        SeatRow(0, "1", "Alice", bank_left=20 * HOUR, turn_began=None, turn_gain=0.0),
        SeatRow(1, "2", "Bob", bank_left=24 * HOUR, turn_began=moved_at - HOUR, turn_gain=0.0),
    ]
    settled = timer.rewind(seats, [1], [0, 1], moved_at + 3 * HOUR, t, 5, moved_at, undoer=0)
    assert [b.seat for b in settled.banks] == [0] and settled.banks[0].left == 17 * HOUR
    assert 1 not in settled.ended


def test_a_turn_resumed_after_the_move_keeps_the_gain_of_its_turn() -> None:
    """A simultaneous step: Bob's turn began (with its gain) before Alice's move; he was away and
    his bank ran again only after the move. Taking Alice's move back must not take his gain."""
    t = 12 * HOUR
    moved_at = 1_800_000_000.0
    seats = [
        SeatRow(0, "1", "Alice", bank_left=20 * HOUR, turn_began=None, turn_gain=0.0),
        SeatRow(1, "2", "Bob", bank_left=20 * HOUR, turn_began=moved_at + HOUR, turn_gain=t),
    ]
    settled = timer.rewind(seats, [1], [0, 1], moved_at + 3 * HOUR, t, 5, moved_at, undoer=0)
    assert [b.seat for b in settled.banks] == [0]  # Bob's bank runs on untouched: 18 h left now
