"""``python bot.py`` in its own process, pointed at a fake Discord run by the test process.

The multi-process tests (sharded processes sharing one PostgreSQL, SIGTERM) start this with the
bot's usual environment (``DISCORD_TOKEN``, ``POSTERN_DB``, ``POSTERN_SHARDS`` …) plus:

* ``FAKE_DISCORD_API`` / ``FAKE_DISCORD_WS``: where the fake's REST API and gateway listen (the
  same two class attributes ``FakeDiscord.patch_discord`` overrides in-process);
* ``POSTERN_TEST_AGENT``: a label appended to the HTTP User-Agent, so the fake can tell which
  process made each request;
* ``POSTERN_TEST_SLOW_IMAGES``: seconds added before every image (a move stays in flight);
* ``POSTERN_TEST_LIVE_GAMES_PERIOD``: seconds between refreshes of the live-games gauge;
* ``POSTERN_TEST_GAME_TIME_PERIOD``: seconds between reads of the shared game time, so a test that
  moves it on in the database (the console's ``wait``) is followed at once, not after a minute;
* ``POSTERN_TEST_RENDER_WORKERS``: render worker processes (default 1: the machine is shared).
"""

from __future__ import annotations

import asyncio
import os
import sys
from typing import Any


def patch() -> None:
    import aiohttp
    import discord.gateway
    import discord.http
    import yarl

    from cogs import posting
    from render import pool as render_pool

    discord.http.Route.BASE = os.environ["FAKE_DISCORD_API"]
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(os.environ["FAKE_DISCORD_WS"])
    label = os.environ.get("POSTERN_TEST_AGENT")
    if label:
        original_init = discord.http.HTTPClient.__init__

        def init(self: discord.http.HTTPClient, *args: Any, **kwargs: Any) -> None:
            original_init(self, *args, **kwargs)
            self.user_agent = f"{self.user_agent} postern-test/{label}"

        discord.http.HTTPClient.__init__ = init  # type: ignore[method-assign]
        # Interaction webhooks (followups, edits) send no User-Agent of discord.py's own: the
        # session's default header labels them.
        session_init = aiohttp.ClientSession.__init__

        def labelled_session(self: aiohttp.ClientSession, *args: Any, **kwargs: Any) -> None:
            kwargs["headers"] = {"User-Agent": f"postern-test/{label}", **dict(kwargs.get("headers") or {})}
            session_init(self, *args, **kwargs)

        aiohttp.ClientSession.__init__ = labelled_session  # type: ignore[method-assign]
    slow = float(os.environ.get("POSTERN_TEST_SLOW_IMAGES") or 0)
    if slow:
        draw = posting.image

        async def slow_image(game: str, view: dict[str, Any], name: str) -> Any:
            await asyncio.sleep(slow)
            return await draw(game, view, name)

        posting.image = slow_image  # type: ignore[assignment]
    period = os.environ.get("POSTERN_TEST_LIVE_GAMES_PERIOD")
    if period:
        import cogs.client

        cogs.client.LIVE_GAMES_PERIOD = float(period)
    following = os.environ.get("POSTERN_TEST_GAME_TIME_PERIOD")
    if following:
        import cogs.client

        cogs.client.GAME_TIME_PERIOD = float(following)
    render_pool._SHARED = render_pool.RenderPool(workers=int(os.environ.get("POSTERN_TEST_RENDER_WORKERS") or 1))


if __name__ == "__main__":
    patch()
    import bot

    sys.exit(bot.main([]))
