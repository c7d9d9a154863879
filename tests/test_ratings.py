"""Ratings (issue 25): the rule of who is rated and where, the maths checked against openskill
itself, recording a game's end exactly once through the table, concurrent ends that share a
player (PostgreSQL), and ``python -m storage.ratings rebuild`` reproducing the live ratings."""

from __future__ import annotations

import asyncio
import itertools
import random
from collections.abc import AsyncIterator

import pytest
from openskill.models import PlackettLuce

from storage import Database
from storage.ratings import (
    BOT,
    FINISHED,
    GLOBAL,
    HUMAN,
    LEFT,
    STAND_IN,
    STOOD,
    TIMED_OUT,
    Participant,
    Rating,
    fresh,
    rate,
    rated_places,
    rebuild,
)
from storage.records import RatingMoved, RatingUpdate, ResultRow
from table.service import TableService, User
from tests.test_table import play_out, seated

ANN, BOB, CHO = User("1", "Ann"), User("2", "Bob"), User("3", "Cho")


def p(player: str, outcome: str = FINISHED, place: int | None = 1, kind: str = HUMAN) -> Participant:
    return Participant(player, kind, outcome, place)


# ---- the rule -------------------------------------------------------------------------------------


def test_only_ranked_tables_with_two_humans_are_rated() -> None:
    two = [p("a", place=1), p("b", place=2)]
    assert rated_places(False, 1.0, two) is None
    assert rated_places(True, 1.0, two) == {"a": 1, "b": 2}
    assert rated_places(True, 1.0, [p("a", place=1), p("bot:normal", place=2, kind=BOT)]) is None


def test_a_game_ended_early_counts_only_from_half_way_and_the_timed_out_player_is_last() -> None:
    stood = [p("a", STOOD, 2), p("b", STOOD, 1), p("c", TIMED_OUT, None)]
    assert rated_places(True, 0.49, stood) is None
    assert rated_places(True, 0.5, stood) == {"b": 1, "a": 2, "c": 3}


def test_leavers_share_the_last_place_and_stand_ins_are_not_rated() -> None:
    parts = [p("a", place=2), p("b", place=1), p("c", LEFT, None), p("d", LEFT, None), p("e", place=3, kind=STAND_IN)]
    assert rated_places(True, 1.0, parts) == {"b": 1, "a": 2, "c": 3, "d": 3}


def test_lobby_bots_are_rated_per_level_beside_two_humans() -> None:
    parts = [p("a", place=1), p("b", place=3), p("bot:normal", place=2, kind=BOT)]
    assert rated_places(True, 1.0, parts) == {"a": 1, "bot:normal": 2, "b": 3}


# ---- the maths, against openskill itself ----------------------------------------------------------


@pytest.mark.parametrize("places", [[1, 2], [1, 2, 3], [2, 1, 3, 4], [1, 1, 3], [1, 2, 2, 4], [1, 1]])
def test_rating_changes_are_openskills_plackett_luce(places: list[int]) -> None:
    rng = random.Random(len(places) * 7 + sum(places))
    players = [f"p{i}" for i in range(len(places))]
    before = {q: Rating(rng.uniform(15, 35), rng.uniform(2, 8.3), rng.randint(1, 9)) for q in players}
    after = rate(before, dict(zip(players, places, strict=True)))
    model = PlackettLuce()
    expected = model.rate([[model.rating(mu=before[q].mu, sigma=before[q].sigma)] for q in players],
                          ranks=[float(x) for x in places])
    for q, (rating,) in zip(players, expected, strict=True):
        assert after[q].mu == pytest.approx(rating.mu, abs=1e-9)
        assert after[q].sigma == pytest.approx(rating.sigma, abs=1e-9)
        assert after[q].games == before[q].games + 1
    if places.count(1) == 1:
        winner = players[places.index(1)]
        assert after[winner].mu > before[winner].mu


def test_new_players_start_at_the_models_default() -> None:
    after = rate({}, {"a": 1, "b": 2})
    assert after["a"].mu > fresh().mu > after["b"].mu and after["a"].games == 1


# ---- through the table ----------------------------------------------------------------------------


@pytest.fixture
async def table(db_target: str) -> AsyncIterator[TableService]:
    async with Database(db_target) as db:
        yield TableService(db, seed_source=lambda: "seed-r")


