"""One person, one seat (issue #28 item 5), through the table on both backends.

A moderator could give Cho's seat to Ann while a bot played Ann's own seat: Ann then held two
seats, ``/game rejoin`` answered "someone moved at the same moment" forever and ``/me games``
listed the game twice. Every path that seats someone (replace, rejoin, join) now refuses a
second seat, and a table already left in that state explains itself and lists the game once."""

from __future__ import annotations

import dataclasses
from collections.abc import AsyncIterator

import pytest

from storage import Database
from table import bots
from table.clock import ScriptedClock
from table.messages import TableError
from table.service import TableService, User

ANN = User("1", "Ann")
BOB = User("2", "Bob")
CHO = User("3", "Cho")
MOD = User("9", "Mod", can_manage=True)


@pytest.fixture
async def db(db_target: str) -> AsyncIterator[Database]:
    async with Database(db_target) as database:
        yield database


async def _three_with_ann_held(table: TableService) -> tuple[int, int, int]:
    """A three-player game where a bot holds Ann's seat: (game id, Ann's seat, Cho's seat)."""
    await table.open(channel_id="c", guild_id="g", user=ANN, game="fixer", players=3, options="timer=24h")
    await table.join(channel_id="c", user=BOB)
    await table.join(channel_id="c", user=CHO)
    started = await table.start(channel_id="c", user=ANN)
    ann, cho = started.user_ids.index(ANN.id), started.user_ids.index(CHO.id)
    await table.take_over(channel_id="c", seat=ann)
    return started.game_id, ann, cho


async def test_replace_never_gives_a_second_seat_to_a_player_whose_seat_a_bot_holds(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(bots.ENV_ITERATIONS, "3")  # a takeover that must act plays a quick search
    table = TableService(db, seed_source=lambda: "one-seat", clock=ScriptedClock())
    game_id, ann, cho = await _three_with_ann_held(table)
    with pytest.raises(TableError) as err:
        await table.replace(channel_id="c", user=MOD, old_id=CHO.id, new=ANN)
    assert err.value.key == "already_seated_held"
    assert "/game rejoin" in err.value.text("en") and "/game rejoin" in err.value.text("zh-CN")
    seats = await db.seats(game_id)
    assert seats[cho].user_id == CHO.id and seats[ann].user_id == bots.held_for(ANN.id)
    # Ann's own held seat given back to Ann is a rejoin by the moderator: allowed, one seat.
    back = await table.replace(channel_id="c", user=MOD, old_id=ANN.id, new=ANN)
    assert back.user_ids.count(ANN.id) == 1 and back.user_ids[ann] == ANN.id
    # and a seated player still cannot take a second one
    with pytest.raises(TableError) as err:
        await table.replace(channel_id="c", user=MOD, old_id=CHO.id, new=ANN)
    assert err.value.key == "already_seated"


async def test_a_player_left_with_two_seats_is_told_why_rejoin_refuses_and_sees_the_game_once(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(bots.ENV_ITERATIONS, "3")
    table = TableService(db, seed_source=lambda: "one-seat", clock=ScriptedClock())
    game_id, _, cho = await _three_with_ann_held(table)
    # The state an earlier version let a replace create: Ann in Cho's seat, a bot in Ann's.
    row = await db.game(game_id)
    assert row is not None
    seats = await db.seats(game_id)
    await db.replace_seat(game_id, row.version, dataclasses.replace(seats[cho], user_id=ANN.id, name=ANN.name))
    with pytest.raises(TableError) as err:
        await table.rejoin(channel_id="c", user=ANN)
    assert err.value.key == "rejoin_already_seated"  # was "busy", forever
    for locale in ("en", "zh-TW", "zh-CN"):
        assert "/game replace" in err.value.text(locale)
    mine = await table.my_games(user=ANN)
    assert [g.row.id for g in mine] == [game_id]  # listed once, as the seat Ann plays
    assert not mine[0].held



async def test_a_second_seat_left_by_an_earlier_version_can_still_be_taken_over(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The vote on a second seat's time chose a bot: it used to fail as "busy" at every retry (the
    bot holding Ann's first seat already had the id of a bot holding a seat for Ann)."""
    monkeypatch.setenv(bots.ENV_ITERATIONS, "3")
    table = TableService(db, seed_source=lambda: "one-seat", clock=ScriptedClock())
    game_id, ann, cho = await _three_with_ann_held(table)
    row = await db.game(game_id)
    assert row is not None
    seats = await db.seats(game_id)
    await db.replace_seat(game_id, row.version, dataclasses.replace(seats[cho], user_id=ANN.id, name=ANN.name))
    taken = await table.take_over(channel_id="c", seat=cho)
    assert bots.is_bot_id(taken.user_ids[cho]) and taken.user_ids[ann] == bots.held_for(ANN.id)
    back = await table.rejoin(channel_id="c", user=ANN)  # the seat Ann may take back: her first one
    assert back.user_ids[ann] == ANN.id and bots.is_bot_id(back.user_ids[cho])
