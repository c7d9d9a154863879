"""Move notation (reference §5.1, §5.2), matched case-insensitively.

Decisions
  first <seat>                          host picks the start player (``start_player: host``)
  boards <seat> <A> <B> <C>             host gives a seat its boards (``boards: preset``), e.g. ``boards 2 A1 B3 C2``
  assemble <b> <b> <b>                  order left to right; ``r`` = turned 180°, ``+1``/``+2`` = shifted down
  start <space>                         the start castle, e.g. ``start d2``
  bonus <RC|ST|MA|WO|YI>                a square bonus tile (setup, city)
  draw                                  draw 2 region cards (+1 per RC)
  take <slot> [discard <item>]          a display tile into storage; ``discard`` only when storage is full
  place <item>@<space> using <u>+<u>    ``item`` is a tile code or ``hex``; units: ``V`` (a card of the
                                        target colour), ``QQ`` (a pair of another colour), ``wk`` (a worker)
  castle <slot>@<space> | castle pass   the castle's free tile
  marble | end                          the extra action, or end the turn
Chance outcomes (the table picks them)
  first <seat> · board <id> · card <colour> · reveal <tile> · yield <code>

Spaces are column a–f + estate row 1–7; display slots are 1–8. Payments are written in canonical
form (target cards, then pairs in colour order K C V F W M Q T, then wk) and accepted in any order.
"""

from __future__ import annotations

import re

from rules.tuscany.data import COLOURS

_AROUND_JOINS = re.compile(r"\s*([@+])\s*")


def tidy(text: str) -> str:
    """Typed text as the notation writes it: single spaces, none around ``@`` or ``+``.

    ``place NF4 @ b2 using VV + WW`` is what a player types as often as the listed form (Burgundy
    accepts such spaces too); no word of the notation begins or ends with ``@`` or ``+`` on its
    own, so joining them never merges two words that were meant apart."""
    return _AROUND_JOINS.sub(r"\1", " ".join(text.split()))

Payment = tuple[str, ...]
"""Two units, each ``X`` (card), ``YY`` (pair) or ``wk``."""


def unit_key(unit: str, target: str) -> tuple[int, int]:
    if unit == "wk":
        return (2, 0)
    if len(unit) == 1:
        return (0, 0)
    return (1, COLOURS.index(unit[0]))


def canonical(units: list[str], target: str) -> Payment:
    return tuple(sorted(units, key=lambda u: unit_key(u, target)))


def payment_text(units: Payment) -> str:
    return "+".join(units)


def parse_payment(text: str, target: str) -> Payment | None:
    """``"v+CC"`` → ("V", "CC") for target V; None if not exactly two valid units."""
    parts = [u.strip() for u in text.split("+")]
    if len(parts) != 2:
        return None
    units: list[str] = []
    for part in parts:
        if part.lower() == "wk":
            units.append("wk")
            continue
        up = part.upper()
        if up == target or (len(up) == 2 and up[0] == up[1] and up[0] in COLOURS and up[0] != target):
            units.append(up)
        else:
            return None
    return canonical(units, target)


def needs(units: Payment) -> tuple[dict[str, int], int]:
    """Cards per colour and workers a payment uses."""
    cards: dict[str, int] = {}
    workers = 0
    for unit in units:
        if unit == "wk":
            workers += 1
        else:
            cards[unit[0]] = cards.get(unit[0], 0) + len(unit)
    return cards, workers


def affordable(hand: dict[str, int], workers: int, units: Payment) -> bool:
    cards, wk = needs(units)
    return wk <= workers and all(hand.get(c, 0) >= k for c, k in cards.items())


def payments(hand: dict[str, int], workers: int, target: str) -> list[Payment]:
    """Every valid payment for a placement of colour ``target`` with these resources."""
    units = []
    if hand.get(target, 0) >= 1:
        units.append(target)
    units += [c + c for c in COLOURS if c != target and hand.get(c, 0) >= 2]
    if workers >= 1:
        units.append("wk")
    out: list[Payment] = []
    for i, a in enumerate(units):
        for b in units[i:]:
            pay = canonical([a, b], target)
            if affordable(hand, workers, pay):
                out.append(pay)
    return out
