"""An independent rules-based Tuscany player for the strength benchmark (issue 26).

Not the greedy baseline and not the search: a few rules a sensible player follows, looking one
move ahead only to read what a placement pays. Place when you can (the placement that gains most
green, scored by the rounds left, cheapest payment first: a matching card before a worker before
a pair of other cards); else take a display tile you can place next turn; else draw. The marble's
extra action is taken whenever a placement is possible. Setup choices: the first listed (fixed
estate order) and a ``bonus`` of an extra worker.
"""

from __future__ import annotations

import random
from typing import Any

import rules
from ai.search import index, picker
from rules.tuscany.data import ROUNDS
from rules.tuscany.notation import payments
from rules.tuscany.spaces import open_spaces
from rules.tuscany.state import colour_of, lay

BONUS_ORDER = ("bonus WO", "bonus ST", "bonus RC", "bonus YI", "bonus MA")


def _payment_cost(action: str) -> float:
    """Cards and workers a ``using`` clause spends: a worker and a matching card are cheap units,
    a pair of other cards dearer."""
    cost = 0.0
    for unit in action.rsplit(" using ", 1)[1].split("+"):
        cost += 0.6 if unit == "wk" else 0.5 if len(unit) == 1 else 1.1
    return cost


def _placement_gain(game: rules.Game, state: Any, seat: int, action: str) -> float:
    after, _ = game.apply(state, seat, action)
    p0, p1 = state["ps"][seat], after["ps"][seat]
    scorings = ROUNDS - int(state["round"]) + 1
    return (p1["green"] - p0["green"]) * scorings + (p1["red"] - p0["red"]) + 2.0 - _payment_cost(action)


def _can_place_later(state: Any, seat: int, code: str) -> bool:
    p = state["ps"][seat]
    layout = lay(state, seat)
    colour = colour_of(code)
    spaces = [sp for sp in open_spaces(state, seat) if code == "hex" or layout.colour[sp] == colour]
    return bool(spaces) and bool(payments(p["hand"], p["workers"], layout.colour[spaces[0]]))


def play(game_name: str, view: dict[str, Any], seat: int, seed: int) -> str:
    game = rules.get(game_name)
    rng = random.Random(f"tuscany-rules:{seed}")
    state = game.sample_state(view, seat, picker(rng))
    legal = game.legal_actions(state, seat)
    if len(legal) == 1:
        return legal[0]
    first = legal[0].split()[0]
    if first == "bonus":
        return next(b for b in (*BONUS_ORDER, *legal) if b in legal)
    if first in ("assemble", "start", "boards", "first"):
        return legal[index(rng, len(legal))] if first == "start" else legal[0]
    if set(legal) == {"end", "marble"}:
        places = [a for a in game.legal_actions(game.apply(state, seat, "marble")[0], seat) if a.startswith("place ")]
        return "marble" if places else "end"
    if first == "castle" or any(a.startswith("castle ") for a in legal):
        castles = [a for a in legal if a != "castle pass"]
        return castles[index(rng, len(castles))] if castles else "castle pass"
    places = [a for a in legal if a.startswith("place ")]
    if places:
        return max(places, key=lambda a: (_placement_gain(game, state, seat, a), a))
    takes = [a for a in legal if a.startswith("take ") and " discard " not in a]
    useful = [a for a in takes if _can_place_later(state, seat, state["display"][int(a.split()[1]) - 1])]
    if useful:
        return useful[index(rng, len(useful))]
    if "draw" in legal:
        return "draw"
    return legal[index(rng, len(legal))]
