"""``python -m bench ratings``: ratings at scale, on SQLite and PostgreSQL.

With 100,000 finished, ranked games among 10,000 players (2-4 seats, 50 servers) recorded, it
times: a full ``rebuild`` (every rating recomputed from the results, in order); the extra work a
game's final commit does for ratings (read the players' ratings, rate, write results and ratings
in one transaction); ``/stats`` (``TableService.player_stats`` of one title); and ``/leaderboard``
(one page plus the reader's own rank). PostgreSQL is skipped with a note when no server can be
had (``POSTERN_BENCH_PG`` or the machine's binaries, as in ``bench.postgres``).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import tempfile
import time
from pathlib import Path

from bench.stats import Figure
from storage import Database
from storage.ratings import GLOBAL, recompute, scopes_of
from storage.ratings import rate as rate_game
from storage.records import RatingUpdate, ResultRow
from table.service import TableService

GUILDS = 50


def synthetic(games: int, players: int, seed: int = 1) -> tuple[list[tuple], list[ResultRow]]:
    """Game rows and their results: ``games`` ranked FIXER games, each among 2-4 of ``players``."""
    rng = random.Random(seed)
    start = time.time() - games * 60
    rows, results = [], []
    for game_id in range(1, games + 1):
        guild = f"g{rng.randrange(GUILDS)}"
        ended = start + game_id * 60
        rows.append((game_id, guild, f"c{game_id}", "fixer", '{"ranked": true}', 4, "s", "finished", "u0", "en", ended, ended))
        seated = rng.sample(range(players), rng.randint(2, 4))
        places = list(range(1, len(seated) + 1))
        rng.shuffle(places)
        for seat, (user, place) in enumerate(zip(seated, places, strict=True)):
            results.append(ResultRow(game_id, f"u{user}", seat, f"P{user}", "fixer", guild, "human", "finished", place,
                                     len(seated), 30 - place, True, 1.0, 20, 600.0, ended))
    return rows, results


async def fill(db: Database, games: int, players: int) -> None:
    rows, results = synthetic(games, players)
    marks = ", ".join("?" * 16)
    for i in range(0, len(rows), 5000):
        async with db.transaction() as tx:
            await tx.executemany(
                "INSERT INTO games (id, guild_id, channel_id, game, options, capacity, seed, status, host_id, locale,"
                " created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows[i:i + 5000],
            )
    for i in range(0, len(results), 10000):
        async with db.transaction() as tx:
            await tx.executemany(
                "INSERT INTO results (game_id, player, seat, name, game, guild_id, kind, outcome, place, players, score,"
                f" ranked, progress, moves, seconds, ended_at) VALUES ({marks})",
                [(r.game_id, r.player, r.seat, r.name, r.game, r.guild_id, r.kind, r.outcome, r.place, r.players,
                  r.score, int(r.ranked), r.progress, r.moves, r.seconds, r.ended_at) for r in results[i:i + 10000]],
            )


async def final_commit(db: Database, game_id: int, players: int, rng: random.Random) -> float:
    """One game's end as the table records it: read ratings, rate in both scopes, write all."""
    guild = f"g{rng.randrange(GUILDS)}"
    async with db.transaction() as tx:
        now = time.time()
        await tx.execute(
            "INSERT INTO games (id, guild_id, channel_id, game, options, capacity, seed, status, host_id, locale,"
            " created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (game_id, guild, f"c{game_id}", "fixer", "{}", 4, "s", "finished", "u0", "en", now, now),
        )
    seated = [f"u{u}" for u in rng.sample(range(players), rng.randint(2, 4))]
    places = {p: i + 1 for i, p in enumerate(seated)}
    started = time.perf_counter()
    results = [ResultRow(game_id, p, i, p, "fixer", guild, "human", "finished", places[p], len(seated), 10, True, 1.0,
                         20, 600.0, now) for i, p in enumerate(seated)]
    updates = []
    for scope in scopes_of(guild):
        before = await db.ratings_of(scope, "fixer", seated)
        after = rate_game(before, places)
        updates += [RatingUpdate(scope, "fixer", p, p, before.get(p), after[p]) for p in seated]
    await db.record_game(results, updates, now)
    return (time.perf_counter() - started) * 1000.0


async def measure(target: str, label: str, games: int, players: int, samples: int) -> list[Figure]:
    figures: list[Figure] = []
    async with Database(target) as db:
        t0 = time.perf_counter()
        await fill(db, games, players)
        filled = time.perf_counter() - t0
        t0 = time.perf_counter()
        rated, rated_players = await recompute(db)
        rebuild_s = time.perf_counter() - t0
        figures.append(Figure(f"{label}: rebuild {rated:,} games", [rebuild_s], "", "s",
                              f"{rated_players:,} players; fill {filled:.0f} s"))
        rng = random.Random(9)
        commits = [await final_commit(db, games + 1 + i, players, rng) for i in range(samples)]
        figures.append(Figure(f"{label}: final commit, ratings part", commits, "p95 ≤ 15 ms"))
        table = TableService(db)
        stats, boards = [], []
        for _ in range(samples):
            player = f"u{rng.randrange(players)}"
            t0 = time.perf_counter()
            await table.player_stats(player, player, "fixer", f"g{rng.randrange(GUILDS)}")
            stats.append((time.perf_counter() - t0) * 1000.0)
            guild = rng.choice([None, f"g{rng.randrange(GUILDS)}"])
            t0 = time.perf_counter()
            await table.standings("fixer", guild, rng.randint(1, 50))
            await db.rank_of(GLOBAL, "fixer", player, 3)
            boards.append((time.perf_counter() - t0) * 1000.0)
        figures.append(Figure(f"{label}: /stats at {games:,} games", stats, "p95 ≤ 150 ms"))
        figures.append(Figure(f"{label}: /leaderboard at {players:,} players", boards, "p95 ≤ 150 ms"))
    return figures


async def run(games: int, players: int, samples: int, backends: list[str]) -> list[Figure]:
    figures: list[Figure] = []
    if "sqlite" in backends:
        with tempfile.TemporaryDirectory() as folder:
            figures += await measure(str(Path(folder) / "ratings.db"), "sqlite", games, players, samples)
    if "postgres" in backends:
        from bench.postgres import fresh_database, server

        async with server() as url:
            if url is None:
                figures.append(Figure("postgres: skipped", [], note="no PostgreSQL server binaries here"))
            else:
                figures += await measure(await fresh_database(url), "postgres", games, players, samples)
    return figures


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench ratings")
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--samples", type=int, default=200)
    parser.add_argument("--backends", default="sqlite,postgres")
    args = parser.parse_args(argv)
    for figure in asyncio.run(run(args.games, args.players, args.samples, args.backends.split(","))):
        print(figure.row())
    return 0
