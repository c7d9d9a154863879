"""PostgreSQL figures: the table action on PostgreSQL next to SQLite, and moves/s with 1 and 2
bot processes sharing one PostgreSQL.

The server is ``POSTERN_BENCH_PG`` (a URL) or a throwaway one started from the machine's binaries
(``tests.pgserver``); without either, these figures are skipped with a note.
"""

from __future__ import annotations

import asyncio
import os
import random
import secrets
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from bench.measure import table_figure
from bench.stats import Figure
from storage import Database
from table.service import TableService, User


@asynccontextmanager
async def server() -> AsyncIterator[str | None]:
    url = os.environ.get("POSTERN_BENCH_PG")
    if url:
        yield url
        return
    from tests import pgserver

    if not pgserver.available():
        yield None
        return
    running = pgserver.start()
    try:
        yield running.url
    finally:
        pgserver.stop(running.folder)


async def fresh_database(server_url: str) -> str:
    import asyncpg

    name = f"bench_{secrets.token_hex(4)}"
    admin = await asyncpg.connect(server_url)
    try:
        await admin.execute(f'CREATE DATABASE "{name}"')
    finally:
        await admin.close()
    return f"{server_url.rpartition('/')[0]}/{name}"


async def play(target: str, prefix: str, moves: int, tables: int = 8) -> int:
    """Play random FIXER moves on ``tables`` games at once until ``moves`` were made; the count."""
    users = [User(f"{prefix}-{i}", f"P{i}") for i in range(2)]
    made = 0
    async with Database(target) as db:
        table = TableService(db, seed_source=lambda: "bench")
        rng = random.Random(prefix)

        async def one(n: int) -> None:
            nonlocal made
            game_no = 0
            while made < moves:
                channel = f"{prefix}-{n}-{game_no}"
                game_no += 1
                await table.open(channel_id=channel, guild_id="g", user=users[0], game="fixer", players=2, options="seating=host")
                await table.join(channel_id=channel, user=users[1])
                result = await table.start(channel_id=channel, user=users[0])
                while result.status == "active" and made < moves:
                    user = users[result.to_act[0]]
                    _, legal = await table.legal_moves(channel_id=channel, user=user)
                    result = await table.act(channel_id=channel, user=user, action=rng.choice(legal))
                    made += 1

        await asyncio.gather(*(one(n) for n in range(tables)))
    return made


async def throughput(target: str, processes: int, moves: int) -> float:
    """Moves per second of ``processes`` separate Python processes on one database.

    Each worker reports its move count and the wall-clock span of its playing (start-up excluded);
    the rate is all moves over the span from the first start to the last end.
    """
    procs = [
        await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bench.postgres", "worker", target, f"p{i}", str(moves),
            stdout=subprocess.PIPE,
        )
        for i in range(processes)
    ]
    reports = [(await p.communicate())[0].decode().split() for p in procs]
    total = sum(int(r[0]) for r in reports)
    span = max(float(r[2]) for r in reports) - min(float(r[1]) for r in reports)
    return total / span


async def postgres_figures(moves: int = 400) -> list[Figure]:
    async with server() as url:
        if url is None:
            return [Figure("PostgreSQL figures", [], "", note="skipped: no PostgreSQL binaries or POSTERN_BENCH_PG")]
        figures = [await table_figure(moves, "fixer", 2), await table_figure(moves, "fixer", 2, await fresh_database(url))]
        for processes in (1, 2):
            rate = await throughput(await fresh_database(url), processes, moves * 2 // processes)
            figures.append(Figure(f"moves/s, {processes} process(es), one PostgreSQL", [rate], "", unit="/s"))
        return figures


if __name__ == "__main__":
    if sys.argv[1:2] == ["worker"]:
        began = time.time()
        count = asyncio.run(play(sys.argv[2], sys.argv[3], int(sys.argv[4])))
        print(count, began, time.time())
    else:
        for figure in asyncio.run(postgres_figures()):
            print(figure.row())
