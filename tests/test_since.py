""""Since your last turn" (issue 24 item 1): the others' decisions since the reader's own last one,
in public words, grouped by player, folded with "and N more"; never a hidden choice; a clear answer
for a seat that has not moved and for a spectator."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator

import pytest

from storage import Database
from table.messages import TableError
from table.service import TableService, User

USERS = [User("1", "Ann"), User("2", "Bob"), User("3", "Cho")]


@pytest.fixture
async def table(db_target: str) -> AsyncIterator[TableService]:
    async with Database(db_target) as db:
        yield TableService(db, seed_source=lambda: "since-seed")


async def three_player(table: TableService, game: str = "torres") -> None:
    await table.open(channel_id="c", guild_id="g", user=USERS[0], game=game, players=3, options="seating=host")
    for user in USERS[1:]:
        await table.join(channel_id="c", user=user)
    await table.start(channel_id="c", user=USERS[0])


async def move(table: TableService, rng: random.Random) -> int:
    status = await table.status(channel_id="c")
    seat = status.to_act[0]
    _, legal = await table.legal_moves(channel_id="c", user=USERS[seat])
    await table.act(channel_id="c", user=USERS[seat], action=rng.choice(sorted(legal)))
    return seat


async def test_the_digest_lists_the_others_since_the_readers_last_decision(table: TableService) -> None:
    await three_player(table)
    rng = random.Random(2)
    before = await table.since(user_id="1", locale="en", channel_id="c")
    assert not before.moved and before.groups == [] and before.full("en") == ["Nobody has moved yet in this game."]
    seats = [await move(table, rng) for _ in range(12)]
    digest = await table.since(user_id="1", locale="en", channel_id="c")
    last_own = max(i for i, s in enumerate(seats) if s == 0) if 0 in seats else -1
    others = [s for s in seats[last_own + 1:] if s != 0]
    assert digest.decisions == len(others)
    assert [name for name, _ in digest.groups] == list(dict.fromkeys(USERS[s].name for s in others))
    assert all(lines for _, lines in digest.groups)
    folded = digest.fold("en", lines=1, per_player=1)
    if digest.decisions > 1:
        assert folded[-1].startswith("…and ") and "/log since:me" in folded[-1]
    zh = await table.since(user_id="1", locale="zh-TW", channel_id="c")
    assert zh.full("zh-TW")[0].startswith(("**自", "自"))


async def test_the_digest_never_shows_a_hidden_choice(table: TableService) -> None:
    """FIXER's decisions name cards from a hand (the action text); the digest speaks only the
    events' public words, so no action string of another seat appears in it."""
    await table.open(channel_id="c", guild_id="g", user=USERS[0], game="fixer", players=3, options="seating=host")
    for user in USERS[1:]:
        await table.join(channel_id="c", user=user)
    await table.start(channel_id="c", user=USERS[0])
    rng = random.Random(5)
    for _ in range(15):
        await move(table, rng)
    row = await table.db.latest_game("c")
    assert row is not None
    hidden = {a.action for a in await table.db.actions(row.id) if a.seat in (1, 2) and not a.events}
    lines: list[str] = []
    for reader in ("1", "2", "3"):
        lines += (await table.since(user_id=reader, locale="en", channel_id="c")).full("en")
    text = "\n".join(lines)
    assert len(lines) > 3
    assert all(f" {action}" not in text for action in hidden if len(action) > 2)


async def test_a_spectator_is_told_it_is_not_their_game(table: TableService) -> None:
    await three_player(table)
    with pytest.raises(TableError) as err:
        await table.since(user_id="99", locale="en", channel_id="c")
    assert err.value.key == "since_not_player" and "/log" in err.value.text()


async def test_replay_frames_are_the_public_view_and_a_running_game_is_the_hosts(table: TableService) -> None:
    """Issue 24, hidden information: every replay frame is exactly the rules' public view of its
    moment (plus the table's names and last-move words), so no hand or deck appears in it; while
    the game runs only its host may replay it."""
    import rules
    from table import seating

    await three_player(table, "fixer")
    rng = random.Random(9)
    for _ in range(10):
        await move(table, rng)
    with pytest.raises(TableError) as err:
        await table.replay_plan(channel_id="c", user=USERS[1])
    assert err.value.key == "replay_host_only"
    plan = await table.replay_plan(channel_id="c", user=USERS[0], locale="en")
    game = rules.get("fixer")
    row = await table.db.latest_game("c")
    assert row is not None
    state = game.new(3)
    publics = []
    for action in await table.db.actions(row.id):
        if action.seat == seating.SEATING:  # the seat draw is the table's, not the rules'
            continue
        state, _ = game.apply(state, action.seat, action.action)
        if action.seat >= 0:
            publics.append(game.view(state, None))
    assert len(plan.frames) == len(publics) == len(plan.captions)
    table_keys = {"names", "locale", "bare_names", "bots", "last", "standings"}
    for frame, public in zip(plan.frames, publics, strict=True):
        assert {k: v for k, v in frame.items() if k not in table_keys} == public
