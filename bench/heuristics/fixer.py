"""An independent rules-based FIXER player for the strength benchmark (issue 26).

Not the greedy baseline and not the search: what a sensible casual player does, reading each move
one step ahead from its own view only (its hand, the table and the cards it has seen).

Its rules, in words:

1. **Win the game now** when a reply completes a second full region (§7.4 instant win).
2. **Answer a waiting rival card when the answer wins**: a conflict pays the rival's card, 3 more
   for a critical win, and the marker (worth more when it fills one of our regions, or spoils a
   region where the rival holds two). Win as cheaply as possible: the smallest winning card,
   because the winner's card goes to the loser.
3. Otherwise **lead into an empty region** with the card the rival is least likely to beat: the
   player counts the cards it has not seen (rival's hand, discards, removed cards) and reads the
   chance that the rival holds a higher card of the suit, or is void in it and holds the suit that
   beats it. A sure winner (the highest unseen card of its suit) is led; a lead that is likely to
   lose is made with the cheapest card, since a lost lead gives the rival its number.
4. **Lose cheaply** when nothing else is possible: the lowest card that keeps the damage small,
   never into a region where the rival holds two markers and would fill it.
5. As the loser of a conflict, **keep** the winner's card (a high card in hand is a future winning
   lead), except a low card of a suit the player is void in: staying void is what lets it answer
   that suit with the suit that beats it, for a critical win.

Deterministic per seed (ties by a seeded draw), well under a millisecond a decision.
"""

from __future__ import annotations

import random
from math import comb
from typing import Any

import rules
from ai.search import index, picker
from rules.fixer.cards import BEATS, deck, number, resolve

CRITICAL = 3
"""Points of a red marker in the default game (``critical_bonus``); read from the options."""

INSTANT = 1000.0
"""A move that wins the game outright beats every other consideration."""

BEATEN_BY = {beaten: strong for strong, beaten in BEATS.items()}


def _unseen(state: dict[str, Any], side: int) -> list[str]:
    """Cards this player cannot place: the rival's hand, face-down piles, discards, removed cards."""
    seen = set(state["hands"][side]) | set(state["won_down"][side])
    seen |= {c for pile in state["won_up"] for c in pile}
    seen |= {c for region in state["regions"] for c in region["cards"] if c is not None}
    if state.get("pending"):
        seen.add(state["pending"]["card"])
    top = 7 if state["sides"] == 2 else 9
    return [c for c in deck(top) if c not in seen]


def _holds_any(unseen: int, hand: int, wanted: int) -> float:
    """Chance that a hand of ``hand`` cards drawn from ``unseen`` holds one of ``wanted`` cards."""
    if wanted <= 0 or hand <= 0:
        return 0.0
    if hand > unseen - wanted:
        return 1.0
    return 1.0 - comb(unseen - wanted, hand) / comb(unseen, hand)


def _beaten_chance(card: str, unseen: list[str], rival_hand: int) -> tuple[float, float]:
    """(chance the rival can beat a lead of ``card``, share of those beats that are critical)."""
    n = len(unseen)
    same = [c for c in unseen if c[0] == card[0]]
    higher = sum(1 for c in same if number(c) > number(card))
    beater = sum(1 for c in unseen if c[0] == BEATEN_BY[card[0]])
    normal = _holds_any(n, rival_hand, higher)
    if rival_hand > n - len(same):
        void = 0.0
    else:
        void = comb(n - len(same), rival_hand) / comb(n, rival_hand) if rival_hand <= n else 0.0
    critical = void * _holds_any(n - len(same), rival_hand, beater)
    total = min(1.0, normal + critical)
    return total, (critical / total if total > 0 else 0.0)


def _marker_value(state: dict[str, Any], side: int, r: int) -> float:
    """What one more marker on ``side``'s side of region ``r`` is worth to that side."""
    region = state["regions"][r]
    mine, theirs = len(region["marks"][side]), len(region["marks"][1 - side])
    value = 1.0
    if theirs == 0:
        value += 0.7 * (mine + 1)
        if mine == 2:
            full = sum(
                1
                for k, other in enumerate(state["regions"])
                if k != r and len(other["marks"][side]) == 3
            )
            if full >= 1:
                return INSTANT
            value += 3.0
    if theirs == 2 and mine == 0:
        value += 2.0  # spoils the rival's nearly full region
    return value


def _reply_value(state: dict[str, Any], side: int, r: int, card: str, bonus: int) -> float:
    """What answering the rival's waiting card in ``r`` with ``card`` pays now (one ply)."""
    lead = state["regions"][r]["cards"][1 - side]
    won_by, critical = resolve(lead, card)
    extra = bonus if critical else 0
    if won_by == 1:  # we win: the rival's card, the marker; our card goes to the rival's hand
        return number(lead) + extra + _marker_value(state, side, r) - 0.15 * number(card)
    # we lose: the rival wins our card and a marker; we receive their card
    return -(number(card) + extra + _marker_value(state, 1 - side, r)) + 0.1 * number(lead)


def _lead_value(state: dict[str, Any], side: int, r: int, card: str, bonus: int, unseen: list[str]) -> float:
    """Expected worth of leading ``card`` into the empty region ``r``."""
    rival_hand = len(state["hands"][1 - side])
    beaten, crit_share = _beaten_chance(card, unseen, rival_hand)
    held = 1.0 - beaten
    # An unbeaten lead usually wins a low card the rival is forced to follow with.
    gain = 2.0 + _marker_value(state, side, r)
    loss = number(card) + crit_share * bonus + _marker_value(state, 1 - side, r)
    if _marker_value(state, side, r) >= INSTANT:
        gain = 8.0  # the rival will not answer a lead that would lose the game; still worth a try
    return held * gain - beaten * loss - 0.05 * number(card)


def _keep(state: dict[str, Any], side: int, card: str) -> bool:
    hand = state["hands"][side]
    void = all(c[0] != card[0] for c in hand)
    return not (void and number(card) <= 3 and len(hand) >= 4)


def play(game_name: str, view: dict[str, Any], seat: int, seed: int) -> str:
    game = rules.get(game_name)
    rng = random.Random(f"fixer-rules:{seed}")
    state = game.sample_state(view, seat, picker(rng))
    legal = game.legal_actions(state, seat)
    if len(legal) == 1:
        return legal[0]
    first = legal[0].split()[0]
    if first in ("keep", "discard"):
        card = state["pending"]["card"]
        return next(a for a in legal if a.startswith("keep" if _keep(state, seat, card) else "discard"))
    if first == "pass":
        return legal[index(rng, len(legal))]
    side = seat
    bonus = int(state["opts"].get("critical_bonus", CRITICAL))
    unseen = _unseen(state, side)
    scored: list[tuple[float, str]] = []
    for action in legal:
        if "@" not in action:
            scored.append((-100.0, action))
            continue
        card, where = action.split("@")
        r = int(where) - 1
        if state["regions"][r]["cards"][1 - side] is not None:
            value = _reply_value(state, side, r, card, bonus)
        else:
            value = _lead_value(state, side, r, card, bonus, unseen)
        scored.append((value, action))
    top = max(v for v, _ in scored)
    best = [a for v, a in scored if v >= top - 1e-9]
    return best[index(rng, len(best))]
