"""Game state layout and read-only queries.

The state is one JSON-like dict (see ``new_state``) so ``dumps``/``loads`` are plain JSON. ``clone``
deep-copies it with ``marshal`` (C speed, no I/O), which keeps ``apply`` side-effect free well within
the 2 ms budget; queries below never mutate.

Key fields: ``n`` players, ``opt`` resolved options, ``status`` (setup/play/over), ``phase`` 0-4,
``round`` 0-5, ``queue`` pending chance tasks (drawn one by one, so no hidden order is stored),
``step`` what the flow does once the queue is empty, ``depots``/``dgoods``/``black``/``rgoods`` the
central board, ``supply``/``bsupply``/``gpool`` the face-down supplies (counts only), ``track`` the
turn-order track (positions → seats bottom→top), ``order``/``turn`` this round's order and who is on,
``stack`` pending prompts and continuations of tile effects (top = last), ``pl`` the players.
"""

from __future__ import annotations

import marshal
from typing import Any

from rules.burgundy import data as D

State = dict[str, Any]


def clone(state: State) -> State:
    """A deep copy (the state holds only dicts, lists, str, int, bool and None)."""
    return marshal.loads(marshal.dumps(state))


def new_player(seat: int, solo: bool) -> dict[str, Any]:
    return {
        "board": "",
        "label": "?",
        "est": [None] * 37,
        "start": -1,
        "store": [],
        "goods": [0] * D.GOODS_KINDS,
        "sold": [0] * D.GOODS_KINDS,
        "silver": D.START_SILVER,
        "workers": D.SOLO_START_WORKERS if solo else seat + 1,
        "vp": 0,
        "bonus": [],
        "cred": "",
        "dice": [],
        "rolled": [],
        "played": False,
    }


def new_state(players: int, options: dict[str, Any]) -> State:
    solo = players == 1
    return {
        "n": players,
        "opt": options,
        "status": "setup",
        "phase": 0,
        "round": 0,
        "queue": [],
        "step": "",
        "await": -1,
        "depots": [[None] * D.SLOTS_IN_USE[players] for _ in range(6)],
        "dgoods": [[] for _ in range(6)],
        "black": [None] * D.BLACK_DEPOT_SIZE[players],
        "rgoods": [None] * D.ROUNDS_PER_PHASE,
        "supply": {c: dict(s) for c, s in D.NORMAL_SUPPLY.items()},
        "bsupply": dict(D.BLACK_SUPPLY),
        "gpool": [D.GOODS_PER_KIND] * D.GOODS_KINDS,
        "gout": [0] * D.GOODS_KINDS,
        "track": [] if solo else [list(range(players - 1, -1, -1))] + [[] for _ in range(D.TRACK_POSITIONS - 1)],
        "order": [],
        "turn": -1,
        "white": None,
        "bought": False,
        "stack": [],
        "bonus": {c: [not solo, not solo] for c in D.COLOURS},
        "solo": {"counter": 0, "target": D.SOLO_TARGET_START, "won": False} if solo else None,
        "last": [],
        "final": None,
        "pl": [new_player(s, solo) for s in range(players)],
    }


def board_of(pl: dict[str, Any]) -> D.Board:
    return D.BOARDS[pl["board"]]


def current(state: State) -> int:
    """Seat whose turn it is, or -1."""
    if state["turn"] < 0 or state["turn"] >= len(state["order"]):
        return -1
    return state["order"][state["turn"]]


def round_order(state: State) -> list[int]:
    """Turn order from the track: highest position first, top of a stack first (§4.3)."""
    if state["n"] == 1:
        return [0]
    order: list[int] = []
    for stack in reversed(state["track"]):
        order.extend(reversed(stack))
    return order


def position(state: State, seat: int) -> int:
    for pos, stack in enumerate(state["track"]):
        if seat in stack:
            return pos
    return 0


def has(pl: dict[str, Any], code: str) -> bool:
    """Whether ``code`` lies in the player's estate (knowledge tiles work only there)."""
    return code in pl["est"]


def slot_colour(state: State, depot: int, slot: int) -> str:
    """Colour of slot ``slot`` (0-based) of depot ``depot`` (0-based) in the current phase."""
    if state["n"] == 3 and depot == 5 and slot == 2:
        return D.THREE_PLAYER_D6_SLOT3[D.PHASES[state["phase"]]]
    return D.DEPOT_SLOTS[depot][slot]


def held_kinds(pl: dict[str, Any]) -> int:
    return sum(1 for c in pl["goods"] if c)


def empty_spaces(pl: dict[str, Any]) -> int:
    return sum(1 for t in pl["est"] if t is None) if pl["board"] else 37


def frontier(pl: dict[str, Any]) -> list[int]:
    """Empty spaces adjacent to an occupied one (where a new tile may go)."""
    est = pl["est"]
    nb = board_of(pl).neighbours
    return [i for i in range(37) if est[i] is None and any(est[j] is not None for j in nb[i])]


def building_clash(pl: dict[str, Any], code: str, space: int) -> bool:
    """True when the city of ``space`` already holds building ``code`` (and K01 is not owned)."""
    if code not in D.BUILDINGS or has(pl, "K01"):
        return False
    board = board_of(pl)
    est = pl["est"]
    return any(est[j] == code for j in board.regions[board.region[space]])


def fits(pl: dict[str, Any], code: str, space: int) -> bool:
    """Colour and building-type rules for ``code`` on empty ``space`` (number and adjacency aside)."""
    board = board_of(pl)
    if code != D.JOKER and D.tile_colour(code) != board.colour[space]:
        return False
    return not building_clash(pl, code, space)


def sell_vp(state: State) -> int:
    if state["n"] == 1:
        return int(state["opt"]["solo_sell_vp"])
    return D.SELL_VP[state["n"]]


def wrap_dist(a: int, b: int) -> int:
    d = abs(a - b)
    return min(d, 6 - d)


def worker_cost(dist: int, k08: bool) -> int:
    """Workers to move a die ``dist`` steps: one per step, or one per two steps with K08 (§5.4)."""
    return (dist + 1) // 2 if k08 else dist


def adjust_cost(pl: dict[str, Any], d: int, v: int) -> int:
    return worker_cost(wrap_dist(d, v), has(pl, "K08"))


def step_values(d: int) -> tuple[int, int]:
    """The two die values one free step away from ``d`` (6↔1 wrap)."""
    return (d % 6 + 1, (d - 2) % 6 + 1)
