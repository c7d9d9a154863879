"""What the table adds to every view it hands to a renderer, beyond the rules' own view.

Why here: a board is drawn for a player coming back days later, so it must say who sits where
(names without a bot suffix, the bot's level apart, so the board can draw a badge and cut a long
name), what the last decision was and — in a seat's private view — every decision the others made
since the reader's own last one. The rules know none of this (the log and the seats live in the
table), so the table puts it into the view:

- ``bare_names``: each seat's name without a bot suffix; ``bots``: per seat the bot's level word
  in the view's language, or ``None`` for a human;
- ``last``: the latest decision by a seat (chance steps and the seating draw are not decisions):
  ``{"seat", "events", "lines"}``, absent before the first one; ``last_turn``: that decision and
  the same seat's decisions just before it (a whole turn of several decisions), oldest first;
- ``since`` (private views only): the same shape for the other seats' decisions after the
  reader's own last decision, oldest first, at most :data:`SINCE_LIMIT`;
- ``standings`` (a finished game, or one ended early): ranking, shared places, scores;
- ``legal`` (the private view of a seat to act, ``TableService.hand``): its legal moves, so a
  board can highlight where that player may act.

Everything comes from the action log's stored events, which are public by contract; the raw
action text of another seat never reaches a view (it may name a hidden card).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules import Game
from storage import ActionRow, SeatRow
from table import bots, seating

SINCE_LIMIT = 30
"""At most this many decisions in ``view["since"]``: a phone board cannot show more anyway."""
TURN_LIMIT = 12
"""At most this many decisions in ``view["last_turn"]``: a Torres turn is rarely longer, and a
one-seat game (every decision the same seat's) must not make the whole log one "turn"."""


def seat_words(seats: Sequence[SeatRow], locale: str) -> tuple[list[str], list[str | None]]:
    """(bare names, bot level words) per seat. A lobby bot's bare name is "Bot" / "Bot 2" (what
    its display name reads before the level); a bot holding a player's seat keeps the player's
    name; the level word comes apart so a board can show it as a badge instead of "(Bot, normal)"."""
    lineup = [(s.user_id, s.name, s.bot_level) for s in seats]
    bare: list[str] = []
    levels: list[str | None] = []
    for s in seats:
        if not s.is_bot:
            bare.append(s.name)
            levels.append(None)
            continue
        bare.append(bots.bot_word(lineup, s.user_id, locale) or s.name)
        levels.append(bots.level_name(s.bot_level, locale))
    return bare, levels


def is_decision(row: ActionRow) -> bool:
    """A seat's own decision: not a chance outcome, not the table's seating draw."""
    return row.seat >= 0


def decision(game: Game, row: ActionRow, locale: str, names: list[str]) -> dict[str, Any]:
    """One decision as views carry it: its seat, its public events and their lines."""
    lines = [text for event in row.events if (text := seating.event_line(game, event, locale, names))]
    return {"seat": row.seat, "events": list(row.events), "lines": lines}


def last_of(game: Game, rows: Sequence[ActionRow], locale: str, names: list[str]) -> dict[str, Any] | None:
    """The latest decision among ``rows`` (in log order), or ``None``."""
    for row in reversed(rows):
        if is_decision(row):
            return decision(game, row, locale, names)
    return None


def last_turn_of(game: Game, rows: Sequence[ActionRow], locale: str, names: list[str]) -> list[dict[str, Any]]:
    """The latest decision and the same seat's decisions right before it (no other seat decided
    in between; chance steps do not interrupt), oldest first, at most :data:`TURN_LIMIT`: a
    whole turn in games whose turn is several decisions (Torres: knights, blocks, then ``end``),
    so a board can mark all it changed, not only the closing "end"."""
    run: list[ActionRow] = []
    for row in reversed(rows):
        if not is_decision(row):
            continue
        if run and row.seat != run[0].seat:
            break
        run.append(row)
        if len(run) == TURN_LIMIT:
            break
    return [decision(game, row, locale, names) for row in reversed(run)]


def since_of(
    game: Game, rows: Sequence[ActionRow], seat: int, locale: str, names: list[str]
) -> list[dict[str, Any]]:
    """The other seats' decisions after ``seat``'s own last one among ``rows`` (log order),
    oldest first, the latest :data:`SINCE_LIMIT` of them."""
    start = 0
    for i in range(len(rows) - 1, -1, -1):
        if rows[i].seat == seat:
            start = i + 1
            break
    others = [row for row in rows[start:] if is_decision(row) and row.seat != seat]
    return [decision(game, row, locale, names) for row in others[-SINCE_LIMIT:]]


def reaches(rows: Sequence[ActionRow], seat: int | None, asked: int) -> bool:
    """Whether ``rows`` (the latest ``asked`` of the log) is enough: it is the whole log, or it
    holds the latest turn whole (a decision by another seat before it) and, for a ``seat``, that
    seat's own last decision or the full quota of the others' decisions."""
    if len(rows) < asked:
        return True
    deciders = [row.seat for row in rows if is_decision(row)]
    if not (len(set(deciders)) > 1 or len(deciders) >= TURN_LIMIT):
        return False
    if seat is None or seat in deciders:
        return True
    return len(deciders) >= SINCE_LIMIT


def standings(game: Game, state: Any, *, ended: bool = False) -> dict[str, Any] | None:
    """A finished game's (or, with ``ended``, an unfinished one's) final order as the rules rank
    it: ``ranking`` (seats best first, the automa as -2), ``places`` (ties the rules do not break
    share a place: 1, 1, 3), ``scores`` (per seat, the automa's last) and ``ended`` (stopped early).
    Why in the view: the rules' tie-breaks may use what no view shows, and an end screen must
    not rank two players tied on 16 as 3rd and 4th without a reason. ``None`` during play."""
    if not (ended or game.is_over(state)):
        return None
    return {
        "ranking": list(game.ranking(state)),
        "places": list(game.places(state)),
        "scores": list(game.scores(state)),
        "ended": ended and not game.is_over(state),
    }
