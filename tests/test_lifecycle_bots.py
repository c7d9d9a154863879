"""Bot seats: a host seats bots in the lobby, the table plays them after each human decision on
their seat's view only, and a whole game with bot seats ends, in every game that can have bots."""

from __future__ import annotations

import json
import random
from collections.abc import AsyncIterator
from typing import Any

import pytest

import rules
from ai import greedy
from storage import Database
from table import bots, thinkers
from table.clock import ScriptedClock
from table.messages import TableError
from table.service import TableService, User

ANN = User("1", "Ann")
BOB = User("2", "Bob")


@pytest.fixture
async def db(tmp_path: Any) -> AsyncIterator[Database]:
    async with Database(str(tmp_path / "t.db")) as database:
        yield database


def test_greedy_is_deterministic_and_legal() -> None:
    for name, game in rules.GAMES.items():
        if not bots.can_play(game):
            continue
        state = game.new(2)
        from table.chance import resolve

        i = 0
        while game.to_act(state) == [rules.CHANCE]:
            state, _ = game.apply(state, rules.CHANCE, resolve("s", i, game.chance_outcomes(state)))
            i += 1
        seat = game.to_act(state)[0]
        view = game.view(state, seat)
        action = greedy.choose(name, view, seat, seed=3)
        assert action in game.legal_actions(state, seat)
        assert greedy.choose(name, view, seat, seed=3) == action


def test_greedy_takes_the_best_measurable_move() -> None:
    """Torres: of the first decisions, greedy never picks one worth less than another."""
    from ai.evaluate import values

    game = rules.get("torres")
    state = game.new(2)
    rng = random.Random(1)
    checked = 0
    for _ in range(60):
        acting = game.to_act(state)
        if not acting:
            break
        seat = acting[0]
        if seat == rules.CHANCE:
            outcomes = game.chance_outcomes(state)
            state, _ = game.apply(state, seat, outcomes[int(rng.random() * len(outcomes))][0])
            continue
        legal = game.legal_actions(state, seat)
        scored = {a: values(game, game.apply(state, seat, a)[0], 2)[seat] for a in legal}
        chosen = greedy.choose("torres", game.view(state, seat), seat, seed=checked)
        assert scored[chosen] >= max(scored.values()) - 1e-9
        checked += 1
        state, _ = game.apply(state, seat, legal[int(rng.random() * len(legal))])
    assert checked > 10


async def test_only_the_host_adds_bots_and_bad_levels_are_refused(db: Database) -> None:
    table = TableService(db, clock=ScriptedClock())
    await table.open(channel_id="c", guild_id="g", user=ANN, game="fixer", players=3)
    await table.join(channel_id="c", user=BOB)
    with pytest.raises(TableError) as err:
        await table.add_bot(channel_id="c", user=BOB)
    assert err.value.key == "not_host" and "Ann" in err.value.text()
    with pytest.raises(TableError) as err:
        await table.add_bot(channel_id="c", user=ANN, level="godlike")
    assert err.value.key == "bad_bot_level" and "greedy" in err.value.text("zh-TW")
    added = await table.add_bot(channel_id="c", user=ANN)  # no level named: the search at normal
    assert added.names[-1] == "Bot (normal)" and added.lines("en") == ["Bot (normal) takes a seat."]
    with pytest.raises(TableError) as err:
        await table.add_bot(channel_id="c", user=ANN)
    assert err.value.key == "lobby_full"


async def test_a_game_without_a_sampler_refuses_bots(db: Database) -> None:
    table = TableService(db, clock=ScriptedClock())
    game = next((g for g in rules.GAMES.values() if not bots.can_play(g)), None)
    if game is None:
        pytest.skip("every game can have bots")
    await table.open(channel_id="c", guild_id="g", user=ANN, game=game.name, players=2)
    with pytest.raises(TableError) as err:
        await table.add_bot(channel_id="c", user=ANN)
    assert err.value.key == "no_bots" and game.title["zh-TW"] in err.value.text("zh-TW")


async def test_bots_keep_a_lobby_only_with_a_human(db: Database) -> None:
    table = TableService(db, clock=ScriptedClock())
    await table.open(channel_id="c", guild_id="g", user=ANN, game="fixer", players=3)
    await table.add_bot(channel_id="c", user=ANN)
    await table.join(channel_id="c", user=BOB)
    left = await table.leave(channel_id="c", user=ANN)
    assert left.host_id == BOB.id and left.names == ["Bot (normal)", "Bob"]  # the host passes to a human
    gone = await table.leave(channel_id="c", user=BOB)
    assert gone.status == "abandoned"


@pytest.mark.parametrize("name", [n for n, g in rules.GAMES.items() if bots.can_play(g)])
async def test_a_whole_game_with_bot_seats_ends(db: Database, name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[dict[str, Any], int]] = []
    real = bots.policy

    def spying(level: str | None, iterations: int | None = None) -> bots.Policy:
        inner = real(level, iterations)

        def policy(game: str, view: dict[str, Any], seat: int, seed: int) -> str:
            assert isinstance(view, dict)
            json.dumps(view)  # a view, never a state object
            seen.append((view, seat))
            return inner(game, view, seat, seed)

        return policy

    monkeypatch.setattr(bots, "policy", spying)
    # Inline thinkers: the spy above is seen only by decisions made in this process.
    table = TableService(db, seed_source=lambda: f"bots-{name}", clock=ScriptedClock(), thinker=thinkers.Thinkers("inline"))
    game = rules.get(name)
    players = max(2, game.min_players)
    await table.open(channel_id="c", guild_id="g", user=ANN, game=name, players=players)
    for _ in range(players - 1):  # the instant level: this tests the table's bot seats, not the search
        await table.add_bot(channel_id="c", user=ANN, level="greedy")
    result = await table.start(channel_id="c", user=ANN)
    rng = random.Random(7)
    for _ in range(3000):
        if result.status != "active":
            break
        assert result.to_act and all(not bots.is_bot_id(result.user_ids[s]) for s in result.to_act)
        assert all(not bots.is_bot_id(u) for u in result.mention)
        _, legal = await table.legal_moves(channel_id="c", user=ANN)
        result = await table.act(channel_id="c", user=ANN, action=rng.choice(legal))
    assert result.status == "finished", f"{name} did not end"
    assert seen, "no bot decision was asked for"
    human = result.user_ids.index(ANN.id)
    log = await db.actions(result.game_id)
    bot_moves = [a for a in log if a.seat >= 0 and a.seat != human]
    assert bot_moves and all(a.user_id is None for a in bot_moves)
    row = await db.game(result.game_id)
    assert row is not None and game.dumps(await table.replay(result.game_id)) == row.snapshot
