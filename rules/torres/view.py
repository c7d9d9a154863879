"""What each seat may see (§10): everything public, plus the owner's hand, deck lists and reveals.

Public per seat: score, stacks, knights, hand and deck sizes, and the cards played (all game in
``played``, this phase in ``played_phase``), so every adapter can show them without the state.
"""

from __future__ import annotations

from typing import Any

from rules.torres.actions import keep_pending, to_act
from rules.torres.board import castles
from rules.torres.data import COLOURS, KING, START_SQUARES, square_name
from rules.torres.flow import State, knights_in_supply, rounds_in_phase


def build_view(s: State, seat: int | None) -> dict[str, Any]:
    n = s["n"]
    t = s["t"]
    cs = castles(s["h"])
    hands_public = s["master_game"]
    seats = []
    for i, p in enumerate(s["ps"]):
        seats.append(
            {
                "colour": COLOURS[i],
                "score": p["score"],
                "stacks": p["stacks"],
                "turn_stack": t["stack"] if t is not None and s["cur"] == i else None,
                "knights_on_board": p["knights"],
                "knights_in_supply": knights_in_supply(s, i),
                "hand_size": len(p["hand"]),
                "hand": p["hand"] if hands_public or seat == i else None,
                "deck": {"top": len(p["top"]), "pool": len(p["pool"]), "bottom": len(p["bottom"])},
                "deck_size": len(p["top"]) + len(p["pool"]) + len(p["bottom"]),
                "played": p["played"],
                "played_phase": p["played"][p.get("phase_from", 0) :],
            }
        )
    view: dict[str, Any] = {
        "game": "torres",
        "players": n,
        "seat": seat,
        "options": {"cards": s["cards"], "master": s["master_game"], "ph3_split": s["split"]},
        "heights": s["h"],
        "figures": ["K" if f == KING else f for f in s["fig"]],
        "castles": cs.label,
        "castle_count": len(cs),
        "king": square_name(s["king"]) if s["king"] >= 0 else None,
        "stage": s["stage"],
        "phase": s["phase"],
        "round": s["round"],
        "rounds": rounds_in_phase(s),
        "start": s["start"],
        "current": s["cur"] if s["cur"] >= 0 else None,
        "to_act": to_act(s),
        "turn": None
        if t is None
        else {
            "ap": t["ap"],
            "stack": t["stack"],
            "draws": t["draws"],
            "played": t["played"],
            "placed": t["placed"],
            "revealing": t["need"] > 0 or keep_pending(s),
        },
        "supply": s["supply"],
        "shared_pool": len(s["pool"]) if s["cards"] == "shared" else None,
        "master": s["master"],
        "seats": seats,
        "last_scoring": s["last"],
        "over": s["stage"] == "over",
        "ranking": s["ranked"],
        "start_squares": [] if s["master_game"] else list(START_SQUARES),
    }
    if seat is not None and 0 <= seat < n:
        p = s["ps"][seat]
        mine_now = t is not None and s["cur"] == seat
        view["me"] = {
            "hand": p["hand"],
            "top": p["top"],
            "bottom": p["bottom"],
            "pool": p["pool"] if s["cards"] == "own" else [],
            "reveal": t["reveal"] if mine_now else [],
            "acquired": t["acq"] if mine_now else [],
        }
    return view
