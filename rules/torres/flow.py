"""The shape of a game: setup, turns, rounds, phases, scoring passes and the King move (§3, §4).

The state is a plain JSON-like dict. Functions named ``*_`` with a trailing underscore mutate the
(already copied) state they get; ``apply`` copies once and then calls them, so the caller's
state is never touched.
"""

from __future__ import annotations

from typing import Any

from rules.core import Event
from rules.torres.board import castles
from rules.torres.data import (
    AP_PER_TURN,
    CARDS,
    EMPTY,
    KNIGHTS_PER_PLAYER,
    PHASES,
    SHARED_COPIES,
    SQUARES,
    STACK_CAP,
    START_CASTLES,
    START_SQUARES,
    TOTAL_BLOCKS,
    parse_square,
    rounds_for,
    stacks_for,
)
from rules.torres.scoring import advance, castle_points, king_bonus, master_points

State = dict[str, Any]


def new_state(players: int, options: dict[str, Any]) -> State:
    """Setup up to the first chance step (§3): stacks dealt, decks formed, start castles built."""
    master = bool(options["master"])
    split = str(options.get("ph3_split", ""))
    first_stacks = list(stacks_for(players, split)[0])
    h = [0] * SQUARES
    if not master:
        for name in START_SQUARES:
            sq = parse_square(name)
            assert sq is not None
            h[sq] = 1
    own = options["cards"] == "own" and not master
    shared = options["cards"] == "shared" and not master
    seats = []
    for _ in range(players):
        seats.append(
            {
                "score": 0,
                "stacks": sorted(first_stacks, reverse=True),
                "hand": sorted(CARDS) if master else [],
                "top": [],
                "pool": sorted(CARDS) if own else [],
                "bottom": [],
                "played": [],
                "phase_from": 0,
                "knights": 0,
            }
        )
    return {
        "n": players,
        "cards": "none" if master else str(options["cards"]),
        "master_game": master,
        "split": split,
        "h": h,
        "fig": [EMPTY] * SQUARES,
        "king": -1,
        "stage": "first",
        "phase": 1,
        "round": 1,
        "start": 0,
        "idx": 0,
        "cur": -1,
        "placed": 0,
        "supply": TOTAL_BLOCKS - (0 if master else START_CASTLES) - sum(first_stacks) * players,
        "pool": sorted(c for c in CARDS for _ in range(SHARED_COPIES)) if shared else [],
        "master": None,
        "ps": seats,
        "t": None,
        "last": None,
        "ranked": None,
        "offered": -1,
    }


def copy_state(s: State) -> State:
    """A copy deep enough that mutating it never shows in ``s`` (lists and dicts inside)."""
    out = dict(s)
    out["h"] = s["h"][:]
    out["fig"] = s["fig"][:]
    out["pool"] = s["pool"][:]
    out["ps"] = [{k: (v[:] if isinstance(v, list) else v) for k, v in p.items()} for p in s["ps"]]
    if s["t"] is not None:
        out["t"] = {k: (v[:] if isinstance(v, list) else v) for k, v in s["t"].items()}
    return out


def next_seat(s: State, seat: int) -> int:
    return (seat + 1) % s["n"]


def rounds_in_phase(s: State) -> int:
    return rounds_for(s["n"], s["split"], s["phase"])


def round_order(s: State) -> list[int]:
    return [(s["start"] + i) % s["n"] for i in range(s["n"])]


# ---- setup --------------------------------------------------------------------------------------
def after_first_(s: State, seat: int) -> None:
    s["start"] = seat
    s["cur"] = seat
    s["placed"] = 0
    s["stage"] = "build" if s["master_game"] else "place"


def after_build_(s: State) -> None:
    s["placed"] += 1
    if s["placed"] >= START_CASTLES:
        s["placed"] = 0
        s["stage"] = "place"
        s["cur"] = s["start"]
    else:
        s["cur"] = next_seat(s, s["cur"])


def after_place_(s: State) -> None:
    s["placed"] += 1
    if s["placed"] >= s["n"]:
        s["stage"] = "crown"  # the last placer keeps ``cur`` and places the King
    else:
        s["cur"] = next_seat(s, s["cur"])


def after_crown_(s: State) -> None:
    if s["master_game"]:
        s["stage"] = "master"
        s["cur"] = -1
    else:
        begin_turn_(s, s["start"])


def after_master_(s: State) -> None:
    begin_turn_(s, s["start"])


# ---- turns ----------------------------------------------------------------------------------------
def begin_turn_(s: State, seat: int) -> None:
    """5 AP; the largest stack becomes the turn stack, the rest are reserves (§5.5, D6)."""
    p = s["ps"][seat]
    stacks = sorted(p["stacks"], reverse=True)
    turn_stack = stacks.pop(0) if stacks else 0
    p["stacks"] = stacks
    s["stage"] = "turn"
    s["cur"] = seat
    s["t"] = {
        "ap": AP_PER_TURN,
        "stack": turn_stack,
        "draws": 0,
        "played": None,
        "acq": [],
        "reveal": [],
        "need": 0,
        "placed": 0,
    }


