"""The durable scheduler: due times live in the database, and one pass acts on those now due.

Nothing is kept in memory between passes, so a restart loses nothing. An item is claimed
(``Database.claim_due``: marked done by exactly one caller) before it is acted on, so a second
process running passes never repeats it; if acting then fails (a busy database, a bot that could
not decide), the claim is released (``release_due``) and the item comes due again after
``RETRY_SECONDS``, and one failing item never costs the others of the pass. What an item writes
first is idempotent (the vote an expiry opens is added before the expiry is claimed), so a crash
in between repeats nothing either. A vote decides only for the turn it was opened on: if that
seat has moved on meanwhile, the vote lapses. A pass returns ``Notice``s; the adapter delivers
them (a DM, a post with vote buttons), the table decides everything else.

What comes due:
- ``remind_half`` / ``remind_tenth``: the seat's bank fell below half / a tenth of its cap. Not
  sent to a player who turned reminders off or is away; held until the end of their quiet hours.
- ``expire``: the bank ran out. A vote opens for the other players (``VOTE_CHOICES``), closing
  after ``VOTE_SECONDS``.
- ``vote``: the vote closes. The majority decides, the host breaks ties, no votes → a bot.
- ``away_end``: a player's away time ended: their bank runs again (without a new turn's gain).
- ``announce`` (an item of the whole game): a move's public post was not confirmed in time; the
  board and the lines of the moves not yet announced are posted again (``table.announce``). The
  item is leased, not claimed: it closes only when the adapter confirms the post.
"""

from __future__ import annotations

import logging
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import rules
from storage import DueItem, GameRow, SeatRow
from table import announce, bots, observability, timer
from table.me import AWAY_END, quiet_until
from table.messages import TableError, message
from table.service import Result, TableService, User

VOTE = "vote"
VOTE_SECONDS = 24 * 3600.0
WAIT_SECONDS = 24 * 3600.0
"""[DECISION] The issue's 24 h: how long a vote stays open, and what "wait" gives the seat."""
WAIT, BOT, REPLACE, END = "wait", "bot", "replace", "end"
VOTE_CHOICES = (WAIT, BOT, REPLACE, END)
PASS_LIMIT = 500
RETRY_SECONDS = 60.0
"""How long an item whose action failed waits before the next try (not every pass: a failure
that persists must not spin)."""

log = logging.getLogger("postern.scheduler")
DM_FALLBACK = "dm_fallback"
"""Mark (a due item written done): this turn's reminder already fell back to a channel mention."""


@dataclass
class Notice:
    """Something the adapter must tell someone."""

    kind: str
    """``reminder`` (to ``user_id``), ``vote_opened``, ``vote_decided`` or ``announce`` (to the
    game's channel; ``announce``: ``turn`` is the last action the post carries)."""
    game: GameRow
    seat: int
    user_id: str
    name: str
    turn: int = 0
    left: float | None = None
    choice: str | None = None
    locale: str = "en"
    """The reader's language: the player's own setting for a reminder, else the table's."""
    result: Result | None = None
    voters: list[str] = field(default_factory=list)
    """Who may vote (user ids of the other human seats)."""
    host: str | None = None
    """The new host's name (a vote that chose to replace the absent host)."""

    def text(self, locale: str | None = None, **extra: Any) -> str:
        loc = locale or self.locale
        title = rules.localised(rules.get(self.game.game).title, loc)
        if self.kind == "reminder":
            left = timer.left_text(self.left or 0.0, loc)
            return message("reminder", loc, game=title, left=left, **extra)
        if self.kind == "vote_opened":
            return message("bank_out", loc, name=self.name, game=title)
        if self.kind == "announce":
            return message("late_post", loc, game=title)
        return message(f"vote_{self.choice}", loc, name=self.name, game=title, host=self.host)


