"""The render process pool: same bytes as render.draw, newest board wins, bounded, survives crashes."""

from __future__ import annotations

import asyncio
import json
import os
import time
from pathlib import Path
from typing import Any

import pytest

import render
import rules
from render.pool import RenderFailed, RenderPool


def fake_draw(game: str, view: dict[str, Any]) -> bytes:
    """A stand-in renderer run in the workers: echoes its input, or sleeps, fails, crashes on demand."""
    if view.get("crash"):
        os._exit(3)
    if view.get("fail"):
        raise ValueError("bad view")
    if view.get("sleep"):
        time.sleep(float(view["sleep"]))
    if view.get("mark"):
        (Path(view["mark"]) / str(os.getpid())).write_text(game)
    return json.dumps([game, view], sort_keys=True).encode()


def echo(game: str, view: dict[str, Any]) -> bytes:
    return fake_draw(game, view)


async def test_results_equal_render_draw_for_every_game() -> None:
    views = []
    for name, game in rules.GAMES.items():
        state = game.new(game.max_players)
        views.append((name, {**game.view(state, None), "names": ["Ada", "勃根地", "Zoë", "Bob"]}))
        views.append((name, game.view(state, 0)))
    pool = RenderPool(workers=2)
    try:
        drawn = await asyncio.gather(*(pool.draw(name, view) for name, view in views))
    finally:
        await pool.close()
    assert drawn == [render.draw(name, view) for name, view in views]


async def test_start_warms_every_worker(tmp_path: Path) -> None:
    pool = RenderPool(workers=2, warm=[("fixer", {"mark": str(tmp_path)})], drawer=fake_draw)
    try:
        await pool.start()
        marks = list(tmp_path.iterdir())
        assert len(marks) == 2 and all(m.read_text() == "fixer" for m in marks)
        assert await pool.draw("torres", {"n": 1}) == echo("torres", {"n": 1})
    finally:
        await pool.close()


async def test_a_newer_board_supersedes_a_waiting_one() -> None:
    pool = RenderPool(workers=1, drawer=fake_draw)
    try:
        await pool.start()
        busy = asyncio.create_task(pool.draw("fixer", {"sleep": 0.5}))
        await asyncio.sleep(0.05)
        older = asyncio.create_task(pool.draw("fixer", {"v": 5}, key=("fixer", 1)))
        other = asyncio.create_task(pool.draw("fixer", {"v": 9}, key=("fixer", 2)))
        private = asyncio.create_task(pool.draw("fixer", {"v": 5, "seat": 0}))
        await asyncio.sleep(0.05)
        assert pool.waiting == 3
        newer = asyncio.create_task(pool.draw("fixer", {"v": 6}, key=("fixer", 1)))
        await asyncio.sleep(0.05)
        assert pool.waiting == 3  # merged into the waiting request, not queued again
        results = await asyncio.gather(busy, older, other, private, newer)
    finally:
        await pool.close()
    assert results[1] == results[4] == echo("fixer", {"v": 6})
    assert results[2] == echo("fixer", {"v": 9})
    assert results[3] == echo("fixer", {"v": 5, "seat": 0})
    assert pool.superseded == 1


async def test_a_board_being_drawn_is_not_superseded() -> None:
    pool = RenderPool(workers=1, drawer=fake_draw)
    try:
        await pool.start()
        first = asyncio.create_task(pool.draw("fixer", {"v": 1, "sleep": 0.3}, key="g"))
        await asyncio.sleep(0.05)
        second = await pool.draw("fixer", {"v": 2}, key="g")
        assert await first == echo("fixer", {"v": 1, "sleep": 0.3})
        assert second == echo("fixer", {"v": 2})
    finally:
        await pool.close()


async def test_the_queue_is_bounded_and_extra_requests_wait_for_room() -> None:
    pool = RenderPool(workers=1, limit=2, drawer=fake_draw)
    try:
        await pool.start()
        busy = asyncio.create_task(pool.draw("fixer", {"sleep": 0.4}))
        await asyncio.sleep(0.05)
        tasks = [asyncio.create_task(pool.draw("fixer", {"i": i})) for i in range(5)]
        await asyncio.sleep(0.1)
        assert pool.waiting == 2 and pool.running == 1
        assert not any(t.done() for t in tasks)
        results = await asyncio.gather(busy, *tasks)
        assert results[1:] == [echo("fixer", {"i": i}) for i in range(5)]
        assert pool.waiting == 0
    finally:
        await pool.close()


async def test_a_renderer_error_reaches_its_caller_only() -> None:
    pool = RenderPool(workers=1, drawer=fake_draw)
    try:
        with pytest.raises(ValueError, match="bad view"):
            await pool.draw("fixer", {"fail": True})
        assert await pool.draw("fixer", {"ok": 1}) == echo("fixer", {"ok": 1})
        assert pool.restarts == 0
    finally:
        await pool.close()


async def test_the_pool_survives_a_crashed_worker() -> None:
    pool = RenderPool(workers=2, drawer=fake_draw)
    try:
        await pool.start()
        innocent = asyncio.create_task(pool.draw("fixer", {"n": 1, "sleep": 0.3}))
        await asyncio.sleep(0.05)
        with pytest.raises(RenderFailed):
            await pool.draw("fixer", {"crash": True})
        assert pool.restarts >= 1
        # the request that shared the broken pool was retried on the fresh one
        assert await innocent == echo("fixer", {"n": 1, "sleep": 0.3})
        assert await pool.draw("torres", {"n": 2}) == echo("torres", {"n": 2})
    finally:
        await pool.close()


async def test_drawings_do_not_wait_for_a_starting_pool(tmp_path: Path) -> None:
    """While the workers spawn and warm up, a drawing runs in a thread of this process."""
    pool = RenderPool(workers=1, warm=[("fixer", {"sleep": 1.5})], drawer=fake_draw)
    try:
        starting = asyncio.create_task(pool.start())
        await asyncio.sleep(0.05)
        t0 = time.perf_counter()
        assert await pool.draw("fixer", {"mark": str(tmp_path)}) == echo("fixer", {"mark": str(tmp_path)})
        assert time.perf_counter() - t0 < 1.0
        assert [m.name for m in tmp_path.iterdir()] == [str(os.getpid())]  # drawn here, not in a worker
        await starting
        assert await pool.draw("fixer", {"n": 1}) == echo("fixer", {"n": 1})
    finally:
        await pool.close()
