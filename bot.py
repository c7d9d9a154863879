"""Postern's entry point: ``python bot.py`` runs the Discord bot, ``python bot.py --local`` the console.

Settings come from the environment: ``DISCORD_TOKEN`` (without it, the local console starts),
``POSTERN_DB`` (SQLite file, default ``postern.db``, created on first run), ``POSTERN_DEV_GUILD``
(optional guild id: slash commands sync there instantly), ``POSTERN_IMAGES`` (console images
folder, default ``postern-images``), ``POSTERN_LOG_LEVEL`` (default ``INFO``), ``POSTERN_THROTTLE``
(per-user command rate, default ``5/10,10``; ``off`` disables it).
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


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="bot.py", description="Postern: board games on Discord.")
    parser.add_argument("--local", action="store_true", help="play in this terminal (no Discord token needed)")
    parser.add_argument("--db", default=os.environ.get("POSTERN_DB", "postern.db"), help="SQLite database file")
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


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    problem = asyncio.run(_check_database(args.db))
    if problem:
        # One clear line and a non-zero exit: an operator fixes POSTERN_DB, nothing was written.
        print(f"postern: {problem}", file=sys.stderr)
        return 2
    logging.basicConfig(
        level=os.environ.get("POSTERN_LOG_LEVEL", "INFO"),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
        stream=sys.stderr,
    )
    token = os.environ.get("DISCORD_TOKEN", "").strip()
    if args.local or not token:
        if not args.local:
            print("No DISCORD_TOKEN set: starting the local console (see README to run on Discord).")
        import console

        return asyncio.run(console.run(args.db, args.images))
    from cogs.client import run_bot

    return run_bot(token, args.db, os.environ.get("POSTERN_DEV_GUILD") or None)


if __name__ == "__main__":
    sys.exit(main())
