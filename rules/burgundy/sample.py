"""A full Castles of Burgundy state consistent with a seat's view, for the AI (``Game.sample_state``).

Burgundy hides nothing a player holds; what no one sees is the content of the face-down supplies
(hexagon tiles by back colour, black tiles, goods). How many were drawn follows from the phases
begun and the draws still queued; which ones is known for the tiles lying in the depots and drawn
by ``pick`` for the rest. A tile in an estate or in storage whose code exists in only one supply
(most knowledge tiles, some animals) certainly left that supply and is taken out of it; a code
both supplies hold could have come from either, so it is not used as evidence (a simplification
that only shifts the odds of later draws). Goods are dealt likewise from the kinds not in sight.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.burgundy import data as D
from rules.burgundy.state import State
from rules.core import multiset_minus, shuffled

Pick = Callable[[list[Any]], Any]


def _slot_colour(n: int, phase: int, depot: int, slot: int) -> str:
    if n == 3 and depot == 5 and slot == 2:
        return D.THREE_PLAYER_D6_SLOT3[D.PHASES[phase]]
    return D.DEPOT_SLOTS[depot][slot]


def _draw_down(pick: Pick, items: list[str], drawn: int) -> list[str]:
    """``items`` less ``drawn`` of them chosen by ``pick`` (what is left in a face-down supply)."""
    drawn = max(0, min(drawn, len(items)))
    return sorted(shuffled(items, pick)[drawn:])


def _counts(items: list[str], keys: list[str]) -> dict[str, int]:
    return {k: items.count(k) for k in keys}


def _owned_from_one_supply(view: dict[str, Any]) -> tuple[dict[str, list[str]], list[str]]:
    """Tiles players own (estates and storage, start castles aside) that only one supply holds:
    by normal colour, and the black ones."""
    normal_only = {code: colour for colour, codes in D.NORMAL_SUPPLY.items() for code in codes if code not in D.BLACK_SUPPLY}
    normal: dict[str, list[str]] = {colour: [] for colour in D.NORMAL_SUPPLY}
    black: list[str] = []
    for est in view["estates"]:
        owned = [sp["tile"] for sp in est["spaces"] if sp["tile"] is not None and not sp["start"]]
        for code in owned + list(est["storage"]):
            if code in normal_only:
                normal[normal_only[code]].append(code)
            elif code in D.BLACK_SUPPLY and not any(code in codes for codes in D.NORMAL_SUPPLY.values()):
                black.append(code)
    return normal, black


def _known_gone(items: list[str], owned: list[str]) -> list[str]:
    """The ``owned`` tiles that ``items`` can still give up (each copy once)."""
    left, gone = list(items), []
    for code in owned:
        if code in left:
            left.remove(code)
            gone.append(code)
    return gone


def _supplies(view: dict[str, Any], pick: Pick) -> tuple[dict[str, dict[str, int]], dict[str, int], list[int]]:
    n = view["players"]
    owned_normal, owned_black = _owned_from_one_supply(view)
    flow = view["flow"]
    phases_begun = view["phase_index"] + 1 if view["status"] != "setup" else 0
    queued = [task for task in flow["queue"] if task[0] in ("tile", "black")]
    supply: dict[str, dict[str, int]] = {}
    castles = sum(1 for est in view["estates"] for sp in est["spaces"] if sp["start"])
    for colour, start in D.NORMAL_SUPPLY.items():
        drawn = sum(
            1
            for p in range(phases_begun)
            for d in range(6)
            for s in range(D.SLOTS_IN_USE[n])
            if _slot_colour(n, p, d, s) == colour
        )
        drawn -= sum(1 for task in queued if task[0] == "tile" and task[3] == colour)
        items = sorted(code for code, k in start.items() for _ in range(k))
        if colour == "C":
            items = multiset_minus(items, ["CAS"] * castles)
        seen = [
            sl["tile"]
            for depot in view["depots"]
            for sl in depot["slots"]
            if sl["tile"] is not None and sl["colour"] == colour
        ]
        seen = _known_gone(items, seen)
        items = multiset_minus(items, seen)
        gone = _known_gone(items, owned_normal[colour])
        items = multiset_minus(items, gone)
        supply[colour] = _counts(_draw_down(pick, items, drawn - len(seen) - len(gone)), list(start))
    black_drawn = phases_begun * D.BLACK_DEPOT_SIZE[n] - sum(1 for task in queued if task[0] == "black")
    items = sorted(code for code, k in D.BLACK_SUPPLY.items() for _ in range(k))
    seen = _known_gone(items, [t for t in view["black_depot"] if t is not None])
    items = multiset_minus(items, seen)
    gone = _known_gone(items, owned_black)
    items = multiset_minus(items, gone)
    bsupply = _counts(_draw_down(pick, items, black_drawn - len(seen) - len(gone)), list(D.BLACK_SUPPLY))

    in_sight = [0] * D.GOODS_KINDS
    for est in view["estates"]:
        for k in range(D.GOODS_KINDS):
            in_sight[k] += est["goods"][k] + est["sold"][k]
    for depot in view["depots"]:
        for g in depot["goods"]:
            in_sight[g - 1] += 1
    for g in view["round_goods"]:
        if g is not None:
            in_sight[g - 1] += 1
    for k, out in enumerate(view.get("goods_out") or []):
        in_sight[k] += out  # solo: lost after a ship or paid for a swap, known to everyone
    goods = [str(k + 1) for k in range(D.GOODS_KINDS) for _ in range(max(0, D.GOODS_PER_KIND - in_sight[k]))]
    hidden = view["goods_supply_hidden"]
    left = shuffled(goods, pick)[len(goods) - hidden :] if hidden <= len(goods) else goods
    gpool = [left.count(str(k + 1)) for k in range(D.GOODS_KINDS)]
    return supply, bsupply, gpool


def _player(est: dict[str, Any], cred: str) -> dict[str, Any]:
    spaces = est["spaces"]
    start = next((sp["i"] for sp in spaces if sp["start"]), -1)
    return {
        "board": est["board_id"],
        "label": est["board"],
        "est": [sp["tile"] for sp in spaces] if spaces else [None] * 37,
        "start": start,
        "store": list(est["storage"]),
        "goods": list(est["goods"]),
        "sold": list(est["sold"]),
        "silver": est["silver"],
        "workers": est["workers"],
        "vp": est["total_vp"],
        "bonus": list(est["bonus"]),
        "cred": cred,
        "dice": list(est["dice"]),
        "rolled": list(est["rolled"]),
        "played": est["played"],
    }


def sample_state(view: dict[str, Any], seat: int, pick: Pick) -> State:
    flow = view["flow"]
    supply, bsupply, gpool = _supplies(view, pick)
    return {
        "n": view["players"],
        "opt": dict(view["options"]),
        "status": view["status"],
        "phase": view["phase_index"],
        "round": view["round"],
        "queue": [list(t) for t in flow["queue"]],
        "step": flow["step"],
        "await": flow["await"],
        "depots": [[sl["tile"] for sl in depot["slots"]] for depot in view["depots"]],
        "dgoods": [list(depot["goods"]) for depot in view["depots"]],
        "black": list(view["black_depot"]),
        "rgoods": list(view["round_goods"]),
        "supply": supply,
        "bsupply": bsupply,
        "gpool": gpool,
        "gout": list(view.get("goods_out") or [0] * D.GOODS_KINDS),
        "track": [list(s) for s in flow["track"]],
        "order": list(flow["order"]),
        "turn": flow["turn"],
        "white": view["white_die"],
        "bought": flow["bought"],
        "stack": [dict(f) for f in flow["stack"]],
        "bonus": {c: list(v) for c, v in flow["bonus"].items()},
        "solo": dict(flow["solo"]) if flow["solo"] is not None else None,
        "last": list(view["last"]),
        "final": view["final"],
        "pl": [_player(est, cred) for est, cred in zip(view["estates"], flow["cred"], strict=True)],
    }