async def ranked_game(table: TableService, channel: str, ranked: bool = True, users: tuple[User, ...] = (ANN, BOB)) -> None:
    await table.open(channel_id=channel, guild_id="g1", user=users[0], game="fixer", players=len(users),
                     options=f"ranked={'true' if ranked else 'false'}")
    for user in users[1:]:
        await table.join(channel_id=channel, user=user)
    await table.start(channel_id=channel, user=users[0])


async def test_a_ranked_game_is_recorded_and_rated_once_in_both_scopes(table: TableService) -> None:
    await ranked_game(table, "c1")
    await play_out(table, "c1", [ANN, BOB], random.Random(3))
    final = await table.status(channel_id="c1")
    assert final.status == "finished"
    results = await table.db.results_of_game(final.game_id)
    assert sorted(r.player for r in results) == ["1", "2"] and all(r.outcome == FINISHED for r in results)
    assert final.ratings and {c.scope for c in final.ratings} == {"guild:g1"}
    changes = await table.db.rating_changes_of(final.game_id)
    assert {c.scope for c in changes} == {GLOBAL, "guild:g1"} and len(changes) == 4
    for _ in range(3):  # seen again: never rated twice
        await table.status(channel_id="c1")
    for scope in (GLOBAL, "guild:g1"):
        ratings = await table.db.ratings_of(scope, "fixer", ["1", "2"])
        assert {r.games for r in ratings.values()} == {1}
    first = final.ranking[0]
    winner = final.user_ids[first]
    places = dict(zip(final.ranking, final.places, strict=True))
    if list(places.values()).count(1) == 1:
        assert (await table.db.rating(GLOBAL, "fixer", winner)).mu > fresh().mu  # type: ignore[union-attr]


async def test_an_unranked_game_is_recorded_for_statistics_but_not_rated(table: TableService) -> None:
    await ranked_game(table, "c2", ranked=False)
    await play_out(table, "c2", [ANN, BOB], random.Random(4))
    final = await table.status(channel_id="c2")
    assert len(await table.db.results_of_game(final.game_id)) == 2
    assert final.ratings == [] and await table.db.rating_changes_of(final.game_id) == []
    stats = await table.player_stats("1", "Ann", "fixer", "g1")
    assert stats.games == 1 and stats.rating is None and stats.completion == 1.0


async def test_a_timed_out_player_counts_last_when_the_table_votes_to_end(db_target: str) -> None:
    """The real path: a bank runs out, the vote opens, the others vote to end, the vote closes."""
    import rules
    from table.clock import ScriptedClock
    from table.scheduler import END, Scheduler, cast_vote

    clock = ScriptedClock()
    async with Database(db_target) as db:
        table = TableService(db, seed_source=lambda: "seed-r", clock=clock)
        await table.open(channel_id="c3", guild_id="g1", user=ANN, game="fixer", players=3,
                         options="ranked=true timer=24h")
        for user in (BOB, CHO):
            await table.join(channel_id="c3", user=user)
        await table.start(channel_id="c3", user=ANN)
        rng = random.Random(5)
        game = rules.get("fixer")
        for _ in range(2000):  # play past half of the game
            status = await table.status(channel_id="c3")
            row = await db.game(status.game_id)
            assert row is not None
            if game.progress(game.loads(row.snapshot)) >= 0.5:
                break
            user = seated(status, status.to_act[0], [ANN, BOB, CHO])
            _, legal = await table.legal_moves(channel_id="c3", user=user)
            await table.act(channel_id="c3", user=user, action=rng.choice(legal))
        status = await table.status(channel_id="c3")
        absent = status.to_act[0]
        scheduler = Scheduler(table)
        clock.advance(49 * 3600)  # the bank (twice the timer) runs out: the vote opens
        opened = [n for n in await scheduler.run_once() if n.kind == "vote_opened"]
        assert opened
        for notice in opened:
            await scheduler.delivered(notice)
        for user in (ANN, BOB, CHO):
            if user.id != status.user_ids[absent]:
                await cast_vote(table, channel_id="c3", user=user, game_id=status.game_id, seat=absent,
                                turn=opened[0].turn, choice=END)
        clock.advance(25 * 3600)
        await scheduler.run_once()
        assert (await db.game(status.game_id)).status == "abandoned"  # type: ignore[union-attr]
        changes = {c.player: c for c in await db.rating_changes_of(status.game_id) if c.scope == GLOBAL}
        assert len(changes) == 3
        loser = status.user_ids[absent]
        results = {r.player: r for r in await db.results_of_game(status.game_id)}
        assert results[loser].outcome == TIMED_OUT and all(r.outcome == STOOD for k, r in results.items() if k != loser)
        assert changes[loser].after.mu < changes[loser].before.mu
        assert min(changes.values(), key=lambda c: c.after.mu - c.before.mu).player == loser


