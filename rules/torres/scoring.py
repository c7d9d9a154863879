"""Phase scoring: castles, the King's bonus, master cards and the skipping score track (§6.2, §7)."""

from __future__ import annotations

from rules.torres.board import Castles, knights_of
from rules.torres.data import (
    BORDER_SQUARES,
    DIAGONAL_SQUARES,
    KING_BONUS,
    KNIGHTS_PER_PLAYER,
    MASTER_ALL_SIX,
    MASTER_CASTLES,
    MASTER_PER_KNIGHT,
    MASTER_PHASES,
    MASTER_SQUARE_POINTS,
    ORTHO,
    SIZE,
)


def advance(scores: list[int], seat: int, points: int) -> int:
    """Move ``seat``'s marker ``points`` spaces, skipping occupied spaces above 0 (§7.4)."""
    if points <= 0:
        return scores[seat]
    target = scores[seat] + points
    others = {s for i, s in enumerate(scores) if i != seat}
    while target > 0 and target in others:
        target += 1
    scores[seat] = target
    return target


def castle_points(h: list[int], fig: list[int], cs: Castles, seat: int) -> int:
    """Σ area × highest own level over the castles holding a knight of ``seat`` (§7.2)."""
    best: dict[int, int] = {}
    for sq in knights_of(fig, seat):
        castle = cs.label[sq]
        if castle >= 0 and h[sq] > best.get(castle, 0):
            best[castle] = h[sq]
    return sum(cs.area(c) * level for c, level in best.items())


def king_bonus(h: list[int], fig: list[int], cs: Castles, king: int, seat: int, phase: int) -> int:
    """5 × phase when one of ``seat``'s knights is on the King's castle at level = phase (§7.3)."""
    if king < 0 or cs.label[king] < 0:
        return 0
    castle = cs.label[king]
    for sq in cs.squares[castle]:
        if fig[sq] == seat and h[sq] == phase:
            return KING_BONUS[phase]
    return 0


def _connected(squares: list[int]) -> bool:
    members = set(squares)
    todo = [squares[0]]
    seen = {squares[0]}
    while todo:
        sq = todo.pop()
        for n in ORTHO[sq]:
            if n in members and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(members)


def _one_line(squares: list[int]) -> bool:
    xs = {sq % SIZE for sq in squares}
    ys = {sq // SIZE for sq in squares}
    diffs = {sq % SIZE - sq // SIZE for sq in squares}
    sums = {sq % SIZE + sq // SIZE for sq in squares}
    return 1 in (len(xs), len(ys), len(diffs), len(sums))


def _has_square(squares: list[int]) -> bool:
    members = set(squares)
    for sq in squares:
        x, y = sq % SIZE, sq // SIZE
        for k in range(1, SIZE - max(x, y)):
            if {sq + k, sq + k * SIZE, sq + k + k * SIZE} <= members:
                return True
    return False


def master_points(
    card: str, phase: int, h: list[int], fig: list[int], cs: Castles, players: int
) -> list[int]:
    """Each seat's points for master card ``card`` after ``phase`` (0 where it does not score)."""
    if phase not in MASTER_PHASES[card]:
        return [0] * players
    knights = [knights_of(fig, seat) for seat in range(players)]
    if card in MASTER_ALL_SIX:
        out = []
        for squares in knights:
            ok = len(squares) == KNIGHTS_PER_PLAYER and (
                (card == "DIFF" and len({h[s] for s in squares}) == KNIGHTS_PER_PLAYER)
                or (card == "SAME" and len({h[s] for s in squares}) == 1)
                or (card == "ROW" and _one_line(squares))
                or (card == "NEIGH" and _connected(squares))
            )
            out.append(MASTER_ALL_SIX[card] if ok else 0)
        return out
    if card == "SQUARE":
        return [MASTER_SQUARE_POINTS if _has_square(squares) else 0 for squares in knights]
    if card == "CASTLES":
        need, points = MASTER_CASTLES[phase]
        return [
            points if len({cs.label[s] for s in squares if cs.label[s] >= 0}) == need else 0
            for squares in knights
        ]
    zone = BORDER_SQUARES if card == "BORDER" else DIAGONAL_SQUARES
    each = MASTER_PER_KNIGHT[phase]
    counts = [sum(1 for s in squares if s in zone) for squares in knights]
    out = [each * c for c in counts]
    top = max(counts)
    if top >= 1 and counts.count(top) == 1:
        out[counts.index(top)] += each
    return out
