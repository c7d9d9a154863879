"""Helpers for the Castles of Tuscany scenario tests: build a position from the §11 "given" lines.

``e1()`` is fixture E1: seat 1's estate A1|B1|C1 under ``estate: fixed`` with the start castle on
d2, no cards, no resources, every colour-bonus tile on side 1, in seat 1's main action. Other
seats get A2|B2|C2, A3|B3|C3, A4|B4|C4 with their start castle on their first dark-green space.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules import CHANCE, IllegalAction
from rules.tuscany import GAME
from rules.tuscany.data import COLOURS
from rules.tuscany.moves import start_spaces

BOARDS = [["A1", "B1", "C1"], ["A2", "B2", "C2"], ["A3", "B3", "C3"], ["A4", "B4", "C4"]]
DISPLAY = ["NC1", "NV1", "NF1", "NW1", "NM1", "NQ1", "NT1", "NK1"]


def e1(players: int = 2, **options: Any) -> dict[str, Any]:
    s = GAME.new(players, {"estate": "fixed", "boards": "preset", "start_player": "host", **options})
    for seat, p in enumerate(s["ps"]):
        p["boards"] = list(BOARDS[seat])
        p["estate"] = [[b, False, 0] for b in BOARDS[seat]]
        start = "d2" if seat == 0 else start_spaces(s, seat)[0]
        p["start"] = start
        p["cov"] = {start: f"{seat + 1}S"}
    s["tasks"] = []
    s["phase"] = "play"
    s["cur"] = 0
    s["turn"] = {"stage": "main", "marble": False}
    set_display(s, DISPLAY)
    return s


def set_display(s: dict[str, Any], tiles: list[str | None]) -> None:
    """Put these tiles (taken out of the neutral stack) into slots 1–8."""
    s["neutral"] = sorted(set(s["neutral"]) | {c for c in s["display"] if c and c[0] == "N"})
    for code in tiles:
        if code and code in s["neutral"]:
            s["neutral"].remove(code)
    s["display"] = list(tiles)


def hand(s: dict[str, Any], seat: int, cards: str) -> None:
    """Set a hand from a string of colour letters, e.g. ``"MMV"``; the cards leave the deck."""
    p = s["ps"][seat]
    for c in COLOURS:
        s["deck"][c] += p["hand"][c]
        p["hand"][c] = cards.count(c)
        s["deck"][c] -= p["hand"][c]


def store(s: dict[str, Any], seat: int, *items: str) -> None:
    """Put items in storage; a tile of a player set leaves that player's stacks (the last one)."""
    p = s["ps"][seat]
    p["store"] = list(items)
    for item in items:
        if item != "hex" and item[0].isdigit():
            owner = s["ps"][int(item[0]) - 1]
            if item in owner["pool"]:
                owner["pool"].remove(item)
                last = max(i for i, k in enumerate(owner["stacks"]) if k > 0)
                owner["stacks"][last] -= 1
        elif item != "hex" and item in s["neutral"]:
            s["neutral"].remove(item)


def cover(s: dict[str, Any], seat: int, *spaces: str) -> None:
    """Cover spaces with hex tokens (only coverage matters for these tests)."""
    for sp in spaces:
        s["ps"][seat]["cov"][sp] = "hex"


def my_turn(s: dict[str, Any], seat: int = 0) -> None:
    s["cur"] = seat
    s["turn"] = {"stage": "main", "marble": False}
    s["tasks"] = []


def play(s: dict[str, Any], seat: int, action: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    assert GAME.to_act(s) == [seat], (GAME.to_act(s), action)
    return GAME.apply(s, seat, action)


def chance(s: dict[str, Any], *outcomes: str) -> dict[str, Any]:
    for outcome in outcomes:
        assert GAME.to_act(s) == [CHANCE], (GAME.to_act(s), outcome)
        s, _ = GAME.apply(s, CHANCE, outcome)
    return s


def refused(s: dict[str, Any], seat: int, action: str, key: str | None = None) -> IllegalAction:
    before = GAME.dumps(s)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(s, seat, action)
    assert GAME.dumps(s) == before
    if key is not None:
        assert err.value.key == key, (err.value.key, err.value.reason)
    return err.value


def finish_chance(s: dict[str, Any]) -> dict[str, Any]:
    """Resolve pending chance steps with their first outcome."""
    while GAME.to_act(s) == [CHANCE]:
        s, _ = GAME.apply(s, CHANCE, GAME.chance_outcomes(s)[0][0])
    return s
