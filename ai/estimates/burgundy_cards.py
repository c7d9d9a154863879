"""The Castles of Burgundy: The Card Game's estimate for the search: score plus what a tableau promises."""

from __future__ import annotations

from typing import Any

from rules.burgundy_cards import data as CD
from rules.burgundy_cards.scoring import breakdown

SCALE = 12.0
"""Points of estimated margin worth about a 0.75 win expectation."""

LEAD_SHARE = 0.0
"""Share of the value given to a wider margin (``ai.evaluate._squash``)."""

WEIGHTS: dict[str, float] = {
    "partial": 1.0,
    "project": 0.4,
    "goods": 0.6,
    "silver": 0.34,
    "workers": 0.25,
    "species": 0.5,
}
"""The card game, scaled by the share of the game still to come (none of it scores at the end): share
of a triple's VP per card towards the next triple (a third per card, so building pays before the
triple is complete), VP per project (less than the card is worth once built, so projects get built), share of a goods card's VP when
unsold, VP per silver (3 convert to 1) and per worker, and per animal species towards the bonus."""


def estimate(state: Any) -> list[float]:
    """The card game: the score so far, plus what projects, partial triples and storage promise."""
    rest = max(0.0, 1.0 - sum(p["turns"] for p in state["pl"]) / (30.0 * state["n"]))
    table = CD.TRIPLE_VP[state["opt"]["triple_vp"]]
    w = WEIGHTS
    out = []
    for seat, pl in enumerate(state["pl"]):
        value = float(breakdown(state, seat)["total"])
        partial = sum(table[c] * (len(pl["est"][c]) % 3) / 3 for c in CD.COLOURS)
        later = w["partial"] * partial + w["project"] * len(pl["proj"])
        later += w["goods"] * sum(CD.goods_vp(g, state["opt"]["goods_vp"]) for g in pl["goods"])
        later += w["species"] * len({CD.species(a) for a in pl["animals"]})
        later += w["silver"] * pl["silver"] + w["workers"] * pl["workers"]
        value += rest * later
        out.append(value)
    return out
