"""The types and small rules every part of the table service shares: who calls (``User``), what a
call returns (``Result``), how typed text and options are read, and the bounds of a call.

They live apart from the service so that its verb families (``table.lobby``, ``table.play``, ...)
and the adapters can import them without importing the service itself (no import circle).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import rules
from rules import Event, Game
from storage import SeatRow
from storage.records import RatingChange
from table import announce, seating, stamps, timer
from table.messages import TableError, message

MAX_CHANCE_STEPS = 10_000
"""Bound on automatic steps (chance and bot decisions) after one decision: a deal is a few dozen,
a table of bots plays a whole game (a few hundred); this only guards bugs."""


VOTE_BOT, VOTE_END = "bot", "end"
"""The outcomes of a vote that the table applies itself (``table.scheduler`` names them all)."""

UNDO_REACH = 500
"""How far back an undo looks for the caller's decision (bot answers in between included)."""


AWAY_END = "away_end"
"""Due-item kind: a player's away time ends, so their banks run again."""


@dataclass(frozen=True)
class User:
    """Who is calling: ids are strings so any adapter (Discord snowflakes, console names) fits."""

    id: str
    name: str
    can_manage: bool = False
    can_manage_server: bool = False
    """Manage Server: may change the server's settings (``table.server``)."""


FULL_WIDTH = {code: code - 0xFEE0 for code in range(0xFF01, 0xFF5F)} | {0x3000: 0x20}
"""The full-width forms of ASCII (and the ideographic space) → ASCII: what a Chinese or Japanese
input method types in full-width mode."""


def as_typed(action: str) -> str:
    """A typed move as the rules read it: full-width forms folded to their ASCII twins, so
    "ｔａｋｅ　１" or "take 2：CAS" from a Chinese input method is the move it looks like (every
    notation is ASCII; autocomplete already matched such text), and the ends trimmed. Nothing
    else is folded: a "²" is not read as a 2 (a guess the player did not make)."""
    return action.translate(FULL_WIDTH).strip()


