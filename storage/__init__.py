"""Persistence: games, seats and the action log, on SQLite (embedded) or PostgreSQL.

``await storage.connect(target)`` returns an open, migrated ``Database`` for a file path (SQLite)
or a ``postgresql://`` URL (PostgreSQL); see ``storage.db`` for the guarantees both keep.
"""

from pathlib import Path

# The backends register themselves with ``Database`` on import (``Database.register``): importing
# them here is what lets ``Database(target)`` pick one while ``storage.db`` imports neither.
from storage import postgres as _postgres  # noqa: F401
from storage import sqlite as _sqlite  # noqa: F401
from storage.db import (
    GAME_ITEM_SEAT,
    TOLD_PREFIX,
    ActionRow,
    Bank,
    ClockAnchor,
    CommitUnknown,
    Conflict,
    Database,
    DueItem,
    GameRow,
    NewAction,
    SeatChange,
    SeatRow,
    ServerSettings,
    StorageBusy,
    StorageError,
    UserSettings,
    commits,
)


async def connect(target: str | Path) -> Database:
    """An open, migrated database for ``target``; ``StorageError`` (one clear line) if unusable."""
    return await Database(target).open()


__all__ = [
    "GAME_ITEM_SEAT",
    "TOLD_PREFIX",
    "ActionRow",
    "Bank",
    "ClockAnchor",
    "CommitUnknown",
    "Conflict",
    "Database",
    "DueItem",
    "GameRow",
    "NewAction",
    "SeatChange",
    "SeatRow",
    "ServerSettings",
    "StorageBusy",
    "StorageError",
    "UserSettings",
    "commits",
    "connect",
]
