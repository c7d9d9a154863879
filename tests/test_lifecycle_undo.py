"""Undo on the action log: the caller's own last decision, refused after a revealed chance
outcome or another player's move, banks resumed without a gain, and safe against concurrent
moves (50 concurrent attempts across two table services on one database, both backends)."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator

import pytest

import rules
from rules import CHANCE
from storage import Database
from table.clock import ScriptedClock
from table.messages import TableError
from table.service import TableService, User

ANN = User("1", "Ann")
BOB = User("2", "Bob")
USERS = {u.id: u for u in (ANN, BOB)}
HOUR = 3600.0


@pytest.fixture
async def db(db_target: str) -> AsyncIterator[Database]:
    async with Database(db_target) as database:
        yield database


async def _two(table: TableService, game: str = "fixer") -> tuple[User, User]:
    await table.open(channel_id="c", guild_id="g", user=ANN, game=game, players=2, options="timer=24h")
    await table.join(channel_id="c", user=BOB)
    result = await table.start(channel_id="c", user=ANN)
    first = USERS[result.user_ids[result.to_act[0]]]
    return first, (BOB if first is ANN else ANN)


async def _valid(table: TableService, db: Database, game_id: int) -> None:
    row = await db.game(game_id)
    assert row is not None
    log = await db.actions(game_id)
    assert [a.seq for a in log] == list(range(len(log)))
    assert rules.get(row.game).dumps(await table.replay(game_id)) == row.snapshot


async def test_undo_takes_back_the_last_own_decision(db: Database) -> None:
    clock = ScriptedClock()
    table = TableService(db, seed_source=lambda: "undo-1", clock=clock)
    first, second = await _two(table)
    before = await table.status(channel_id="c")
    length = len(await db.actions(before.game_id))
    with pytest.raises(TableError) as err:
        await table.undo(channel_id="c", user=first)
    assert err.value.key == "nothing_to_undo"
    clock.advance(2 * HOUR)
    _, legal = await table.legal_moves(channel_id="c", user=first)
    moved = await table.act(channel_id="c", user=first, action=legal[0])
    assert USERS[moved.user_ids[moved.to_act[0]]] is second
    with pytest.raises(TableError) as err:
        await table.undo(channel_id="c", user=second)
    assert err.value.key == "nothing_to_undo"
    clock.advance(1 * HOUR)
    undone = await table.undo(channel_id="c", user=first)
    assert undone.kind == "undone" and undone.to_act == before.to_act
    name = undone.names[before.to_act[0]]
    public = moved.lines("en")[0].rstrip(".")  # the move's own public line
    assert undone.lines("en") == [f"{name} took back a move: {public}."]
    assert undone.lines("zh-TW")[0].startswith(f"{name} 收回了一步:")
    assert len(await db.actions(before.game_id)) == length
    # The bank resumes where it stopped (46 h: 48 − 2), no new gain, less the hour the move stood
    # (issue #28 item 4: the one who undoes pays for it); the other one stops, as it was at the move.
    assert undone.banks[before.to_act[0]] == 45 * HOUR
    assert undone.banks[1 - before.to_act[0]] == 48 * HOUR  # was: 47 h, the hour charged to them
    due = await db.pending_due(undone.game_id)
    assert {d.seat for d in due} == {before.to_act[0]}
    assert min(d.due_at for d in due if d.kind == "expire") == clock.now() + 45 * HOUR
    await _valid(table, db, before.game_id)
    # The same move again is accepted (it was taken back, not "already done").
    await table.act(channel_id="c", user=first, action=legal[0])


async def test_undo_is_refused_after_another_players_move(db: Database) -> None:
    table = TableService(db, seed_source=lambda: "undo-2", clock=ScriptedClock())
    first, second = await _two(table)
    _, legal = await table.legal_moves(channel_id="c", user=first)
    await table.act(channel_id="c", user=first, action=legal[0])
    _, legal = await table.legal_moves(channel_id="c", user=second)
    await table.act(channel_id="c", user=second, action=legal[0])
    with pytest.raises(TableError) as err:
        await table.undo(channel_id="c", user=first)
    second_name = (await table.status(channel_id="c")).names[(await db.actions((await table.status(channel_id="c")).game_id))[-1].seat]
    assert err.value.key == "undo_after_other" and second_name in err.value.text("zh-CN")


async def test_undo_is_refused_after_a_revealed_chance_outcome(db: Database) -> None:
    table = TableService(db, seed_source=lambda: "undo-3", clock=ScriptedClock())
    await _two(table, game="torres")
    rng = random.Random(3)
    for _ in range(400):
        status = await table.status(channel_id="c")
        assert status.status == "active"
        user = USERS[status.user_ids[status.to_act[0]]]
        _, legal = await table.legal_moves(channel_id="c", user=user)
        await table.act(channel_id="c", user=user, action=rng.choice(legal))
        log = await db.actions(status.game_id)
        decided = [a for a in log if a.seat != CHANCE]
        if log[-1].seat == CHANCE and decided[-1].user_id == user.id:
            break
    else:
        raise AssertionError("no move revealed a chance outcome")
    with pytest.raises(TableError) as err:
        await table.undo(channel_id="c", user=user)
    assert err.value.key == "undo_after_chance"
    assert err.value.text("zh-TW") != err.value.text("en")


async def test_fifty_concurrent_undos_and_moves_keep_a_valid_log(db: Database) -> None:
    tables = [TableService(db, seed_source=lambda: "race", clock=ScriptedClock()) for _ in range(2)]
    first, second = await _two(tables[0])
    game_id = (await tables[0].status(channel_id="c")).game_id
    rng = random.Random(5)
    outcomes: list[str] = []

    async def attempt(i: int) -> None:
        table = tables[i % 2]
        user = first if rng.random() < 0.5 else second
        try:
            if i % 3 == 0:
                await table.undo(channel_id="c", user=user)
                outcomes.append("undo")
            else:
                _, legal = await table.legal_moves(channel_id="c", user=user)
                if not legal:
                    outcomes.append("no_moves")
                    return
                await table.act(channel_id="c", user=user, action=legal[0])
                outcomes.append("move")
        except TableError as err:
            outcomes.append(err.key)

    for _ in range(2):  # two rounds of 25, so moves exist for the undos to race against
        await asyncio.gather(*(attempt(i) for i in range(25)))
        await _valid(tables[0], db, game_id)
    assert len(outcomes) == 50 and {"move", "undo"} <= set(outcomes)
    assert set(outcomes) <= {
        "undo", "move", "busy", "not_your_turn", "nothing_to_undo", "undo_after_other", "undo_after_chance",
        "undo_revealed",  # an interleaving where the move to take back showed its player a hidden card
        "illegal", "stale", "no_moves",
    }, outcomes


# ---- an undo never lets a player unsee what the taken-back decisions showed (table.reveal) ----------
async def _against_greedy(table: TableService, game: str) -> None:
    await table.open(channel_id="c", guild_id="g", user=ANN, game=game, players=2, options="seating=host")
    await table.add_bot(channel_id="c", user=ANN, level="greedy")
    await table.start(channel_id="c", user=ANN)


async def test_undo_refuses_to_take_back_a_bot_reply_that_showed_its_hand(db: Database) -> None:
    """FIXER: the bot answers from its hidden hand; taking that back would let Ann try moves
    against the bot's cards one by one."""
    from table import thinkers

    table = TableService(db, seed_source=lambda: "s9", thinker=thinkers.Thinkers(mode="inline"))
    await _against_greedy(table, "fixer")
    _, legal = await table.legal_moves(channel_id="c", user=ANN)
    moved = await table.act(channel_id="c", user=ANN, action=legal[0])
    assert any("Bot" in line for line in moved.lines("en"))
    with pytest.raises(TableError) as err:
        await table.undo(channel_id="c", user=ANN)
    assert err.value.key == "undo_revealed" and "hidden" in err.value.text("en")


