"""``python -m bench ai``: how strong and how fast the AI is (issue 11's benchmark).

Per game, two players, seats swapped game by game: the search bot at a level (``normal`` by
default) against a uniformly random player and against the one-ply greedy policy, with win rates
and their 95 % Wilson intervals; the solo win rates (FIXER against its automa, Burgundy against the
solo rules) of the search bot and of greedy playing the human seat; then decision times (p50/p95)
per level on positions from random games.

The issue asks for at least 200 games per pairing at 1 s per decision, which takes hours on a
small machine: ``--count`` and ``--seconds`` (or ``--iterations``) let a run fit the time at hand,
``--workers`` plays games in parallel processes, and the first line states the exact budget used.
Decision times measured while ``--workers`` processes share the cores are printed per pairing too
(they include any contention, so they are an upper bound for an idle core).
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import sys
import time
from collections.abc import Callable, Iterable
from typing import Any

import ai
import rules
from ai.evaluate import values
from ai.search import index, picker, weighted
from bench.stats import Figure

Policy = Callable[[str, dict[str, Any], int, int], str]


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate (ties count half)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def random_policy(game: str, view: dict[str, Any], seat: int, seed: int) -> str:
    """A uniformly random legal move (legal moves come from a sampled state, as for any bot)."""
    g = rules.get(game)
    rng = random.Random(f"random:{seed}")
    state = g.sample_state(view, seat, picker(rng))
    legal = g.legal_actions(state, seat)
    return legal[index(rng, len(legal))]


def local_greedy(game: str, view: dict[str, Any], seat: int, seed: int) -> str:
    """One-ply greedy: the move whose result evaluates best for the seat (ties by a seeded draw)."""
    g = rules.get(game)
    rng = random.Random(f"greedy:{seed}")
    state = g.sample_state(view, seat, picker(rng))
    legal = g.legal_actions(state, seat)
    best: list[str] = []
    best_value = -1.0
    for action in legal:
        after, _ = g.apply(state, seat, action)
        value = values(g, after, max(seat + 1, len(g.scores(after))))[seat]
        if value > best_value + 1e-9:
            best, best_value = [action], value
        elif value >= best_value - 1e-9:
            best.append(action)
    return best[index(rng, len(best))]


def greedy_policy() -> tuple[str, Policy]:
    """``ai.greedy`` when present (the table's baseline bot), else this module's own copy."""
    try:
        from ai import greedy  # type: ignore[attr-defined]
    except ImportError:
        return "greedy (bench copy)", local_greedy

    def play(game: str, view: dict[str, Any], seat: int, seed: int) -> str:
        return str(greedy.choose(game, view, seat, seed=seed))

    return "greedy (ai.greedy)", play


def search_policy(seconds: float | None, iterations: int | None) -> Policy:
    def play(game: str, view: dict[str, Any], seat: int, seed: int) -> str:
        return ai.choose(game, view, seat, seconds=seconds, iterations=iterations, seed=seed)

    return play


def play_game(game: str, players: int, policies: list[Policy], seed: int, times: list[float] | None = None, timed_seat: int = 0) -> Any:
    """One whole game; ``policies[seat]`` decides for each seat; chance from a seeded generator.

    Decision times of ``timed_seat`` (ms) are appended to ``times`` when given."""
    g = rules.get(game)
    rng = random.Random(f"bench-ai:{game}:{seed}")
    state = g.new(players)
    step = 0
    while True:
        acting = g.to_act(state)
        if not acting:
            return state
        step += 1
        if acting == [rules.CHANCE]:
            state, _ = g.apply(state, rules.CHANCE, weighted(rng, g.chance_outcomes(state)))
            continue
        seat = acting[0]
        start = time.perf_counter()
        action = policies[seat](game, g.view(state, seat), seat, seed * 100_003 + step)
        if times is not None and seat == timed_seat:
            times.append((time.perf_counter() - start) * 1000.0)
        state, _ = g.apply(state, seat, action)


# ---- pairings as independent tasks, so games can run in parallel processes ----------------------
Task = tuple[str, str, float | None, int | None, int, int]
"""(game, rival key — "random", "greedy" or "solo" —, bot seconds, bot iterations, game index, players)."""


def _rival(key: str) -> Policy:
    if key == "random":
        return random_policy
    if key == "greedy":
        return greedy_policy()[1]
    raise ValueError(f"unknown rival {key!r}")


def _bot(seconds: float | None, iterations: int | None) -> Policy:
    """The search bot, or greedy itself when both budgets are None (greedy's solo row)."""
    if seconds is None and iterations is None:
        return greedy_policy()[1]
    return search_policy(seconds, iterations)


def run_task(task: Task) -> tuple[float, list[float], float]:
    """One game of a pairing: the bot's result (win 1, shared first ½), its decision times and final score.

    The score is what ``Game.scores`` reports for the bot's seat (Burgundy solo: spaces filled)."""
    game, rival, seconds, iterations, i, players = task
    g = rules.get(game)
    bot = _bot(seconds, iterations)
    times: list[float] = []
    if rival == "solo":
        state = play_game(game, 1, [bot], seed=i, times=times)
        return values(g, state, 1)[0], times, float(g.scores(state)[0])
    bot_seat = i % players
    policies = [_rival(rival)] * players
    policies[bot_seat] = bot
    state = play_game(game, players, policies, seed=i, times=times, timed_seat=bot_seat)
    own = float(g.scores(state)[bot_seat])
    if players == 2:
        return values(g, state, players)[bot_seat], times, own
    return float(g.ranking(state)[0] == bot_seat), times, own


def run_tasks(tasks: list[Task], workers: int) -> Iterable[tuple[float, list[float], float]]:
    """Results of ``tasks``, in a pool of ``workers`` processes when more than one."""
    if workers <= 1:
        return [run_task(t) for t in tasks]
    context = multiprocessing.get_context("fork" if sys.platform != "win32" else "spawn")
    with context.Pool(workers) as pool:
        return pool.map(run_task, tasks, chunksize=1)


def pairing(game: str, rival: str, seconds: float | None, iterations: int | None, count: int, workers: int = 1, first: int = 0) -> tuple[float, int, list[float]]:
    """``count`` games of one pairing (seats swapped game by game): score, games, bot decision ms."""
    tasks = [(game, rival, seconds, iterations, first + i, 2) for i in range(count)]
    score = 0.0
    times: list[float] = []
    for result, spent, _ in run_tasks(tasks, workers):
        score += result
        times += spent
    return score, count, times


def match(game: str, bot: Policy, rival: Policy, count: int, players: int = 2) -> tuple[float, int]:
    """The bot's score over ``count`` games, seats swapped each game (win 1, shared first ½)."""
    g = rules.get(game)
    score = 0.0
    for i in range(count):
        bot_seat = i % players
        policies = [rival] * players
        policies[bot_seat] = bot
        state = play_game(game, players, policies, seed=i)
        score += values(g, state, players)[bot_seat] if players == 2 else float(g.ranking(state)[0] == bot_seat)
    return score, count


def solo(game: str, policy: Policy, count: int) -> tuple[float, int]:
    """Wins of ``policy`` in the seat of a solo game (against the automa or the solo target)."""
    g = rules.get(game)
    wins = 0.0
    for i in range(count):
        state = play_game(game, 1, [policy], seed=i)
        wins += values(g, state, 1)[0]
    return wins, count


def timing(game: str, seconds: float, decisions: int) -> Figure:
    """Decision times at a budget, on positions of random games where a choice exists."""
    g = rules.get(game)
    rng = random.Random(f"timing:{game}")
    samples: list[float] = []
    seed = 0
    while len(samples) < decisions:
        state = g.new(2)
        seed += 1
        while g.to_act(state) and len(samples) < decisions:
            acting = g.to_act(state)
            if acting == [rules.CHANCE]:
                state, _ = g.apply(state, rules.CHANCE, weighted(rng, g.chance_outcomes(state)))
                continue
            seat = acting[0]
            legal = g.legal_actions(state, seat)
            if len(legal) > 1 and rng.random() < 0.15:
                start = time.perf_counter()
                ai.choose(game, g.view(state, seat), seat, seconds=seconds, seed=seed)
                samples.append((time.perf_counter() - start) * 1000.0)
            state, _ = g.apply(state, seat, legal[index(rng, len(legal))])
    return Figure(f"ai {game} decision {seconds:g}s", samples, budget=f"p95≤{seconds * 1000 + 100:.0f}ms")


SOLO_SCORE: dict[str, str] = {"burgundy": " (spaces filled of 37; a win fills all 37)", "fixer": " (player's points)"}
"""What the mean final score of a solo line means, per game."""


def _percentiles(times: list[float]) -> str:
    if not times:
        return "decisions: none"
    figure = Figure("", times)
    return f"bot decision ms p50 {figure.median:6.0f} p95 {figure.percentile(0.95):6.0f} (n={len(times)})"


def _line(label: str, score: float, n: int, spent: float, times: list[float]) -> str:
    low, high = wilson(score, n)
    return f"{label}  games={n:>4}  win {score / n:6.1%}  95% [{low:5.1%}, {high:5.1%}]  {_percentiles(times)}  ({spent:.0f} s)"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench ai")
    parser.add_argument("--games", default="", help="comma-separated game names (default: every game with a sampler)")
    parser.add_argument("--count", type=int, default=200, help="games per pairing, seats swapped (issue: at least 200)")
    parser.add_argument("--level", default="normal", choices=sorted(ai.LEVELS), help="the search bot's level")
    parser.add_argument("--seconds", type=float, default=None, help="override the level's seconds per decision")
    parser.add_argument("--iterations", type=int, default=None, help="fixed iterations per decision instead of time")
    parser.add_argument("--rivals", default="random,greedy", help="rivals to play: random, greedy (comma-separated)")
    parser.add_argument("--solo", action="store_true", help="also the solo win rates (FIXER, Burgundy)")
    parser.add_argument("--workers", type=int, default=1, help="games played in parallel processes")
    parser.add_argument("--first", type=int, default=0, help="index of the first game (seeds chance and the bots)")
    parser.add_argument("--timing", type=int, default=20, help="decisions timed per level and game (0: skip)")
    parser.add_argument("--levels", default="easy,normal,hard", help="levels to time")
    args = parser.parse_args(argv)
    names = [n for n in args.games.split(",") if n] or [n for n in rules.GAMES if ai.has_sampler(n)]
    seconds = None if args.iterations else (args.seconds if args.seconds is not None else ai.LEVELS[args.level])
    budget = f"{args.iterations} iterations" if args.iterations else f"{seconds:g} s"
    greedy_name = greedy_policy()[0]
    print(
        f"bench ai: {args.level} at {budget} per decision, rivals [{args.rivals}]{' + solo' if args.solo else ''}, "
        f"{args.count} games per pairing (seats swapped, 2 players; games {args.first}..{args.first + args.count - 1}), "
        f"{args.workers} worker process(es), timing {args.timing} decisions per level ({args.levels}); "
        f"argv: {' '.join(argv if argv is not None else sys.argv[1:])}",
        flush=True,
    )
    labels = {"random": "random", "greedy": greedy_name}
    for name in names:
        for key in [r for r in args.rivals.split(",") if r]:
            start = time.perf_counter()
            score, n, times = pairing(name, key, seconds, args.iterations, args.count, args.workers, args.first)
            label = f"ai {name:<14} {args.level} ({budget}) vs {labels[key]:<18}"
            print(_line(label, score, n, time.perf_counter() - start, times), flush=True)
        if args.solo and rules.get(name).min_players == 1:
            for label, (s, it) in ((f"{args.level} ({budget})", (seconds, args.iterations)), (greedy_name, (None, None))):
                start = time.perf_counter()
                tasks = [(name, "solo", s, it, args.first + i, 1) for i in range(args.count)]
                results = list(run_tasks(tasks, args.workers))
                score = sum(r for r, _, _ in results)
                times = [t for _, ts, _ in results for t in ts]
                mean = sum(own for _, _, own in results) / len(results)
                line = _line(f"ai {name:<14} solo {label:<29}", score, args.count, time.perf_counter() - start, times)
                print(f"{line}  mean final score {mean:.1f}{SOLO_SCORE.get(name, '')}", flush=True)
    if args.timing:
        for level in [lv for lv in args.levels.split(",") if lv]:
            for name in names:
                print(timing(name, ai.LEVELS[level], args.timing).row(), flush=True)
    return 0
