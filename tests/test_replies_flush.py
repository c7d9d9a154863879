"""Stopping with a public post waiting for its later try (issue #28 item 8): it is tried at once,
not left for the next process's late announcement minutes later."""

from __future__ import annotations

import asyncio
import time
from types import SimpleNamespace
from typing import Any

import discord

from cogs import replies


class Channel:
    def __init__(self, failures: int) -> None:
        self.failures = failures
        self.sent: list[dict[str, Any]] = []

    async def send(self, **post: Any) -> None:
        if self.failures:
            self.failures -= 1
            raise discord.HTTPException(SimpleNamespace(status=503, reason="test"), "unavailable")  # type: ignore[arg-type]
        self.sent.append(post)


async def test_a_stop_tries_waiting_posts_now() -> None:
    assert replies.RETRY_DELAYS[0] >= 10  # the real delays: the test would wait that long otherwise
    channel = Channel(failures=0)
    posted: list[bool] = []

    async def on_posted() -> None:
        posted.append(True)

    replies.later(replies.resend(channel, {"content": "move"}, "c1", on_posted))  # type: ignore[arg-type]
    await asyncio.sleep(0.05)
    began = time.monotonic()
    assert await replies.flush(2.0) == 0
    assert time.monotonic() - began < 1.0
    assert channel.sent == [{"content": "move"}] and posted == [True]


async def test_a_post_still_failing_at_the_stop_gives_up_at_once() -> None:
    channel = Channel(failures=99)
    replies.later(replies.resend(channel, {"content": "move"}, "c2"))  # type: ignore[arg-type]
    await asyncio.sleep(0.05)
    began = time.monotonic()
    assert await replies.flush(1.0) == 0  # every try ran at once, then it gave up (logged)
    assert time.monotonic() - began < 1.0 and channel.sent == []