def redistribute_(s: State, seat: int, leftover: int) -> int:
    """Leftover blocks fill the largest reserve below 3, one at a time; returns those sent back."""
    stacks = s["ps"][seat]["stacks"]
    returned = 0
    for _ in range(leftover):
        open_ = [i for i, v in enumerate(stacks) if v < STACK_CAP]
        if not open_:
            returned += 1
            continue
        best = max(open_, key=lambda i: stacks[i])
        stacks[best] += 1
    stacks.sort(reverse=True)
    s["supply"] += returned
    return returned


def end_turn_(s: State, events: list[Event]) -> None:
    seat = s["cur"]
    t = s["t"]
    returned = redistribute_(s, seat, t["stack"])
    events.append({"kind": "end", "seat": seat, "lost_ap": t["ap"], "returned": returned})
    s["t"] = None
    s["idx"] += 1
    if s["idx"] < s["n"]:
        begin_turn_(s, (s["start"] + s["idx"]) % s["n"])
        return
    if s["round"] < rounds_in_phase(s):
        s["round"] += 1
        s["idx"] = 0
        if s["master_game"]:
            s["start"] = master_start(s, s["start"])
        events.append({"kind": "round", "phase": s["phase"], "round": s["round"], "start": s["start"]})
        begin_turn_(s, s["start"])
        return
    end_phase_(s, events)


def master_start(s: State, current: int) -> int:
    """The highest scorer starts (master, D20); with everyone on 0 the start player stays."""
    scores = [p["score"] for p in s["ps"]]
    top = max(scores)
    return current if top == 0 else scores.index(top)


# ---- phase end ------------------------------------------------------------------------------------
def end_phase_(s: State, events: list[Event]) -> None:
    """The castle, King and master passes in the last round's order, then the King move (§4.3)."""
    phase = s["phase"]
    order = round_order(s)
    h, fig = s["h"], s["fig"]
    cs = castles(h)
    scores = [p["score"] for p in s["ps"]]
    rows = {seat: {"seat": seat, "before": scores[seat], "castle": 0, "king": 0, "master": 0} for seat in order}
    for seat in order:
        rows[seat]["castle"] = castle_points(h, fig, cs, seat)
        advance(scores, seat, rows[seat]["castle"])
    for seat in order:
        rows[seat]["king"] = king_bonus(h, fig, cs, s["king"], seat, phase)
        advance(scores, seat, rows[seat]["king"])
    if s["master"]:
        points = master_points(s["master"], phase, h, fig, cs, s["n"])
        for seat in order:
            rows[seat]["master"] = points[seat]
            advance(scores, seat, points[seat])
    for seat in order:
        s["ps"][seat]["score"] = scores[seat]
        row = rows[seat]
        row["score"] = scores[seat]
        # Spaces the marker jumped over because another marker stood there (§7.4): shown in the
        # scoring line so that "before + points + skipped = score" adds up as printed.
        row["skipped"] = scores[seat] - row["before"] - row["castle"] - row["king"] - row["master"]
    s["last"] = {"phase": phase, "rows": [rows[seat] for seat in order]}
    events.append({"kind": "scored", "phase": phase, "rows": [rows[seat] for seat in order]})
    if phase >= PHASES:
        s["stage"] = "over"
        s["cur"] = -1
        s["ranked"] = sorted(range(s["n"]), key=lambda seat: (-scores[seat], seat))
        events.append({"kind": "over", "scores": scores})
        return
    s["phase"] = phase + 1
    s["round"] = 1
    s["idx"] = 0
    dealt = list(stacks_for(s["n"], s["split"])[phase])
    for p in s["ps"]:
        p["stacks"] = sorted(dealt, reverse=True)
        p["phase_from"] = len(p["played"])
    s["supply"] -= sum(dealt) * s["n"]
    low = min(scores)
    lowest = next(seat for seat in order if scores[seat] == low)
    s["offered"] = lowest
    if any(h[sq] >= 1 and fig[sq] == EMPTY for sq in range(SQUARES)):
        s["stage"] = "king"
        s["cur"] = lowest
    else:
        events.append({"kind": "king_skipped", "seat": lowest})
        start_phase_(s, events)


def start_phase_(s: State, events: list[Event]) -> None:
    """Round 1 of phases 2 and 3: the King's mover starts (basic, D18) or the leader (master)."""
    offered = s["offered"]
    s["start"] = master_start(s, s["start"]) if s["master_game"] else offered
    events.append({"kind": "round", "phase": s["phase"], "round": 1, "start": s["start"]})
    begin_turn_(s, s["start"])


def knights_in_supply(s: State, seat: int) -> int:
    return KNIGHTS_PER_PLAYER - s["ps"][seat]["knights"]
