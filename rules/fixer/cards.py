"""FIXER's cards and the suit cycle (reference §2.1, §6.1).

Four suits in a cycle, each beating the next: People > Regime > Capital > Media > People.
The opposite pairs (Regime–Media, Capital–People) are unrelated. A card is its suit letter and
its number, which is both its strength and its points ("R7").
"""

from __future__ import annotations

from typing import Literal

SUITS = ("R", "C", "M", "P")
BEATS = {"P": "R", "R": "C", "C": "M", "M": "P"}
"""``BEATS[x] == y``: suit x beats suit y (a critical win)."""

Outcome = Literal["same", "strong", "weak", "unrelated"]


def suit(card: str) -> str:
    return card[0]


def number(card: str) -> int:
    return int(card[1:])


def deck(max_number: int) -> list[str]:
    """All cards with numbers 1..max_number (9 for 3-4 players, 7 for 2 players and solo)."""
    return [f"{s}{n}" for s in SUITS for n in range(1, max_number + 1)]


def relation(attacker: str, defender: str) -> Outcome:
    """How the suit of card ``attacker`` relates to the suit of ``defender``."""
    a, d = attacker[0], defender[0]
    if a == d:
        return "same"
    if BEATS[a] == d:
        return "strong"
    if BEATS[d] == a:
        return "weak"
    return "unrelated"


def resolve(first: str, second: str) -> tuple[int, bool]:
    """Winner of a conflict (0 = the first card, 1 = the second) and whether it is critical.

    Same suit: the higher number wins, normally. One suit beats the other: that card wins,
    critically. Unrelated suits: the first card wins, normally.
    """
    rel = relation(second, first)
    if rel == "same":
        return (1 if number(second) > number(first) else 0), False
    if rel == "strong":
        return 1, True
    if rel == "weak":
        return 0, True
    return 0, False


def sort_key(card: str) -> tuple[int, int]:
    return SUITS.index(card[0]), number(card)


def sorted_cards(cards: list[str]) -> list[str]:
    return sorted(cards, key=sort_key)
