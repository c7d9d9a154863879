"""A full card-game state consistent with a seat's view, for the AI (``Game.sample_state``).

What no seat sees (reference §10) is where the unseen action cards are — the deck, the other
players' hands and every personal stack, the seat's own included — and which goods and animal cards
lie under the piles' tops. The state stores all of these as unordered sets, so a sample only has to
decide *which* cards are where: the unseen action cards are every card of the die table less those
in sight (own hand, display, discard, purchased cards, Projects, Estates and cards in the effect
stack), dealt by ``pick`` into the other hands, the stacks and the deck in the sizes the view gives.
The goods and animals under the tops are exactly the ones not in sight, so they need no draw.

The sample is uniform over the placements the view allows; it does not weigh them by what the
other players' past choices suggest about their hands.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.burgundy_cards import data as D
from rules.burgundy_cards.state import State, clone
from rules.core import multiset_minus, shuffled

Pick = Callable[[list[Any]], Any]


def _action_cards_in_sight(view: dict[str, Any]) -> list[str]:
    """Every action card the view places: a card is in exactly one of these places or unseen."""
    seen: list[str] = list(view["me"]["hand"]) if view["me"] else []
    seen += view["discard"]
    seen += [card for row in view["display"] for card in row]
    seen += view["shown"]
    for est in view["estates"]:
        seen += est["proj"]
        seen += [card for colour in D.COLOURS for card in est["est"][colour]]
    # "proj" and "enter" frames carry a card between places; "ask" frames only name one placed elsewhere.
    seen += [frame["card"] for frame in view["flow"]["stack"] if frame["k"] in ("proj", "enter")]
    return seen


def _unseen(view: dict[str, Any]) -> list[str]:
    """The die table's cards less those in sight; ``multiset_minus``'s error if one is not there.

    The table's codes are distinct, so when every card in sight is a distinct table card a set
    difference gives the same cards (the AI samples a state per search iteration); otherwise
    ``multiset_minus`` runs and raises as it always did."""
    table = D.DIE_TABLES[view["options"]["die_table"]]
    seen = _action_cards_in_sight(view)
    try:
        left = set(table)
        left.difference_update(seen)
        if len(table) - len(left) == len(seen):
            return sorted(left)
    except TypeError:
        pass
    return sorted(multiset_minus(sorted(table), seen))


def _under_tops(view: dict[str, Any], codes: tuple[str, ...], piles: tuple[str, str], field: str) -> list[str]:
    """The goods (or animals) under the piles' tops: all of that kind less the ones in sight."""
    seen = [view["piles"][p]["top"] for p in piles if view["piles"][p]["top"] is not None]
    for est in view["estates"]:
        seen += est[field]
        if field == "goods":
            seen += est["sold"]
    return sorted(multiset_minus(list(codes), seen))


def _player(est: dict[str, Any], hand: list[str], stack: list[str]) -> dict[str, Any]:
    return {
        "hand": hand,
        "stack": sorted(stack),
        "proj": list(est["proj"]),
        "est": {c: list(est["est"][c]) for c in D.COLOURS},
        "silver": est["silver"],
        "workers": est["workers"],
        "goods": list(est["goods"]),
        "animals": list(est["animals"]),
        "sold": list(est["sold"]),
        "vp": est["vp_cards"],
        "bonus": list(est["bonus"]),
        "all7": est["all7"],
        "turns": est["turns"],
    }


def sample_state(view: dict[str, Any], seat: int, pick: Pick) -> State:
    """A state giving ``seat`` exactly ``view``; the unseen action cards are placed by ``pick``.

    Raises ``ValueError`` when ``view`` is not ``seat``'s private view or its card counts do not
    add up (a view that no state of this game can show).
    """
    if view["me"] is None or view["me"]["seat"] != seat:
        raise ValueError(f"burgundy_cards: the view is not seat {seat}'s private view")
    n = view["players"]
    estates = view["estates"]
    unseen = shuffled(_unseen(view), pick)
    wanted = view["deck"] + sum(e["stack"] for e in estates) + sum(e["hand"] for s, e in enumerate(estates) if s != seat)
    if wanted != len(unseen):
        raise ValueError(f"burgundy_cards: the view hides {wanted} action cards but {len(unseen)} are unseen")

    def take(k: int) -> list[str]:
        out = unseen[:k]
        del unseen[:k]
        return out

    hands = [list(view["me"]["hand"]) if s == seat else take(estates[s]["hand"]) for s in range(n)]
    stacks = [take(estates[s]["stack"]) for s in range(n)]
    flow = clone(view["flow"])
    return {
        "n": n,
        "opt": dict(view["options"]),
        "status": view["status"],
        "queue": flow["queue"],
        "step": flow["step"],
        "await": flow["await"],
        "deck": sorted(unseen),
        "discard": list(view["discard"]),
        "display": [list(r) for r in view["display"]],
        "piles": {p: {"top": v["top"], "n": v["n"]} for p, v in view["piles"].items()},
        "hidden": {
            "goods": _under_tops(view, D.GOODS_CODES, ("g1", "g2"), "goods"),
            "animals": _under_tops(view, D.ANIMAL_CODES, ("a1", "a2"), "animals"),
        },
        "bonus1": list(view["bonus1"]),
        "all7": list(view["all7"]),
        "round": view["round_index"],
        "order": list(view["order"]),
        "tidx": flow["tidx"],
        "start": flow["start"],
        "sp": dict(view["sp"]) if view["sp"] else None,
        "turn": flow["turn"],
        "stack": flow["stack"],
        "dealt": flow["dealt"],
        "last": clone(view["last"]),
        "final": clone(view["final"]),
        "pl": [_player(estates[s], hands[s], stacks[s]) for s in range(n)],
    }
