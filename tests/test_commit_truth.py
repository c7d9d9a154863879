"""Issue #28 item 9: a connection lost at COMMIT. The player hears the truth about their move.

On the real PostgreSQL, through a proxy that cuts the answer of chosen COMMITs (``tests.pgproxy``):
a commit that landed is reported as applied, one that did not is "nothing was applied, try
again", and a command retried with the same act id (the Discord interaction's id) is "already
done" — never applied a second time. On both backends, the act id is logged with the move.
"""

from __future__ import annotations

import random
import uuid

import asyncpg
import pytest

from storage import CommitUnknown, Database, StorageBusy
from table.messages import TableError
from table.service import TableService, User
from tests.pgproxy import Proxy

ANN = User("1", "Ann")
BOB = User("2", "Bob")


async def _start(table: TableService, channel: str = "c", game: str = "torres") -> None:
    await table.open(channel_id=channel, guild_id="g", user=ANN, game=game, players=2)
    await table.join(channel_id=channel, user=BOB)
    await table.start(channel_id=channel, user=ANN)


async def _next_command(table: TableService, rng: random.Random, channel: str = "c") -> tuple[User, str] | None:
    status = await table.status(channel_id=channel)
    if status.status != "active":
        return None
    user = ANN if status.user_ids[status.to_act[0]] == ANN.id else BOB
    _, legal = await table.legal_moves(channel_id=channel, user=user)
    return user, rng.choice(legal)


async def _human_log(url: str) -> list[tuple[str, str, str | None]]:
    """(user, action, act id) of every logged human decision, read past the proxy."""
    conn = await asyncpg.connect(url)
    try:
        rows = await conn.fetch("SELECT user_id, action, act_id FROM actions WHERE user_id IS NOT NULL ORDER BY seq")
    finally:
        await conn.close()
    return [(r[0], r[1], r[2]) for r in rows]


async def test_a_commit_whose_answer_was_lost_is_reported_truthfully_and_never_doubled(pg_database: str) -> None:
    # Every 4th COMMIT's answer is cut after the server committed; every 7th is cut before the
    # server saw it (so nothing landed). Retries reuse the command's act id, as a client retrying
    # the same interaction would.
    def cut(n: int) -> str | None:
        return "after" if n % 4 == 0 else "before" if n % 7 == 0 else None

    rng = random.Random(28)
    async with Proxy(pg_database, cut) as proxy, Database(proxy.url) as db:
        table = TableService(db, seed_source=lambda: "seed-28")
        await _start(table)
        proxy.counting = True
        applied: list[str] = []  # act ids the player was told took effect
        refused_then_retried = 0
        for _ in range(40):
            command = await _next_command(table, rng)
            if command is None:
                break
            user, action = command
            act_id = uuid.uuid4().hex
            for _attempt in range(5):
                try:
                    await table.act(channel_id="c", user=user, action=action, act_id=act_id)
                except TableError as err:
                    logged = {a for _, _, a in await _human_log(pg_database)}
                    if err.key == "already_done":
                        assert act_id in logged, "told already done, but the move is not in the log"
                        applied.append(act_id)
                        break
                    # Told "nothing was applied": that must be true.
                    assert err.key == "storage_busy", err.key
                    assert act_id not in logged, "a committed move was reported as not applied"
                    refused_then_retried += 1
                    continue
                applied.append(act_id)
                break
            else:
                raise AssertionError(f"{action} never went through")
        log = await _human_log(pg_database)
    print(f"\n{len(applied)} moves; COMMIT answers cut after landing: {proxy.cut_after}, cut before: "
          f"{proxy.cut_before}; refused as not applied then retried: {refused_then_retried}; logged: {len(log)}")
    assert proxy.cut_after >= 5 and proxy.cut_before >= 2, (proxy.cut_after, proxy.cut_before)
    assert refused_then_retried >= proxy.cut_before
    ids = [a for _, _, a in log]
    assert len(ids) == len(set(ids)), "a command was applied twice"
    assert ids == applied, "the log and what the players were told differ"


