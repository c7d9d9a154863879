"""Build FIXER positions the way the reference's examples write them (§11 notation)."""

from __future__ import annotations

from typing import Any

from rules import CHANCE
from rules.fixer import GAME, engine
from rules.fixer.cards import sorted_cards


def region(cards: tuple[str | None, str | None] = (None, None), left: int = 3, marks: tuple[str, str] = ("", "")) -> dict:
    """A region: cards on (lower side, higher side), markers left, markers on each side ("BBR")."""
    return {"cards": list(cards), "left": left, "marks": [list(marks[0]), list(marks[1])]}


def table(
    players: int,
    *,
    hands: dict[int, list[str]] | None = None,
    regions: dict[int, dict] | None = None,
    turn: int = 0,
    stage: str = "play",
    options: dict[str, Any] | None = None,
    won_up: dict[int, list[str]] | None = None,
    won_down: dict[int, list[str]] | None = None,
    start: int = 0,
    deck: list[str] | None = None,
    slots: list[str] | None = None,
    round_no: int = 1,
) -> dict:
    """A mid-round position: every region open and empty unless given (1-based region ids)."""
    state = GAME.new(players, options)
    state["stage"] = stage
    state["turn"] = turn
    state["start"] = start
    state["round"] = round_no
    for side, cards in (hands or {}).items():
        state["hands"][side] = sorted_cards(cards)
    for r, spec in (regions or {}).items():
        state["regions"][r - 1] = spec
    for side, cards in (won_up or {}).items():
        state["won_up"][side] = list(cards)
        state["red"][side] = len(cards)
    for side, cards in (won_down or {}).items():
        state["won_down"][side] = list(cards)
        state["black"][side] = len(cards)
    if deck is not None:
        state["deck"] = sorted_cards(deck)
    if slots is not None:
        state["slots"] = list(slots)
    if players == 1 and hands and 1 in hands and slots is None:
        seen: list[str] = []
        for c in hands[1]:
            if c[0] not in seen:
                seen.append(c[0])
        state["slots"] = seen
    return state


def automa_hand(*piles: tuple[str, list[int]]) -> tuple[list[str], list[str]]:
    """Automa piles from slot 1: ``automa_hand(("C", [3]), ("R", [6]))`` → (cards, slots)."""
    cards = [f"{s}{n}" for s, nums in piles for n in nums]
    return cards, [s for s, _ in piles]


def play(state: dict, seat: int, action: str) -> tuple[dict, list[dict]]:
    return GAME.apply(state, seat, action)


def flip(state: dict, card: str) -> tuple[dict, list[dict]]:
    assert GAME.to_act(state) == [CHANCE]
    return GAME.apply(state, CHANCE, f"flip {card}")


def kinds(events: list[dict]) -> list[str]:
    return [e["kind"] for e in events]


def find(events: list[dict], kind: str) -> dict:
    matches = [e for e in events if e["kind"] == kind]
    assert matches, f"no {kind} event in {kinds(events)}"
    return matches[0]


def marks(state: dict, r: int) -> list[list[str]]:
    return state["regions"][r - 1]["marks"]


def round_score(state: dict, side: int) -> int:
    return engine.round_score(state, side)
