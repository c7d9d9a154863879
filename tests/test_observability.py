"""Operators' view: metrics count what happened, /healthz tells the truth, logs can be JSON."""

from __future__ import annotations

import asyncio
import json
import logging
from pathlib import Path

import pytest
from aiohttp.test_utils import TestClient, TestServer

from storage import Database
from table import observability
from table.messages import TableError
from table.service import TableService, User

ANN, BOB = User("1", "Ann"), User("2", "Bob")


def _value(name: str, **labels: str) -> float:
    return observability.REGISTRY.get_sample_value(name, labels) or 0.0


async def test_moves_refusals_and_live_games_are_counted(tmp_path: Path) -> None:
    async with Database(tmp_path / "m.db") as db:
        table = TableService(db, seed_source=lambda: "s")
        moves_before = _value("postern_moves_total", game="fixer")
        refused_before = _value("postern_refusals_total", reason="not_host")
        await table.open(channel_id="c", guild_id="g", user=ANN, game="fixer", players=2, options="seating=host")
        await table.join(channel_id="c", user=BOB)
        with pytest.raises(TableError):
            await table.start(channel_id="c", user=BOB)
        result = await table.start(channel_id="c", user=ANN)
        user = [ANN, BOB][result.to_act[0]]
        _, legal = await table.legal_moves(channel_id="c", user=user)
        await table.act(channel_id="c", user=user, action=legal[0])
        assert _value("postern_moves_total", game="fixer") == moves_before + 1
        assert _value("postern_refusals_total", reason="not_host") == refused_before + 1
        assert (await table.count_live_games())["fixer"] == 1
        assert _value("postern_live_games", game="fixer") == 1
        assert _value("postern_live_games", game="torres") == 0


async def test_metrics_and_health_endpoints() -> None:
    problem: list[str | None] = [None]

    async def health() -> str | None:
        return problem[0]

    async with TestClient(TestServer(observability.ops_app(health))) as client:
        observability.ERRORS.labels("test").inc()
        metrics = await client.get("/metrics")
        text = await metrics.text()
        assert metrics.status == 200 and 'postern_errors_total{where="test"}' in text
        ok = await client.get("/healthz")
        assert ok.status == 200 and (await ok.json())["status"] == "ok"
        problem[0] = "database unreachable"
        bad = await client.get("/healthz")
        assert bad.status == 503 and (await bad.json())["problem"] == "database unreachable"


def test_json_log_lines_carry_the_game_context() -> None:
    record = logging.LogRecord("postern.table", logging.WARNING, __file__, 1, "move %s refused", ("C5",), None)
    record.game_id = 42
    record.command = "move"
    entry = json.loads(observability.JsonFormatter().format(record))
    assert entry["message"] == "move C5 refused" and entry["game_id"] == 42 and entry["command"] == "move"
    assert entry["level"] == "WARNING" and entry["time"].endswith("Z")


async def test_drain_waits_for_a_write_in_flight(tmp_path: Path) -> None:
    async with Database(tmp_path / "d.db") as db:
        table = TableService(db, seed_source=lambda: "s")
        assert await table.drain(0.1)
        opened = asyncio.create_task(
            table.open(channel_id="c", guild_id="g", user=ANN, game="fixer", players=2)
        )
        await asyncio.sleep(0)  # the write has started
        assert table._in_flight == 1
        assert await table.drain(5)
        assert opened.done() and (await db.live_game("c")) is not None


async def test_loop_lag_is_measured() -> None:
    watcher = asyncio.create_task(observability.watch_loop_lag(0.01))
    await asyncio.sleep(0.005)
    import time

    time.sleep(0.05)  # block the loop on purpose
    await asyncio.sleep(0.002)  # the overdue watcher runs first and records how late it woke
    watcher.cancel()
    assert _value("postern_event_loop_lag_seconds") >= 0.03
