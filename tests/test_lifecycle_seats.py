"""Substitutes and bot takeover, on both backends: ``replace`` moves a seat (hand and bank) to a
new player and shuts the old one out; a bot takes a vanished player's seat and plays at once;
``rejoin`` gives the seat back."""

from __future__ import annotations

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
USERS = {u.id: u for u in (ANN, BOB, CHO)}
HOUR = 3600.0


@pytest.fixture
async def db(db_target: str) -> AsyncIterator[Database]:
    async with Database(db_target) as database:
        yield database


async def _two(table: TableService) -> None:
    await table.open(channel_id="c", guild_id="g", user=ANN, game="fixer", players=2, options="timer=24h")
    await table.join(channel_id="c", user=BOB)
    await table.start(channel_id="c", user=ANN)


async def test_replace_moves_the_seat_hand_and_bank(db: Database) -> None:
    clock = ScriptedClock()
    table = TableService(db, seed_source=lambda: "rep", clock=clock)
    await _two(table)
    status = await table.status(channel_id="c")
    bob_seat = status.user_ids.index(BOB.id)
    _, bob_view, _ = await table.hand(channel_id="c", user=BOB)
    if bob_seat in status.to_act:
        clock.advance(3 * HOUR)
    bank = (await table.status(channel_id="c")).banks[bob_seat]
    with pytest.raises(TableError) as err:
        await table.replace(channel_id="c", user=BOB, old_id=ANN.id, new=CHO)
    assert err.value.key == "cannot_replace"
    with pytest.raises(TableError) as err:
        await table.replace(channel_id="c", user=ANN, old_id=BOB.id, new=ANN)
    assert err.value.key == "already_seated"
    with pytest.raises(TableError) as err:
        await table.replace(channel_id="c", user=ANN, old_id=CHO.id, new=CHO)
    assert err.value.key == "not_replaceable"
    result = await table.replace(channel_id="c", user=MOD, old_id=BOB.id, new=CHO)
    assert result.user_ids[bob_seat] == CHO.id and result.lines("en") == ["Cho takes over Bob's seat."]
    # the bank moves with the seat; a substitute who must act starts a turn of their own (its gain)
    assert result.banks[bob_seat] == (min(48 * HOUR, bank + 24 * HOUR) if bob_seat in status.to_act else bank)
    _, cho_view, _ = await table.hand(channel_id="c", user=CHO)
    # the same hand, now Cho's: the view is Bob's but for the words that name the seat's holder
    # (the board decorations' names and their event lines, table/decorations.py)
    named = ("names", "bare_names", "last", "last_turn", "since")
    assert {k: v for k, v in cho_view.items() if k not in named} == {k: v for k, v in bob_view.items() if k not in named}
    assert cho_view["names"] == result.names and cho_view["bare_names"] == result.names
    assert [d["events"] for d in cho_view["since"]] == [d["events"] for d in bob_view["since"]]
    with pytest.raises(TableError) as err:
        await table.hand(channel_id="c", user=BOB)
    assert err.value.key == "not_seated"  # nothing of it reaches the old player
    with pytest.raises(TableError) as err:
        await table.undo(channel_id="c", user=BOB)
    assert err.value.key == "not_seated"
    assert (await table.legal_moves(channel_id="c", user=BOB))[1] == []


async def test_host_replaced_hands_over_the_host(db: Database) -> None:
    table = TableService(db, clock=ScriptedClock())
    await table.open(channel_id="c", guild_id="g", user=ANN, game="fixer", players=2)
    result = await table.replace(channel_id="c", user=ANN, old_id=ANN.id, new=CHO)
    assert result.host_id == CHO.id and result.names == ["Cho"] and result.status == "lobby"


async def test_bot_takes_over_and_the_player_rejoins(db: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(bots.ENV_ITERATIONS, "3")  # the takeover plays at normal: a quick, seeded search
    clock = ScriptedClock()
    table = TableService(db, seed_source=lambda: "take", clock=clock)
    await _two(table)
    status = await table.status(channel_id="c")
    seat = status.to_act[0]
    user = USERS[status.user_ids[seat]]
    with pytest.raises(TableError) as err:
        await table.rejoin(channel_id="c", user=user)
    assert err.value.key == "no_seat_to_rejoin"
    clock.advance(5 * HOUR)
    taken = await table.take_over(channel_id="c", seat=seat)
    assert seat not in taken.to_act and taken.status == "active"  # the bot played at once
    log = await db.actions(taken.game_id)
    assert any(a.seat == seat and a.user_id is None for a in log)
    assert taken.banks[seat] is None  # a bot has no clock
    with pytest.raises(TableError) as err:  # told how to get the seat back, not "not playing here"
        await table.hand(channel_id="c", user=user)
    assert err.value.key == "seat_held_by_bot" and "/game rejoin" in err.value.text("en")
    mine = await table.my_games(user=user)  # still listed among their games, marked
    assert [(g.row.id, g.held, g.waiting) for g in mine] == [(taken.game_id, True, False)]
    back = await table.rejoin(channel_id="c", user=user)
    assert back.user_ids[seat] == user.id and back.lines("zh-TW") == [f"{user.name} 回來了,從機器人手中取回座位。"]
    assert back.banks[seat] == 43 * HOUR  # the bank stood still while the bot played
    assert [g.held for g in await table.my_games(user=user)] == [False]
    await table.hand(channel_id="c", user=user)


async def test_a_takeover_whose_bot_cannot_decide_changes_nothing(db: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    """The seat and the bot's moves commit together: if the bot fails while thinking, the seat is
    still the player's (the scheduler retries the vote), never a bot due to act that nothing wakes."""
    table = TableService(db, seed_source=lambda: "take", clock=ScriptedClock())
    await _two(table)
    status = await table.status(channel_id="c")
    seat = status.to_act[0]

    async def fails(*args: object, **kwargs: object) -> str:
        raise RuntimeError("the pool is gone")

    monkeypatch.setattr(table.thinkers, "choose", fails)
    with pytest.raises(RuntimeError):
        await table.take_over(channel_id="c", seat=seat)
    after = await table.status(channel_id="c")
    assert after.version == status.version and after.user_ids == status.user_ids
    assert not any(bots.is_bot_id(u) for u in after.user_ids)


async def test_a_seat_a_bot_holds_for_a_player_can_be_given_to_someone_else(db: Database) -> None:
    """After the vote put a bot in Bob's seat, the host may still give Bob's seat to Cho (it used
    to be refused as "2 has no seat in this game")."""
    table = TableService(db, seed_source=lambda: "held", clock=ScriptedClock())
    await _two(table)
    status = await table.status(channel_id="c")
    bob_seat = status.user_ids.index(BOB.id)
    await table.take_over(channel_id="c", seat=bob_seat)
    result = await table.replace(channel_id="c", user=ANN, old_id=BOB.id, new=CHO)
    assert result.user_ids[bob_seat] == CHO.id
    seats = await db.seats(status.game_id)
    assert not seats[bob_seat].is_bot and seats[bob_seat].name == "Cho"
