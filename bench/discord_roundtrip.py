"""Slash command → reply through the real discord.py client and the local fake Discord.

Two measurements: the round trip of one ``/move`` at a time (a solo game in a DM), and a burst of
``/move`` commands sent all at once across many games (issue 13): how many were acknowledged
within Discord's 3 s deadline, how many committed moves were posted, and the time to the image.
"""

from __future__ import annotations

import asyncio
import logging
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import rules
from bench.stats import Figure
from cogs.client import PosternBot
from rules import CHANCE
from table.chance import resolve
from table.service import User
from tests.fakediscord import FakeDiscord
from tests.fakediscord.interactions import FakeInteraction
from tests.fakediscord.models import FakeChannel, FakeUser

DEADLINE = 3.0
"""Discord's interaction deadline (seconds)."""


def quiet() -> None:
    logging.getLogger("fakediscord").setLevel(logging.ERROR)


def bench_bot(path: Path, *, throttle: bool = True) -> PosternBot:
    """The bot as deployed; ``throttle=False`` for one user playing fast on purpose."""
    if throttle:
        return PosternBot(str(path))
    from cogs.throttle import Throttle

    return PosternBot(str(path), throttle=Throttle.off())


async def roundtrip_figure(moves: int) -> Figure:
    """Median/p95 from dispatching ``/move`` to the first readable answer (image included)."""
    quiet()
    samples: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        async with FakeDiscord() as fake:
            dm_user = fake.add_user("bench")
            bot = bench_bot(Path(tmp) / "bench.db", throttle=False)
            async with fake.running(bot):
                dm = fake.dm_channel(dm_user)
                while len(samples) < moves:
                    post = await fake.slash(dm_user, dm, "solo", {"game": "fixer"})
                    while len(samples) < moves and "Final result" not in (post.content or ""):
                        choices = await fake.autocomplete(dm_user, dm, "move", "action", typed="")
                        if not choices:
                            break
                        post = await fake.slash(dm_user, dm, "move", {"action": choices[0]["value"]})
                        if post.reply_elapsed is not None:
                            samples.append(post.reply_elapsed * 1000.0)
                    if "Final result" not in (post.content or ""):
                        await fake.slash(dm_user, dm, "game abandon")
    return Figure("slash /move → reply (fake Discord, DM solo)", samples, "p95 ≤ 150 ms")


@dataclass
class BurstReport:
    """What a burst of ``/move`` did, as Discord and the players would see it."""

    sent: int
    acknowledged: int
    """Interactions whose first callback Discord accepted, i.e. within the deadline."""
    committed: int
    """Moves written to the database (the players' moves that counted)."""
    posted: int
    """Board images of those moves that reached the game's channel (reply, follow-up or post)."""
    ack_ms: list[float]
    image_ms: list[float]
    """Per committed and posted move: dispatch → its board image arrived at Discord."""
    seconds: float

    def figures(self) -> list[Figure]:
        note = (
            f"acked ≤{DEADLINE:.0f}s {self.acknowledged}/{self.sent}; committed {self.committed}; "
            f"posted {self.posted}/{self.committed}; wall {self.seconds:.1f}s"
        )
        return [
            Figure(f"burst {self.sent} /move: dispatch → ack", self.ack_ms, f"all ≤ {DEADLINE:.0f} s", note=note),
            Figure(f"burst {self.sent} /move: dispatch → image", self.image_ms, "every move posted"),
        ]


def late(ix: FakeInteraction) -> bool:
    """Past the deadline: Discord would refuse its callback now."""
    return time.monotonic() - ix.dispatched_at > DEADLINE + 0.5


def planned_moves(name: str, snapshot: str, seed: str, seq: int, count: int) -> list[tuple[int, str]]:
    """The next ``count`` (seat, action) decisions of a game, replaying the table's own chance
    resolution, so every planned move is legal when its turn comes."""
    game = rules.get(name)
    state = game.loads(snapshot)
    plan: list[tuple[int, str]] = []
    while len(plan) < count and not game.is_over(state):
        acting = game.to_act(state)
        if acting == [CHANCE]:
            state, _ = game.apply(state, CHANCE, resolve(seed, seq, game.chance_outcomes(state)))
        else:
            seat = acting[0]
            action = game.legal_actions(state, seat)[0]
            state, _ = game.apply(state, seat, action)
            plan.append((seat, action))
        seq += 1
    return plan


