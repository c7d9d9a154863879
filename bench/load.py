"""Moves per second with images: many live games, concurrent movers, the table service and a renderer.

What one "move with image" is here: what the bot does for a `/move` — `table.legal_moves` (the
mover picks one at random), `table.act` (SQLite commit on a temp file), then the public board of
the result drawn to PNG bytes. Movers are concurrent tasks on one event loop, as interactions are
in the bot; each owns a share of the live games (a finished game is replaced by a new one), so the
figure measures throughput, not lock contention on one game.

Drawing goes either through ``asyncio.to_thread(render.draw, …)`` (``thread``: the bot before the
render pool) or through :class:`render.pool.RenderPool` (``pool``). Alongside, a ticker measures
the event loop's lag (how late a 10 ms sleep wakes up): that is what every other interaction of
the bot waits on.
"""

from __future__ import annotations

import asyncio
import os
import random
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import render
import rules
from bench.stats import Figure
from storage import Database
from table.service import Result, TableService, User

Draw = Callable[[str, dict[str, Any], Any], Awaitable[bytes]]


@dataclass
class LoadRun:
    """Raw samples of one run; :meth:`figures` turns them into table rows."""

    mode: str
    games: int
    movers: int
    seconds: float = 0.0
    moves: int = 0
    act_ms: list[float] = field(default_factory=list)
    move_ms: list[float] = field(default_factory=list)
    lag_ms: list[float] = field(default_factory=list)
    main_cpu: float = 0.0
    """CPU seconds of this process during the run (event loop, SQLite and render threads)."""
    worker_cpu: float = 0.0
    """CPU seconds of the render pool's workers during the run (0 in ``thread`` mode)."""

    @property
    def rate(self) -> float:
        return self.moves / self.seconds if self.seconds else 0.0

    def capacity(self, cores: int = 2) -> float:
        """Moves/s this work would reach on ``cores`` idle cores, from the CPU it cost: the main
        process can use at most one core (its GIL), the workers the rest. An estimate for a
        shared machine, where the wall-clock rate measures the neighbours as much as the code."""
        if not self.moves:
            return 0.0
        main = self.main_cpu / self.moves
        total = (self.main_cpu + self.worker_cpu) / self.moves
        return min(1.0 / main, cores / total) if main else 0.0

    def figures(self) -> list[Figure]:
        tag = f"{self.mode}, {self.games} games, {self.movers} movers"
        per_move = 1000.0 / self.moves if self.moves else 0.0
        return [
            Figure(f"moves/s with images ({tag})", [self.rate], "≥ 2× thread", unit="/s"),
            Figure(f"  CPU per move, main process ({tag})", [self.main_cpu * per_move], ""),
            Figure(f"  CPU per move, render workers ({tag})", [self.worker_cpu * per_move], ""),
            Figure(f"  2-core capacity from CPU ({tag})", [self.capacity()], "", unit="/s"),
            Figure(f"  table act p95 ({tag})", self.act_ms, "p95 ≤ 15 ms"),
            Figure(f"  move + image ({tag})", self.move_ms, ""),
            Figure(f"  event-loop lag ({tag})", self.lag_ms, ""),
        ]


