"""``python -m bench [--quick]`` (``python -m bench ai ...``: the AI's strength and speed, see bench/ai.py;
``python -m bench ai-lag``: the event loop's lag while bots think, see bench/ai_lag.py;
``python -m bench ratings``: ratings at 100k games, see bench/ratings.py;
``python -m bench comeback``: story, since digest and replay per title, see bench/comeback.py;
``python -m bench phone``: the boards at phone size — band cap-heights, colour-blind ΔE, sizes, see bench/phone.py): rules, rendering (and its encode floor), table+SQLite, Discord
round-trip and moves/s-with-images figures. ``--only-load --load thread,pool`` runs just the last."""

from __future__ import annotations

import argparse
import asyncio
import sys

from bench.measure import load_figures, run_all


def main() -> int:
    if sys.argv[1:2] == ["ai"]:
        from bench.ai import main as ai_main

        return ai_main(sys.argv[2:])
    if sys.argv[1:2] == ["comeback"]:
        from bench.comeback import main as comeback_main

        return comeback_main(sys.argv[2:])
    if sys.argv[1:2] == ["ratings"]:
        from bench.ratings import main as ratings_main

        return ratings_main(sys.argv[2:])
    if sys.argv[1:2] == ["phone"]:
        from bench.phone import main as phone_main

        return phone_main(sys.argv[2:])
    if sys.argv[1:2] == ["ai-lag"]:
        from bench.ai_lag import main as lag_main

        return lag_main(sys.argv[2:])
    parser = argparse.ArgumentParser(prog="python -m bench")
    parser.add_argument("--quick", action="store_true", help="fewer repetitions (a smoke run)")
    parser.add_argument("--games", default="", help="comma-separated game names (default: all)")
    parser.add_argument(
        "--load",
        default="thread,pool",
        help="drawing modes for the moves/s-with-images run: thread, pool (comma-separated; empty: skip)",
    )
    parser.add_argument("--only-load", action="store_true", help="run only the moves/s-with-images section")
    parser.add_argument("--load-games", type=int, default=None, help="live games (default 1000; quick 20)")
    parser.add_argument("--movers", type=int, default=None, help="concurrent movers (default 16; quick 4)")
    parser.add_argument(
        "--burst", default="", metavar="MOVES/GAMES",
        help="the /move burst through the fake Discord, e.g. 500/125 (the default; 40/10 with --quick; 0/0 skips)",
    )
    args = parser.parse_args()
    modes = [m for m in args.load.split(",") if m]
    burst = None
    if args.burst:
        moves, _, tables = args.burst.partition("/")
        burst = (int(moves), int(tables or max(1, int(moves) // 4)))
    if args.only_load:
        figures = asyncio.run(load_figures(args.quick, modes, args.load_games, args.movers))
    else:
        games = [g for g in args.games.split(",") if g]
        figures = asyncio.run(run_all(quick=args.quick, games=games, load_modes=modes, burst=burst))
    for figure in figures:
        print(figure.row())
    return 0


if __name__ == "__main__":
    sys.exit(main())
