"""Look-ups by key at scale: ``latest_game`` and friends with 100,000 games in the database.

Every command that finds "the game here" (``/board``, ``/hand``, ``/game status``, ``/log`` and
every error reply) goes through ``latest_game``; ``/me games`` through ``games_of_user``. They
must cost the same at 100k games as at 100: the figures here show it (the query-plan test in
``tests/test_storage_faults.py`` guards it).
"""

from __future__ import annotations

import json
import random
import sqlite3
import tempfile
import time
from pathlib import Path

from bench.stats import Figure
from storage import Database

STATUSES = ("finished", "finished", "abandoned", "active")


def _fill(path: Path, games: int, channels: int, users: int) -> None:
    """Insert ``games`` games (several per channel, 2-4 seats each) straight through sqlite3."""
    con = sqlite3.connect(path)
    rng = random.Random(11)
    now = time.time()
    used: set[str] = set()
    game_rows = []
    seat_rows = []
    for game_id in range(1, games + 1):
        channel = f"ch{rng.randrange(channels)}"
        status = rng.choice(STATUSES)
        if status == "active" and channel in used:
            status = "finished"  # one live game per channel
        if status == "active":
            used.add(channel)
        game_rows.append(
            (game_id, f"g{rng.randrange(50)}", channel, "fixer", json.dumps({}), 4, "s", status,
             "u0", "en", now - game_id, now - game_id)
        )
        for seat, user in enumerate(rng.sample(range(users), rng.randint(2, 4))):
            seat_rows.append((game_id, seat, f"u{user}", f"U{user}"))
    con.executemany(
        "INSERT INTO games (id, guild_id, channel_id, game, options, capacity, seed, status, host_id, locale,"
        " created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        game_rows,
    )
    con.executemany("INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, ?, ?, ?)", seat_rows)
    con.commit()
    con.close()


async def lookup_figures(games: int = 100_000, samples: int = 500) -> list[Figure]:
    figures: list[Figure] = []
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "scale.db"
        async with Database(path):
            pass  # create the schema
        channels, users = max(10, games // 4), max(10, games // 10)
        _fill(path, games, channels, users)
        async with Database(path) as db:
            rng = random.Random(5)
            for name, call in (
                ("latest_game", lambda: db.latest_game(f"ch{rng.randrange(channels)}")),
                ("games_of_user", lambda: db.games_of_user(f"u{rng.randrange(users)}")),
                ("games_in_guild", lambda: db.games_in_guild(f"g{rng.randrange(50)}")),
            ):
                times = []
                for _ in range(samples):
                    t0 = time.perf_counter()
                    await call()
                    times.append((time.perf_counter() - t0) * 1000.0)
                figures.append(Figure(f"{name} at {games:,} games", times, "flat in #games"))
    return figures
