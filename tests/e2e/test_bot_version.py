"""Issue 27, as an operator meets it: ``python bot.py`` starts quietly with one line naming its
version, database, shards and metrics port; ``/healthz`` and ``/ping`` say the version."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.e2e.test_bot_operations import free_port, get, wait_healthy
from tests.e2e.test_bot_shards import start_bot, stop_bot
from tests.fakediscord import FakeDiscord
from version import __version__


@pytest.mark.slow
async def test_a_quiet_start_names_the_version_and_ping_and_healthz_answer_with_it(tmp_path: Path) -> None:
    port = free_port()
    async with FakeDiscord() as fake:
        guild = fake.add_guild("Ops club")
        alice = fake.add_user("alice", locale="zh-TW")
        fake.add_member(guild, alice)
        channel = fake.add_text_channel(guild, "tables")
        proc = await start_bot(fake, "version", {"POSTERN_DB": str(tmp_path / "v.db"), "POSTERN_METRICS_PORT": str(port)}, tmp_path)
        try:
            await wait_healthy(f"http://127.0.0.1:{port}/healthz", 60, proc.output)
            status, body = await get(f"http://127.0.0.1:{port}/healthz")
            assert status == 200 and json.loads(body) == {"status": "ok", "version": __version__}
            pong = await fake.slash(alice, channel, "ping", {})
            assert pong.ephemeral
            assert f"Postern {__version__}" in pong.content and "延遲" in pong.content
        finally:
            assert await stop_bot(proc) == 0
    output = proc.output()
    assert "PyNaCl" not in output and "davey" not in output and "voice will NOT" not in output
    assert f"Postern {__version__} starting: SQLite {tmp_path / 'v.db'}, every shard, metrics on port {port}" in output
