"""``python -m bench.scheduler [GAMES] [DUE]``: the cost of one durable-scheduler pass over a
database of ``GAMES`` live games (default 10,000), each with its seat's reminders and expiry
pending, of which ``DUE`` (default 100) are due now. Prints the pass times: with nothing due
(what almost every pass is) and with ``DUE`` reminders to act on.

Games are written straight through the storage layer (a lobby, a started snapshot-less game with
banks and due items), since only the scheduler's reads and writes are measured.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
import time
from pathlib import Path

from storage import Bank, Database, NewAction
from table.clock import ScriptedClock
from table.scheduler import Scheduler
from table.service import TableService

HOUR = 3600.0


async def _fill(db: Database, games: int, due_now: int, now: float) -> None:
    for i in range(games):
        row = await db.create_game(
            guild_id="g", channel_id=f"c{i}", game="fixer", options={"timer": "24h"}, capacity=2, seed="s",
            host_id=f"u{i}", host_name="Ann", locale="en",
        )
        version = await db.set_seats(row.id, row.version, [(f"u{i}", "Ann"), (f"v{i}", "Bob")])
        began = now - (25 * HOUR if i < due_now else HOUR)  # the first ``due_now`` are past half their bank
        due = [(0, "remind_half", 1, began + 24 * HOUR), (0, "remind_tenth", 1, began + 43.2 * HOUR),
               (0, "expire", 1, began + 48 * HOUR)]
        await db.commit_moves(
            row.id, version, 0, [NewAction(-1, "deal", None, [])], "{}", "active",
            banks=[Bank(0, 48 * HOUR, began), Bank(1, 48 * HOUR, None)], due=due,
        )


async def measure(games: int = 10_000, due_now: int = 100) -> dict[str, float]:
    clock = ScriptedClock()
    with tempfile.TemporaryDirectory() as folder:
        async with Database(str(Path(folder) / "sched.db")) as db:
            started = time.perf_counter()
            await _fill(db, games, due_now, clock.now())
            fill = time.perf_counter() - started
            scheduler = Scheduler(TableService(db, clock=clock))
            # Reminders are delivered by the adapter; the pass itself claims and reads.
            t0 = time.perf_counter()
            acted = await scheduler.run_once()
            busy = time.perf_counter() - t0
            t0 = time.perf_counter()
            idle_notices = await scheduler.run_once()
            idle = time.perf_counter() - t0
    assert len(acted) == due_now and idle_notices == []
    return {"games": games, "due": due_now, "fill_s": fill, "pass_due_ms": busy * 1000, "pass_idle_ms": idle * 1000}


def main() -> int:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    due = int(sys.argv[2]) if len(sys.argv) > 2 else 100
    figures = asyncio.run(measure(games, due))
    print(
        f"scheduler over {figures['games']:,} live games (SQLite): one pass with {figures['due']} due "
        f"{figures['pass_due_ms']:.1f} ms, an idle pass {figures['pass_idle_ms']:.2f} ms "
        f"(setup {figures['fill_s']:.0f} s)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
