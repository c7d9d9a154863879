"""The Castles of Tuscany's estimate for the search: red points, green to come, areas, colour races, resources."""

from __future__ import annotations

from typing import Any

from rules.tuscany.data import AREA_POINTS, CARDS_PER_RED, ROUNDS, STACK_SIZE
from rules.tuscany.data import COLOURS as TUSCANY_COLOURS
from rules.tuscany.data import data as tuscany_data
from rules.tuscany.state import lay

SCALE = 8.0
"""Points of estimated margin worth about a 0.75 win expectation."""

LEAD_SHARE = 0.1
"""Share of the value given to a wider margin (``ai.evaluate._squash``)."""

WEIGHTS: dict[str, float] = {
    "area": 0.45,
    "colour": 0.5,
    "unit": 0.6,
    "item": 0.8,
    "marble": 0.6,
}
"""Tuscany, in red points: the share of an open area's green (1/3/6 for 1/2/3 spaces) counted per
covered space, of a colour bonus still to win (by the square of the share of that colour covered:
it is a race), and, while the game remains, what one payment unit (a worker, a matching card), one
stored tile or hex token, and one marble (an extra action) add towards placements beyond their
value at the end."""


def estimate(state: Any) -> list[float]:
    """Tuscany: red points, green points times the scorings still to come, progress towards areas
    and colour bonuses, and resources that turn into placements while stacks last.

    Only red points decide the game, but green points are scored again at every round's end (§7.2)
    and come almost only from placements (areas, colour bonuses, farms, effects). Counting red
    alone made every move look equal until a round ended, so the search drew cards forever."""
    w = WEIGHTS
    players = state["ps"]
    if state["phase"] == "over":
        return [float(p["red"]) for p in players]
    rnd = int(state["round"])
    scorings = ROUNDS - rnd + 1
    # the round ends when the first seat empties its stack of this round
    stack = [p["stacks"][rnd - 1] if len(p["stacks"]) >= rnd else 0 for p in players]
    rest = max(0.0, (ROUNDS - rnd + min(stack) / STACK_SIZE) / ROUNDS) if state["phase"] == "play" else 1.0
    bonus = tuscany_data(state["v"]).colour_bonus
    out = []
    for seat, p in enumerate(players):
        hand = sum(p["hand"].values())
        value = float(p["red"]) + scorings * float(p["green"])
        # what the final scoring pays for what is left (§7.3), a floor under every resource
        value += len(p["store"]) + p["marble"] + p["workers"] + hand // CARDS_PER_RED
        if p["estate"] is not None:
            layout = lay(state, seat)
            cov = p["cov"]
            progress = 0.0
            for spaces in layout.areas.values():
                done = sum(1 for sp in spaces if sp in cov)
                if 0 < done < len(spaces):
                    progress += AREA_POINTS[len(spaces)] * done / len(spaces)
            race = 0.0
            for colour in TUSCANY_COLOURS:
                spaces = layout.by_colour.get(colour, ())
                side = state["cb"].get(colour, 2)
                if not spaces or side >= 2 or colour not in bonus:
                    continue
                done = sum(1 for sp in spaces if sp in cov)
                if done < len(spaces):
                    race += bonus[colour][side] * (done / len(spaces)) ** 2
            value += scorings * (w["area"] * progress + w["colour"] * race)
        units = p["workers"] + hand / 1.5
        value += rest * (w["unit"] * units + w["item"] * len(p["store"]) + w["marble"] * p["marble"])
        out.append(value)
    return out
