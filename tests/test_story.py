"""A finished game's story (issue 24 item 2): scores over the game with its chapters marked and its
telling figures, for every game and player count (solo included); built only once a game has ended."""

from __future__ import annotations

import pytest

import rules
from bench.comeback import playout
from storage import ActionRow, Database
from table.service import TableService, User
from table.story import MAX_POINTS, tell


@pytest.mark.parametrize("name", sorted(rules.GAMES))
def test_every_game_tells_its_story_at_every_player_count(name: str) -> None:
    game = rules.get(name)
    for players in range(game.min_players, game.max_players + 1):
        g, start, log = playout(name, players, players)
        names = [f"P{i}" for i in range(players)]
        story = tell(g, start, log, names, "zh-TW")
        final = g.scores(g.loads(g.dumps(_end(g, start, log))))
        assert story.points[-1] == final and story.points[0] == g.scores(start)
        assert 2 <= len(story.points) <= MAX_POINTS
        lines = len(final)
        assert len(story.names) == lines and all(len(row) == lines for row in story.points)
        assert story.names[:players] == names
        assert all(0 <= i < len(story.points) for i, _ in story.marks)
        assert [i for i, _ in story.marks] == sorted(i for i, _ in story.marks)
        assert all(len(values) == lines for _, values in story.figures)
        assert story.figures[0][1] == [str(v) for v in final]
        if name in ("burgundy", "burgundy_cards", "torres", "tuscany"):
            assert len({label for _, label in story.marks}) >= 3  # phases or rounds marked
        view = story.view("t", "zh-TW")
        import render

        assert render.draw("stats", view).startswith(b"\x89PNG")


def _end(game: rules.Game, start: object, log: list[ActionRow]) -> object:
    state = start
    for action in log:
        state, _ = game.apply(state, action.seat, action.action)
    return state


async def test_no_story_while_the_game_runs(tmp_path: object) -> None:
    from pathlib import Path

    async with Database(Path(str(tmp_path)) / "s.db") as db:
        table = TableService(db, seed_source=lambda: "s")
        ann, bob = User("1", "Ann"), User("2", "Bob")
        await table.open(channel_id="c", guild_id="g", user=ann, game="fixer", players=2)
        await table.join(channel_id="c", user=bob)
        started = await table.start(channel_id="c", user=ann)
        row = await db.game(started.game_id)
        assert row is not None and started.story is None
        assert await table.story(row, ["Ann", "Bob"], "en") is None