async def test_undo_takes_back_bot_replies_that_depend_only_on_public_facts(db: Database) -> None:
    """Torres without cards played hides nothing: a move and the bot's whole answer to it may be
    taken back, and the announcement names all of it, the bot's moves too (in Burgundy a bot's
    answer always ends the round, whose dice then forbid the undo)."""
    from table import thinkers

    table = TableService(db, seed_source=lambda: "b1", thinker=thinkers.Thinkers(mode="inline"))
    await _against_greedy(table, "torres")
    for _ in range(40):  # play until a move of Ann's is answered by the bot with nothing revealed
        _, legal = await table.legal_moves(channel_id="c", user=ANN)
        before = await table.status(channel_id="c")
        ann = before.user_ids.index(ANN.id)
        acted = await table.act(channel_id="c", user=ANN, action=legal[-1])
        if not any(e.get("seat") not in (None, ann) for e in acted.events):
            continue  # no bot answered (Ann's turn goes on): play on
        try:
            undone = await table.undo(channel_id="c", user=ANN)
        except TableError as err:
            assert err.key in ("undo_after_chance", "undo_revealed")  # a real reason
            continue
        assert undone.version > before.version and undone.to_act == before.to_act
        taken = undone.lines("en")[0]
        assert all(line.rstrip(".") in taken for line in acted.lines("en")), (taken, acted.lines("en"))
        assert "Bot (greedy)" in taken
        return
    pytest.fail("no undoable Torres move answered by the bot in 40 moves")


