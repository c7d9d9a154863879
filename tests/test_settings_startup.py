"""Issue #28 item 10: a bad setting stops ``python bot.py`` with one line and exit 2, nothing written.

Each case runs the real entry point in its own process, in an empty working folder, and checks
the three promises of the README: exit status 2, exactly one line on stderr (no traceback), and
no file or folder created — neither the default ``postern.db`` nor anything a mistyped URL would
have become. The PostgreSQL migration lock is exercised on the real test server.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import asyncpg
import pytest

import settings
from storage import Database, StorageError
from storage.postgres import MIGRATION_LOCK
from storage.targets import check_url, is_postgres_url, redact

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def clean_env(extra: dict[str, str]) -> dict[str, str]:
    """The test process's environment without any Postern or Discord setting, plus ``extra``."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("POSTERN_", "DISCORD_"))}
    env["PYTHONPATH"] = str(ROOT)
    env["POSTERN_LANGUAGE"] = "en"
    return {**env, **extra}


def run_bot(cwd: Path, extra: dict[str, str], timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(ROOT / "bot.py")], cwd=cwd, env=clean_env(extra), stdin=subprocess.DEVNULL,
        capture_output=True, text=True, timeout=timeout,
    )


def tree(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


@contextlib.contextmanager
def read_only(path: Path) -> Iterator[None]:
    """``path`` made unwritable even for root (the immutable flag), or by its mode for others."""
    if os.geteuid() == 0:
        if shutil.which("chattr") is None:
            pytest.skip("running as root without chattr: cannot make a file read-only")
        if subprocess.run(["chattr", "+i", str(path)], capture_output=True).returncode != 0:
            pytest.skip("chattr +i is not permitted here")
        try:
            yield
        finally:
            subprocess.run(["chattr", "-i", str(path)], capture_output=True)
    else:
        mode = path.stat().st_mode
        path.chmod(0o555 if path.is_dir() else 0o444)
        try:
            yield
        finally:
            path.chmod(mode)


BAD_SETTINGS: list[tuple[str, dict[str, str], str]] = [
    ("empty POSTERN_DB", {"POSTERN_DB": ""}, "database setting is empty"),
    ("mysql URL", {"POSTERN_DB": "mysql://x@y/z"}, "mysql: URL"),
    ("SQLAlchemy-style URL", {"POSTERN_DB": "postgresql+asyncpg://u:pw@h/db"}, "postgresql+asyncpg: URL"),
    ("typo'd scheme", {"POSTERN_DB": "postgresq://u@h/d"}, "postgresq: URL"),
    ("pgsql scheme", {"POSTERN_DB": "pgsql://u@h/d"}, "pgsql: URL"),
    ("one slash", {"POSTERN_DB": "postgresql:/h/d"}, "postgresql: URL"),
    ("port past 65535", {"POSTERN_DB": "postgresql://u@127.0.0.1:99999/p"}, "port must lie between 1 and 65535"),
    ("port past 65535, second host", {"POSTERN_DB": "postgresql://u@127.0.0.1:5432,127.0.0.1:70000/p"}, "port must lie"),
    ("open bracket", {"POSTERN_DB": "postgresql://u@[::1/postern"}, "is not valid"),
    ("log level", {"POSTERN_LOG_LEVEL": "bogus"}, "POSTERN_LOG_LEVEL='bogus'"),
    ("log format", {"POSTERN_LOG_FORMAT": "xml"}, "POSTERN_LOG_FORMAT='xml'"),
    ("time scale", {"POSTERN_TIME_SCALE": "abc"}, "POSTERN_TIME_SCALE='abc'"),
    ("time scale nan", {"POSTERN_TIME_SCALE": "nan"}, "POSTERN_TIME_SCALE='nan'"),
    ("throttle", {"POSTERN_THROTTLE": "garbage"}, "POSTERN_THROTTLE='garbage'"),
    ("throttle over zero seconds", {"POSTERN_THROTTLE": "5/0,10"}, "POSTERN_THROTTLE='5/0,10'"),
    ("scheduler seconds", {"POSTERN_SCHEDULER_SECONDS": "abc"}, "POSTERN_SCHEDULER_SECONDS='abc'"),
    ("scheduler seconds zero", {"POSTERN_SCHEDULER_SECONDS": "0"}, "POSTERN_SCHEDULER_SECONDS='0'"),
    ("pool size", {"POSTERN_DB_POOL": "lots"}, "POSTERN_DB_POOL='lots'"),
    ("migration wait", {"POSTERN_DB_MIGRATION_WAIT": "-1"}, "POSTERN_DB_MIGRATION_WAIT='-1'"),
    ("shards", {"POSTERN_SHARDS": "8/8", "DISCORD_TOKEN": "t"}, "POSTERN_SHARDS='8/8'"),
    ("metrics port", {"POSTERN_METRICS_PORT": "99999", "DISCORD_TOKEN": "t"}, "POSTERN_METRICS_PORT='99999'"),
    ("dev guild", {"POSTERN_DEV_GUILD": "my-server", "DISCORD_TOKEN": "t"}, "POSTERN_DEV_GUILD='my-server'"),
    ("thinkers", {"POSTERN_BOT_THINKERS": "threads"}, "POSTERN_BOT_THINKERS='threads'"),
    ("iterations", {"POSTERN_BOT_ITERATIONS": "many"}, "POSTERN_BOT_ITERATIONS='many'"),
    ("blank token", {"DISCORD_TOKEN": "  "}, "DISCORD_TOKEN is set but empty"),
    ("token with prefix", {"DISCORD_TOKEN": "Bot abc.def.ghi"}, "DISCORD_TOKEN starts with 'Bot '"),
    ("shards without a token", {"POSTERN_SHARDS": "0/2"}, "POSTERN_SHARDS is set but DISCORD_TOKEN is not"),
    ("metrics without a token", {"POSTERN_METRICS_PORT": "9100"}, "POSTERN_METRICS_PORT is set but DISCORD_TOKEN"),
]


@pytest.mark.parametrize(("extra", "expected"), [c[1:] for c in BAD_SETTINGS], ids=[c[0] for c in BAD_SETTINGS])
def test_a_bad_setting_stops_with_one_line_and_writes_nothing(tmp_path: Path, extra: dict[str, str], expected: str) -> None:
    done = run_bot(tmp_path, extra)
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 2, (done.returncode, done.stdout[-500:], done.stderr[-2000:])
    assert len(lines) == 1 and lines[0].startswith("postern: "), lines
    assert expected in lines[0], lines
    assert tree(tmp_path) == []  # no postern.db, no mysql:/… folders, nothing


def test_an_images_folder_that_is_a_file_is_refused(tmp_path: Path) -> None:
    work, elsewhere = tmp_path / "work", tmp_path / "elsewhere"
    work.mkdir()
    elsewhere.mkdir()
    (elsewhere / "pictures").write_text("not a folder")
    done = run_bot(work, {"POSTERN_IMAGES": str(elsewhere / "pictures")})
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 2 and len(lines) == 1 and "POSTERN_IMAGES=" in lines[0], lines
    assert tree(work) == []


def test_a_password_in_the_query_is_never_printed(tmp_path: Path) -> None:
    url = f"postgresql://postern:topsecret@127.0.0.1:{free_port()}/postern?password=hunter2&sslmode=disable"
    done = run_bot(tmp_path, {"POSTERN_DB": url})
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 2 and len(lines) == 1, lines
    assert "hunter2" not in done.stderr and "topsecret" not in done.stderr
    assert "password=***" in lines[0] and "postern:***@" in lines[0]


@pytest.mark.parametrize("where", ["folder", "read-only file", "read-only folder", "/sys"])
def test_an_unusable_database_path_is_one_line_without_a_traceback(tmp_path: Path, where: str) -> None:
    """Before: the line, then aiosqlite's thread printed "Event loop is closed" (22 lines)."""
    work = tmp_path / "work"
    work.mkdir()
    spot = tmp_path / "spot"
    spot.mkdir()
    with contextlib.ExitStack() as stack:
        if where == "folder":
            target = str(spot)
        elif where == "read-only file":
            existing = spot / "old.db"
            existing.write_bytes(b"")
            stack.enter_context(read_only(existing))
            target = str(existing)
        elif where == "read-only folder":
            stack.enter_context(read_only(spot))
            target = str(spot / "new.db")
        else:
            target = "/sys/postern-test.db"
        before = tree(spot)
        # Several runs: the traceback came from a race between aiosqlite's thread and the loop's end.
        for _ in range(3):
            done = run_bot(work, {"POSTERN_DB": target})
            lines = done.stderr.strip().splitlines()
            assert done.returncode == 2, done.stderr[-2000:]
            assert len(lines) == 1 and lines[0].startswith("postern: ") and "Traceback" not in done.stderr, lines
        assert tree(spot) == before and tree(work) == []
    assert not Path("/sys/postern-test.db").exists()


def test_good_settings_are_read_together() -> None:
    env = {
        "DISCORD_TOKEN": "abc.def", "POSTERN_DB": "postgresql://u:p@h:5433/db", "POSTERN_SHARDS": "0-1/4",
        "POSTERN_METRICS_PORT": "9100", "POSTERN_LOG_LEVEL": "warn", "POSTERN_THROTTLE": "off",
        "POSTERN_TIME_SCALE": "3600", "POSTERN_SCHEDULER_SECONDS": "2.5", "POSTERN_DB_POOL": "3",
        "POSTERN_DB_MIGRATION_WAIT": "5", "POSTERN_BOT_THINKERS": "inline", "POSTERN_BOT_ITERATIONS": "40",
        "POSTERN_DEV_GUILD": "123",
    }
    got = settings.load(env)
    assert (got.token, got.shards, got.metrics_port, got.log_level) == ("abc.def", ([0, 1], 4), 9100, "WARNING")
    assert (got.time_scale, got.scheduler_seconds, got.db_pool, got.db_migration_wait) == (3600, 2.5, 3, 5)
    assert (got.bot_thinkers, got.bot_iterations, got.dev_guild) == ("inline", 40, "123")
    local = settings.load({}, local=True)
    assert local.token is None and local.db == "postern.db" and local.images == "postern-images"
    assert settings.load({"POSTERN_SHARDS": "0/2"}, local=True).shards == ([0], 2)  # --local: no token needed


def test_urls_are_recognised_and_redacted_without_raising() -> None:
    assert is_postgres_url("postgresql://h/db") and is_postgres_url("POSTGRES://h/db")
    assert not is_postgres_url("postgresql+asyncpg://h/db") and not is_postgres_url("C:/data/postern.db")
    assert redact("postgresql://u@[::1/postern") == "postgresql://u@[::1/postern"
    assert redact("postgresql://u:p@ss@h/db?Password=x&sslpassword=y") == "postgresql://u:***@h/db?Password=***&sslpassword=***"
    check_url("postgresql://u@a:5432,b:5433,[::1]:5434/db")
    with pytest.raises(StorageError, match="not valid"):
        check_url("postgresql://u@h:0/db")


async def _hold_migration_lock(url: str) -> asyncpg.Connection:
    holder = await asyncpg.connect(url)
    await holder.execute(f"SELECT pg_advisory_lock({MIGRATION_LOCK})")
    return holder


async def test_a_held_migration_lock_is_waited_for_then_refused_in_one_line(pg_database: str, tmp_path: Path) -> None:
    holder = await _hold_migration_lock(pg_database)
    try:
        started = time.monotonic()
        done = await asyncio.to_thread(
            run_bot, tmp_path, {"POSTERN_DB": pg_database, "POSTERN_DB_MIGRATION_WAIT": "1.5"}, 60
        )
        took = time.monotonic() - started
    finally:
        await holder.close()
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 2, done.stderr[-2000:]
    assert "Traceback" not in done.stderr
    assert any("waiting for another process to finish migrating" in line for line in lines[:-1]), lines
    assert lines[-1].startswith("postern: cannot open the database") and "migration lock" in lines[-1], lines
    assert took < 20
    async with Database(pg_database) as db:  # nothing half-migrated: it migrates cleanly now
        assert await db.schema_version() > 0


async def test_a_migration_lock_released_in_time_lets_the_start_go_on(pg_database: str) -> None:
    holder = await _hold_migration_lock(pg_database)
    release = asyncio.get_running_loop().call_later(0.7, lambda: asyncio.ensure_future(holder.close()))
    try:
        db = await Database(pg_database, migration_wait=10).open()
        await db.close()
    finally:
        release.cancel()
        if not holder.is_closed():
            await holder.close()
    holder = await _hold_migration_lock(pg_database)
    try:
        with pytest.raises(StorageError, match="migration lock"):
            # Migrated now, but the lock is still taken first (a newer Postern may be migrating).
            await Database(pg_database, migration_wait=0.3).open()
    finally:
        await holder.close()
