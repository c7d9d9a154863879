"""Answering an interaction: acknowledge first, then work, then deliver — never miss the deadline.

Discord drops an interaction that gets no callback within 3 s ("The application did not
respond"), even when the bot did the work. So:

* a watchdog (``watch``) defers every interaction that has not been answered within
  ``ACK_BUDGET`` — privately ("thinking…" seen only by the user) for a command, silently for a
  button or menu — so a slow table call or a long queue can never cost the deadline;
* a reply that needs an image acknowledges before drawing (``acknowledge``) and delivers the
  image afterwards (``deliver``): the reply never waits for a render queue;
* a public post whose interaction token can no longer be used (15 minutes, or Discord refused it)
  goes to the channel instead: a move that was committed is always posted;
* a private reply that cannot be delivered any more is logged in one line, never raised.

All first responses of one interaction go through one lock, so the watchdog and the flow never
both answer it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import weakref
from collections.abc import Awaitable, Callable
from typing import Any

import aiohttp
import discord

from cogs.i18n import code, ui

log = logging.getLogger("postern.discord")

ACK_BUDGET = 0.4
"""Seconds a flow that did not acknowledge at once may work before its interaction is deferred (Discord allows 3 s in total;
the rest covers event-loop lag and the callback's own round trip)."""

_LOCK = "postern_ack_lock"
_TASK = "postern_ack_task"
_PENDING = "postern_pending"
"""Set after a command's defer: "private" or "public" — whose "thinking…" the first follow-up fills."""
_EXPIRED = "postern_expired"


def _lock(interaction: discord.Interaction) -> asyncio.Lock:
    lock = interaction.extras.get(_LOCK)
    if lock is None:
        lock = interaction.extras[_LOCK] = asyncio.Lock()
    return lock


def is_component(interaction: discord.Interaction) -> bool:
    return interaction.type == discord.InteractionType.component


async def _defer(interaction: discord.Interaction, *, ephemeral: bool) -> None:
    """Under the lock: the first response, as a defer that fits the interaction."""
    if interaction.response.is_done():
        return
    try:
        if is_component(interaction):
            await interaction.response.defer()  # no visible message; answers come as follow-ups
        else:
            await interaction.response.defer(ephemeral=ephemeral, thinking=True)
            interaction.extras[_PENDING] = "private" if ephemeral else "public"
    except POST_ERRORS as err:  # expired (or the connection failed): deliver() falls back
        log.warning("could not acknowledge interaction %s in time: %s", interaction.id, err)
        interaction.extras[_EXPIRED] = True


ACK_PRIORITY_WAIT = 1.5
"""Longest that heavy work (table calls, drawing) holds back for acknowledgements in flight."""


class _Gate:
    """Counts acknowledgements in flight on one event loop; heavy work waits for them (bounded),
    so under a burst every interaction is acknowledged before the CPU goes to moves and images."""

    def __init__(self) -> None:
        self.in_flight = 0
        self.drained = asyncio.Event()
        self.drained.set()

    def enter(self) -> None:
        self.in_flight += 1
        self.drained.clear()

    def leave(self) -> None:
        self.in_flight -= 1
        if self.in_flight <= 0:
            self.in_flight = 0
            self.drained.set()


_gates: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _Gate] = weakref.WeakKeyDictionary()


def _gate() -> _Gate:
    loop = asyncio.get_running_loop()
    gate = _gates.get(loop)
    if gate is None:
        gate = _gates[loop] = _Gate()
    return gate


async def acknowledge(interaction: discord.Interaction, *, ephemeral: bool) -> None:
    """Acknowledge now (before slow work such as drawing); no-op if already answered."""
    await _settled(interaction)
    gate = _gate()
    gate.enter()
    try:
        async with _lock(interaction):
            await _defer(interaction, ephemeral=ephemeral)
    finally:
        gate.leave()


