"""Posts the bot makes in a channel itself (not as an interaction reply), one at a time per channel.

discord.py waits out HTTP 429 (``retry_after``) and retries on its own, but concurrent posts to
one channel could then overtake each other. Posting through here keeps the posts of one channel
— one game — in the order they were asked for, even through a burst of rate limits.
"""

from __future__ import annotations

import asyncio
import weakref
from typing import Any

import discord

_locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()


def lock(channel_id: int) -> asyncio.Lock:
    """The channel's posting lock (alive only while someone holds or waits on it)."""
    found = _locks.get(channel_id)
    if found is None:
        found = _locks[channel_id] = asyncio.Lock()
    return found


async def post(channel: discord.abc.Messageable, **kwargs: Any) -> discord.Message:
    """Send one message to ``channel`` after every earlier post to it has arrived."""
    ident = getattr(channel, "id", None)
    if ident is None:
        return await channel.send(**kwargs)
    async with lock(int(ident)):
        return await channel.send(**kwargs)