async def test_the_last_secret_choice_of_a_simultaneous_step_cannot_be_taken_back(db: Database) -> None:
    """Tuscany: the last estate chosen reveals every estate; the first chooser saw nothing yet."""
    table = TableService(db, seed_source=lambda: "s3", clock=ScriptedClock())
    await _two(table, "tuscany")
    _, legal = await table.legal_moves(channel_id="c", user=ANN)
    chosen = await table.act(channel_id="c", user=ANN, action=legal[0])
    assert chosen.lines("en") == ["Ann has chosen"]
    undone = await table.undo(channel_id="c", user=ANN)  # nothing revealed: allowed
    assert undone.lines("en") == ["Ann took back a move: Ann has chosen."]
    await table.act(channel_id="c", user=ANN, action=legal[0])
    _, legal = await table.legal_moves(channel_id="c", user=BOB)
    revealed = await table.act(channel_id="c", user=BOB, action=legal[0])
    assert "Estates revealed" in revealed.lines("en")
    with pytest.raises(TableError) as err:
        await table.undo(channel_id="c", user=BOB)
    assert err.value.key == "undo_revealed"


async def test_the_took_back_line_never_shows_a_secret_decision(db: Database) -> None:
    """FIXER card passing: the post says a player chose cards, never which; so does its undo."""
    table = TableService(db, seed_source=lambda: "p1", clock=ScriptedClock())
    await table.open(channel_id="c", guild_id="g", user=ANN, game="fixer", players=3, options="card_passing=true")
    cho = User("3", "Cho")
    await table.join(channel_id="c", user=BOB)
    await table.join(channel_id="c", user=cho)
    await table.start(channel_id="c", user=ANN)
    _, legal = await table.legal_moves(channel_id="c", user=BOB)
    secret = next(a for a in legal if a.startswith("pass "))
    await table.act(channel_id="c", user=BOB, action=secret)
    undone = await table.undo(channel_id="c", user=BOB)
    lines = undone.lines("en") + undone.lines("zh-TW")
    assert lines[0] == "Bob took back a move: Bob has chosen 3 cards to pass."
    assert not any(card in line for line in lines for card in secret.split()[1:])


async def test_the_same_undo_sent_twice_takes_back_one_decision(db: Database) -> None:
    """Two /undo commands sent before either was answered: the second must not take back an older
    decision the player never meant to undo."""
    import time

    table = TableService(db, seed_source=lambda: "undo-1", clock=ScriptedClock())
    first, _ = await _two(table)
    _, legal = await table.legal_moves(channel_id="c", user=first)
    await table.act(channel_id="c", user=first, action=legal[0])
    sent = time.time() + 0.001  # both commands leave after the move was seen
    await asyncio.sleep(0.01)
    await table.undo(channel_id="c", user=first, seen_at=sent)
    with pytest.raises(TableError) as err:
        await table.undo(channel_id="c", user=first, seen_at=sent)
    assert err.value.key == "undo_changed"