async def test_a_lost_commit_that_landed_returns_the_new_version(pg_database: str) -> None:
    """The storage layer itself: ``commit_moves`` with an act id resolves a lost answer."""
    async with Proxy(pg_database, lambda n: "after") as proxy, Database(proxy.url) as db:
        table = TableService(db, seed_source=lambda: "s")
        await _start(table, game="fixer")
        row = await db.live_game("c")
        assert row is not None and row.snapshot is not None
        seq = await db.next_seq(row.id)
        proxy.counting = True
        from storage import NewAction

        version = await db.commit_moves(
            row.id, row.version, seq, [NewAction(0, "x", ANN.id, [])], row.snapshot, "active", act_id="lost-1"
        )
        assert version == row.version + 1 and proxy.cut_after == 1
        assert await db.act_done("lost-1")
        # Without an act id nobody can tell: the caller hears that the outcome is unknown.
        with pytest.raises(CommitUnknown):
            await db.commit_moves(row.id, version, seq + 1, [NewAction(0, "y", ANN.id, [])], row.snapshot, "active")
        proxy.counting = False
        assert (await db.game(row.id)).version == version + 1  # type: ignore[union-attr]


async def test_a_commit_cut_before_the_server_saw_it_is_nothing_applied(pg_database: str) -> None:
    async with Proxy(pg_database, lambda n: "before") as proxy, Database(proxy.url) as db:
        table = TableService(db, seed_source=lambda: "s")
        await _start(table, game="fixer")
        row = await db.live_game("c")
        assert row is not None and row.snapshot is not None
        seq = await db.next_seq(row.id)
        proxy.counting = True
        from storage import NewAction

        with pytest.raises(StorageBusy):
            await db.commit_moves(
                row.id, row.version, seq, [NewAction(0, "x", ANN.id, [])], row.snapshot, "active", act_id="cut-1"
            )
        proxy.counting = False
        assert not await db.act_done("cut-1")
        assert (await db.game(row.id)).version == row.version  # type: ignore[union-attr]


async def test_the_same_act_id_is_already_done_on_both_backends(db_target: str) -> None:
    async with Database(db_target) as db:
        table = TableService(db, seed_source=lambda: "seed-2")
        await _start(table)
        rng = random.Random(2)
        command = await _next_command(table, rng)
        assert command is not None
        user, action = command
        before = await table.status(channel_id="c")
        await table.act(channel_id="c", user=user, action=action, act_id="ix-1")
        after = await table.status(channel_id="c")
        with pytest.raises(TableError) as err:
            await table.act(channel_id="c", user=user, action=action, act_id="ix-1")
        assert err.value.key == "already_done"
        assert (await table.status(channel_id="c")).version == after.version > before.version
        assert await db.act_done("ix-1") and not await db.act_done("ix-2")


async def test_a_backend_killed_mid_move_or_a_confused_driver_is_try_again(
    pg_database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before COMMIT nothing can have landed: a backend killed by ``pg_terminate_backend`` (a
    server restart, an operator) and asyncpg's ``InternalClientError`` (its state lost during a
    restart) are "nothing was applied, try again" — and the retry applies once."""
    from storage import postgres

    async with Database(pg_database) as db:
        table = TableService(db, seed_source=lambda: "seed-9")
        await _start(table)
        rng = random.Random(9)
        execute = postgres._PgTx.execute
        faults: list[str] = []

        async def faulty(self: postgres._PgTx, sql: str, params: object = ()) -> int:
            if faults and sql.startswith("UPDATE games"):
                fault = faults.pop()
                if fault == "kill":
                    admin = await asyncpg.connect(pg_database)
                    try:
                        await admin.execute("SELECT pg_terminate_backend($1)", self.conn.get_server_pid())
                    finally:
                        await admin.close()
                else:
                    raise asyncpg.exceptions.InternalClientError("cannot perform operation: connection is closed")
            return await execute(self, sql, params)  # type: ignore[arg-type]

        monkeypatch.setattr(postgres._PgTx, "execute", faulty)
        for fault in ("kill", "confused"):
            command = await _next_command(table, rng)
            assert command is not None
            user, action = command
            act_id = uuid.uuid4().hex
            faults.append(fault)
            with pytest.raises(TableError) as err:
                await table.act(channel_id="c", user=user, action=action, act_id=act_id)
            assert err.value.key == "storage_busy", (fault, err.value.key)
            assert not await db.act_done(act_id)
            await table.act(channel_id="c", user=user, action=action, act_id=act_id)
            assert [a for _, _, a in await _human_log(pg_database)].count(act_id) == 1
