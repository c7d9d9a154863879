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
    parser.add_argument(
        "--burst", default="", metavar="MOVES/GAMES",
        help="the /move burst through the fake Discord, e.g. 500/125 (the default; 40/10 with --quick; 0/0 skips)",
    )
    args = parser.parse_args()
    burst = None
    if args.burst:
        moves, _, tables = args.burst.partition("/")
        burst = (int(moves), int(tables or max(1, int(moves) // 4)))
    games = [g for g in args.games.split(",") if g]
    figures = asyncio.run(run_all(quick=args.quick, games=games, burst=burst))
    for figure in figures:
        print(figure.row())
    return 0


if __name__ == "__main__":
    sys.exit(main())
