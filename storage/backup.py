"""``python -m storage.backup FILE [--db SOURCE]``: a consistent copy of a live SQLite database.

Uses SQLite's online backup: the copy is one consistent snapshot even while the bot keeps
writing (WAL readers never block the writer), and the result is a plain database file that
``POSTERN_DB`` can point at. The copy is written next to FILE first and renamed into place, so a
failed backup never leaves a half-written FILE. (For PostgreSQL use ``pg_dump``.)
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import sys
from pathlib import Path


def backup(source: str | Path, destination: str | Path) -> int:
    """Copy ``source`` to ``destination``; returns the number of pages copied."""
    source, destination = Path(source), Path(destination)
    if not source.exists():
        raise FileNotFoundError(f"no database at {source}")
    partial = destination.with_name(destination.name + ".partial")
    partial.unlink(missing_ok=True)
    src = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    dst = sqlite3.connect(partial)
    try:
        src.backup(dst, pages=1024)
        pages = int(dst.execute("PRAGMA page_count").fetchone()[0])
        check = dst.execute("PRAGMA quick_check").fetchone()[0]
        if check != "ok":
            raise sqlite3.DatabaseError(f"the copy failed its check: {check}")
    finally:
        dst.close()
        src.close()
    os.replace(partial, destination)
    return pages


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m storage.backup", description=__doc__.split("\n\n")[0])
    parser.add_argument("file", help="where to write the copy")
    parser.add_argument("--db", default=os.environ.get("POSTERN_DB", "postern.db"), help="the SQLite database to copy")
    args = parser.parse_args(argv)
    if args.db.startswith(("postgresql://", "postgres://")):
        print("postern: storage.backup copies SQLite files; for PostgreSQL use pg_dump", file=sys.stderr)
        return 2
    try:
        pages = backup(args.db, args.file)
    except (OSError, sqlite3.Error) as err:
        print(f"postern: backup failed: {err}", file=sys.stderr)
        return 2
    print(f"backed up {args.db} to {args.file} ({pages} pages)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