async def test_a_stale_rating_is_never_overwritten(table: TableService) -> None:
    await ranked_game(table, "c4")
    await play_out(table, "c4", [ANN, BOB], random.Random(6))
    game_id = (await table.status(channel_id="c4")).game_id
    now = await table.db.rating(GLOBAL, "fixer", "1")
    assert now is not None
    stale = Rating(now.mu, now.sigma, now.games - 1)
    row = ResultRow(game_id + 1000, "1", 0, "Ann", "fixer", None, HUMAN, FINISHED, 1, 2, 1, True, 1.0, 1, 1.0, 9.0)
    with pytest.raises(RatingMoved):
        await table.db.record_game([row], [RatingUpdate(GLOBAL, "fixer", "1", "Ann", stale, Rating(1.0, 1.0, now.games))], 9.0)
    assert await table.db.rating(GLOBAL, "fixer", "1") == now


async def test_two_games_ending_at_once_both_count_for_the_shared_player(pg_database: str) -> None:
    """Two services with their own connection pools (as two processes would) finish games that
    share a player at the same moment: both rating updates land."""
    async with Database(pg_database) as db_a, Database(pg_database) as db_b:
        a, b = TableService(db_a, seed_source=lambda: "s-a"), TableService(db_b, seed_source=lambda: "s-b")
        await ranked_game(a, "x1", users=(ANN, BOB))
        await ranked_game(b, "x2", users=(ANN, CHO))
        # play both to one move before the end, then make the last moves together
        await asyncio.gather(play_out_but_one(a, "x1", [ANN, BOB], 7), play_out_but_one(b, "x2", [ANN, CHO], 8))
        await asyncio.gather(play_out(a, "x1", [ANN, BOB], random.Random(1)), play_out(b, "x2", [ANN, CHO], random.Random(2)))
        ann = await db_a.rating(GLOBAL, "fixer", "1")
        assert ann is not None and ann.games == 2
        history = await db_a.rating_history("1", "fixer", GLOBAL)
        assert len(history) == 2


async def play_out_but_one(table: TableService, channel: str, users: list[User], seed: int) -> None:
    """Play random moves until the next move could end the game (its status stays active)."""
    import rules

    rng = random.Random(seed)
    game = rules.get("fixer")
    while True:
        status = await table.status(channel_id=channel)
        row = await table.db.game(status.game_id)
        assert row is not None
        state = game.loads(row.snapshot)
        seat = status.to_act[0]
        legal = game.legal_actions(state, seat)
        if any(game.is_over(game.apply(state, seat, a)[0]) for a in legal[:5]):
            return
        user = seated(status, seat, users)
        await table.act(channel_id=channel, user=user, action=rng.choice(legal))


async def test_rebuild_reproduces_the_live_ratings(db_target: str, tmp_path: object) -> None:
    async with Database(db_target) as db:
        table = TableService(db, seed_source=lambda: "seed-b")
        for i, users in enumerate([(ANN, BOB), (BOB, CHO), (ANN, CHO), (CHO, ANN)]):
            await ranked_game(table, f"r{i}", users=users)
            await play_out(table, f"r{i}", list(users), random.Random(i))
        live = {q: await db.rating(GLOBAL, "fixer", q) for q in ("1", "2", "3")}
    games, players = await rebuild(db_target)
    assert games == 4 and players == 3
    async with Database(db_target) as db:
        for q, rating in live.items():
            again = await db.rating(GLOBAL, "fixer", q)
            assert rating is not None and again is not None
            assert again.mu == pytest.approx(rating.mu) and again.sigma == pytest.approx(rating.sigma)
            assert again.games == rating.games


