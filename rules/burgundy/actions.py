"""Executing a legal action on a cloned state (the checks live in ``moves``, turn ends in ``flow``)."""

from __future__ import annotations

from rules.burgundy import data as D
from rules.burgundy.effects import (
    Events,
    do_ship,
    gain_vp,
    place,
    sell,
    take_from_depot,
    take_workers,
    to_storage,
)
from rules.burgundy.notation import Action
from rules.burgundy.state import State, adjust_cost


def _use_die(pl: dict, d: int) -> None:
    pl["dice"].remove(d)


def do_main(st: State, seat: int, a: Action, ev: Events) -> None:
    """A main-state move other than ``pass`` (also ``buy`` during a prompt with the 2019 rules)."""
    pl = st["pl"][seat]
    verb = a[0]
    if verb == "adjust":
        cost = adjust_cost(pl, a[1], a[2])
        pl["workers"] -= cost
        pl["dice"][pl["dice"].index(a[1])] = a[2]
        ev.append({"kind": "adjust", "seat": seat, "from": a[1], "to": a[2], "cost": cost})
    elif verb == "take":
        _use_die(pl, a[1])
        take_from_depot(st, a[2], a[3])
        to_storage(st, seat, a[3], a[4], ev)
        ev.append({"kind": "take", "seat": seat, "tile": a[3], "depot": a[2], "die": a[1], "how": "die"})
    elif verb == "place":
        _use_die(pl, a[1])
        place(st, seat, a[3], a[4], ev, "die", a[2])
    elif verb == "sell":
        _use_die(pl, a[1])
        sell(st, seat, a[1], ev, "die")
    elif verb == "workers":
        _use_die(pl, a[1])
        take_workers(st, seat, ev, "die")
    elif verb == "buy":
        pl["silver"] -= D.PURCHASE_COST
        st["bought"] = True
        if a[1]:
            take_from_depot(st, a[1], a[2])
        else:
            st["black"][st["black"].index(a[2])] = None
        to_storage(st, seat, a[2], a[3], ev)
        ev.append({"kind": "buy", "seat": seat, "tile": a[2], "depot": a[1]})
    elif verb == "vp":
        pl["silver"] -= a[1]
        gain_vp(st, seat, a[1], "purchase", ev)


def answer_prompt(st: State, seat: int, a: Action, ev: Events, auto: bool = False) -> None:
    """Answer the prompt on top of the stack (it is popped first so nested prompts go above the rest)."""
    frame = st["stack"].pop()
    kind = frame["kind"]
    pl = st["pl"][seat]
    verb = a[0]
    if auto:
        ev.append({"kind": "auto", "seat": seat, "prompt": kind})
    if verb == "skip":
        ev.append({"kind": "skip", "seat": seat, "prompt": kind})
    elif verb == "take":
        take_from_depot(st, a[2], a[3])
        to_storage(st, seat, a[3], a[4], ev)
        ev.append({"kind": "take", "seat": seat, "tile": a[3], "depot": a[2], "die": 0, "how": "free"})
    elif verb == "place":
        place(st, seat, a[3], a[4], ev, "free", a[2])
    elif verb == "sell":
        sell(st, seat, a[1], ev, "free")
    elif verb == "workers":
        take_workers(st, seat, ev, "free")
    elif verb == "ship":
        do_ship(st, seat, a[1], a[2], ev)
    elif verb == "wgoods":
        sell(st, seat, a[1], ev, "warehouse")
    elif verb == "ctake":
        take_from_depot(st, a[1], a[2])
        to_storage(st, seat, a[2], a[3], ev)
        ev.append({"kind": "take", "seat": seat, "tile": a[2], "depot": a[1], "die": 0, "how": kind})
    elif verb == "cplace":
        if kind == "reward":
            st["black"][st["black"].index(a[1])] = None
        place(st, seat, a[1], a[2], ev, kind)
    elif verb == "swap":
        out = st.setdefault("gout", [0] * D.GOODS_KINDS)  # games saved before it was kept
        for k in a[2]:
            pl["goods"][int(k) - 1] -= 1
            out[int(k) - 1] += 1
        st["black"][st["black"].index(a[1])] = None
        to_storage(st, seat, D.JOKER, a[3], ev)
        ev.append({"kind": "swap", "seat": seat, "tile": a[1], "goods": a[2]})
