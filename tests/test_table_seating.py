"""Seat order (issue 7 item 3): drawn at the start as a logged, replayable chance step, unless fixed."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

import rules
from storage import Database
from table import hint_option, records, seating, timer
from table import options as table_options
from table.messages import TableError
from table.service import TableService, User

USERS = [User("1", "Ann"), User("2", "Bob"), User("3", "Cho"), User("4", "Dee")]


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[Database]:
    async with Database(tmp_path / "s.db") as database:
        yield database


async def start(table: TableService, channel: str, game: str, players: int, options: str | None = None):  # type: ignore[no-untyped-def]
    await table.open(channel_id=channel, guild_id="g", user=USERS[0], game=game, players=players, options=options)
    for user in USERS[1:players]:
        await table.join(channel_id=channel, user=user)
    return await table.start(channel_id=channel, user=USERS[0])


@pytest.mark.parametrize("game", list(rules.GAMES))
async def test_every_game_draws_the_seat_order_by_default(db: Database, game: str) -> None:
    """Over a few seeds the host lands in different seats, and each draw is logged and replayable."""
    players = rules.get(game).max_players
    seen: set[int] = set()
    for i in range(12):
        table = TableService(db, seed_source=lambda i=i: f"seed-{i}")
        r = await start(table, f"{game}-{i}", game, players)
        assert sorted(r.user_ids) == sorted(u.id for u in USERS[:players])
        seen.add(r.user_ids.index(USERS[0].id))
        first = (await db.actions(r.game_id, limit=1))[0]
        assert first.seat == seating.SEATING and first.seq == 0
        assert seating.parse_action(first.action) == seating.draw(f"seed-{i}", 0, players)
        assert await table.seat_order(r.game_id) == r.user_ids == [s.user_id for s in await db.seats(r.game_id)]
        assert any(line.startswith("Seat order drawn at random: 1. ") for line in r.lines("en"))
        row = await db.game(r.game_id)
        assert row is not None
        assert rules.get(game).dumps(await table.replay(r.game_id)) == row.snapshot
    assert len(seen) > 1, "the host was in the same seat for every seed"


async def test_seating_host_keeps_the_lobby_order(db: Database) -> None:
    table = TableService(db, seed_source=lambda: "seed-1")
    r = await start(table, "c", "burgundy", 4, "seating=host")
    assert r.names == ["Ann", "Bob", "Cho", "Dee"]
    assert all(a.seat != seating.SEATING for a in await db.actions(r.game_id))
    assert await table.seat_order(r.game_id) == ["1", "2", "3", "4"]


async def test_a_bad_seating_value_is_refused_before_the_lobby_opens(db: Database) -> None:
    table = TableService(db)
    with pytest.raises(TableError) as err:
        await table.open(channel_id="c", guild_id="g", user=USERS[0], game="torres", options="seating=youngest")
    assert err.value.key == "bad_options" and "random" in err.value.text()
    assert await db.live_game("c") is None


async def test_a_game_whose_rules_fix_the_seats_gets_no_draw_and_no_option(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = rules.get("torres")
    assert seating.OPTION in table_options.offered_options(game)
    monkeypatch.setattr(game, "random_seating", False)
    assert table_options.offered_options(game) == [*game.options, timer.OPTION, records.OPTION, hint_option.OPTION]
    table = TableService(db, seed_source=lambda: "seed-1")
    r = await start(table, "c", "torres", 3)
    assert r.names == ["Ann", "Bob", "Cho"]
    with pytest.raises(TableError):
        await table.open(channel_id="d", guild_id="g", user=USERS[0], game="torres", options="seating=host")


async def test_export_and_log_show_the_draw(db: Database) -> None:
    table = TableService(db, seed_source=lambda: "seed-3")
    r = await start(table, "c", "fixer", 3)
    await table.abandon(channel_id="c", user=USERS[0])
    _, text = await table.export(channel_id="c")
    assert f"    0 table: {seating.action_text(seating.draw('seed-3', 0, 3))}" in text
    assert f"Seat order drawn at random: 1. {r.names[0]}, 2. {r.names[1]}, 3. {r.names[2]}." in text
    _, lines = await table.recent(channel_id="c", count=50)
    assert lines[0].startswith("Seat order drawn at random")


def test_the_draw_is_uniform_and_pure() -> None:
    counts = Counter(tuple(seating.draw(f"s{i}", 0, 3)) for i in range(3000))
    assert set(counts) == set(itertools.permutations(range(3)))
    assert all(400 <= c <= 600 for c in counts.values()), counts
    assert seating.draw("x", 0, 4) == seating.draw("x", 0, 4)
    assert seating.draw("x", 0, 1) == [0]


async def test_a_tampered_seat_record_fails_the_replay(db: Database) -> None:
    table = TableService(db, seed_source=lambda: "seed-9")
    r = await start(table, "c", "fixer", 2)
    order = seating.parse_action((await db.actions(r.game_id, limit=1))[0].action)
    await db.conn.execute(
        "UPDATE actions SET action = ? WHERE game_id = ? AND seq = 0",
        (seating.action_text(list(reversed(order))), r.game_id),
    )
    with pytest.raises(ValueError, match="seat order"):
        await table.replay(r.game_id)



def test_the_drawn_seat_order_is_listed_as_each_language_lists() -> None:
    """Names run together with ", " in English and the enumeration comma "、" in Chinese."""
    game = rules.get("torres")
    event = {"kind": seating.KEY, "lobby": [1, 0]}
    assert "1. Ann, 2. 小明." in seating.event_line(game, event, "en", ["Ann", "小明"])
    assert "1. Ann、2. 小明" in seating.event_line(game, event, "zh-CN", ["Ann", "小明"])
    assert "1. Ann、2. 小明" in seating.event_line(game, event, "zh-TW", ["Ann", "小明"])


async def test_the_export_reads_in_the_readers_language_with_options_as_typed(db: Database) -> None:
    """The record attached to /game status was English for every reader (a hard-coded header,
    the table's language for the events) and listed the options as a Python dict."""
    table = TableService(db, seed_source=lambda: "seed-3")
    await table.open(channel_id="c", guild_id="g", user=USERS[0], game="tuscany", players=2, options="estate=fixed")
    await table.join(channel_id="c", user=USERS[1])
    await table.start(channel_id="c", user=USERS[0])
    await table.abandon(channel_id="c", user=USERS[0])
    _, english = await table.export(channel_id="c")
    _, chinese = await table.export(channel_id="c", locale="zh-TW")
    head = english.splitlines()[:3]
    assert head[0] == "# The Castles of Tuscany — game 1 (ended early)" and head[1].startswith("# players: ")
    assert head[2].startswith("# seed: seed-3; options: ") and "estate=fixed" in head[2] and "{" not in head[2]
    zh = chinese.splitlines()
    assert zh[0] == "# 托斯卡尼城堡 — 第 1 局(提前結束)" and zh[1].startswith("# 玩家:")
    assert "座位順序" in chinese and "Seat order" not in chinese  # the events too


@pytest.mark.parametrize(
    ("game", "options"),
    [("tuscany", "start_player=host"), ("tuscany", "boards=preset"), ("burgundy_cards", "start_player=host")],
)
async def test_a_host_decision_stays_with_the_host_when_seats_are_drawn(db: Database, game: str, options: str) -> None:
    """These options give seat 1 the host's choice (who starts, whose boards): the draw used to
    hand it to whoever drew seat 1. The host now keeps seat 1 and makes the choice; the other
    seats are still drawn, and the log replays the same order."""
    others: set[tuple[str, ...]] = set()
    for i in range(10):
        table = TableService(db, seed_source=lambda i=i: f"seed-{i}")
        r = await start(table, f"{game}-{options}-{i}", game, 3, options)
        assert r.user_ids[0] == USERS[0].id and r.to_act == [0], (i, r.user_ids, r.to_act)
        others.add(tuple(r.user_ids[1:]))
        first = (await db.actions(r.game_id, limit=1))[0]
        assert seating.parse_action(first.action) == seating.draw(f"seed-{i}", 0, 3, first=0)
        assert await table.seat_order(r.game_id) == r.user_ids
    assert len(others) == 2  # the others' order is still drawn
    # Without such an option the host's seat is drawn like anyone's.
    assert not rules.get(game).host_decides(3, None)
