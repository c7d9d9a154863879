"""``python -m bench ai``: how strong and how fast the AI is (issues 11 and 26).

Per game, two players, seats swapped game by game: the search bot at a level (``normal`` by
default) against a uniformly random player, the one-ply greedy policy and the game's independent
rules-based player (``bench.heuristics``; ``--rivals rules``), with win rates, their 95 % Wilson
intervals and the bot's mean margin over its rival; the solo win rates (FIXER against its automa, Burgundy against the
solo rules) of the search bot and of greedy playing the human seat; then decision times (p50/p95)
per level on positions from random games.

The issue asks for at least 200 games per pairing at 1 s per decision: about 260 s of search for
one game of each of the five games, some 29 core-hours for the whole table, far more than one
sitting on a small machine. So a run can be spread over many sittings: ``--ledger FILE`` appends
every finished game to a JSON-lines file and a later run with the same ledger plays only the games
it lacks, then reports on all of them. A record counts only while the code that played it is
unchanged (``fingerprint``: the sources of ``ai``, the shared rules core and the game's package,
and ``POLICY_VERSION`` for this file's own rivals), so a ledger never mixes two versions of a bot.

Searches in the strength pairings read the process's CPU clock (``--clock cpu``, the default): a
decision gets one second of one core whatever else runs on the machine, so a ledger can be filled
in the background and its games are the games an idle core would play. ``--count`` and
``--seconds`` (or ``--iterations``) let a run fit the time at hand — ``--iterations level`` plays
each game at the level's own iteration target (``ai.iterations_for``), the strength a bot has on
an idle core and keeps under load, with no clock in the result at all — ``--workers`` plays games in
parallel processes, and the first line states the exact budget used. The timing rows always read
the wall clock, on positions searched one at a time.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import multiprocessing
import random
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import ai
import rules
from ai import search
from ai.evaluate import values
from ai.search import index, picker, weighted
from bench import heuristics
from bench.stats import Figure

Policy = Callable[[str, dict[str, Any], int, int], str]

POLICY_VERSION = 1
"""Raise when this file's rivals (random, the bench's greedy) or the way a game is played here change:
ledger records made before then stop counting."""

CLOCKS: dict[str, Callable[[], float]] = {"cpu": time.process_time, "wall": time.perf_counter}
"""The clocks a search may read in the pairings (see the module's docstring)."""

ROOT = Path(__file__).resolve().parent.parent


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
        start = search.CLOCK()
        action = policies[seat](game, g.view(state, seat), seat, seed * 100_003 + step)
        if times is not None and seat == timed_seat:
            times.append((search.CLOCK() - start) * 1000.0)
        state, _ = g.apply(state, seat, action)


# ---- pairings as independent tasks, so games can run in parallel processes ----------------------
Task = tuple[str, str, float | None, int | None, int, int, str]
"""(game, rival key — "random", "greedy" or "solo" —, bot seconds, bot iterations, game index, players, clock)."""

Result = tuple[float, list[float], float, float | None]
"""(the bot's win share, its decision times in ms, its final score, its margin over the best other
seat — None in a solo game and in records older than margins)."""


def fingerprint(game: str) -> str:
    """A digest of the code a game of ``game`` runs: the search and the evaluation common to every
    game (``ai/*.py``, ``ai/estimates/__init__.py``), the game's own estimate, the rules core, the
    game's package and its rules-based rival. Another game's estimate or rules are not in it, so
    tuning one game leaves the ledger's games of the others standing."""
    digest = hashlib.sha256(f"policies {POLICY_VERSION}".encode())
    files = [*sorted((ROOT / "ai").glob("*.py")), ROOT / "ai" / "estimates" / "__init__.py"]
    files += [ROOT / "ai" / "estimates" / f"{game}.py", ROOT / "rules" / "__init__.py", ROOT / "rules" / "core.py"]
    files += sorted((ROOT / "rules" / game).rglob("*.py"))
    rival = heuristics.source(game)
    files += [rival] if rival is not None else []
    files = [path for path in files if path.exists()]
    for path in files:
        digest.update(path.relative_to(ROOT).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


class SourcesChanged(RuntimeError):
    """A game's sources changed on disk while a run was playing it: its games ran the code loaded at
    the start (worker processes are forked from this one), so they must not be filed under the new
    fingerprint."""


class Ledger:
    """Finished games of earlier runs, kept in a JSON-lines file (see the module's docstring).

    Every game's fingerprint is taken when the ledger is opened, right after this process imported
    the code its games will run, and checked again before each record is written: an edit to ``ai``
    or a game's rules during a long run stops the run (``SourcesChanged``) instead of filing games of
    the old code as games of the new."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.known: dict[str, Result] = {}
        self.prints: dict[str, str] = {game: fingerprint(game) for game in rules.GAMES}
        files = sorted(path.glob("*.jsonl")) if path is not None and path.is_dir() else [path] if path is not None and path.exists() else []
        for file in files:
            for line in file.read_text().splitlines():
                if line.strip():
                    record = json.loads(line)
                    self.known[record["key"]] = (record["result"], record["times"], record["own"], record.get("margin"))

    def file(self, game: str) -> Path:
        """Where a game's records go: the ledger's file, or in a ledger folder (a path without a
        suffix) one file per game — so games measured on separate branches merge without conflict."""
        assert self.path is not None
        return self.path / f"{game}.jsonl" if self.path.is_dir() or not self.path.suffix else self.path

    def key(self, task: Task) -> str:
        game = task[0]
        if game not in self.prints:
            self.prints[game] = fingerprint(game)
        return json.dumps([*task, self.prints[game]])

    def get(self, task: Task) -> Result | None:
        return self.known.get(self.key(task))

    def add(self, task: Task, result: Result) -> None:
        if self.path is not None and fingerprint(task[0]) != self.prints[task[0]]:
            raise SourcesChanged(f"the code of {task[0]} changed during this run; run again to play its games with the new code")
        key = self.key(task)
        self.known[key] = result
        if self.path is not None:
            target = self.file(task[0])
            target.parent.mkdir(parents=True, exist_ok=True)
            record = {"key": key, "result": result[0], "times": [round(t, 1) for t in result[1]], "own": result[2], "margin": result[3]}
            with target.open("a") as out:
                out.write(json.dumps(record) + "\n")


def _rival(key: str, game: str) -> Policy:
    if key == "rules":
        return heuristics.player(game)
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


def run_task(task: Task) -> Result:
    """One game of a pairing: the bot's result (win 1, shared first ½), its decision times, final
    score and margin over the best other seat.

    The score is what ``Game.scores`` reports for the bot's seat (Burgundy solo: spaces filled)."""
    game, rival, seconds, iterations, i, players, clock = task
    search.CLOCK = CLOCKS[clock]
    g = rules.get(game)
    bot = _bot(seconds, iterations)
    times: list[float] = []
    if rival == "solo":
        state = play_game(game, 1, [bot], seed=i, times=times)
        return values(g, state, 1)[0], times, float(g.scores(state)[0]), None
    bot_seat = i % players
    policies = [_rival(rival, game)] * players
    policies[bot_seat] = bot
    state = play_game(game, players, policies, seed=i, times=times, timed_seat=bot_seat)
    scores = [float(x) for x in g.scores(state)]
    own = scores[bot_seat]
    margin = own - max(x for i, x in enumerate(scores) if i != bot_seat)
    return win_share(g, state, bot_seat), times, own, margin


def win_share(game: rules.Game, state: Any, seat: int) -> float:
    """The seat's share of the win: 1 alone in first place, 1/k when k seats share it, else 0."""
    order, places = game.ranking(state), game.places(state)
    if seat not in order or places[order.index(seat)] != 1:
        return 0.0
    return 1.0 / places.count(1)


def _run_indexed(item: tuple[int, Task]) -> tuple[int, Result]:
    return item[0], run_task(item[1])


def run_tasks(tasks: list[Task], workers: int, ledger: Ledger | None = None) -> Iterable[Result]:
    """Results of ``tasks`` in order, in a pool of ``workers`` processes when more than one.

    Games the ledger already holds are not played again; each new one is added as it finishes, so
    an interrupted run loses only the games in progress."""
    ledger = ledger or Ledger(None)
    results: dict[int, Result] = {}
    todo: list[tuple[int, Task]] = []
    for i, task in enumerate(tasks):
        known = ledger.get(task)
        if known is None:
            todo.append((i, task))
        else:
            results[i] = known
    if workers <= 1 or len(todo) <= 1:
        finished: Iterable[tuple[int, Result]] = map(_run_indexed, todo)
        for i, result in finished:
            ledger.add(tasks[i], result)
            results[i] = result
    else:
        context = multiprocessing.get_context("fork" if sys.platform != "win32" else "spawn")
        with context.Pool(workers) as pool:
            for i, result in pool.imap_unordered(_run_indexed, todo, chunksize=1):
                ledger.add(tasks[i], result)
                results[i] = result
    return [results[i] for i in range(len(tasks))]


def pairing(
    game: str,
    rival: str,
    seconds: float | None,
    iterations: int | None,
    count: int,
    workers: int = 1,
    first: int = 0,
    ledger: Ledger | None = None,
    clock: str = "wall",
) -> tuple[float, int, list[float]]:
    """``count`` games of one pairing (seats swapped game by game): score, games, bot decision ms."""
    tasks = [(game, rival, seconds, iterations, first + i, 2, clock) for i in range(count)]
    score = 0.0
    times: list[float] = []
    for result, spent, *_ in run_tasks(tasks, workers, ledger):
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
        score += win_share(g, state, bot_seat)
    return score, count


def solo(game: str, policy: Policy, count: int) -> tuple[float, int]:
    """Wins of ``policy`` in the seat of a solo game (against the automa or the solo target)."""
    g = rules.get(game)
    wins = 0.0
    for i in range(count):
        state = play_game(game, 1, [policy], seed=i)
        wins += values(g, state, 1)[0]
    return wins, count


def timing(game: str, seconds: float, decisions: int, level: str | None = None) -> Figure:
    """Decision times at a budget, on positions of random games where a choice exists; with
    ``level``, as a bot of that level decides (its iteration target under its ceiling)."""
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
                if level is not None:
                    ai.choose(game, g.view(state, seat), seat, iterations=ai.iterations_for(level, game),
                              seconds=ai.ceiling_for(level), seed=seed)
                else:
                    ai.choose(game, g.view(state, seat), seat, seconds=seconds, seed=seed)
                samples.append((time.perf_counter() - start) * 1000.0)
            state, _ = g.apply(state, seat, legal[index(rng, len(legal))])
    if level is not None:
        return Figure(f"ai {game} decision {seconds:g}s ({level})", samples, budget=f"p95≤{ai.ceiling_for(level) * 1000:.0f}ms")
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


def _margin(results: list[Result]) -> str:
    """The mean margin of the bot's final score over the best other seat, over the games that have one."""
    margins = [r[3] for r in results if r[3] is not None]
    return f"  mean margin {sum(margins) / len(margins):+.1f} (n={len(margins)})" if margins else ""


def _budget(args: argparse.Namespace, game: str) -> tuple[float | None, int | None]:
    """The bot's (seconds, iterations) per decision in ``game``: ``--iterations level`` is the level's
    own iteration target for that game (``ai.iterations_for``), with no clock at all."""
    if args.iterations == "level":
        return None, ai.iterations_for(args.level, game)
    if args.iterations:
        return None, int(args.iterations)
    return (args.seconds if args.seconds is not None else ai.LEVELS[args.level]), None


def _describe(seconds: float | None, iterations: int | None) -> str:
    return f"{iterations} iterations" if iterations else f"{seconds:g} s"


def _iterations(text: str) -> str:
    if text != "level" and not (text.isdigit() and int(text) > 0):
        raise argparse.ArgumentTypeError("a positive whole number, or 'level' for the level's own target per game")
    return text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench ai")
    parser.add_argument("--games", default="", help="comma-separated game names (default: every game with a sampler)")
    parser.add_argument("--count", type=int, default=200, help="games per pairing, seats swapped (issue: at least 200)")
    parser.add_argument("--level", default="normal", choices=sorted(ai.LEVELS), help="the search bot's level")
    parser.add_argument("--seconds", type=float, default=None, help="override the level's seconds per decision")
    parser.add_argument(
        "--iterations", type=_iterations, default=None,
        help="fixed iterations per decision instead of time: a number, or 'level' for the level's target in each game",
    )
    parser.add_argument("--rivals", default="random,greedy", help="rivals to play: random, greedy, rules (comma-separated)")
    parser.add_argument("--solo", action="store_true", help="also the solo win rates (FIXER, Burgundy)")
    parser.add_argument("--workers", type=int, default=1, help="games played in parallel processes")
    parser.add_argument("--first", type=int, default=0, help="index of the first game (seeds chance and the bots)")
    parser.add_argument("--timing", type=int, default=20, help="decisions timed per level and game (0: skip)")
    parser.add_argument("--levels", default="easy,normal,hard", help="levels to time")
    parser.add_argument("--ledger", type=Path, default=None, help="JSON-lines file of finished games, read and extended")
    parser.add_argument("--clock", default="cpu", choices=sorted(CLOCKS), help="the clock searches read in the pairings")
    parser.add_argument("--summary", action="store_true", help="only report what the ledger holds for today's code")
    args = parser.parse_args(argv)
    ledger = Ledger(args.ledger)
    names = [n for n in args.games.split(",") if n] or [n for n in rules.GAMES if ai.has_sampler(n)]
    if args.summary:
        for line in summary(ledger, names, args):
            print(line, flush=True)
        return 0
    budget = "each game's level target in iterations" if args.iterations == "level" else _describe(*_budget(args, names[0]))
    print(
        f"bench ai: {args.level} at {budget} per decision, rivals [{args.rivals}]{' + solo' if args.solo else ''}, "
        f"{args.count} games per pairing (seats swapped, 2 players; games {args.first}..{args.first + args.count - 1}), "
        f"{args.workers} worker process(es), {args.clock} clock{f', ledger {args.ledger} ({len(ledger.known)} records)' if args.ledger else ''}, timing {args.timing} decisions per level ({args.levels}); "
        f"argv: {' '.join(argv if argv is not None else sys.argv[1:])}",
        flush=True,
    )
    try:
        _pairings(args, names, ledger)
    except SourcesChanged as error:
        print(f"bench ai: stopped: {error}", file=sys.stderr, flush=True)
        return 3
    finally:
        search.CLOCK = time.perf_counter  # pairings run in this process may have left the CPU clock in
    if args.timing:
        for level in [lv for lv in args.levels.split(",") if lv]:
            for name in names:
                print(timing(name, ai.LEVELS[level], args.timing, level).row(), flush=True)
    return 0


def _labels() -> dict[str, str]:
    return {"random": "random", "greedy": greedy_policy()[0], "rules": "rules (bench.heuristics)"}


def summary(ledger: Ledger, names: list[str], args: argparse.Namespace) -> list[str]:
    """One line per pairing and solo row: the games the ledger holds for the code as it is now
    (any count, games 0..n-1 or not), so a run spread over many sittings can be read at any time."""
    rows: dict[tuple[str, str], list[Result]] = {}
    for key, result in ledger.known.items():
        game, rival, secs, its, _, players, clk, print_ = json.loads(key)
        if game not in names or clk != args.clock or print_ != ledger.prints.get(game):
            continue
        mine = (secs, its) == _budget(args, game)
        if rival == "solo" and players == 1:
            label = "solo bot" if mine else ("solo greedy" if secs is None and its is None else "")
        elif players == 2 and mine:
            label = f"vs {rival}"
        else:
            label = ""
        if label:
            rows.setdefault((game, label), []).append(result)
    budget = "each game's level target" if args.iterations == "level" else _describe(*_budget(args, names[0]))
    lines = [f"ledger {ledger.path}: games of today's code ({args.clock} clock, the bot at {budget} per decision)"]
    for (game, label), results in sorted(rows.items(), key=lambda kv: (names.index(kv[0][0]), kv[0][1])):
        score = sum(r[0] for r in results)
        times = [t for r in results for t in r[1]]
        mean = sum(r[2] for r in results) / len(results)
        its = f" ({_describe(*_budget(args, game))})" if label != "solo greedy" else ""
        line = _line(f"ai {game:<14} {label:<16}", score, len(results), 0.0, times).rsplit("  (", 1)[0]
        lines.append(f"{line}  mean final score {mean:.1f}{_margin(results)}{its}")
    return lines


def _pairings(args: argparse.Namespace, names: list[str], ledger: Ledger) -> None:
    """Play and print every pairing (and the solo rows) that ``args`` asks for."""
    labels = _labels()
    for name in names:
        seconds, iterations = _budget(args, name)
        budget = _describe(seconds, iterations)
        for key in [r for r in args.rivals.split(",") if r]:
            start = time.perf_counter()
            tasks = [(name, key, seconds, iterations, args.first + i, 2, args.clock) for i in range(args.count)]
            results = list(run_tasks(tasks, args.workers, ledger))
            score = sum(r[0] for r in results)
            times = [t for r in results for t in r[1]]
            label = f"ai {name:<14} {args.level} ({budget}) vs {labels.get(key, key):<18}"
            print(_line(label, score, len(results), time.perf_counter() - start, times) + _margin(results), flush=True)
        if args.solo and rules.get(name).min_players == 1:
            for label, (s, it) in ((f"{args.level} ({budget})", (seconds, iterations)), (labels["greedy"], (None, None))):
                start = time.perf_counter()
                tasks = [(name, "solo", s, it, args.first + i, 1, args.clock) for i in range(args.count)]
                results = list(run_tasks(tasks, args.workers, ledger))
                score = sum(r[0] for r in results)
                times = [t for r in results for t in r[1]]
                mean = sum(r[2] for r in results) / len(results)
                line = _line(f"ai {name:<14} solo {label:<29}", score, args.count, time.perf_counter() - start, times)
                print(f"{line}  mean final score {mean:.1f}{SOLO_SCORE.get(name, '')}", flush=True)
