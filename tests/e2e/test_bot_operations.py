"""What operators rely on (issue 12): metrics and /healthz on POSTERN_METRICS_PORT, JSON logs,
a clean stop on SIGTERM (moves and posts in flight finish, exit 0), one clear line for a bad
POSTERN_DB or POSTERN_SHARDS. ``python bot.py`` in its own process against the fake Discord."""

from __future__ import annotations

import asyncio
import json
import socket
import sqlite3
import subprocess
import sys
from pathlib import Path

import aiohttp
import pytest

import bot
from cogs.client import PosternBot, ShardedPosternBot, make_bot
from storage import Database
from table.service import TableService, User
from tests.e2e.test_bot_shards import ROOT, start_bot, stop_bot
from tests.fakediscord import FakeDiscord


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def get(url: str) -> tuple[int, str]:
    async with aiohttp.ClientSession() as http, http.get(url) as response:
        return response.status, await response.text()


async def wait_healthy(url: str, timeout: float, output: callable) -> None:  # type: ignore[valid-type]
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    last = "no answer"
    while loop.time() < end:
        try:
            status, body = await get(url)
            if status == 200:
                return
            last = f"{status} {body}"
        except aiohttp.ClientError as err:
            last = repr(err)
        await asyncio.sleep(0.2)
    raise AssertionError(f"/healthz never healthy ({last}):\n{output()[-3000:]}")


def json_log(output: str) -> list[dict[str, object]]:
    """The bot's log lines, each one JSON object. Render workers are spawned processes with
    Python's bare logging: the only plain text allowed is such a worker's "warming the … renderer
    failed" report (a message and its traceback), which today's Tuscany renderer produces."""
    entries: list[dict[str, object]] = []
    in_worker_report = False
    for line in output.splitlines():
        if not line.strip():
            continue
        try:
            entries.append(json.loads(line))
            in_worker_report = False
        except json.JSONDecodeError:
            in_worker_report = in_worker_report or (line.startswith("warming the ") and "renderer failed" in line)
            assert in_worker_report, f"a log line that is not JSON: {line!r}"
    return entries


def sample(metrics: str, name: str) -> float:
    """The value of one sample line (``name`` includes its labels), 0 if absent."""
    for line in metrics.splitlines():
        if line.startswith(name + " "):
            return float(line.rsplit(" ", 1)[1])
    return 0.0


@pytest.mark.slow
async def test_metrics_health_json_logs_and_a_clean_sigterm(tmp_path: Path) -> None:
    db = tmp_path / "ops.db"
    port = free_port()
    async with FakeDiscord() as fake:
        guild = fake.add_guild("Ops club")
        alice, bob = fake.add_user("alice"), fake.add_user("bob")
        fake.add_member(guild, alice)
        fake.add_member(guild, bob)
        channel = fake.add_text_channel(guild, "tables")
        proc = await start_bot(
            fake, "ops",
            {
                "POSTERN_DB": str(db), "POSTERN_METRICS_PORT": str(port), "POSTERN_LOG_FORMAT": "json",
                "POSTERN_TEST_SLOW_IMAGES": "1.5", "POSTERN_TEST_LIVE_GAMES_PERIOD": "0.2",
            },
            tmp_path,
        )
        try:
            await wait_healthy(f"http://127.0.0.1:{port}/healthz", 60, proc.output)
            await fake.slash(alice, channel, "game new", {"game": "fixer", "players": 2})
            thread = fake.threads_of(channel)[0]
            await fake.click(bob, fake.messages(thread)[0], label="Join")
            start = await fake.click(alice, fake.messages(thread)[0], label="Start")
            assert start.files
            await asyncio.sleep(0.5)  # the live-games gauge refreshes every 0.2 s here
            status, metrics = await get(f"http://127.0.0.1:{port}/metrics")
            assert status == 200
            assert sample(metrics, 'postern_command_seconds_count{command="game new"}') == 1
            assert sample(metrics, 'postern_render_seconds_count{game="fixer"}') >= 1
            assert sample(metrics, 'postern_live_games{game="fixer"}') == 1
            assert "postern_event_loop_lag_seconds" in metrics

            # A move in flight when SIGTERM arrives (every image takes 1.5 s more here): it
            # still commits and posts, then the process closes the database and exits 0.
            with sqlite3.connect(db) as check:
                (before,) = check.execute("SELECT COUNT(*) FROM actions").fetchone()
            async with Database(db) as reader:
                table = TableService(reader)
                state = await table.status(channel_id=str(thread.id))
                user = alice if state.user_ids[state.to_act[0]] == str(alice.id) else bob
                _, legal = await table.legal_moves(channel_id=str(thread.id), user=User(str(user.id), user.name))
            move = await fake.slash(user, thread, "move", {"action": legal[0]}, wait=False)
            await move.response(5)
            assert move.deferred
            proc.process.terminate()
            code = await asyncio.wait_for(proc.process.wait(), 30)
            assert code == 0, proc.output()[-3000:]
            assert await fake.wait_until(lambda: move.reply_message is not None, 5)
            assert move.files and not move.ephemeral
            with sqlite3.connect(db) as check:
                (after,) = check.execute("SELECT COUNT(*) FROM actions").fetchone()
            assert after > before
        finally:
            if proc.process.returncode is None:
                await stop_bot(proc)
    entries = json_log(proc.output())
    messages = [e["message"] for e in entries if e["logger"] == "postern.discord"]
    assert any(m.startswith("stopping: 1 command(s) were in flight, all finished") for m in messages), messages


