"""Turn timers: Board Game Arena's time bank, per seat, in game time (``table.clock``).

A table's ``timer`` option (``off``, ``12h`` … ``7d``) sets T. Each seat's bank starts at 2 T,
gains T at the start of each of its turns, never holds more than 2 T, and runs only while that
seat must act. A turn is a run of decisions: a seat that stays among the seats to act after its
decision (a compound turn, or the next decision of the same player once chance and bots have
played) keeps its running bank and gains nothing; a seat that joins them starts a new turn.

A bank is stored as (seconds left when it last started running, game time it started running):
``left - (now - began)`` is what remains now, with no write needed while time passes. The
reminders and the expiry of a running bank are due times fixed when it starts running.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from rules import Option
from storage import Bank, SeatRow

KEY = "timer"
OFF = "off"
SECONDS: dict[str, int | None] = {
    OFF: None,
    "12h": 12 * 3600,
    "24h": 24 * 3600,
    "48h": 48 * 3600,
    "72h": 72 * 3600,
    "7d": 7 * 86400,
}
"""[DECISION] The offered turn timers (the issue's list); the bank holds at most ``CAP`` × T."""
DEFAULT = "72h"
CAP = 2.0
REMINDERS: tuple[tuple[str, float], ...] = (("remind_half", 0.5), ("remind_tenth", 0.1))
"""[DECISION] A reminder when the running bank falls below these fractions of its cap."""
EXPIRE = "expire"
SAME_COMMIT = 1e-3
"""Seconds within which a bank's start and a logged action's game time are one commit's (both are
the game time that commit settled at; the margin absorbs a database's float rounding)."""

OPTION = Option(
    KEY,
    tuple(SECONDS),
    DEFAULT,
    label={
        "en": "turn timer: each player's time bank (2× this, +this each turn), or off",
        "zh-TW": "回合計時:每位玩家的時間庫(起始為此值兩倍,每回合加此值),或關閉",
        "zh-CN": "回合计时:每位玩家的时间库(起始为此值两倍,每回合加此值),或关闭",
    },
)


def limit(table_opts: dict[str, Any]) -> float | None:
    """T in seconds for a table's validated options (``None``: no timer)."""
    seconds = SECONDS.get(str(table_opts.get(KEY, OFF)))
    return float(seconds) if seconds else None


def remaining(seat: SeatRow, now: float) -> float | None:
    """Seconds left in the seat's bank now (``None``: no timer at this table)."""
    if seat.bank_left is None:
        return None
    if seat.turn_began is None:
        return seat.bank_left
    return max(0.0, seat.bank_left - max(0.0, now - seat.turn_began))


@dataclass(frozen=True)
class Settled:
    banks: list[Bank]
    due: list[tuple[int, str, int, float]]
    """New due items: (seat, kind, turn, due time)."""
    ended: list[int]
    """Seats whose running stopped: their pending due items close."""
    at: float | None = None
    """The game time the banks were settled at: what the commit logs its actions at, so an undo
    knows how long the move stood (``rewind``)."""


def settle(
    seats: Sequence[SeatRow],
    before: Iterable[int],
    after: Iterable[int],
    now: float,
    t: float | None,
    turn: int,
    paused: Iterable[int] = (),
    gain: bool = True,
    restarted: Iterable[int] = (),
) -> Settled:
    """The banks after a commit in which the seats to act went from ``before`` to ``after``.

    ``turn`` names the turns that start now (the game version the commit creates, never reused,
    even after an undo), so each turn's reminders are distinct rows. ``paused`` seats (away,
    bots) keep their bank standing still. A turn starts for a seat that joins the seats to act
    (in ``after``, not in ``before``): only then does the bank gain T — also when the seat is
    paused, so a turn that reaches a player who is away keeps its gain for when they return, and
    a paused seat that stays to act while others move gains nothing more. ``gain=False`` (an undo
    gives the turn back, away mode ends) resumes a bank without the gain, so taking a move back
    or coming back never refills it (an undo settles with ``rewind``). ``restarted`` seats were
    to act before and after the commit but not in between (the turn went round within it, e.g.
    through bot seats that answered at once): their turn ended and a new one began, with its
    gain, as if the bots had taken their time.
    With no timer (``t`` is None) nothing is kept.
    """
    if t is None:
        return Settled([], [], [], now)
    running_before = {s for s in before if 0 <= s < len(seats)}
    running_after = {s for s in after if 0 <= s < len(seats)}
    stopped = set(paused)
    again = set(restarted) & running_before & running_after
    cap = CAP * t
    banks: list[Bank] = []
    due: list[tuple[int, str, int, float]] = []
    ended: list[int] = []
    for seat in seats:
        s = seat.seat
        left = cap if seat.bank_left is None else remaining(seat, now)
        assert left is not None
        was = s in running_before and seat.turn_began is not None
        runs = s in running_after and s not in stopped and not seat.is_bot
        if was and runs and s not in again:
            continue  # the same turn goes on: its bank and its due items stand
        if was:
            ended.append(s)
        gained = 0.0
        if s in running_after:
            gained = seat.turn_gain or 0.0  # a turn that goes on (or resumes) keeps its gain
            if gain and (s not in running_before or s in again) and not seat.is_bot:
                gained = min(cap, left + t) - left  # the seat's turn starts now, running or paused
                left += gained
        _keep(banks, due, s, left, gained, runs, now, cap, turn)
    return Settled(banks, due, ended, now)


def _keep(
    banks: list[Bank], due: list[tuple[int, str, int, float]],
    seat: int, left: float, gained: float, runs: bool, now: float, cap: float, turn: int,
) -> None:
    """Append a seat's new bank, and when it runs, its reminders and expiry from now."""
    if not runs:
        banks.append(Bank(seat, left, None, gained))
        return
    banks.append(Bank(seat, left, now, gained))
    for kind, fraction in REMINDERS:
        if left > fraction * cap:
            due.append((seat, kind, turn, now + left - fraction * cap))
    due.append((seat, EXPIRE, turn, now + left))


def rewind(
    seats: Sequence[SeatRow],
    before: Iterable[int],
    after: Iterable[int],
    now: float,
    t: float | None,
    turn: int,
    moved_at: float,
    undoer: int,
    paused: Iterable[int] = (),
) -> Settled:
    """The banks after ``undoer`` takes back the move it made at game time ``moved_at``: the seats
    to act go from ``before`` (now) back to ``after`` (as before the move).

    An undo neither stretches a timer nor costs anyone else. A seat whose turn began with the move
    taken back (it joined the seats to act then, or its turn began again then because bots
    answered at once) gets its bank back exactly as it stood when the move was made: without the
    turn's gain, and without the time it ran since, which was never its time to spend. The undoer
    pays for that time instead: its bank resumes as it stood at the move, less the time the move
    stood (``now - moved_at``). A seat whose turn ran on through the move (a compound turn, a
    simultaneous step) just runs on: it paid as it went. ``paused`` seats (away) stand still.
    """
    if t is None:
        return Settled([], [], [], now)
    running_before = {s for s in before if 0 <= s < len(seats)}
    running_after = {s for s in after if 0 <= s < len(seats)}
    stopped = set(paused)
    cap = CAP * t
    stood = max(0.0, now - moved_at)
    banks: list[Bank] = []
    due: list[tuple[int, str, int, float]] = []
    ended: list[int] = []
    for seat in seats:
        s = seat.seat
        # Began again with the move: its run started in the move's own commit. A run that started
        # later (back from away mode) belongs to a turn that began before the move, with its gain.
        began_with_move = s in running_before and (
            s not in running_after or (seat.turn_began is not None and abs(seat.turn_began - moved_at) < SAME_COMMIT)
        )
        was = s in running_before and seat.turn_began is not None
        runs = s in running_after and s not in stopped and not seat.is_bot
        if was and runs and not began_with_move:
            continue  # its turn went on through the move: its bank and its due items stand
        if was:
            ended.append(s)
        if began_with_move:
            # What the bank held when its turn (re)started with the move, less what it gained then.
            left = cap if seat.bank_left is None else max(0.0, seat.bank_left - (seat.turn_gain or 0.0))
            gained = 0.0
        else:
            current = remaining(seat, now)
            left = cap if current is None else current
            gained = (seat.turn_gain or 0.0) if s in running_after else 0.0
        if s == undoer and s in running_after:
            left = max(0.0, left - stood)
        _keep(banks, due, s, left, gained, runs, now, cap, turn)
    return Settled(banks, due, ended, now)


UNITS: dict[str, dict[str, str]] = {
    "en": {"dh": "{d} d {h} h left", "d": "{d} d left", "hm": "{h} h {m} min left", "h": "{h} h left",
           "m": "{m} min left"},
    "zh-TW": {"dh": "剩 {d} 天 {h} 小時", "d": "剩 {d} 天", "hm": "剩 {h} 小時 {m} 分", "h": "剩 {h} 小時",
              "m": "剩 {m} 分"},
    "zh-CN": {"dh": "剩 {d} 天 {h} 小时", "d": "剩 {d} 天", "hm": "剩 {h} 小时 {m} 分", "h": "剩 {h} 小时",
              "m": "剩 {m} 分"},
}
"""A bank's time left: days and hours above a day, hours and minutes above an hour, else minutes;
a zero second part is left out ("2 d left", not "2 d 0 h left")."""


TIME_UP: dict[str, str] = {"en": "time is up", "zh-TW": "時間已用完", "zh-CN": "时间已用完"}
"""A bank that has run out: "0 min left" read as if a moment remained."""


def left_text(seconds: float, locale: str = "en") -> str:
    """"1 d 4 h left" in the reader's language, rounded *up* to the last unit shown.

    Why up: a fresh 48 h bank read a second later is "2 d left", not "1 d 23 h left", and a bank
    with 40 s in it is "1 min left", not "0 min left" (which reads as already gone)."""
    if seconds <= 0:
        return TIME_UP.get(locale) or TIME_UP["zh-TW" if locale.startswith("zh") else "en"]
    forms = UNITS.get(locale) or UNITS["zh-TW" if locale.startswith("zh") else "en"]
    minutes = math.ceil(seconds / 60)
    if minutes < 60:
        return forms["m"].format(m=minutes)
    if minutes < 24 * 60:
        h, m = divmod(minutes, 60)
        return forms["hm"].format(h=h, m=m) if m else forms["h"].format(h=h)
    d, h = divmod(math.ceil(seconds / 3600), 24)
    return forms["dh"].format(d=d, h=h) if h else forms["d"].format(d=d)


def with_banks(seats: Sequence[SeatRow], banks: Iterable[Bank]) -> list[SeatRow]:
    """``seats`` with ``banks`` written into them: what reading the seats back after a commit of
    those banks returns, without the read."""
    by_seat = {b.seat: b for b in banks}
    return [
        dataclasses.replace(
            s, bank_left=by_seat[s.seat].left, turn_began=by_seat[s.seat].began, turn_gain=by_seat[s.seat].gain
        )
        if s.seat in by_seat else s
        for s in seats
    ]
