"""Hand-built card-game positions for the AI tests: the estimate's and the rules player's tests
build the same kinds of positions, so they share one way of moving cards that keeps the position
consistent (no card in two places) and acceptable to the sampler."""

from __future__ import annotations

from typing import Any

import rules

GAME = rules.get("burgundy_cards")


def settle(state: Any) -> Any:
    """Resolve chance steps with their first outcome (a reproducible continuation)."""
    while GAME.to_act(state) == [rules.CHANCE]:
        state, _ = GAME.apply(state, rules.CHANCE, GAME.chance_outcomes(state)[0][0])
    return state


def move(state: Any, card: str, seat: int, where: str) -> None:
    """Move ``card`` from wherever it lies into the seat's ``hand``, ``proj``, an Estate colour or
    display row ``row1``-``row6``."""
    places = [state["deck"], state["discard"], *state["display"]]
    for pl in state["pl"]:
        places += [pl["hand"], pl["stack"], pl["proj"], *pl["est"].values()]
    for place in places:
        if card in place:
            place.remove(card)
            break
    pl = state["pl"][seat]
    if where in ("hand", "proj"):
        pl[where].append(card)
    elif where.startswith("row"):
        state["display"][int(where[3:]) - 1].append(card)
    else:
        pl["est"][where].append(card)


def set_hand(state: Any, seat: int, cards: list[str]) -> None:
    """The seat's hand becomes ``cards``; the old hand goes back to the deck."""
    pl = state["pl"][seat]
    state["deck"] = sorted(state["deck"] + pl["hand"])
    pl["hand"] = []
    for card in cards:
        move(state, card, seat, "hand")