def run_bot_py(env: dict[str, str], tmp_path: Path) -> subprocess.CompletedProcess[str]:
    import os

    return subprocess.run(
        [sys.executable, "bot.py"], cwd=ROOT, capture_output=True, text=True, timeout=60,
        env={**os.environ, "DISCORD_TOKEN": "not-used", "PYTHONPATH": str(ROOT), **env},
    )


def test_an_unreachable_postgresql_stops_the_bot_with_one_line(tmp_path: Path) -> None:
    url = f"postgresql://postern:secret@127.0.0.1:{free_port()}/postern"
    done = run_bot_py({"POSTERN_DB": url}, tmp_path)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("postern: cannot open the database postgresql://postern:***@"), lines
    assert "secret" not in done.stderr and "Traceback" not in done.stderr and done.stdout == ""


@pytest.mark.parametrize(
    ("name", "value"), [("POSTERN_SHARDS", "8/8"), ("POSTERN_METRICS_PORT", "http"), ("POSTERN_LOG_FORMAT", "xml")]
)
def test_bad_operations_settings_stop_the_bot_with_one_line(name: str, value: str, tmp_path: Path) -> None:
    db = tmp_path / "never.db"
    done = run_bot_py({name: value, "POSTERN_DB": str(db)}, tmp_path)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"postern: {name}="), lines
    assert not db.exists()  # nothing was written


def test_shard_settings_pick_the_client_and_the_syncing_process(tmp_path: Path) -> None:
    db = str(tmp_path / "s.db")
    assert type(make_bot(db)) is PosternBot
    first = make_bot(db, None, bot.parse_shards("0-3/8"))
    later = make_bot(db, None, bot.parse_shards("4-7/8"))
    assert isinstance(first, ShardedPosternBot) and first.shard_ids == [0, 1, 2, 3] and first.shard_count == 8
    assert first.sync_on_start and not later.sync_on_start  # one process syncs: the one with shard 0


async def test_health_names_the_database_or_the_gateway(tmp_path: Path) -> None:
    client = PosternBot(str(tmp_path / "h.db"))
    await client.db.open()
    try:
        assert await client.health() == "not connected to Discord yet"
    finally:
        await client.db.close()
    problem = await client.health()
    assert problem is not None and problem.startswith("database unreachable")


async def test_command_latency_and_flow_errors_are_counted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from table import observability

    def value(name: str, **labels: str) -> float:
        return observability.REGISTRY.get_sample_value(name, labels) or 0.0

    async def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("a bug in a flow")

    async with FakeDiscord() as fake:
        guild = fake.add_guild("Errors club")
        alice = fake.add_user("alice")
        fake.add_member(guild, alice)
        channel = fake.add_text_channel(guild, "tables")
        async with fake.running(PosternBot(str(tmp_path / "e.db"))):
            timed = value("postern_command_seconds_count", command="game status")
            failed = value("postern_errors_total", where="flow")
            monkeypatch.setattr(TableService, "status", broken)
            answer = await fake.slash(alice, channel, "game status")
            assert answer.ephemeral and "logged" in (answer.content or "")
            assert "nothing was changed" in (answer.content or "")  # a read failed: true
            assert value("postern_errors_total", where="flow") == failed + 1
            # Timed when the flow has returned, just after its answer went out.
            assert await fake.wait_until(lambda: value("postern_command_seconds_count", command="game status") > timed, 2)
            assert value("postern_command_seconds_count", command="game status") == timed + 1


async def test_a_failure_after_a_commit_never_claims_nothing_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The lobby is saved, then the flow fails: telling the player "nothing was changed" would
    have them open a second one. The answer says the change took effect."""
    saving = TableService.open
    opened: list[int] = []

    async def saved_then_broken(self: TableService, **kwargs: object) -> object:
        opened.append((await saving(self, **kwargs)).game_id)  # type: ignore[arg-type]
        raise RuntimeError("a bug after the commit")

    async with FakeDiscord() as fake:
        guild = fake.add_guild("Errors club")
        alice = fake.add_user("alice")
        fake.add_member(guild, alice)
        channel = fake.add_text_channel(guild, "tables")
        async with fake.running(PosternBot(str(tmp_path / "c.db"))) as client:
            monkeypatch.setattr(TableService, "open", saved_then_broken)
            answer = await fake.slash(alice, channel, "game new", {"game": "torres"})
            text = answer.content or ""
            assert answer.ephemeral and "did take effect" in text and "nothing was changed" not in text
            row = await client.db.game(opened[0])
            assert row is not None and row.status == "lobby"


async def test_a_thread_that_cannot_be_renamed_leaves_the_start_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Naming the thread after its players is a nicety: a dropped connection there used to turn
    the started game's answer into the generic error."""
    import aiohttp
    import discord

    async def dropped(self: discord.Thread, **kwargs: object) -> None:
        raise aiohttp.ClientConnectionError("connection reset")

    async with FakeDiscord() as fake:
        guild = fake.add_guild("Errors club")
        alice, bob = fake.add_user("alice"), fake.add_user("bob")
        for user in (alice, bob):
            fake.add_member(guild, user)
        channel = fake.add_text_channel(guild, "tables")
        async with fake.running(PosternBot(str(tmp_path / "t.db"))):
            monkeypatch.setattr(discord.Thread, "edit", dropped)
            await fake.slash(alice, channel, "game new", {"game": "torres", "players": 2})
            where = fake.threads_of(channel)[0]
            await fake.click(bob, fake.messages(where)[0], label="Join")
            post = await fake.click(alice, fake.messages(where)[0], label="Start")
            assert post.files and not post.ephemeral
            await asyncio.sleep(0.2)  # the rename comes after the post
            answers = [m.content for m in fake.ephemeral_messages(alice)]
            assert not any("went wrong" in a for a in answers), answers
