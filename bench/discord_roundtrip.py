"""Slash command → reply through the real discord.py client and the local fake Discord."""

from __future__ import annotations

import logging
import tempfile
from pathlib import Path

from bench.stats import Figure
from cogs.client import PosternBot
from tests.fakediscord import FakeDiscord


async def roundtrip_figure(moves: int) -> Figure:
    """Median/p95 from dispatching ``/move`` to the first readable answer (image included)."""
    logging.getLogger("fakediscord").setLevel(logging.WARNING)
    samples: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        async with FakeDiscord() as fake:
            dm_user = fake.add_user("bench")
            bot = PosternBot(str(Path(tmp) / "bench.db"))
            async with fake.running(bot):
                dm = fake.dm_channel(dm_user)
                while len(samples) < moves:
                    post = await fake.slash(dm_user, dm, "solo", {"game": "fixer"})
                    while len(samples) < moves and "Final result" not in (post.content or ""):
                        choices = await fake.autocomplete(dm_user, dm, "move", "action", typed="")
                        if not choices:
                            break
                        post = await fake.slash(dm_user, dm, "move", {"action": choices[0]["value"]})
                        if post.reply_elapsed is not None:
                            samples.append(post.reply_elapsed * 1000.0)
                    if "Final result" not in (post.content or ""):
                        await fake.slash(dm_user, dm, "game abandon")
    return Figure("slash /move → reply (fake Discord, DM solo)", samples, "p95 ≤ 150 ms")