def acknowledge_soon(interaction: discord.Interaction, *, ephemeral: bool) -> None:
    """Start acknowledging without waiting for it, so the table call that follows keeps the order
    in which interactions arrived (a game's moves queue in that order)."""
    if interaction.response.is_done() or _TASK in interaction.extras:
        return
    gate = _gate()
    gate.enter()  # counted at once: heavy work queued after this waits for it

    async def run() -> None:
        try:
            async with _lock(interaction):
                await _defer(interaction, ephemeral=ephemeral)
        finally:
            gate.leave()

    interaction.extras[_TASK] = asyncio.create_task(run(), name=f"postern-ack-{interaction.id}")


async def _settled(interaction: discord.Interaction) -> None:
    """Wait for an acknowledgement started by ``acknowledge_soon``."""
    task = interaction.extras.get(_TASK)
    if task is not None:
        await asyncio.shield(task)


async def acknowledgements_first(max_wait: float = ACK_PRIORITY_WAIT) -> None:
    """Hold heavy work back while other interactions wait for their acknowledgement."""
    gate = _gate()
    if gate.in_flight:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(gate.drained.wait(), max_wait)


async def _late(interaction: discord.Interaction, budget: float) -> None:
    await asyncio.sleep(budget)
    # Shielded: once started, the defer completes even if the flow finishes meanwhile.
    await asyncio.shield(acknowledge(interaction, ephemeral=True))


@contextlib.asynccontextmanager
async def watch(interaction: discord.Interaction, budget: float = ACK_BUDGET):  # type: ignore[no-untyped-def]
    """Defer ``interaction`` privately if the block has not answered it within ``budget``."""
    task = asyncio.create_task(_late(interaction, budget), name=f"postern-ack-{interaction.id}")
    try:
        yield
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError, discord.HTTPException):
            await task


POST_ERRORS = (discord.HTTPException, aiohttp.ClientError, OSError)
"""What sending a message can raise: Discord's refusals, and the connection's own faults (a reset,
a server that hung up, a timeout), which discord.py does not wrap."""
RETRY_DELAYS = (10.0, 60.0, 300.0)
"""Seconds before each new try of a public post that failed on a passing fault (Discord 5xx, a
dropped connection). The move is committed either way; the post is what tells the next player."""
_later: set[asyncio.Task[None]] = set()


Posted = Callable[[], Awaitable[None]]
"""Called once a public post went out (directly, to the channel, or on a later try): the table
closes the announcement of the moves it carried (``table.announce``)."""


async def confirm(on_posted: Posted | None) -> None:
    """Run ``on_posted``; a failure is logged, never raised (the post is out either way; the
    scheduler's late announcement repeats it at worst)."""
    if on_posted is None:
        return
    try:
        await on_posted()
    except Exception:
        log.exception("a post went out but could not be marked as posted")


async def deliver(interaction: discord.Interaction, *, on_posted: Posted | None = None, **kwargs: Any) -> None:
    """Send a reply: the first response, the message a defer promised, or a follow-up.

    A public message whose interaction can no longer answer goes to the channel; a private one
    that cannot be delivered is logged (one line). ``on_posted`` runs once a public message is out."""
    ephemeral = bool(kwargs.get("ephemeral"))
    await _settled(interaction)
    try:
        async with _lock(interaction):
            expired = bool(interaction.extras.get(_EXPIRED))
            if not interaction.response.is_done() and not expired:
                await interaction.response.send_message(**kwargs)
                await confirm(on_posted)
                return
            pending = interaction.extras.pop(_PENDING, None)
            if not expired and pending == "private" and not ephemeral:
                # The user saw a private "thinking…": close it with a short note, then post
                # publicly (the first follow-up would otherwise fill the private message).
                await interaction.edit_original_response(content=ui("posted_below", code(interaction.locale)))
            elif not expired and pending == "public" and ephemeral:
                # A refusal after a public "thinking…": remove that, so the answer stays private.
                await interaction.delete_original_response()
        if not expired:
            await interaction.followup.send(**kwargs)
            await confirm(on_posted)
            return
        error: Exception = RuntimeError("the interaction expired before it was acknowledged")
    except POST_ERRORS as err:
        error = err
    if ephemeral:
        log.warning("could not deliver a private reply to %s in channel %s: %s",
                    interaction.user.id, interaction.channel_id, error)
        return
    await to_channel(interaction, kwargs, error, on_posted)