def _cpu_of(pid: int) -> float:
    """CPU seconds (user + system) a live process has used, from ``/proc`` (0 where unavailable)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _user(game_no: int, seat: int) -> User:
    return User(f"{game_no}-{seat}", f"P{seat + 1}")


class _Games:
    """Live games by channel, opened round-robin over every game at its maximum player count."""

    def __init__(self, table: TableService) -> None:
        self.table = table
        self.names = sorted(rules.GAMES)
        self.opened = 0
        self.number: dict[str, int] = {}
        """channel → game number (users of that game are ``<number>-<seat>``)."""
        self.to_act: dict[str, list[int]] = {}
        """channel → seats to act, from the last result (as the bot knows it from its last post)."""

    def mover(self, channel: str) -> User | None:
        """Who moves next in ``channel``; None once the game no longer waits on a human."""
        humans = [s for s in self.to_act.get(channel, []) if s >= 0]
        return _user(self.number[channel], humans[0]) if humans else None

    def note(self, channel: str, result: Result) -> None:
        self.to_act[channel] = list(result.to_act) if result.status == "active" else []

    async def open(self) -> str:
        number = self.opened
        self.opened += 1
        name = self.names[number % len(self.names)]
        players = rules.get(name).max_players
        channel = f"load-{number}"
        await self.table.open(
            channel_id=channel, guild_id="bench", user=_user(number, 0), game=name, players=players,
            options="seating=host",  # user <number>-<seat> sits in that seat
        )
        for seat in range(1, players):
            await self.table.join(channel_id=channel, user=_user(number, seat))
        self.number[channel] = number
        self.note(channel, await self.table.start(channel_id=channel, user=_user(number, 0)))
        return channel


async def run_load(
    games: int = 1000,
    movers: int = 16,
    seconds: float = 20.0,
    mode: str = "pool",
    workers: int | None = None,
    seed: int = 11,
) -> LoadRun:
    """Open ``games`` live games, then let ``movers`` tasks move and draw for ``seconds``."""
    run = LoadRun(mode, games, movers)
    pool = None
    if mode == "pool":
        from render.pool import RenderPool

        openings = [(name, g.view(g.new(g.max_players), None)) for name, g in rules.GAMES.items()]
        pool = RenderPool(workers=workers, warm=openings)  # as the bot warms it at start

        async def draw(game: str, view: dict[str, Any], key: Any) -> bytes:
            return await pool.draw(game, view, key=key)
    else:

        async def draw(game: str, view: dict[str, Any], key: Any) -> bytes:
            return await asyncio.to_thread(render.draw, game, view)

    with tempfile.TemporaryDirectory() as tmp:
        async with Database(Path(tmp) / "load.db") as db:
            table = TableService(db, seed_source=lambda: "load")
            live = _Games(table)
            channels = [await live.open() for _ in range(games)]
            # Warm up: the renderers' caches (every process) and the first image of each game kind.
            if pool is not None:
                await pool.start()
            for name in live.names:
                game = rules.get(name)
                await draw(name, game.view(game.new(game.max_players), None), None)
            stop = time.perf_counter() + seconds
            rng = random.Random(seed)
            done = asyncio.Event()

            async def ticker() -> None:
                while not done.is_set():
                    t0 = time.perf_counter()
                    await asyncio.sleep(0.01)
                    run.lag_ms.append(max(0.0, (time.perf_counter() - t0 - 0.01) * 1000.0))

            async def mover(k: int) -> None:
                mine = channels[k::movers]
                while time.perf_counter() < stop:
                    index = rng.randrange(len(mine))
                    channel = mine[index]
                    t0 = time.perf_counter()
                    user = live.mover(channel)
                    if user is None:  # finished (or waiting on nobody): a new game takes its place
                        mine[index] = await live.open()
                        continue
                    _, legal = await table.legal_moves(channel_id=channel, user=user)
                    t1 = time.perf_counter()
                    result: Result = await table.act(channel_id=channel, user=user, action=rng.choice(legal))
                    run.act_ms.append((time.perf_counter() - t1) * 1000.0)
                    live.note(channel, result)
                    if result.view is not None:
                        await draw(result.game, result.view, result.game_id)
                    run.move_ms.append((time.perf_counter() - t0) * 1000.0)
                    run.moves += 1

            tick = asyncio.create_task(ticker())
            pids = pool.worker_pids() if pool is not None else []
            workers_before = sum(_cpu_of(pid) for pid in pids)
            cpu_before = time.process_time()
            start = time.perf_counter()
            await asyncio.gather(*(mover(k) for k in range(movers)))
            run.seconds = time.perf_counter() - start
            run.main_cpu = time.process_time() - cpu_before
            run.worker_cpu = sum(_cpu_of(pid) for pid in pids) - workers_before
            done.set()
            await tick
    if pool is not None:
        await pool.close()
    return run
