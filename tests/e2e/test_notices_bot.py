"""Issue #28 items 1 and 2 through the real bot, the fake Discord and the real table.

Item 1: a vote post that Discord answers with a 503 is posted again on a later pass, and the vote
is not decided 24 h after the expiry when nobody was asked until later; a takeover whose post was
never sent (the process died after the commit) is posted, with its DM, by the next pass; a clean
stop (SIGTERM) waits for a reminder DM in flight. Item 2: a player who moves while the vote on
their time closes (a bot thinking after their move) keeps the seat."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest

import rules
from table import bots, notices
from table.clock import ScriptedClock
from table.scheduler import VOTE_SECONDS
from tests.e2e.test_bot_announce import _quiet_keeper
from tests.e2e.test_bot_fixer import World, next_player, open_two_player_game, world  # noqa: F401
from tests.fakediscord.models import FakeChannel, FakeMessage, FakeUser
from tests.fakediscord.world import ApiError

HOUR = 3600.0
BANK = 144 * HOUR  # the default timer (72 h): a bank of twice that
LEASE = notices.LEASE


def _fail_posts(fake: Any, where: Callable[[FakeChannel], bool], count: int = 1, status: int = 503) -> list[int]:
    """The fake answers the bot's next ``count`` posts to channels ``where`` accepts with
    ``status`` (a passing Discord outage); the list counts the refusals made."""
    world_ = fake.world
    real = world_.bot_posts
    refused: list[int] = []

    async def failing(channel: FakeChannel, payload: dict[str, Any], uploads: list[Any]) -> FakeMessage:
        if where(channel) and len(refused) < count:
            refused.append(status)
            raise ApiError(status, {"message": "Service Unavailable", "code": 0})
        return await real(channel, payload, uploads)

    world_.bot_posts = failing
    return refused


def _said(fake: Any, thread: FakeChannel, text: str) -> list[FakeMessage]:
    return [m for m in fake.messages(thread) if text in m.content]


async def test_a_vote_post_refused_with_a_503_is_posted_later_and_the_vote_waits_for_it(
    world: World, monkeypatch: pytest.MonkeyPatch  # noqa: F811
) -> None:
    monkeypatch.setenv(bots.ENV_ITERATIONS, "3")
    fake = world.fake
    bot = world.bot()
    async with fake.running(bot):
        clock = ScriptedClock()
        bot.table.clock = clock
        keeper = _quiet_keeper(bot)
        thread, post = await open_two_player_game(world)
        slow = next_player(world, post)
        refused = _fail_posts(fake, lambda c: c.id == thread.id)
        clock.advance(BANK + 60)  # the bank is empty: the vote post meets a 503
        await keeper.run_pass()
        assert refused == [503] and _said(fake, thread, "has run out") == []
        clock.advance(LEASE + 1)
        await keeper.run_pass()
        votes = _said(fake, thread, "has run out")
        assert len(votes) == 1 and len(votes[0].buttons()) == 4  # asked at last, with its buttons
        clock.advance(VOTE_SECONDS - LEASE)  # 24 h after the expiry, not yet after the post
        await keeper.run_pass()
        assert _said(fake, thread, "A bot now plays") == []
        assert str(slow.id) in (await bot.table.status(channel_id=str(thread.id))).user_ids
        clock.advance(LEASE + 60)  # 24 h after the post: nobody voted, a bot plays
        await keeper.run_pass()
        assert len(_said(fake, thread, f"A bot now plays for {slow.name}")) == 1


async def test_a_takeover_whose_post_died_with_the_process_is_posted_by_the_next_pass(
    world: World, monkeypatch: pytest.MonkeyPatch  # noqa: F811
) -> None:
    monkeypatch.setenv(bots.ENV_ITERATIONS, "3")
    fake = world.fake
    bot = world.bot()
    async with fake.running(bot):
        clock = ScriptedClock()
        bot.table.clock = clock
        keeper = _quiet_keeper(bot)
        thread, post = await open_two_player_game(world)
        slow = next_player(world, post)
        clock.advance(BANK + 60)
        await keeper.run_pass()
        assert len(_said(fake, thread, "has run out")) == 1
        clock.advance(VOTE_SECONDS + 1)
        decided = await keeper.scheduler.run_once()  # committed; then kill -9 before any post
        assert [n.kind for n in decided] == ["vote_decided"]
        assert bots.is_bot_id((await bot.table.status(channel_id=str(thread.id))).user_ids[decided[0].seat])
        dms = len(fake.messages(fake.dm_channel(slow)))
        clock.advance(LEASE + 1)
        await keeper.run_pass()
        taken = _said(fake, thread, f"A bot now plays for {slow.name}")
        assert len(taken) == 1 and f"<@{slow.id}>" in taken[0].content
        told = fake.messages(fake.dm_channel(slow))[dms:]
        assert len(told) == 1 and "/game rejoin" in told[0].content, [m.content for m in told]
        clock.advance(LEASE + 1)
        await keeper.run_pass()
        assert len(_said(fake, thread, f"A bot now plays for {slow.name}")) == 1  # delivered: not again


async def test_a_clean_stop_waits_for_a_reminder_in_flight(world: World) -> None:  # noqa: F811
    fake = world.fake
    bot = world.bot()
    async with fake.running(bot):
        clock = ScriptedClock()
        bot.table.clock = clock
        keeper = _quiet_keeper(bot)
        _, post = await open_two_player_game(world)
        slow = next_player(world, post)
        real = fake.world.bot_posts
        sending = asyncio.Event()

        async def slow_dm(channel: FakeChannel, payload: dict[str, Any], uploads: list[Any]) -> FakeMessage:
            if channel.is_dm:
                sending.set()
                await asyncio.sleep(3.0)  # Discord is slow to take the DM
            return await real(channel, payload, uploads)

        fake.world.bot_posts = slow_dm
        clock.advance(BANK / 2 + 60)  # below half of the bank: a reminder
        passing = asyncio.create_task(keeper.run_pass())
        await asyncio.wait_for(sending.wait(), 10)
        finished = await bot.shutdown(grace=20)  # SIGTERM while the DM is in flight
        assert passing.done() and passing.result() == 1
        assert finished
        assert [m for m in fake.messages(fake.dm_channel(slow)) if "FIXER" in m.content]


def _ending(bot: Any, row: Any, seat: int) -> str | None:
    """A legal decision of ``seat`` that ends its turn (the next seat then acts), if any."""
    game = rules.get(row.game)
    state = game.loads(row.snapshot)
    for action in game.legal_actions(state, seat):
        after, _ = game.apply(state, seat, action)
        if seat not in game.to_act(after):
            return action
    return None


async def _until_alice(table_world: World, bot: Any, thread: FakeChannel) -> tuple[Any, int]:
    """Let bob (and the bot) play until alice is to act; her decisions that do not end her turn
    are made at once, so the one left ends it: (the game row, alice's seat)."""
    fake = table_world.fake
    for _ in range(50):
        row = await bot.table.db.live_game(str(thread.id))
        status = await bot.table.status(channel_id=str(thread.id))
        acting = status.user_ids[status.to_act[0]]
        user: FakeUser = table_world.alice if acting == str(table_world.alice.id) else table_world.bob
        seat = status.to_act[0]
        if user is table_world.alice and _ending(bot, row, seat) is not None:
            return row, seat
        choices = await fake.autocomplete(user, thread, "move", "action", typed="")
        moved = await fake.slash(user, thread, "move", {"action": choices[0]["value"]})
        assert not moved.ephemeral, moved.content
    raise AssertionError("alice never came to act")


async def test_a_player_moving_as_the_vote_closes_keeps_the_seat(
    world: World, monkeypatch: pytest.MonkeyPatch  # noqa: F811
) -> None:
    """A 3-player FIXER table (seating=host, a hard bot after alice): alice's time runs out, and
    she moves 1 s before the vote closes, while the bot thinks its answer. Her move stands, and
    the vote lapses: no bot takes her seat."""
    monkeypatch.setenv(bots.ENV_ITERATIONS, "3")
    fake = world.fake
    bot = world.bot()
    async with fake.running(bot):
        clock = ScriptedClock()
        bot.table.clock = clock
        keeper = _quiet_keeper(bot)
        await fake.slash(world.alice, world.channel, "game new", {"game": "fixer", "players": 3, "options": "seating=host"})
        thread = fake.threads_of(world.channel)[0]
        added = await fake.slash(world.alice, thread, "game addbot", {"level": "hard"})
        assert not added.ephemeral, added.content
        await fake.click(world.bob, fake.last_message(thread), label="Join")
        await fake.click(world.alice, fake.last_message(thread), label="Start")
        status = await bot.table.status(channel_id=str(thread.id))
        assert status.user_ids[0] == str(world.alice.id) and bots.is_bot_id(status.user_ids[1])
        row, seat = await _until_alice(world, bot, thread)
        ending = _ending(bot, row, seat)
        assert ending is not None
        clock.advance(BANK + 60)  # alice's bank ran out
        await keeper.run_pass()
        assert len(_said(fake, thread, "alice's time in FIXER has run out")) == 1
        clock.advance(VOTE_SECONDS - 1)  # nobody votes: at the close, a bot would take the seat
        real = bot.table.thinkers.choose
        thinking = asyncio.Event()

        async def slow_choice(*args: Any, **kwargs: Any) -> str:
            thinking.set()
            await asyncio.sleep(1.0)
            return await real(*args, **kwargs)

        monkeypatch.setattr(bot.table.thinkers, "choose", slow_choice)
        moving = asyncio.create_task(fake.slash(world.alice, thread, "move", {"action": ending}))
        await asyncio.wait_for(thinking.wait(), 10)  # her move is in, the bot thinks its answer
        clock.advance(1)  # the vote closes now
        await keeper.run_pass()
        moved = await moving
        assert not moved.ephemeral, moved.content  # her move was accepted ...
        status = await bot.table.status(channel_id=str(thread.id))
        assert status.user_ids[0] == str(world.alice.id)  # ... and her seat stays hers
        assert _said(fake, thread, "A bot now plays for alice") == []
        assert not [d for d in await bot.table.db.pending_due(row.id) if d.kind == notices.VOTE]
