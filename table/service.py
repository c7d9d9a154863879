"""The table service: one call per user intent, the same for Discord and the local console.

Each call loads the channel's game, authorises the user, asks the rules, resolves every chance
step that follows (seeded by the game's seed and the log position, and logged), saves the new
actions and snapshot in one transaction, and returns a ``Result`` telling the adapter what to
post. Moves on one game are serialised by a per-game lock in this process and by the version
check of ``storage.commit_moves`` across processes: no move is lost or applied twice.
"""


from __future__ import annotations

from table.core import P, T, TableCore, saves
from table.hints import HintCalls
from table.lobby import LobbyCalls
from table.me import PlayerCalls
from table.notes import NoteCalls
from table.play import PlayCalls
from table.posting import PostingCalls
from table.reading import ReadingCalls
from table.records import RecordCalls
from table.replays import ReplayCalls
from table.results import (
    AWAY_END,
    ENDING_POSTS,
    FULL_WIDTH,
    MAX_CHANCE_STEPS,
    UNDO_REACH,
    VOTE_BOT,
    VOTE_END,
    Result,
    User,
    alone,
    as_typed,
    parse_options,
    title_of,
)
from table.seats import SeatCalls
from table.server import ServerCalls
from table.since import SinceCalls
from table.story import StoryCalls

__all__ = [
    "AWAY_END",
    "ENDING_POSTS",
    "FULL_WIDTH",
    "MAX_CHANCE_STEPS",
    "UNDO_REACH",
    "VOTE_BOT",
    "VOTE_END",
    "P",
    "Result",
    "T",
    "TableCore",
    "TableService",
    "User",
    "alone",
    "as_typed",
    "parse_options",
    "saves",
    "title_of",
]


class TableService(
    LobbyCalls,
    PlayCalls,
    SeatCalls,
    PostingCalls,
    ReadingCalls,
    PlayerCalls,
    ServerCalls,
    RecordCalls,
    NoteCalls,
    StoryCalls,
    ReplayCalls,
    SinceCalls,
    HintCalls,
):
    """Application service over a ``Database``; safe to share across tasks of one event loop.

    Every call lives in a verb family (``table.lobby``, ``table.play``, ``table.seats``,
    ``table.posting``, ``table.reading``) over ``table.core.TableCore``, or in a mixin about a
    player, a server or a game's records; this class only assembles them. The families come
    first, so a name they share with a mixin resolves as it did when they were one class."""
