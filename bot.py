"""Postern's entry point: ``python bot.py`` runs the Discord bot, ``python bot.py --local`` the console.

Settings come from the environment: ``DISCORD_TOKEN`` (without it, the local console starts),
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


def parse_shards(text: str | None) -> tuple[list[int], int] | None:
    """``POSTERN_SHARDS``: ``2/8`` (shard 2 of 8) or ``0-3/8`` (shards 0 to 3 of 8); None = all.

    Raises ``ValueError`` with a plain reason for anything else.
    """
    if not text or not text.strip():
        return None
    ids_text, sep, count_text = text.strip().partition("/")
    if not sep or not count_text.isascii() or not count_text.isdigit():
        raise ValueError(f"POSTERN_SHARDS={text!r}: expected SHARD/COUNT or FIRST-LAST/COUNT, e.g. 2/8 or 0-3/8")
    count = int(count_text)
    first_text, dash, last_text = ids_text.partition("-")
    parts = [first_text, last_text] if dash else [first_text]
    if not all(p.isascii() and p.isdigit() for p in parts):
        raise ValueError(f"POSTERN_SHARDS={text!r}: shard numbers must be whole numbers, e.g. 0-3/8")
    first, last = int(parts[0]), int(parts[-1])
    if count < 1 or first > last or last >= count:
        raise ValueError(f"POSTERN_SHARDS={text!r}: shards must lie within 0..{max(count - 1, 0)}, first ≤ last")
    return list(range(first, last + 1)), count


def parse_port(text: str | None) -> int | None:
    """``POSTERN_METRICS_PORT``: a TCP port (1-65535), or None when unset."""
    if not text or not text.strip():
        return None
    value = text.strip()
    if not value.isascii() or not value.isdigit() or not 1 <= int(value) <= 65535:
        raise ValueError(f"POSTERN_METRICS_PORT={text!r}: expected a port number between 1 and 65535")
    return int(value)


def parse_log_format(text: str | None) -> str:
    value = (text or "text").strip().lower() or "text"
    if value not in ("text", "json"):
        raise ValueError(f"POSTERN_LOG_FORMAT={text!r}: expected text or json")
    return value


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    from version import __version__

    parser = argparse.ArgumentParser(prog="bot.py", description="Postern: board games on Discord.")
    parser.add_argument("--version", action="version", version=f"postern {__version__}")
    parser.add_argument("--local", action="store_true", help="play in this terminal (no Discord token needed)")
    parser.add_argument("--db", default=os.environ.get("POSTERN_DB", "postern.db"), help="SQLite database file or postgresql:// URL")
    parser.add_argument("--images", default=os.environ.get("POSTERN_IMAGES", "postern-images"), help="console image folder")
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


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        shards = parse_shards(os.environ.get("POSTERN_SHARDS"))
        metrics_port = parse_port(os.environ.get("POSTERN_METRICS_PORT"))
        log_format = parse_log_format(os.environ.get("POSTERN_LOG_FORMAT"))
    except ValueError as err:
        print(f"postern: {err}", file=sys.stderr)
        return 2
    problem = asyncio.run(_check_database(args.db))
    if problem:
        # One clear line and a non-zero exit: an operator fixes POSTERN_DB, nothing was written.
        print(f"postern: {problem}", file=sys.stderr)
        return 2
    from table.observability import configure_logging

    configure_logging(os.environ.get("POSTERN_LOG_LEVEL", "INFO").upper(), log_format)
    token = os.environ.get("DISCORD_TOKEN", "").strip()
    if args.local or not token:
        if not args.local:
            print("No DISCORD_TOKEN set: starting the local console (see README to run on Discord).")
        import console

        return asyncio.run(console.run(args.db, args.images))
    from cogs.client import run_bot

    logging.getLogger("postern").info("%s", startup_line(args.db, shards, metrics_port))
    return run_bot(token, args.db, os.environ.get("POSTERN_DEV_GUILD") or None, shards, metrics_port)


if __name__ == "__main__":
    sys.exit(main())
