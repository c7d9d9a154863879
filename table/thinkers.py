"""Where bot seats think: a process pool, so a bot's search never stalls the event loop.

Why: a search decision is pure Python holding the GIL for its whole budget (up to 5 s at
``hard``). In a thread of the bot's process it competes with the event loop for the GIL, and every
command, click and post of every other game waits behind it. In worker processes the loop only
pickles a seat's *view* (never a state) and receives one action string.

Behaviour (what the table relies on):

* **Sized to the cores**: ``workers`` defaults to the CPUs this process may run on. The workers
  run at a lower CPU priority (``nice``) than the bot's own process, so on a busy machine the
  event loop still gets the CPU the moment it has work.
* **Warmed when a bot takes a seat**: no process exists until the table seats a bot (``warm``),
  so a server without bots never pays for them; then every worker starts and imports the rules
  and the AI at once, in the background, so the bot's first decision does not wait 1-3 s for
  processes to spawn.
* **Bounded**: at most ``limit`` decisions wait for a worker; more wait for room (back-pressure)
  instead of piling views up in memory. None is refused.
* **Survives crashes**: when a worker dies (``BrokenProcessPool``) or a decision overruns its
  deadline (its budget plus a generous margin), the pool is replaced and the decision is tried
  once more on the fresh pool; if that fails too, or the search itself raises (a bug: the same
  position would fail again), the one-ply greedy player answers in a thread (instant), so the
  game goes on and the failure is logged and counted.
* **Dies with its parent**: a worker exits within moments of the bot's process ending, even by
  ``kill -9`` (``lifeline``), instead of lingering as an orphan.
* **Inline mode** (``mode="inline"``, or ``POSTERN_BOT_THINKERS=inline``): decisions run in a
  thread of this process, through the very same policy; meant for tests (monkeypatching a policy
  works, nothing is spawned) and debugging.

The answer is the same in either mode: the policy is ``table.bots.policy(level, iterations)``, a
pure function of (game, view, seat, seed) — deterministic when ``POSTERN_BOT_ITERATIONS`` (read in
the bot's process at each decision) fixes the iterations.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from lifeline import QuietSpawnContext, watch_parent
from table import bots

log = logging.getLogger("postern.bots")


MODES = ("pool", "inline")
ENV_MODE = "POSTERN_BOT_THINKERS"
WORKER_NICE = 5
"""How much lower the workers' CPU priority is than the bot process's (Unix ``nice`` steps)."""
DEADLINE_MARGIN = 30.0
"""Seconds beyond a level's budget after which a decision counts as hung (its worker is killed)."""
GREEDY_SECONDS = 30.0
"""The deadline of a greedy decision (it is instant; this only catches a hung worker)."""


def cores() -> int:
    """CPUs this process may run on (the affinity mask, not the machine's total)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


def _start_worker() -> None:
    """Worker initialiser: end with the parent (``lifeline``), yield the CPU to the bot's
    loop, and import the AI once (warm). SIGINT is ignored: Ctrl-C at the console reaches the
    whole process group, and only the parent decides what it means (a worker would die printing a
    KeyboardInterrupt traceback)."""
    watch_parent()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    with contextlib.suppress(OSError):  # a platform without nice: run at normal priority
        os.nice(WORKER_NICE)
    import ai  # noqa: F401  (imports every game's rules)


def _ready() -> int:
    """A warm-up job: its worker has started (and imported the AI). It lingers a moment so that one
    fast worker does not take every warm-up job and leave the others unstarted."""
    time.sleep(0.05)
    return os.getpid()


def _ignore(future: Any) -> None:
    """Done-callback of a warm-up job: retrieve its outcome so a failure is not reported as unseen."""
    with contextlib.suppress(Exception):
        future.result()


def decide(game: str, view: dict[str, Any], seat: int, level: str | None, seed: int, iterations: int | None) -> str:
    """One bot decision (runs in a worker, or in a thread in inline mode)."""
    return bots.policy(level, iterations)(game, view, seat, seed)


def advise(game: str, view: dict[str, Any], seat: int, level: str, seed: int, iterations: int | None) -> list[tuple[str, float]]:
    """A player's hint: the search's top moves for their seat's view (runs in a worker)."""
    import ai

    if iterations is not None:
        return ai.hints(game, view, seat, iterations=iterations, seed=seed)
    return ai.hints(game, view, seat, iterations=ai.iterations_for(level, game), seconds=ai.ceiling_for(level), seed=seed)


def deadline(level: str | None) -> float:
    """How long a decision at ``level`` may take before its worker is presumed hung."""
    if level in (None, bots.DEFAULT_LEVEL) or level not in bots.LEVELS:
        return GREEDY_SECONDS
    return bots.budget(level) + DEADLINE_MARGIN


