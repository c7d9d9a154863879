"""``python -m bench [--quick]``: rules, rendering, table+SQLite and Discord round-trip figures."""

from __future__ import annotations

import argparse
import asyncio
import sys

from bench.measure import run_all


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m bench")
    parser.add_argument("--quick", action="store_true", help="fewer repetitions (a smoke run)")
    parser.add_argument("--games", default="", help="comma-separated game names (default: all)")
    args = parser.parse_args()
    figures = asyncio.run(run_all(quick=args.quick, games=[g for g in args.games.split(",") if g]))
    for figure in figures:
        print(figure.row())
    return 0


if __name__ == "__main__":
    sys.exit(main())
