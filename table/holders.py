"""Who held each seat when: the names the action log is read with.

A seat can change hands in a running game (``/game replace``, a bot taking a vanished player's
seat, the player rejoining), and the seats table holds only today's holder. Storage keeps, for
each change, the holder before it and the first action logged after it (``storage.SeatChange``).
Reading the log backwards from today's seats and undoing each change as it is passed gives the
lineup at every action, so ``/log`` and the export name whoever made a move, not whoever sits
there now. One mechanism for every game: the rules' events name seats, the lineup names them.

A log written before changes were recorded has none: it reads with today's names, as it did.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from storage import SeatChange, SeatRow
from table import bots
from table.messages import message

HANDOVER_TEXTS: dict[str, str] = {"substitute": "replaced", "bot_for": "handover_bot_for", "back_from_bot": "rejoined"}
"""The table message that tells each kind of hand-over (the substitute's and the returning
player's are the very lines posted when they happened)."""


@dataclass(frozen=True)
class Handover:
    """A seat changing hands, as the log tells it: before action ``seq``, ``new`` took the seat of
    ``old`` (``kind``: ``substitute``, ``bot_for`` a vanished player, ``back_from_bot``)."""

    seq: int
    kind: str
    old: str
    new: str

    def text(self, locale: str) -> str:
        """The log's line for it, in ``locale``."""
        return message(HANDOVER_TEXTS[self.kind], locale, old=self.old, new=self.new, name=self.new)


Holder = tuple[str, str, str | None]
"""(user id, stored name, bot level): what ``bots.display_names`` names a seat from."""


class Holders:
    """The display names of the seats at every point of one game's action log, in one language."""

    def __init__(self, seats: Sequence[SeatRow], changes: Sequence[SeatChange], locale: str) -> None:
        newest_first = sorted(changes, key=lambda change: change.version, reverse=True)
        self._changes = newest_first
        self._from_seqs = [change.from_seq for change in newest_first]
        lineup: list[Holder] = [(s.user_id, s.name, s.bot_level) for s in seats]
        # One lineup per number of changes undone: the names are drawn once per lineup, with the
        # whole table in view (a lobby bot is numbered only when another bot of its level sits).
        self._names = [bots.display_names(lineup, locale)]
        self._users = [[holder[0] for holder in lineup]]
        for change in newest_first:
            if 0 <= change.seat < len(lineup):
                lineup[change.seat] = (change.user_id, change.name, change.bot_level)
            self._names.append(bots.display_names(lineup, locale))
            self._users.append([holder[0] for holder in lineup])

    def handovers(self, seqs: range) -> list[Handover]:
        """The seat changes made just before an action numbered in ``seqs`` (a change made after
        the log's last action is numbered as the next one), oldest first: the log says there that
        a seat changed hands."""
        out = []
        for i in reversed(range(len(self._changes))):
            change, seat = self._changes[i], self._changes[i].seat
            if change.from_seq not in seqs or not 0 <= seat < len(self._names[i]):
                continue
            old_user, new_user = self._users[i + 1][seat], self._users[i][seat]
            if new_user == bots.held_for(old_user):
                kind = "bot_for"
            elif old_user == bots.held_for(new_user):
                kind = "back_from_bot"
            else:
                kind = "substitute"
            out.append(Handover(change.from_seq, kind, self._names[i + 1][seat], self._names[i][seat]))
        return out

    def at(self, seq: int) -> list[str]:
        """The names of the seats when action ``seq`` was logged: walking back from today, every
        change made after it is undone, up to the first one made before it."""
        undone = next((i for i, first in enumerate(self._from_seqs) if first <= seq), len(self._from_seqs))
        return self._names[undone]
