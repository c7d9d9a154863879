"""Helpers for the Torres scenario tests: build a position from the reference's "Given" lines.

A position is written as in §11: towers as ``{"c4": 3, ...}`` (all other squares bare ground),
knights as ``{"blue": ["c4"], ...}``, the King's square, and whose turn it is.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules import CHANCE, IllegalAction
from rules.torres import GAME
from rules.torres.data import COLOURS, EMPTY, KING, SQUARES, parse_square
from rules.torres.flow import begin_turn_

BLUE, GREEN, ORANGE, BLACK = range(4)


def sq(name: str) -> int:
    index = parse_square(name)
    assert index is not None, name
    return index


def position(
    towers: dict[str, int] | None = None,
    knights: dict[str, list[str]] | None = None,
    king: str | None = None,
    players: int = 4,
    turn: int = BLUE,
    options: dict[str, Any] | None = None,
    hand: dict[str, list[str]] | None = None,
    scores: dict[str, int] | None = None,
) -> dict[str, Any]:
    """A phase-1 state at the start of ``turn``'s turn with exactly the given board."""
    s = GAME.new(players, options)
    h = [0] * SQUARES
    for name, height in (towers or {}).items():
        h[sq(name)] = height
    fig = [EMPTY] * SQUARES
    for colour, squares in (knights or {}).items():
        seat = COLOURS.index(colour)
        for name in squares:
            fig[sq(name)] = seat
        s["ps"][seat]["knights"] = len(squares)
    if king:
        fig[sq(king)] = KING
        s["king"] = sq(king)
    s["h"], s["fig"] = h, fig
    for colour, cards in (hand or {}).items():
        s["ps"][COLOURS.index(colour)]["hand"] = sorted(cards)
    for colour, score in (scores or {}).items():
        s["ps"][COLOURS.index(colour)]["score"] = score
    s["start"] = turn
    s["idx"] = 0
    begin_turn_(s, turn)
    return s


def play(s: dict[str, Any], seat: int, *actions: str) -> dict[str, Any]:
    """Apply ``actions`` in order (each must be legal and listed as legal)."""
    for action in actions:
        assert action in GAME.legal_actions(s, seat), f"{action} not listed as legal"
        s, _ = GAME.apply(s, seat, action)
    return s


def chance(s: dict[str, Any], *outcomes: str) -> dict[str, Any]:
    for outcome in outcomes:
        assert GAME.to_act(s) == [CHANCE]
        s, _ = GAME.apply(s, CHANCE, outcome)
    return s


def refused(s: dict[str, Any], seat: int, action: str) -> IllegalAction:
    """The refusal of ``action``; it must also be absent from the legal list."""
    assert action not in GAME.legal_actions(s, seat)
    with pytest.raises(IllegalAction) as info:
        GAME.apply(s, seat, action)
    return info.value


def targets(s: dict[str, Any], seat: int, prefix: str) -> set[str]:
    """The ends of every legal action starting with ``prefix`` (``"move b4-"`` → squares)."""
    return {a[len(prefix) :] for a in GAME.legal_actions(s, seat) if a.startswith(prefix)}


def test_position_builder_places_what_it_is_told() -> None:
    s = position({"c4": 2}, {"blue": ["c4"]}, king=None)
    assert s["h"][sq("c4")] == 2 and s["fig"][sq("c4")] == BLUE
    assert sum(s["h"]) == 2
    assert GAME.to_act(s) == [BLUE]
