"""The rows the storage interface returns (games, seats, banks, settings, due items, actions)
and the parsers that build them from a query's columns.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class GameRow:
    id: int
    guild_id: str | None
    channel_id: str
    game: str
    options: dict[str, Any]
    capacity: int
    seed: str
    status: str
    version: int
    snapshot: str | None
    host_id: str
    locale: str
    created_at: float
    updated_at: float


@dataclass(frozen=True)
class SeatRow:
    seat: int
    user_id: str
    name: str
    kind: str = "human"
    """``human`` or ``bot``: the table plays a bot seat itself, on that seat's view only."""
    bot_level: str | None = None
    bank_left: float | None = None
    """Seconds left in the seat's turn bank (``None``: the table has no timer)."""
    turn_began: float | None = None
    """Game time at which the bank started running (``None``: the seat is not to act)."""
    turn_gain: float | None = None
    """What the bank gained when the seat's current turn began (an undo of that turn takes it back)."""

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"


SEAT_COLUMNS = "seat, user_id, name, kind, bot_level, bank_left, turn_began, turn_gain"


def _seat(r: Sequence[Any]) -> SeatRow:
    return SeatRow(
        int(r[0]), str(r[1]), str(r[2]), str(r[3]), r[4],
        None if r[5] is None else float(r[5]), None if r[6] is None else float(r[6]),
        None if r[7] is None else float(r[7]),
    )


@dataclass(frozen=True)
class SeatChange:
    """A seat that changed hands in a started game, and who held it before.

    The seats table keeps only today's holder; these records keep the earlier ones, so the log can
    be read with the names of the players who made each move (``table.holders``)."""

    seat: int
    from_seq: int
    """The first action sequence number logged after the change: earlier actions were the
    holder's below (an undo past the change lowers it, as the taken-back numbers are reused)."""
    user_id: str
    name: str
    kind: str
    bot_level: str | None
    version: int
    """The game version the change produced: later changes have higher ones."""
    at: float


SEAT_CHANGE_COLUMNS = "seat, from_seq, user_id, name, kind, bot_level, version, at"


def _seat_change(r: Sequence[Any]) -> SeatChange:
    return SeatChange(int(r[0]), int(r[1]), str(r[2]), str(r[3]), str(r[4]), r[5], int(r[6]), float(r[7]))


SeatEntry = tuple[str, str] | SeatRow
"""A seat to write: ``(user id, name)`` for a human without a bank, or a whole ``SeatRow``."""


@dataclass(frozen=True)
class Bank:
    """One seat's turn bank after a move: seconds left and when its running began (or ``None``)."""

    seat: int
    left: float
    began: float | None
    gain: float = 0.0
    """What the bank gained when the seat's current turn began (0 when none is running)."""


@dataclass(frozen=True)
class UserSettings:
    """A player's own settings: reminders, quiet hours (minutes after local midnight), language
    and away mode. The defaults are what a user who never opened ``/me settings`` gets."""

    user_id: str
    reminders: bool = True
    quiet_start: int | None = None
    quiet_end: int | None = None
    time_zone: str = "UTC"
    locale: str | None = None
    away_until: float | None = None
    away_window_start: float | None = None
    away_days_used: int = 0
    client_locale: str | None = None
    """The language of the user's Discord client at their last command (``None``: never seen)."""

    def dm_locale(self, fallback: str) -> str:
        """The language of a DM to this user: the one they chose, else their client's, else
        ``fallback`` (the game's)."""
        return self.locale or self.client_locale or fallback


USER_COLUMNS = (
    "user_id, reminders, quiet_start, quiet_end, time_zone, locale, away_until, away_window_start, away_days_used,"
    " client_locale"
)


@dataclass(frozen=True)
class ServerSettings:
    """A server's defaults, set with ``/settings`` (Manage Server). The defaults are what a server
    that never opened ``/settings`` gets: Postern's timer, a thread per game, the server's own
    Discord language for channel posts."""

    guild_id: str
    timer: str | None = None
    """Default turn timer of new tables (a key of ``table.timer.SECONDS``); ``None``: Postern's."""
    threads: bool = True
    """Whether ``/game new`` in a text channel opens the game in a new thread."""
    locale: str | None = None
    """Language of the channel posts of new games; ``None``: the server's Discord language."""


