"""Torres's estimate for the search: score, castle points at the scorings to come, the King's bonus,
unspent action points, knights on the board, the step up a knight has beside it, cards in hand."""

from __future__ import annotations

from typing import Any

from rules.torres.board import Castles, castles
from rules.torres.data import AP_CARD_BONUS, AP_PER_TURN, EMPTY, ORTHO, rounds_for
from rules.torres.data import PHASES as TORRES_PHASES
from rules.torres.scoring import castle_points, king_bonus

SCALE = 15.0
"""Points of estimated margin worth about a 0.75 win expectation."""

LEAD_SHARE = 0.15
"""Share of the value given to a wider margin (``ai.evaluate._squash``)."""


def projection(state: Any) -> list[float]:
    """Score plus the castle points each seat would get at every phase scoring still to come.

    Torres scores only at phase ends, so the running score says little mid-phase; a knight high on a
    large castle is worth its area × level at each later scoring if it stays.

    This is also the greedy baseline's view of Torres (``ai.evaluate.PROJECTIONS``): tune the
    search through ``estimate``, not here."""
    cs = castles(state["h"])
    scorings = TORRES_PHASES - state["phase"] + 1
    return [
        p["score"] + 0.8 * scorings * castle_points(state["h"], state["fig"], cs, seat)
        for seat, p in enumerate(state["ps"])
    ]


AP_POINTS = 1.0
"""Points one unspent action point of the seat in its turn is worth: at least what ``score`` (1 AP:
one step on the score track) turns it into, so ending a turn with points left is a visible loss."""


KNIGHT_POINTS = 1.0
"""Points per knight on the board per scoring still to come. A knight placed costs 2 AP (2 points
of ``score``) and rarely scores at once: it stands on the ground or low beside a castle and earns
only when it climbs later. Without this the search scored AP instead and left 5 of its 6 knights in
the supply all game (watched: 1 knight placed vs the rules player's 6), so it had one castle to
score. Early knights have more scorings to earn in, so the value falls with the phases."""

CLIMB_SHARE = 0.5
"""Share of the best one-step climb of a seat's knights (castle points it would add, at every
scoring to come) counted before it is taken. A tower block beside a knight one level above it is a
stair: the next AP climbs it. Without this a block raises nothing until the knight stands on it, so
the search built only wider (area) and scored the rest of its AP (watched: 44 ``score`` a game)."""

CARD_POINTS = 1.3
"""An unplayed movement or building card in hand: it lifts a knight or adds a block for 0 AP on a
later turn (one card a turn). AP6 / AP7 are worth the AP they add. Only while a later turn of the
seat remains to play it (cards count for nothing at the game's end)."""


def _seat_terms(h: list[int], fig: list[int], cs: Castles, seat: int, squares: list[int]) -> tuple[int, int]:
    """(castle points, best one-step climb) of ``seat``'s knights on ``squares`` in one pass.

    Castle points as ``rules.torres.scoring.castle_points`` (§7.2). The climb: the most castle
    points one step of one knight would add, onto an empty square at most one level up whose castle
    then counts the higher level (§5.3)."""
    label = cs.label
    level: dict[int, int] = {}
    for sq in squares:
        c = label[sq]
        if c >= 0 and h[sq] > level.get(c, 0):
            level[c] = h[sq]
    points = sum(cs.area(c) * top for c, top in level.items())
    best = 0
    for sq in squares:
        reach = h[sq] + 1
        for n in ORTHO[sq]:
            hn = h[n]
            if hn == 0 or hn > reach or fig[n] != EMPTY:
                continue
            c = label[n]
            rise = cs.area(c) * (hn - level.get(c, 0))
            if rise > best:
                best = rise
    return points, best


def _cards(state: Any, seat: int) -> float:
    """What the cards in ``seat``'s hand are worth while a later turn of the seat remains."""
    hand = state["ps"][seat]["hand"]
    if not hand:
        return 0.0
    phase = state["phase"]
    later = rounds_for(state["n"], state["split"], phase) - state["round"]
    later += sum(rounds_for(state["n"], state["split"], p) for p in range(phase + 1, TORRES_PHASES + 1))
    if later <= 0:
        return 0.0
    return sum(AP_CARD_BONUS.get(card, CARD_POINTS) for card in hand)


def estimate(state: Any) -> list[float]:
    """Torres: the projection, plus half the King's bonus a seat would get if the phase ended now,
    plus the action points each seat has still to spend this round (lost if a turn ends early),
    plus knights on the board, a share of the best climb beside them and the cards in hand."""
    h, fig = state["h"], state["fig"]
    cs = castles(h)
    phase = state["phase"]
    scorings = TORRES_PHASES - phase + 1
    n = len(state["ps"])
    squares: list[list[int]] = [[] for _ in range(n)]
    for sq, who in enumerate(fig):
        if 0 <= who < n:
            squares[who].append(sq)
    base: list[float] = []
    for seat, p in enumerate(state["ps"]):
        points, climb = _seat_terms(h, fig, cs, seat, squares[seat])
        value = p["score"] + 0.8 * scorings * (points + CLIMB_SHARE * climb)
        value += 0.5 * king_bonus(h, fig, cs, state["king"], seat, phase)
        value += KNIGHT_POINTS * scorings * p["knights"]
        value += _cards(state, seat)
        base.append(value)
    turn = state.get("t")
    if state.get("stage") == "turn" and isinstance(turn, dict):
        # This round's action points still to spend: the seat in its turn has what it has left, a
        # seat yet to play this round a full turn's, a seat done none. Later rounds give every seat
        # the same and cancel out of the margins. Ending a turn early so loses exactly what it wastes.
        for seat in range(n):
            position = (seat - state["start"]) % n
            if position == state["idx"]:
                base[seat] += AP_POINTS * turn.get("ap", 0)
            elif position > state["idx"]:
                base[seat] += AP_POINTS * AP_PER_TURN
    return base
