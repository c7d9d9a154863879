"""``/log`` and the export name each action's player as they were when it happened: a seat that
changes hands (a substitute, a bot taking over, the player rejoining) does not rewrite history.
On both backends; ``table.holders`` walks the log back from today's seats."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from storage import Database, SeatChange, SeatRow
from table import bots, thinkers
from table.clock import ScriptedClock
from table.holders import Holders
from table.service import TableService, User

ANN = User("1", "Ann")
BOB = User("2", "Bob")
CHO = User("3", "Cho")
USERS = {u.id: u for u in (ANN, BOB, CHO)}
SEED = "names"
"""Seats Bob first; then Bob, Ann and Bob open the first three sites (``_play``)."""
OPENING = [
    "Seat order drawn at random: 1. Bob, 2. Ann.",
    "Bob starts round 1",
    "Round 1: cards dealt (12/12)",
    "Bob opens @1 with C3",
    "Ann opens @2 with C1",
    "Bob opens @3 with C4",
]
"""The log after ``_two`` and three decisions."""


@pytest.fixture
async def db(db_target: str) -> AsyncIterator[Database]:
    async with Database(db_target) as database:
        yield database


def _table(db: Database) -> TableService:
    return TableService(db, seed_source=lambda: SEED, clock=ScriptedClock(), thinker=thinkers.Thinkers("inline"))


async def _two(table: TableService) -> None:
    """A started two-player FIXER game of Ann and Bob in channel ``c`` (the seat order is drawn)."""
    await table.open(channel_id="c", guild_id="g", user=ANN, game="fixer", players=2)
    await table.join(channel_id="c", user=BOB)
    await table.start(channel_id="c", user=ANN)


async def _play(table: TableService, moves: int) -> list[User]:
    """``moves`` decisions, each by whoever is to act (their first legal move); who made them."""
    movers = []
    for _ in range(moves):
        status = await table.status(channel_id="c")
        user = USERS[status.user_ids[status.to_act[0]]]
        _, legal = await table.legal_moves(channel_id="c", user=user)
        await table.act(channel_id="c", user=user, action=legal[0])
        movers.append(user)
    return movers


async def _log(table: TableService, locale: str | None = None) -> list[str]:
    return (await table.recent(channel_id="c", count=50, locale=locale))[1]


def _as_bot(lines: list[str], name: str, word: str) -> bool:
    """Whether ``lines`` name ``name`` and always as the bot holding their seat (``word``)."""
    return any(word in line for line in lines) and all(line.count(name) == line.count(word) for line in lines)


async def test_a_substitute_does_not_rename_the_moves_before_them(db: Database) -> None:
    table = _table(db)
    await _two(table)
    assert await _play(table, 3) == [BOB, ANN, BOB]
    assert await _log(table) == OPENING
    await table.replace(channel_id="c", user=ANN, old_id=BOB.id, new=CHO)
    handed = "Cho takes over Bob's seat."  # where the seat changed hands, the log says so
    assert await _log(table) == [*OPENING, handed]  # the draw and Bob's moves keep his name
    assert await _play(table, 2) == [ANN, CHO]
    assert await _log(table) == [
        *OPENING, handed,
        "Ann opens @4 with C2", "Cho plays C6 to @2", "@2: Cho beats Ann and takes C1 (normal, black marker)",
    ]


async def test_a_bot_taking_over_and_the_player_rejoining_keep_each_move_named(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(bots.ENV_ITERATIONS, "3")  # the takeover plays at normal: a quick, seeded search
    table = _table(db)
    await _two(table)
    await _play(table, 3)  # Bob, Ann, Bob: Ann is to act
    ann_seat = (await table.status(channel_id="c")).user_ids.index(ANN.id)
    await table.take_over(channel_id="c", seat=ann_seat)  # the bot plays Ann's turn at once
    taken = await _log(table)
    assert taken[: len(OPENING)] == OPENING and taken[len(OPENING)] == "From here a bot plays for Ann, as Ann (Bot, normal)."
    assert _as_bot(taken[len(OPENING) + 1:], "Ann", "Ann (Bot, normal)")
    zh = await _log(table, "zh-TW")  # in the reader's language, as boards name the bot
    assert zh[len(OPENING)] == "從這裡起由機器人代打 Ann,名為 Ann(機器人,普通)。"
    assert _as_bot(zh[len(OPENING) + 1:], "Ann", "Ann(機器人,普通)")
    assert await _play(table, 1) == [BOB]  # the bot answers at once
    played = await _log(table)
    assert played[: len(taken)] == taken and _as_bot(played[len(taken):], "Ann", "Ann (Bot, normal)")
    await table.rejoin(channel_id="c", user=ANN)
    returned = "Ann is back and takes their seat from the bot."
    assert await _log(table) == [*played, returned]  # the bot's moves stay the bot's
    assert ANN in await _play(table, 3)
    back = await _log(table)
    assert back[: len(played) + 1] == [*played, returned]
    assert any(line.startswith("Ann ") for line in back[len(played) + 1:])
    assert not any("Bot" in line for line in back[len(played) + 1:])


async def test_the_export_names_each_action_by_its_player_then(db: Database) -> None:
    table = _table(db)
    await _two(table)
    await _play(table, 3)
    await table.replace(channel_id="c", user=ANN, old_id=BOB.id, new=CHO)
    await _play(table, 2)  # Ann, then Cho
    await table.abandon(channel_id="c", user=ANN)
    _, text = await table.export(channel_id="c")
    assert "# players: Cho, Ann" in text  # the header: the seats as they stand
    decisions = [line.split()[1] for line in text.splitlines() if line[:5].strip().isdigit() and ":" in line]
    named = [who for who in decisions if who not in ("table:", "chance:")]
    assert named == ["Bob:", "Ann:", "Bob:", "Ann:", "Cho:"]
    events = [line.split("· ")[1] for line in text.splitlines() if "· " in line]
    assert events[: len(OPENING)] == OPENING
    assert events[len(OPENING):] == [
        "Ann opens @4 with C2", "Cho plays C6 to @2", "@2: Cho beats Ann and takes C1 (normal, black marker)"
    ]
    assert "      — Cho takes over Bob's seat." in text.splitlines()  # where it happened
    lines = text.splitlines()
    assert lines.index("      — Cho takes over Bob's seat.") < lines.index("      · Ann opens @4 with C2")


async def test_a_log_from_before_seat_changes_were_kept_reads_with_todays_names(db: Database) -> None:
    table = _table(db)
    await _two(table)
    await _play(table, 1)
    await table.replace(channel_id="c", user=ANN, old_id=BOB.id, new=CHO)
    async with db.transaction() as tx:  # what a database written before migration 7 holds
        await tx.execute("DELETE FROM seat_changes")
    assert await _log(table) == [
        "Seat order drawn at random: 1. Cho, 2. Ann.", "Cho starts round 1", "Round 1: cards dealt (12/12)",
        "Cho opens @1 with C3",
    ]


async def test_an_undo_past_a_seat_change_moves_the_change_to_the_end_of_the_kept_log(db: Database) -> None:
    """The numbers an undo frees are logged again after the change: the change holds from there."""
    table = _table(db)
    await _two(table)
    await _play(table, 3)  # Bob, Ann, Bob: Ann is to act
    game_id = (await table.status(channel_id="c")).game_id
    await table.replace(channel_id="c", user=ANN, old_id=ANN.id, new=CHO)  # Ann hands her seat over
    [change] = await db.seat_changes(game_id)
    assert (change.user_id, change.name, change.kind, change.from_seq) == (ANN.id, "Ann", "human", await db.next_seq(game_id))
    await table.undo(channel_id="c", user=BOB)  # Bob takes his move back: its number is free again
    [change] = await db.seat_changes(game_id)
    assert change.from_seq == await db.next_seq(game_id)
    assert await _play(table, 2) == [BOB, CHO]
    # The hand-over came before Bob played his move again: that is where the log tells it.
    assert await _log(table) == [*OPENING[:-1], "Cho takes over Ann's seat.", OPENING[-1], "Cho opens @4 with C2"]


async def test_a_lobby_replacement_keeps_no_seat_change(db: Database) -> None:
    """Nothing is logged yet, so no line could name the player who left (and the draw reseats)."""
    table = _table(db)
    await table.open(channel_id="c", guild_id="g", user=ANN, game="fixer", players=2)
    await table.join(channel_id="c", user=BOB)
    result = await table.replace(channel_id="c", user=ANN, old_id=BOB.id, new=CHO)
    assert await db.seat_changes(result.game_id) == []


def test_changes_at_one_log_position_are_undone_newest_first() -> None:
    """Bob's seat went to Cho, then a bot took Cho's seat, before anything more was logged."""
    seats = [SeatRow(0, "1", "Ann"), SeatRow(1, f"{bots.USER_PREFIX}for:3", "Cho", "bot", "hard")]
    changes = [
        SeatChange(1, 5, "2", "Bob", "human", None, version=8, at=0.0),
        SeatChange(1, 5, "3", "Cho", "human", None, version=9, at=0.0),
    ]
    holders = Holders(seats, changes, "en")
    assert holders.at(4) == ["Ann", "Bob"]
    assert holders.at(5) == holders.at(40) == ["Ann", "Cho (Bot, hard)"]
    assert Holders(seats, [], "en").at(0) == ["Ann", "Cho (Bot, hard)"]  # nothing kept: today's names
    # What the log says there, oldest first: Cho took Bob's seat, then a bot took it for Cho.
    told = [(h.seq, h.kind, h.old, h.new) for h in holders.handovers(range(5, 6))]
    assert told == [(5, "substitute", "Bob", "Cho"), (5, "bot_for", "Cho", "Cho (Bot, hard)")]
    assert holders.handovers(range(0, 5)) == [] and holders.handovers(range(6, 99)) == []