SERVER_COLUMNS = "guild_id, timer, threads, locale"


def _server(r: Sequence[Any]) -> ServerSettings:
    return ServerSettings(str(r[0]), r[1], bool(r[2]), r[3])


def _user(row: Sequence[Any]) -> UserSettings:
    return UserSettings(
        str(row[0]), bool(row[1]),
        None if row[2] is None else int(row[2]), None if row[3] is None else int(row[3]),
        str(row[4]), row[5],
        None if row[6] is None else float(row[6]), None if row[7] is None else float(row[7]), int(row[8]),
        row[9],
    )


DueRecord = tuple[int, str, int, float, float | None, int | None]
"""A due item as copied between databases: (seat, kind, turn, due time, done time or ``None``,
the game version it was written at or ``None``)."""
VoteRecord = tuple[int, int, str, str, float]
"""A vote as copied between databases: (seat, turn, voter, choice, time)."""


GAME_ITEM_SEAT = -1
"""The ``seat`` of a due item that belongs to the whole game, not to one seat (an announcement of
logged actions, ``table.announce``): its ``turn`` is the first action sequence number it covers,
so an undo that deletes those actions deletes the item too, and its ``version`` the game version
the commit that logged them produced."""


TOLD_PREFIX = "told:"
"""The kind prefix of a due item that owes the table a notice of a decision already taken (a
vote's outcome): written in the deciding transaction, closed only when the post went out, and
never closed by a later move of the seat or the game's end (``_close_due``)."""


@dataclass(frozen=True)
class DueItem:
    """A durable due time: a reminder or an expiry of one seat's turn (``turn`` = the log position
    at which that turn began, so each turn has its own items), or an item of the whole game
    (``GAME_ITEM_SEAT``)."""

    id: int
    game_id: int
    seat: int
    kind: str
    turn: int
    due_at: float
    version: int | None = None
    """The game version the item was written at (announcements; ``None`` for the others)."""


@dataclass(frozen=True)
class ActionRow:
    seq: int
    seat: int
    action: str
    user_id: str | None
    events: list[dict[str, Any]]
    at: float
    game_at: float | None = None
    """The game time the action was logged at (``table.clock``); ``None`` for actions logged
    before migration 8."""


@dataclass(frozen=True)
class ClockAnchor:
    """Durable game time (``table.clock``): game time ``game_at`` at wall time ``wall_at``, running
    ``scale`` times faster than the wall clock since."""

    scale: float
    wall_at: float
    game_at: float


@dataclass(frozen=True)
class NewAction:
    seat: int
    action: str
    user_id: str | None
    events: list[dict[str, Any]]


GAME_COLUMNS = (
    "id, guild_id, channel_id, game, options, capacity, seed, status, version, snapshot, host_id, locale, "
    "created_at, updated_at"
)


def _game(row: Sequence[Any]) -> GameRow:
    values = list(row)
    values[4] = json.loads(values[4])
    return GameRow(*values)


def _due(r: Sequence[Any]) -> DueItem:
    """A due item from ``id, game_id, seat, kind, turn, due_at, version``."""
    version = None if r[6] is None else int(r[6])
    return DueItem(int(r[0]), int(r[1]), int(r[2]), str(r[3]), int(r[4]), float(r[5]), version)


def _action(r: Sequence[Any]) -> ActionRow:
    return ActionRow(
        int(r[0]), int(r[1]), str(r[2]), r[3], json.loads(r[4]), float(r[5]), None if r[6] is None else float(r[6])
    )


def _live_first(rows: list[GameRow], limit: int) -> list[GameRow]:
    """Distinct games, live ones first, then the rest, each group newest first."""
    seen: dict[int, GameRow] = {}
    for row in rows:
        seen.setdefault(row.id, row)
    ordered = sorted(seen.values(), key=lambda r: (r.status not in ("lobby", "active"), -r.updated_at))
    return ordered[:limit]
