"""The durable outbox of public posts: a committed move is announced even if the process dies.

A move is committed first and posted after, so a crash (or a lost connection that outlives the
adapter's own retries) between the two used to lose the post: the channel kept showing the old
board and nobody was told it was their turn. Now the commit that logs actions also writes one
``announce`` due item for the whole game (``storage.GAME_ITEM_SEAT``), keyed by the first action
it logged, in the same transaction, with the game version that commit produced. The adapter settles the
item once the move's post is out (``TableService.announced``). Whatever is still open ``GRACE`` later is announced again by
the durable scheduler (``TableService.catch_up``): the board as it stands and the lines of every
action not yet announced — so a move is posted at least once. (A post that went out just before
a crash that kept it from being confirmed is posted a second time: a repeated board, never a
missing one.)

Only a service built with ``durable_posts=True`` writes these items: the Discord adapter, whose
posts can be lost. The console prints synchronously and tests of other parts need no outbox.
"""

from __future__ import annotations

ANNOUNCE = "announce"
"""The due-item kind of an action range not yet posted."""

CAUGHT_UP = "caught_up"
"""The ``Result.kind`` of a late post."""

GRACE = 600.0
"""Real seconds a post may take before the scheduler announces the move itself: longer than the
adapter's own retries of a failed post (10 s, 1 min, 5 min), so a post that arrives late is not
followed by a second one."""

LEASE = 300.0
"""Real seconds a scheduler that took an announcement has to post it before another pass (of
this process or another) may try again: a channel that is down for a while is tried every five
minutes, not at every pass."""

MAX_LINES = 40
"""Most event lines a late announcement repeats (the oldest are dropped: the board shows the rest)."""


def scaled(seconds: float, clock: object) -> float:
    """``seconds`` of real time in the game clock's seconds (a sped-up demo clock runs faster)."""
    return seconds * float(getattr(clock, "scale", 1.0))
