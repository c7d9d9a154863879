"""A public post that fails on a passing fault is sent again later; a permanent refusal is not."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import aiohttp
import discord
import pytest

from cogs import replies


def _http(status: int) -> discord.HTTPException:
    return discord.HTTPException(SimpleNamespace(status=status, reason="test"), "refused")  # type: ignore[arg-type]


class Channel:
    """Fails with ``faults`` in turn, then accepts; records what went out."""

    def __init__(self, *faults: BaseException) -> None:
        self.faults = list(faults)
        self.sent: list[dict[str, Any]] = []
        self.tries = 0

    async def send(self, **post: Any) -> None:
        self.tries += 1
        if self.faults:
            raise self.faults.pop(0)
        self.sent.append(post)


@pytest.fixture(autouse=True)
def no_waiting(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(replies, "RETRY_DELAYS", (0.0, 0.0, 0.0))


async def test_a_post_that_met_server_errors_goes_out_on_a_later_try() -> None:
    channel = Channel(_http(503), aiohttp.ServerDisconnectedError())
    assert await replies.resend(channel, {"content": "Ann moved"}, "c")  # type: ignore[arg-type]
    assert channel.sent == [{"content": "Ann moved"}] and channel.tries == 3


async def test_a_missing_permission_is_not_retried() -> None:
    channel = Channel(_http(403))
    assert not await replies.resend(channel, {"content": "Ann moved"}, "c")  # type: ignore[arg-type]
    assert channel.sent == [] and channel.tries == 1


async def test_retries_end() -> None:
    channel = Channel(*[_http(502)] * 5)
    assert not await replies.resend(channel, {"content": "x"}, "c")  # type: ignore[arg-type]
    assert channel.tries == len(replies.RETRY_DELAYS)


def test_which_faults_pass() -> None:
    assert replies.transient(_http(500)) and replies.transient(_http(429))
    assert replies.transient(ConnectionResetError()) and replies.transient(TimeoutError())
    assert not replies.transient(_http(403)) and not replies.transient(_http(404))


class Messageable(Channel, discord.abc.Messageable):
    async def _get_channel(self) -> Any:  # pragma: no cover - send is replaced
        return self


async def test_a_failed_post_to_the_channel_is_retried_in_the_background() -> None:
    import asyncio

    channel = Messageable(_http(503))
    interaction = SimpleNamespace(channel=channel, channel_id=7)
    await replies.to_channel(interaction, {"content": "Ann moved", "ephemeral": False}, RuntimeError("expired"))  # type: ignore[arg-type]
    for _ in range(50):
        if channel.sent:
            break
        await asyncio.sleep(0.01)
    assert channel.sent == [{"content": "Ann moved"}] and channel.tries == 2
