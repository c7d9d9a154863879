"""Issue #28 item 12: render and thinker workers end when their parent is killed with SIGKILL.

A child Python process starts both real pools (``render.pool.RenderPool`` and
``table.thinkers.Thinkers``), waits until every worker is up, prints their process ids and then
sleeps. The test kills that parent with SIGKILL (nothing of Python's own clean-up runs) and
expects every worker gone within a few seconds. Before the lifeline they were reparented and
stayed alive indefinitely.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

PARENT = textwrap.dedent(
    """
    import asyncio, json, sys, time
    from render.pool import RenderPool
    from table.thinkers import Thinkers, _ready

    async def main():
        render = RenderPool(workers=2)
        await render.start()  # returns once every render worker has answered (warmed up)
        thinkers = Thinkers("pool", workers=2)
        thinkers.warm()
        answered = set()
        while len(answered) < 2:  # every thinker has run its initialiser and answered a job
            jobs = [asyncio.wrap_future(thinkers._pool().submit(_ready)) for _ in range(2)]
            answered.update(await asyncio.gather(*jobs))
        print(json.dumps({"render": render.worker_pids(), "thinkers": thinkers.worker_pids()}), flush=True)
        await asyncio.sleep(3600)

    asyncio.run(main())
    """
)


def alive(pid: int) -> bool:
    """Running (a zombie, waiting for a reaper that may never come in a container, counts as gone)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return False
    state = next((line.split()[1] for line in status.splitlines() if line.startswith("State:")), "?")
    return state not in ("Z", "X")


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads process states from /proc")
def test_workers_end_within_seconds_after_their_parent_is_killed() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    parent = subprocess.Popen(
        [sys.executable, "-c", PARENT], cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert parent.stdout is not None
        line = parent.stdout.readline()
        assert line, parent.stderr.read() if parent.stderr else ""
        pids = json.loads(line)
        workers = [*pids["render"], *pids["thinkers"]]
        assert len(workers) == 4 and all(alive(pid) for pid in workers)
    except BaseException:
        parent.kill()
        raise
    parent.send_signal(signal.SIGKILL)
    parent.wait(10)
    deadline = time.monotonic() + 5.0
    while time.monotonic() < deadline and any(alive(pid) for pid in workers):
        time.sleep(0.1)
    left = [pid for pid in workers if alive(pid)]
    for pid in left:  # never leave orphans behind, even when the test fails
        os.kill(pid, signal.SIGKILL)
    assert not left, f"workers still running 5 s after their parent was killed: {left}"
