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


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="bot.py", description="Postern: board games on Discord.")
    parser.add_argument("--local", action="store_true", help="play in this terminal (no Discord token needed)")
    parser.add_argument("--db", default=os.environ.get("POSTERN_DB", "postern.db"), help="SQLite database file")
    parser.add_argument("--images", default=os.environ.get("POSTERN_IMAGES", "postern-images"), help="console image folder")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
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