@dataclass
class Result:
    """What an adapter needs after a call."""

    kind: str
    game_id: int
    game: str
    status: str
    version: int
    locale: str
    names: list[str]
    user_ids: list[str]
    events: list[Event] = field(default_factory=list)
    mention: list[str] = field(default_factory=list)
    """User ids to notify: those who must act now and did not just act."""
    view: dict[str, Any] | None = None
    """The public view (with names) to draw, when the board changed."""
    to_act: list[int] = field(default_factory=list)
    capacity: int = 0
    host_id: str = ""
    quick: list[str] = field(default_factory=list)
    """Button-worthy moves for the single seat to act (``Game.quick_actions``)."""
    slices: list[str] = field(default_factory=list)
    """Labels of ``Game.split_moves`` for the single seat to act (one button each)."""
    quick_seat: int | None = None
    scores: list[int] = field(default_factory=list)
    ranking: list[int] = field(default_factory=list)
    places: list[int] = field(default_factory=list)
    """The place of each ``ranking`` entry (1, 1, 3: a shared first place shows as one)."""
    banks: list[float | None] = field(default_factory=list)
    """Seconds left in each seat's turn bank (``None`` for a bot seat); empty: no timer."""
    away: list[float | None] = field(default_factory=list)
    """Per seat, the game time until which its player is away, or ``None``."""
    stamp: int = 0
    """What the move buttons and pickers of this result are drawn for (``table.stamps``)."""
    seat_stamp: int | None = None
    """A private result's stamp of the reader's own decision (``stamps.of_seat``), when they are
    to act: what their picker is drawn for, so another seat's move does not make it stale."""
    story: dict[str, Any] | None = None
    """The ``render.stats`` view of an ended game's story, on the post that announces the end."""
    ratings: list[RatingChange] = field(default_factory=list)
    """The rating changes of an ended rated game, in the scope its posts show (its server's, else
    the global one): ``table.records``."""
    alone: bool = False
    """A timed table with no other human (bots only): no bank runs, as ``clock_lines`` says."""
    announce: tuple[int, int] | None = None
    """The first and last action sequence numbers this result's public post announces
    (``table.announce``): the adapter hands the result to ``TableService.announced`` once posted."""

    def clocks(self, locale: str | None = None) -> list[str | None]:
        """Each seat's bank as the reader reads it ("1 d 4 h left"), or ``None`` without one. The
        away note is ``away_texts``: the board draws both side by side, so neither repeats it."""
        loc = locale or self.locale
        return [None if bank is None else timer.left_text(bank, loc) for bank in self.banks]

    def away_texts(self, locale: str | None = None) -> list[str | None]:
        """Per seat, "away until 2026-11-28 09:00 UTC" in the reader's language, or ``None``
        (drawn on the board image beside the clocks, so the wait is explained where it is seen)."""
        loc = locale or self.locale
        until = [self.away[i] if i < len(self.away) else None for i in range(len(self.banks))]
        return [
            None if u is None else message("away_until", loc, until=time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(u)))
            for u in until
        ]

    def clock_lines(self, locale: str | None = None) -> list[str]:
        """"Ana: 1 d 4 h left" for every seat with a bank, "— away until …" added once for a
        player who is away (also one without a bank: their wait is explained all the same)."""
        loc = locale or self.locale
        if self.alone:
            return [message("alone_clock", loc)]
        out = []
        for name, text, away in zip(self.names, self.clocks(loc), self.away_texts(loc), strict=False):
            parts = [part for part in (text, away) if part]
            if parts:
                out.append(f"{name}: {' — '.join(parts)}")
        return out

    def lines(self, locale: str | None = None) -> list[str]:
        game = rules.get(self.game)
        out = []
        for event in self.events:
            text = seating.event_line(game, event, locale or self.locale, self.names)
            if text:
                out.append(text)
        return out

    @property
    def finished(self) -> bool:
        return self.status == "finished"

    @property
    def standings(self) -> bool:
        """Whether this result carries a game's standings to show: a finished game's, or those of a
        game ended early (by the players' vote, or abandoned) as its scores stood then."""
        return self.status in ("finished", "abandoned") and bool(self.ranking)

    @property
    def against_the_rules(self) -> bool:
        """A one-seat game with no automa ranked beside the player (Burgundy's solo game, the card
        game's solo mode): it is won or lost against a target the game's own final line states,
        so a ranking of one ("1. Player 23", "winner: Player") would say nothing true."""
        return len(self.names) == 1 and rules.AUTOMA not in self.ranking

    def shows(self, drawn_for: int) -> bool:
        """Whether a button drawn for ``drawn_for`` fits the position this result shows."""
        if drawn_for < stamps.MARK:
            return drawn_for == self.version
        return drawn_for in (self.stamp, self.seat_stamp)


def parse_options(text: str | None) -> dict[str, str]:
    """``"card_passing=true, long_match=yes"`` → a dict of raw values (validated by the game)."""
    out: dict[str, str] = {}
    if not text:
        return out
    for part in text.replace(",", " ").replace(";", " ").split():
        key, sep, value = part.partition("=")
        if not sep or not key or not value:
            raise TableError("options_format", part=part)
        key = key.strip().lower()
        if key in out:  # which of two values was meant is a guess: ask instead
            raise TableError("option_twice", option=key)
        out[key] = value.strip()
    return out


ENDING_POSTS = frozenset({"moved", "taken_over", "ended_unfinished", "abandoned", announce.CAUGHT_UP})
"""Results whose public post may announce a game's end: they carry its story picture."""


def alone(seats: Iterable[SeatRow]) -> bool:
    """Whether at most one human sits at the table (the others are bots, or bots holding seats of
    players whose time ran out): nobody would be waiting on that human, so their turn bank does
    not run (``TableService._settle``) and no vote is opened on them."""
    return sum(1 for seat in seats if not seat.is_bot) <= 1


def title_of(game: Game) -> Callable[[str], str]:
    """A game's title for a ``TableError``, in the language the error is finally shown in."""
    return lambda locale: rules.localised(game.title, locale)

