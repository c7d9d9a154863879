"""A bot thinks outside its game's lock, then commits only on the position it thought about.

Why: a ``hard`` decision takes seconds. Held under the game's lock, every other write to that
game (a bank extension, an undo, a seat change, another player's simultaneous decision) waited
for it. Now the lock is let go while the thinker pool searches the seat's view — a snapshot of the
position: the view was taken under the lock — and taken back before anything is applied. Then the
game's version is read again: if anything was committed meanwhile, the decision was made on a
position that no longer exists and ``Stale`` is raised, so the caller recomputes from the new
position (``TableService.act`` retries; other callers refuse with "busy", nothing applied).

Reads (``/board``, ``/hand``, ``/game status``) never take the lock, so they never wait for a bot.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import Protocol

from storage.db import Conflict

RETRIES = 3
"""How many times a move is recomputed after its position changed while a bot thought."""


class Stale(Conflict):
    """The game was changed while a bot thought about it: its decision must not be committed.

    A ``Conflict``, so a caller that does not recompute refuses with "busy" (``saves``)."""


class _Versions(Protocol):
    async def game(self, game_id: int) -> object | None: ...


async def think_unlocked(lock: asyncio.Lock, db: _Versions, game_id: int, version: int, thinking: Awaitable[str]) -> str:
    """Await ``thinking`` with ``lock`` released (if held), take it back, and check ``version``."""
    held = lock.locked()
    if held:
        lock.release()
    try:
        action = await thinking
    finally:
        if held:
            await _reacquire(lock)
    row = await db.game(game_id)
    if row is None or getattr(row, "version", None) != version:
        raise Stale(f"game {game_id} changed while a bot thought (version {version})")
    return action


async def _reacquire(lock: asyncio.Lock) -> None:
    """Take the lock back even if the caller is cancelled meanwhile: the ``async with`` around the
    caller releases it on the way out, and releasing a lock not held would raise."""
    acquiring = asyncio.ensure_future(lock.acquire())
    try:
        await asyncio.shield(acquiring)
    except asyncio.CancelledError:
        await acquiring
        raise