async def test_a_copy_carries_results_ratings_and_privacy(tmp_path: object, pg_database: str) -> None:
    from pathlib import Path

    from storage.copy import copy

    source_path = Path(str(tmp_path)) / "rated.db"
    async with Database(source_path) as source:
        table = TableService(source, seed_source=lambda: "seed-c")
        for i, users in enumerate([(ANN, BOB), (BOB, CHO)]):
            await ranked_game(table, f"k{i}", users=users)
            await play_out(table, f"k{i}", list(users), random.Random(10 + i))
        await source.set_stats_private("2", True, 5.0)
        async with Database(pg_database) as target:
            report = await copy(source, target)
            assert report.rated == 2 and not report.failed
            for q in ("1", "2", "3"):
                a, b = await source.rating(GLOBAL, "fixer", q), await target.rating(GLOBAL, "fixer", q)
                assert a is not None and b is not None
                assert (b.mu, b.sigma, b.games) == pytest.approx((a.mu, a.sigma, a.games))
            assert await target.stats_private("2") and not await target.stats_private("1")
            assert await target.results_of_game(1) == await source.results_of_game(1)


@pytest.mark.parametrize("name", ["fixer", "burgundy", "burgundy_cards", "torres", "tuscany"])
def test_progress_runs_from_zero_to_one_without_going_back(name: str) -> None:
    """``Game.progress`` decides whether an early end is rated: it must start at 0, never fall,
    pass one half before the end and reach 1 exactly at the end, at every player count."""
    import rules
    from tests.conformance import busy_step

    game = rules.get(name)
    for players in range(max(game.min_players, 2), game.max_players + 1):
        rng = random.Random(players)
        state = game.new(players)
        seen = [game.progress(state)]
        while not game.is_over(state):
            state = busy_step(game, state, rng)
            seen.append(game.progress(state))
        assert seen[0] == 0.0 and seen[-1] == 1.0
        assert all(b >= a for a, b in itertools.pairwise(seen))
        assert all(v < 1.0 for v in seen[:-1])
        if name != "fixer":  # a FIXER match may end early in a round by its own rules
            assert any(0.4 <= v <= 0.6 for v in seen), (name, players)


async def test_a_game_whose_recording_died_with_the_process_is_recorded_by_the_late_post(db_target: str) -> None:
    """The final move commits, then the process dies before the game is recorded and rated (and
    before its post went out). Nobody looks at the game again; the durable outbox still owes the
    final post, and the next process's scheduler, posting it, records and rates the game — once."""
    import rules
    from table import announce
    from table.clock import ScriptedClock
    from table.scheduler import Scheduler

    async with Database(db_target) as db:
        clock = ScriptedClock()
        table = TableService(db, seed_source=lambda: "seed-crash", clock=clock, durable_posts=True)
        await ranked_game(table, "k1")
        await play_out_but_one(table, "k1", [ANN, BOB], 5)
        status = await table.status(channel_id="k1")
        row = await db.game(status.game_id)
        assert row is not None
        game = rules.get("fixer")
        state = game.loads(row.snapshot)
        seat = status.to_act[0]
        ending = next(a for a in game.legal_actions(state, seat) if game.is_over(game.apply(state, seat, a)[0]))

        async def dies(*_: object, **__: object) -> bool:
            raise SystemExit("killed between the commit and the recording")

        real = db.record_game
        db.record_game = dies  # type: ignore[method-assign]
        with pytest.raises(SystemExit):
            await table.act(channel_id="k1", user=seated(status, seat, [ANN, BOB]), action=ending)
        db.record_game = real  # type: ignore[method-assign]
        assert (await db.game(status.game_id)).status == "finished"  # type: ignore[union-attr]
        assert await db.results_of_game(status.game_id) == []

        restarted = TableService(db, clock=clock, durable_posts=True)
        clock.advance(announce.GRACE + 1)
        late = [n for n in await Scheduler(restarted).run_once() if n.kind == "announce"]
        assert len(late) == 1 and late[0].result is not None and late[0].result.status == "finished"
        assert late[0].result.ratings  # the late post shows the rating changes
        assert sorted(r.player for r in await db.results_of_game(status.game_id)) == ["1", "2"]
        assert len(await db.rating_changes_of(status.game_id)) == 4  # both players, both scopes
        await restarted.announced(late[0].result)
        clock.advance(announce.LEASE + 1)
        assert await Scheduler(restarted).run_once() == []
        for scope in (GLOBAL, "guild:g1"):
            assert {r.games for r in (await db.ratings_of(scope, "fixer", ["1", "2"])).values()} == {1}
