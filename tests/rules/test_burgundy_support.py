"""Scenario helpers for the Burgundy tests (no tests here).

``at_turn`` plays the setup and the first roll with scripted chance outcomes and returns the state
at seat 0's first decision; tests then edit the plain-dict state (estate, storage, dice, depots) to
build exactly the situation a rulebook example describes.
"""

from __future__ import annotations

from typing import Any

from rules import CHANCE
from rules.burgundy import GAME
from rules.burgundy import effects as E
from rules.burgundy.state import State, clone


def first_outcome(state: State) -> str:
    return GAME.chance_outcomes(state)[0][0]


def run_chance(state: State, script: list[str] | None = None) -> State:
    """Resolve pending chance steps, taking outcomes from ``script`` first, then the first listed."""
    script = list(script or [])
    while GAME.to_act(state) == [CHANCE]:
        outcome = script.pop(0) if script else first_outcome(state)
        state, _ = GAME.apply(state, CHANCE, outcome)
    return state


def at_turn(players: int = 2, options: dict[str, Any] | None = None, board: str | None = None) -> State:
    """State at the first decision of round 1 (basic boards unless ``options`` say otherwise)."""
    state = GAME.new(players, options)
    while GAME.to_act(state) != [0] or state["step"] != "turn":
        if GAME.to_act(state) == [CHANCE]:
            state = run_chance(state)
        else:
            seat = GAME.to_act(state)[0]
            state, _ = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    state = clone(state)
    if board is not None:
        for pl in state["pl"]:
            pl["board"] = board
            pl["label"] = board
    return state


def clear_estate(state: State, seat: int, keep: dict[int, str]) -> None:
    state["pl"][seat]["est"] = [keep.get(i) for i in range(37)]


def set_player(state: State, seat: int, **fields: Any) -> None:
    pl = state["pl"][seat]
    for key, value in fields.items():
        if key == "goods":
            counts = [0] * 6
            for kind in value:
                counts[kind - 1] += 1
            pl["goods"] = counts
        else:
            pl[key] = value


def act(state: State, seat: int, *actions: str) -> tuple[State, list[dict[str, Any]]]:
    """Apply several actions of one seat; returns the last state and all events."""
    events: list[dict[str, Any]] = []
    for action in actions:
        state, ev = GAME.apply(state, seat, action)
        events.extend(ev)
    return state, events


def resolve_direct(state: State, seat: int, tile: str, space: int) -> list[dict[str, Any]]:
    """Place ``tile`` for ``seat`` outside its turn (scoring tests): region, effect, colour."""
    ev: list[dict[str, Any]] = []
    state["pl"][seat]["store"].append(tile)
    E.place(state, seat, tile, space, ev, "die")
    while state["stack"] and state["stack"][-1]["t"] == "C":
        E.run_continuation(state, state["stack"].pop(), ev)
    return ev


def vp_of(state: State, seat: int = 0) -> int:
    return state["pl"][seat]["vp"]


def busy_playout(players: int, seed: int, options: dict[str, Any] | None = None) -> list[tuple[int, str]]:
    """A seeded playout that prefers placing and answering over passing, to reach many effects.

    Returns the action log (chance outcomes through ``table.chance.resolve`` as the table does).
    """
    import random

    from table.chance import resolve

    rng = random.Random(seed)
    state = GAME.new(players, options)
    log: list[tuple[int, str]] = []
    while not GAME.is_over(state):
        acting = GAME.to_act(state)
        if acting == [CHANCE]:
            seat, action = CHANCE, resolve(seed, len(log), GAME.chance_outcomes(state))
        else:
            seat = acting[0]
            legal = GAME.legal_actions(state, seat)
            eager = [a for a in legal if a.split()[0] in ("place", "choose", "swap")]
            useful = [a for a in legal if a.split()[0] in ("take", "buy", "sell")]
            other = [a for a in legal if a != "pass" and a.split()[0] not in ("vp", "adjust")]
            if eager and rng.random() < 0.9:
                action = rng.choice(eager)
            elif useful and rng.random() < 0.8:
                action = rng.choice(useful)
            elif other and rng.random() < 0.7:
                action = rng.choice(other)
            else:
                action = rng.choice(legal)
        state, _ = GAME.apply(state, seat, action)
        log.append((seat, action))
    return log
