"""The conformance suite over ``rules.GAMES`` (design: Testing)."""

from __future__ import annotations

import json

import pytest

import rules
from rules import CHANCE, IllegalAction
from tests.conformance import check_step, option_variants, playout, replay

CASES = [
    (name, players, opts)
    for name, game in rules.GAMES.items()
    for players in range(game.min_players, game.max_players + 1)
    for opts in option_variants(game, players)
]
SEEDS = range(6)


def _id(case: tuple) -> str:
    name, players, opts = case
    extra = ",".join(f"{k}={v}" for k, v in opts.items())
    return f"{name}-{players}p" + (f"-{extra}" if extra else "")


@pytest.mark.parametrize("case", CASES, ids=[_id(c) for c in CASES])
def test_random_playouts_finish(case: tuple) -> None:
    name, players, opts = case
    game = rules.get(name)
    for seed in SEEDS:
        run = playout(game, players, opts, seed=seed, deep_every=37 if seed == 0 else 0)
        scores = game.scores(run.state)
        solo_extra = 1 if players == 1 else 0
        assert len(scores) in (players, players + solo_extra)
        ranking = game.ranking(run.state)
        assert sorted(s for s in ranking if s >= 0) == list(range(players))
        assert game.to_act(run.state) == []
        assert game.legal_actions(run.state, 0) == []
        json.dumps(game.view(run.state, None))


@pytest.mark.parametrize("case", CASES, ids=[_id(c) for c in CASES])
def test_replay_reproduces_state(case: tuple) -> None:
    name, players, opts = case
    game = rules.get(name)
    run = playout(game, players, opts, seed=99)
    again = replay(game, players, opts, run.log)
    assert game.dumps(again) == game.dumps(run.state)


@pytest.mark.parametrize("name", list(rules.GAMES))
def test_contract_members(name: str) -> None:
    game = rules.get(name)
    assert game.name == name
    assert set(game.title) >= {"en", "zh-TW", "zh-CN"}
    assert 1 <= game.min_players <= game.max_players
    for opt in game.options:
        assert opt.default in opt.choices
    state = game.new(game.max_players)
    check_step(game, state, None, deep=True)  # type: ignore[arg-type]
    for seat in game.to_act(state):
        assert isinstance(game.legal_actions(state, seat), list)
    if game.to_act(state) == [CHANCE]:
        assert game.chance_outcomes(state)


@pytest.mark.parametrize("name", list(rules.GAMES))
def test_bad_options_and_counts_refused(name: str) -> None:
    game = rules.get(name)
    with pytest.raises(IllegalAction):
        game.new(game.max_players + 1)
    with pytest.raises(IllegalAction):
        game.new(game.min_players - 1)
    with pytest.raises(IllegalAction):
        game.new(game.max_players, {"no_such_option": 1})


def test_registry_names() -> None:
    assert set(rules.GAMES) <= set(rules.ORDER)
    assert "fixer" in rules.GAMES
    with pytest.raises(KeyError):
        rules.get("chess")
