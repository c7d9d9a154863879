"""The measurements behind ``python -m bench`` (budgets from design.md, on this 2-core machine)."""

from __future__ import annotations

import io
import random
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PIL import Image

import render
import rules
from bench.stats import Figure
from render.png import DEFLATE as png_deflate
from render.png import PILLOW_OPTIONS as PILLOW_PNG
from render.png import encode as png_encode
from rules import CHANCE, Game
from storage import Database
from table.chance import resolve
from table.service import TableService, User

PLAYOUT_BUDGET_MS = {"fixer": 50.0}
DEFAULT_PLAYOUT_BUDGET_MS = 1000.0


def playout(game: Game, players: int, seed: int, apply_times: list[float], keep: list[Any]) -> float:
    """One seeded random game; returns its wall time (ms) and records per-apply times."""
    rng = random.Random(seed)
    start = time.perf_counter()
    state = game.new(players)
    step = 0
    while not game.is_over(state):
        acting = game.to_act(state)
        if acting == [CHANCE]:
            seat, action = CHANCE, resolve(seed, step, game.chance_outcomes(state))
        else:
            seat = acting[0] if len(acting) == 1 else rng.choice(acting)
            action = rng.choice(game.legal_actions(state, seat))
        t0 = time.perf_counter()
        state, _ = game.apply(state, seat, action)
        apply_times.append((time.perf_counter() - t0) * 1000.0)
        if step % 23 == 0:
            keep.append(state)
        step += 1
    keep.append(state)
    return (time.perf_counter() - start) * 1000.0


def rules_figures(game: Game, runs: int) -> tuple[list[Figure], list[Any]]:
    figures: list[Figure] = []
    apply_times: list[float] = []
    states: list[Any] = []
    for players in range(game.min_players, game.max_players + 1):
        walls = [playout(game, players, seed, apply_times, states) for seed in range(runs)]
        budget = PLAYOUT_BUDGET_MS.get(game.name, DEFAULT_PLAYOUT_BUDGET_MS)
        figures.append(Figure(f"{game.name} playout {players}p", walls, f"≤ {budget:.0f} ms"))
    figures.insert(0, Figure(f"{game.name} apply (all counts)", apply_times, "p95 ≤ 2 ms"))
    return figures, states


