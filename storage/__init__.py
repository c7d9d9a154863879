"""Persistence: games, seats and the action log in SQLite (see ``storage.db``)."""

from storage.db import ActionRow, Conflict, Database, GameRow, NewAction, SeatRow, StorageBusy, StorageError

__all__ = ["ActionRow", "Conflict", "Database", "GameRow", "NewAction", "SeatRow", "StorageBusy", "StorageError"]
