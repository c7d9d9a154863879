"""Decisions: parsing the notation, who acts, what is legal, and applying one decision (§4, §5).

Notation (one decision each): ``knight c4``, ``move b4-c4``, ``tower d4``, ``card draw``,
``card keep SHIFT top|bottom``, ``card play <SHORT> [args]``, ``score``, ``end``,
``king e1`` / ``king pass``; chance outcomes ``first <colour>``, ``master <SHORT>``, ``draw <SHORT>``.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from rules.core import CHANCE, Event
from rules.torres import cards as card_rules
from rules.torres.board import (
    build_problem,
    castles,
    door_exits,
    knight_support,
    knights_of,
    step_targets,
)
from rules.torres.data import (
    CARDS,
    COLOURS,
    COST,
    EMPTY,
    KING,
    MASTER_CARDS,
    MASTER_SPACING,
    MAX_DRAWS_PER_TURN,
    ORTHO,
    REVEAL_COUNT,
    SIZE,
    SQUARES,
    parse_square,
    square_name,
)
from rules.torres.flow import (
    State,
    after_build_,
    after_crown_,
    after_first_,
    after_master_,
    after_place_,
    copy_state,
    end_turn_,
    knights_in_supply,
    start_phase_,
)
from rules.torres.reasons import illegal
from rules.torres.scoring import advance

Parsed = tuple[str, list[Any]]

EXPECTED = {
    "build": "tower <square>",
    "place": "knight <square>",
    "crown": "king <square>",
    "king": "king <square> / king pass",
}
"""What a seat is asked for in each out-of-turn stage (shown when something else is tried)."""


# ---- parsing -----------------------------------------------------------------------------------------
def _sq(text: str) -> int:
    sq = parse_square(text)
    if sq is None:
        raise illegal("bad_square", text=text[:10])
    return sq


def _path(text: str) -> list[int]:
    parts = text.split("-")
    if len(parts) != 2:
        raise illegal("notation")
    return [_sq(parts[0]), _sq(parts[1])]


def parse(action: Any) -> Parsed:
    """Text → (kind, args), squares as indices; anything else raises a notation hint."""
    if not isinstance(action, str) or len(action) > 100:
        raise illegal("notation")
    words = action.strip().lower().split()
    if not words:
        raise illegal("notation")
    head, rest = words[0], words[1:]
    if head in ("knight", "tower") and len(rest) == 1:
        return head, [_sq(rest[0])]
    if head == "move" and len(rest) == 1:
        return "move", _path(rest[0])
    if head in ("score", "end") and not rest:
        return head, []
    if head == "king" and len(rest) == 1:
        return "king", ["pass" if rest[0] == "pass" else _sq(rest[0])]
    if head == "card" and rest:
        return _parse_card(rest)
    if head == "first" and len(rest) == 1 and rest[0] in COLOURS:
        return "first", [COLOURS.index(rest[0])]
    if head == "master" and len(rest) == 1 and rest[0].upper() in MASTER_CARDS:
        return "master", [rest[0].upper()]
    if head == "draw" and len(rest) == 1 and rest[0].upper() in CARDS:
        return "reveal", [rest[0].upper()]
    raise illegal("notation")


def _parse_card(rest: list[str]) -> Parsed:
    verb, args = rest[0], rest[1:]
    if verb == "draw" and not args:
        return "draw", []
    if verb == "keep" and len(args) == 2 and args[0].upper() in CARDS and args[1] in ("top", "bottom"):
        return "keep", [args[0].upper(), args[1]]
    if verb == "play" and args and args[0].upper() in CARDS:
        return "play", [args[0].upper(), *args[1:]]
    raise illegal("notation")


# ---- who acts -------------------------------------------------------------------------------------------
def to_act(s: State) -> list[int]:
    stage = s["stage"]
    if stage == "over":
        return []
    if stage in ("first", "master"):
        return [CHANCE]
    if stage == "turn" and s["t"]["need"] > 0:
        return [CHANCE]
    return [s["cur"]]


def keep_pending(s: State) -> bool:
    t = s["t"]
    return t is not None and t["need"] == 0 and bool(t["reveal"])


def _deck_size(s: State, seat: int) -> int:
    if s["cards"] == "shared":
        return len(s["pool"])
    if s["cards"] == "own":
        p = s["ps"][seat]
        return len(p["top"]) + len(p["pool"]) + len(p["bottom"])
    return 0


def _draw_pool(s: State) -> list[str]:
    return s["pool"] if s["cards"] == "shared" else s["ps"][s["cur"]]["pool"]


def chance_outcomes(s: State) -> list[tuple[str, float]]:
    acting = to_act(s)
    if acting != [CHANCE]:
        return []
    if s["stage"] == "first":
        return sorted((f"first {COLOURS[i]}", 1 / s["n"]) for i in range(s["n"]))
    if s["stage"] == "master":
        return sorted((f"master {c}", 1 / len(MASTER_CARDS)) for c in MASTER_CARDS)
    pool = _draw_pool(s)
    counts = Counter(pool)
    return sorted((f"draw {c}", k / len(pool)) for c, k in counts.items())


# ---- legal actions ---------------------------------------------------------------------------------------
def playable(s: State, seat: int) -> list[str]:
    """Card types in hand that were not acquired this turn (one copy suffices)."""
    hand = Counter(s["ps"][seat]["hand"])
    hand.subtract(s["t"]["acq"])
    return sorted(c for c, k in hand.items() if k > 0)


def legal(s: State, seat: int) -> list[str]:
    acting = to_act(s)
    if seat not in acting:
        return []
    if seat == CHANCE:
        return sorted(o for o, _ in chance_outcomes(s))
    stage, h, fig = s["stage"], s["h"], s["fig"]
    if stage == "build":
        return sorted(f"tower {square_name(sq)}" for sq in range(SQUARES) if not _spacing_problem(h, sq))
    if stage in ("place", "crown", "king"):
        head = "knight" if stage == "place" else "king"
        out = [f"{head} {square_name(sq)}" for sq in range(SQUARES) if h[sq] >= 1 and fig[sq] == EMPTY]
        if stage == "king":
            out.append("king pass")
        return sorted(out)
    t = s["t"]
    if keep_pending(s):
        return sorted(f"card keep {c} {side}" for c in set(t["reveal"]) for side in ("top", "bottom"))
    out = ["end"]
    ap = t["ap"]
    cs = castles(h)
    if ap >= COST["score"]:
        out.append("score")
    mine = knights_of(fig, seat)
    if ap >= COST["knight"] and knights_in_supply(s, seat) > 0:
        out.extend(
            f"knight {square_name(sq)}"
            for sq in range(SQUARES)
            if fig[sq] == EMPTY and knight_support(h, fig, seat, sq)
        )
    if ap >= COST["move"]:
        for a in mine:
            targets = set(step_targets(h, fig, a)) | door_exits(h, fig, cs, a)
            out.extend(f"move {square_name(a)}-{square_name(b)}" for b in targets)
    if ap >= COST["tower"] and t["stack"] >= 1:
        out.extend(f"tower {square_name(sq)}" for sq in range(SQUARES) if not build_problem(h, fig, cs, sq))
    if ap >= COST["draw"] and t["draws"] < MAX_DRAWS_PER_TURN and _deck_size(s, seat) > 0:
        out.append("card draw")
    if t["played"] is None:
        for card in playable(s, seat):
            out.extend(card_rules.plays(s, seat, card))
    return sorted(out)


def _spacing_problem(h: list[int], sq: int) -> str:
    if h[sq]:
        return "master_ground"
    x, y = sq % SIZE, sq // SIZE
    for other in range(SQUARES):
        if h[other] and abs(other % SIZE - x) + abs(other // SIZE - y) < MASTER_SPACING:
            return "master_spacing"
    return ""


# ---- apply ---------------------------------------------------------------------------------------------------
def apply(s: State, seat: int, action: str) -> tuple[State, list[Event]]:
    kind, args = parse(action)
    acting = to_act(s)
    if not acting:
        raise illegal("game_over")
    if seat not in acting:
        raise illegal("not_your_turn")
    if seat == CHANCE:
        return _apply_chance(s, kind, args)
    if kind in ("first", "master", "reveal"):
        raise illegal("not_your_turn")
    stage = s["stage"]
    if stage != "turn":
        expected = {"build": "tower", "place": "knight", "crown": "king", "king": "king"}[stage]
        if kind != expected or (stage == "crown" and args[0] == "pass"):
            raise illegal("wrong_time", now=EXPECTED[stage])
        return _apply_setup(s, seat, stage, args[0])
    if keep_pending(s) and kind != "keep":
        raise illegal("keep_first", cards=", ".join(s["t"]["reveal"]))
    if kind == "king":
        raise illegal("wrong_time", now="knight · move · tower · card · score · end")
    return TURN_ACTIONS[kind](s, seat, args)


def _apply_chance(s: State, kind: str, args: list[Any]) -> tuple[State, list[Event]]:
    outcome = {"first": "first", "master": "master", "reveal": "turn"}.get(kind)
    if outcome != s["stage"]:
        raise illegal("wrong_time", now=" / ".join(o for o, _ in chance_outcomes(s)))
    new = copy_state(s)
    events: list[Event] = []
    if kind == "first":
        if args[0] >= s["n"]:
            raise illegal("notation")
        after_first_(new, args[0])
        events.append({"kind": "first", "seat": args[0]})
    elif kind == "master":
        new["master"] = args[0]
        after_master_(new)
        events.append({"kind": "master", "card": args[0]})
    else:
        pool = _draw_pool(new)
        if args[0] not in pool:
            raise illegal("notation")
        pool.remove(args[0])
        new["t"]["reveal"].append(args[0])
        new["t"]["need"] -= 1
        _continue_reveal_(new)
    return new, events


def _apply_setup(s: State, seat: int, stage: str, target: Any) -> tuple[State, list[Event]]:
    new = copy_state(s)
    h, fig = new["h"], new["fig"]
    if stage == "build":
        problem = _spacing_problem(h, target)
        if problem:
            raise illegal(problem)
        h[target] = 1
        new["supply"] -= 1
        after_build_(new)
        return new, [{"kind": "tower", "seat": seat, "sq": square_name(target), "setup": True}]
    if target == "pass":
        events: list[Event] = [{"kind": "king_pass", "seat": seat}]
        start_phase_(new, events)
        return new, events
    if h[target] < 1 or fig[target] != EMPTY:
        raise illegal("start_castle" if stage in ("place", "crown") else "king_square")
    name = square_name(target)
    if stage == "place":
        fig[target] = seat
        new["ps"][seat]["knights"] += 1
        after_place_(new)
        return new, [{"kind": "knight", "seat": seat, "sq": name}]
    if new["king"] >= 0:
        fig[new["king"]] = EMPTY
    fig[target] = KING
    new["king"] = target
    events = [{"kind": "king", "seat": seat, "sq": name}]
    if stage == "crown":
        after_crown_(new)
    else:
        start_phase_(new, events)
    return new, events


# ---- turn actions ------------------------------------------------------------------------------------------------
def _pay(s: State, cost: int) -> None:
    ap = s["t"]["ap"]
    if ap < cost:
        raise illegal("no_ap") if ap == 0 else illegal("few_ap", ap=ap)


def _knight(s: State, seat: int, args: list[Any]) -> tuple[State, list[Event]]:
    sq = args[0]
    _pay(s, COST["knight"])
    if knights_in_supply(s, seat) < 1:
        raise illegal("no_knights_left")
    if s["fig"][sq] != EMPTY:
        raise illegal("occupied", sq=square_name(sq))
    if not knight_support(s["h"], s["fig"], seat, sq):
        raise illegal("knight_support")
    new = copy_state(s)
    new["fig"][sq] = seat
    new["ps"][seat]["knights"] += 1
    new["t"]["ap"] -= COST["knight"]
    return new, [{"kind": "knight", "seat": seat, "sq": square_name(sq)}]


def _move(s: State, seat: int, args: list[Any]) -> tuple[State, list[Event]]:
    a, b = args
    _pay(s, COST["move"])
    h, fig = s["h"], s["fig"]
    if fig[a] != seat:
        raise illegal("not_own_knight", sq=square_name(a))
    if a == b:
        raise illegal("same_square")
    if fig[b] != EMPTY:
        raise illegal("occupied", sq=square_name(b))
    step = b in ORTHO[a] and h[b] <= h[a] + 1
    if not step:
        cs = castles(h)
        if b not in door_exits(h, fig, cs, a):
            if b in ORTHO[a]:
                raise illegal("climb")
            if b in door_exits(h, fig, cs, a, climb=True):
                raise illegal("door_climb")
            raise illegal("unreachable", frm=square_name(a), to=square_name(b))
    new = copy_state(s)
    new["fig"][b] = seat
    new["fig"][a] = EMPTY
    new["t"]["ap"] -= COST["move"]
    event = {"kind": "move", "seat": seat, "frm": square_name(a), "to": square_name(b), "door": not step}
    return new, [event]


def _tower(s: State, seat: int, args: list[Any]) -> tuple[State, list[Event]]:
    sq = args[0]
    _pay(s, COST["tower"])
    if s["t"]["stack"] < 1:
        raise illegal("no_blocks")
    problem = build_problem(s["h"], s["fig"], castles(s["h"]), sq)
    if problem:
        raise illegal(problem, sq=square_name(sq))
    new = copy_state(s)
    new["h"][sq] += 1
    t = new["t"]
    t["ap"] -= COST["tower"]
    t["stack"] -= 1
    t["placed"] += 1
    return new, [{"kind": "tower", "seat": seat, "sq": square_name(sq), "level": new["h"][sq]}]


def _draw(s: State, seat: int, args: list[Any]) -> tuple[State, list[Event]]:
    if s["cards"] == "none":
        raise illegal("no_draw_master")
    _pay(s, COST["draw"])
    if s["t"]["draws"] >= MAX_DRAWS_PER_TURN:
        raise illegal("draw_limit")
    size = _deck_size(s, seat)
    if size < 1:
        raise illegal("deck_empty")
    new = copy_state(s)
    t = new["t"]
    t["ap"] -= COST["draw"]
    t["draws"] += 1
    t["need"] = 1 if s["cards"] == "shared" else min(REVEAL_COUNT, size)
    looks = t["need"]
    _continue_reveal_(new)
    return new, [{"kind": "draw", "seat": seat, "looks": looks}]


def _continue_reveal_(s: State) -> None:
    """Reveal from the top list, then the pool (chance, so stop), then the bottom list (§4.4)."""
    t = s["t"]
    seat = s["cur"]
    if s["cards"] == "shared":
        if t["need"] == 0:
            _to_hand_(s, seat, t["reveal"].pop())
        return
    p = s["ps"][seat]
    while t["need"] > 0:
        if p["top"]:
            t["reveal"].append(p["top"].pop(0))
        elif p["pool"]:
            return
        else:
            t["reveal"].append(p["bottom"].pop(0))
        t["need"] -= 1
    if len(t["reveal"]) == 1:
        _to_hand_(s, seat, t["reveal"].pop())


def _to_hand_(s: State, seat: int, card: str) -> None:
    hand = s["ps"][seat]["hand"]
    hand.append(card)
    hand.sort()
    s["t"]["acq"].append(card)


def _keep(s: State, seat: int, args: list[Any]) -> tuple[State, list[Event]]:
    card, side = args
    if not keep_pending(s):
        raise illegal("wrong_time", now="card draw")
    if card not in s["t"]["reveal"]:
        raise illegal("keep_bad", card=card, cards=", ".join(s["t"]["reveal"]))
    new = copy_state(s)
    t = new["t"]
    rest = t["reveal"]
    rest.remove(card)
    t["reveal"] = []
    _to_hand_(new, seat, card)
    p = new["ps"][seat]
    if side == "top":
        p["top"] = rest + p["top"]
    else:
        p["bottom"] = p["bottom"] + rest
    return new, [{"kind": "keep", "seat": seat, "returned": len(rest), "side": side}]


def _play(s: State, seat: int, args: list[Any]) -> tuple[State, list[Event]]:
    card, rest = args[0], args[1:]
    if s["t"]["played"] is not None:
        raise illegal("one_card")
    if card not in s["ps"][seat]["hand"]:
        raise illegal("no_card", card=card)
    if card not in playable(s, seat):
        raise illegal("fresh_card")
    effect = card_rules.check(s, seat, card, rest)
    new = copy_state(s)
    effect(new)
    p = new["ps"][seat]
    p["hand"].remove(card)
    p["played"].append(card)
    new["t"]["played"] = card
    return new, [{"kind": "play", "seat": seat, "card": card, "args": " ".join(rest)}]


def _score(s: State, seat: int, args: list[Any]) -> tuple[State, list[Event]]:
    _pay(s, COST["score"])
    new = copy_state(s)
    scores = [p["score"] for p in new["ps"]]
    before = scores[seat]
    new["ps"][seat]["score"] = advance(scores, seat, 1)
    new["t"]["ap"] -= COST["score"]
    return new, [{"kind": "score", "seat": seat, "frm": before, "to": new["ps"][seat]["score"]}]


def _end(s: State, seat: int, args: list[Any]) -> tuple[State, list[Event]]:
    new = copy_state(s)
    events: list[Event] = []
    end_turn_(new, events)
    return new, events


TURN_ACTIONS = {
    "knight": _knight,
    "move": _move,
    "tower": _tower,
    "draw": _draw,
    "keep": _keep,
    "play": _play,
    "score": _score,
    "end": _end,
}
