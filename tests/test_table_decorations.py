"""The table's board decorations (``table/decorations.py``): every view handed to a renderer says
who sits where without bot suffixes, what the last decision was, and — in a private view — what the
others did since the reader's own last decision; built from the log's public events only."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

import rules
from storage import ActionRow, Database
from table import decorations, thinkers
from table.clock import ScriptedClock
from table.service import TableService, User

ANN = User("1", "Ann")
BOB = User("2", "Bob")


@pytest.fixture
async def table(db_target: str) -> AsyncIterator[TableService]:
    async with Database(db_target) as db:
        yield TableService(db, seed_source=lambda: "seed-1", clock=ScriptedClock(), thinker=thinkers.Thinkers("inline"))


def _seated(user_ids: list[str], seat: int) -> User:
    return ANN if user_ids[seat] == ANN.id else BOB


async def test_last_decision_and_moves_since_in_both_views(table: TableService) -> None:
    await table.open(channel_id="c", guild_id="g", user=ANN, game="fixer", players=2)
    await table.join(channel_id="c", user=BOB)
    started = await table.start(channel_id="c", user=ANN)
    assert started.view is not None
    assert started.view["bare_names"] == started.names and started.view["bots"] == [None, None]
    assert "last" not in started.view  # only the seating draw and chance steps so far

    first = started.to_act[0]
    mover = _seated(started.user_ids, first)
    other = BOB if mover is ANN else ANN
    _, legal = await table.legal_moves(channel_id="c", user=mover)
    moved = await table.act(channel_id="c", user=mover, action=legal[0])
    logged = [a for a in await table.db.actions(moved.game_id) if a.seat == first][-1]
    assert moved.view is not None
    last = moved.view["last"]
    assert last["seat"] == first and last["events"] == logged.events
    assert last["lines"] and set(last["lines"]) <= set(moved.lines())

    _, theirs, _ = await table.hand(channel_id="c", user=other)
    assert [d["seat"] for d in theirs["since"]] == [first] and theirs["last"] == last
    _, mine, _ = await table.hand(channel_id="c", user=mover)
    assert mine["since"] == []  # nothing happened since the mover's own decision

    second = moved.to_act[0]
    if second != first:  # the other seat answers: the mover now sees that decision
        _, legal = await table.legal_moves(channel_id="c", user=other)
        answered = await table.act(channel_id="c", user=other, action=legal[0])
        _, mine, _ = await table.hand(channel_id="c", user=mover)
        assert [d["seat"] for d in mine["since"]] == [second] and answered.view is not None
        assert answered.view["last"]["seat"] == second


async def test_bot_seats_have_bare_names_and_a_level_word(table: TableService) -> None:
    await table.open(channel_id="c", guild_id="g", user=ANN, game="fixer", players=2, locale="zh-TW")
    await table.add_bot(channel_id="c", user=ANN, level="greedy")
    started = await table.start(channel_id="c", user=ANN)
    assert started.view is not None
    bot_seat = next(i for i, u in enumerate(started.user_ids) if u != ANN.id)
    human = 1 - bot_seat
    assert started.view["bots"][human] is None and started.view["bare_names"][human] == "Ann"
    level = started.view["bots"][bot_seat]
    assert level and level in started.names[bot_seat]  # "機器人（貪婪）" in the name, apart here
    assert started.view["bare_names"][bot_seat] not in ("", started.names[bot_seat])
    assert level not in started.view["bare_names"][bot_seat]


def _row(seq: int, seat: int) -> ActionRow:
    return ActionRow(seq, seat, "secret", None, [{"kind": "x", "seat": seat}], 0.0)


def test_since_starts_after_the_readers_own_decision_and_is_capped() -> None:
    game = rules.get("fixer")
    rows = [_row(0, -3), _row(1, 0), _row(2, -1), _row(3, 1), _row(4, 0), _row(5, -1), _row(6, 1), _row(7, 2)]
    since = decorations.since_of(game, rows, 0, "en", ["A", "B", "C"])
    assert [d["seat"] for d in since] == [1, 2]  # chance steps are not decisions
    assert all("secret" not in str(d) for d in since)  # never the raw action text
    assert decorations.last_of(game, rows, "en", [])["seat"] == 2  # type: ignore[index]
    assert decorations.last_of(game, rows[:3], "en", [])["seat"] == 0  # type: ignore[index]
    assert decorations.last_of(game, rows[:1], "en", []) is None
    many = [_row(0, 0)] + [_row(i, 1 + i % 2) for i in range(1, 50)]
    since = decorations.since_of(game, many, 0, "en", [])
    assert len(since) == decorations.SINCE_LIMIT and since[-1]["events"] == many[-1].events
    assert decorations.reaches(many, 0, 50) and decorations.reaches(many[1:31], 3, 30)
    assert not decorations.reaches(many[1:30], 3, 29) and not decorations.reaches([_row(0, -1)] * 4, None, 4)


async def test_a_finished_game_carries_its_standings_with_shared_places(table: TableService) -> None:
    import random

    await table.open(channel_id="dm", guild_id=None, user=ANN, game="fixer", solo=True)
    rng = random.Random(5)
    for _ in range(500):
        status = await table.status(channel_id="dm")
        if status.status != "active":
            break
        assert status.view is not None and "standings" not in status.view
        _, legal = await table.legal_moves(channel_id="dm", user=ANN)
        await table.act(channel_id="dm", user=ANN, action=rng.choice(legal))
    status = await table.status(channel_id="dm")
    assert status.finished and status.view is not None
    standings = status.view["standings"]
    assert standings["ranking"] == status.ranking and standings["places"] == status.places
    assert standings["scores"] == status.scores and standings["ended"] is False
    _, mine, _ = await table.hand(channel_id="dm", user=ANN)
    assert mine["standings"] == standings


def test_standings_of_an_unfinished_game_say_so() -> None:
    game = rules.get("fixer")
    state = game.new(3)
    assert decorations.standings(game, state) is None
    ended = decorations.standings(game, state, ended=True)
    assert ended is not None and ended["ended"] is True and ended["places"] == [1, 1, 1]


async def test_last_move_lines_name_a_bot_without_its_suffix(table: TableService) -> None:
    await table.open(channel_id="c", guild_id="g", user=ANN, game="fixer", players=2)
    await table.add_bot(channel_id="c", user=ANN, level="greedy")
    started = await table.start(channel_id="c", user=ANN)
    bot_seat = next(i for i, u in enumerate(started.user_ids) if u != ANN.id)
    _, legal = await table.legal_moves(channel_id="c", user=ANN)
    moved = await table.act(channel_id="c", user=ANN, action=legal[0])
    assert moved.view is not None
    last = moved.view["last"]
    assert last["seat"] == bot_seat  # the bot answered at once
    assert any(moved.view["bare_names"][bot_seat] in line for line in last["lines"])
    assert not any(moved.names[bot_seat] in line for line in last["lines"])  # no "(Bot, greedy)"


def test_last_turn_is_the_latest_seats_run_of_decisions() -> None:
    game = rules.get("torres")
    rows = [_row(0, 0), _row(1, 1), _row(2, -1), _row(3, 1), _row(4, 1)]
    turn = decorations.last_turn_of(game, rows, "en", [])
    assert [d["events"] for d in turn] == [r.events for r in (rows[1], rows[3], rows[4])]
    assert decorations.last_turn_of(game, rows[:1], "en", []) == [decorations.decision(game, rows[0], "en", [])]
    assert not decorations.reaches(rows[1:], None, 4)  # the turn may begin further back
    assert decorations.reaches(rows, None, 5) and decorations.reaches(rows[1:], None, 5)


async def test_a_torres_view_carries_the_whole_last_turn(table: TableService) -> None:
    import random

    await table.open(channel_id="c", guild_id="g", user=ANN, game="torres", players=2)
    await table.join(channel_id="c", user=BOB)
    status = await table.start(channel_id="c", user=ANN)
    rng = random.Random(2)
    for _ in range(60):
        mover = _seated(status.user_ids, status.to_act[0])
        _, legal = await table.legal_moves(channel_id="c", user=mover)
        status = await table.act(channel_id="c", user=mover, action="end" if "end" in legal and rng.random() < 0.3 else rng.choice(legal))
        if status.view and status.view["stage"] == "turn" and len(status.view.get("last_turn") or []) > 2:
            break
    assert status.view is not None
    turn = status.view["last_turn"]
    assert len(turn) > 2 and turn[-1] == status.view["last"] and len({d["seat"] for d in turn}) == 1


async def test_the_private_view_of_the_seat_to_act_lists_its_legal_moves(table: TableService) -> None:
    await table.open(channel_id="c", guild_id="g", user=ANN, game="fixer", players=2)
    await table.join(channel_id="c", user=BOB)
    started = await table.start(channel_id="c", user=ANN)
    mover = _seated(started.user_ids, started.to_act[0])
    other = BOB if mover is ANN else ANN
    _, mine, legal = await table.hand(channel_id="c", user=mover)
    assert sorted(mine["legal"]) == sorted(legal) and legal
    _, theirs, _ = await table.hand(channel_id="c", user=other)
    assert "legal" not in theirs