class Scheduler:
    """Runs passes over the due items of one database for one table service."""

    def __init__(self, table: TableService) -> None:
        self.table = table
        self.db = table.db

    async def run_once(self, limit: int = PASS_LIMIT) -> list[Notice]:
        """Act on every item due now (at most ``limit``); the notices to deliver."""
        now = self.table.clock.now()
        notices: list[Notice] = []
        items = await self.db.due_items(now, limit)
        # How late this pass acts on what came due (game-clock seconds): the operators' lag gauge.
        observability.SCHEDULER_LAG.set(max((now - item.due_at for item in items), default=0.0))
        announced: set[int] = set()
        for item in items:
            try:
                if item.kind == announce.ANNOUNCE:
                    notice = await self._announce(item, now, announced)
                else:
                    notice = await self._handle(item, now)
            except Exception:  # one item's failure must not lose the others' notices
                log.exception("due item %d (%s, game %d) failed; retried in %.0f s", item.id, item.kind, item.game_id, RETRY_SECONDS)
                try:
                    await self.db.release_due(item.id, now, now + RETRY_SECONDS)
                except Exception:
                    log.exception("could not release due item %d; it stays claimed", item.id)
                continue
            if notice is not None:
                notices.append(notice)
        return notices

    async def _handle(self, item: DueItem, now: float) -> Notice | None:
        row = await self.db.game(item.game_id)
        seats = await self.db.seats(item.game_id) if row is not None else []
        if row is None or row.status != "active" or not 0 <= item.seat < len(seats) or seats[item.seat].is_bot:
            await self.db.claim_due(item.id, now)  # nothing to do any more: just close it
            return None
        seat = seats[item.seat]
        if item.kind == AWAY_END:
            if await self.db.claim_due(item.id, now):
                await self.table.resume_after_away(row.id, seat.user_id)
            return None
        if item.kind in (kind for kind, _ in timer.REMINDERS):
            return await self._remind(item, row, seat, now)
        if item.kind == timer.EXPIRE:
            # The vote first (adding it twice adds one): a crash between the two repeats nothing.
            await self.db.add_due(row.id, item.seat, VOTE, item.turn, now + VOTE_SECONDS)
            if not await self.db.claim_due(item.id, now):
                return None
            return Notice(
                "vote_opened", row, item.seat, seat.user_id, seat.name, item.turn, locale=row.locale,
                voters=[s.user_id for s in seats if not s.is_bot and s.seat != item.seat],
            )
        if item.kind == VOTE:
            if not await self.db.claim_due(item.id, now):
                return None
            if not await self._still_their_turn(item, row):
                return None  # the player moved, was replaced or the move was taken back: it lapses
            return await self._decide(item, row, seats)
        await self.db.claim_due(item.id, now)
        return None

    async def _announce(self, item: DueItem, now: float, announced: set[int]) -> Notice | None:
        """Lease an unconfirmed announcement and build the late post; one per game and pass (the
        earliest item's post covers the later ones, which are leased with it)."""
        lease = now + announce.scaled(announce.LEASE, self.table.clock)
        if not await self.db.lease_due(item.id, item.due_at, lease):
            return None  # another pass took it
        if item.game_id in announced:
            return None
        # From the first action still owed, whichever item came due first (a lease moves an
        # item's due time past the items of later moves).
        owed = [d.turn for d in await self.db.pending_due(item.game_id) if d.kind == announce.ANNOUNCE]
        result = await self.table.catch_up(item.game_id, min([item.turn, *owed]))
        if result is None or result.announce is None:
            await self.db.claim_due(item.id, now)  # nothing left to announce
            return None
        announced.add(item.game_id)
        row = await self.db.game(item.game_id)
        assert row is not None
        return Notice("announce", row, item.seat, "", "", result.announce[1], locale=row.locale, result=result)

    async def _remind(self, item: DueItem, row: GameRow, seat: SeatRow, now: float) -> Notice | None:
        settings = await self.db.user_settings(seat.user_id)
        away = settings.away_until is not None and settings.away_until > now
        if not settings.reminders or away or self._overtaken(item, row, seat, now):
            await self.db.claim_due(item.id, now)
            return None
        later = quiet_until(settings, now)
        if later is not None:
            await self.db.postpone_due(item.id, later)
            return None
        if not await self.db.claim_due(item.id, now):
            return None
        return Notice(
            "reminder", row, item.seat, seat.user_id, seat.name, item.turn,
            left=timer.remaining(seat, now), locale=settings.dm_locale(row.locale),
        )

    def _overtaken(self, item: DueItem, row: GameRow, seat: SeatRow, now: float) -> bool:
        """Whether a later reminder of the same turn already covers this one: a "below half"
        reminder held through quiet hours until the bank fell below a tenth is not sent as well,
        so the player gets one message saying how little is left, not two at once."""
        t = timer.limit(self.table.table_options(row))
        left = timer.remaining(seat, now)
        fraction = dict(timer.REMINDERS).get(item.kind)
        if t is None or left is None or fraction is None:
            return False
        cap = timer.CAP * t
        return any(f < fraction and left <= f * cap for _, f in timer.REMINDERS)

    async def mention_instead(self, notice: Notice) -> bool:
        """A reminder's DM could not be delivered (DMs closed): whether to mention the player in
        the game's channel instead — once per turn, whichever reminder failed first, in any
        process (a mark in the database decides)."""
        return await self.db.mark_once(notice.game.id, notice.seat, DM_FALLBACK, notice.turn, self.table.clock.now())

    async def _still_their_turn(self, item: DueItem, row: GameRow) -> bool:
        """Whether the seat is still to act in the turn the vote was opened for (a later turn of
        the seat has its own due items, numbered higher)."""
        game = rules.get(row.game)
        if item.seat not in game.to_act(game.loads(row.snapshot)):
            return False
        return not any(d.seat == item.seat and d.turn > item.turn for d in await self.db.pending_due(row.id))

    async def _decide(self, item: DueItem, row: GameRow, seats: list[SeatRow]) -> Notice:
        votes = await self.db.votes(row.id, item.seat, item.turn)
        choice = decide(votes, row.host_id)
        seat = seats[item.seat]
        result: Result | None = None
        if choice == BOT and bots.can_play(rules.get(row.game)):
            result = await self.table.take_over(channel_id=row.channel_id, seat=item.seat)
        elif choice == END:
            result = await self.table.end_unfinished(row.id, timed_out=item.seat)
        else:
            if choice == BOT:
                choice = WAIT  # this game cannot have bots: the table waits instead
            host = new_host(votes, seats, seat) if choice == REPLACE and seat.user_id == row.host_id else None
            await self.table.extend(row.id, item.seat, WAIT_SECONDS, host_id=host.user_id if host else None)
            if host is not None:
                return Notice("vote_decided", row, item.seat, seat.user_id, seat.name, item.turn,
                              choice="replace_host", locale=row.locale, host=host.name)
        return Notice("vote_decided", row, item.seat, seat.user_id, seat.name, item.turn, choice=choice,
                      locale=row.locale, result=result)


