"""Views (reference §10): everything public, plus the seat's own hand in its private view.

Never in any view: another player's hand (only its size), any personal stack (only its size), the
deck (only its size) and the cards under the goods/animal piles' tops (only the counts). The
private view (``me``) lists the hand and what each card can do now (with the player's workers).

Schema (additive changes only): ``game``, ``players``, ``seat``, ``solo``, ``options``, ``status``,
``round`` (``A``-``E``), ``round_index``, ``turn_in_round`` (1-6), ``order``, ``current``, ``to_act``,
``chance`` (what is being drawn), ``stage`` (``start``/``buy``/``pending``/``after``), ``pending``
(the question: ``q``, ``card``, ``options``), ``shown`` (purchased cards), ``deck``, ``discard``
(face up, oldest first), ``display`` (rows 1-6), ``piles`` (``top``, ``n``), ``bonus1`` (colours
whose "1." card is left), ``all7`` (stack, top first), ``sp`` (``holder``, ``q``), ``estates``
(one per seat, below), ``me`` (private view only), ``last``, ``final``, ``triple_vp`` (VP per
completed triple by colour, as configured), ``solo_target``, ``flow`` (the flow's public
bookkeeping, copied from the state so ``sample`` can rebuild it: ``queue`` — pending chance tasks,
which name seats, rows and piles but never a card —, ``step``, ``await``, ``tidx``, ``start``,
``dealt``, ``turn`` (``seat``, ``played``, ``buys``, ``shown``) and the effect ``stack``, whose frames
hold only cards already shown to everyone: taken, kept, built or played).
An estate: ``hand`` (count), ``stack`` (count), ``proj``, ``est`` (colour → cards), ``silver``,
``workers``, ``goods``, ``animals``, ``sold``, ``vp_cards``, ``bonus``, ``all7``, ``score`` (running
breakdown), ``storage``.
"""

from __future__ import annotations

from typing import Any

from rules.burgundy_cards import data as D
from rules.burgundy_cards.moves import ask_options, reachable, stage, valued_actions
from rules.burgundy_cards.notation import fmt
from rules.burgundy_cards.scoring import breakdown
from rules.burgundy_cards.state import State, clone, current, die, storage_cards, supply
from rules.core import CHANCE

FLOW_KEYS = ("queue", "step", "await", "tidx", "start", "dealt", "turn", "stack")
"""State fields that are public bookkeeping of the flow (reference §10: none of them names a hidden card)."""


def _estate(st: State, seat: int) -> dict[str, Any]:
    pl = st["pl"][seat]
    return {
        "seat": seat,
        "hand": len(pl["hand"]),
        "stack": len(pl["stack"]),
        "proj": list(pl["proj"]),
        "est": {c: list(pl["est"][c]) for c in D.COLOURS},
        "silver": pl["silver"],
        "workers": pl["workers"],
        "goods": list(pl["goods"]),
        "animals": list(pl["animals"]),
        "sold": list(pl["sold"]),
        "vp_cards": pl["vp"],
        "bonus": list(pl["bonus"]),
        "all7": pl["all7"],
        "turns": pl["turns"],
        "score": breakdown(st, seat),
        "storage": storage_cards(pl),
    }


def hand_uses(st: State, seat: int) -> list[dict[str, Any]]:
    """For each hand card: its die and, per reachable value, what it can take/build/sell now."""
    pl = st["pl"][seat]
    out = []
    for slot, card in enumerate(pl["hand"], 1):
        uses = []
        for adj, value in reachable(pl, die(st, card)):
            acts = valued_actions(st, pl, value)
            uses.append({
                "adj": adj,
                "value": value,
                "take": [a[1] for a in acts if a[0] == "take"],
                "build": [a[1] for a in acts if a[0] == "build"],
                "sell": D.SELL_KIND[value] if ("sell",) in acts else None,
            })
        out.append({"slot": slot, "card": card, "die": die(st, card), "colour": D.colour(card), "uses": uses})
    return out


def build_view(st: State, seat: int | None, to_act: list[int]) -> dict[str, Any]:
    cur = current(st)
    where = stage(st)
    pending = None
    if where == "pending":
        frame = st["stack"][-1]
        pending = {"q": frame["q"], "card": frame.get("card"), "seat": cur,
                   "options": sorted(fmt(a) for a in ask_options(st, frame))}
    view: dict[str, Any] = {
        "game": "burgundy_cards",
        "players": st["n"],
        "seat": seat,
        "solo": st["n"] == 1,
        "options": dict(st["opt"]),
        "status": st["status"],
        "round": D.ROUND_CARDS[st["round"]][1],
        "round_index": st["round"],
        "turn_in_round": min(D.TURNS_PER_ROUND, st["tidx"] // st["n"] + 1),
        "order": list(st["order"]),
        "current": cur if cur >= 0 else None,
        "to_act": to_act,
        "chance": st["queue"][0][0] if st["queue"] and to_act == [CHANCE] else None,
        "stage": where,
        "pending": pending,
        "shown": list(st["turn"]["shown"] or []) if st["turn"] else [],
        "deck": len(st["deck"]),
        "discard": list(st["discard"]),
        "display": [list(r) for r in st["display"]],
        "piles": {p: {"top": v["top"], "n": v["n"]} for p, v in st["piles"].items()},
        "bonus1": list(st["bonus1"]),
        "all7": list(st["all7"]),
        "sp": dict(st["sp"]) if st["sp"] else None,
        "estates": [_estate(st, s) for s in range(st["n"])],
        "me": None,
        "last": list(st["last"]),
        "final": st["final"],
        "triple_vp": dict(D.TRIPLE_VP[st["opt"]["triple_vp"]]),
        "solo_target": int(st["opt"]["solo_target"]) if st["n"] == 1 else None,
        # With ``supply_limits=cards`` what is left of the silver and worker cards (None: unlimited).
        "supply": None if supply(st, "silver") is None else {w: supply(st, w) for w in ("silver", "workers")},
        "flow": clone({key: st[key] for key in FLOW_KEYS}),
    }
    if seat is not None and 0 <= seat < st["n"]:
        view["me"] = {"seat": seat, "hand": list(st["pl"][seat]["hand"]), "uses": hand_uses(st, seat)}
    return view
