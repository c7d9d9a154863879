"""Worker processes end with the process that started them.

Why: the render and bot-thinker pools are ``spawn``ed worker processes waiting on a queue. When
their parent (the bot or the console) is killed outright (``kill -9``, the out-of-memory killer),
nothing tells them: the queue's pipe stays open because each worker holds both of its ends, so
they were reparented to init and waited forever, holding memory and the parent's stdout.

How: each worker starts a daemon thread that watches the parent. ``multiprocessing`` hands a
spawned child a *sentinel*, the read end of the pipe its start-up data came through; the parent
keeps the write end open for as long as it lives, so the sentinel reads end-of-file the moment
the parent is gone, whatever the cause — no polling delay. As a second signal (a fork-started
worker, or any platform quirk) the thread also notices the parent id changing. Either way the
worker exits at once with ``os._exit``: its queue, results and parent are gone, there is nothing
to flush. ``PR_SET_PDEATHSIG`` is deliberately not used: on Linux it fires when the *thread* that
started the worker ends, and pools may start workers from short-lived executor threads.

A leaf module of the standard library only, below every layer: the render pool and the table's
bot thinkers both use it, and importing it costs a worker nothing (``render`` would pull Pillow
into every thinker).
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.context
import os
import signal
import sys
import threading
from multiprocessing.connection import wait

POLL_SECONDS = 0.5
"""How often the parent id is compared (the sentinel itself wakes the thread at once)."""

_started = False


def watch_parent(poll: float = POLL_SECONDS) -> None:
    """In a worker process: exit as soon as the parent process is gone (idempotent)."""
    global _started
    if _started:
        return
    parent = multiprocessing.parent_process()
    if parent is None:
        return  # the main process itself: nothing to watch
    _started = True
    thread = threading.Thread(
        target=_watch, args=(os.getppid(), parent.sentinel, poll), name="postern-lifeline", daemon=True
    )
    thread.start()


def _watch(parent_pid: int, sentinel: int | None, poll: float) -> None:
    while not _parent_gone(parent_pid, sentinel, poll):
        pass
    os._exit(0)


def _parent_gone(parent_pid: int, sentinel: int | None, poll: float) -> bool:
    """Wait up to ``poll`` seconds; True once the parent has certainly ended."""
    if os.getppid() != parent_pid:
        return True
    if sentinel is None:
        threading.Event().wait(poll)
        return os.getppid() != parent_pid
    if not wait([sentinel], timeout=poll):
        return os.getppid() != parent_pid
    if sys.platform == "win32":
        return True  # there the sentinel is the parent's process handle: signalled = ended
    try:
        # Readable means end-of-file (the parent closed its end by dying) or, in theory, start-up
        # bytes nobody read; only the former ends the worker.
        return os.read(sentinel, 4096) == b""
    except OSError:
        return True


class QuietSpawnProcess(multiprocessing.context.SpawnProcess):
    """A worker started with SIGINT ignored from its first instruction: Ctrl-C at the console
    reaches the whole process group, and a worker still importing (before its initialiser runs)
    died printing a KeyboardInterrupt traceback. The ignored disposition is inherited across
    fork and exec, and Python keeps an ignored SIGINT ignored at start-up."""

    def start(self) -> None:
        if threading.current_thread() is not threading.main_thread():  # only there can signals change
            super().start()
            return
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
        try:
            super().start()
        finally:
            signal.signal(signal.SIGINT, previous if previous is not None else signal.default_int_handler)


class QuietSpawnContext(multiprocessing.context.SpawnContext):
    """The ``spawn`` context of both worker pools (render, bot thinkers): quiet on Ctrl-C."""

    Process = QuietSpawnProcess
