"""FIXER's estimate for the search: the running score, the race to the two-sided instant win, and
what the cards waiting in the regions are about to decide.

Why the waiting cards: a lead changes no score, so without them every lead looked alike one ply
deep and the search's priors could not tell a sure winner (the top card of its suit) from a card
the rival is about to take. A card waiting on one side of a region is resolved by the rival's
answer, and the rival can only answer it one way (must-follow, §5.1): with a higher card of the
suit if it holds one (a normal win), with the suit that beats it if it is void (a critical win),
else it loses. The estimate reads that from the state it is given — in the search a sampled one,
so over many samples it is the chance the rival holds such a card — and counts the expected result
at a discount, since the rival chooses when to answer.
"""

from __future__ import annotations

from typing import Any

from rules.fixer.cards import BEATS, number
from rules.fixer.engine import region_sides, totals, two_sided
from rules.fixer.layout import MARKERS_PER_REGION

SCALE = 6.0
"""Points of estimated margin worth about a 0.75 win expectation."""

LEAD_SHARE = 0.0
"""Share of the value given to a wider margin (``ai.evaluate._squash``)."""


WEIGHTS: dict[str, float] = {"full": 4.0, "two": 1.5, "both": 25.0, "waiting": 0.6, "won": 40.0}
"""FIXER (2 sides): points for a region whose 3 markers are all on one side, for 2 of 3 while the
region is still open, for holding one full region with a second at 2 (one win from the instant
win of §7.4). ``waiting``: the share of a waiting card's expected conflict (the cards, the red
marker, the race after its marker) counted now; ``won``: two full regions once the waiting cards
are resolved (the instant win itself ends the game and is valued as a win). (Valuing the hand's
numbers too was tried: 0.3 per point lost ground against greedy, 50 % against 62.5 % over the
same 40 games.)"""

BEATEN_BY = {beaten: strong for strong, beaten in BEATS.items()}


def _answer(lead: str, hand: list[str]) -> tuple[str, bool, bool] | None:
    """How a rival holding ``hand`` answers ``lead``: (its card, whether it wins, critically).

    It wins with the cheapest winning card when it has one; else it must lose and gives its
    cheapest legal card. None when its hand is empty (the lead waits unanswered)."""
    if not hand:
        return None
    follow = [c for c in hand if c[0] == lead[0]]
    if follow:
        higher = [c for c in follow if number(c) > number(lead)]
        if higher:
            return min(higher, key=number), True, False
        return min(follow, key=number), False, False
    strong = [c for c in hand if c[0] == BEATEN_BY[lead[0]]]
    if strong:
        return min(strong, key=number), True, True
    cheapest = min(hand, key=number)
    return cheapest, False, BEATS[lead[0]] == cheapest[0]


def _wins_against(lead: str, gift: str, hand: list[str], spent: str) -> bool:
    """Whether ``hand``, less ``spent`` and plus ``gift``, answers ``lead`` with a win."""
    rest = [c for c in hand if c != spent] + [gift]
    answer = _answer(lead, rest)
    return answer is not None and answer[1]


def _race(marks: list[list[int]], open_: list[bool], side: int) -> tuple[float, int]:
    """Race points of ``side`` from the markers per region (``marks[r][side]``), and its full regions.

    Two full regions only occur once the waiting cards are resolved (the instant win itself ends
    the game): they keep the one-step-away bonus and add ``won``, so a lead that would complete
    them is never worth less than the threat it fulfils."""
    w = WEIGHTS
    full = sum(1 for m in marks if m[side] == MARKERS_PER_REGION)
    two = sum(1 for m, o in zip(marks, open_, strict=True) if m[side] == MARKERS_PER_REGION - 1 and o)
    value = w["full"] * full + w["two"] * two + (w["both"] if full >= 2 or (full >= 1 and two >= 1) else 0.0)
    return value + (w["won"] if full >= 2 else 0.0), full


def _resolve_waiting(state: Any, after: list[list[int]], after_open: list[bool], bonus: float) -> list[float]:
    """Play out the waiting cards' conflicts (markers into ``after``), returning the points each
    side wins in them.

    One at a time, the winning answers first (a rival takes what it can take before it gives
    anything away), then the losing answer that arms its player against another waiting card, then
    the cheapest loss: each answer leaves its player's hand and the winner's card goes to the loser's
    hand (§4.3 step 6: kept unless a face-up card of its suit bans it), where it may answer another
    waiting card — a card led that the rival must lose to can arm it against the next one. A
    pending ``keep`` is taken as kept."""
    hands = [list(state["hands"][side]) for side in (0, 1)]
    banned = [{c[0] for c in state["won_up"][side]} for side in (0, 1)]
    pending = state.get("pending")
    if state["stage"] == "decide" and pending and pending["card"][0] not in banned[pending["loser"]]:
        hands[pending["loser"]].append(pending["card"])
    waiting: dict[int, tuple[int, str]] = {}
    for r, region in enumerate(state["regions"]):
        pair = region_sides(state, r)
        cards = [region["cards"][pair.index(side)] for side in (0, 1)]
        if region["left"] > 0 and (cards[0] is None) != (cards[1] is None):
            leader = 0 if cards[0] is not None else 1
            waiting[r] = (leader, str(cards[leader]))
    points = [0.0, 0.0]
    while waiting:
        best: tuple[tuple[bool, bool, float], int, tuple[str, bool, bool]] | None = None
        for r, (leader, lead) in waiting.items():
            answer = _answer(lead, hands[1 - leader])
            if answer is None:
                continue
            card, wins, critical = answer
            arms = not wins and any(
                k != r and other[0] == leader and _wins_against(other[1], lead, hands[1 - leader], card)
                for k, other in waiting.items()
            )
            key = (wins, arms, -(number(card) + (bonus if critical else 0.0)))
            if best is None or key > best[0]:
                best = (key, r, answer)
        if best is None:
            break
        _, r, (card, rival_wins, critical) = best
        leader, lead = waiting.pop(r)
        hands[1 - leader].remove(card)
        winner = 1 - leader if rival_wins else leader
        loser = 1 - winner
        won_card, given = (card, lead) if winner == leader else (lead, card)
        points[winner] += number(won_card) + (bonus if critical else 0.0)
        if critical:
            banned[winner].add(won_card[0])
        if given[0] not in banned[loser]:
            hands[loser].append(given)
        after[r][winner] += 1
        after_open[r] = sum(after[r]) < MARKERS_PER_REGION
    return points


def estimate(state: Any) -> list[float]:
    """FIXER: the running score, the race to the 2-player instant win, and the waiting cards."""
    scores = [float(x) for x in totals(state)]
    if not two_sided(state) or state["stage"] == "over":
        return scores
    bonus = float(state["opts"]["critical_bonus"])
    marks: list[list[int]] = []
    open_: list[bool] = []
    for r, region in enumerate(state["regions"]):
        pair = region_sides(state, r)
        marks.append([len(region["marks"][pair.index(side)]) for side in (0, 1)])
        open_.append(region["left"] > 0)
    now = [_race(marks, open_, side)[0] for side in (0, 1)]
    if state["stage"] not in ("play", "decide"):
        return [s + v for s, v in zip(scores, now, strict=True)]
    # The waiting cards, answered one by one as the rival would answer them.
    after = [list(m) for m in marks]
    after_open = list(open_)
    points = _resolve_waiting(state, after, after_open, bonus)
    out = []
    for side in (0, 1):
        later, _ = _race(after, after_open, side)
        out.append(scores[side] + now[side] + WEIGHTS["waiting"] * (points[side] + later - now[side]))
    return out
