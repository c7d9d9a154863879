"""``view(state, seat)``: the JSON a renderer and a player see (schema in ``VIEW.md``).

The game has no private information (reference §10), so every seat sees the public view; hidden
facts (future goods, removed goods, supply order) are not in the state at all, only counts.
"""

from __future__ import annotations

from typing import Any

from rules.burgundy import data as D
from rules.burgundy.state import State, current, empty_spaces, position, round_order, slot_colour
from rules.burgundy.texts import KNOWLEDGE_EFFECTS

TILE_COLOURS: dict[str, str] = {code: D.tile_colour(code) for code in (*D.ALL_TILES, D.JOKER)}
"""Every tile code → the estate colour it needs (``*`` for the solo joker): renderers read it from the view."""

_CHANCE_NAMES = {"board": "board", "goods": "goods", "rgood": "round_goods", "tile": "tile",
                 "black": "black", "die": "die", "white": "white"}


def _spaces(pl: dict[str, Any]) -> tuple[list[dict[str, Any]], float, float]:
    if not pl["board"]:
        return [], 0.0, 0.0
    board = D.BOARDS[pl["board"]]
    spaces = []
    for i in range(37):
        q, r, x, y = board.coords[i]
        spaces.append({"i": i, "colour": board.colour[i], "n": board.number[i], "q": q, "r": r, "x": x, "y": y,
                       "region": board.region[i], "tile": pl["est"][i], "start": i == pl["start"]})
    width = round(max(c[2] for c in board.coords) + 0.5, 3)
    height = round(max(c[3] for c in board.coords) + D.HEX_HALF_HEIGHT, 3)
    return spaces, width, height


def _estate(st: State, seat: int) -> dict[str, Any]:
    pl = st["pl"][seat]
    spaces, width, height = _spaces(pl)
    rivers = [list(p) for p in D.BOARDS[pl["board"]].rivers] if pl["board"] else []
    return {
        "seat": seat,
        "board": pl["label"],
        "board_id": pl["board"],
        "width": width,
        "height": height,
        "spaces": spaces,
        "rivers": rivers,
        "vp": st["solo"]["counter"] if st["solo"] is not None else pl["vp"],
        "silver": pl["silver"],
        "workers": pl["workers"],
        "dice": list(pl["dice"]),
        "rolled": list(pl["rolled"]),
        "storage": list(pl["store"]),
        "goods": list(pl["goods"]),
        "sold": list(pl["sold"]),
        "bonus": list(pl["bonus"]),
        "position": position(st, seat) if st["solo"] is None else 0,
        "empty": empty_spaces(pl),
        "played": pl["played"],
        "knowledge": sorted(t for t in pl["est"] if t is not None and t.startswith("K") and t[1:].isdigit()),
        "total_vp": pl["vp"],
    }


def _prompt(st: State) -> dict[str, Any] | None:
    if st["status"] == "over" or st["queue"]:
        return None
    if st["step"] in ("board", "castle"):
        return {"seat": st["await"], "kind": st["step"]}
    stack = st["stack"]
    if stack and stack[-1]["t"] == "P":
        f = stack[-1]
        out: dict[str, Any] = {"seat": f["seat"], "kind": f["kind"]}
        if f["tile"]:
            out["tile"] = f["tile"]
        if f["space"] >= 0:
            out["space"] = f["space"]
        return out
    return None


def _visible_tiles(st: State) -> set[str]:
    """Tile codes lying anywhere a player can see them: depots, black depot, storages, estates."""
    codes = {t for slots in st["depots"] for t in slots if t}
    codes |= {t for t in st["black"] if t}
    for pl in st["pl"]:
        codes |= set(pl["store"]) | {t for t in pl["est"] if t}
    return codes


def make_view(st: State, seat: int | None) -> dict[str, Any]:
    n = st["n"]
    solo = st["solo"] is not None
    phase = st["phase"]
    large, small = D.BONUS_VALUES.get(n, (0, 0))
    if st["status"] == "over":
        to_act: list[int] = []
    elif st["queue"]:
        to_act = [-1]
    elif st["step"] in ("board", "castle"):
        to_act = [st["await"]]
    else:
        to_act = [current(st)] if current(st) >= 0 else []
    drawn_phases = phase + (1 if st["status"] != "setup" else 0)
    stacks = {D.PHASES[p]: 5 for p in range(drawn_phases, len(D.PHASES))}
    seen = sum(sum(pl["goods"]) + sum(pl["sold"]) for pl in st["pl"])
    return {
        "game": "burgundy",
        "players": n,
        "seat": seat,
        "solo": solo,
        "options": dict(st["opt"]),
        "status": st["status"],
        "phase": D.PHASES[phase],
        "phase_index": phase,
        "round": st["round"],
        "round_total": phase * D.ROUNDS_PER_PHASE + st["round"],
        "to_act": to_act,
        "current": current(st) if current(st) >= 0 else None,
        "chance": _CHANCE_NAMES[st["queue"][0][0]] if st["queue"] and st["status"] != "over" else None,
        "white_die": st["white"],
        "turn_order": st["order"] if st["order"] else round_order(st),
        "track": [list(s) for s in st["track"]] if not solo else [[] for _ in range(D.TRACK_POSITIONS)],
        "depots": [
            {"n": d + 1,
             "slots": [{"slot": s + 1, "colour": slot_colour(st, d, s), "tile": t}
                       for s, t in enumerate(st["depots"][d])],
             "goods": list(st["dgoods"][d])}
            for d in range(6)
        ],
        "black_depot": list(st["black"]),
        "round_goods": list(st["rgoods"]),
        "goods_stacks": stacks,
        "goods_supply_hidden": sum(st["gpool"]),
        "goods_seen": seen,
        "goods_out": list(st.get("gout") or [0] * D.GOODS_KINDS),
        "bonus_tiles": {c: {"large": large if v[0] else None, "small": small if v[1] else None}
                        for c, v in st["bonus"].items()},
        "bonus_values": [0, 0] if solo else [large, small],
        "scores": [st["solo"]["counter"]] if solo else [pl["vp"] for pl in st["pl"]],
        "estates": [_estate(st, s) for s in range(n)],
        "prompt": _prompt(st),
        "last": st["last"],
        "final": st["final"],
        "solo_track": {"counter": st["solo"]["counter"], "target": st["solo"]["target"]} if solo else None,
        "tile_colours": dict(TILE_COLOURS),
        "knowledge_effects": {code: dict(KNOWLEDGE_EFFECTS[code])
                              for code in sorted(_visible_tiles(st)) if code in KNOWLEDGE_EFFECTS},
        # The rules' public bookkeeping (pending draws, prompts and continuations), so a full state
        # can be rebuilt from a view (``sample_state``); only the supplies' contents stay out.
        "flow": {key: st[key] for key in FLOW_KEYS} | {"cred": [pl["cred"] for pl in st["pl"]]},
    }


FLOW_KEYS = ("queue", "step", "await", "turn", "bought", "stack", "order", "track", "bonus", "solo")
