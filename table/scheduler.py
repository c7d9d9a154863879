"""The durable scheduler: due times live in the database, and one pass acts on those now due.

Nothing is kept in memory between passes, so a restart loses nothing. An item that only changes
the game (a player's away time ending) is claimed (``Database.claim_due``: marked done by exactly
one caller) before it is acted on, so a second process running passes never repeats it; if acting
then fails (a busy database, a bot that could not decide), the claim is released
(``release_due``) and the item comes due again after ``RETRY_SECONDS``, and one failing item
never costs the others of the pass. What an item writes first is idempotent (the vote an expiry
opens is added before the expiry is taken), so a crash in between repeats nothing either.

An item that owes someone a notice is *leased*, not claimed (``table.notices``): it stays open
until the adapter confirms that Discord took the post (``Scheduler.delivered``), and comes due
again if it never does — a notice is sent at least once, at worst twice. A table service without
``durable_posts`` (the console, which prints at once) confirms each notice as the pass returns it.

What comes due:
- ``remind_half`` / ``remind_tenth``: the seat's bank fell below half / a tenth of its cap. Not
  sent to a player who turned reminders off or is away, nor when nobody else is waiting (bots
  only); held until the end of their quiet hours.
- ``expire``: the bank ran out. A vote opens for the other players (``VOTE_CHOICES``); its
  ``VOTE_SECONDS`` run from when its post was confirmed. With no other human at the table there
  is nobody to vote, and nothing happens.
- ``vote``: the vote closes — never while its post is still owed. The majority decides, the host
  breaks ties, no votes → a bot. It is decided under the game's lock, against the turn it was
  opened for: if the player moved meanwhile, the vote lapses. The outcome and the notice that
  tells it (``told:<choice>``) commit together.
- ``told:<choice>``: a vote's outcome still to be posted (its first delivery failed).
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
from table import announce, bots, notices, observability, timer
from table.me import AWAY_END, quiet_until
from table.messages import TableError, message
from table.service import Result, TableService, User, alone

VOTE = notices.VOTE
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
    item_id: int | None = None
    """The due item that owes this notice: closed once the notice is delivered (``delivered``)."""
    vote_id: int | None = None
    """A ``vote_opened`` notice's vote item: its time runs from the post's delivery."""

    @property
    def over(self) -> bool:
        """The game ended with this outcome (the bots played it to its end): nobody can rejoin."""
        status = self.result.status if self.result is not None else self.game.status
        return status in ("finished", "abandoned")

    @property
    def taken(self) -> bool:
        """A vote's outcome that put a bot in the player's seat."""
        return self.kind == "vote_decided" and self.choice == BOT

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
        if self.choice == BOT and self.over:  # no "/game rejoin" in a game that is over
            return message("vote_bot_over", loc, name=self.name, game=title)
        return message(f"vote_{self.choice}", loc, name=self.name, game=title, host=self.host)


class Scheduler:
    """Runs passes over the due items of one database for one table service."""

    def __init__(self, table: TableService) -> None:
        self.table = table
        self.db = table.db

    async def run_once(self, limit: int = PASS_LIMIT) -> list[Notice]:
        """Act on every item due now (at most ``limit``); the notices to deliver."""
        now = self.table.clock.now()
        found: list[Notice] = []
        items = await self.db.due_items(now, limit)
        # How late this pass acts on what came due (game-clock seconds): the operators' lag gauge.
        observability.SCHEDULER_LAG.set(max((now - item.due_at for item in items), default=0.0))
        announced: set[int] = set()
        for item in items:
            try:
                if item.kind == announce.ANNOUNCE:
                    notice = await self._announce(item, now, announced)
                elif notices.told_choice(item.kind) is not None:
                    notice = await self._told(item, now)
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
                found.append(notice)
        if not self.table.durable_posts:  # an adapter that cannot lose a notice (the console)
            for notice in found:
                await self.delivered(notice)
        return found

    async def delivered(self, notice: Notice) -> None:
        """Discord took ``notice`` (or refused it for good): it is owed no more. A vote's time
        runs from here, so the other players get their whole 24 h to answer its post."""
        now = self.table.clock.now()
        if notice.kind == "vote_opened" and notice.vote_id is not None:
            await self.db.postpone_due(notice.vote_id, now + VOTE_SECONDS)
        if notice.item_id is not None:
            await self.db.claim_due(notice.item_id, now)

    def _lease(self, now: float) -> float:
        return now + announce.scaled(notices.LEASE, self.table.clock)

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
            return await self._remind(item, row, seats, now)
        if item.kind == timer.EXPIRE:
            voters = [s.user_id for s in seats if not s.is_bot and s.seat != item.seat]
            if not voters:  # nobody else at the table: nobody to vote, nobody waiting
                await self.db.claim_due(item.id, now)
                return None
            # The vote first (adding it twice adds one): a crash between the two repeats nothing.
            # Its closing time is set again when its post is delivered (``delivered``).
            await self.db.add_due(row.id, item.seat, VOTE, item.turn, now + VOTE_SECONDS)
            if not await self.db.lease_due(item.id, item.due_at, self._lease(now)):
                return None  # another pass took it
            vote = next(
                (d for d in await self.db.pending_due(row.id) if d.kind == VOTE and d.seat == item.seat and d.turn == item.turn),
                None,
            )
            if vote is None:  # the turn ended meanwhile (the player moved): no vote to post
                await self.db.claim_due(item.id, now)
                return None
            return Notice(
                "vote_opened", row, item.seat, seat.user_id, seat.name, item.turn, locale=row.locale,
                voters=voters, item_id=item.id, vote_id=vote.id,
            )
        if item.kind == VOTE:
            posting = next(
                (d for d in await self.db.pending_due(row.id)
                 if d.kind == timer.EXPIRE and d.seat == item.seat and d.turn == item.turn),
                None,
            )
            if posting is not None:
                # Its post is still owed: the vote cannot close before the table was asked.
                await self.db.postpone_due(item.id, max(now, posting.due_at) + VOTE_SECONDS)
                return None
            if not await self.db.lease_due(item.id, item.due_at, self._lease(now)):
                return None  # another pass took it
            return await self._decide(item, row, seats, now)
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

    async def _remind(self, item: DueItem, row: GameRow, seats: list[SeatRow], now: float) -> Notice | None:
        seat = seats[item.seat]
        settings = await self.db.user_settings(seat.user_id)
        away = settings.away_until is not None and settings.away_until > now
        if not settings.reminders or away or alone(seats) or self._overtaken(item, row, seat, now):
            await self.db.claim_due(item.id, now)
            return None
        later = quiet_until(settings, now)
        if later is not None:
            await self.db.postpone_due(item.id, later)
            return None
        if not await self.db.lease_due(item.id, item.due_at, self._lease(now)):
            return None  # another pass took it
        return Notice(
            "reminder", row, item.seat, seat.user_id, seat.name, item.turn,
            left=timer.remaining(seat, now), locale=settings.dm_locale(row.locale), item_id=item.id,
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

    async def _decide(self, item: DueItem, row: GameRow, seats: list[SeatRow], now: float) -> Notice | None:
        """Apply the vote's outcome. The table re-checks, under the game's lock, that the vote
        still stands for the turn it was opened on (``vote_lapsed`` if the player moved since),
        and writes the notice of the outcome in the same commit; this pass delivers it."""
        votes = await self.db.votes(row.id, item.seat, item.turn)
        choice = decide(votes, row.host_id)
        seat = seats[item.seat]
        result: Result | None = None
        host: SeatRow | None = None
        try:
            if choice == BOT and bots.can_play(rules.get(row.game)):
                result = await self.table.take_over(channel_id=row.channel_id, seat=item.seat, vote_turn=item.turn)
            elif choice == END:
                result = await self.table.end_unfinished(row.id, vote_turn=item.turn, seat=item.seat)
            else:
                if choice == BOT:
                    choice = WAIT  # this game cannot have bots: the table waits instead
                host = new_host(votes, seats, seat) if choice == REPLACE and seat.user_id == row.host_id else None
                if host is not None:
                    choice = "replace_host"
                await self.table.extend(
                    row.id, item.seat, WAIT_SECONDS, host_id=host.user_id if host else None,
                    vote_turn=item.turn, told=choice,
                )
        except TableError as err:
            if err.key != "vote_lapsed":
                raise
            await self.db.claim_due(item.id, now)  # the player moved, was replaced, or the move was undone
            return None
        fresh = await self.db.game(row.id) or row
        owed = next(
            (d.id for d in await self.db.pending_due(row.id)
             if d.kind == notices.told(choice) and d.seat == item.seat and d.turn == item.turn),
            None,
        )
        return Notice("vote_decided", fresh, item.seat, seat.user_id, seat.name, item.turn, choice=choice,
                      locale=row.locale, result=result, host=host.name if host else None, item_id=owed)

    async def _told(self, item: DueItem, now: float) -> Notice | None:
        """A vote's outcome whose post was never confirmed (the process died, Discord failed):
        built again from the table as the outcome left it, and sent again."""
        if not await self.db.lease_due(item.id, item.due_at, self._lease(now)):
            return None  # another pass took it
        row = await self.db.game(item.game_id)
        seats = await self.db.seats(item.game_id) if row is not None else []
        choice = notices.told_choice(item.kind)
        if row is None or choice is None or not 0 <= item.seat < len(seats):
            await self.db.claim_due(item.id, now)
            return None
        seat = seats[item.seat]
        held = bots.held_for("")
        user_id = seat.user_id[len(held):] if seat.user_id.startswith(held) else seat.user_id
        host = next((s.name for s in seats if s.user_id == row.host_id), None) if choice == "replace_host" else None
        result = await self.table.ended_unfinished(row.id) if choice == END and row.snapshot is not None else None
        return Notice("vote_decided", row, item.seat, user_id, seat.name, item.turn, choice=choice,
                      locale=row.locale, result=result, host=host, item_id=item.id)


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

