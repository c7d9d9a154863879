"""What a move button or picker was drawn for: the game's position, not its version.

Every write bumps a game's version, including writes that change no position: going away, coming
back, a vote to wait, a player rejoining. Buttons that carried the version went stale on all of
those, and the player had to ask for a new picker. A button now carries a *stamp* of the position
(the stored state) instead, so it works until the position itself changes — and, after an undo,
again for the same position, where the same click means the same move.

The stamp is a keyed hash (HMAC-SHA-256 under the game's secret seed) because the state holds
hidden information and the stamp sits in a public ``custom_id``: without the key, nobody can test
a guessed hand against it. 48 bits of it, with bit 48 set, keep it an integer above any version,
so buttons posted before stamps existed (carrying a version) still work as they did.
"""

from __future__ import annotations

import hashlib
import hmac

from storage import GameRow

MARK = 1 << 48
"""Set in every stamp; no game reaches this many versions."""


def of(row: GameRow) -> int:
    """The stamp of the game's position (its version while it has none: a lobby)."""
    if row.snapshot is None:
        return row.version
    digest = hmac.new(row.seed.encode(), row.snapshot.encode(), hashlib.sha256).digest()
    return MARK | int.from_bytes(digest[:6], "big")


def of_seat(row: GameRow, seat: int, decisions: int, legal: list[str]) -> int:
    """The stamp of one seat's decision: its legal moves and how many decisions it has made.

    Why: a private picker (``/hand``) drawn for the position went stale whenever anyone moved,
    even in a simultaneous step where another player's hidden choice changes nothing for this
    seat (Tuscany's estates, FIXER's passed cards), and the player had to page through a long
    list again. A pick from it now counts while the seat faces the same choices at the same
    decision: another seat's move leaves it valid, the seat's own move (or an undo back to an
    earlier decision with other choices) does not, so a double click never applies twice."""
    text = f"seat|{seat}|{decisions}|" + "\n".join(legal)
    digest = hmac.new(row.seed.encode(), text.encode(), hashlib.sha256).digest()
    return MARK | int.from_bytes(digest[:6], "big")


def matches(row: GameRow, drawn_for: int) -> bool:
    """Whether a button drawn for ``drawn_for`` (a stamp, or an old button's version) still fits."""
    return of(row) == drawn_for if drawn_for >= MARK else row.version == drawn_for