async def burst(moves: int = 500, games: int = 125, game: str = "fixer", settle: float = 60.0) -> BurstReport:
    """``moves`` ``/move`` commands dispatched at once, ``moves // games`` per game, each by its own
    player (so the per-user throttle never refuses them); every game is a fresh table."""
    quiet()
    per_game = max(1, moves // games)
    players = min(rules.get(game).max_players, max(2, per_game))
    with tempfile.TemporaryDirectory() as tmp:
        async with FakeDiscord() as fake:
            guild = fake.add_guild("Burst")
            channels: list[FakeChannel] = []
            seated: list[list[FakeUser]] = []
            for g in range(games):
                users = [fake.add_user(f"g{g}p{i}") for i in range(players)]
                for user in users:
                    fake.add_member(guild, user)
                seated.append(users)
                channels.append(fake.add_text_channel(guild, f"table-{g}"))
            bot = bench_bot(Path(tmp) / "burst.db")
            async with fake.running(bot):
                table = bot.table
                plan: list[tuple[FakeChannel, FakeUser, str]] = []
                first_version: dict[int, int] = {}
                for channel, users in zip(channels, seated, strict=True):
                    people = [User(str(u.id), u.name) for u in users]
                    where = str(channel.id)
                    await table.open(
                        channel_id=where, guild_id=str(guild.id), user=people[0], game=game, players=players,
                        options="seating=host",  # the planned moves name players by seat
                    )
                    for person in people[1:]:
                        await table.join(channel_id=where, user=person)
                    await table.start(channel_id=where, user=people[0])
                    row = await bot.db.live_game(where)
                    assert row is not None and row.snapshot is not None
                    first_version[channel.id] = row.version
                    seq = await bot.db.action_count(row.id)
                    for seat, action in planned_moves(game, row.snapshot, row.seed, seq, per_game):
                        plan.append((channel, users[seat], action))
                # Interleave the games, as a busy server would see them.
                order = sorted(range(len(plan)), key=lambda i: (i % per_game, i))
                start = time.monotonic()
                sent: list[FakeInteraction] = []
                for i in order:
                    channel, user, action = plan[i]
                    sent.append(await fake.slash(user, channel, "move", {"action": action}, wait=False))
                await fake.wait_until(lambda: all(ix.acknowledged or late(ix) for ix in sent), DEADLINE + 5)
                committed, posted, image_ms = await _settle(bot, fake, channels, first_version, sent, settle)
                seconds = time.monotonic() - start
    acked = [ix for ix in sent if ix.acknowledged and (ix.elapsed or 0.0) <= DEADLINE]
    return BurstReport(
        sent=len(sent),
        acknowledged=len(acked),
        committed=committed,
        posted=posted,
        ack_ms=[(ix.elapsed or 0.0) * 1000.0 for ix in sent if ix.acknowledged],
        image_ms=image_ms,
        seconds=seconds,
    )


async def _settle(
    bot: PosternBot,
    fake: FakeDiscord,
    channels: list[FakeChannel],
    first_version: dict[int, int],
    sent: list[FakeInteraction],
    settle: float,
) -> tuple[int, int, list[float]]:
    """Wait until every committed move has its image (or ``settle`` s passed); then count."""
    by_user = {(ix.channel.id, ix.user.id): ix for ix in sent}

    async def counts() -> tuple[int, int, list[float]]:
        committed = posted = 0
        image_ms: list[float] = []
        for channel in channels:
            row = await bot.db.latest_game(str(channel.id))
            assert row is not None
            humans = [a for a in await bot.db.actions(row.id) if a.user_id is not None]
            committed += len(humans)
            images = {
                att.filename: att
                for m in fake.messages(channel) + [m for ix in sent if ix.channel is channel for m in ix.messages]
                for att in m.attachments
            }
            for k, action in enumerate(humans):
                version = first_version[channel.id] + k + 1
                att = next((a for f, a in images.items() if f.endswith(f"-v{version}.png")), None)
                if att is None:
                    continue
                posted += 1
                ix = by_user.get((channel.id, int(action.user_id or 0)))
                if ix is not None:
                    image_ms.append((att.uploaded_at - ix.dispatched_at) * 1000.0)
        return committed, posted, image_ms

    def answered() -> bool:
        return all(ix.reply_message is not None or (not ix.acknowledged and late(ix)) for ix in sent)

    # Settled: every interaction answered (or past its deadline unanswered), every committed move
    # posted, and nothing new committed for a second.
    end = time.monotonic() + settle
    result, previous = await counts(), (-1, -1, [])
    while time.monotonic() < end and not (answered() and result[1] >= result[0] and result[:2] == previous[:2]):
        await asyncio.sleep(0.5)
        result, previous = await counts(), result
    return result


async def burst_figures(moves: int, games: int) -> list[Figure]:
    return (await burst(moves, games)).figures()
