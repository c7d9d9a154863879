"""A full Tuscany state consistent with one seat's view, for the AI (``Game.sample_state``).

Almost everything is public or follows from what is public: a player's unrevealed tiles are their
set minus every tile in sight, the neutral stack likewise, the yield deck is every yield card not in
its discard. What a seat cannot know is the colours of other players' region cards (and so of the
region deck), and, during setup, the estate or start space another player has already chosen in
secret. Card colours are dealt by ``pick`` from the colours not accounted for; a secret choice is
replayed as one of that player's legal choices, drawn by ``pick``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.core import multiset_minus, shuffled
from rules.tuscany import moves
from rules.tuscany.data import COLOURS, data
from rules.tuscany.state import State

Pick = Callable[[list[Any]], Any]


def _visible_codes(view: dict[str, Any]) -> set[str]:
    seen = {c for c in view["display"] if c}
    seen.update(view["aside"])
    seen.update(view["box"])
    for pv in view["seats"]:
        seen.update(pv["storage"])
        seen.update(pv["covered"].values())
    return seen


def sample_state(view: dict[str, Any], seat: int, pick: Pick) -> State:
    d = data(view["data_version"])
    seen = _visible_codes(view)
    me = view.get("me") or {}
    flow = view["flow"]

    unknown = [c for c in COLOURS for _ in range(d.region_cards[c])]
    unknown = multiset_minus(unknown, [c for c, k in view["discard"].items() for _ in range(k)])
    unknown = multiset_minus(unknown, [c for c, k in me.get("hand", {}).items() for _ in range(k)])
    unknown = shuffled(unknown, pick)

    ps = []
    secret: list[tuple[int, str]] = []
    for i, pv in enumerate(view["seats"]):
        if i == seat:
            hand = dict(me["hand"])
            estate, start = me["estate"], me["start"]
        else:
            part, unknown = unknown[: pv["hand_size"]], unknown[pv["hand_size"] :]
            hand = {c: part.count(c) for c in COLOURS}
            estate, start = pv["estate"], pv["start"]
            if pv["ready"] and estate is None:
                secret.append((i, "estate"))
            elif estate is not None and start is None and _choosing_start(flow, view) and _chose(view, i):
                secret.append((i, "start"))
        ps.append(
            {
                "boards": list(pv["boards"]),
                "estate": [list(b) for b in estate] if estate is not None else None,
                "start": start,
                "cov": dict(pv["covered"]),
                "pool": sorted(c for c in d.set_codes(i) if c not in seen),
                "stacks": list(pv["stacks"]),
                "store": list(pv["storage"]),
                "fresh": pv["fresh_tokens"],
                "hand": hand,
                "marble": pv["marble"],
                "workers": pv["workers"],
                "bonus": dict(pv["bonus"]),
                "green": pv["green"],
                "red": pv["red"],
            }
        )
    deck = {c: unknown.count(c) for c in COLOURS}
    ydeck = multiset_minus(sorted(d.yield_cards), view["yield_discard"])
    state: State = {
        "v": view["data_version"],
        "n": view["players"],
        "opts": dict(view["options"]),
        "phase": "over" if view["over"] else view["phase"],
        "first": view["first"],
        "ps": ps,
        "display": list(view["display"]),
        "neutral": sorted(c for c in d.neutral if c not in seen),
        "aside": list(view["aside"]),
        "box": list(view["box"]),
        "deck": deck,
        "discard": dict(view["discard"]),
        "ydeck": ydeck,
        "ydiscard": list(view["yield_discard"]),
        "supply": dict(view["supply"]),
        "cb": {c: v["side"] for c, v in view["colour_bonus"].items()},
        "round": view["round"],
        "cur": flow["cur"],
        "turn": dict(flow["turn"]) if flow["turn"] is not None else None,
        "trigger": view["trigger"],
        "final_left": view["final_left"],
        "tasks": [list(t) for t in flow["tasks"]],
        "result": view["result"],
    }
    for i, _what in secret:
        legal = moves.legal(state, i)
        state, _ = moves.apply(state, i, pick(legal))
    return state


def _choosing_start(flow: dict[str, Any], view: dict[str, Any]) -> bool:
    return bool(flow["tasks"]) and flow["tasks"][0][:2] == ["wait", "start"]


def _chose(view: dict[str, Any], seat: int) -> bool:
    """Whether ``seat`` has already chosen its start space (it is no longer asked)."""
    return seat not in view["to_act"]
