"""Notices (reminders, vote posts, a vote's outcome) get the guarantee move posts have.

A notice is owed by a due item that stays open until the adapter says Discord took the post:

- a reminder is owed by its ``remind_*`` item, a vote post by the ``expire`` item that opened the
  vote: the scheduler *leases* the item (it comes due again after ``LEASE`` unless closed) instead
  of closing it before sending, so a crash, a SIGTERM or a Discord 5xx while the notice is in
  flight only delays it;
- a vote's outcome is owed by a ``told:<choice>`` item (``storage.TOLD_PREFIX``) written in the
  very transaction that applies the outcome (the bot's seat and moves, the longer wait, the game's
  end): the decision and its notice commit together or not at all. A later move of that seat or
  the game's end does not close it (``Database._close_due``).

At worst a notice goes out twice (the post arrived, the process died before it was confirmed),
never not at all. A vote's 24 h run from when its post was confirmed: the vote is not decided
while the post that asked for it is still owed.
"""

from __future__ import annotations

from storage import TOLD_PREFIX

VOTE = "vote"
"""The due-item kind of an open vote (closing time = its ``due_at``)."""

LEASE = 300.0
"""Real seconds a pass that took a notice has to deliver it before another pass (of this process
or another) sends it again."""


def told(choice: str) -> str:
    """The due-item kind owing the post of a vote's outcome (``bot``, ``wait``, ``end``,
    ``replace_host``)."""
    return f"{TOLD_PREFIX}{choice}"


def told_choice(kind: str) -> str | None:
    """The outcome a ``told:…`` item owes the post of, or ``None`` for another kind."""
    return kind[len(TOLD_PREFIX):] if kind.startswith(TOLD_PREFIX) else None
