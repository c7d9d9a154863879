"""What operators see: Prometheus metrics, ``/healthz`` and structured (JSON) logs.

The instruments live here, beside the table service, so every adapter (Discord, console) counts
the same things the same way: moves, refusals by reason, errors, command and render latency,
live games per game, and how late the event loop runs (a loop that lags answers late).
``POSTERN_METRICS_PORT`` serves them (``/metrics``) with ``/healthz`` on the same port.
``POSTERN_LOG_FORMAT=json`` turns every log line into one JSON object, with the game id, guild
and command when the code logging it knows them (``extra={"game_id": …}``).
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Awaitable, Callable

from aiohttp import web
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
)

from version import __version__

REGISTRY = CollectorRegistry(auto_describe=True)
"""Postern's own registry (not the process-global default), so tests can read it in isolation."""

LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)

MOVES = Counter("postern_moves_total", "Decisions applied by players", ["game"], registry=REGISTRY)
REFUSALS = Counter("postern_refusals_total", "Requests refused with a reason", ["reason"], registry=REGISTRY)
ERRORS = Counter("postern_errors_total", "Unexpected errors answered politely", ["where"], registry=REGISTRY)
COMMAND_SECONDS = Histogram(
    "postern_command_seconds", "From receiving a command to its answer", ["command"],
    buckets=LATENCY_BUCKETS, registry=REGISTRY,
)
RENDER_SECONDS = Histogram(
    "postern_render_seconds", "Drawing one board image", ["game"], buckets=LATENCY_BUCKETS, registry=REGISTRY
)
LATE_POSTS = Counter(
    "postern_late_posts_total",
    "Late posts of moves whose own post was lost: posted, or given up (the channel refuses the bot)",
    ["game", "outcome"], registry=REGISTRY,
)
LIVE_GAMES = Gauge("postern_live_games", "Games in a lobby or being played", ["game"], registry=REGISTRY)
LOOP_LAG = Gauge("postern_event_loop_lag_seconds", "How late the event loop ran a 1 s timer", registry=REGISTRY)
SCHEDULER_LAG = Gauge(
    "postern_scheduler_lag_seconds", "How late the last background pass ran after it was due", registry=REGISTRY
)


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time, level, logger, message, and the game context when known."""

    CONTEXT = ("game_id", "guild_id", "channel_id", "command", "user_id")

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, object] = {
            "time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created)) + f".{int(record.msecs):03d}Z",
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        for key in self.CONTEXT:
            value = getattr(record, key, None)
            if value is not None:
                entry[key] = value
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return json.dumps(entry, ensure_ascii=False)


def configure_logging(level: str, fmt: str) -> None:
    handler = logging.StreamHandler()
    if fmt == "json":
        handler.setFormatter(JsonFormatter())
    else:
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)


async def watch_loop_lag(period: float = 1.0) -> None:
    """Sleep ``period`` again and again; how much later than asked we wake is the loop's lag."""
    loop = asyncio.get_running_loop()
    while True:
        start = loop.time()
        await asyncio.sleep(period)
        LOOP_LAG.set(max(0.0, loop.time() - start - period))


HealthCheck = Callable[[], Awaitable[str | None]]
"""Returns None when healthy, else what is wrong (one line)."""


def ops_app(health: HealthCheck) -> web.Application:
    async def metrics(_: web.Request) -> web.Response:
        body = generate_latest(REGISTRY)
        return web.Response(body=body, headers={"Content-Type": CONTENT_TYPE_LATEST})

    async def healthz(_: web.Request) -> web.Response:
        try:
            problem = await asyncio.wait_for(health(), 5)
        except Exception as err:  # a health check that fails is itself the answer
            problem = f"health check failed: {err}"
        if problem:
            return web.json_response({"status": "unhealthy", "problem": problem, "version": __version__}, status=503)
        return web.json_response({"status": "ok", "version": __version__})

    app = web.Application()
    app.router.add_get("/metrics", metrics)
    app.router.add_get("/healthz", healthz)
    return app


async def serve(port: int, health: HealthCheck, host: str = "0.0.0.0") -> web.AppRunner:
    """Start the metrics/health server; ``await runner.cleanup()`` stops it."""
    runner = web.AppRunner(ops_app(health), access_log=None)
    await runner.setup()
    await web.TCPSite(runner, host, port).start()
    return runner