async def to_channel(
    interaction: discord.Interaction, kwargs: dict[str, Any], err: Exception, on_posted: Posted | None = None
) -> None:
    """Post what the interaction could not carry directly in its channel."""
    channel = interaction.channel
    if not isinstance(channel, discord.abc.Messageable):
        log.warning("could not post to channel %s: %s", interaction.channel_id, err)
        return
    post = {k: v for k, v in kwargs.items() if k != "ephemeral"}
    for file in [post.get("file"), *(post.get("files") or [])]:
        if file is not None:
            file.reset()
    try:
        await channel.send(**post)
    except POST_ERRORS as again:
        log.warning("could not post to channel %s (%s, then %s)", interaction.channel_id, err, again)
        if transient(again):
            later(resend(channel, post, str(interaction.channel_id), on_posted))
        return
    await confirm(on_posted)


def transient(error: BaseException) -> bool:
    """A fault that may pass (server errors, timeouts, connection resets, rate limits that outlived
    discord.py's own waits), unlike a missing permission or a deleted channel."""
    if isinstance(error, discord.HTTPException):
        return error.status >= 500 or error.status == 429
    return isinstance(error, (OSError, aiohttp.ClientError))


def later(coroutine: Any) -> None:
    """Run ``coroutine`` in the background, keeping a reference until it ends."""
    task = asyncio.get_running_loop().create_task(coroutine)
    _later.add(task)
    task.add_done_callback(_later.discard)


_hurries: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Event] = weakref.WeakKeyDictionary()


def _hurry() -> asyncio.Event:
    """Set once the process is stopping: posts waiting for a later try stop waiting."""
    loop = asyncio.get_running_loop()
    event = _hurries.get(loop)
    if event is None:
        event = _hurries[loop] = asyncio.Event()
    return event


async def _pause(delay: float) -> None:
    """The wait before a later try, cut short when the process is stopping."""
    hurry = _hurry()
    if not hurry.is_set():
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(hurry.wait(), delay)


async def flush(timeout: float) -> int:
    """Stopping: every post waiting for a later try is tried now, not minutes later by the next
    process; waits up to ``timeout`` seconds for them. How many were still unsettled."""
    _hurry().set()
    pending = [task for task in _later if not task.done()]
    if not pending:
        return 0
    _, unsettled = await asyncio.wait(pending, timeout=timeout)
    return len(unsettled)


async def resend(
    channel: discord.abc.Messageable, post: dict[str, Any], where: str, on_posted: Posted | None = None
) -> bool:
    """Try a failed public post again after each of ``RETRY_DELAYS``; True once it went out."""
    for delay in RETRY_DELAYS:
        await _pause(delay)
        for file in [post.get("file"), *(post.get("files") or [])]:
            if file is not None:
                file.reset()
        try:
            await channel.send(**post)
            log.info("posted to channel %s on a later try", where)
            await confirm(on_posted)
            return True
        except POST_ERRORS as error:
            if not transient(error):
                break
            log.warning("could not post to channel %s (retrying): %s", where, error)
    log.error("gave up posting to channel %s", where)
    return False


async def update(interaction: discord.Interaction, **kwargs: Any) -> None:
    """Replace the message a button or menu belongs to (the lobby, the next page of a picker)."""
    await _settled(interaction)
    try:
        async with _lock(interaction):
            if not interaction.response.is_done() and not interaction.extras.get(_EXPIRED):
                await interaction.response.edit_message(**kwargs)
                return
        await interaction.edit_original_response(**kwargs)
    except POST_ERRORS as err:
        log.warning("could not update a message for %s in channel %s: %s", interaction.user.id, interaction.channel_id, err)
