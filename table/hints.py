"""Hints: the AI's three best moves for the asking player's own position, privately.

A table chooses whether hints are allowed (``hints=off|solo|on``). The default, ``solo``, allows
them only where no other human can be disadvantaged: a table with at most one human (a solo game,
or a game against bots). The hint is the search a ``normal`` bot runs, on the asker's own view —
so it knows only what the asker may know — computed in the thinker pool like a bot's decision,
never under the game's lock and never on the event loop.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import rules
from table import bots
from table.hint_option import KEY, OFF, SOLO, allowed
from table.hint_texts import HINT_TEXTS
from table.messages import TableError

if TYPE_CHECKING:
    from table.core import TableCore
    from table.results import User

LEVEL = "normal"
"""[DECISION] The search behind a hint: the level a bot plays by default."""
COUNT = 3


@dataclass
class Hint:
    """The moves of one hint, best first, each with its notation, its words and its estimate."""

    game_id: int
    game: str
    moves: list[tuple[str, str, float]]


class HintCalls:
    """Mixed into ``TableService``."""

    async def hint(self: TableCore, *, channel_id: str, user: User, reader: str | None = None) -> Hint:
        """The caller's hint in the live game here; refused when the table does not allow hints,
        the caller does not play, or it is not their decision."""
        row = await self.db.live_game(channel_id)
        if row is None:
            raise TableError("no_game")
        if row.status != "active":
            raise TableError("not_started")
        seats = await self.db.seats(row.id)
        mode = str(self.table_options(row).get(KEY, SOLO))
        if not allowed(mode, sum(1 for s in seats if not s.is_bot)):
            raise TableError("hints_off" if mode == OFF else "hints_solo_only")
        mine = [s.seat for s in seats if s.user_id == user.id]
        if not mine:
            raise TableError("hint_not_player")
        game = rules.get(row.game)
        if not bots.can_play(game):
            raise TableError("no_bots", game=lambda loc, g=game: rules.localised(g.title, loc))
        state = self._state(row)
        acting = game.to_act(state)
        seat = next((s for s in mine if s in acting), None)
        if seat is None:
            raise TableError("hint_not_your_turn")
        view = game.view(state, seat)
        try:
            found = await self.thinkers.hint(game.name, view, seat, level=LEVEL, seed=row.version)
        except Exception as err:  # a broken pool: say so, the player may ask again
            raise TableError("hint_failed") from err
        locale = reader or row.locale
        return Hint(row.id, row.game, [(action, game.describe(action, locale), value) for action, value in found])


def words(hint: Hint, locale: str) -> list[str]:
    """A hint as lines for its reader: a title, then one line per move with its estimate in words."""
    def text(key: str, **params: object) -> str:
        return rules.localised(HINT_TEXTS[key], locale).format(**params)

    lines = [text("title")]
    for rank, (action, described, value) in enumerate(hint.moves, start=1):
        pct = round(100 * value)
        kind = "strong" if value >= 0.6 else "weak" if value <= 0.4 else "even"
        lines.append(text("line", rank=rank, words=described, action=action, estimate=text(kind, pct=pct)))
    return lines
