"""The Castles of Burgundy's estimate for the search: VP, knowledge VP and a weighted stock."""

from __future__ import annotations

from typing import Any

from rules.burgundy.effects import knowledge_vp

SCALE = 12.0
"""Points of estimated margin worth about a 0.75 win expectation."""

LEAD_SHARE = 0.15
"""Share of the value given to a wider margin (``ai.evaluate._squash``)."""

SOLO_SCALE = 1.5
"""Solo against the target: estimated spaces above the decision's start worth about 0.75."""

WEIGHTS: dict[str, tuple[float, float]] = {
    "goods": (1.0, 1.5),
    "silver": (1.0, 0.5),
    "workers": (0.5, 0.5),
    "store": (0.0, 3.0),
    "placed": (1.0, 0.0),
}
"""Burgundy: VP worth of one unit, as (at the game's end, extra while the whole game remains).

Goods, silverlings and workers score 1, 1 and ½ at the end and are worth more while they can still
be sold or turned into placements; a tile in storage is only a future placement; a placed tile is a
step towards region and colour completions."""

SOLO_WEIGHTS: dict[str, float] = {"store": 0.7, "goods": 0.15, "silver": 0.2, "workers": 0.1, "target": 2.0}
"""Burgundy solo (won by filling the estate): a placed tile counts 1; these are worth part of one."""


def _remaining(state: Any) -> float:
    """The share of the game's 25 rounds still to come."""
    done = state["phase"] * 5 + state["round"]
    return max(0.0, 1.0 - done / 25.0)


def estimate(state: Any) -> list[float]:
    """Burgundy: VP, end-game knowledge VP as the estate stands, and the weighted stock (solo: tiles)."""
    rest = _remaining(state)
    out = []
    solo = state["solo"] is not None
    w = WEIGHTS
    for seat, pl in enumerate(state["pl"]):
        placed = sum(1 for t in pl["est"] if t is not None)
        stock = {
            "goods": sum(pl["goods"]),
            "silver": pl["silver"],
            "workers": pl["workers"],
            "store": len(pl["store"]),
        }
        if solo:
            sw = SOLO_WEIGHTS
            target = state["solo"]["counter"] / max(1, state["solo"]["target"])
            out.append(placed + rest * sum(sw[k] * v for k, v in stock.items()) + sw["target"] * target)
            continue
        value = float(pl["vp"]) + sum(knowledge_vp(state, seat, t) for t in pl["est"] if t is not None and t.startswith("K"))
        value += sum((w[k][0] + w[k][1] * rest) * v for k, v in stock.items())
        value += (w["placed"][0] + w["placed"][1] * rest) * placed
        out.append(value)
    return out
