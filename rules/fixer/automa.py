"""The solo automa's deterministic choice (reference §5.4).

The automa makes no free choice: given the public table, its own face-up hand (suit piles in
slot order) and the suits missing from the human's hand, it picks exactly one play by strictly
ordered categories and lexicographic tie-breaks. The only randomness is the flip of its deck's
top card, which the engine models as a chance step before this function runs.

Functions here read the engine's state dict (see ``engine``) and never change it.
"""

from __future__ import annotations

from typing import Any

from rules.fixer.cards import SUITS, number, relation

HUMAN, AUTOMA_SIDE = 0, 1

WIN_SAME, WIN_STRONG, LOSE_SAME, LOSE_UNRELATED, LOSE_WEAK = (
    "win_same",
    "win_strong",
    "lose_same",
    "lose_unrelated",
    "lose_weak",
)
WINNING = (WIN_SAME, WIN_STRONG)
LOSING = (LOSE_SAME, LOSE_UNRELATED, LOSE_WEAK)


def classify(mine: str, theirs: str) -> str:
    """The class of the automa answering human card ``theirs`` with ``mine``."""
    rel = relation(mine, theirs)
    if rel == "same":
        return WIN_SAME if number(mine) > number(theirs) else LOSE_SAME
    if rel == "strong":
        return WIN_STRONG
    if rel == "weak":
        return LOSE_WEAK
    return LOSE_UNRELATED


def pile_size(hand: list[str], card: str) -> int:
    """Cards in the card's suit pile, the card included."""
    return sum(1 for c in hand if c[0] == card[0])


def slot(slots: list[str], card: str) -> int:
    """The card's pile slot (0 = slot 1, nearest the deck = rightmost)."""
    return slots.index(card[0])


def legal_cards(hand: list[str], lead: str | None) -> list[str]:
    """Must-follow: answering ``lead`` with a card of its suit if the hand holds one."""
    if lead is not None:
        follow = [c for c in hand if c[0] == lead[0]]
        if follow:
            return follow
    return list(hand)


def tie_break(combos: list[tuple[str, int, str]], hand: list[str], slots: list[str]) -> tuple[str, int]:
    """Tie-break T over (automa card, region, human card) combos, in the reference's order.

    T1 lowest automa card, T2 highest human card, T3 smallest pile, T4 rightmost (lowest slot).
    A final region order only guards determinism: T1–T4 already leave one combination.
    """
    best = min(
        combos,
        key=lambda x: (number(x[0]), -number(x[2]), pile_size(hand, x[0]), slot(slots, x[0]), x[1]),
    )
    return best[0], best[1]


def player_void(state: dict[str, Any]) -> set[str]:
    """Suits the human is taken to lack (option ``automa_player_void``, reference §5.4.1)."""
    if state["opts"]["automa_player_void"] == "faceup":
        return {c[0] for c in state["won_up"][HUMAN]}
    held = {c[0] for c in state["hands"][HUMAN]}
    return {s for s in SUITS if s not in held}


def e_card(state: dict[str, Any]) -> str:
    """The card the automa leads into an empty region (E-card)."""
    hand: list[str] = state["hands"][AUTOMA_SIDE]
    slots: list[str] = state["slots"]
    void = player_void(state)
    candidates = [c for c in hand if c[0] not in void] or list(hand)
    return min(candidates, key=lambda c: (-number(c), pile_size(hand, c), slot(slots, c)))


def marker_score(region: dict[str, Any]) -> int:
    """Automa's markers minus the human's on a region's sides (black and red alike)."""
    return len(region["marks"][AUTOMA_SIDE]) - len(region["marks"][HUMAN])


def e_region(state: dict[str, Any], empties: list[int]) -> int:
    """Among empty regions (0-based indices): best marker score, then rightmost (highest)."""
    return max(empties, key=lambda r: (marker_score(state["regions"][r]), r))


def choose_play(state: dict[str, Any], available: list[int]) -> tuple[str, int]:
    """The automa's play (card, 0-based region) for its normal turn; ``available`` non-empty."""
    hand: list[str] = state["hands"][AUTOMA_SIDE]
    slots: list[str] = state["slots"]
    combos: dict[str, list[tuple[str, int, str]]] = {}
    empties: list[int] = []
    for r in available:
        theirs = state["regions"][r]["cards"][HUMAN]
        if theirs is None:
            empties.append(r)
            continue
        for mine in legal_cards(hand, theirs):
            combos.setdefault(classify(mine, theirs), []).append((mine, r, theirs))
    for cls in WINNING:
        if combos.get(cls):
            return tie_break(combos[cls], hand, slots)
    if empties:
        return e_card(state), e_region(state, empties)
    for cls in LOSING:
        if combos.get(cls):
            return tie_break(combos[cls], hand, slots)
    raise AssertionError("the automa takes a turn only with a card and an available region")

