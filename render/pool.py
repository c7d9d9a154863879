"""Drawing in worker processes: views in, PNG bytes out, off the event loop's GIL.

Why: a render is pure Python and Pillow work holding the GIL for tens of milliseconds. In a
thread it competes with the event loop and the database thread, so one process caps out near
75 moves/s on two cores and every `table.act` queues behind drawing. Worker processes draw in
parallel with the loop, which only pickles a view and receives the bytes.

Behaviour (what callers can rely on):

* **Sized to the cores**: ``workers`` defaults to the CPUs this process may run on.
* **Warmed**: every worker draws the given warm-up views when it starts, so fonts and cached
  layers are ready before the first player's move; :meth:`RenderPool.start` starts them all.
* **Never slower to start**: while :meth:`RenderPool.start` is still spawning and warming the
  workers, drawings run in a thread of this process, as before the pool existed.
* **Bounded**: at most ``limit`` requests wait for a worker. A request beyond that waits for
  room (back-pressure) instead of piling views up in memory; it is never refused.
* **Newest board wins**: a request with a ``key`` (e.g. a game's public board) that finds an
  older request of the same key still *waiting* takes its place: the view is replaced by the
  newer one, which is drawn once, and *both* callers receive the newer image. Only the latest
  board of a game is worth drawing, and the older post then shows the current board rather
  than a stale one. A request already being drawn is never replaced. Requests without a key
  (private views) are never merged.
* **Dies with its parent**: a worker exits within moments of its parent process ending, even by
  ``kill -9`` (``lifeline``), instead of lingering as an orphan.
* **Survives crashes**: when a worker dies (``BrokenProcessPool``), the pool is rebuilt and the
  requests that were running are tried once more, each alone (the culprit cannot be told apart
  from its neighbours otherwise); a request that breaks the pool again fails with
  :class:`RenderFailed` and the pool carries on.

The pool is pure: it imports neither discord nor storage, and knows games only by name.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any

import render
from lifeline import QuietSpawnContext, watch_parent

log = logging.getLogger("postern.render")



Drawer = Callable[[str, dict[str, Any]], bytes]
WarmView = tuple[str, dict[str, Any]]


class RenderFailed(RuntimeError):
    """A drawing could not be completed (its worker died twice)."""


def cores() -> int:
    """CPUs this process may run on (the affinity mask, not the machine's total)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


def _warm(drawer: Drawer, views: Sequence[WarmView]) -> None:
    """Worker initialiser: end with the parent (``lifeline``), then draw each warm-up view
    once (fonts, static layers, text caches).

    A worker ignores SIGINT: Ctrl-C at the console reaches the whole process group, and only the
    parent decides what an interrupt means (it shuts the pool down); a worker would otherwise
    die printing a KeyboardInterrupt traceback over the terminal."""
    watch_parent()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for game, view in views:
        try:
            drawer(game, view)
        except Exception:  # warming is an optimisation; a worker must start regardless
            log.exception("warming the %s renderer failed", game)


def _ready() -> int:
    """A near no-op job: its worker's pid, once that worker has started (and so warmed up).
    It lingers a moment so that one fast worker does not take every start-up job."""
    time.sleep(0.02)
    return os.getpid()


@dataclass
class _Job:
    game: str
    view: dict[str, Any]
    key: Any
    waiters: list[asyncio.Future[bytes]] = field(default_factory=list)
    suspect: bool = False
    """It was running when a worker died: its retry runs alone, so a second crash names it."""
    executor: ProcessPoolExecutor | None = None
    """The executor it last ran on: a crash restarts that one only, never its replacement."""


class RenderPool:
    """A bounded, superseding queue in front of a process pool of renderers (see the module)."""

    def __init__(
        self,
        workers: int | None = None,
        limit: int = 64,
        warm: Sequence[WarmView] = (),
        drawer: Drawer = render.draw,
    ) -> None:
        self.workers = workers or cores()
        self.limit = limit
        self.warm = tuple(warm)
        self.drawer = drawer
        self.restarts = 0
        """How many times a broken pool was rebuilt (for logs and tests)."""
        self.superseded = 0
        """How many requests were answered by a newer view's image instead of their own."""
        self._executor: ProcessPoolExecutor | None = None
        self._waiting: OrderedDict[int, _Job] = OrderedDict()
        self._keyed: dict[Any, _Job] = {}
        self._running = 0
        self._room: list[asyncio.Future[None]] = []
        self._serial = 0
        self._isolating = False
        self._started: asyncio.Future[None] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    # ---- public ------------------------------------------------------------------------------------
    @property
    def waiting(self) -> int:
        """Requests queued for a worker (never more than ``limit``)."""
        return len(self._waiting)

    @property
    def running(self) -> int:
        return self._running

    def worker_pids(self) -> list[int]:
        """Process ids of the live workers (for CPU accounting in benchmarks)."""
        executor = self._executor
        processes = getattr(executor, "_processes", None) or {}
        return [p.pid for p in processes.values() if p.pid is not None]

    async def start(self) -> None:
        """Start every worker and wait until each has warmed up (idempotent)."""
        self._adopt_loop()
        started = self._started
        if started is not None and started.done() and not started.cancelled() and not started.exception():
            return
        if started is None or started.done():
            self._started = started = asyncio.ensure_future(self._start())
        await asyncio.shield(started)

    async def draw(self, game: str, view: dict[str, Any], key: Any = None) -> bytes:
        """PNG bytes of ``view``, drawn in a worker; ``key`` lets a newer request replace this one
        while it waits (then the newer image is returned)."""
        loop = self._adopt_loop()
        if self._started is not None and not self._started.done():
            # Workers still starting: a spawned, warming worker takes seconds, a thread milliseconds.
            return await asyncio.to_thread(self.drawer, game, view)
        waiter: asyncio.Future[bytes] = loop.create_future()
        while True:
            older = self._keyed.get(key) if key is not None else None
            if older is not None:
                older.view, older.game = view, game
                self.superseded += len(older.waiters)
                older.waiters.append(waiter)
                break
            if len(self._waiting) < self.limit:
                self._enqueue(_Job(game, view, key, [waiter]))
                break
            room: asyncio.Future[None] = loop.create_future()
            self._room.append(room)
            await room
        self._dispatch()
        return await waiter

    async def close(self) -> None:
        """Stop the workers; requests still waiting fail with :class:`RenderFailed`."""
        for job in self._waiting.values():
            self._fail(job, RenderFailed("the render pool was closed"))
        self._waiting.clear()
        self._keyed.clear()
        executor, self._executor = self._executor, None
        self._started = None
        if executor is not None:
            await asyncio.get_running_loop().run_in_executor(None, executor.shutdown)

    # ---- internals ---------------------------------------------------------------------------------
    def _adopt_loop(self) -> asyncio.AbstractEventLoop:
        """Bind the bookkeeping to the running loop. The workers outlive event loops (tests run
        one loop each, the shared pool serves them all); requests of a loop that has gone can
        never complete, so a new loop starts with a clean queue."""
        loop = asyncio.get_running_loop()
        if self._loop is not loop:
            self._loop = loop
            self._waiting.clear()
            self._keyed.clear()
            self._room.clear()
            self._running = 0
            self._isolating = False
            if self._started is not None and not self._started.done():
                self._started = None
        return loop

    def _pool(self) -> ProcessPoolExecutor:
        if self._executor is None:
            # spawn, not fork: the bot process runs threads (SQLite, asyncio) that fork would copy mid-flight
            self._executor = ProcessPoolExecutor(
                max_workers=self.workers,
                mp_context=QuietSpawnContext(),
                initializer=_warm,
                initargs=(self.drawer, self.warm),
            )
        return self._executor

    async def _start(self) -> None:
        loop = asyncio.get_running_loop()
        pool = self._pool()
        # A worker takes jobs only after its warm-up, so a job answered by every pid proves all
        # are warm. Each submit while no worker is idle spawns the next worker.
        seen: set[int] = set()
        try:
            for _ in range(200):
                jobs = (loop.run_in_executor(pool, _ready) for _ in range(self.workers))
                seen.update(await asyncio.gather(*jobs))
                if len(seen) >= self.workers:
                    return
        except BrokenProcessPool:  # a draw will rebuild the pool; starting is only a head start
            log.exception("the render pool failed to start")
            self._restart(pool)

    def _enqueue(self, job: _Job) -> None:
        self._serial += 1
        self._waiting[self._serial] = job
        if job.key is not None:
            self._keyed[job.key] = job

    def _dispatch(self) -> None:
        """Hand waiting jobs to idle workers, oldest first, and let blocked callers in."""
        while self._waiting and self._running < self.workers and not self._isolating:
            job = next(iter(self._waiting.values()))
            if job.suspect:
                if self._running:
                    break  # let the others finish, then retry the suspect alone
                self._isolating = True
            self._waiting.popitem(last=False)
            if job.key is not None and self._keyed.get(job.key) is job:
                del self._keyed[job.key]
            self._run(job)
        while self._room and len(self._waiting) < self.limit:
            room = self._room.pop(0)
            if not room.done():
                room.set_result(None)

    def _run(self, job: _Job) -> None:
        self._running += 1
        loop = asyncio.get_running_loop()
        try:
            job.executor = self._pool()
            future = loop.run_in_executor(job.executor, self.drawer, job.game, job.view)
        except BrokenProcessPool:
            future = loop.create_future()
            future.set_exception(BrokenProcessPool("the render pool is broken"))
        except RuntimeError as error:  # the executor was shut down under us
            future = loop.create_future()
            future.set_exception(error)
        future.add_done_callback(lambda done: self._finished(job, done))

    def _finished(self, job: _Job, done: asyncio.Future[bytes]) -> None:
        self._running -= 1
        if job.suspect:
            self._isolating = False
        error = None if done.cancelled() else done.exception()
        if isinstance(error, BrokenProcessPool):
            self._restart(job.executor)
            if not job.suspect:
                log.warning("a render worker died; retrying %s alone on a fresh pool", job.game)
                job.suspect = True
                self._enqueue_front(job)
            else:
                self._fail(job, RenderFailed(f"drawing {job.game} crashed its worker twice"))
        elif done.cancelled():
            self._fail(job, RenderFailed("the drawing was cancelled"))
        elif error is not None:
            self._fail(job, error)
        else:
            data = done.result()
            for waiter in job.waiters:
                if not waiter.done():
                    waiter.set_result(data)
        self._dispatch()

    def _enqueue_front(self, job: _Job) -> None:
        self._enqueue(job)
        self._waiting.move_to_end(self._serial, last=False)

    def _restart(self, broken: ProcessPoolExecutor | None) -> None:
        """Drop a broken executor; the next job builds a fresh one (warmed again)."""
        if broken is not None and broken is self._executor:
            self._executor = None
            self.restarts += 1
            log.warning("render pool broken: restarting it (restart %d)", self.restarts)
            broken.shutdown(wait=False, cancel_futures=True)

    @staticmethod
    def _fail(job: _Job, error: BaseException) -> None:
        for waiter in job.waiters:
            if not waiter.done():
                waiter.set_exception(error)


_SHARED: RenderPool | None = None


def shared() -> RenderPool:
    """The process-wide pool the bot and the console draw through (created on first use)."""
    global _SHARED
    if _SHARED is None:
        _SHARED = RenderPool()
    return _SHARED


def configure(warm: Sequence[WarmView]) -> RenderPool:
    """Give the shared pool its warm-up views (before it starts) and return it."""
    pool = shared()
    if pool._executor is None:
        pool.warm = tuple(warm)
    return pool
