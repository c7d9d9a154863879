"""A full Torres state consistent with one seat's view, for the AI (``Game.sample_state``).

Everything on the board is public; what a seat cannot see is other players' cards: their hands
(except in the master game), the order and content of their decks (own decks), the shared pool,
and the cards another player is looking at mid-turn. Those are drawn from the cards not yet
accounted for. Counters the view leaves out (``idx``, ``placed``, ``offered``, ``phase_from``)
follow from the stage, as the flow sets them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.core import CHANCE, multiset_minus, shuffled
from rules.torres.data import CARDS, EMPTY, KING, REVEAL_COUNT, SHARED_COPIES, parse_square
from rules.torres.flow import State

Pick = Callable[[list[Any]], Any]


def sample_state(view: dict[str, Any], seat: int, pick: Pick) -> State:
    n = view["players"]
    opts = view["options"]
    master_game = bool(opts["master"])
    cards = "none" if master_game else opts["cards"]
    stage = view["stage"]
    cur = view["current"] if view["current"] is not None else -1
    start = view["start"]
    fig = [KING if f == "K" else f for f in view["figures"]]
    me = view.get("me")
    turn = view["turn"]
    mine_now = turn is not None and cur == seat
    ps = []
    for i, pv in enumerate(view["seats"]):
        p = {
            "score": pv["score"],
            "stacks": list(pv["stacks"]),
            "hand": list(pv["hand"]) if pv["hand"] is not None else [],
            "top": [],
            "pool": [],
            "bottom": [],
            "played": list(pv["played"]),
            "phase_from": len(pv["played"]) - len(pv["played_phase"]),
            "knights": pv["knights_on_board"],
        }
        if i == seat and me is not None:
            p["hand"], p["top"], p["bottom"] = list(me["hand"]), list(me["top"]), list(me["bottom"])
            p["pool"] = list(me["pool"])
        ps.append(p)

    shared_pool: list[str] = []
    reveal = list(me["reveal"]) if mine_now and me is not None else []
    if cards == "shared":
        unknown = sorted(c for c in CARDS for _ in range(SHARED_COPIES))
        for i, p in enumerate(ps):
            unknown = multiset_minus(unknown, p["played"])
            if i == seat:
                unknown = multiset_minus(unknown, p["hand"] + p["top"] + p["bottom"] + reveal)
        unknown = shuffled(unknown, pick)
        for i, (p, pv) in enumerate(zip(ps, view["seats"], strict=True)):
            if i != seat:
                p["hand"], unknown = sorted(unknown[: pv["hand_size"]]), unknown[pv["hand_size"] :]
        shared_pool = sorted(unknown)
    elif cards == "own":
        for i, (p, pv) in enumerate(zip(ps, view["seats"], strict=True)):
            if i == seat:
                continue
            unknown = shuffled(multiset_minus(sorted(CARDS), p["played"]), pick)
            deck = pv["deck"]
            parts = []
            for size in (pv["hand_size"], deck["top"], deck["bottom"], deck["pool"]):
                parts.append(unknown[:size])
                unknown = unknown[size:]
            p["hand"], p["top"], p["bottom"], p["pool"] = sorted(parts[0]), parts[1], parts[2], sorted(parts[3])
            if i == cur:
                reveal = unknown  # the cards this player is looking at now
    need = 0
    if turn is not None and view["to_act"] == [CHANCE]:
        if cards == "shared":
            need = 1
        else:
            deck = view["seats"][cur]["deck_size"]
            need = min(REVEAL_COUNT, deck + len(reveal)) - len(reveal)

    t = None
    if turn is not None:
        t = {
            "ap": turn["ap"],
            "stack": turn["stack"],
            "draws": turn["draws"],
            "played": turn["played"],
            "acq": list(me["acquired"]) if mine_now and me is not None else [],
            "reveal": reveal,
            "need": need,
            "placed": turn["placed"],
        }
    if stage == "build":
        placed = sum(1 for x in view["heights"] if x >= 1)
    elif stage == "place":
        placed = sum(1 for f in fig if f != EMPTY)
    elif stage in ("first",):
        placed = 0
    else:
        placed = n
    king = parse_square(view["king"]) if view["king"] is not None else None
    return {
        "n": n,
        "cards": cards,
        "master_game": master_game,
        "split": opts["ph3_split"],
        "h": list(view["heights"]),
        "fig": fig,
        "king": king if king is not None else -1,
        "stage": stage,
        "phase": view["phase"],
        "round": view["round"],
        "start": start,
        "idx": (cur - start) % n if stage == "turn" and cur >= 0 else 0,
        "cur": cur,
        "placed": placed,
        "supply": view["supply"],
        "pool": shared_pool,
        "master": view["master"],
        "ps": ps,
        "t": t,
        "last": view["last_scoring"],
        "ranked": view["ranking"],
        "offered": cur if stage == "king" else -1,
    }
