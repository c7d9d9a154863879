"""Scoring (reference §7): the running/final breakdown, the tie-break and the solo result.

All scoring information is public, so the same breakdown serves the running totals in the view
and the final result.
"""

from __future__ import annotations

from typing import Any

from rules.burgundy_cards import data as D
from rules.burgundy_cards.state import State, storage_cards


def breakdown(st: State, seat: int) -> dict[str, int]:
    """Score parts of ``seat`` as if the game ended now (§7.2).

    The AI's estimate asks for this at every leaf of its search, so the per-card helpers of ``data``
    are inlined where they cannot differ: one VP setting for every card is multiplied out, and an
    animal's species is its code's prefix (``D.species``)."""
    pl = st["pl"][seat]
    opt = st["opt"]
    table = D.TRIPLE_VP[opt["triple_vp"]]
    one = opt["triples_per_colour"] == "one"
    est = pl["est"]
    triples = 0
    if one:
        for col in D.COLOURS:
            triples += min(len(est[col]) // 3, 1) * table[col]
    else:
        for col in D.COLOURS:
            triples += len(est[col]) // 3 * table[col]
    species = len({a[:3] for a in pl["animals"]})
    setting = opt["goods_vp"]
    value = D.GOODS_VP.get(setting, setting) if isinstance(setting, int) else setting
    sold = pl["sold"]
    if isinstance(value, int):
        goods = sum(value for _ in sold) if value.__class__ is not int else value * len(sold)
    else:
        goods = sum(D.goods_vp(g, setting) for g in sold)
    sp = st["sp"]
    parts = {
        "triples": triples,
        "first": D.FIRST_BONUS_VP * len(pl["bonus"]),
        "all7": D.ALL7_VALUE[pl["all7"]] if pl["all7"] else 0,
        "vp": pl["vp"],
        "goods": goods,
        "animals": D.ANIMAL_VP[species],
        "sp": 1 if sp is not None and sp["holder"] == seat else 0,
    }
    parts["total"] = sum(parts.values())
    parts["storage"] = storage_cards(pl)
    return parts


def finish(st: State, ev: list[dict[str, Any]]) -> None:
    """Final scoring, ranking with the tie-break, and the solo verdict."""
    rows = [breakdown(st, s) for s in range(st["n"])]
    ranking = sorted(range(st["n"]), key=lambda s: (-rows[s]["total"], -rows[s]["storage"], s))
    places: list[int] = []
    for i, s in enumerate(ranking):
        prev = ranking[i - 1] if i else None
        same = prev is not None and (rows[s]["total"], rows[s]["storage"]) == (rows[prev]["total"], rows[prev]["storage"])
        places.append(places[-1] if same else i + 1)
    tie_broken = [
        s for i, s in enumerate(ranking)
        if i and rows[s]["total"] == rows[ranking[i - 1]]["total"] and places[i] != places[i - 1]
    ]
    final: dict[str, Any] = {"rows": rows, "ranking": ranking, "places": places, "storage_decided": tie_broken}
    if st["n"] == 1:
        score = rows[0]["total"]
        target = int(st["opt"]["solo_target"])
        final["solo"] = {"score": score, "target": target, "won": score >= target, "title": D.solo_title(score)}
    st["final"] = final
    st["status"] = "over"
    st["step"] = "over"
    st["turn"] = None
    ev.append({"kind": "game_over", "final": final})
