"""The storage layer's shared ground: its exceptions, the commit counter and the transaction
protocol, which the interface (``storage.db``), its mixins and the backends all import (no circle).
"""

from __future__ import annotations

from collections.abc import Sequence
from contextvars import ContextVar
from typing import Any, Protocol

_COMMITS: ContextVar[int] = ContextVar("postern_commits", default=0)


def note_commit() -> None:
    """Count one committed transaction in the current context (called by the backends)."""
    _COMMITS.set(_COMMITS.get() + 1)


def commits() -> int:
    """Transactions committed so far in the current context (the running command's task).

    Why: a command that fails *after* a commit must not tell its player that nothing changed;
    comparing this before and after tells "nothing was applied" from "saved, then failed"."""
    return _COMMITS.get()


class Conflict(Exception):
    """The game changed since it was read (version mismatch) or a uniqueness rule was hit."""


class StorageError(Exception):
    """The database cannot be used at all: it cannot be opened, is damaged, or is newer than us.

    Its text is one line fit for an operator (the bot prints it and exits non-zero).
    """


class StorageBusy(StorageError):
    """A write could not be saved (database locked, disk full, I/O error); nothing was applied.

    The caller may tell the player to try again: the transaction was rolled back.
    """


class CommitUnknown(StorageError):
    """The connection was lost while COMMIT was on its way: the write may or may not have landed.

    Never reported as "nothing was applied" (the player would repeat a move that counted): a
    move is looked up by its act id on a fresh connection (``Database.commit_moves``), and only
    when even that fails does the caller hear that the outcome is unknown.
    """


class Tx(Protocol):
    """One open transaction of a backend: statements in portable SQL with ``?`` placeholders."""

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; the number of rows it changed."""
        ...

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None: ...

    async def insert(self, sql: str, params: Sequence[Any]) -> int:
        """Run an ``INSERT`` into a table with an ``id`` key; the new row's id."""
        ...


