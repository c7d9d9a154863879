"""End-of-game scoring and the winner (reference §7.3, §7.4; solo §5.9).

``final_scores`` is computed once when the game ends and stored in the state, so ``scores``,
``ranking`` and the view read the same numbers.
"""

from __future__ import annotations

from typing import Any

from rules.burgundy import data as D
from rules.burgundy.effects import knowledge_vp
from rules.burgundy.state import State, empty_spaces, round_order


def final_scores(st: State) -> dict[str, Any]:
    if st["solo"] is not None:
        pl = st["pl"][0]
        filled = 37 - empty_spaces(pl)
        solo = st["solo"]
        rnd = st["phase"] * D.ROUNDS_PER_PHASE + st["round"]
        return {
            "solo": {"won": bool(solo["won"]), "filled": filled, "round": rnd,
                     "counter": solo["counter"], "target": solo["target"]},
            "rows": [{"seat": 0, "in_game": pl["vp"], "knowledge": 0, "goods": 0, "silver": 0, "workers": 0,
                      "total": filled, "empty": 37 - filled}],
            "ranking": [0],
            "tiebreak": st["opt"]["tiebreak"],
        }
    rows = []
    for seat, pl in enumerate(st["pl"]):
        knowledge = {t: knowledge_vp(st, seat, t) for t in D.END_KNOWLEDGE if t in pl["est"]}
        row = {
            "seat": seat,
            "in_game": pl["vp"],
            "knowledge": sum(knowledge.values()),
            "knowledge_tiles": knowledge,
            "goods": sum(pl["goods"]),
            "silver": pl["silver"],
            "workers": pl["workers"] // 2,
            "empty": empty_spaces(pl),
        }
        row["total"] = row["in_game"] + row["knowledge"] + row["goods"] + row["silver"] + row["workers"]
        rows.append(row)
    return {"rows": rows, "ranking": rank(st, rows), "tiebreak": st["opt"]["tiebreak"]}


def rank(st: State, rows: list[dict[str, Any]]) -> list[int]:
    """Best first: VP, then empty spaces (fewer under ``seed``, more under ``bga``), then later in turn order."""
    order = round_order(st)
    sign = 1 if st["opt"]["tiebreak"] == "seed" else -1
    return sorted(
        range(len(rows)),
        key=lambda s: (-rows[s]["total"], sign * rows[s]["empty"], -order.index(s)),
    )
