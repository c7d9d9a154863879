"""Ratings through the real bot and the fake Discord (issue 25): a ranked table's final post shows
each player's rating change; ``/stats`` and ``/leaderboard`` answer in the reader's language with
their pictures; a private player is hidden; bad input gets a clear answer."""

from __future__ import annotations

import pytest

from storage.ratings import GLOBAL
from table.records import MIN_GAMES
from tests.e2e import test_bot_fixer
from tests.e2e.test_bot_fixer import PNG, World

world = test_bot_fixer.world  # the same two players in one server


async def play_ranked_game(world: World, bot: object) -> str:
    """Open a ranked 2-player FIXER table, play it out with /move; the final post's text."""
    fake = world.fake
    await fake.slash(world.alice, world.channel, "game new", {"game": "fixer", "players": 2, "options": "ranked=true"})
    thread = fake.threads_of(world.channel)[-1]
    await fake.click(world.bob, fake.last_message(thread), label="Join")
    post = await fake.click(world.alice, fake.last_message(thread), label="Start")
    for _ in range(300):
        status = await bot.table.status(channel_id=str(thread.id))  # type: ignore[attr-defined]
        if status.status != "active":
            return fake.last_message(thread).content
        user = world.user(int(status.user_ids[status.to_act[0]]))
        choices = await fake.autocomplete(user, thread, "move", "action", typed="")
        post = await fake.slash(user, thread, "move", {"action": choices[0]["value"]})
        assert not post.ephemeral, post.content
    raise AssertionError("the game did not end")


@pytest.mark.slow
async def test_ranked_games_rate_and_stats_and_leaderboard_answer(world: World) -> None:
    fake = world.fake
    bot = world.bot()
    async with fake.running(bot):
        final = await play_ranked_game(world, bot)
        assert "**Ratings**" in final and "alice" in final and "bob" in final and "→" in final
        # zh-TW reader, own stats: ephemeral, worded in their language, with the rating line.
        mine = await fake.slash(world.bob, world.channel, "stats", {"game": "fixer"}, locale="zh-TW")
        assert mine.ephemeral and "積分" in mine.content and "對局 1" in mine.content
        # Not enough rated games yet for the leaderboard: a clear answer, not an empty list.
        empty = await fake.slash(world.alice, world.channel, "leaderboard", {"game": "fixer"})
        assert empty.ephemeral and f"{MIN_GAMES} or more rated games" in empty.content
        for _ in range(MIN_GAMES - 1):
            await play_ranked_game(world, bot)
        ratings = await bot.table.db.ratings_of(GLOBAL, "fixer", [str(world.alice.id), str(world.bob.id)])
        assert {r.games for r in ratings.values()} == {MIN_GAMES}
        board = await fake.slash(world.alice, world.channel, "leaderboard", {"game": "fixer"})
        assert "Leaderboard" in board.content and "1. " in board.content and "2. " in board.content
        assert board.files and board.files[0].data.startswith(PNG) and "You: #" in board.content
        chart = await fake.slash(world.alice, world.channel, "stats", {"game": "fixer", "public": True})
        assert not chart.ephemeral and chart.files and chart.files[0].data.startswith(PNG)
        versus = await fake.slash(world.alice, world.channel, "stats", {"versus": world.bob})
        assert f"{MIN_GAMES} games together" in versus.content
        too_far = await fake.slash(world.alice, world.channel, "leaderboard", {"game": "fixer", "page": 10000})
        assert "page 10000 does not exist" in too_far.content
        # Bob goes private: hidden from the board and from alice's /stats, not from his own.
        hidden = await fake.slash(world.bob, world.channel, "me settings", {"stats": "private"})
        assert "不公開" in hidden.content
        board = await fake.slash(world.alice, world.channel, "leaderboard", {"game": "fixer"})
        assert "bob" not in board.content
        other = await fake.slash(world.alice, world.channel, "stats", {"user": world.bob})
        assert "keeps their statistics private" in other.content
        own = await fake.slash(world.bob, world.channel, "stats", {"game": "fixer"}, locale="zh-TW")
        assert "積分" in own.content
        nobody = await fake.slash(world.alice, world.channel, "stats", {"bot": "hard"})
        assert "no finished games yet" in nobody.content
        assert fake.rejections == [] and fake.unknown_routes == []