class Thinkers:
    """Bot decisions off the event loop (see the module): ``await thinkers.choose(...)``."""

    def __init__(self, mode: str = "pool", workers: int | None = None, limit: int | None = None) -> None:
        if mode not in MODES:
            raise ValueError(f"unknown thinkers mode {mode!r}; known: {', '.join(MODES)}")
        self.mode = mode
        self.workers = workers or cores()
        self.limit = limit or self.workers * 8
        self.restarts = 0
        """How many times a broken or hung pool was replaced (for logs and tests)."""
        self.fallbacks = 0
        """Decisions answered by the greedy player because the pool failed twice."""
        self._executor: ProcessPoolExecutor | None = None
        self._room: asyncio.Semaphore | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    async def choose(self, game: str, view: dict[str, Any], seat: int, *, level: str | None, seed: int) -> str:
        """The bot's action for ``seat`` given only its ``view``; waits for a free place first."""
        iterations = bots.fixed_iterations()  # read here: workers keep the environment of their spawn
        async with self._semaphore():
            try:
                if self.mode == "inline":
                    return await asyncio.to_thread(decide, game, view, seat, level, seed, iterations)
                for attempt in (1, 2):
                    executor = self._pool()
                    try:
                        running = asyncio.wrap_future(executor.submit(decide, game, view, seat, level, seed, iterations))
                        return await asyncio.wait_for(running, deadline(level))
                    except (BrokenProcessPool, TimeoutError) as error:
                        what = "hung" if isinstance(error, TimeoutError) else "crashed"
                        log.warning("a bot worker %s (%s, seat %d, attempt %d); replacing the pool", what, game, seat, attempt)
                        self._replace(executor, kill=isinstance(error, TimeoutError))
                log.error("bot decision for %s seat %d failed twice in the pool; the greedy player answers", game, seat)
            except Exception:  # a policy's own error: retrying the same position would fail again
                if level in (None, bots.DEFAULT_LEVEL):
                    raise  # greedy itself failed: nothing simpler is left to answer
                log.exception("bot policy %s failed for %s seat %d; the greedy player answers", level, game, seat)
            self.fallbacks += 1
            return await asyncio.to_thread(decide, game, view, seat, None, seed, None)

    async def hint(self, game: str, view: dict[str, Any], seat: int, *, level: str, seed: int) -> list[tuple[str, float]]:
        """A player's hint (``advise``), in the pool like a bot's decision and behind the same
        bound; a broken or hung pool is replaced and the hint raises (the player may ask again)."""
        iterations = bots.fixed_iterations()
        async with self._semaphore():
            if self.mode == "inline":
                return await asyncio.to_thread(advise, game, view, seat, level, seed, iterations)
            executor = self._pool()
            try:
                running = asyncio.wrap_future(executor.submit(advise, game, view, seat, level, seed, iterations))
                return await asyncio.wait_for(running, deadline(level))
            except (BrokenProcessPool, TimeoutError) as error:
                self._replace(executor, kill=isinstance(error, TimeoutError))
                raise

    def warm(self) -> None:
        """Start every worker now, without waiting (pool mode; a no-op once the pool exists)."""
        if self.mode != "pool" or self._executor is not None:
            return
        executor = self._pool()
        try:
            for _ in range(self.workers):
                executor.submit(_ready).add_done_callback(_ignore)
        except (BrokenProcessPool, RuntimeError) as error:  # warming is an optimisation only
            log.warning("warming the bot workers failed: %s", error)

    def worker_pids(self) -> list[int]:
        """Process ids of the live workers (for benchmarks and tests)."""
        processes = getattr(self._executor, "_processes", None) or {}
        return [p.pid for p in processes.values() if p.pid is not None]

    async def close(self) -> None:
        """Stop the workers (a later decision starts a new pool)."""
        executor, self._executor = self._executor, None
        if executor is not None:
            await asyncio.get_running_loop().run_in_executor(None, executor.shutdown)

    # ---- internals -----------------------------------------------------------------------------------
    def _semaphore(self) -> asyncio.Semaphore:
        """The bound on decisions in flight, for the running loop (tests run one loop each; the
        workers outlive loops, a semaphore cannot)."""
        loop = asyncio.get_running_loop()
        if self._room is None or self._loop is not loop:
            self._loop = loop
            self._room = asyncio.Semaphore(self.limit)
        return self._room

    def _pool(self) -> ProcessPoolExecutor:
        if self._executor is None:
            # spawn, not fork: the bot process runs threads (SQLite, asyncio) that fork would copy mid-flight
            self._executor = ProcessPoolExecutor(
                max_workers=self.workers,
                mp_context=QuietSpawnContext(),
                initializer=_start_worker,
            )
        return self._executor

    def _replace(self, broken: ProcessPoolExecutor, *, kill: bool) -> None:
        """Drop a broken (or hung: ``kill``) executor; the next decision builds a fresh one."""
        if broken is not self._executor:
            return  # another decision already replaced it
        self._executor = None
        self.restarts += 1
        if kill:
            processes = getattr(broken, "_processes", None) or {}
            for process in list(processes.values()):
                process.kill()
        broken.shutdown(wait=False, cancel_futures=True)


_SHARED: Thinkers | None = None


def shared() -> Thinkers:
    """The process-wide thinkers (mode from ``POSTERN_BOT_THINKERS``: ``pool`` by default)."""
    global _SHARED
    if _SHARED is None:
        mode = os.environ.get(ENV_MODE, "pool").strip().lower() or "pool"
        _SHARED = Thinkers(mode if mode in MODES else "pool")
        if mode not in MODES:
            log.warning("%s=%r is not one of %s; using the process pool", ENV_MODE, mode, ", ".join(MODES))
    return _SHARED
