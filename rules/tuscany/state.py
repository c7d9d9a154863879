"""The game state: plain JSON values, so ``dumps``/``loads`` are lossless and copies are cheap.

No hidden order exists in the state (design: "model a shuffle as successive draws"): a player's
unrevealed tiles are a pool plus three stack sizes (the stacks were dealt at random, so the next
tile of the leftmost stack is a uniform draw from the pool); the region deck is a count per
colour; the yield deck and the neutral stack are pools. Each reveal is a chance step.

Top-level keys:
  v        data_version (stored so later data corrections never alter this game)
  n, opts  player count and resolved options
  phase    "setup" | "play" | "over"
  first    seat that starts (the rulebook's "seat 1")
  ps       per seat: see ``new_player``
  display  8 slots: tile code or None
  neutral  unrevealed neutral tiles (pool); aside, box: tiles out of the game (public)
  deck, discard   region cards: colour → count
  ydeck, ydiscard yield cards: codes
  supply   square bonus tiles left per type;  cb: colour → 0 (side 1 up), 1 (side 2 up), 2 (gone)
  round, cur, turn, trigger, final_left   turn and round-end bookkeeping (see ``flow``)
  tasks    the queue of pending steps: chance steps, decisions and automatic effects
  result   final ranking once over
"""

from __future__ import annotations

import json
from typing import Any

from rules.tuscany.data import (
    BONUS_TYPES,
    COLOURS,
    DISPLAY_SLOTS,
    LETTERS,
    STACK_SIZE,
    STACKS,
    data,
)
from rules.tuscany.estate import Layout, Placement, layout

State = dict[str, Any]
Player = dict[str, Any]


def new_player(version: str, seat: int) -> Player:
    d = data(version)
    return {
        "boards": [],  # dealt board ids, A B C
        "estate": None,  # [[id, turned, shift] × 3] once assembled
        "start": None,  # chosen start space (hidden until everyone chose)
        "cov": {},  # space → tile code / "hex" / start castle code
        "pool": sorted(d.set_codes(seat)),
        "stacks": [STACK_SIZE] * STACKS,
        "store": [],
        "fresh": 0,  # hex tokens in storage gained this turn (Q22)
        "hand": {c: 0 for c in COLOURS},
        "marble": 0,
        "workers": 0,
        "bonus": {t: 0 for t in BONUS_TYPES},
        "green": 0,
        "red": 0,
    }


def new_state(players: int, opts: dict[str, Any]) -> State:
    version = opts["data_version"]
    d = data(version)
    tasks: list[list[Any]] = [["first"]]
    for seat in range(players):
        if opts["boards"] == "preset":
            tasks.append(["preset", seat])
        else:
            tasks += [["board", seat, letter] for letter in LETTERS]
    tasks += [["card", seat, 5] for seat in range(players)]
    tasks += [["wait", "assemble"], ["wait", "start"], ["bonuses"]]
    tasks += [["fill", slot, -1] for slot in range(DISPLAY_SLOTS)]
    tasks += [["check5"], ["begin"]]
    return {
        "v": version,
        "n": players,
        "opts": dict(opts),
        "phase": "setup",
        "first": 0,
        "ps": [new_player(version, seat) for seat in range(players)],
        "display": [None] * DISPLAY_SLOTS,
        "neutral": sorted(d.neutral),
        "aside": [],
        "box": [],
        "deck": dict(d.region_cards),
        "discard": {c: 0 for c in COLOURS},
        "ydeck": sorted(d.yield_cards),
        "ydiscard": [],
        "supply": {t: d.bonus_supply for t in BONUS_TYPES},
        "cb": {c: 0 for c in COLOURS},
        "round": 1,
        "cur": 0,
        "turn": None,
        "trigger": None,
        "final_left": None,
        "tasks": tasks,
        "result": None,
    }


def copy(s: State) -> State:
    """A deep copy, container by container (three times faster than a JSON round trip).

    Every mutable container of the state is listed here; ``tests`` check that ``apply`` never
    changes its input, so a container added to the state without a line here is caught.
    """
    t = dict(s)
    t["opts"] = dict(s["opts"])
    t["ps"] = [_copy_player(p) for p in s["ps"]]
    for key in ("display", "neutral", "aside", "box", "ydeck", "ydiscard"):
        t[key] = list(s[key])
    for key in ("deck", "discard", "supply", "cb"):
        t[key] = dict(s[key])
    t["tasks"] = [list(task) for task in s["tasks"]]
    t["turn"] = dict(s["turn"]) if s["turn"] is not None else None
    t["result"] = json.loads(json.dumps(s["result"])) if s["result"] is not None else None
    return t


def _copy_player(p: Player) -> Player:
    q = dict(p)
    q["boards"] = list(p["boards"])
    q["estate"] = [list(b) for b in p["estate"]] if p["estate"] is not None else None
    for key in ("cov", "hand", "bonus"):
        q[key] = dict(p[key])
    for key in ("pool", "stacks", "store"):
        q[key] = list(p[key])
    return q


def estate_of(p: Player) -> tuple[Placement, ...] | None:
    if p["estate"] is None:
        return None
    return tuple((b, bool(t), int(k)) for b, t, k in p["estate"])


def lay(s: State, seat: int) -> Layout:
    """The assembled estate of ``seat`` (only called once it exists)."""
    est = estate_of(s["ps"][seat])
    assert est is not None
    return layout(s["v"], est)


def order(s: State) -> list[int]:
    """Seats in turn order, from the start player."""
    return [(s["first"] + i) % s["n"] for i in range(s["n"])]


def next_seat(s: State, seat: int) -> int:
    return (seat + 1) % s["n"]


def cards_in(counts: dict[str, int]) -> int:
    return sum(counts.values())


def empty_spaces(s: State, seat: int) -> int:
    p = s["ps"][seat]
    if p["estate"] is None:
        return 0
    return len(lay(s, seat).colour) - len(p["cov"])


def colour_of(code: str) -> str:
    """The colour letter of a tile code (``1V3`` → ``V``; a start castle ``1S`` → ``K``)."""
    letter = code[1]
    return "K" if letter == "S" else letter
