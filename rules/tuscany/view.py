"""What each seat may see (reference §10).

Public: estates (once everyone has assembled), covered spaces, storage, the display, counts of
cards and stack tiles, marble, workers, tokens, bonus tiles, both score totals, discard piles.
Private to the owner: the hand of region cards, and their own assembly and start space while the
others are still choosing. Nobody sees a stack's contents or order, nor any deck order — not even
the owner of the stacks. The estate geometry (colour and area of each space) is part of the view
so renderers need nothing from the rules package.
"""

from __future__ import annotations

from typing import Any

from rules.tuscany import flow
from rules.tuscany.data import data
from rules.tuscany.estate import layout
from rules.tuscany.moves import to_act
from rules.tuscany.notation import payment_text, payments
from rules.tuscany.state import State, cards_in, empty_spaces, estate_of


def _geometry(version: str, estate: list[Any]) -> dict[str, Any]:
    lay = layout(version, tuple((b, bool(t), int(k)) for b, t, k in estate))
    return {
        "colours": dict(lay.colour),
        "areas": [list(v) for _, v in sorted(lay.areas.items())],
    }


def build_view(s: State, seat: int | None) -> dict[str, Any]:
    d = data(s["v"])
    assembled = all(p["estate"] is not None for p in s["ps"])
    started = all(p["start"] is not None for p in s["ps"])
    head = flow.head(s)
    seats = []
    for i, p in enumerate(s["ps"]):
        show_estate = p["estate"] is not None and (assembled or seat == i)
        seats.append(
            {
                "boards": sorted(p["boards"]),
                "ready": p["estate"] is not None
                if head is not None and head[:2] == ["wait", "assemble"]
                else None,
                "estate": p["estate"] if show_estate else None,
                "geometry": _geometry(s["v"], p["estate"]) if show_estate else None,
                "start": p["start"] if (started or seat == i) else None,
                "covered": dict(p["cov"]),
                "empty": empty_spaces(s, i) if assembled else None,
                "stacks": list(p["stacks"]),
                "storage": list(p["store"]),
                "capacity": flow.storage_cap(p),
                "fresh_tokens": p["fresh"],
                "hand_size": cards_in(p["hand"]),
                "marble": p["marble"],
                "workers": p["workers"],
                "bonus": dict(p["bonus"]),
                "green": p["green"],
                "red": p["red"],
            }
        )
    view: dict[str, Any] = {
        "game": "tuscany",
        "players": s["n"],
        "seat": seat,
        "data_version": s["v"],
        "options": dict(s["opts"]),
        "phase": s["phase"],
        "round": s["round"],
        "first": s["first"],
        "current": s["cur"] if s["phase"] == "play" else None,
        "to_act": to_act(s),
        "stage": s["turn"]["stage"] if s["turn"] else None,
        "marble_used": bool(s["turn"]["marble"]) if s["turn"] else False,
        "pending": head[0] if head else None,
        "trigger": s["trigger"],
        "final_left": s["final_left"],
        "display": list(s["display"]),
        "farm_types": {code: list(d.farm_types(code)) for code in _visible_tiles(s) if d.farm_types(code)},
        "neutral_left": len(s["neutral"]),
        "aside": list(s["aside"]),
        "box": list(s["box"]),
        "deck": cards_in(s["deck"]),
        "discard": dict(s["discard"]),
        "yield_deck": len(s["ydeck"]),
        "yield_discard": list(s["ydiscard"]),
        "supply": dict(s["supply"]),
        "colour_bonus": {c: {"side": s["cb"][c], "values": list(d.colour_bonus[c])} for c in s["cb"]},
        "seats": seats,
        "over": s["phase"] == "over",
        "result": s["result"],
        # The rules' public bookkeeping (pending steps, the turn's stage, the current seat), so a
        # full state can be rebuilt from a view (``sample_state``); it holds nothing hidden.
        "flow": {"tasks": [list(t) for t in s["tasks"]], "turn": s["turn"], "cur": s["cur"]},
    }
    if seat is not None and 0 <= seat < s["n"]:
        p = s["ps"][seat]
        view["me"] = {
            "hand": dict(p["hand"]),
            "estate": p["estate"],
            "start": p["start"],
            "payments": _payments(s, seat),
        }
    return view


def _visible_tiles(s: State) -> set[str]:
    tiles = {c for c in s["display"] if c}
    for p in s["ps"]:
        tiles.update(p["store"])
        tiles.update(p["cov"].values())
    return tiles


def _payments(s: State, seat: int) -> dict[str, list[str]]:
    """For each colour, how the owner could pay for a placement now (for ``/hand``)."""
    p = s["ps"][seat]
    if estate_of(p) is None:
        return {}
    return {c: [payment_text(u) for u in payments(p["hand"], p["workers"], c)] for c in "KCVFWMQT"}
