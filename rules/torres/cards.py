"""The 10 action cards (§6.1): checking a play, applying it, and listing every legal play.

Each card has a checker that raises the rule it breaks and otherwise returns a small effect
function; ``plays`` enumerates legal argument strings with the same geometry helpers, so the
listed moves and the accepted moves cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Callable

from rules.torres.board import (
    Castles,
    build_problem,
    castles,
    door_exits,
    knight_support,
    knights_of,
)
from rules.torres.data import (
    AP_CARD_BONUS,
    CARD_ARGS,
    DIAGONAL,
    EMPTY,
    KING,
    MIN_CASTLES_AFTER_SHIFT,
    ORTHO,
    SIZE,
    SQUARES,
    parse_square,
    square_name,
)
from rules.torres.reasons import illegal

State = dict
Effect = Callable[[State], None]

FORMS = {
    "": "card play {card}",
    "path": "card play {card} <from>-<to>",
    "under": "card play UNDER <square> [r1|r2|r3]",
    "square": "card play {card} <square>",
}


def _bad_form(card: str) -> Exception:
    return illegal("card_args", card=card, form=FORMS[CARD_ARGS[card]].format(card=card))


def _square(text: str) -> int:
    sq = parse_square(text)
    if sq is None:
        raise illegal("bad_square", text=text[:10])
    return sq


def _path(card: str, args: list[str]) -> tuple[int, int]:
    if len(args) != 1 or args[0].count("-") != 1:
        raise _bad_form(card)
    a, b = args[0].split("-")
    return _square(a), _square(b)


def _own_knight(s: State, seat: int, sq: int) -> None:
    if s["fig"][sq] != seat:
        raise illegal("not_own_knight", sq=square_name(sq))


def _target_empty(s: State, sq: int) -> None:
    if s["fig"][sq] != EMPTY:
        raise illegal("occupied", sq=square_name(sq))


def _move(a: int, b: int) -> Effect:
    def effect(st: State) -> None:
        st["fig"][b] = st["fig"][a]
        st["fig"][a] = EMPTY

    return effect


# ---- per-card checks ------------------------------------------------------------------------------
def check(s: State, seat: int, card: str, args: list[str]) -> Effect:
    """Validate ``card play <card> <args>`` in full; return the effect to apply on a copy."""
    shape = CARD_ARGS[card]
    if shape == "":
        if args:
            raise _bad_form(card)
        bonus = AP_CARD_BONUS[card]

        def more_ap(st: State) -> None:
            st["t"]["ap"] += bonus

        return more_ap
    if shape == "square":
        if len(args) != 1:
            raise _bad_form(card)
        return _check_extra(s, _square(args[0]))
    if shape == "under":
        if not 1 <= len(args) <= 2:
            raise _bad_form(card)
        reserve = 0
        if len(args) == 2:
            if args[1] not in ("r1", "r2", "r3"):
                raise _bad_form(card)
            reserve = int(args[1][1])
        return _check_under(s, seat, _square(args[0]), reserve)
    a, b = _path(card, args)
    if a == b:
        raise illegal("same_square")
    if card == "SHIFT":
        return _check_shift(s, a, b)
    _own_knight(s, seat, a)
    _target_empty(s, b)
    h = s["h"]
    if card == "UP2":
        if b not in ORTHO[a] or h[b] != h[a] + 2:
            raise illegal("up2_exact")
    elif card == "DIAG":
        if b not in DIAGONAL[a]:
            raise illegal("not_diagonal")
        if h[b] > h[a] + 1:
            raise illegal("climb")
    elif card == "OVER":
        mid = _between(a, b)
        if mid < 0 or s["fig"][mid] in (EMPTY, KING):
            raise illegal("over_path")
        if h[b] > h[a] + 1:
            raise illegal("climb")
    elif card == "DOOR":
        if b not in door_exits(h, s["fig"], castles(h), a, climb=True):
            raise illegal("door_card", frm=square_name(a), to=square_name(b))
    elif card == "RELOC" and not knight_support(h, s["fig"], seat, b, skip=a):
        raise illegal("reloc_support")
    return _move(a, b)


def _between(a: int, b: int) -> int:
    """The square between ``a`` and ``b`` when they are 2 apart on a rank or file, else -1."""
    ax, ay, bx, by = a % SIZE, a // SIZE, b % SIZE, b // SIZE
    if (ax == bx and abs(ay - by) == 2) or (ay == by and abs(ax - bx) == 2):
        return (a + b) // 2
    return -1


def _check_extra(s: State, sq: int) -> Effect:
    problem = build_problem(s["h"], s["fig"], castles(s["h"]), sq)
    if problem:
        raise illegal(problem, sq=square_name(sq))
    if s["supply"] < 1:
        raise illegal("no_supply")

    def effect(st: State) -> None:
        st["h"][sq] += 1
        st["supply"] -= 1

    return effect


def _check_under(s: State, seat: int, sq: int, reserve: int) -> Effect:
    _own_knight(s, seat, sq)
    stacks = s["ps"][seat]["stacks"]
    if reserve:
        if reserve not in stacks:
            raise illegal("no_reserve", n=reserve)
    elif s["t"]["stack"] < 1:
        raise illegal("no_blocks")
    problem = _under_problem(s["h"], castles(s["h"]), sq)
    if problem:
        raise illegal(problem)

    def effect(st: State) -> None:
        st["h"][sq] += 1
        if reserve:
            own = st["ps"][seat]["stacks"]
            own[own.index(reserve)] -= 1
            own.sort(reverse=True)
        else:
            st["t"]["stack"] -= 1

    return effect


def _under_problem(h: list[int], cs: Castles, sq: int) -> str:
    if h[sq]:
        return "too_tall" if h[sq] + 1 > cs.area(cs.label[sq]) else ""
    return "merge" if len(cs.neighbours_of(sq)) > 1 else ""


# ---- SHIFT ------------------------------------------------------------------------------------------
class _Lift:
    """The board with the top block of ``src`` lifted, and what that does to its castle."""

    def __init__(self, h: list[int], cs: Castles, src: int) -> None:
        self.h = h[:]
        self.h[src] -= 1
        self.cs = castles(self.h)
        self.split = False
        if self.h[src] == 0 and cs.area(cs.label[src]) > 1:
            self.split = len(self.cs) != len(cs)
        self.too_tall = {c for c in range(len(self.cs)) if self.cs.height[c] > self.cs.area(c)}

    def drop_problem(self, fig: list[int], src: int, dst: int) -> str:
        """Why the lifted block may not land on ``dst`` (§6.1 SHIFT points 3 and 4)."""
        if dst == src:
            return "same_square"
        if fig[dst] != EMPTY:
            return "occupied"
        h, cs = self.h, self.cs
        count = len(cs)
        if h[dst]:
            castle = cs.label[dst]
            if self.too_tall or h[dst] + 1 > cs.area(castle):
                return "too_tall"
        else:
            touching = cs.neighbours_of(dst)
            if len(touching) > 1:
                return "merge"
            if touching:
                castle = next(iter(touching))
                if self.too_tall - {castle} or cs.height[castle] > cs.area(castle) + 1:
                    return "too_tall"
            else:
                if self.too_tall:
                    return "too_tall"
                count += 1
        return "shift_count" if count < MIN_CASTLES_AFTER_SHIFT else ""


def _lift(s: State, src: int) -> _Lift:
    if s["h"][src] < 1 or s["fig"][src] != EMPTY:
        raise illegal("shift_source")
    lift = _Lift(s["h"], castles(s["h"]), src)
    if lift.split:
        raise illegal("shift_split")
    return lift


def _check_shift(s: State, src: int, dst: int) -> Effect:
    lift = _lift(s, src)
    problem = lift.drop_problem(s["fig"], src, dst)
    if problem:
        raise illegal(problem, sq=square_name(dst))

    def effect(st: State) -> None:
        st["h"][src] -= 1
        st["h"][dst] += 1

    return effect


# ---- enumeration ------------------------------------------------------------------------------------
def plays(s: State, seat: int, card: str) -> list[str]:
    """Every legal ``card play <card> …`` for ``seat`` now (card ownership checked by the caller)."""
    h, fig = s["h"], s["fig"]
    head = f"card play {card}"
    shape = CARD_ARGS[card]
    if shape == "":
        return [head]
    cs = castles(h)
    if card == "EXTRA":
        if s["supply"] < 1:
            return []
        return [f"{head} {square_name(sq)}" for sq in range(SQUARES) if not build_problem(h, fig, cs, sq)]
    if card == "SHIFT":
        out = []
        for src in range(SQUARES):
            if h[src] < 1 or fig[src] != EMPTY:
                continue
            lift = _Lift(h, cs, src)
            if lift.split:
                continue
            name = square_name(src)
            out.extend(
                f"{head} {name}-{square_name(dst)}"
                for dst in range(SQUARES)
                if not lift.drop_problem(fig, src, dst)
            )
        return out
    mine = knights_of(fig, seat)
    if card == "UNDER":
        sources = []
        if s["t"]["stack"] >= 1:
            sources.append("")
        sources.extend(f" r{n}" for n in sorted(set(s["ps"][seat]["stacks"])) if n >= 1)
        out = []
        for sq in mine:
            if sources and not _under_problem(h, cs, sq):
                out.extend(f"{head} {square_name(sq)}{src}" for src in sources)
        return out
    out = []
    for a in mine:
        targets = _path_targets(s, seat, card, a, cs)
        out.extend(f"{head} {square_name(a)}-{square_name(b)}" for b in targets)
    return out


def _path_targets(s: State, seat: int, card: str, a: int, cs: Castles) -> list[int]:
    h, fig = s["h"], s["fig"]
    if card == "UP2":
        return [b for b in ORTHO[a] if fig[b] == EMPTY and h[b] == h[a] + 2]
    if card == "DIAG":
        return [b for b in DIAGONAL[a] if fig[b] == EMPTY and h[b] <= h[a] + 1]
    if card == "OVER":
        out = []
        for mid in ORTHO[a]:
            b = 2 * mid - a
            in_line = 0 <= b < SQUARES and b in ORTHO[mid]
            if in_line and fig[mid] not in (EMPTY, KING) and fig[b] == EMPTY and h[b] <= h[a] + 1:
                out.append(b)
        return out
    if card == "DOOR":
        return sorted(door_exits(h, fig, cs, a, climb=True))
    return [
        b for b in range(SQUARES) if b != a and fig[b] == EMPTY and knight_support(h, fig, seat, b, skip=a)
    ]
