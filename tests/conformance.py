"""Game-independent checks of the rules contract, reused by every game's tests.

``playout`` drives a game with seeded random choices exactly as the table does (chance through
``table.chance.resolve``), checking the contract at every step.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

import rules
from rules import CHANCE, Game, IllegalAction
from table.chance import resolve

GARBAGE = ["", "   ", "xyzzy", "@@@", "??" * 60, "play", "1", "-1", "R0@9", "\u4e16\u754c", "keep keep"]


@dataclass
class Playout:
    state: Any
    log: list[tuple[int, str]] = field(default_factory=list)
    steps: int = 0


def option_variants(game: Game, players: int) -> list[dict[str, Any]]:
    """Defaults, plus each non-default choice of each option that applies at ``players``."""
    variants: list[dict[str, Any]] = [{}]
    for opt in game.options:
        if opt.players and players not in opt.players:
            continue
        for choice in opt.choices:
            if choice != opt.default:
                variants.append({opt.key: choice})
    return variants


def check_step(game: Game, state: Any, rng: random.Random, deep: bool) -> None:
    """Contract checks on one state (``deep`` adds the costlier ones)."""
    acting = game.to_act(state)
    assert isinstance(acting, list)
    if acting == [CHANCE]:
        outcomes = game.chance_outcomes(state)
        assert outcomes, "a chance step with no outcome"
        assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
        assert sorted(o for o, _ in outcomes) == sorted(game.legal_actions(state, CHANCE))
    for seat in acting:
        if seat != CHANCE:
            legal = game.legal_actions(state, seat)
            assert legal, f"seat {seat} must act but has no legal action"
            assert legal == sorted(legal), "legal actions must be sorted"
            assert all(len(a) <= 100 for a in legal)
    if not deep:
        return
    text = game.dumps(state)
    assert game.dumps(game.loads(text)) == text, "dumps/loads must round-trip"
    seats = list(range(game_players(game, state)))
    for seat in [None, *seats]:
        json.dumps(game.view(state, seat))
    for seat in acting:
        for junk in GARBAGE:
            try:
                game.apply(state, seat, junk)
            except IllegalAction:
                pass
            else:
                raise AssertionError(f"garbage {junk!r} was accepted")
    assert game.dumps(state) == text, "apply must not mutate its input"
    idle = [s for s in seats if s not in acting]
    if idle and acting != [CHANCE]:
        probe = game.legal_actions(state, acting[0])[0]
        try:
            game.apply(state, idle[0], probe)
        except IllegalAction:
            pass
        else:
            raise AssertionError("a seat not to act was allowed to act")


def busy_step(game: Game, state: Any, rng: random.Random) -> Any:
    """One seeded step of a game that keeps moving: a chance outcome drawn by its probability, or
    a random legal decision other than ``pass`` where there is one (so positions fill up)."""
    seat = game.to_act(state)[0]
    if seat == CHANCE:
        pick, acc = rng.random(), 0.0
        outcomes = game.chance_outcomes(state)
        action = outcomes[-1][0]
        for outcome, p in outcomes:
            acc += p
            if pick <= acc:
                action = outcome
                break
    else:
        legal = game.legal_actions(state, seat)
        action = rng.choice([a for a in legal if a != "pass"] or legal)
    return game.apply(state, seat, action)[0]


def game_players(game: Game, state: Any) -> int:
    view = game.view(state, None)
    return int(view["players"])


def playout(
    game: Game,
    players: int,
    options: dict[str, Any] | None = None,
    seed: int = 0,
    max_steps: int = 50_000,
    deep_every: int = 0,
) -> Playout:
    """Play a whole game with seeded random choices; returns the final state and the log."""
    rng = random.Random(seed)
    state = game.new(players, options)
    run = Playout(state)
    while not game.is_over(run.state):
        if run.steps >= max_steps:
            raise AssertionError(f"{game.name} did not end within {max_steps} steps")
        if deep_every and run.steps % deep_every == 0:
            check_step(game, run.state, rng, deep=True)
        acting = game.to_act(run.state)
        if acting == [CHANCE]:
            seat = CHANCE
            action = resolve(seed, len(run.log), game.chance_outcomes(run.state))
        else:
            seat = acting[0] if len(acting) == 1 else rng.choice(acting)
            legal = game.legal_actions(run.state, seat)
            assert legal, f"seat {seat} to act with no legal action"
            action = rng.choice(legal)
        run.state, events = game.apply(run.state, seat, action)
        json.dumps(events)
        run.log.append((seat, action))
        run.steps += 1
    return run


def replay(game: Game, players: int, options: dict[str, Any] | None, log: list[tuple[int, str]]) -> Any:
    state = game.new(players, options)
    for seat, action in log:
        state, _ = game.apply(state, seat, action)
    return state


def flow_cases() -> list[tuple[str, int, dict[str, Any]]]:
    """Whole-game cases for the adapters: every game at every player count with default options,
    plus every non-default choice of each option that changes the flow (options with at most
    three choices; numeric tunings like a point value do not) at the largest count it applies to."""
    cases: list[tuple[str, int, dict[str, Any]]] = []
    for name, game in rules.GAMES.items():
        counts = range(game.min_players, game.max_players + 1)
        cases += [(name, players, {}) for players in counts]
        for opt in game.options:
            if len(opt.choices) > 3:
                continue
            fits = [p for p in counts if not opt.players or p in opt.players]
            cases += [(name, max(fits), {opt.key: c}) for c in opt.choices if c != opt.default]
    return cases


def case_id(case: tuple[str, int, dict[str, Any]]) -> str:
    name, players, opts = case
    extra = ",".join(f"{k}={v}" for k, v in opts.items())
    return f"{name}-{players}p" + (f"-{extra}" if extra else "")


def options_text(opts: dict[str, Any]) -> str:
    """The ``key=value`` form players type in ``/game new … options:``."""
    return " ".join(f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in opts.items())


def all_games() -> list[Game]:
    return list(rules.GAMES.values())
