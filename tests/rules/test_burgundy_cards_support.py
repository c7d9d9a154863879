"""Helpers for the card game's scenario tests: positions built from a real game, scripted draws.

``position`` starts a real game (seeded), then lays out the reference example's *Given* on top of
it; ``chance`` scripts draws; ``drive`` plays turns with a simple policy until a condition holds.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from rules import CHANCE, IllegalAction
from rules.burgundy_cards import GAME
from table.chance import resolve

State = dict[str, Any]


def fresh(players: int, options: dict[str, Any] | None = None, seed: int = 0) -> State:
    """A new game with all setup and round-A draws resolved from ``seed``."""
    st = GAME.new(players, options)
    return settle(st, seed)


def settle(st: State, seed: int = 0) -> State:
    step = 0
    while GAME.to_act(st) == [CHANCE]:
        st, _ = GAME.apply(st, CHANCE, resolve(seed, step, GAME.chance_outcomes(st)))
        step += 1
    return st


def chance(st: State, *outcomes: str) -> State:
    for outcome in outcomes:
        assert GAME.to_act(st) == [CHANCE], GAME.to_act(st)
        st, _ = GAME.apply(st, CHANCE, outcome)
    return st


def act(st: State, seat: int, *actions: str) -> tuple[State, list[dict[str, Any]]]:
    events: list[dict[str, Any]] = []
    for action in actions:
        st, ev = GAME.apply(st, seat, action)
        events += ev
    return st, events


def refused(st: State, seat: int, action: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        GAME.apply(st, seat, action)
    return info.value


def position(
    players: int = 2,
    seat: int = 0,
    options: dict[str, Any] | None = None,
    hand: list[str] | None = None,
    rows: dict[int, list[str]] | None = None,
    deck: list[str] | None = None,
    discard: list[str] | None = None,
    **player: Any,
) -> State:
    """TURN_START of ``seat`` with the given hand, display rows and player fields (``proj``, ``est``
    as colour → cards, ``workers``, ``silver``, ``goods``, ``animals``, ``sold``, ``vp``)."""
    st = fresh(players, options)
    st["turn"] = {"seat": seat, "played": False, "buys": 0, "shown": None}
    st["tidx"] = st["order"].index(seat)
    st["step"] = "turn"
    st["stack"] = []
    if rows is not None:
        st["display"] = [list(rows.get(r, [])) for r in range(1, 7)]
    if deck is not None:
        st["deck"] = sorted(deck)
    if discard is not None:
        st["discard"] = list(discard)
    pl = st["pl"][seat]
    if hand is not None:
        pl["hand"] = list(hand)
    for key, value in player.items():
        if key == "est":
            pl["est"] = {c: list(value.get(c, [])) for c in pl["est"]}
        else:
            pl[key] = list(value) if isinstance(value, list) else value
    return st


def policy_silver(st: State, seat: int, legal: list[str]) -> str:
    """Never sells, buys or builds: ``play 1 silver`` then ``end``."""
    for choice in ("play 1 silver", "end", "skip"):
        if choice in legal:
            return choice
    return legal[0]


def drive(st: State, until: Callable[[State], bool], choose: Callable[[State, int, list[str]], str] = policy_silver,
          seed: int = 3, limit: int = 5000) -> State:
    """Play with ``choose`` (chance from ``seed``) until ``until(st)`` holds."""
    step = 0
    while not until(st):
        assert step < limit and not GAME.is_over(st)
        acting = GAME.to_act(st)
        if acting == [CHANCE]:
            st, _ = GAME.apply(st, CHANCE, resolve(seed, step, GAME.chance_outcomes(st)))
        else:
            seat = acting[0]
            st, _ = GAME.apply(st, seat, choose(st, seat, GAME.legal_actions(st, seat)))
        step += 1
    return st


def test_position_is_a_turn_start() -> None:
    st = position(3, seat=1, hand=["CAS1a", "MIN2a"], workers=0)
    assert GAME.to_act(st) == [1]
    assert GAME.stage(st) == "start"
    assert "play 1 silver" in GAME.legal_actions(st, 1)
    assert "play 2 workers" in GAME.legal_actions(st, 1)
