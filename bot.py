"""Postern's entry point: ``python bot.py`` runs the Discord bot, ``python bot.py --local`` the console.

Settings come from the environment, all checked by ``settings.load`` before anything is opened
(a bad one: one line on stderr, exit 2): ``DISCORD_TOKEN`` (without it, the local console starts),
``POSTERN_DB`` (SQLite file, default ``postern.db``, created on first run; or a
``postgresql://`` URL), ``POSTERN_DB_POOL`` (PostgreSQL connections, default 10),
``POSTERN_DEV_GUILD`` (optional guild id: slash commands sync there instantly), ``POSTERN_IMAGES``
(console images folder, default ``postern-images``), ``POSTERN_LOG_LEVEL`` (default ``INFO``),
``POSTERN_LOG_FORMAT`` (``text`` or ``json``), ``POSTERN_THROTTLE`` (per-user command rate,
default ``5/10,10``; ``off`` disables it), ``POSTERN_SHARDS`` (``2/8`` or ``0-3/8``: run only
those gateway shards) and ``POSTERN_METRICS_PORT`` (serve ``/metrics`` and ``/healthz``).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import sys

import settings
from settings import Settings, SettingsError, parse_shards  # noqa: F401  (parse_shards: re-exported)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    from version import __version__

    parser = argparse.ArgumentParser(prog="bot.py", description="Postern: board games on Discord.")
    parser.add_argument("--version", action="version", version=f"postern {__version__}")
    parser.add_argument("--local", action="store_true", help="play in this terminal (no Discord token needed)")
    parser.add_argument("--db", default=None, help="SQLite database file or postgresql:// URL (default: POSTERN_DB)")
    parser.add_argument("--images", default=None, help="console image folder (default: POSTERN_IMAGES)")
    return parser.parse_args(argv)


async def _check_database(path: str) -> str | None:
    """Open (and migrate) the database once before anything starts; the problem in one line, if any."""
    from storage import Database, StorageError

    try:
        db = await Database(path).open()
    except StorageError as err:
        return str(err)
    await db.close()
    return None


def startup_line(db: str, shards: tuple[list[int], int] | None, metrics_port: int | None) -> str:
    """The one line an operator reads at start: which build, which database (kind and place,
    password hidden), which shards and where the metrics are."""
    from storage.postgres import is_postgres_url, redact
    from version import __version__

    where = f"PostgreSQL {redact(db)}" if is_postgres_url(db) else f"SQLite {db}"
    if shards is None:
        sharding = "every shard"
    else:
        ids, count = shards
        sharding = f"shard {ids[0]} of {count}" if len(ids) == 1 else f"shards {ids[0]}-{ids[-1]} of {count}"
    metrics = f"metrics on port {metrics_port}" if metrics_port is not None else "no metrics port"
    return f"Postern {__version__} starting: {where}, {sharding}, {metrics}"


def load_settings(args: argparse.Namespace) -> Settings:
    """Every setting checked before anything is opened (``settings.load``); ``SettingsError`` if not."""
    return settings.load(os.environ, local=args.local, db=args.db, images=args.images)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        config = load_settings(args)
    except SettingsError as err:
        # One clear line and exit 2, before any file, folder or connection exists.
        print(f"postern: {err}", file=sys.stderr)
        return 2
    from table.observability import configure_logging

    configure_logging(config.log_level, config.log_format)
    problem = asyncio.run(_check_database(config.db))
    if problem:
        # One clear line and a non-zero exit: an operator fixes POSTERN_DB, nothing was written.
        print(f"postern: {problem}", file=sys.stderr)
        return 2
    if config.token is None:
        if not args.local:
            print("No DISCORD_TOKEN set: starting the local console (see README to run on Discord).")
        import console

        return asyncio.run(console.run(config.db, config.images))
    from cogs.client import run_bot

    logging.getLogger("postern").info("%s", startup_line(config.db, config.shards, config.metrics_port))
    return run_bot(config.token, config.db, config.dev_guild, config.shards, config.metrics_port)


if __name__ == "__main__":
    sys.exit(main())