def new_host(votes: dict[str, str], seats: list[SeatRow], absent: SeatRow) -> SeatRow | None:
    """Who hosts once the table chose to replace its absent host (only a host or a moderator may
    give a seat away, so without this nobody at the table could): the first player in seat order
    who voted to replace, else the first other human player; ``None`` if nobody is left."""
    others = [s for s in seats if s.seat != absent.seat and not s.is_bot]
    chose = [s for s in others if votes.get(s.user_id) == REPLACE]
    return (chose or others or [None])[0]


def decide(votes: dict[str, str], host_id: str) -> str:
    """The majority's choice; a tie goes to the host's choice if it is among the tied, else to the
    mildest tied choice (in ``VOTE_CHOICES`` order); no votes → a bot plays."""
    if not votes:
        return BOT
    counts = Counter(votes.values())
    top = max(counts.values())
    tied = [c for c in VOTE_CHOICES if counts.get(c) == top]
    if len(tied) == 1:
        return tied[0]
    host = votes.get(host_id)
    return host if host in tied else tied[0]


async def cast_vote(table: TableService, *, channel_id: str | None, user: User, game_id: int, seat: int, turn: int,
                    choice: str) -> dict[str, str]:
    """One of the other players votes (changeable until the vote closes); the votes so far.
    ``channel_id`` ``None``: a vote sent to the voter by DM (the game's channel refused it)."""
    if choice not in VOTE_CHOICES:
        raise TableError("stale")
    row = await table.db.game(game_id)
    if row is None or (channel_id is not None and row.channel_id != channel_id) or row.status != "active":
        raise TableError("vote_closed")
    open_votes = [d for d in await table.db.pending_due(game_id) if d.kind == VOTE and d.seat == seat and d.turn == turn]
    if not open_votes:
        raise TableError("vote_closed")
    seats = await table.db.seats(game_id)
    voter = next((s for s in seats if s.user_id == user.id and not s.is_bot), None)
    if voter is None or voter.seat == seat:
        raise TableError("not_a_voter")
    await table.db.cast_vote(game_id, seat, turn, user.id, choice, table.clock.now())
    return await table.db.votes(game_id, seat, turn)

