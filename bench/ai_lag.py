"""``python -m bench ai-lag``: how late the event loop runs while bots think (issue 11: ≤ 50 ms).

Four tables (Torres, two seats: a human and a bot at ``normal`` by default) play at once through
the real table service and SQLite; each human plays a random legal move as soon as the previous
one is posted, so every bot thinks almost all the time (four decisions in flight on a pool sized
to the cores). A probe sleeps 10 ms again and again and records how late it wakes up: that is what
any other command, click or post would wait. Run once with the process pool (``pool``, what the
bot uses) and once with the decisions in threads of the bot's process (``inline``) to show what
the pool buys.
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
from table import thinkers
from table.clock import ScriptedClock
from table.service import TableService, User

PROBE_PERIOD = 0.01
TARGET_MS = 50.0


async def _probe(stop: asyncio.Event, samples: list[float]) -> None:
    loop = asyncio.get_running_loop()
    while not stop.is_set():
        before = loop.time()
        await asyncio.sleep(PROBE_PERIOD)
        samples.append((loop.time() - before - PROBE_PERIOD) * 1000.0)


async def _table_player(table: TableService, channel: str, user: User, level: str, stop: asyncio.Event, moves: list[int]) -> None:
    """One table: open Torres against a bot, then play random moves until told to stop (a
    finished game is followed by a new one)."""
    rng = random.Random(channel)
    while not stop.is_set():
        await table.open(channel_id=channel, guild_id="bench", user=user, game="torres", players=2, options="seating=host")
        await table.add_bot(channel_id=channel, user=user, level=level)
        result = await table.start(channel_id=channel, user=user)
        while result.status == "active" and not stop.is_set():
            _, legal = await table.legal_moves(channel_id=channel, user=user)
            result = await table.act(channel_id=channel, user=user, action=rng.choice(legal))
            moves[0] += 1


async def measure(mode: str, bots: int, level: str, seconds: float) -> Figure:
    """Loop lag samples (ms) while ``bots`` tables with one bot each play for ``seconds``."""
    pool = thinkers.Thinkers(mode)
    with tempfile.TemporaryDirectory() as folder:
        async with Database(str(Path(folder) / "lag.db")) as db:
            table = TableService(db, seed_source=lambda: "lag", clock=ScriptedClock(), thinker=pool)
            if mode == "pool":  # spawn and warm the workers before measuring
                await _warm(pool)
            stop, samples, moves = asyncio.Event(), [], [0]
            players = [
                asyncio.create_task(_table_player(table, f"lag-{i}", User(f"h{i}", f"Human {i}"), level, stop, moves))
                for i in range(bots)
            ]
            await asyncio.sleep(0.5)  # let every table reach its first bot decision
            probe = asyncio.create_task(_probe(stop, samples))
            started = time.perf_counter()
            await asyncio.sleep(seconds)
            stop.set()
            await probe
            elapsed = time.perf_counter() - started
            await asyncio.gather(*players, return_exceptions=True)
            await pool.close()
    return Figure(
        f"loop lag, {bots} bots ({level}) thinking, {mode}",
        samples,
        budget=f"≤ {TARGET_MS:.0f} ms",
        note=f"{moves[0]} human moves answered in {elapsed:.1f} s; {pool.workers} workers",
    )


async def _warm(pool: thinkers.Thinkers) -> None:
    """Start every worker (a greedy decision on each) so spawning is not measured as lag."""
    import rules
    from table.chance import resolve

    game = rules.get("torres")
    state, i = game.new(2), 0
    while game.to_act(state) == [rules.CHANCE]:
        state, _ = game.apply(state, rules.CHANCE, resolve("warm", i, game.chance_outcomes(state)))
        i += 1
    seat = game.to_act(state)[0]
    view = game.view(state, seat)
    await asyncio.gather(*(pool.choose("torres", view, seat, level="greedy", seed=s) for s in range(pool.workers * 2)))


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench ai-lag")
    parser.add_argument("--bots", type=int, default=4, help="tables, each with one bot thinking (default 4)")
    parser.add_argument("--level", default="normal", help="the bots' level (default normal: 1 s per decision)")
    parser.add_argument("--seconds", type=float, default=8.0, help="how long to measure per mode (default 8)")
    parser.add_argument("--modes", default="pool,inline", help="pool (worker processes), inline (threads)")
    args = parser.parse_args(argv)
    for mode in [m for m in args.modes.split(",") if m]:
        figure = asyncio.run(measure(mode, args.bots, args.level, args.seconds))
        print(figure.row())
    return 0
