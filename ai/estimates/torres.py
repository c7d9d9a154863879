"""Torres's estimate for the search: score, castle points at the scorings to come, the King's bonus, unspent action points."""

from __future__ import annotations

from typing import Any

from rules.torres.board import castles
from rules.torres.data import AP_PER_TURN
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


def estimate(state: Any) -> list[float]:
    """Torres: the projection, plus half the King's bonus a seat would get if the phase ended now,
    plus the action points each seat has still to spend this round (lost if a turn ends early)."""
    base = projection(state)
    cs = castles(state["h"])
    phase = state["phase"]
    for seat in range(len(state["ps"])):
        base[seat] += 0.5 * king_bonus(state["h"], state["fig"], cs, state["king"], seat, phase)
    turn = state.get("t")
    if state.get("stage") == "turn" and isinstance(turn, dict):
        # This round's action points still to spend: the seat in its turn has what it has left, a
        # seat yet to play this round a full turn's, a seat done none. Later rounds give every seat
        # the same and cancel out of the margins. Ending a turn early so loses exactly what it wastes.
        n = len(base)
        for seat in range(n):
            position = (seat - state["start"]) % n
            if position == state["idx"]:
                base[seat] += AP_POINTS * turn.get("ap", 0)
            elif position > state["idx"]:
                base[seat] += AP_POINTS * AP_PER_TURN
    return base