def render_figures(game: Game, states: list[Any], limit: int) -> list[Figure]:
    times: list[float] = []
    sizes: list[float] = []
    picked = states[:: max(1, len(states) // limit)][:limit]
    for state in picked:
        players = int(game.view(state, None)["players"])
        for seat in (None, 0):
            view = {**game.view(state, seat), "names": [f"Player {i + 1}" for i in range(players)]}
            start = time.perf_counter()
            png = render.draw(game.name, view)
            times.append((time.perf_counter() - start) * 1000.0)
            sizes.append(len(png) / 1024.0)
    return [
        Figure(f"{game.name} render", times, "p95 ≤ 40 ms"),
        Figure(f"{game.name} image size", sizes, "≤ 400 KB", unit="KB"),
    ]


def encode_floor_ms(png: bytes, repeat: int = 3, encoder: Callable[[Image.Image], bytes] | None = None) -> float:
    """The encode floor of a rendered image: the best of ``repeat`` timings of encoding the final
    picture as PNG — decoded from the bytes the renderer returned, so in the mode it is delivered
    in (``P`` for our palettes). By default the encoder is Pillow's ``Image.save`` at zlib level 1,
    the floor issue 13 set its target against; ``encoder`` measures another one (the kit's own,
    :func:`render.png.encode`). Timed in CPU time of this thread (as the render beside it), so other
    processes on a shared machine do not skew the ratio."""
    picture = Image.open(io.BytesIO(png))
    picture.load()
    best = float("inf")
    for _ in range(repeat):
        t0 = time.thread_time()
        if encoder is None:
            picture.save(io.BytesIO(), format="PNG", **PILLOW_PNG)
        else:
            encoder(picture)
        best = min(best, (time.thread_time() - t0) * 1000.0)
    return best


def ratio_figures(game: Game, states: list[Any], limit: int, repeat: int = 3) -> list[Figure]:
    """Render time over its encode floor, per image (both best of ``repeat`` in CPU time, same
    process, warm caches as in a running bot): the cost of a whole render in units of Pillow's PNG
    encode of the same picture. The kit now writes palette PNGs itself with a faster deflate, so a
    render can cost less than that floor; the last row puts the render over the kit's own encode,
    which shows what drawing costs beyond writing the file."""
    ratios: list[float] = []
    renders: list[float] = []
    floors: list[float] = []
    own: list[float] = []
    picked = states[:: max(1, len(states) // limit)][:limit]
    for state in picked:
        players = int(game.view(state, None)["players"])
        for seat in (None, 0):
            view = {**game.view(state, seat), "names": [f"Player {i + 1}" for i in range(players)]}
            png = render.draw(game.name, view)  # warm: caches as a running bot has them
            best = float("inf")
            for _ in range(repeat):
                t0 = time.thread_time()
                render.draw(game.name, view)
                best = min(best, (time.thread_time() - t0) * 1000.0)
            floor = encode_floor_ms(png, repeat)
            renders.append(best)
            floors.append(floor)
            ratios.append(best / floor)
            own.append(best / encode_floor_ms(png, repeat, png_encode))
    return [
        Figure(f"{game.name} render / Pillow PNG encode floor", ratios, "≤ 1.5", unit="×"),
        Figure(f"  {game.name} render (best of {repeat})", renders, ""),
        Figure(f"  {game.name} Pillow encode floor (best of {repeat})", floors, ""),
        Figure(f"  {game.name} render / the kit's own encode ({png_deflate})", own, "", unit="×"),
    ]


async def table_figure(moves: int, game: str = "fixer", players: int = 2, target: str | None = None) -> Figure:
    """Table action including the commit (rendering excluded): SQLite in a temp file, or ``target``."""
    samples: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        async with Database(target or Path(tmp) / "bench.db") as db:
            table = TableService(db, seed_source=lambda: "bench")
            users = [User(str(i), f"P{i}") for i in range(players)]
            rng = random.Random(7)
            game_no = 0
            while len(samples) < moves:
                channel = f"bench-{game_no}"
                game_no += 1
                await table.open(channel_id=channel, guild_id="g", user=users[0], game=game, players=players)
                for user in users[1:]:
                    await table.join(channel_id=channel, user=user)
                result = await table.start(channel_id=channel, user=users[0])
                while result.status == "active" and len(samples) < moves:
                    user = next(u for u in users if u.id == result.user_ids[result.to_act[0]])  # seats are drawn
                    _, legal = await table.legal_moves(channel_id=channel, user=user)
                    action = rng.choice(legal)
                    t0 = time.perf_counter()
                    result = await table.act(channel_id=channel, user=user, action=action)
                    samples.append((time.perf_counter() - t0) * 1000.0)
    backend = "PostgreSQL" if target else "SQLite"
    return Figure(f"table act + {backend} commit ({game} {players}p)", samples, "p95 ≤ 15 ms")


async def load_figures(
    quick: bool, modes: list[str], games: int | None = None, movers: int | None = None
) -> list[Figure]:
    """Moves/s with images at many live games and concurrent movers, per drawing mode."""
    from bench.load import run_load

    figures: list[Figure] = []
    rates: dict[str, float] = {}
    capacities: dict[str, float] = {}
    for mode in modes:
        run = await run_load(
            games=games or (20 if quick else 1000),
            movers=movers or (4 if quick else 16),
            seconds=3.0 if quick else 30.0,
            mode=mode,
        )
        rates[mode] = run.rate
        capacities[mode] = run.capacity()
        figures.extend(run.figures())
    if "pool" in rates and rates.get("thread"):
        figures.append(
            Figure("moves/s pool ÷ thread (wall clock)", [rates["pool"] / rates["thread"]], "≥ 2", unit="×")
        )
        if capacities.get("thread"):
            ratio = capacities["pool"] / capacities["thread"]
            figures.append(Figure("2-core capacity pool ÷ thread (CPU)", [ratio], "≥ 2", unit="×"))
    return figures


async def run_all(
    quick: bool = False,
    games: list[str] | None = None,
    load_modes: list[str] | None = None,
    burst: tuple[int, int] | None = None,
) -> list[Figure]:
    """Every figure; ``burst`` = (moves, games) of the ``/move`` burst (default 500 across 125,
    or 40 across 10 with ``quick``; (0, 0) skips it)."""
    from bench.discord_roundtrip import burst_figures, roundtrip_figure

    figures: list[Figure] = []
    for name, game in rules.GAMES.items():
        if games and name not in games:
            continue
        runs = 5 if quick else 30
        rule_figs, states = rules_figures(game, runs)
        figures.extend(rule_figs)
        figures.extend(render_figures(game, states, 10 if quick else 60))
        figures.extend(ratio_figures(game, states, 5 if quick else 30))
    for name, game in rules.GAMES.items():
        if not games or name in games:
            figures.append(await table_figure(100 if quick else 600, name, game.max_players))
    figures.append(await roundtrip_figure(10 if quick else 60))
    moves, tables = burst if burst is not None else ((40, 10) if quick else (500, 125))
    if moves > 0:
        figures.extend(await burst_figures(moves, tables))
    figures.extend(await load_figures(quick, load_modes if load_modes is not None else ["thread", "pool"]))
    from bench.storage_scale import lookup_figures

    figures.extend(await lookup_figures(10_000 if quick else 100_000, 100 if quick else 500))
    from bench.postgres import postgres_figures

    figures.extend(await postgres_figures(100 if quick else 400))
    return figures
