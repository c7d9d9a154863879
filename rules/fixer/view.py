"""What each seat may see of a FIXER state (reference §10); the schema is in the README.

Hands are shown only to their owner; face-down won cards and scores only to their owner
(everything at the game's end); the automa's deck, the removed cards and chosen passes never.
The automa's face-up piles are public.

Scores (§10 "running score: own score"): ``score`` is the viewer's current round score, or the
game total once the game is over; ``round_scores`` / ``total`` are the finished rounds and their
sum. All three are ``None`` for anyone but their owner until the game ends, in the public view
too, so no adapter (the board image, ``/game status``) can show them; the automa's are hidden
from everyone until the end.
"""

from __future__ import annotations

from typing import Any

from rules.core import CHANCE
from rules.fixer import engine
from rules.fixer.cards import number, sorted_cards
from rules.fixer.engine import State, seat_of


def build(state: State, viewer: int | None) -> dict[str, Any]:
    over = state["stage"] == "over"
    viewer_side = None if viewer is None else engine.side_of(state, viewer)
    humans = 1 if state["solo"] else state["sides"]
    totals = engine.final_scores(state)

    def can_see(side: int) -> bool:
        return over or side == viewer_side

    regions = []
    for r, region in enumerate(state["regions"]):
        pair = engine.region_sides(state, r)
        regions.append(
            {
                "id": r + 1,
                "seats": [seat_of(state, s) for s in pair],
                "cards": list(region["cards"]),
                "markers_left": region["left"],
                "sides": [list(m) for m in region["marks"]],
                "open": region["left"] > 0,
            }
        )
    seats = []
    for side in range(humans):
        visible = can_see(side)
        seats.append(
            {
                "seat": side,
                "hand": list(state["hands"][side]) if visible else None,
                "hand_count": len(state["hands"][side]),
                "won_up": sorted_cards(state["won_up"][side]),
                "won_down": sorted_cards(state["won_down"][side]) if visible else None,
                "won_down_count": len(state["won_down"][side]),
                "markers": {"black": state["black"][side], "red": state["red"][side]},
                "score": (totals[side] if over else engine.round_score(state, side)) if visible else None,
                "round_scores": list(state["round_scores"][side]) if visible else None,
                "total": sum(state["round_scores"][side]) if visible else None,
                "passed": state["passes"][side] is not None,
                "passing": list(state["passes"][side]) if side == viewer_side and state["passes"][side] else None,
            }
        )
    automa_view = None
    if state["solo"]:
        hand = state["hands"][1]
        automa_view = {
            "piles": [
                {"suit": suit, "cards": sorted(number(c) for c in hand if c[0] == suit)} for suit in state["slots"]
            ],
            "deck_count": len(state["deck"]),
            "won_up": sorted_cards(state["won_up"][1]),
            "won_down_count": len(state["won_down"][1]),
            "won_down": sorted_cards(state["won_down"][1]) if over else None,
            "markers": {"black": state["black"][1], "red": state["red"][1]},
            "score": totals[1] if over else None,
            "round_scores": list(state["round_scores"][1]) if over else None,
            "total": sum(state["round_scores"][1]) if over else None,
        }
    pending = None
    if state["pending"]:
        pending = {
            "kind": "keep",
            "seat": seat_of(state, state["pending"]["loser"]),
            "card": state["pending"]["card"],
            # Public (everyone saw the conflict) and part of the keep/discard notation.
            "region": state["pending"].get("region"),
        }
    result = None
    if over:
        result = {
            "scores": list(totals),
            "ranking": [seat_of(state, s) for s in engine.ranking_sides(state)],
            "instant_win": None if state["instant"] is None else seat_of(state, state["instant"]),
            "shared": engine.shared_first_place(state),
            "decided_by": engine.decided_by(state),
            "removed": sorted_cards(state["removed"]),
        }
    to_act = [CHANCE] if engine.pending_chance(state) else engine.humans_to_act(state)
    stage = state["stage"]
    return {
        "game": "fixer",
        "players": humans,
        "solo": state["solo"],
        "viewer": viewer,
        "round": state["round"],
        "rounds": state["rounds"],
        "stage": "deal" if stage in ("start", "refill") else stage,
        "to_act": to_act,
        "turn": seat_of(state, state["turn"]) if stage in ("initial", "play", "decide") else None,
        "start": seat_of(state, state["start"]),
        "critical_bonus": int(state["opts"]["critical_bonus"]),
        "options": dict(state["opts"]),
        "regions": regions,
        "seats": seats,
        "automa": automa_view,
        "pending": pending,
        "discard_count": len(state["discard"]),
        "removed_count": len(state["removed"]),
        "over": over,
        "result": result,
    }
