"""FIXER's estimate for the search: the running score plus the race to the two-sided instant win."""

from __future__ import annotations

from typing import Any

from rules.fixer.engine import region_sides, totals, two_sided
from rules.fixer.layout import MARKERS_PER_REGION

SCALE = 6.0
"""Points of estimated margin worth about a 0.75 win expectation."""

LEAD_SHARE = 0.0
"""Share of the value given to a wider margin (``ai.evaluate._squash``)."""


WEIGHTS: dict[str, float] = {"full": 4.0, "two": 1.5, "both": 25.0}
"""FIXER (2 sides): points for a region whose 3 markers are all on one side, for 2 of 3 while the
region is still open, for holding one full region with a second at 2 (one win from the instant
win of §7.4). (Valuing the hand's numbers too was tried: 0.3 per point lost ground against greedy,
50 % against 62.5 % over the same 40 games.)"""


def estimate(state: Any) -> list[float]:
    """FIXER: the running score, plus the race to the 2-player instant win (two full regions)."""
    scores = [float(x) for x in totals(state)]
    if not two_sided(state):
        return scores
    w = WEIGHTS
    for side in range(len(scores)):
        full = two = 0
        for r, region in enumerate(state["regions"]):
            pair = region_sides(state, r)
            if side not in pair:
                continue
            held = len(region["marks"][pair.index(side)])
            full += held == MARKERS_PER_REGION
            two += held == MARKERS_PER_REGION - 1 and region["left"] > 0
        scores[side] += w["full"] * full + w["two"] * two + (w["both"] if full >= 1 and two >= 1 else 0.0)
    return scores
