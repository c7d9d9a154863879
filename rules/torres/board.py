"""Board geometry: castles, building, knight steps and door moves (rules reference §5.1–§5.4).

Castles are derived from the heights every time they are needed and never stored, so no action
can leave a stale castle record behind. A flood fill over 64 squares is cheap enough for that.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.torres.data import EMPTY, ORTHO, SQUARES


@dataclass(frozen=True)
class Castles:
    """The castles of one height map: ``label[sq]`` is a castle index or -1 for bare ground."""

    label: list[int]
    squares: list[list[int]]
    height: list[int]

    def area(self, castle: int) -> int:
        return len(self.squares[castle])

    def __len__(self) -> int:
        return len(self.squares)

    def neighbours_of(self, sq: int) -> set[int]:
        """The castles orthogonally touching ``sq`` (not counting its own)."""
        own = self.label[sq]
        return {self.label[n] for n in ORTHO[sq] if self.label[n] >= 0 and self.label[n] != own}


def castles(h: list[int]) -> Castles:
    label = [-1] * SQUARES
    squares: list[list[int]] = []
    height: list[int] = []
    for start in range(SQUARES):
        if h[start] == 0 or label[start] >= 0:
            continue
        index = len(squares)
        label[start] = index
        members = [start]
        todo = [start]
        top = h[start]
        while todo:
            sq = todo.pop()
            for n in ORTHO[sq]:
                if h[n] and label[n] < 0:
                    label[n] = index
                    members.append(n)
                    todo.append(n)
                    if h[n] > top:
                        top = h[n]
        squares.append(members)
        height.append(top)
    return Castles(label, squares, height)


def build_problem(h: list[int], fig: list[int], cs: Castles, sq: int) -> str:
    """Why a block may not go on ``sq`` (`can_build`, §5.4); "" when it may."""
    if fig[sq] != EMPTY:
        return "occupied"
    if h[sq]:
        return "too_tall" if h[sq] + 1 > cs.area(cs.label[sq]) else ""
    touching = cs.neighbours_of(sq)
    if not touching:
        return "new_castle"
    return "merge" if len(touching) > 1 else ""


def step_targets(h: list[int], fig: list[int], sq: int) -> list[int]:
    """Orthogonal steps: the target is empty and at most 1 level higher (§5.3)."""
    limit = h[sq] + 1
    return [n for n in ORTHO[sq] if fig[n] == EMPTY and h[n] <= limit]


def door_exits(h: list[int], fig: list[int], cs: Castles, sq: int, climb: bool = False) -> set[int]:
    """Squares reachable through a castle's doors from ``sq`` (§5.3, D8, D9).

    The entry is a neighbouring castle square taller than the knight; the exit is any empty
    square lower than a neighbouring square of that castle, and without the DOOR card no
    higher than the start level.
    """
    level = h[sq]
    exits: set[int] = set()
    seen: set[int] = set()
    for e in ORTHO[sq]:
        if h[e] <= level:
            continue
        castle = cs.label[e]
        if castle in seen:
            continue
        seen.add(castle)
        for t in cs.squares[castle]:
            ht = h[t]
            for x in ORTHO[t]:
                if x != sq and fig[x] == EMPTY and h[x] < ht and (climb or h[x] <= level):
                    exits.add(x)
    return exits


def knight_support(h: list[int], fig: list[int], seat: int, sq: int, skip: int = -1) -> bool:
    """Some knight of ``seat`` (other than on ``skip``) is orthogonally next to ``sq`` and not lower."""
    need = h[sq]
    return any(fig[n] == seat and n != skip and h[n] >= need for n in ORTHO[sq])


def knights_of(fig: list[int], seat: int) -> list[int]:
    return [sq for sq in range(SQUARES) if fig[sq] == seat]
