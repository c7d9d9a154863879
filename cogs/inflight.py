"""Commands being handled right now, so a clean stop (SIGTERM) lets them finish first.

Every flow runs inside ``FLOWS.track()`` (the ``guarded`` wrapper in cogs/flows.py): a move's
table call, its commit and the posts that follow all happen inside it, so when ``FLOWS`` is idle
nothing a player started is half done.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator


class Inflight:
    """A count of running flows and a way to wait until there are none."""

    def __init__(self) -> None:
        self.count = 0
        self._idle: asyncio.Event | None = None

    @contextlib.contextmanager
    def track(self) -> Iterator[None]:
        self.count += 1
        try:
            yield
        finally:
            self.count -= 1
            if not self.count and self._idle is not None:
                self._idle.set()

    async def wait_idle(self, timeout: float) -> bool:
        """True once no flow runs; False if ``timeout`` seconds passed first."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while self.count:
            remaining = deadline - loop.time()
            if remaining <= 0:
                return False
            self._idle = asyncio.Event()
            try:
                await asyncio.wait_for(self._idle.wait(), remaining)
            except TimeoutError:
                return False
        return True


FLOWS = Inflight()
"""The process's flows (one event loop runs the bot)."""
